"""Munchkin Fu: the engine per move, whole bot games per second, and its images (the table,
which is the fight while one is on, and the hand).

Why a section of its own: three to six seats act on every turn (interference windows, help
offers, choices inside a resolution), so a turn is many small moves by many seats, and the
table image grows with the number of players.
"""

from __future__ import annotations

import random

from bench import game_costs
from bench.game_costs import GameBench
from bench.profile import Profile
from bench.report import Result

SECTION = "mf"
BENCH = GameBench(SECTION, "munchkin_fu", players=(3, 4, 6), throughput_players=4)


def run(profile: Profile, rng: random.Random) -> list[Result]:
    games = max(3, profile.engine_playouts // 60)
    return game_costs.run(BENCH, games, profile.renders, profile.throughput_seconds, rng)
