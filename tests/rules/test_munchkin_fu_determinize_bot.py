"""The normal bot plays from Munchkin Fu's determinized tables without an error (issue 28):
the hard bot's rollouts run it on such samples, at every phase, fight stage and choice of
3- to 6-player games in every variant."""

from __future__ import annotations

from typing import Any

import pytest

from rules.munchkin_fu.determinize import determinize
from tests.rules.determinize_checks import bot_plays_from_samples, playout
from tests.rules.test_munchkin_fu_determinize import GAME, VARIANTS, _kind


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_the_bot_moves_from_determinized_tables_are_legal(
    players: int, options: dict[str, Any]
) -> None:
    states = playout(GAME, players, options, 20 + players, points=12, max_steps=700, kind=_kind)
    assert bot_plays_from_samples(GAME, determinize, states)
