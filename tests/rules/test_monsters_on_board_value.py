"""Monsters on Board's ``search_value``, the leaf judgement of the ``hard`` bot (issue 28):
what it sees beyond the boards scored now, and its race against Spider Jack in solo 2."""

from __future__ import annotations

from dataclasses import replace

from rules import GAMES
from rules.monsters_on_board.model import State
from rules.monsters_on_board.solo2 import jack_of
from rules.monsters_on_board.value import search_value

ENGINE = GAMES["monsters_on_board"]


def _solo2(difficulty: str = "", moves: int = 60) -> State:
    """A solo 2 game some moves in, played by the normal bot."""
    state: State = ENGINE.setup(1, {"mode": "solo2", "difficulty": difficulty}, 5)
    for _ in range(moves):
        state, _ = ENGINE.apply(state, 0, ENGINE.bot_action(state, 0))
    return state


def _jack_juice(state: State, juice: int) -> State:
    return replace(state, jack=replace(jack_of(state), juice=juice))


def test_solo_2_value_races_spider_jack() -> None:
    """Alone at the table the seat is no race with itself: its rival is Spider Jack's Juice,
    so a seat far behind him is not judged a sure win (a value of 1 everywhere would make
    every move tie, and hard play the normal bot's move in solo 2)."""
    state = _solo2()
    assert search_value(_jack_juice(state, 0), 0) > 0.9
    assert search_value(_jack_juice(state, 500), 0) < 0.1


def test_solo_2_value_counts_the_prophecy_spider_jack_would_gain() -> None:
    """T19: with the ``prophecy`` part, what the seat's card could still give and has not
    is Spider Jack's at the end, so the same board is worth less against him."""
    plain, missed = _solo2(""), _solo2("prophecy")
    assert plain.seats == missed.seats
    assert jack_of(plain).juice == jack_of(missed).juice
    assert search_value(missed, 0) < search_value(plain, 0)
