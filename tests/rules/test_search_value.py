"""Each game's ``search_value`` (issue 28): a win chance in ``[0, 1]`` read from what every
seat sees, higher for a seat clearly ahead, and blind to hidden cards (it is called on
re-dealt states, so it must not tell them apart)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from rules import GAMES
from rules.notte_di_terrore.model import PileCard
from tests.rules.test_levels import positions

VALUED = ("monsters_on_board", "munchkin_fu", "notte_di_terrore")


def _lead(game: str, state: Any, seat: int) -> Any:
    """``state`` with ``seat`` clearly ahead in the game's public race."""
    if game == "monsters_on_board":
        seats = [replace(p, juice=200 if s == seat else 0) for s, p in enumerate(state.seats)]
        return replace(state, seats=tuple(seats))
    players = list(state.players)
    if game == "munchkin_fu":
        players = [replace(p, level=9 if s == seat else 2) for s, p in enumerate(players)]
    else:
        terror = (PileCard("killing:1", 1),) * 12
        players = [replace(p, pile=() if s == seat else terror) for s, p in enumerate(players)]
    return replace(state, players=tuple(players))


@pytest.mark.parametrize("game", VALUED)
def test_the_value_is_a_chance_and_higher_for_the_seat_ahead(game: str) -> None:
    engine = GAMES[game]
    value = engine.search_value
    assert value is not None
    state, seat = positions(game)[-1]
    seats = range(len(state.seats if game == "monsters_on_board" else state.players))
    assert all(0.0 <= value(state, s) <= 1.0 for s in seats)
    ahead = _lead(game, state, seat)
    assert value(ahead, seat) > 0.9
    assert all(value(ahead, s) < 0.1 for s in seats if s != seat)


@pytest.mark.parametrize("game", VALUED)
def test_the_value_sees_only_the_public_race(game: str) -> None:
    engine = GAMES[game]
    value = engine.search_value
    assert value is not None
    for state, seat in positions(game)[::7]:
        a, b = (engine.determinize(state, seat, random.Random(n)) for n in (1, 2))
        assert value(a, seat) == value(b, seat) == value(state, seat)
