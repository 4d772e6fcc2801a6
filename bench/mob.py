"""Monsters on Board: the engine per move, whole bot games per second, and its images (the
main board, each player's own board, the hand).

Why a section of its own: a four-player game is ~650 moves, most of them small decisions of
one seat (which die, which creature, which icon), and its table is five images, not one.
"""

from __future__ import annotations

import random

from bench import game_costs
from bench.game_costs import GameBench
from bench.profile import Profile
from bench.report import Result

SECTION = "mob"
BENCH = GameBench(SECTION, "monsters_on_board", players=(2, 3, 4), throughput_players=4)


def run(profile: Profile, rng: random.Random) -> list[Result]:
    games = max(3, profile.engine_playouts // 60)
    return game_costs.run(BENCH, games, profile.renders, profile.throughput_seconds, rng)
