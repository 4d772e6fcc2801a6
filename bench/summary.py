"""Issue 12's figures in one table, each beside its target, picked from the sections' results.

Why a separate table: the figures come from four sections (boards, interaction, load, memory)
among dozens of rows; the reader of a run wants to see at once whether each target is met. A figure
whose section did not run is left out; a quick run shows its smaller scales, labelled as such.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bench.report import Figure, Latency, Result, _table, duration_text

MOVE_P99_TARGET = 0.030  # s, at 500 live tables
START_P50_TARGET = 0.100  # s
MOVE = re.compile(r"^server: /monsterday play, (\d+) tables? -> public reply$")
EARLY_DMS = re.compile(r"^/monsterday play, (\d+) tables?: a DM before the public reply$")
BOARD_P50_TARGET = 0.020  # s, every game's board, drawn and encoded
BOARD = re.compile(r"^(\w+) board$")
START = re.compile(r"^server: /game start, (\d+) tables? -> public reply$")
LOAD = re.compile(r"^server: (\w+), (\d+) moves -> public reply$")


def _largest(results: Sequence[Result], section: str, pattern: re.Pattern[str]) -> Result | None:
    """The result of ``section`` matching ``pattern`` with the largest first number."""
    found = [
        (int(m[1]), r)
        for r in results
        if r.section == section and (m := pattern.match(r.label)) is not None
    ]
    return max(found, key=lambda pair: pair[0])[1] if found else None


def _by_label(results: Sequence[Result], section: str, label: str) -> Result | None:
    return next((r for r in results if r.section == section and r.label == label), None)


def _met(ok: bool) -> str:
    return "yes" if ok else "NO"


def _latency_row(label: str, result: Latency, target: str, ok: bool) -> list[str]:
    """A row for a latency: its label, its p50 / p99, the target, whether it is met."""
    return [label, f"{duration_text(result.p50)} / {duration_text(result.p99)}", target, _met(ok)]


def _move_rows(results: Sequence[Result]) -> list[list[str]]:
    rows: list[list[str]] = []
    move = _largest(results, "interaction", MOVE)
    if isinstance(move, Latency):
        scale = MOVE.match(move.label)
        assert scale is not None
        label = f"move at {scale[1]} live tables -> public reply (n={move.count})"
        target = "p99 <= 30 ms at 500 tables"
        rows.append(_latency_row(label, move, target, move.p99 <= MOVE_P99_TARGET))
    early = _largest(results, "interaction", EARLY_DMS)
    if isinstance(early, Figure):
        rows.append([
            "moves with a hand DM before the public reply",
            f"{early.value:.0f}",
            "0",
            _met(early.value == 0),
        ])  # fmt: skip
    start = _largest(results, "interaction", START)
    if isinstance(start, Latency):
        label = f"/game start -> public reply (n={start.count}, 1 at a time)"
        rows.append(_latency_row(label, start, "p50 <= 100 ms", start.p50 <= START_P50_TARGET))
    return rows


def _board_rows(results: Sequence[Result]) -> list[list[str]]:
    """Each game's board, drawn and encoded (the boards section's mid-game views)."""
    rows: list[list[str]] = []
    for result in results:
        game = BOARD.match(result.label) if result.section == "boards" else None
        if game is not None and isinstance(result, Latency):
            label = f"{game[1]} board render, draw + encode (n={result.count})"
            ok = result.p50 <= BOARD_P50_TARGET
            rows.append(_latency_row(label, result, "p50 <= 20 ms", ok))
    return rows


def _load_rows(results: Sequence[Result]) -> list[list[str]]:
    rows: list[list[str]] = []
    for result in results:
        match = LOAD.match(result.label) if result.section == "load" else None
        if match is None or not isinstance(result, Latency):
            continue
        store, moves = match[1], match[2]
        errors = _by_label(results, "load", f"{store}: errors")
        rate = _by_label(results, "load", f"{store}: moves per second achieved")
        error_count = errors.value if isinstance(errors, Figure) else float("nan")
        achieved = f", {rate.value:.1f}/s achieved" if isinstance(rate, Figure) else ""
        rows.append([
            f"load on {store}: {moves} moves open loop{achieved} -> public reply",
            f"{duration_text(result.p50)} / {duration_text(result.p99)}",
            "p50/p99 reported",
            "-",
        ])  # fmt: skip
        rows.append([f"load on {store}: errors", f"{error_count:.0f}", "0",
                     _met(error_count == 0)])  # fmt: skip
    return rows


def _memory_rows(results: Sequence[Result]) -> list[list[str]]:
    rows: list[list[str]] = []
    for result in results:
        if result.section != "memory" or not isinstance(result, Figure):
            continue
        if result.label.startswith("bot start-up until ready,") and "empty" not in result.label:
            games = result.label.split(", ", 1)[1]
            rows.append([f"start-up with {games} stored", f"{result.value:.2f} s", "reported", "-"])
        if result.label.startswith("bot RSS after start-up,") and "empty" not in result.label:
            games = result.label.split(", ", 1)[1]
            rows.append([f"bot RSS after start-up, {games}", f"{result.value:.0f} MiB",
                         "reported", "-"])  # fmt: skip
    return rows


def render(results: Sequence[Result]) -> str:
    """The issue 12 table (p50 / p99 where a latency), or "" when none of its sections ran."""
    rows = _board_rows(results) + _move_rows(results) + _load_rows(results)
    rows += _memory_rows(results)
    if not rows:
        return ""
    table = _table(["issue 12, server side", "p50 / p99 or value", "target", "met"], rows, set())
    return "Issue 12 figures\n\n" + table
