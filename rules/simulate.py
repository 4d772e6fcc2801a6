"""Balance simulator: many seeded games between bot players, and a report of what happened.

    python -m rules.simulate notte_di_terrore --games 2000 --players 4 [--seed 0]
        [--option places=5 --option victory=home_first ...] [--jobs J]
        [--chart out.png] [--json out.json]

Why: Notte di Terrore's author writes that the player who ends the game (gets home first) does
not always win, and asked for help finding out why; any game's balance (seat advantage, length,
score spread) is easier to discuss with thousands of games than with a handful. See
``docs/simulator.md`` for what each number means and what we found.

Generic over :data:`rules.GAMES`: every game is driven through the engine contract
(:mod:`rules.base`) with ``engine.bot_action`` at every seat. What only one game knows (how to
count its turns, who played first, Notte di Terrore's home player and where its Terror came
from) is one :class:`GameStats` entry in :data:`STATS`; a game without an entry still gets the
generic report.

Game ``i`` uses seed ``S + i`` and the engines are pure, so the games, and the report apart
from its timing line, are the same for any ``--jobs``. Games run in worker processes
(``--jobs``, default the number of CPUs) because a game is pure CPU work.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules import GAMES
from rules.base import Event
from rules.notte_di_terrore.engine import HOME_TERROR

MAX_ACTIONS = 200_000
"""A game still running after this many actions is a bug in an engine or a bot, not data."""

HISTOGRAM_BINS = 16

Record = dict[str, Any]
"""One finished game, JSON-able: seed, scores, winners, turns, actions, first, game extras."""

Tally = dict[str, list[int]]
"""Per-seat counters a game's :attr:`GameStats.observe` keeps while a game is played."""


class ConfigError(ValueError):
    """A command line the simulator cannot run (bad option, player count, ...): exit 2."""


@dataclass(frozen=True, slots=True)
class Config:
    game: str
    games: int
    players: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    jobs: int = 1


# --- numbers -----------------------------------------------------------------------------------


def describe(values: Iterable[float]) -> dict[str, float]:
    """Count, mean, median, 90th percentile (nearest rank) and extremes; zeros when empty."""
    data = sorted(values)
    if not data:
        return {"n": 0, "mean": 0.0, "median": 0.0, "p90": 0.0, "min": 0.0, "max": 0.0}
    rank = max(1, math.ceil(0.9 * len(data)))
    return {
        "n": len(data),
        "mean": statistics.fmean(data),
        "median": statistics.median(data),
        "p90": data[rank - 1],
        "min": data[0],
        "max": data[-1],
    }


def histogram(series: dict[str, Sequence[float]], bins: int = HISTOGRAM_BINS) -> dict[str, Any]:
    """Shared integer bins (at most ``bins``) over every series: labels and counts per series."""
    everything = [v for values in series.values() for v in values]
    if not everything:
        return {"labels": [], "counts": {name: [] for name in series}}
    low, high = math.floor(min(everything)), math.floor(max(everything))
    width = max(1, math.ceil((high - low + 1) / bins))
    count = (high - low) // width + 1
    labels = [
        str(low + i * width) if width == 1 else f"{low + i * width}-{low + (i + 1) * width - 1}"
        for i in range(count)
    ]
    counts = {name: [0] * count for name in series}
    for name, values in series.items():
        for v in values:
            counts[name][(math.floor(v) - low) // width] += 1
    return {"labels": labels, "counts": counts}


def split_wins(
    records: Iterable[Record], positions: int, seat_of: Callable[[Record, int], int]
) -> list[float]:
    """Wins per position with shared wins split evenly; ``seat_of(record, seat)`` maps a seat
    to its position (the seat itself, or its place in turn order)."""
    wins = [0.0] * positions
    for record in records:
        for seat in record["winners"]:
            wins[seat_of(record, seat)] += 1 / len(record["winners"])
    return wins


def ordinal(k: int) -> str:
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def share(part: float, whole: float) -> float:
    return part / whole if whole else 0.0


# --- what each game adds ----------------------------------------------------------------------


def _no_first(state: Any) -> int | None:
    return None


def _actions_are_turns(state: Any, actions: int) -> int:
    return actions


def _no_tally(players: int) -> Tally:
    return {}


def _ignore(tally: Tally, seat: int, events: list[Event]) -> None:
    return None


def _no_extras(state: Any, outcome: dict[str, Any], tally: Tally) -> dict[str, Any]:
    return {}


def _no_summary(records: list[Record], players: int) -> dict[str, Any]:
    return {}


def _no_lines(summary: dict[str, Any]) -> list[str]:
    return []


def _no_panels(summary: dict[str, Any]) -> list[dict[str, Any]]:
    return []


@dataclass(frozen=True, slots=True)
class GameStats:
    """What the simulator needs to know about one game beyond the engine contract."""

    score_name: str = "score"
    lower_is_better: bool = False
    turns: Callable[[Any, int], int] = _actions_are_turns
    """Turns in a finished game, given its final state and the number of actions."""
    first: Callable[[Any], int | None] = _no_first
    """The seat that plays first, read from the state right after setup."""
    start_tally: Callable[[int], Tally] = _no_tally
    observe: Callable[[Tally, int, list[Event]], None] = _ignore
    extras: Callable[[Any, dict[str, Any], Tally], dict[str, Any]] = _no_extras
    """Fields added to the game's :data:`Record`."""
    summarize: Callable[[list[Record], int], dict[str, Any]] = _no_summary
    report: Callable[[dict[str, Any]], list[str]] = _no_lines
    panels: Callable[[dict[str, Any]], list[dict[str, Any]]] = _no_panels


# Notte di Terrore: who gets home, and where every player's Terror came from.

NT_EVENTS: dict[str, tuple[tuple[str, str | None], ...]] = {
    "turn": (("turns", None),),
    "fled": (("flights", None), ("terror_fled", "terror_added")),
    "terror_added": (("terror_left_standing", "points"),),
    "killed": (("kills", None), ("relief_kills", "terror_removed")),
    "place_passed": (("places_passed", None), ("relief_places", "terror_removed")),
    "home": (("relief_home", "terror_removed"),),
}
"""Event type -> (counter, event field added, or None to count the event)."""

NT_SOURCES = {  # the per-seat counters and their labels
    "flights": "Flights",
    "terror_fled": "Terror added by Flight",
    "terror_left_standing": "Terror added by Beings left standing",
    "kills": "Beings killed",
    "relief_kills": "Terror removed by kills",
    "places_passed": "Places passed",
    "relief_places": "Terror removed passing Places (-2)",
    "relief_home": "Terror removed reaching home (-5)",
    "turns": "Turns played",
}


def _nt_tally(players: int) -> Tally:
    return {key: [0] * players for key in NT_SOURCES}


def _nt_observe(tally: Tally, seat: int, events: list[Event]) -> None:
    for event in events:
        for counter, amount in NT_EVENTS.get(event["type"], ()):
            tally[counter][event["seat"]] += 1 if amount is None else event[amount]


def _nt_extras(state: Any, outcome: dict[str, Any], tally: Tally) -> dict[str, Any]:
    places_left = [len(p.face_down) + (p.revealed is not None) for p in state.players]
    return {"home": outcome["home"], "places_left": places_left, "tally": tally}


NT_GROUPS = {
    "home_won": "home, won",
    "home_beaten": "home, beaten",
    "beat_home": "beat home",
    "others": "others",
}
"""Players of games ended at home: the home player when they won or were beaten, the winner(s)
who beat them, and everyone else."""


def _nt_groups(records: list[Record]) -> dict[str, list[tuple[Record, int]]]:
    """(game, seat) pairs for each of :data:`NT_GROUPS`."""
    groups: dict[str, list[tuple[Record, int]]] = {name: [] for name in NT_GROUPS}
    for r in records:
        if r["home"] is None:
            continue
        for seat in range(len(r["scores"])):
            if seat == r["home"]:
                groups["home_won" if seat in r["winners"] else "home_beaten"].append((r, seat))
            elif seat in r["winners"]:
                groups["beat_home"].append((r, seat))
            else:
                groups["others"].append((r, seat))
    return groups


def _nt_by_flights(ended: list[Record]) -> dict[str, list[float]]:
    """The home player's win rate by how often they fled: [games, win rate] for 0, 1, 2+."""
    buckets: dict[str, list[Record]] = {"0": [], "1": [], "2+": []}
    for r in ended:
        flights = r["tally"]["flights"][r["home"]]
        buckets["2+" if flights >= 2 else str(flights)].append(r)
    return {
        k: [len(rs), share(sum(r["home"] in r["winners"] for r in rs), len(rs))]
        for k, rs in buckets.items()
    }


def _nt_summarize(records: list[Record], players: int) -> dict[str, Any]:
    ended = [r for r in records if r["home"] is not None]
    beaten = [r for r in ended if r["home"] not in r["winners"]]
    groups = _nt_groups(records)
    terror = {name: [r["scores"][s] for r, s in pairs] for name, pairs in groups.items()}
    home = terror["home_won"] + terror["home_beaten"]
    sources = {
        key: {
            name: describe(r["tally"][key][s] for r, s in pairs)["mean"]
            for name, pairs in groups.items()
        }
        for key in NT_SOURCES
    }
    gaps = [r["scores"][r["home"]] - min(r["scores"][w] for w in r["winners"]) for r in beaten]
    home_order = [(r["home"] - r["first"]) % players for r in ended]
    full_home = sum(r["tally"]["relief_home"][r["home"]] == HOME_TERROR for r in ended)
    return {
        "ended_home": len(ended),
        "turn_limit": len(records) - len(ended),
        "home_wins": len(ended) - len(beaten),
        "home_win_rate": share(len(ended) - len(beaten), len(ended)),
        "terror": {name: describe(values) for name, values in terror.items()},
        "terror_home": describe(home),
        "terror_histogram": histogram(
            {"home player": home, "others": terror["beat_home"] + terror["others"]}
        ),
        "gap_when_beaten": describe(gaps),
        "winner_places_left_when_beaten": describe(
            r["places_left"][w] for r in beaten for w in r["winners"]
        ),
        "full_home_relief": share(full_home, len(ended)),
        "home_win_rate_by_flights": _nt_by_flights(ended),
        "sources": sources,
        "home_by_order": [share(home_order.count(k), len(ended)) for k in range(players)],
    }


def _nt_report(summary: dict[str, Any]) -> list[str]:
    extra, games = summary["extra"], summary["games"]
    ended, limit = extra["ended_home"], extra["turn_limit"]
    flights = extra["home_win_rate_by_flights"].items()
    by_flights = "  ".join(f"{k}: {_pct(rate).strip()} of {n}" for k, (n, rate) in flights)
    order = enumerate(extra["home_by_order"])
    by_order = "  ".join(f"{ordinal(k + 1)}: {_pct(v).strip()}" for k, v in order)
    lines = [
        "The player who gets home (Notte di Terrore)",
        f"  games ended by a player reaching home  {ended:>6}  {_pct(share(ended, games))}",
        f"  games ended by the turn limit (I15)    {limit:>6}  {_pct(share(limit, games))}",
        f"  the home player wins                   {extra['home_wins']:>6}  "
        f"{_pct(extra['home_win_rate'])} of the games ended at home",
        f"  ... by the home player's flights:      {by_flights}",
        f"  who gets home, by turn order:          {by_order}",
        f"  home arrivals removing the full -5     {_pct(extra['full_home_relief'])}",
        "",
        f"  {'Terror at the end':<40}{_stats_header()}",
        f"    {'home player':<38}{_stats_row(extra['terror_home'])}",
    ]
    for key, label in NT_GROUPS.items():
        lines.append(f"    {label:<38}{_stats_row(extra['terror'][key])}")
    lines += [
        f"    {'home - winner, when home is beaten':<38}{_stats_row(extra['gap_when_beaten'])}",
        f"    {'Places the winner still had to cross':<38}"
        f"{_stats_row(extra['winner_places_left_when_beaten'])}",
        "",
        f"  {'Per player per game (mean)':<40}" + "".join(f"{g:>14}" for g in NT_GROUPS.values()),
    ]
    for key, label in NT_SOURCES.items():
        row = extra["sources"][key]
        lines.append(f"    {label:<38}" + "".join(f"{row[g]:>14.2f}" for g in NT_GROUPS))
    lines += _text_histogram("Terror: home player vs others", extra["terror_histogram"])
    return lines


def _nt_panels(summary: dict[str, Any]) -> list[dict[str, Any]]:
    extra, games = summary["extra"], summary["games"]
    outcome = {
        "kind": "bars",
        "title": "How games end",
        "labels": ["home player wins", "another player wins", "turn limit"],
        "values": [
            share(extra["home_wins"], games),
            share(extra["ended_home"] - extra["home_wins"], games),
            share(extra["turn_limit"], games),
        ],
        "percent": True,
        "seat_colors": False,
    }
    hist = extra["terror_histogram"]
    terror = {
        "kind": "histogram",
        "title": "Final Terror: home player vs others (% of each)",
        "labels": hist["labels"],
        "series": [{"name": n, "values": v} for n, v in hist["counts"].items()],
        "normalize": True,
    }
    flights = extra["home_win_rate_by_flights"]
    by_flights = {
        "kind": "bars",
        "title": "Home player's win rate by their flights",
        "labels": [f"{k} ({n} games)" for k, (n, _) in flights.items()],
        "values": [rate for _, rate in flights.values()],
        "percent": True,
        "seat_colors": False,
    }
    return [outcome, by_flights, terror]


def _nt_first(state: Any) -> int:
    return state.first


def _nt_turns(state: Any, actions: int) -> int:
    return state.turn_number


# Monster Day: one action per turn; scores are the monsters' points.


def _md_first(state: Any) -> int | None:
    return state.current


def _md_summarize(records: list[Record], players: int) -> dict[str, Any]:
    margins = [max(r["scores"]) - min(r["scores"]) for r in records]
    return {
        "draws": sum(1 for r in records if len(r["winners"]) > 1),
        "margin": describe(margins),
        "totals": describe(sum(r["scores"]) for r in records),
    }


def _md_report(summary: dict[str, Any]) -> list[str]:
    extra = summary["extra"]
    return [
        "Monster Day points",
        f"  drawn games (equal points)   {extra['draws']:>6}  "
        f"{_pct(share(extra['draws'], summary['games']))}",
        f"  {'':<28} {_stats_header()}",
        f"  {'winning margin':<28} {_stats_row(extra['margin'])}",
        f"  {'points scored in a game':<28} {_stats_row(extra['totals'])}",
    ]


STATS: dict[str, GameStats] = {
    "notte_di_terrore": GameStats(
        score_name="Terror",
        lower_is_better=True,
        turns=_nt_turns,
        first=_nt_first,
        start_tally=_nt_tally,
        observe=_nt_observe,
        extras=_nt_extras,
        summarize=_nt_summarize,
        report=_nt_report,
        panels=_nt_panels,
    ),
    "monster_day": GameStats(
        score_name="points", first=_md_first, summarize=_md_summarize, report=_md_report
    ),
}
GENERIC = GameStats()


def stats_for(game: str) -> GameStats:
    return STATS.get(game, GENERIC)


# --- playing -----------------------------------------------------------------------------------


def play_game(game: str, players: int, options: dict[str, Any], seed: int) -> Record:
    """One game with ``bot_action`` at every seat, as a JSON-able :data:`Record`."""
    engine, stats = GAMES[game], stats_for(game)
    state = engine.setup(players, options, seed)
    first = stats.first(state)
    tally = stats.start_tally(players)
    actions = 0
    while pending := engine.pending(state):
        seat = pending[0]
        state, events = engine.apply(state, seat, engine.bot_action(state, seat))
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
        **stats.extras(state, outcome, tally),
    }


def _play_range(job: tuple[str, int, dict[str, Any], int, int]) -> list[Record]:
    """Worker: the games with seeds ``start..stop-1`` (module level, so it pickles)."""
    game, players, options, start, stop = job
    return [play_game(game, players, options, seed) for seed in range(start, stop)]


def run(config: Config) -> list[Record]:
    """Every game of ``config``, in seed order, over ``config.jobs`` processes."""
    first, last = config.seed, config.seed + config.games
    jobs = max(1, min(config.jobs, config.games))
    if jobs == 1:
        return _play_range((config.game, config.players, config.options, first, last))
    size = max(1, math.ceil(config.games / (jobs * 8)))  # small chunks balance the workers
    work = [
        (config.game, config.players, config.options, start, min(start + size, last))
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
    return summary


# --- the report --------------------------------------------------------------------------------


def _pct(value: float) -> str:
    return f"{100 * value:5.1f}%"


def _num(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def _stats_header() -> str:
    return f"{'mean':>7} {'median':>7} {'p90':>6} {'max':>6}"


def _stats_row(d: dict[str, float]) -> str:
    return f"{d['mean']:>7.2f} {_num(d['median']):>7} {_num(d['p90']):>6} {_num(d['max']):>6}"


def _bar(value: float, width: int = 30) -> str:
    return "#" * round(value * width)


def _text_histogram(title: str, hist: dict[str, Any]) -> list[str]:
    """Counts per bin, one column per series, as a share of that series."""
    names = list(hist["counts"])
    totals = {name: sum(hist["counts"][name]) or 1 for name in names}
    header = "    " + " " * 7 + "".join(f"{name:>14}" for name in names)
    lines = ["", f"  {title} (share of each group)", header]
    for i, label in enumerate(hist["labels"]):
        cells = "".join(f"{_pct(hist['counts'][n][i] / totals[n]):>14}" for n in names)
        lines.append(f"    {label:>7}{cells}")
    return lines


def _options_text(options: dict[str, Any]) -> str:
    return " ".join(f"{k}={json.dumps(v)}" for k, v in options.items()) or "(none)"


def format_report(summary: dict[str, Any]) -> str:
    """The readable report printed by the command line."""
    n, games = summary["players"], summary["games"]
    lines = [
        f"{summary['name']} ({summary['game']}): {games} games, {n} players, "
        f"seeds {summary['seeds'][0]}..{summary['seeds'][1]}",
        f"options: {_options_text(summary['options'])}",
        "players: the engine's bot_action at every seat",
        f"time: {summary['seconds']:.1f} s with {summary['jobs']} jobs "
        f"({summary['games_per_second']:.1f} games/s)",
        "",
        f"Win rate by seat (shared wins split; fair = {_pct(1 / n).strip()})",
    ]
    for seat, rate in enumerate(summary["win_rate_by_seat"]):
        wins = summary["wins_by_seat"][seat]
        lines.append(f"  seat {seat}  {wins:>8.1f}  {_pct(rate)}  {_bar(rate)}")
    if "win_rate_by_order" in summary:
        lines.append("Win rate by turn order")
        for k, rate in enumerate(summary["win_rate_by_order"]):
            lines.append(f"  {ordinal(k + 1) + ' to play':<14}{_pct(rate)}  {_bar(rate)}")
    lines += [
        f"Games with a shared win: {summary['shared_wins']} "
        f"({_pct(share(summary['shared_wins'], games)).strip()})",
        "",
        f"Game length          {_stats_header()}",
        f"  turns              {_stats_row(summary['turns'])}",
        f"  actions            {_stats_row(summary['actions'])}",
        "",
        _score_title(summary) + _stats_header(),
    ]
    for group in ("all", "winners", "losers"):
        lines.append(f"  {group:<30}{_stats_row(summary['scores'][group])}")
    lines += _text_histogram(
        f"{summary['score_name']}: winners vs losers", summary["scores"]["histogram"]
    )
    extra_lines = stats_for(summary["game"]).report(summary)
    if extra_lines:
        lines += ["", *extra_lines]
    return "\n".join(lines)


def _score_title(summary: dict[str, Any]) -> str:
    better = "lower" if summary["lower_is_better"] else "higher"
    return f"Final {summary['score_name']} ({better} is better)".ljust(32)


# --- the chart ---------------------------------------------------------------------------------


def chart_panels(summary: dict[str, Any]) -> list[dict[str, Any]]:
    """The chart as plain data (:mod:`render.charts` panels): it never sees a game object."""
    n = summary["players"]
    seats = {
        "kind": "bars",
        "title": "Win rate by seat (shared wins split)",
        "labels": [f"seat {s}" for s in range(n)],
        "values": summary["win_rate_by_seat"],
        "percent": True,
        "reference": 1 / n,
        "reference_label": f"fair ({100 / n:.0f}%)",
    }
    panels = [seats, *stats_for(summary["game"]).panels(summary)]
    if "win_rate_by_order" in summary:
        order = {
            "title": "Win rate by turn order (shared wins split)",
            "labels": [ordinal(k + 1) + " to play" for k in range(n)],
            "values": summary["win_rate_by_order"],
            "seat_colors": False,
        }
        panels.append({**seats, **order})
    turns = summary["turns_histogram"]
    panels.append(
        {
            "kind": "histogram",
            "title": "Game length (turns)",
            "labels": turns["labels"],
            "series": [{"name": "games", "values": turns["counts"]["games"]}],
        }
    )
    scores = summary["scores"]["histogram"]
    panels.append(
        {
            "kind": "histogram",
            "title": f"Final {summary['score_name']}: winners vs losers (% of each)",
            "labels": scores["labels"],
            "series": [{"name": k, "values": v} for k, v in scores["counts"].items()],
            "normalize": True,
        }
    )
    return panels


def write_chart(path: Path, summary: dict[str, Any]) -> None:
    """Draw the chart with Pillow.

    Imported here, not at the top: ``rules/`` stays pure and importable without Pillow (the
    engines never import this module; it is the command-line entry point), and only a run that
    asks for ``--chart`` needs the renderer.
    """
    from render.charts import chart_png

    title = f"{summary['name']}: {summary['games']} games, {summary['players']} players"
    subtitle = f"options: {_options_text(summary['options'])}  ·  bots at every seat"
    path.write_bytes(chart_png(title, subtitle, chart_panels(summary)))


# --- the command line --------------------------------------------------------------------------


def parse_option(text: str) -> tuple[str, Any]:
    """``name=value``; the value is JSON when it parses (``5``, ``true``), else a string."""
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise ConfigError(f"--option wants name=value, not {text!r}")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return name.strip(), value


def checked_config(config: Config) -> Config:
    """Reject what the engine would reject, before starting any worker: unknown options,
    bad values (the engine's own ``setup`` is the judge), player counts, game counts."""
    engine = GAMES[config.game]
    if config.games < 1:
        raise ConfigError("--games must be at least 1")
    if not engine.min_players <= config.players <= engine.max_players:
        raise ConfigError(
            f"{config.game} is for {engine.min_players}..{engine.max_players} players, "
            f"not {config.players}"
        )
    unknown = sorted(set(config.options) - set(engine.options))
    if unknown:
        known = ", ".join(sorted(engine.options)) or "none"
        raise ConfigError(
            f"unknown option(s) {', '.join(unknown)} for {config.game}; known: {known}"
        )
    try:
        engine.setup(config.players, dict(config.options), config.seed)
    except (ValueError, TypeError) as error:
        raise ConfigError(f"bad option for {config.game}: {error}") from error
    return config


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m rules.simulate",
        description="Play many seeded games between bot players and report on balance.",
    )
    parser.add_argument("game", choices=sorted(GAMES), help="a game id from rules.GAMES")
    parser.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    parser.add_argument("--players", type=int, help="seats per game (default: the minimum)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option; the value is read as JSON when it parses (repeatable)",
    )
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: CPUs)"
    )
    parser.add_argument("--chart", type=Path, help="write a PNG chart here")
    parser.add_argument("--json", type=Path, help="write the summary and every game here")
    return parser


def config_from_args(args: argparse.Namespace) -> Config:
    for path in (args.chart, args.json):
        if path is not None and not path.resolve().parent.is_dir():
            raise ConfigError(f"no folder for {path}: create {path.resolve().parent} first")
    options = dict(parse_option(text) for text in args.option)
    players = args.players or GAMES[args.game].min_players
    config = Config(args.game, args.games, players, args.seed, options, max(1, args.jobs))
    return checked_config(config)


def simulate(config: Config) -> tuple[dict[str, Any], list[Record]]:
    """Play ``config``'s games; the summary (timed) and every game's record."""
    started = time.perf_counter()
    records = run(config)
    return summarize(config, records, time.perf_counter() - started), records


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        config = config_from_args(args)
    except ConfigError as error:
        parser.error(str(error))  # prints the usage and the message, exits with status 2
    summary, records = simulate(config)
    print(format_report(summary))
    if args.json:
        args.json.write_text(json.dumps({"summary": summary, "records": records}, indent=1))
    if args.chart:
        write_chart(args.chart, summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
