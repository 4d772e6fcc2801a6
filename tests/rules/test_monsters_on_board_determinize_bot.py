"""The normal bot plays from Monsters on Board's determinized tables without an error (issue
28): the hard bot's rollouts run it on such samples, at every phase of every mode."""

from __future__ import annotations

from typing import Any

import pytest

from rules.monsters_on_board.determinize import determinize
from tests.rules.determinize_checks import bot_plays_from_samples, playout
from tests.rules.test_monsters_on_board_determinize import GAME, MODES, _kind


@pytest.mark.parametrize(("players", "options"), MODES)
def test_the_bot_moves_from_determinized_tables_are_legal(
    players: int, options: dict[str, Any]
) -> None:
    states = playout(GAME, players, options, 30 + players, points=12, max_steps=900, kind=_kind)
    assert bot_plays_from_samples(GAME, determinize, states)
