"""Monsters on Board engine: solo mode 1, beat yourself (O1-O9, I35, I36)."""

from __future__ import annotations

import random
from dataclasses import replace

from rules.monsters_on_board import engine as E
from rules.monsters_on_board.draft import car_of
from rules.monsters_on_board.model import BuyArch, Pass, Pick, State
from rules.monsters_on_board.solo1 import ai_choice
from tests.rules.test_monsters_on_board import C, dice_everywhere, game, play, run


def solo(seed: int = 1) -> State:
    return game(1, seed=seed, mode="solo1")


def _pick(state: State) -> State:
    action = E.legal_actions(state, 0)[0]
    assert isinstance(action, Pick)
    return play(state, 0, action)


def test_O1_all_30_solo_cards_shuffled() -> None:
    state = solo()
    cards = [*state.solo_revealed, *state.solo_deck]
    assert sorted(cards) == sorted(C.solo_cards) and len(cards) == 30
    assert solo(2).solo_deck != state.solo_deck
    assert E.view(state, 0)["solo"]["deck"] == 29


def test_O2_solo1_setup_is_the_usual_plus_a_second_car() -> None:
    state = solo()
    assert state.num_players == 1 and len(state.cars) == 2
    seat = state.seats[0]
    assert seat.prophecy is not None and seat.evil == 0 and seat.jack == (1, 1, 1)
    assert len(state.ghost_market) == 5 and len(state.arch_market) == 5


def test_O3_both_cars_get_four_dice() -> None:
    state = solo()
    assert [sum(d is not None for d in car) for car in state.cars] == [4, 4]
    assert len(state.bag) == 78 - 8


def test_O4_a_solo_card_is_revealed_each_round() -> None:
    state = solo(3)
    assert len(state.solo_revealed) == 1
    state = run(state, random.Random(3), until="spectral")
    state = run(state, random.Random(3), until="draft")
    assert state.round == 2 and len(state.solo_revealed) == 2
    assert E.view(state, None)["solo"]["revealed"] == state.solo_revealed[-1]


def test_O5_the_ai_picks_after_you_by_the_card() -> None:
    state = solo(4)
    card = C.solo_cards[state.solo_revealed[-1]]
    ai_car = state.cars[1 - car_of(state, 0)]
    symbol = card.symbols[0]
    expected = ai_car[ai_choice(ai_car, symbol.colour, symbol.pick == "high")]
    assert state.ai_picks == ()
    state = _pick(state)
    assert state.ai_picks == (expected,)
    # T7 by I38: the colour, then the rank, then the slot nearest the hood.
    car = (("pink-00", 3), ("blue-00", 6), ("pink-01", 5), ("green-00", 3))
    assert ai_choice(car, "pink", high=True) == 2
    assert ai_choice(car, "white", high=False) == 0
    assert ai_choice(car, "purple", high=True) == 1  # no purple: no colour preference


def test_O6_cars_swap_until_four_dice_each() -> None:
    state = solo(5)
    mine = [d for d in state.cars[0] if d]
    state = _pick(state)
    assert car_of(state, 0) == 1  # the cars swapped
    for _ in range(3):
        state = _pick(state)
    assert state.phase == "board" and len(state.seats[0].avenue) == 4
    assert state.ai_picks == () and sum(dice_everywhere(state).values()) == 78
    assert len(state.bag) == 78 - 4  # the AI's four dice went back (I35)
    assert state.seats[0].avenue[0] in mine


def test_O7_after_buying_discard_one_rightmost_of_each() -> None:
    state = solo(6)
    state = replace(state, phase="spectral", turn=0, passes=0, cars=())
    state = replace(state, seats=(replace(state.seats[0], evil=8),))
    ghosts, cards = state.ghost_market, state.arch_market
    state = play(state, 0, BuyArch(0), Pass())
    assert state.ghost_discard == (ghosts[4],)
    assert state.arch_discard == (cards[4],)
    assert state.ghost_market[1:] == ghosts[:4]


def test_O8_after_buying_nothing_discard_two_rightmost_of_each() -> None:
    state = solo(7)
    state = replace(state, phase="spectral", turn=0, passes=0, cars=())
    ghosts, cards = state.ghost_market, state.arch_market
    state = play(state, 0, Pass())
    assert state.ghost_discard == (ghosts[4], ghosts[3])
    assert state.arch_discard == (cards[4], cards[3])
    assert state.arch_market[2:] == cards[:3] and all(state.arch_market)


def test_O9_solo1_outcome_is_a_score_for_the_high_score_table() -> None:
    state = run(solo(8), random.Random(8))
    result = E.outcome(state)
    assert result is not None
    assert result["solo"] == "beat_yourself" and result["winners"] == [0]
    assert result["scores"] == [result["sheets"][0]["total"]]
