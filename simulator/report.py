"""The readable report and the chart's panels, from a summary (plain data) only."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from render.charts import chart_png
from simulator.arena import report_lines
from simulator.games import stats_for
from simulator.numbers import bar, ordinal, pct, share, stats_header, stats_row, text_histogram


def options_text(options: dict[str, Any]) -> str:
    return " ".join(f"{k}={json.dumps(v)}" for k, v in options.items()) or "(none)"


def setup_text(summary: dict[str, Any]) -> str:
    """``variant: short_night; options: places=3 ...`` (the variant only when one was named)."""
    options = f"options: {options_text(summary['options'])}"
    variant = summary.get("variant")
    return f"variant: {variant}; {options}" if variant else options


def format_report(summary: dict[str, Any]) -> str:
    """The readable report printed by the command line."""
    n, games = summary["players"], summary["games"]
    lines = [
        f"{summary['name']} ({summary['game']}): {games} games, {n} players, "
        f"seeds {summary['seeds'][0]}..{summary['seeds'][1]}",
        setup_text(summary),
        _players_text(summary),
        f"time: {summary['seconds']:.1f} s with {summary['jobs']} jobs "
        f"({summary['games_per_second']:.1f} games/s)",
        "",
        f"Win rate by seat (shared wins split; fair = {pct(1 / n).strip()})",
    ]
    for seat, rate in enumerate(summary["win_rate_by_seat"]):
        wins = summary["wins_by_seat"][seat]
        lines.append(f"  seat {seat}  {wins:>8.1f}  {pct(rate)}  {bar(rate)}")
    if "win_rate_by_order" in summary:
        lines.append("Win rate by turn order")
        for k, rate in enumerate(summary["win_rate_by_order"]):
            lines.append(f"  {ordinal(k + 1) + ' to play':<14}{pct(rate)}  {bar(rate)}")
    lines += [
        f"Games with a shared win: {summary['shared_wins']} "
        f"({pct(share(summary['shared_wins'], games)).strip()})",
        "",
        f"Game length          {stats_header()}",
        f"  turns              {stats_row(summary['turns'])}",
        f"  actions            {stats_row(summary['actions'])}",
        "",
        _score_title(summary) + stats_header(),
    ]
    for group in ("all", "winners", "losers"):
        lines.append(f"  {group:<30}{stats_row(summary['scores'][group])}")
    lines += text_histogram(
        f"{summary['score_name']}: winners vs losers", summary["scores"]["histogram"]
    )
    level_lines = report_lines(summary)
    if level_lines:
        lines += ["", *level_lines]
    extra_lines = stats_for(summary["game"]).report(summary)
    if extra_lines:
        lines += ["", *extra_lines]
    return "\n".join(lines)


def _players_text(summary: dict[str, Any]) -> str:
    bots = summary.get("bots")
    if bots:
        return f"players: bot levels {', '.join(bots)} seated in rotation"
    return "players: the engine's bot_action at every seat"


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
    """Draw the chart with Pillow (:mod:`render.charts`, which knows no game: it draws panels)."""
    title = f"{summary['name']}: {summary['games']} games, {summary['players']} players"
    subtitle = f"{setup_text(summary)}  ·  bots at every seat"
    path.write_bytes(chart_png(title, subtitle, chart_panels(summary)))
