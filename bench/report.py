"""Results and how they are printed: latencies as count/p50/p99, single figures as a value.

Why nearest-rank percentiles: they are always an observed sample (no interpolation between two
very different runs), and with fewer than 100 samples p99 is simply the maximum, which the count
column makes obvious.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Latency:
    """How long one operation took, summarised over ``count`` samples (seconds)."""

    section: str
    label: str
    count: int
    p50: float
    p99: float
    note: str = ""


@dataclass(frozen=True, slots=True)
class Figure:
    """One measured value that is not a latency: a rate, a memory size, a file size."""

    section: str
    label: str
    value: float
    unit: str
    note: str = ""


Result = Latency | Figure


def timed(samples: list[float], fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Call ``fn``, append its duration (seconds) to ``samples``, return its value."""
    start = time.perf_counter()
    value = fn(*args, **kwargs)
    samples.append(time.perf_counter() - start)
    return value


def scale_label(count: int) -> str:
    """``1 table``, ``100 tables``: for labels."""
    return f"{count} table" if count == 1 else f"{count} tables"


def percentile(sorted_samples: Sequence[float], pct: float) -> float:
    """Nearest-rank percentile of already sorted samples."""
    if not sorted_samples:
        return math.nan
    rank = max(1, math.ceil(pct / 100 * len(sorted_samples)))
    return sorted_samples[rank - 1]


def latency(section: str, label: str, samples: Sequence[float], note: str = "") -> Latency:
    """Summarise raw durations (seconds)."""
    ordered = sorted(samples)
    return Latency(
        section, label, len(ordered), percentile(ordered, 50), percentile(ordered, 99), note
    )


def duration_text(seconds: float) -> str:
    """A duration in the unit that keeps three significant digits readable."""
    if math.isnan(seconds):
        return "-"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def _table(headers: Sequence[str], rows: list[list[str]], right: set[int]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        padded = [
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(padded).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(headers), rule, *(line(r) for r in rows)])


def latency_table(results: Sequence[Result]) -> str:
    rows = [
        [r.section, r.label, str(r.count), duration_text(r.p50), duration_text(r.p99), r.note]
        for r in results
        if isinstance(r, Latency)
    ]
    if not rows:
        return ""
    return _table(["section", "measurement", "n", "p50", "p99", "notes"], rows, {2, 3, 4})


def figure_table(results: Sequence[Result]) -> str:
    rows = [
        [r.section, r.label, _number(r.value), r.unit, r.note]
        for r in results
        if isinstance(r, Figure)
    ]
    if not rows:
        return ""
    return _table(["section", "measurement", "value", "unit", "notes"], rows, {2})


def _number(value: float) -> str:
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:.2f}" if value < 10 else f"{value:.1f}"


def render(results: Sequence[Result]) -> str:
    """Both tables, latencies first."""
    parts = [latency_table(results), figure_table(results)]
    return "\n\n".join(p for p in parts if p)


def save(results: Sequence[Result], path: Path, meta: dict[str, object]) -> None:
    """Machine-readable copy of a run, for comparing runs by hand. Written beside and then
    renamed over the old copy: the run saves after every section, and a Ctrl-C mid-write must
    leave the last complete file, not half of one."""
    payload = {
        "meta": meta,
        "latencies": [asdict(r) for r in results if isinstance(r, Latency)],
        "figures": [asdict(r) for r in results if isinstance(r, Figure)],
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    draft = path.with_name(path.name + ".part")
    draft.write_text(json.dumps(payload, indent=2, ensure_ascii=False))
    draft.replace(path)
