"""The arena: bot levels against each other (``python -m simulator GAME --bots hard,normal``).

Why rotate: a seat's position (who plays first, which side) is worth something in most games,
so game ``seed`` seats level ``bots[(seat + seed) % len(bots)]`` at each seat; over consecutive
seeds every level sits at every seat equally often, and the seat advantage cancels out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules import GAMES
from simulator.numbers import interval, pct, share, wilson

Record = dict[str, Any]


class LevelError(ValueError):
    """A ``--bots`` list naming a level the game does not have."""


def seat_levels(bots: Sequence[str], players: int, seed: int) -> list[str]:
    """The level at each seat of game ``seed`` (all ``normal`` without ``bots``)."""
    if not bots:
        return ["normal"] * players
    return [bots[(seat + seed) % len(bots)] for seat in range(players)]


def checked_bots(game: str, bots: Sequence[str]) -> tuple[str, ...]:
    """``bots`` if every one is a level of ``game``, else :class:`LevelError`."""
    known = GAMES[game].bot_levels
    wrong = [b for b in bots if b not in known]
    if wrong:
        raise LevelError(f"{game} has no bot level {wrong[0]!r}; known: {', '.join(known)}")
    return tuple(bots)


def level_shares(records: list[Record]) -> dict[str, dict[str, float]]:
    """Per level: seat-games played, wins (shared wins split) and the win share per seat-game
    with its 95 % Wilson interval; fair is ``1 / players``."""
    played: dict[str, int] = {}
    won: dict[str, float] = {}
    for record in records:
        winners = record["winners"]
        for seat, level in enumerate(record["levels"]):
            played[level] = played.get(level, 0) + 1
            credit = 1 / len(winners) if seat in winners else 0.0
            won[level] = won.get(level, 0.0) + credit
    shares: dict[str, dict[str, float]] = {}
    for level, seats in played.items():
        low, high = wilson(won[level], seats)
        rate = share(won[level], seats)
        shares[level] = {"seats": seats, "wins": won[level], "rate": rate, "low": low, "high": high}
    return shares


def report_lines(summary: dict[str, Any]) -> list[str]:
    """``level hard: win share NN.N% [lo, hi]`` per level."""
    levels = summary.get("levels")
    if not levels:
        return []
    fair = pct(1 / summary["players"]).strip()
    lines = [f"Bot levels (seats rotated; win share per seat, fair = {fair}, 95% interval)"]
    for level, figures in levels.items():
        lines.append(
            f"  level {level}: win share {pct(figures['rate']).strip()} "
            f"{interval(figures['low'], figures['high'])}  ({figures['seats']} seat-games)"
        )
    return lines
