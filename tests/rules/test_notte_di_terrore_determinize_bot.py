"""The normal bot plays from Notte di Terrore's determinized tables without an error (issue
28): the hard bot's rollouts run it on such samples, from every phase of 3- to 5-player games."""

from __future__ import annotations

import pytest

from rules.notte_di_terrore.determinize import determinize
from tests.rules.determinize_checks import bot_plays_from_samples, playout
from tests.rules.test_notte_di_terrore_determinize import GAME, _kind


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_bot_moves_from_determinized_tables_are_legal(players: int) -> None:
    states = playout(GAME, players, {}, 10 + players, points=12, max_steps=600, kind=_kind)
    assert bot_plays_from_samples(GAME, determinize, states)
