"""The turn ("Ordine di gioco"): activations, phases forward only, the dice flow between the
pools, power-up, hyper and alpha, the end of an activation, rounds and victory.

Why phases are an index that only grows: "Puoi svolgere in ordine una o più delle seguenti
azioni" — any step may be skipped by acting in a later phase, none may be taken back, and every
step spends a die or moves the phase on, so an activation always ends.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from rules.base import Event
from rules.monsterpocalypse import board, content
from rules.monsterpocalypse.dice import roll
from rules.monsterpocalypse.model import (
    ACTION_DICE,
    MONSTER_PHASES,
    POWER_DICE,
    UNIT_PHASES,
    Activation,
    Figure,
    State,
    alive,
    monster_of,
    with_figure,
    with_player,
)


def phases(kind: str) -> tuple[str, ...]:
    return MONSTER_PHASES if kind == "monster" else UNIT_PHASES


def reached(state: State, phase: str) -> bool:
    """Whether the activation may still act in ``phase`` (not yet past it)."""
    act = state.activation
    if act is None:
        return False
    order = phases(act.kind)
    return phase in order and order.index(act.phase) <= order.index(phase)


def advance(state: State, phase: str) -> State:
    """The activation's phase moved forward to ``phase`` (never back)."""
    act = state.activation
    assert act is not None
    order = phases(act.kind)
    if order.index(phase) <= order.index(act.phase):
        return state
    return replace(state, activation=replace(act, phase=phase))


def left(state: State) -> int:
    """Dice left in the active pool."""
    act = state.activation
    if act is None:
        return 0
    player = state.players[act.seat]
    return player.monster if act.kind == "monster" else player.unit


def spend(state: State, count: int) -> State:
    """D3: spent dice go to the other pool ("e viceversa"): unit + monster stays 10."""
    act = state.activation
    assert act is not None and 0 <= count <= left(state)
    player = state.players[act.seat]
    if act.kind == "monster":
        new = with_player(state, act.seat, monster=player.monster - count, unit=player.unit + count)
    else:
        new = with_player(state, act.seat, unit=player.unit - count, monster=player.monster + count)
    assert new.players[act.seat].unit + new.players[act.seat].monster == ACTION_DICE
    return replace(new, activation=replace(act, spent=act.spent + count))


def gain(state: State, seat: int, count: int) -> State:
    """D5: power dice held, 0..10; gains past 10 are lost, losses stop at 0."""
    power = max(0, min(POWER_DICE, state.players[seat].power + count))
    return with_player(state, seat, power=power)


def can_activate(state: State, seat: int, kind: str) -> bool:
    """R1: dice in the corresponding pool (and, for the monster, the monster in play)."""
    if state.phase != "play" or state.activation is not None or seat != state.turn:
        return False
    player = state.players[seat]
    if kind == "monster":
        return player.monster > 0 and bool(monster_of(state, seat).at)
    return player.unit > 0


def activate(state: State, seat: int, kind: str) -> tuple[State, list[Event]]:
    act = Activation(seat=seat, kind=kind, phase=phases(kind)[0])
    new = replace(state, activation=act, activations=state.activations + 1)
    return new, [{"type": "activated", "seat": seat, "kind": kind}]


def power_up(state: State, seat: int, dice: int) -> tuple[State, list[Event]]:
    """R3/R4 (I5): roll 1-3 dice, spent; +1 power per hit; +1 per power space held and per
    building secured, whatever the roll; the opponent loses 1 per negative space held;
    ``regenerate`` heals the current form by 1 when the roll shows a hit (a heal at every
    power-up gave the Empress ~3.5 health a battle, and the swarm ~70 % of the battles decided
    at the round limit: issue 26, item 7)."""
    new = spend(state, dice)
    faces, hit, rng = roll(new.rng, dice)
    spaces = board.spaces_held(new, seat, "power")
    secured = sum(1 for b in new.buildings if board.secured_by(new, b) == seat)
    negative = board.spaces_held(new, seat, "negative")
    new = replace(new, rng=rng)
    new = gain(new, seat, hit + spaces + secured)
    new = gain(new, 1 - seat, -negative)
    beast = monster_of(new, seat)
    healed = 0
    if hit and "regenerate" in board.abilities(new, beast):
        new, healed = heal(new, beast, 1)
    new = advance(new, "hyper")
    event: Event = {"type": "power_up", "seat": seat, "dice": dice, "rolled": faces}
    event.update(hits=hit, spaces=spaces, secured=secured, negative=negative, healed=healed)
    return new, [event]


def heal(state: State, beast: Figure, amount: int) -> tuple[State, int]:
    """B10: healing moves the current form's track only, never over its maximum."""
    index = 1 if beast.form == "hyper" else 0
    top = board.form(beast).health
    health = list(beast.health)
    before = health[index]
    health[index] = min(top, before + amount)
    return with_figure(state, replace(beast, health=(health[0], health[1]))), health[index] - before


def can_hyper(state: State, seat: int) -> bool:
    beast = monster_of(state, seat)
    cost = content.monster(beast.type).hyper.hyper_cost
    return (
        reached(state, "hyper")
        and beast.form == "alpha"
        and beast.health[1] > 0
        and state.players[seat].power >= cost
    )


def hyper(state: State, seat: int) -> tuple[State, list[Event]]:
    """R5/H1/H2: pay the hyper form's cost in power dice; the damage stays per form."""
    beast = monster_of(state, seat)
    cost = content.monster(beast.type).hyper.hyper_cost
    new = gain(state, seat, -cost)
    new = with_figure(new, replace(beast, form="hyper"))
    return advance(new, "hyper"), [{"type": "hyper", "seat": seat, "cost": cost}]


def can_alpha(state: State, seat: int) -> bool:
    """H3: back to alpha for free, before or after the move or the attack."""
    beast = monster_of(state, seat)
    act = state.activation
    return (
        act is not None
        and act.kind == "monster"
        and act.phase != "reorder"
        and beast.form == "hyper"
        and beast.health[0] > 0
    )


def alpha(state: State, seat: int) -> tuple[State, list[Event]]:
    beast = monster_of(state, seat)
    new = with_figure(state, replace(beast, form="alpha"))
    return advance(new, "move"), [{"type": "alpha", "seat": seat}]


def end_activation(state: State, seat: int, push: int) -> tuple[State, list[Event]]:
    """R8/R15: push leftover dice to the other pool; the other player's turn; a round is both
    players' turns (G1), and the game ends after the last one."""
    new = spend(state, push)
    figures = tuple(
        replace(f, moved=False, attacked=False) if f.moved or f.attacked else f for f in new.figures
    )
    new = replace(new, activation=None, figures=figures, turn=1 - seat)
    events: list[Event] = [{"type": "activation_ended", "seat": seat, "pushed": push}]
    if new.turn == new.first:
        new = replace(new, round=new.round + 1)
        if new.round > new.rounds:
            new = replace(new, round=new.rounds)
            return finish(new, events)
    return new, events


def victory(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """V1: a player whose opponent has no monster left while they still have one wins."""
    if state.phase != "play":
        return state, events
    standing = [alive(monster_of(state, s)) for s in (0, 1)]
    if all(standing):
        return state, events
    return finish(state, events)


def scores(state: State) -> list[int]:
    """G7: enemy monsters destroyed × 100 + health of own monsters in play."""
    return [
        p.destroyed * 100 + sum(monster_of(state, s).health) for s, p in enumerate(state.players)
    ]


def health_kept(state: State, seat: int) -> Fraction:
    """The share of its monster's full health (both forms) ``seat`` still has, exact."""
    beast = monster_of(state, seat)
    sheet = content.monster(beast.type)
    return Fraction(sum(beast.health), sheet.alpha.health + sheet.hyper.health)


def finish(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """V1-V3 (I28): the last monster standing (``destroyed``); else more monsters destroyed,
    then the smaller share of its monster's health lost, fair between a big and a small
    monster; else a draw. The event names the end reason (:func:`end_reason`)."""
    standing = [alive(monster_of(state, s)) for s in (0, 1)]
    if standing.count(True) == 1:
        winners: tuple[int, ...] = (standing.index(True),)
    else:
        key = [(state.players[s].destroyed, health_kept(state, s)) for s in (0, 1)]
        winners = (0, 1) if key[0] == key[1] else (key.index(max(key)),)
    new = replace(state, phase="over", activation=None, winners=winners)
    event = {"type": "game_over", "winners": list(winners), "reason": end_reason(new)}
    return new, [*events, event]


def end_reason(state: State) -> str:
    """How a finished battle ended: ``destroyed`` (a monster fell, V1), else at the round
    limit ``tie_break`` (V2/V3 named a winner) or ``draw``."""
    if not all(alive(monster_of(state, s)) for s in (0, 1)):
        return "destroyed"
    return "draw" if len(state.winners) > 1 else "tie_break"
