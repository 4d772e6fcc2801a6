"""Phases 1 and 2: arrivals (A1, A2) and the draft (D1-D5), with solo 1's AI picks (O3-O6).

Why picks are stored as a car slot until the pass: in the simultaneous draft nobody sees
another's choice before the cars move (I8), so a pick stays in ``Seat.pick`` (hidden in other
views) and the car keeps its dice until every pick is in; then all picks move to the Avenues
at once and the cars pass left (D3). The turn-order variant (D5) uses the same storage with
one seat pending at a time and picks shown at once.

Solo 1 (``mode == "solo1"``) has two cars, the player's and the AI's, swapped each step (O6);
the AI picks right after the player by the revealed solo card (O5: T6/T7 with I38) and its
four dice go back to the bag when the draft ends (I35).
"""

from __future__ import annotations

from dataclasses import replace

from rules.base import Event, Rng
from rules.monsters_on_board import content as mob
from rules.monsters_on_board.model import (
    CAR_SLOTS,
    Action,
    Die,
    Pick,
    State,
    die_colour,
    put_seat,
)


def car_count(state: State) -> int:
    return 2 if state.mode == "solo1" else state.num_players


def car_of(state: State, seat: int) -> int:
    """The car in front of ``seat`` this step: cars pass left (D3), so seat s holds car
    s - step; in solo 1 the two cars swap each step (O6)."""
    if state.mode == "solo1":
        return state.step % 2
    return (seat - state.step) % state.num_players


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
    """Phase 1 (A1, O3, O4): four random rolled dice into each car, hood to back (I9); in
    solo 1 the next solo card is revealed first."""
    events: list[Event] = []
    if state.mode == "solo1" and state.solo_deck:
        card, *rest = state.solo_deck
        state = replace(state, solo_deck=tuple(rest), solo_revealed=(*state.solo_revealed, card))
        events.append({"type": "solo_card", "card": card})
    bag, rng = state.bag, state.rng
    cars = []
    for _ in range(car_count(state)):
        dice, bag, rng = draw_dice(bag, rng, CAR_SLOTS)
        cars.append(tuple(dice))
    state = replace(state, bag=bag, rng=rng, cars=tuple(cars), step=0, phase="draft")
    events.append(
        {"type": "arrivals", "round": state.round, "cars": [[list(d) for d in c] for c in cars]}
    )
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
    if state.mode == "solo1":
        state, more = ai_pick(state)
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
        state = end_draft(state)
        events.append({"type": "draft_over"})
    return state, events


def end_draft(state: State) -> State:
    """The cars are empty: phases 3-4 start for every seat at once (M1)."""
    bag = tuple(sorted((*state.bag, *(d for d, _ in state.ai_picks))))
    seats = tuple(replace(s, activated=(), done=False) for s in state.seats)
    return replace(state, bag=bag, ai_picks=(), cars=(), seats=seats, phase="board")


# --- solo 1's AI (T6, T7, I38) -------------------------------------------------------------------


def ai_choice(car: tuple[Die | None, ...], colour: str, high: bool) -> int:
    """T7: the symbol's colour (white or none of it in the car: no preference), then the
    highest or lowest rank, then the slot nearest the hood (I38)."""
    slots = [i for i, die in enumerate(car) if die is not None]
    coloured = [i for i in slots if die_colour(car[i][0]) == colour]  # type: ignore[index]
    if colour != mob.WHITE and coloured:
        slots = coloured
    ranks = [car[i][1] for i in slots]  # type: ignore[index]
    best = max(ranks) if high else min(ranks)
    return next(i for i in slots if car[i][1] == best)  # type: ignore[index]


def ai_pick(state: State) -> tuple[State, list[Event]]:
    """O5: after the player's pick the AI takes one die from its car by the revealed card's
    symbol for this step (T6); the fourth step takes the die left."""
    ai_car = 1 - car_of(state, 0)
    car = state.cars[ai_car]
    if state.step < 3:
        card = mob.content().solo_cards[state.solo_revealed[-1]]
        symbol = card.symbols[state.step]
        slot = ai_choice(car, symbol.colour, symbol.pick == "high")
    else:
        slot = next(i for i, die in enumerate(car) if die is not None)
    die = car[slot]
    assert die is not None
    cars = list(state.cars)
    cars[ai_car] = (*car[:slot], None, *car[slot + 1 :])
    state = replace(state, cars=tuple(cars), ai_picks=(*state.ai_picks, die))
    return state, [{"type": "ai_picked", "die": die[0], "rank": die[1], "slot": slot}]
