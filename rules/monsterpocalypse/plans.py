"""The moves the ``hard`` bot compares at a Monsterpocalypse decision (``search_moves``, bound
as the engine's ``search_moves`` in ``rules/monsterpocalypse/__init__.py``).

Why a short list of its own: a decision offers up to ~190 legal moves, nearly all of them a
figure's step to some square or an attack with fewer dice than it may roll. The search
plays each candidate on the same re-deals and lets the normal bot finish the activation, so
what is worth comparing is the activation's *plan*: the normal bot's move, the power-up
sizes, the hyper form, each blow at the enemy monster with all the dice it may roll (a power
attack with no red dice and with all of them) once the monster's power-up phase is behind, the
push of the dice left at the end (none, all, or the normal bot's), and, where it is safe or
decisive, the monster's step into base contact with the enemy monster (then a brawl, its
strongest blow). Other steps on the map stay the normal bot's: one step to a random square is
not a plan.

Why no blow in place of the power-up: judged by the health at the activation's end, a blast at
once (poor odds against DEF 5) looks better than the power it skips, which pays for the hyper
form and red dice only later; it was the most common departure from the normal bot's move
between two hard bots (issue 28, docs/simulator.md).
"""

from __future__ import annotations

from rules.monsterpocalypse import board, geometry
from rules.monsterpocalypse.activation import left
from rules.monsterpocalypse.attacks import defense
from rules.monsterpocalypse.model import (
    Action,
    Alpha,
    Attack,
    EndActivation,
    Figure,
    Hyper,
    Move,
    PowerUp,
    Run,
    Spawn,
    State,
    monster_of,
    sq,
)
from rules.monsterpocalypse.odds import p_at_least, p_hit, p_super

BLOW_DICE = 2
"""Dice a step into contact must leave for the blow after it (a brawl with fewer is hardly
worth the step)."""

KILL_ODDS = 0.25
"""A step into contact is always offered when the brawl after it destroys the enemy monster
at least this often."""


def search_moves(state: State, seat: int, legal: list[Action], preferred: Action) -> list[Action]:
    """``preferred`` (the normal bot's move) first, then the activation's other plans among
    ``legal`` (see the module's docstring), each once."""
    if state.activation is None:
        return [preferred, *(a for a in legal if a != preferred)]
    found = [preferred]
    dice = left(state)
    act = state.activation
    early = act.kind == "monster" and act.phase == "power_up"
    for action in legal:
        if action in found:
            continue
        if (
            isinstance(action, PowerUp | Hyper | Alpha)
            or (not early and _full_blow(state, seat, action, legal))
            or (isinstance(action, EndActivation) and action.push in (0, dice))
        ):
            found.append(action)
    spawns = [a for a in legal if isinstance(a, Spawn)]
    if spawns and not isinstance(preferred, Spawn):
        found.append(spawns[0])
    step = _into_contact(state, seat, legal, dice)
    if step is not None and step not in found:
        found.append(step)
    return found


def _into_contact(state: State, seat: int, legal: list[Action], dice: int) -> Move | Run | None:
    """The monster's cheapest move or run into base contact with the enemy monster that leaves
    :data:`BLOW_DICE` for the blow, during its own activation while not in contact yet, and
    only where :func:`_worth_closing`. Why: the normal bot's monster blasts a unit from afar
    or waits beyond the enemy's reach (``bot._safe_wait``), so between two hard bots few
    battles ended by a kill; offered everywhere, the step raised them but lost to normal,
    since the monster that closed in took the reply's first blow as often as it gave one."""
    act = state.activation
    if act is None or act.kind != "monster":
        return None
    beast, enemy = monster_of(state, seat), monster_of(state, 1 - seat)
    if not beast.at or not enemy.at or geometry.adjacent(beast.squares(), enemy.squares()):
        return None
    best: tuple[tuple[int, str], Move | Run] | None = None
    for action in legal:
        if isinstance(action, Move) and action.figure == beast.id:
            cost = 0
        elif isinstance(action, Run):
            cost = geometry.attack_distance(beast.squares(), geometry.footprint(sq(action.to), 2))
        else:
            continue
        there = geometry.footprint(sq(action.to), beast.size)
        if dice - cost < BLOW_DICE or not geometry.adjacent(there, enemy.squares()):
            continue
        if best is None or (cost, action.to) < best[0]:
            best = ((cost, action.to), action)
    if best is None or not _worth_closing(state, beast, enemy, dice - best[0][0]):
        return None
    return best[1]


def _worth_closing(state: State, beast: Figure, enemy: Figure, dice: int) -> bool:
    """Whether the brawl with ``dice`` after the step is decisive or safe: it destroys the
    enemy monster at least :data:`KILL_ODDS` of the time, or it deals more damage on average
    than the enemy monster's brawl back with the dice in its monster pool (the reply, which
    strikes second). Why: closing in where the reply hits as hard traded blows evenly and lost
    the tie-break lead as often as it won a kill (issue 28, docs/simulator.md)."""
    if _kill_odds(state, beast, enemy, dice) >= KILL_ODDS:
        return True
    reply = state.players[enemy.owner].monster
    return _brawl_damage(state, beast, enemy, dice) > _brawl_damage(state, enemy, beast, reply)


def _brawl_stats(state: State, striker: Figure, target: Figure, dice: int) -> tuple[int, int, int]:
    """(dice rolled, capped by the brawl's, its boost dice, the target's defence to it)."""
    most, boost = board.attack_stat(state, striker, "brawl")
    return min(most, dice), boost, defense(state, target, striker, "brawl")


def _brawl_damage(state: State, striker: Figure, target: Figure, dice: int) -> float:
    """The expected damage of ``striker``'s brawl at ``target`` with ``dice``: a hit deals 1,
    a super damage (hits of twice the defence) 1 more."""
    rolled, boost, need = _brawl_stats(state, striker, target, dice)
    if rolled <= 0:
        return 0.0
    return p_hit(rolled, boost, need) + p_super(rolled, boost, need)


def _kill_odds(state: State, striker: Figure, target: Figure, dice: int) -> float:
    """The chance that ``striker``'s brawl with ``dice`` deals all the health ``target`` has
    left (both forms; 0 beyond 2, the most a brawl deals)."""
    rolled, boost, need = _brawl_stats(state, striker, target, dice)
    health = sum(target.health)
    if rolled <= 0 or health > 2:
        return 0.0
    return p_at_least(rolled, boost, health * need)


def _full_blow(state: State, seat: int, action: Action, legal: list[Action]) -> bool:
    """An attack on the enemy monster with all the dice that figure may roll at it that way,
    and no red dice or all of them."""
    if not isinstance(action, Attack) or action.target != f"m{1 - seat}":
        return False
    alike = [
        a
        for a in legal
        if isinstance(a, Attack)
        and (a.figure, a.kind, a.target, a.manoeuvre)
        == (action.figure, action.kind, action.target, action.manoeuvre)
    ]
    if action.dice != max(a.dice for a in alike):
        return False
    return action.power in (0, max(a.power for a in alike))
