"""Monster Day's oracle (``simulator/md_oracle.py``, issue 28): its model of the game plays the
engine's games, and it reads every hidden card but never the dice to come."""

from __future__ import annotations

import random
from dataclasses import replace

from rules.base import Rng
from rules.monster_day import bot, engine
from simulator import md_oracle


def test_model_replays_the_engines_normal_games() -> None:
    md_oracle.check_model(range(3))


def _midgame(seed: int, turns: int) -> engine.State:
    state = engine.setup(2, None, seed)
    for _ in range(turns):
        assert state.current is not None
        state, _ = engine.apply(state, state.current, bot.bot_action(state, state.current))
    return state


def test_oracle_plays_a_legal_move_and_never_reads_the_dice() -> None:
    state = _midgame(5, 8)
    seat = state.current
    assert seat is not None
    other_dice = replace(state, rng=Rng(12345))
    moves = [
        md_oracle.oracle_action(s, seat, 4, random.Random(1), sees)
        for s in (state, other_dice)
        for sees in ("all", "hand", "none")
    ]
    assert all(move in engine.legal_actions(state, seat) for move in moves)
    assert moves[:3] == moves[3:]


def test_a_game_gives_the_seat_a_win_share() -> None:
    assert md_oracle.play_game(1, 1, 1, "all") in (0.0, 0.5, 1.0)
