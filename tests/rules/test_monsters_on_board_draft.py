"""Monsters on Board engine: the draft (D1-D5) and its hidden picks (I8)."""

from __future__ import annotations

import json

from rules.monsters_on_board import engine as E
from rules.monsters_on_board.arch import arch_cards
from rules.monsters_on_board.draft import car_of
from rules.monsters_on_board.model import Flip, Pick, Skip, State, with_seat
from tests.rules.test_monsters_on_board import game, play


def _first_pick(state: State, seat: int) -> Pick:
    action = E.legal_actions(state, seat)[0]
    assert isinstance(action, Pick)
    return action


def test_D1_everyone_picks_at_once_from_the_car_in_front() -> None:
    state = game(3, seed=2)
    assert E.pending(state) == [0, 1, 2]
    for seat in range(3):
        car = state.cars[car_of(state, seat)]
        assert {a.die for a in E.legal_actions(state, seat) if isinstance(a, Pick)} == {
            d[0] for d in car if d
        }
    pick = _first_pick(state, 1)
    after, events = E.apply(state, 1, pick)
    assert E.pending(after) == [0, 2]
    assert after.cars == state.cars  # the die stays in the car until the pass
    assert "pick" not in E.view(after, 0)["seats"][1] and E.view(after, 0)["seats"][1]["picked"]
    assert E.view(after, 1)["seats"][1]["pick"] == pick.die
    assert pick.die not in json.dumps(events)


def test_D2_avenue_space_does_not_matter() -> None:
    state = game(2)
    assert all(isinstance(a, Pick) and a.__dataclass_fields__.keys() == {"die"}
               for a in E.legal_actions(state, 0))  # fmt: skip
    a, b = _first_pick(state, 0), _first_pick(state, 1)
    state = play(play(state, 0, a), 1, b)
    assert [d for d, _ in state.seats[0].avenue] == [a.die]


def test_D3_cars_pass_left_when_the_last_seat_has_picked() -> None:
    state = game(3, seed=5)
    picks = [_first_pick(state, s) for s in range(3)]
    state = play(state, 0, picks[0])
    state = play(state, 1, picks[1])
    assert state.step == 0
    before = state.cars
    state, events = E.apply(state, 2, picks[2])
    assert state.step == 1 and events[-1]["type"] == "cars_passed"
    for seat in range(3):
        assert car_of(state, seat) == (seat - 1) % 3  # the car of the seat to the right
        assert state.seats[seat].avenue[0][0] == picks[seat].die
    assert (
        sum(d is not None for car in state.cars for d in car)
        == sum(d is not None for car in before for d in car) - 3
    )


def test_D4_four_picks_each_and_the_cars_end_empty() -> None:
    state = game(4, seed=3)
    for step in range(4):
        if step == 3:
            assert all(E.forced_action(state, s) is not None for s in range(4))
        for seat in range(4):
            state = play(state, seat, _first_pick(state, seat))
    assert state.phase == "board" and state.cars == ()
    assert all(len(s.avenue) == 4 for s in state.seats)


def test_D5_turn_order_variant_picks_one_seat_at_a_time() -> None:
    state = game(3, seed=4, draft="turn_order")
    order = [(state.first + k) % 3 for k in range(3)]
    for seat in order:
        assert E.pending(state) == [seat]
        pick = _first_pick(state, seat)
        state, events = E.apply(state, seat, pick)
        if seat != order[-1]:
            assert events[0]["die"] == pick.die
            assert E.view(state, None)["seats"][seat]["pick"] == pick.die
    assert state.step == 1


def test_I52_a_flip_in_the_draft_is_resolved_before_the_pick() -> None:
    card = next(c for c in arch_cards().values() if "move_creature" in c.back)
    state = with_seat(game(2, seed=6), 0, arch=(card.id,))
    assert Flip(card.id, "move_creature", ("pink",)) in E.legal_actions(state, 0)
    state = play(state, 0, Flip(card.id, "move_creature", ("pink",)))
    assert state.seats[0].stack and E.pending(state) == [0, 1]
    assert not any(isinstance(a, Pick) for a in E.legal_actions(state, 0))
    state = play(state, 0, Skip("stops"))  # a01-pink: gain 1 Evil, skipped
    assert any(isinstance(a, Pick) for a in E.legal_actions(state, 0))
    state = play(state, 0, _first_pick(state, 0))
    assert E.pending(state) == [1]  # a seat that has picked can flip no more this step
