"""Phases 1 and 2: arrivals (A1, A2) and the draft (D1-D5), with the solo AI's picks (O3-O6,
T4-T8).

Why picks are stored as a car slot until the pass: in the simultaneous draft nobody sees
another's choice before the cars move (I8), so a pick stays in ``Seat.pick`` (hidden in other
views) and the car keeps its dice until every pick is in; then all picks move to the Avenues
at once and the cars pass left (D3). The turn-order variant (D5) uses the same storage with
one seat pending at a time and picks shown at once.

What a mode changes (the solo modes' two cars, their AI's picks, I35, T9; family mode's own
phase) comes from :mod:`.modes`.
"""

from __future__ import annotations

from dataclasses import replace

from rules.base import Event, Rng
from rules.monsters_on_board.model import (
    CAR_SLOTS,
    Action,
    Die,
    Pick,
    State,
    put_seat,
)
from rules.monsters_on_board.modes import mode_of


def car_count(state: State) -> int:
    return mode_of(state).cars(state)


def car_of(state: State, seat: int) -> int:
    """The car in front of ``seat`` this step (D3; solo 1: O6)."""
    return mode_of(state).car_of(state, seat)


def draw_dice(
    bag: tuple[str, ...], rng: Rng, count: int
) -> tuple[tuple[Die, ...], tuple[str, ...], Rng]:
    """``count`` random dice from the bag, each rolled (A1): returns them, the bag, the rng."""
    left = list(bag)
    drawn: list[Die] = []
    for _ in range(count):
        index, rng = rng.roll(len(left))
        die = left.pop(index - 1)
        rank, rng = rng.roll(6)
        drawn.append((die, rank))
    return tuple(drawn), tuple(left), rng


def arrivals(state: State) -> tuple[State, list[Event]]:
    """Phase 1 (A1, O3, O4, T4, T5, FM4): four random rolled dice into each car, hood to back
    (I9); in the solo modes the next solo card is revealed first."""
    mode = mode_of(state)
    state, events = mode.before_arrivals(state)
    bag, rng = state.bag, state.rng
    cars = []
    for _ in range(car_count(state)):
        dice, bag, rng = draw_dice(bag, rng, CAR_SLOTS)
        cars.append(tuple(dice))
    state = replace(state, bag=bag, rng=rng, cars=tuple(cars), step=0, phase=mode.draft_phase)
    state = mode.arrange_cars(state)
    cars_json = [[list(d) if d else None for d in c] for c in state.cars]
    events.append({"type": "arrivals", "round": state.round, "cars": cars_json})
    return state, events


def draft_pending(state: State) -> list[int]:
    """D1: every seat still to pick (and any seat resolving a flipped card); D5: the next seat
    in turn order from the first player."""
    waiting = [s for s, seat in enumerate(state.seats) if seat.pick is None or seat.stack]
    if state.draft == "turn_order":
        order = [(state.first + k) % state.num_players for k in range(state.num_players)]
        return [s for s in order if s in waiting][:1]
    return waiting


def draft_actions(state: State, seat: int) -> list[Action]:
    car = state.cars[car_of(state, seat)]
    return [Pick(die[0]) for die in car if die is not None]


def pick(state: State, seat: int, action: Pick) -> tuple[State, list[Event]]:
    """D1: take a die from the car in front; when the last seat has picked the cars pass."""
    car = state.cars[car_of(state, seat)]
    slot = next(i for i, die in enumerate(car) if die is not None and die[0] == action.die)
    state = put_seat(state, seat, replace(state.seats[seat], pick=slot))
    events: list[Event] = [{"type": "picked", "seat": seat}]
    if state.draft == "turn_order":
        events[0].update({"die": action.die, "slot": slot})
    state, more = mode_of(state).after_pick(state)
    events += more
    if all(s.pick is not None for s in state.seats):
        state, more = pass_cars(state)
        events += more
    return state, events


def pass_cars(state: State) -> tuple[State, list[Event]]:
    """D3: every pick goes to its Avenue and is revealed; the cars pass left. After the
    fourth step the cars are empty (D4) and solo 1's AI dice go back to the bag (I35)."""
    cars = [list(car) for car in state.cars]
    picks = []
    for seat_i, seat in enumerate(state.seats):
        car = car_of(state, seat_i)
        die = cars[car][seat.pick] if seat.pick is not None else None
        assert die is not None
        cars[car][seat.pick or 0] = None
        state = put_seat(state, seat_i, replace(seat, avenue=(*seat.avenue, die), pick=None))
        picks.append(list(die))
    state = replace(state, cars=tuple(tuple(c) for c in cars), step=state.step + 1)
    events: list[Event] = [{"type": "cars_passed", "picks": picks, "step": state.step}]
    if state.step == CAR_SLOTS:
        state, more = end_draft(state)
        events += [{"type": "draft_over"}, *more]
    return state, events


def end_draft(state: State) -> tuple[State, list[Event]]:
    """The cars are empty: phases 3-4 start for every seat at once (M1)."""
    state, events = mode_of(state).end_draft(state)
    seats = tuple(replace(s, activated=(), done=False) for s in state.seats)
    return replace(state, cars=(), seats=seats, phase="board"), events
