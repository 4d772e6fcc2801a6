"""Notte di Terrore's ``search_value`` (issue 28, :mod:`rules.notte_di_terrore.value`): the
hard search judges a position where its turn ends, by the race fitted on normal-bot games.

Checked here: the turn's start is recognised exactly (a move that ends a turn is judged where
the next begins, not a whole turn later); playing the turn out stops there; the judgement
reads only what every seat sees; and it ranks the race the way the game is won (the seat
nearer home, and with less Terror near the end, is ahead).
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest

from rules import GAMES
from rules.notte_di_terrore.model import PileCard, State
from rules.notte_di_terrore.value import finish_turn, race, search_value, turn_started

ENGINE = GAMES["notte_di_terrore"]


@cache
def _game(players: int, seed: int) -> list[tuple[State, bool]]:
    """Every state of one normal-bot game, with whether a turn had just begun (the move
    that led to it announced a ``turn``); cached, several tests read the same games."""
    state = ENGINE.setup(players, {}, seed)
    found: list[tuple[State, bool]] = []
    began = False
    while pending := ENGINE.pending(state):
        found.append((state, began))
        state, events = ENGINE.apply(state, pending[0], ENGINE.bot_action(state, pending[0]))
        began = any(e["type"] == "turn" for e in events)
    return found


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_turn_is_seen_to_start_exactly_when_it_starts(players: int) -> None:
    for seed in range(2):
        for state, began in _game(players, seed):
            assert turn_started(state) == began


def test_finishing_the_turn_stops_where_the_next_begins_or_the_game_ends() -> None:
    states = [state for state, _ in _game(3, 1)]
    for state in states[::9]:
        done = finish_turn(state)
        assert done.over or turn_started(done)
        if turn_started(state):
            assert done == state  # judged where it is: nobody has moved in this turn yet
        else:
            assert done.over or done.turn_number == state.turn_number + 1


def test_the_race_reads_only_what_every_seat_sees() -> None:
    for state, _ in _game(3, 0)[::5]:
        for seat in range(3):
            redealt = ENGINE.determinize(state, seat, random.Random(seat))
            assert race(redealt) == race(state)


def test_the_race_is_a_chance_per_seat() -> None:
    for state, _ in _game(4, 1)[::11]:
        chances = race(state)
        assert len(chances) == 4
        assert all(0.0 < c < 1.0 for c in chances)
        assert sum(chances) == pytest.approx(1.0)


def _start(seed: int = 1) -> State:
    return next(s for s, began in _game(3, seed) if began and s.turn_number == 4)


def test_the_seat_nearer_home_is_ahead_other_things_equal() -> None:
    state = _start()
    players = [replace(p, face_down=p.face_down[:2], pile=()) for p in state.players]
    near = replace(players[1], face_down=())
    chances = race(replace(state, players=(players[0], near, players[2])))
    assert chances[1] > max(chances[0], chances[2])


def test_terror_weighs_more_as_someone_nears_home() -> None:
    state = _start()
    terror = (PileCard("killing:1", 1),) * 6

    def gap(face_down: int) -> float:
        players = [replace(p, face_down=p.face_down[:face_down], pile=()) for p in state.players]
        players[0] = replace(players[0], pile=terror)
        even = race(replace(state, players=tuple(replace(p, pile=()) for p in players)))
        return even[0] - race(replace(state, players=tuple(players)))[0]

    assert gap(0) > gap(2) > 0.0


def test_a_finished_game_is_judged_by_its_winners() -> None:
    state, _ = _game(3, 0)[-1]
    seat = ENGINE.pending(state)[0]
    over, _ = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat))
    assert over.over
    winners = ENGINE.outcome(over)["winners"]
    assert [search_value(over, s) for s in range(3)] == [
        1 / len(winners) if s in winners else 0.0 for s in range(3)
    ]
