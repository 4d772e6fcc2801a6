"""The arena (issue 28): ``--bots`` seats bot levels in rotation and reports each level's win
share with its 95 % interval; a level a game lacks is refused (exit 2). Tiny game counts: the
arena's figures come from the simulator's long runs (docs/simulator.md), not from tests.
"""

from __future__ import annotations

import math

import pytest

from simulator import Config, format_report, main, simulate
from simulator.arena import level_shares, seat_levels


def test_levels_rotate_over_the_seats() -> None:
    assert seat_levels(("hard", "normal"), 2, 4) == ["hard", "normal"]
    assert seat_levels(("hard", "normal"), 2, 5) == ["normal", "hard"]
    assert seat_levels(("hard", "normal", "normal"), 3, 1) == ["normal", "normal", "hard"]
    assert seat_levels((), 3, 1) == ["normal"] * 3


def test_level_shares_split_shared_wins() -> None:
    records = [
        {"levels": ["hard", "normal"], "winners": [0]},
        {"levels": ["normal", "hard"], "winners": [0, 1]},
    ]
    shares = level_shares(records)
    assert shares["hard"]["wins"] == 1.5 and shares["normal"]["wins"] == 0.5
    assert shares["hard"]["rate"] == 0.75
    assert shares["hard"]["low"] <= 0.75 <= shares["hard"]["high"]


def test_monster_day_arena_reports_a_line_per_level() -> None:
    summary, records = simulate(Config("monster_day", 4, 2, seed=6, bots=("easy", "normal")))
    assert [r["levels"] for r in records] == [["easy", "normal"], ["normal", "easy"]] * 2
    levels = summary["levels"]
    assert {lvl: v["seats"] for lvl, v in levels.items()} == {"easy": 4, "normal": 4}
    assert math.isclose(sum(v["wins"] for v in levels.values()), 4)
    report = format_report(summary)
    assert "level easy: win share" in report and "level normal: win share" in report
    assert "seated in rotation" in report


def test_notte_di_terrore_arena_with_three_seats() -> None:
    summary, records = simulate(
        Config("notte_di_terrore", 2, 3, seed=1, bots=("easy", "normal", "normal"))
    )
    assert all(sorted(r["levels"]) == ["easy", "normal", "normal"] for r in records)
    assert summary["levels"]["easy"]["seats"] == 2
    assert summary["levels"]["normal"]["seats"] == 4


def test_an_unknown_level_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["monster_day", "--games", "1", "--bots", "hard,brutal"])
    assert exit_info.value.code == 2
    assert "no bot level 'brutal'" in capsys.readouterr().err


def test_solo_2_seats_a_hard_player_at_a_difficulty(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 28 asks hard's win rate against Spider Jack at each difficulty: the ladder's
    variants (``solo2_0`` .. ``solo2_7``) and ``--bots hard`` together seat one hard player,
    whose win share is its win rate against him (fair = 100 %: there is no other seat)."""
    assert (
        main(
            [
                "monsters_on_board",
                "--variant",
                "solo2_7",
                "--bots",
                "hard",
                "--games",
                "1",
                "--jobs",
                "1",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert 'mode="solo2"' in out and "level hard: win share" in out
