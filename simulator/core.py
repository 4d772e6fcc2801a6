"""Playing the games: a :class:`Config`, every game of it over worker processes, and the summary.

Game ``i`` uses seed ``S + i`` and the engines are pure, so the games, and the summary apart
from its timing, are the same for any ``jobs``. Games run in worker processes because a game
is pure CPU work.
"""

from __future__ import annotations

import math
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from rules import GAMES
from simulator.arena import level_shares, seat_levels
from simulator.games import stats_for
from simulator.numbers import Record, describe, histogram, share, split_wins

MAX_ACTIONS = 200_000
"""A game still running after this many actions is a bug in an engine or a bot, not data."""


class ConfigError(ValueError):
    """A command line the simulator cannot run (bad option, player count, ...): exit 2."""


@dataclass(frozen=True, slots=True)
class Config:
    """What to simulate. ``options`` are the table options as the engine takes them (a
    variant's and any ``--option`` merged); ``variant`` only names them in the report."""

    game: str
    games: int
    players: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    jobs: int = 1
    variant: str | None = None
    bots: tuple[str, ...] = ()
    """Bot levels seated in rotation (:mod:`simulator.arena`); empty: ``normal`` everywhere."""


# --- playing -----------------------------------------------------------------------------------


def play_game(
    game: str, players: int, options: dict[str, Any], seed: int, bots: tuple[str, ...] = ()
) -> Record:
    """One game with ``bot_action`` at every seat (at the levels ``bots`` rotate through), as
    a JSON-able :data:`Record`."""
    engine, stats = GAMES[game], stats_for(game)
    levels = seat_levels(bots, players, seed)
    state = engine.setup(players, options, seed)
    first = stats.first(state)
    tally = stats.start_tally(players)
    actions = 0
    while pending := engine.pending(state):
        seat = pending[0]
        action = engine.bot_action(state, seat, levels[seat])
        state, events = engine.apply(state, seat, action)
        stats.observe(tally, seat, events)
        actions += 1
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"{game} seed {seed}: no end after {MAX_ACTIONS} actions")
    outcome = engine.outcome(state)
    assert outcome is not None
    return {
        "seed": seed,
        "scores": list(outcome["scores"]),
        "winners": list(outcome["winners"]),
        "turns": stats.turns(state, actions),
        "actions": actions,
        "first": first,
        **({"levels": levels} if bots else {}),
        **stats.extras(state, outcome, tally),
    }


Job = tuple[str, int, dict[str, Any], int, int, tuple[str, ...]]


def _play_range(job: Job) -> list[Record]:
    """Worker: the games with seeds ``start..stop-1`` (module level, so it pickles)."""
    game, players, options, start, stop, bots = job
    return [play_game(game, players, options, seed, bots) for seed in range(start, stop)]


def run(config: Config) -> list[Record]:
    """Every game of ``config``, in seed order, over ``config.jobs`` processes."""
    first, last = config.seed, config.seed + config.games
    jobs = max(1, min(config.jobs, config.games))
    if jobs == 1:
        return _play_range((config.game, config.players, config.options, first, last, config.bots))
    size = max(1, math.ceil(config.games / (jobs * 8)))  # small chunks balance the workers
    work = [
        (config.game, config.players, config.options, start, min(start + size, last), config.bots)
        for start in range(first, last, size)
    ]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return [record for part in pool.map(_play_range, work) for record in part]


# --- the summary -------------------------------------------------------------------------------


def summarize(config: Config, records: list[Record], seconds: float) -> dict[str, Any]:
    """Every number the report, the chart and the JSON file show."""
    engine, stats = GAMES[config.game], stats_for(config.game)
    n, games = config.players, len(records)
    by_seat = split_wins(records, n, lambda r, seat: seat)
    winners = [r["scores"][s] for r in records for s in r["winners"]]
    losers = [r["scores"][s] for r in records for s in range(n) if s not in r["winners"]]
    summary: dict[str, Any] = {
        "game": config.game,
        "name": engine.names.get("en", config.game),
        "players": n,
        "games": games,
        "seeds": [config.seed, config.seed + games - 1],
        "variant": config.variant,
        "options": {**engine.options, **config.options},
        "jobs": config.jobs,
        "seconds": seconds,
        "games_per_second": share(games, seconds),
        "wins_by_seat": by_seat,
        "win_rate_by_seat": [share(w, games) for w in by_seat],
        "shared_wins": sum(1 for r in records if len(r["winners"]) > 1),
        "turns": describe(r["turns"] for r in records),
        "actions": describe(r["actions"] for r in records),
        "turns_histogram": histogram({"games": [r["turns"] for r in records]}),
        "score_name": stats.score_name,
        "lower_is_better": stats.lower_is_better,
        "scores": {
            "all": describe(s for r in records for s in r["scores"]),
            "winners": describe(winners),
            "losers": describe(losers),
            "histogram": histogram({"winners": winners, "losers": losers}),
        },
    }
    if all(r["first"] is not None for r in records):
        by_order = split_wins(records, n, lambda r, seat: (seat - r["first"]) % n)
        summary["win_rate_by_order"] = [share(w, games) for w in by_order]
    summary["extra"] = stats.summarize(records, n)
    if config.bots:
        summary["bots"] = list(config.bots)
        summary["levels"] = level_shares(records)
    return summary


def simulate(config: Config) -> tuple[dict[str, Any], list[Record]]:
    """Play ``config``'s games; the summary (timed) and every game's record."""
    started = time.perf_counter()
    records = run(config)
    return summarize(config, records, time.perf_counter() - started), records
