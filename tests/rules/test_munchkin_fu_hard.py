"""Munchkin Fu's hard bot (issue 28): the search compares only the moves that decide the race
(:mod:`rules.munchkin_fu.hard`), and answers every routine decision with the normal bot's move
without re-dealing anything, so a hard seat costs a game seconds, not tens of seconds."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules import GAMES
from rules.munchkin_fu import engine as rules_module
from rules.munchkin_fu.hard import search_moves
from rules.munchkin_fu.model import Accept, Decline, Pass, Resolve, State
from tests.rules.test_levels import positions

ENGINE = GAMES["munchkin_fu"]


def _positions(seed: int = 5, steps: int = 400) -> list[tuple[State, int]]:
    """Every pending seat along one 3-seat normal-bot game (shared and cached)."""
    return positions("munchkin_fu", seed, steps, players=3)


def test_the_moves_searched_are_legal_few_and_the_normal_bots_first() -> None:
    kinds: set[str] = set()
    for state, seat in _positions():
        legal = ENGINE.legal_actions(state, seat)
        normal = ENGINE.bot_action(state, seat)
        moves = search_moves(state, seat, legal, normal)
        assert moves[0] == normal
        assert all(m in legal for m in moves)
        assert len(moves) == len(set(moves))
        if len(moves) > 1:
            kinds |= {type(m).__name__ for m in moves}
    assert {"Pass", "Resolve", "Play"} <= kinds


def test_a_help_offer_is_answered_by_search_accept_against_decline() -> None:
    found = 0
    for state, seat in _positions(seed=1, steps=1500):
        owed = [o for o in state.offers if o.answerer == seat and o.kind == "help"]
        if owed and state.choice is None:
            legal = ENGINE.legal_actions(state, seat)
            moves = search_moves(state, seat, legal, ENGINE.bot_action(state, seat))
            assert {Accept(owed[0].id), Decline(owed[0].id)} <= set(moves)
            found += 1
    assert found


def test_routine_decisions_are_not_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    """A choice, the set-up: the normal bot's move, and nothing re-dealt."""

    def refuses(state: State, seat: int, rng: random.Random) -> Any:
        raise AssertionError("searched a routine decision")

    monkeypatch.setattr(rules_module, "determinize", refuses)
    routine = [
        (s, seat)
        for s, seat in _positions()
        if (s.choice is not None or s.phase == "setup") and len(ENGINE.legal_actions(s, seat)) > 1
    ]
    assert routine
    for state, seat in routine:
        assert ENGINE.bot_action(state, seat, "hard") == ENGINE.bot_action(state, seat)


def test_a_window_or_a_fight_is_searched() -> None:
    """The interference window and the fighter's step are the decisions that matter."""
    searched = [
        (s, seat)
        for s, seat in _positions()
        if {Pass(), Resolve()} & set(rules_module.step_actions(s, seat))
        and len(search_moves(s, seat, ENGINE.legal_actions(s, seat), ENGINE.bot_action(s, seat)))
        > 1
    ]
    assert searched


def test_a_searched_move_sees_only_its_seat() -> None:
    """Two tables with the same view for the seat (other hands, deck order, dice re-dealt) get
    the same hard move at decisions the search compares, not only at routine ones."""
    searched = [
        (s, seat)
        for s, seat in _positions()
        if len(search_moves(s, seat, ENGINE.legal_actions(s, seat), ENGINE.bot_action(s, seat))) > 1
    ]
    for state, seat in searched[::10][:3]:
        a, b = (ENGINE.determinize(state, seat, random.Random(n)) for n in (1, 2))
        assert a != b and ENGINE.view(a, seat) == ENGINE.view(b, seat)
        assert ENGINE.bot_action(a, seat, "hard") == ENGINE.bot_action(b, seat, "hard")
