"""Munchkin Fu: when things take effect — the clause fixes of issue 26 (items 1-7), one test
each, named after the clause of docs/rules/munchkin_fu.md it rests on, through the engine."""

from __future__ import annotations

from dataclasses import replace

from rules.munchkin_fu import engine as E
from rules.munchkin_fu.model import Play
from tests.rules.test_munchkin_fu import act, game


def test_I18_a_draw_card_never_draws_itself_back() -> None:
    state = game(players={0: {"hand": ("t065",)}})
    state = replace(state, treasure=(), treasure_discard=("t001",))
    state = act(state, 0, Play("t065"))
    assert state.players[0].hand == ("t001",) and state.treasure_discard == ("t065",)
    assert E.legal_actions(state, 0)  # the game goes on
