"""What the simulator knows about each game beyond the engine contract: one :class:`GameStats`
per game in :data:`STATS` (how to count its turns, who played first, per-seat counters fed by
its events, and the extra summary, report lines and chart panels they give), a module per game.

A game without an entry still gets the generic report.
"""

from __future__ import annotations

from simulator.games import monster_day, monsterpocalypse, munchkin_fu, notte_di_terrore
from simulator.games.base import GameStats, Tally

STATS: dict[str, GameStats] = {
    "notte_di_terrore": notte_di_terrore.STATS,
    "monster_day": monster_day.STATS,
    "munchkin_fu": munchkin_fu.STATS,
    "monsterpocalypse": monsterpocalypse.STATS,
}
GENERIC = GameStats()


def stats_for(game: str) -> GameStats:
    return STATS.get(game, GENERIC)


__all__ = ["GENERIC", "STATS", "GameStats", "Tally", "stats_for"]
