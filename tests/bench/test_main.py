"""``python -m bench`` keeps what it measured: the results file is rewritten after every
section, a section that raises is reported and the run goes on, and the exit code says so.

Why fake sections: the real ones take minutes and measure timings; what is tested here is the
runner around them, with sections that return fixed results, raise, or read the file midway.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import bench.__main__ as bench_main
from bench.profile import Profile
from bench.report import Figure, Result, latency


def _first(profile: Profile, rng: random.Random) -> list[Result]:
    return [
        Figure("first", "tables served", 12.0, "tables"),
        latency("first", "a move", [0.001, 0.003, 0.002]),
    ]


def _broken(profile: Profile, rng: random.Random) -> list[Result]:
    raise RuntimeError("the fake Discord went away")


def _interrupted(profile: Profile, rng: random.Random) -> list[Result]:
    raise KeyboardInterrupt


def _saved(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def _labels(saved: dict[str, Any]) -> list[str]:
    return [r["label"] for r in saved["latencies"] + saved["figures"]]


@pytest.fixture
def out_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setattr(bench_main, "OUT_DIR", tmp_path)
    return tmp_path


def test_a_failing_section_is_reported_and_every_other_figure_kept(
    monkeypatch: pytest.MonkeyPatch, out_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = out_dir / "results-quick.json"
    midway: list[dict[str, Any]] = []

    async def last(profile: Profile, rng: random.Random) -> list[Result]:
        midway.append(_saved(path))  # what a crash here would have left
        return [Figure("last", "games stored", 3.0, "games")]

    sections = {"first": _first, "broken": _broken, "last": last}
    monkeypatch.setattr(bench_main, "SECTIONS", sections)

    assert bench_main.main(["--quick"]) == 1

    [before_last] = midway
    assert before_last["meta"]["partial"] is True
    assert _labels(before_last) == ["a move", "tables served"]
    assert before_last["meta"]["failures"] == [
        "section broken failed: RuntimeError: the fake Discord went away"
    ]
    saved = _saved(path)
    assert saved["meta"]["partial"] is False
    assert saved["meta"]["sections"] == ["first", "last"]
    assert saved["meta"]["failures"] == before_last["meta"]["failures"]
    assert _labels(saved) == ["a move", "tables served", "games stored"]
    assert saved["latencies"][0]["count"] == 3
    assert not list(out_dir.glob("*.part"))

    out, err = capsys.readouterr()
    assert "section broken failed: RuntimeError: the fake Discord went away" in out
    assert "tables served" in out and "games stored" in out and "a move" in out
    assert "PARTIAL" not in out
    assert "Traceback" in err and "the fake Discord went away" in err


def test_ctrl_c_stops_the_run_and_saves_what_was_measured(
    monkeypatch: pytest.MonkeyPatch, out_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ran: list[str] = []

    def never(profile: Profile, rng: random.Random) -> list[Result]:
        ran.append("never")
        return []

    sections = {"first": _first, "stopped": _interrupted, "never": never}
    monkeypatch.setattr(bench_main, "SECTIONS", sections)

    assert bench_main.main(["--quick"]) == 130

    assert ran == []
    saved = _saved(out_dir / "results-quick.json")
    assert saved["meta"]["partial"] is True
    assert saved["meta"]["sections"] == ["first"]
    assert _labels(saved) == ["a move", "tables served"]
    out = capsys.readouterr().out
    assert "PARTIAL" in out and "section stopped interrupted" in out and "tables served" in out


def test_a_run_where_every_section_works_exits_zero(
    monkeypatch: pytest.MonkeyPatch, out_dir: Path
) -> None:
    monkeypatch.setattr(bench_main, "SECTIONS", {"first": _first})

    assert bench_main.main(["--quick", "--only", "first"]) == 0

    saved = _saved(out_dir / "results-quick.json")
    assert saved["meta"]["partial"] is False
    assert saved["meta"]["failures"] == []
    assert _labels(saved) == ["a move", "tables served"]


def test_the_issue_12_table_marks_each_board_against_its_target() -> None:
    """The boards section's figure for each game is set beside its target (p50 <= 20 ms),
    and only the whole board's, not its draw or encode parts."""
    from bench import summary

    results: list[Result] = [
        latency("boards", "monster_day board", [0.005] * 10),
        latency("boards", "notte_di_terrore board", [0.025] * 10),
        latency("boards", "notte_di_terrore   draw", [0.020] * 10),
        latency("interaction", "notte_di_terrore board", [0.001] * 10),
    ]
    table = summary.render(results)
    lines = [line for line in table.splitlines() if "board render" in line]
    assert len(lines) == 2
    assert "monster_day" in lines[0] and lines[0].rstrip().endswith("yes")
    assert "notte_di_terrore" in lines[1] and lines[1].rstrip().endswith("NO")


def test_the_load_can_be_sized_for_a_short_run() -> None:
    """``--load TABLES,RATE,SECONDS``: a short load at the full rate, for iterating."""
    assert bench_main.parse(["--load", "500,50,10"]).load == (500, 50.0, 10.0)
    assert bench_main.parse([]).load is None
