"""The spawn phase ("Fase generazione"): units from the reserve onto controlled spawn spaces
and hellmouths, and the shift of a unit off a spawn space.

Why here with the city: spawn spaces and hellmouth tokens are the map's; who controls a
neutral space (its activator) and which hellmouth squares are empty are board facts, read
through :mod:`.board`.
"""

from __future__ import annotations

from dataclasses import replace

from rules.base import Event
from rules.monsterpocalypse import board, content, geometry
from rules.monsterpocalypse.activation import advance, left, reached, spend
from rules.monsterpocalypse.model import Figure, Shift, Spawn, State, at, figure, sq, with_figure
from rules.monsterpocalypse.setup import occult_unit

HELLMOUTH = "hellmouth"


def reserve(state: State, seat: int) -> list[Figure]:
    return [f for f in state.figures if f.owner == seat and f.kind == "unit" and not f.at]


def spawn_cost(state: State, seat: int, unit: str) -> int:
    """R11: the unit's cost, +1 for another faction's (Occult included)."""
    faction = content.faction(state.players[seat].faction)
    return content.spawn_cost(unit, faction.id)


def _in_spawn_phase(state: State, seat: int) -> bool:
    act = state.activation
    return act is not None and act.kind == "units" and act.seat == seat and reached(state, "spawn")


def spawns(state: State, seat: int) -> list[Spawn]:
    """R10/X4: one unit per controlled free spawn space per activation, paying its cost; one
    Occult unit per activation on a free square of a hellmouth."""
    if not _in_spawn_phase(state, seat):
        return []
    act = state.activation
    assert act is not None
    budget = left(state)
    taken = board.taken_squares(state)
    kinds = sorted({f.type for f in reserve(state, seat)})
    occult = occult_unit()
    found: list[Spawn] = []
    for space in content.map_(state.map).spaces:
        if space.square in taken or at(space.square) in act.spawned:
            continue
        if not board.controls_spawn(state, seat, space):
            continue
        found += [
            Spawn(u, at(space.square))
            for u in kinds
            if u != occult and spawn_cost(state, seat, u) <= budget
        ]
    cost = spawn_cost(state, seat, occult)
    if occult in kinds and HELLMOUTH not in act.spawned and cost <= budget:
        squares = {s for h in state.hazards if h.kind == HELLMOUTH for s in h.squares()}
        found += [Spawn(occult, at(s)) for s in sorted(squares - taken)]
    return found


def spawn(state: State, seat: int, action: Spawn) -> tuple[State, list[Event]]:
    unit = next(f for f in reserve(state, seat) if f.type == action.unit)
    cost = spawn_cost(state, seat, action.unit)
    new = spend(state, cost)
    new = with_figure(new, replace(unit, at=action.at))
    used = HELLMOUTH if action.unit == occult_unit() else action.at
    act = new.activation
    assert act is not None
    new = replace(new, activation=replace(act, spawned=(*act.spawned, used)))
    event = {"type": "spawned", "seat": seat, "figure": unit.id, "unit": unit.type}
    return new, [{**event, "at": action.at, "cost": cost}]


def shifts(state: State, seat: int) -> list[Shift]:
    """R12: any unit on a spawn space the seat controls, 1 die, to a free adjacent square."""
    if not _in_spawn_phase(state, seat) or left(state) < 1:
        return []
    game_map = content.map_(state.map)
    taken = board.taken_squares(state)
    found: list[Shift] = []
    for space in game_map.spaces:
        if not board.controls_spawn(state, seat, space):
            continue
        for fig in board.on_map(state):
            if fig.kind != "unit" or sq(fig.at) != space.square:
                continue
            flyer = board.flies(state, fig)
            for to in geometry.neighbours(space.square, game_map.size):
                if to in taken or (to in game_map.impassable and not flyer):
                    continue
                found.append(Shift(fig.id, at(to)))
    return found


def shift(state: State, seat: int, action: Shift) -> tuple[State, list[Event]]:
    fig = figure(state, action.figure)
    new = spend(advance(state, "spawn"), 1)
    new = with_figure(new, replace(fig, at=action.to))
    return new, [{"type": "shifted", "figure": fig.id, "from": fig.at, "to": action.to}]
