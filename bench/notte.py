"""Notte di Terrore: the engine per move, whole bot games per second, and its images.

Why a section of its own: a Notte di Terrore game is ~500 moves against Monster Day's 30, a
move builds richer views (every visible card described, the seat's legal moves), and its board
has a strip per seat (3 to 5), so its costs differ from the first game's on every layer.
"""

from __future__ import annotations

import random

from bench import game_costs
from bench.game_costs import GameBench
from bench.profile import Profile
from bench.report import Result

SECTION = "notte"
BENCH = GameBench(SECTION, "notte_di_terrore", players=(3, 4, 5), throughput_players=4)


def run(profile: Profile, rng: random.Random) -> list[Result]:
    games = max(3, profile.engine_playouts // 40)
    return game_costs.run(BENCH, games, profile.renders, profile.throughput_seconds, rng)
