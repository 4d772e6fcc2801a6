"""``determinize`` for Monster Day and Monsterpocalypse (issue 28): a state re-dealt for one
seat keeps that seat's view, varies what it cannot see, conserves the cards and figures, dumps
and loads, leaves the seat's moves alone and plays on.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rules import GAMES
from tests.rules.test_levels import positions


def _cards(state: Any) -> Counter[str]:
    return Counter(
        [*(c for h in state.hands for c in h), *state.deck, *(c for p in state.piles for c in p)]
    )


def _mid(game: str, seed: int = 3) -> list[tuple[Any, int]]:
    return positions(game, seed)[5:30:4]


@pytest.mark.parametrize("game", ["monster_day", "monsterpocalypse"])
def test_determinize_keeps_the_seats_view_moves_and_json(game: str) -> None:
    engine = GAMES[game]
    for state, seat in _mid(game):
        for viewer in (seat, 1 - seat):
            redealt = engine.determinize(state, viewer, random.Random(7))
            assert engine.view(redealt, viewer) == engine.view(state, viewer)
            assert engine.legal_actions(redealt, viewer) == engine.legal_actions(state, viewer)
            assert engine.load(engine.dump(redealt)) == redealt
            assert redealt.rng != state.rng  # the dice to come are re-drawn


def test_monster_day_determinize_redeals_the_unseen_cards_and_conserves_them() -> None:
    engine = GAMES["monster_day"]
    state, seat = _mid("monster_day")[0]
    deals = [engine.determinize(state, seat, random.Random(n)) for n in range(6)]
    assert all(_cards(d) == _cards(state) for d in deals)
    assert all(d.hands[seat] == state.hands[seat] for d in deals)
    assert len({(d.hands[1 - seat], d.deck) for d in deals}) > 1
    assert all(len(d.deck) == len(state.deck) for d in deals)


def test_monster_day_determinize_depends_only_on_the_view() -> None:
    """Two states the seat cannot tell apart give the same deal for the same rng."""
    engine = GAMES["monster_day"]
    state, seat = _mid("monster_day")[0]
    other = engine.determinize(state, seat, random.Random(1))
    assert other != state
    same = [engine.determinize(s, seat, random.Random(9)) for s in (state, other)]
    assert same[0] == same[1]


def test_monsterpocalypse_determinize_redraws_the_others_secret_draft() -> None:
    engine = GAMES["monsterpocalypse"]
    state = engine.setup(2, {"army": "custom", "map": "harbour"}, 5)
    while state.phase != "draft":
        seat = engine.pending(state)[0]
        state, _ = engine.apply(state, seat, engine.bot_action(state, seat))
    for _ in range(3):
        state, _ = engine.apply(state, 1, engine.legal_actions(state, 1)[0])
    deals = [engine.determinize(state, 0, random.Random(n)) for n in range(5)]
    assert all(engine.view(d, 0) == engine.view(state, 0) for d in deals)
    assert all(d.players[0] == state.players[0] for d in deals)
    assert all(len(d.players[1].army) == 3 for d in deals)
    assert len({d.players[1].army for d in deals}) > 1
    assert all(engine.legal_actions(d, 0) == engine.legal_actions(state, 0) for d in deals)


@pytest.mark.parametrize("game", ["monster_day", "monsterpocalypse"])
def test_play_goes_on_from_a_determinized_state(game: str) -> None:
    engine = GAMES[game]
    state, seat = _mid(game)[1]
    state = engine.determinize(state, seat, random.Random(3))
    for _ in range(30):
        pending = engine.pending(state)
        if not pending:
            break
        state, _ = engine.apply(state, pending[0], engine.bot_action(state, pending[0]))
    assert engine.load(engine.dump(state)) == state
