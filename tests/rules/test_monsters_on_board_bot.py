"""Monsters on Board engine: the bot (legal, better than random) and the forced and skip moves
(the doc's "forced_action and skip_action")."""

from __future__ import annotations

import random
from dataclasses import replace

from rules.monsters_on_board import engine as E
from rules.monsters_on_board.arch import arch_cards
from rules.monsters_on_board.bot import bot_action
from rules.monsters_on_board.model import (
    Activate,
    Done,
    Flip,
    Frame,
    MoveNext,
    Pass,
    Pick,
    Skip,
    with_seat,
)
from tests.rules.test_monsters_on_board import bot_wins_against_random, die, game, on_board, play


def test_the_bot_beats_random_play() -> None:
    assert bot_wins_against_random(lambda seed: game(2, seed=seed), 6) >= 5


def test_forced_last_die_of_a_car_and_last_avenue_die() -> None:
    state = game(2)
    assert E.forced_action(state, 0) is None  # four dice to choose from
    cars = tuple((None, None, d, None) for d in (car[2] for car in state.cars))
    state = replace(state, cars=cars)
    assert E.forced_action(state, 0) == Pick(cars[0][2][0])  # type: ignore[index]
    avenue = (die("pink", 4), die("blue", 2), die("green", 5), die("black", 6))
    board = on_board(game(), avenue=avenue, activated=("pink-00", "blue-00", "green-00"))
    assert E.forced_action(board, 0) == Activate("black-00")


def test_no_forced_creature_order_with_two_left_nor_for_a_card_holder() -> None:
    frame = Frame("move", "die:pink-00", colour="pink", left=(0, 5))
    state = on_board(game(), stack=(frame,))
    assert E.forced_action(state, 0) is None
    assert E.forced_action(with_seat(state, 0, arch=("m02",)), 0) is None
    assert [a for a in E.legal_actions(state, 0) if isinstance(a, MoveNext)] == [
        MoveNext(0),
        MoveNext(5),
    ]


def test_skip_actions_by_phase() -> None:
    frame = Frame("actions", "stops", items=(("space:a01-pink", "evil:1"),))
    state = on_board(game(), stack=(frame,))
    assert E.skip_action(state, 0) == Skip("stops")
    assert E.skip_action(on_board(game()), 0) is None  # an activation has no pass
    assert E.skip_action(game(), 0) is None  # nor a pick
    spectral = game(2)
    spectral = replace(spectral, phase="spectral", turn=1, passes=0)
    assert E.skip_action(spectral, 1) == Pass() and E.skip_action(spectral, 0) is None
    window = replace(spectral, phase="final_window")
    window = with_seat(window, 0, arch=("m01",), done=False)
    assert E.skip_action(window, 0) == Done()


def test_the_bot_flips_a_card_for_juice_only_when_it_scores_less() -> None:
    card = next(c for c in arch_cards().values() if any(i.startswith("juice") for i in c.back))
    window = replace(game(2), phase="final_window", cars=())
    window = with_seat(window, 0, arch=(card.id,), done=False)
    window = with_seat(window, 1, done=True)
    action = bot_action(window, 0)
    assert isinstance(action, Flip) and action.icon.startswith("juice")
    spectral = replace(window, phase="spectral", turn=0, passes=0)
    assert not isinstance(bot_action(spectral, 0), Flip)


def test_legal_actions_are_concrete_and_never_repeated() -> None:
    for seed in range(2):
        state, chooser = game(3, seed=seed), random.Random(seed)
        while E.pending(state):
            seat = chooser.choice(E.pending(state))
            legal = E.legal_actions(state, seat)
            assert legal and len(legal) == len(set(legal))
            state = play(state, seat, chooser.choice(legal))


def test_the_bot_leaves_flips_unlisted_only_where_none_could_be_its_move() -> None:
    """bot_action lists flips only in the final window (a swap back alone offers every pair of
    Order dice): on every decision of two seeded games its move is the best scored over every
    legal move, flips included, and apply accepts each move checked against its own kind."""
    from rules.monsters_on_board.bot import _score

    for seed in (3, 4):
        state = game(2, seed=seed)
        while pending := E.pending(state):
            seat = pending[0]
            legal = E.legal_actions(state, seat)
            scores = [_score(state, seat, a) for a in legal]
            move = bot_action(state, seat)
            assert move == legal[scores.index(max(scores))]
            assert E.scheduled_actions(state, seat) == [a for a in legal if not isinstance(a, Flip)]
            state, _ = E.apply(state, seat, move)
