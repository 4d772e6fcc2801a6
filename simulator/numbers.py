"""Numbers the simulator computes and how it prints them: summaries, histograms, shares.

Plain functions of plain data (no game, no engine), so every game's report uses the same ones.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Sequence
from typing import Any

HISTOGRAM_BINS = 16

Record = dict[str, Any]
"""One finished game, JSON-able: seed, scores, winners, turns, actions, first, game extras."""


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


def wilson(successes: float, trials: float, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a rate (95 % with the default ``z``): unlike the normal
    approximation it stays inside 0..1 and is sound near 0 or 1 and on small samples. Shared
    wins count as fractions of a success. ``(0, 1)`` with no trials."""
    if not trials:
        return 0.0, 1.0
    rate = successes / trials
    centre = rate + z * z / (2 * trials)
    spread = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


# --- printed ---------------------------------------------------------------------------------


def pct(value: float) -> str:
    return f"{100 * value:5.1f}%"


def interval(low: float, high: float) -> str:
    return f"[{100 * low:.1f}, {100 * high:.1f}]"


def num(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def stats_header() -> str:
    return f"{'mean':>7} {'median':>7} {'p90':>6} {'max':>6}"


def stats_row(d: dict[str, float]) -> str:
    return f"{d['mean']:>7.2f} {num(d['median']):>7} {num(d['p90']):>6} {num(d['max']):>6}"


def bar(value: float, width: int = 30) -> str:
    return "#" * round(value * width)


def text_histogram(title: str, hist: dict[str, Any]) -> list[str]:
    """Counts per bin, one column per series, as a share of that series."""
    names = list(hist["counts"])
    totals = {name: sum(hist["counts"][name]) or 1 for name in names}
    header = "    " + " " * 7 + "".join(f"{name:>14}" for name in names)
    lines = ["", f"  {title} (share of each group)", header]
    for i, label in enumerate(hist["labels"]):
        cells = "".join(f"{pct(hist['counts'][n][i] / totals[n]):>14}" for n in names)
        lines.append(f"    {label:>7}{cells}")
    return lines
