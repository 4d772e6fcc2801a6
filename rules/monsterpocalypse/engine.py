"""Monsterpocalypse: who is pending, what is legal and ``apply`` — the module bound to the
engine contract (:class:`rules.base.ModuleEngine`).

The specification is ``docs/rules/monsterpocalypse.md``. This module only routes: setup steps
to :mod:`.setup`; in play, the active seat chooses an activation (:mod:`.activation`), then
acts in its phases (spawns :mod:`.city`, moves :mod:`.movement`, attacks :mod:`.attacks`).
Every action is checked against :func:`legal_actions` when applied, and victory after every
step.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from functools import cache, lru_cache
from typing import Any

from rules.base import Event, IllegalAction
from rules.monsterpocalypse import activation, attacks, city, movement
from rules.monsterpocalypse import setup as prep
from rules.monsterpocalypse.determinize import determinize
from rules.monsterpocalypse.forced import only_action, skip_action
from rules.monsterpocalypse.geometry import Square
from rules.monsterpocalypse.model import (
    GAME_ID,
    Action,
    ActivateMonster,
    ActivateUnits,
    Alpha,
    Attack,
    ChooseMap,
    ChooseSide,
    Draft,
    DraftDone,
    EndActivation,
    Hyper,
    Move,
    PlaceBuilding,
    PlaceMonster,
    PowerUp,
    Run,
    Shift,
    Spawn,
    State,
    at,
    dump,
    dump_action,
    load,
    load_action,
    monster_of,
    without_dice,
)
from rules.monsterpocalypse.plans import search_moves
from rules.monsterpocalypse.views import view

DEFAULT_OPTIONS: dict[str, Any] = {
    "map": "rolloff",
    "army": "preset",
    "faction0": "titans",
    "faction1": "swarm",
    "rounds": 20,
}

__all__ = [
    "DEFAULT_OPTIONS",
    "GAME_ID",
    "apply",
    "determinize",
    "dump",
    "dump_action",
    "forced_action",
    "legal_actions",
    "load",
    "load_action",
    "outcome",
    "pending",
    "search_moves",
    "setup",
    "skip_action",
    "view",
]


def setup(num_players: int, options: dict[str, Any], seed: int) -> State:
    return prep.setup(num_players, {**DEFAULT_OPTIONS, **options}, seed)


def seat_range(options: dict[str, Any]) -> tuple[int, int]:
    return 2, 2


def pending(state: State) -> list[int]:
    if state.phase == "over":
        return []
    if state.phase != "play":
        return prep.pending(state)
    return [state.turn]


def activation_actions(state: State, seat: int) -> list[Action]:
    """The active seat's moves inside its activation, in phase order."""
    act = state.activation
    assert act is not None
    found: list[Action] = []
    budget = activation.left(state)
    if act.kind == "monster":
        if activation.reached(state, "power_up") and budget:
            found += [PowerUp(d) for d in range(1, min(3, budget) + 1)]
        if activation.can_hyper(state, seat):
            found.append(Hyper())
        if activation.can_alpha(state, seat):
            found.append(Alpha())
        found += [Run(at(a)) for a in movement.runs(state, seat)]
    else:
        found += city.spawns(state, seat)
        found += city.shifts(state, seat)
    mine = [f for f in state.figures if f.owner == seat and f.at]
    for fig in mine:
        # only a figure that may move is looked up: the cache's key hashes the whole state,
        # and most figures may not (the other kind's, or moved already; issue 28)
        if movement.may_move(state, fig):
            found += [_move(fig.id, a) for a in movement.moves(state, fig)]
    enemies: list[attacks.Foe] | None = None
    for fig in mine:
        if attacks.may_attack(state, fig):
            enemies = attacks.foes(state, seat) if enemies is None else enemies
            found += attacks.options(state, fig, enemies)
    found += [EndActivation(p) for p in range(budget + 1)]
    return found


@cache
def _move(figure: str, to: Square) -> Move:
    """The move of ``figure`` to ``to``, made once (a frozen action: a legal list of a
    hundred moves spent a fifth of its time making them anew; issue 28)."""
    return Move(figure, at(to))


def forced_action(state: State, seat: int) -> Action | None:
    """The seat's only legal move, if it has just one (public: nothing here is hidden)."""
    return only_action(legal_actions(state, seat))


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` (cached per state: the table, the views and the bot ask
    again and again about one frozen state, and the hard bot about one position under many
    deals of the dice: the cache's key is the state without its dice, :func:`without_dice`)."""
    return list(_legal_of(state, seat)[0])


_RECENT: dict[tuple[int, int], tuple[State, tuple[Action, ...], frozenset[Action]]] = {}
_RECENT_SIZE = 64


def _legal_of(state: State, seat: int) -> tuple[tuple[Action, ...], frozenset[Action]]:
    """The legal moves in order and as a set, for this very state object first: the hard
    bot applies every move to one deal, and a playout asks for the moves and then applies
    one, so looking the state up by identity spares hashing it whole (issue 28)."""
    hit = _RECENT.get((id(state), seat))
    if hit is not None and hit[0] is state:
        return hit[1], hit[2]
    found = _legal(without_dice(state), seat)
    if len(_RECENT) >= _RECENT_SIZE:
        _RECENT.clear()
    _RECENT[(id(state), seat)] = (state, *found)  # the state kept alive: its id stays its own
    return found


@lru_cache(maxsize=256)
def _legal(state: State, seat: int) -> tuple[tuple[Action, ...], frozenset[Action]]:
    found = tuple(_compute_legal(state, seat))
    return found, frozenset(found)


def _compute_legal(state: State, seat: int) -> list[Action]:
    if seat not in pending(state):
        return []
    if state.phase != "play":
        return prep.legal(state, seat)
    if state.activation is None:
        found: list[Action] = []
        if activation.can_activate(state, seat, "monster"):
            found.append(ActivateMonster())
        if activation.can_activate(state, seat, "units"):
            found.append(ActivateUnits())
        return found
    return activation_actions(state, seat)


Handler = Callable[[State, int, Any], tuple[State, list[Event]]]

HANDLERS: dict[type, Handler] = {
    ChooseMap: prep.choose_map,
    ChooseSide: prep.choose_side,
    PlaceBuilding: prep.place_building,
    Draft: prep.draft,
    DraftDone: prep.draft_done,
    PlaceMonster: prep.place_monster,
    ActivateMonster: lambda s, seat, a: activation.activate(s, seat, "monster"),
    ActivateUnits: lambda s, seat, a: activation.activate(s, seat, "units"),
    PowerUp: lambda s, seat, a: activation.power_up(s, seat, a.dice),
    Hyper: lambda s, seat, a: activation.hyper(s, seat),
    Alpha: lambda s, seat, a: activation.alpha(s, seat),
    Move: lambda s, seat, a: movement.move(s, a.figure, a.to),
    Run: lambda s, seat, a: movement.run(s, seat, a.to),
    Spawn: city.spawn,
    Shift: city.shift,
    Attack: attacks.attack,
    EndActivation: lambda s, seat, a: activation.end_activation(s, seat, a.push),
}


def is_legal(state: State, seat: int, action: Action) -> bool:
    """``action`` among the seat's legal moves."""
    return action in _legal_of(state, seat)[1]


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    if state.phase == "over":
        raise IllegalAction("game_over")
    if not is_legal(state, seat, action):
        raise IllegalAction("illegal_action", details=str(action))
    new, events = HANDLERS[type(action)](state, seat, action)
    new = _focus(new, action, events)
    new, events = activation.victory(new, events)
    last = tuple(json.dumps(e, sort_keys=True) for e in events)
    return replace(new, last=last), events


def _focus(state: State, action: Action, events: list[Event]) -> State:
    """The figure the activation acted with last (the monster of a monster activation), for
    the renderer's highlight; the hits of the activation's attacks and power-ups so far."""
    act = state.activation
    if act is None:
        return state
    fid = getattr(action, "figure", "") or (f"m{act.seat}" if act.kind == "monster" else "")
    rolls = act.rolls + tuple(e["hits"] for e in events if "hits" in e)
    return replace(state, activation=replace(act, focus=fid or act.focus, rolls=rolls))


def outcome(state: State) -> dict[str, Any] | None:
    """V1-V3, G7: the winners (both on a draw), the scores and how the battle ended
    (``destroyed``, ``tie_break`` or ``draw``: :func:`activation.end_reason`)."""
    if state.phase != "over":
        return None
    scores = activation.scores(state)
    alive = [bool(monster_of(state, s).at) for s in (0, 1)]
    return {
        "scores": scores,
        "winners": list(state.winners),
        "standing": alive,
        "end": activation.end_reason(state),
    }
