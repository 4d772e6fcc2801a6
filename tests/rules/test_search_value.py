"""Each game's ``search_value`` (issue 28): a win chance in ``[0, 1]`` read from what every
seat sees, higher for a seat clearly ahead, and blind to hidden cards (it is called on
re-dealt states, so it must not tell them apart)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from rules import GAMES
from rules.base import Rng
from rules.notte_di_terrore.model import PileCard
from tests.rules.test_levels import positions

VALUED = ("monster_day", "monsters_on_board", "munchkin_fu", "notte_di_terrore")


def _lead(game: str, state: Any, seat: int) -> Any:
    """``state`` with ``seat`` clearly ahead in the game's public race."""
    if game == "monster_day":
        edge = 0 if seat == 0 else 5
        return replace(state, monsters=(edge,) * 4, deck=())
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


def _seats(game: str, state: Any) -> int:
    if game == "monster_day":
        return len(state.hands)
    return len(state.seats if game == "monsters_on_board" else state.players)


@pytest.mark.parametrize("game", VALUED)
def test_the_value_is_a_chance_and_higher_for_the_seat_ahead(game: str) -> None:
    engine = GAMES[game]
    value = engine.search_value
    assert value is not None
    state, seat = positions(game)[-1]
    seats = range(_seats(game, state))
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


def test_monster_day_values_a_monster_in_the_village_more_as_the_deck_runs_out() -> None:
    """Only where the monsters stand after the last card counts: a Pegasus in seat 0's
    village with the whole deck still to play is a much less sure point than the same
    Pegasus two turns from the end (the normal bot's board score is the same for both)."""
    engine = GAMES["monster_day"]
    assert engine.search_value is not None
    state = replace(engine.setup(2, {}, 5), monsters=(None, None, None, 1))
    late = replace(state, deck=(), hands=(state.hands[0][:1], state.hands[1][:1]))
    early, ending = engine.search_value(state, 0), engine.search_value(late, 0)
    assert 0.5 < early < ending
    assert ending > 0.9


def test_monster_day_judges_the_card_played_not_the_dice_it_rolled() -> None:
    """The value reads the monsters where the last card found them (its turn's events, in
    the view) and walks on from there: the same card with other dice is the same value, so
    the search compares cards, not luck."""
    engine = GAMES["monster_day"]
    assert engine.search_value is not None
    state = engine.setup(2, {}, 5)
    seat = state.current
    play = engine.legal_actions(state, seat)[0]
    after = [engine.apply(replace(state, rng=Rng(n)), seat, play)[0] for n in range(12)]
    assert len({a.monsters for a in after}) > 1
    assert len({engine.search_value(a, seat) for a in after}) == 1
