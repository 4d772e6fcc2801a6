"""Moves and runs ("Il movimento", "Corsa", "Restrizioni al movimento", teleporters).

Why the geometry does the search and this module only the rules around it: which figure may
move now, what one move costs (1 die), a run's dice (1 per square), the teleporter's jump, and
the hazards a path enters (1 damage per token, X3), all through the engine's own terrain.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from rules.base import Event
from rules.monsterpocalypse import board, content, geometry
from rules.monsterpocalypse.activation import advance, left, reached, spend
from rules.monsterpocalypse.attacks import hurt
from rules.monsterpocalypse.geometry import Reach, Square
from rules.monsterpocalypse.model import (
    Figure,
    State,
    at,
    figure,
    monster_of,
    sq,
    with_figure,
    without_dice,
)
from rules.monsterpocalypse.reach import reachable


def may_move(state: State, fig: Figure) -> bool:
    """M2: each figure once per activation, of the activation's kind, before any attack of
    its own (R6/R13: the move phase)."""
    act = state.activation
    if act is None or fig.owner != act.seat or not fig.at or fig.moved or fig.attacked:
        return False
    if (fig.kind == "monster") != (act.kind == "monster"):
        return False
    return reached(state, "move") and left(state) > 0


def _unmet(state: State, fig: Figure) -> geometry.Terrain:
    """The terrain ``fig`` moves on, without the hazard tokens it has already met (X3/I12: a
    token hurts a figure once per activation — its move and its runs are one movement — and
    never for going further into the token it stands on)."""
    terrain = board.terrain_for(state, fig)
    act = state.activation
    met = {m.split(" ", 1)[1] for m in act.met if m.split(" ", 1)[0] == fig.id} if act else set()
    met |= {terrain.hazards[s] for s in fig.squares() if s in terrain.hazards}
    if not met:
        return terrain
    hazards = {s: t for s, t in terrain.hazards.items() if t not in met}
    return replace(terrain, hazards=hazards)


RUN_SQUARES = 3
"""A ``Run`` offers at most 3 dice of running; more runs may follow (1 die per square, 2 onto
rough, either way), so nothing is lost and the list of runs stays short."""


def moves(state: State, fig: Figure) -> dict[Square, Reach]:
    """M1/M3/M5/T1-T3/T7/T10/T11/O6/O7: every anchor one move reaches with SPD points
    (cached per state without its dice, :func:`~.model.without_dice`, and figure; callers
    never change the answer)."""
    return _moves(without_dice(state), fig)


@lru_cache(maxsize=512)
def _moves(state: State, fig: Figure) -> dict[Square, Reach]:
    if not may_move(state, fig):
        return {}
    held = board.abilities(state, fig)
    terrain = _unmet(state, fig)
    found = reachable(
        sq(fig.at),
        fig.size,
        board.speed(state, fig),
        terrain,
        fly="flight" in held,
        jump="jump" in held,
        safest=True,
    )
    walked = _jumps(fig, held, terrain, found)
    for anchor, reach in teleports(state, fig, terrain).items():
        if anchor not in walked or _safer(reach, walked[anchor]):
            walked[anchor] = reach
    return walked


def _safer(a: Reach, b: Reach) -> bool:
    """The way a player would take (I10): fewer hazard tokens, then fewer points."""
    return (len(a.hazards), a.cost) < (len(b.hazards), b.cost)


def _jumps(
    fig: Figure, held: tuple[str, ...], terrain: geometry.Terrain, found: dict[Square, Reach]
) -> dict[Square, Reach]:
    """The lead's decision 2: a jumper, like a flyer, is hurt only by a hazard its move ends
    on (one it did not start on), never by those it leaps over."""
    if "jump" not in held or "flight" in held:
        return found
    return {anchor: _landed(fig, terrain, reach) for anchor, reach in found.items()}


def _landed(fig: Figure, terrain: geometry.Terrain, reach: Reach) -> Reach:
    """A jumper's ``reach`` with only the hazards under its final footprint that it did not
    start on (decision 2), whatever the path leapt over — a teleporter's jump included (O7)."""
    before = set(fig.squares())
    under = [s for s in geometry.footprint(reach.anchor, fig.size) if s not in before]
    tokens = tuple(sorted({terrain.hazards[s] for s in under if s in terrain.hazards}))
    return replace(reach, hazards=tokens)


def teleports(state: State, fig: Figure, terrain: geometry.Terrain) -> dict[Square, Reach]:
    """O7 (I16): a unit that starts its move on a teleporter may spend 1 point to land on or
    next to another unoccupied teleporter, then walk on with the points left («al costo di 1
    punto movimento»), still one move. A jumper is hurt only by the hazard it ends on, as in any
    move (decision 2: no exception for teleporters), so the choice between ways is made on that."""
    space = board.holds_space(state, fig)
    speed = board.speed(state, fig)
    if space is None or space.kind != "teleporter" or speed < 1:
        return {}
    held = board.abilities(state, fig)
    jumper = "jump" in held
    taken = board.taken_squares(state, but=fig.id)
    found: dict[Square, Reach] = {}
    for other in content.map_(state.map).spaces:
        if other.kind != "teleporter" or other.square == space.square or other.square in taken:
            continue
        for landing in (other.square, *geometry.neighbours(other.square, terrain.size)):
            if landing in taken or landing in terrain.impassable:
                continue
            hazards = (terrain.hazards[landing],) if landing in terrain.hazards else ()
            onward = {landing: Reach(landing, 0, False, (landing,), ())}
            onward |= reachable(landing, 1, speed - 1, terrain, jump=jumper, safest=True)
            for anchor, walk in onward.items():
                tokens = tuple(sorted({*hazards, *walk.hazards}))
                reach = Reach(
                    anchor, 1 + walk.cost, walk.diagonal, (sq(fig.at), *walk.path), tokens
                )
                if jumper:
                    reach = _landed(fig, terrain, reach)
                if anchor != sq(fig.at) and (anchor not in found or _safer(reach, found[anchor])):
                    found[anchor] = reach
    return found


def runs(state: State, seat: int) -> dict[Square, Reach]:
    """M4 (I10): the monster runs 1 square per die (2 onto rough: the lead's decision 1), each
    step may be diagonal, before or after its move but before its attack (cached like
    :func:`moves`)."""
    return _runs(without_dice(state), seat)


@lru_cache(maxsize=256)
def _runs(state: State, seat: int) -> dict[Square, Reach]:
    beast = monster_of(state, seat)
    act = state.activation
    if act is None or act.kind != "monster" or beast.attacked or not reached(state, "move"):
        return {}
    budget = min(left(state), RUN_SQUARES)
    if budget < 1 or not beast.at:
        return {}
    held = board.abilities(state, beast)
    terrain = _unmet(state, beast)
    found = reachable(
        sq(beast.at),
        beast.size,
        budget,
        terrain,
        fly="flight" in held,
        jump="jump" in held,
        diagonals=budget,
    )
    return _jumps(beast, held, terrain, found)


def arrive(
    state: State, fig: Figure, reach: Reach, cost: int, kind: str
) -> tuple[State, list[Event]]:
    """Pay, stand on the new anchor, take 1 damage per hazard token entered (X3), each token
    met once this activation. Each token hurts on its own, in turn, so a point past a form it
    destroys falls on the other form (H4) instead of being lost to the clamp of one lump."""
    new = spend(advance(state, "move"), cost)
    act = new.activation
    assert act is not None
    met = (*act.met, *(f"{fig.id} {token}" for token in reach.hazards))
    new = replace(new, activation=replace(act, met=met))
    moved = kind == "move" or fig.moved
    new = with_figure(new, replace(fig, at=at(reach.anchor), moved=moved))
    event: Event = {"type": kind, "figure": fig.id, "from": fig.at, "to": at(reach.anchor)}
    event.update(cost=cost, hazards=len(reach.hazards))
    events = [event]
    for _ in reach.hazards:
        new, more = hurt(new, figure(new, fig.id), 1, None)
        events += more
        if not figure(new, fig.id).at:
            break
    return new, events


def move(state: State, fig_id: str, to: str) -> tuple[State, list[Event]]:
    fig = figure(state, fig_id)
    return arrive(state, fig, moves(state, fig)[sq(to)], 1, "move")


def run(state: State, seat: int, to: str) -> tuple[State, list[Event]]:
    reach = runs(state, seat)[sq(to)]
    return arrive(state, monster_of(state, seat), reach, reach.cost, "run")
