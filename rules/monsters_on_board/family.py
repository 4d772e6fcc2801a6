"""Family mode (FM1-FM17, read by I31-I33): the family side of the boards, its own round.

Why phases of its own: a family round is not the normal one with parts left out. Each car gets
four dice (FM4), then three steps, each in lockstep for every seat (FM5): pick a die and put it
straight into an Order row (``family_pick``, hidden until everyone has picked, I8), move the
creature of its colour one lane space per icon of the die, with the choices areas 4 and 8
offer (``family_move``), pass the car right (FM12). The last die of each car goes back to the
bag (FM13); then every seat puts a servant on a row and scores it (``family_row``, FM14). Six
rounds fill the six servant spaces (FM15, I33); the prophecy decides the rest (FM16, FM17).

The board: one lane of 12 spaces per colour (I31), lanes never block each other; a creature is
at ``"start-<colour>"`` (area 0) or ``"f<area>-<colour>"`` (``"f07-pink"``). Servants are
``"reserve"`` or ``"row-<r>"``. There are no Spider Jack dice on this side: the seats keep
(6, 6, 6) there, so final scoring removes nothing (scoring.py's family reading), and no Evil,
ghosts or Arch cards (FM2).

A creature's move is a ``"lane"`` frame on the seat's stack (its spaces still to go, FM7):
:func:`~.lanes.lane_step` moves it one space at a time from :func:`~.board.settle`, and an
area 4 or 8 on the way opens its optional action as an ``"actions"`` frame above it (FM8-FM10,
answered with ``Use``/``Skip`` like any other action), after which the residual movement goes
on (FM11, I32).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.base import Event
from rules.monsters_on_board import content as mob
from rules.monsters_on_board import scoring
from rules.monsters_on_board.board import settle
from rules.monsters_on_board.draft import arrivals, car_of
from rules.monsters_on_board.lanes import lane_area
from rules.monsters_on_board.model import (
    COLUMNS,
    ROWS,
    Action,
    FamilyPick,
    Frame,
    ScoreRow,
    State,
    die_colour,
    put_seat,
)
from rules.monsters_on_board.modes import Mode
from rules.monsters_on_board.sheets import sheets_of
from rules.monsters_on_board.spectral import finish

RESERVE = "reserve"
PICKS_PER_ROUND = 3
"""FM13: "Ripeti finché non rimane 1 dado in ciascuna Spaventomobile" — 3 of 4 dice."""
NO_JACK = (COLUMNS,) * ROWS
"""The family side has no Spider Jack dice: a row keeps all its 6 dice at the end."""


def row_id(row: int) -> str:
    return f"row-{row}"


def servants_in(servants: tuple[str, ...], row: int) -> int:
    return servants.count(row_id(row))


class Family(Mode):
    """Family mode (FM1-FM17): 2-4 seats, the family side, no market."""

    id = "family"
    seats = (2, 4)
    draft_phase = "family_pick"

    def setup(self, state: State, options: dict[str, Any]) -> State:
        """FM1: servants in reserve; FM2: no Arch cards or ghosts (back in the box); FM3: the
        family side (creatures on their lane starts, no Spider Jack dice) and one prophecy."""
        seats = tuple(
            replace(s, servants=(RESERVE,) * len(s.servants), jack=NO_JACK) for s in state.seats
        )
        return replace(
            state, seats=seats, ghost_market=(), arch_market=(), ghost_supply=(), arch_deck=()
        )

    def car_of(self, state: State, seat: int) -> int:
        """FM12: cars pass to the right (seat - 1), so seat s has car s + step."""
        return (seat + state.step) % state.num_players

    def outcome(self, state: State, result: dict[str, Any]) -> dict[str, Any]:
        """FM16/FM17 (I33): most Juice wins; a tie is shared."""
        return {**result, "winners": list(scoring.family_winners(sheets_of(state)))}

    def seat_view(self, state: State, index: int, own: bool) -> dict[str, Any]:
        seat = state.seats[index]
        data: dict[str, Any] = {
            "lanes": {c: lane_area(loc) for c, loc in seat.creatures},
            "servant_rows": [servants_in(seat.servants, r) for r in range(ROWS)],
            "reserve": seat.servants.count(RESERVE),
        }
        if own and seat.pick_row is not None:
            data["pick_row"] = seat.pick_row
        return data


# --- step 1: pick and place (FM6) -------------------------------------------------------------


def pick_pending(state: State) -> list[int]:
    """FM5: every seat that has not picked this step."""
    return [s for s, seat in enumerate(state.seats) if seat.pick is None]


def pick_actions(state: State, seat_i: int) -> list[Action]:
    """FM6: any die of the car in front, into any row with room (I33)."""
    car = state.cars[car_of(state, seat_i)]
    rows = [r for r, row in enumerate(state.seats[seat_i].order) if len(row) < COLUMNS]
    return [FamilyPick(die[0], r) for die in car if die is not None for r in rows]


def pick(state: State, seat_i: int, action: FamilyPick) -> tuple[State, list[Event]]:
    """FM6: the pick and its row stay hidden (I8) until the last seat has picked."""
    car = state.cars[car_of(state, seat_i)]
    slot = next(i for i, die in enumerate(car) if die is not None and die[0] == action.die)
    seat = replace(state.seats[seat_i], pick=slot, pick_row=action.row)
    state = put_seat(state, seat_i, seat)
    events: list[Event] = [{"type": "picked", "seat": seat_i}]
    if all(s.pick is not None for s in state.seats):
        state, more = reveal(state)
        events += more
    return state, events


def reveal(state: State) -> tuple[State, list[Event]]:
    """Every pick goes to the leftmost empty space of its row (FM6) and its colour's creature
    starts moving one space per icon on the die (FM7); the step ends once every seat has
    moved (FM5)."""
    cars = [list(car) for car in state.cars]
    events: list[Event] = []
    for seat_i, seat in enumerate(state.seats):
        car = car_of(state, seat_i)
        row = seat.pick_row
        assert seat.pick is not None and row is not None
        die = cars[car][seat.pick]
        assert die is not None
        cars[car][seat.pick] = None
        order = list(seat.order)
        order[row] = (*order[row], die)
        steps = len(mob.content().dice[die[0]].faces[die[1]])
        frame = Frame("lane", f"lane:{die_colour(die[0])}", colour=die_colour(die[0]), steps=steps)
        seat = replace(seat, order=tuple(order), pick=None, pick_row=None, stack=(frame,))
        state = put_seat(state, seat_i, seat)
        event: Event = {"type": "family_placed", "seat": seat_i, "die": die[0], "rank": die[1]}
        event.update({"row": row, "steps": steps})
        events.append(event)
    state = replace(state, cars=tuple(tuple(c) for c in cars), phase="family_move")
    for seat_i in range(state.num_players):
        state, more = settle(state, seat_i)
        events += more
    state, more = after_move(state)
    return state, events + more


# --- step 2: move (FM7-FM11) ------------------------------------------------------------------


def move_pending(state: State) -> list[int]:
    """Seats with an area choice open (FM8): the others have moved already."""
    return [s for s, seat in enumerate(state.seats) if seat.stack]


def after_move(state: State) -> tuple[State, list[Event]]:
    """Once no seat has a move open, the cars pass right (FM12); after the third step the last
    die of each car goes back to the bag (FM13) and the round's rows are scored (FM14)."""
    if state.phase != "family_move" or any(s.stack for s in state.seats):
        return state, []
    state = replace(state, step=state.step + 1)
    events: list[Event] = [{"type": "cars_passed", "step": state.step}]
    if state.step < PICKS_PER_ROUND:
        return replace(state, phase="family_pick"), events
    left = [die for car in state.cars for die in car if die is not None]
    bag = tuple(sorted((*state.bag, *(d for d, _ in left))))
    seats = tuple(replace(s, done=False) for s in state.seats)
    state = replace(state, bag=bag, cars=(), seats=seats, phase="family_row")
    return state, [*events, {"type": "draft_over", "returned": [list(d) for d in left]}]


# --- end of round: a servant scores a row (FM14, FM15) ----------------------------------------


def row_pending(state: State) -> list[int]:
    return [s for s, seat in enumerate(state.seats) if not seat.done]


def row_actions(state: State, seat_i: int) -> list[Action]:
    """FM14 (I33): only rows with an empty servant space."""
    seat = state.seats[seat_i]
    room = mob.content().family.servant_spaces_per_row
    return [ScoreRow(r) for r in range(ROWS) if servants_in(seat.servants, r) < room]


def score_row(state: State, seat_i: int, action: ScoreRow) -> tuple[State, list[Event]]:
    """FM14: a servant from the reserve onto the row, which gives its total rank; when every
    seat has scored, a new round or, with every servant space full, the end (FM15)."""
    seat = state.seats[seat_i]
    servants = list(seat.servants)
    servants[servants.index(RESERVE)] = row_id(action.row)
    juice = sum(rank for _, rank in seat.order[action.row])
    seat = replace(seat, servants=tuple(servants), juice=seat.juice + juice, done=True)
    state = put_seat(state, seat_i, seat)
    events: list[Event] = [
        {"type": "row_scored", "seat": seat_i, "row": action.row, "juice": juice}
    ]
    if any(not s.done for s in state.seats):
        return state, events
    if all(RESERVE not in s.servants for s in state.seats):
        state, more = finish(state)
        return state, events + more
    first = (state.first + 1) % state.num_players
    state, more = arrivals(replace(state, round=state.round + 1, first=first))
    return state, [*events, {"type": "round", "round": state.round, "first": first}, *more]
