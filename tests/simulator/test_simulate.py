"""The balance simulator (``python -m simulator``): its numbers add up, it is the same for any
number of worker processes, it draws a real PNG, it plays declared variants, and it turns bad
options away (exit 2).

Why no timings here: the simulator's speed depends on the machine; the tests check only what it
computes. ``docs/simulator.md`` records measured speeds.
"""

from __future__ import annotations

import ast
import io
import json
import math
import os
import shlex
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import render.charts as render_charts
from render.charts import chart_png, nice_step
from rules import GAMES
from simulator import (
    Config,
    ConfigError,
    chart_panels,
    checked_config,
    chosen_options,
    describe,
    format_report,
    histogram,
    main,
    run,
    simulate,
    variant_options,
    wilson,
)

ROOT = Path(__file__).resolve().parents[2]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def check_common(summary: dict[str, Any], records: list[dict[str, Any]], games: int) -> None:
    """What every game's summary must satisfy, whatever the game."""
    players = summary["players"]
    assert summary["games"] == len(records) == games
    assert [r["seed"] for r in records] == list(range(summary["seeds"][0], summary["seeds"][1] + 1))
    assert math.isclose(sum(summary["wins_by_seat"]), games)
    assert math.isclose(sum(summary["win_rate_by_seat"]), 1.0)
    assert math.isclose(sum(summary.get("win_rate_by_order", [1.0])), 1.0)
    assert summary["turns"]["n"] == summary["actions"]["n"] == games
    for stats in (summary["turns"], summary["actions"]):
        assert stats["min"] <= stats["median"] <= stats["p90"] <= stats["max"]
    winners = sum(len(r["winners"]) for r in records)
    scores = summary["scores"]
    assert scores["winners"]["n"] == winners
    assert scores["losers"]["n"] == games * players - winners
    assert scores["all"]["n"] == games * players
    counts = scores["histogram"]["counts"]
    assert sum(counts["winners"]) == winners and sum(counts["losers"]) == scores["losers"]["n"]
    assert sum(summary["turns_histogram"]["counts"]["games"]) == games
    assert summary["shared_wins"] == sum(1 for r in records if len(r["winners"]) > 1)


def test_notte_di_terrore_summary_adds_up() -> None:
    summary, records = simulate(Config("notte_di_terrore", 8, 4, seed=5))
    check_common(summary, records, 8)
    extra = summary["extra"]
    assert extra["ended_home"] + extra["turn_limit"] == 8
    assert extra["ended_home"] == sum(1 for r in records if r["home"] is not None)
    assert extra["home_wins"] == sum(1 for r in records if r["home"] in r["winners"])
    assert extra["terror_home"]["n"] == extra["ended_home"]
    assert extra["terror"]["home_won"]["n"] == extra["home_wins"]
    groups = sum(
        extra["terror"][g]["n"] for g in ("home_won", "home_beaten", "beat_home", "others")
    )
    assert groups == 4 * extra["ended_home"]
    by_flights = extra["home_win_rate_by_flights"].values()
    assert sum(n for n, _ in by_flights) == extra["ended_home"]
    assert math.isclose(sum(n * rate for n, rate in by_flights), extra["home_wins"])
    assert math.isclose(sum(extra["home_by_order"]), 1.0)
    assert sum(extra["terror_histogram"]["counts"]["home player"]) == extra["ended_home"]
    for r in records:
        assert r["tally"]["turns"] and sum(r["tally"]["turns"]) == r["turns"]
    report = format_report(summary)
    assert "Win rate by seat" in report and "The player who gets home" in report


def test_notte_di_terrore_with_options() -> None:
    options = {"places": 3, "victory": "home_first", "necronomicon_removed": True}
    summary, records = simulate(Config("notte_di_terrore", 6, 3, options=options))
    check_common(summary, records, 6)
    assert summary["options"] == {**GAMES["notte_di_terrore"].options, **options}
    # home_first: whoever gets home wins alone.
    assert all(r["winners"] == [r["home"]] for r in records if r["home"] is not None)


def test_monster_day_summary_adds_up() -> None:
    summary, records = simulate(Config("monster_day", 12, 2, seed=3))
    check_common(summary, records, 12)
    assert summary["extra"]["draws"] == summary["shared_wins"]
    assert all(r["turns"] == r["actions"] for r in records)
    assert "Monster Day points" in format_report(summary)


def test_munchkin_fu_summary_counts_turns_helps_and_deaths() -> None:
    summary, records = simulate(Config("munchkin_fu", 4, 4, seed=5))
    check_common(summary, records, 4)
    for r in records:
        assert r["turns"] == sum(r["tally"]["turns"])  # every turn started was counted
        assert r["capped"] == (max(r["scores"]) < 10)
    assert "Fights helped in" in format_report(summary)


def test_monsterpocalypse_summary_adds_up_and_says_how_battles_end() -> None:
    summary, records = simulate(Config("monsterpocalypse", 3, 2, seed=2))
    check_common(summary, records, 3)
    assert all(r["actions"] > 0 for r in records)
    extra = summary["extra"]
    assert set(extra["by_side"]) == {"north", "south"}  # each battle has one seat per side
    assert set(extra["by_faction"]) == {r["factions"][0] for r in records} | {
        r["factions"][1] for r in records
    }
    assert all(0 < r["turns"] <= r["actions"] for r in records)  # turns are activations
    # one winner, or a split draw
    assert sum(r["rate"] for r in extra["by_side"].values()) == pytest.approx(1.0)
    assert sum(r["rate"] for r in extra["by_seat"].values()) == pytest.approx(1.0)
    assert "win rate, north side" in format_report(summary)
    # Issue 26: the share of battles ended by a monster destroyed / at the round limit / by
    # the tie-break, and every win rate with its 95 % Wilson interval.
    ends = Counter(r["end"] for r in records)
    assert set(ends) <= {"destroyed", "tie_break", "draw"}
    assert {k: round(v["rate"] * 3) for k, v in extra["ends"].items()} == {
        k: ends[k] for k in ("destroyed", "tie_break", "draw")
    }
    assert extra["round_limit"]["rate"] == pytest.approx((ends["tie_break"] + ends["draw"]) / 3)
    rates = [
        *extra["by_seat"].values(), *extra["by_side"].values(), *extra["by_faction"].values(),
        extra["first_player"], *extra["ends"].values(),
    ]  # fmt: skip
    assert all(r["low"] <= r["rate"] <= r["high"] for r in rates)
    report = format_report(summary)
    assert "ended at the round limit" in report and "won by the tie-break" in report
    assert "95% [" in report


def test_monsterpocalypse_summary_says_where_each_faction_wins() -> None:
    """Issue 26 item 7 (the maps): the diagnosis per map needs, per faction, the wins among the
    battles ended by a kill and among those at the round limit, and how the monsters' slams on
    each other land (hits, and the share that scored super damage: a collision or a double)."""
    summary, records = simulate(  # seeds 1003..1004: one battle of each ending
        Config("monsterpocalypse", 2, 2, seed=1003, options={"map": "harbour"})
    )
    assert sorted(r["end"] for r in records) == ["destroyed", "tie_break"]
    extra = summary["extra"]
    for end, kept in (("destroyed", {"destroyed"}), ("round_limit", {"tie_break", "draw"})):
        games = [r for r in records if r["end"] in kept]
        for faction, rate in extra["by_faction_end"][end].items():
            wins = sum(
                1 / len(r["winners"])
                for r in games
                for seat in r["winners"]
                if r["factions"][seat] == faction
            )
            assert rate["games"] == len(games)
            assert rate["rate"] == pytest.approx(wins / len(games))
    for r in records:
        assert len(r["slams"]) == 2 and all(hits >= supers >= 0 for hits, supers in r["slams"])
    assert sum(hits for r in records for hits, _ in r["slams"]) > 0  # the monsters met
    for faction, slams in extra["slams"].items():
        seats = [(r, s) for r in records for s in (0, 1) if r["factions"][s] == faction]
        hits = sum(r["slams"][s][0] for r, s in seats)
        assert slams["hits"] == pytest.approx(hits / len(seats))
        supers = sum(r["slams"][s][1] for r, s in seats)
        assert slams["super"] == pytest.approx(supers / hits if hits else 0.0)
    report = format_report(summary)
    assert "of the battles ended by a kill" in report and "slams on the monster" in report


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_games_do_not_depend_on_the_number_of_jobs() -> None:
    config = Config("notte_di_terrore", 5, 3, seed=11)
    assert run(config) == run(Config("notte_di_terrore", 5, 3, seed=11, jobs=2))


def test_describe_and_histogram() -> None:
    stats = describe([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    assert (stats["mean"], stats["median"], stats["p90"], stats["max"]) == (5.5, 5.5, 9, 10)
    assert describe([])["n"] == 0
    hist = histogram({"a": [0, 1, 1, 40], "b": [2]}, bins=4)
    assert len(hist["labels"]) <= 4
    assert sum(hist["counts"]["a"]) == 4 and sum(hist["counts"]["b"]) == 1


@pytest.mark.parametrize(
    ("assignments", "expected"),
    [
        (["places=5"], {"places": 5}),
        (["victory=home_first"], {"victory": "home_first"}),
        (["necronomicon_removed=true"], {"necronomicon_removed": True}),
        (["vittoria=primo_a_casa", "luoghi=3"], {"victory": "home_first", "places": 3}),
    ],
)
def test_options_are_read_through_the_schema_in_either_language(
    assignments: list[str], expected: dict[str, Any]
) -> None:
    assert chosen_options("notte_di_terrore", {}, assignments) == expected


def test_a_variant_gives_its_options_and_options_go_on_top() -> None:
    assert variant_options("notte_di_terrore", "Notte breve (3 Luoghi)") == (
        "short_night",
        {"places": 3},
    )
    assert variant_options("monster_day", None) == (None, {})
    base = variant_options("notte_di_terrore", "short_night")[1]
    options = chosen_options("notte_di_terrore", base, ["victory=home_first"])
    assert options == {"places": 3, "victory": "home_first"}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["notte_di_terrore", "--option", "places=9"], "places"),
        (["notte_di_terrore", "--option", "victory=fastest"], "victory"),
        (["notte_di_terrore", "--option", "necronomicon_removed=2"], "necronomicon_removed"),
        (["notte_di_terrore", "--option", "colour=red"], "unknown option"),
        (["notte_di_terrore", "--option", "places"], "name=value"),
        (["notte_di_terrore", "--variant", "endless_night"], "no variant 'endless_night'"),
        (["notte_di_terrore", "--option", "first_player=5"], "first_player: seat 5"),
        (["notte_di_terrore", "--players", "7"], "3..5 players"),
        (["monster_day", "--players", "3"], "2..2 players"),
        (["notte_di_terrore", "--games", "0"], "at least 1"),
        (["no_such_game"], "invalid choice"),
        (["monster_day", "--chart", "/no/such/folder/out.png"], "no folder"),
    ],
)
def test_bad_command_lines_exit_2_with_a_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([*argv, "--games", "1"] if "--games" not in argv else argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_checked_config_uses_the_schema_and_the_engine() -> None:
    with pytest.raises(ConfigError, match="places"):
        checked_config(Config("notte_di_terrore", 1, 3, options={"places": "4"}))
    with pytest.raises(ConfigError, match="first_player"):  # fits 5 seats, not 3
        checked_config(Config("notte_di_terrore", 1, 3, options={"first_player": "5"}))
    assert checked_config(Config("monster_day", 1, 2, options={"extended_deck": True}))


def test_chart_is_a_png_drawn_from_plain_data() -> None:
    summary, _ = simulate(Config("notte_di_terrore", 4, 3))
    panels = chart_panels(summary)
    json.dumps(panels)  # plain data only: the renderer never sees a game object
    png = chart_png("title", "subtitle", panels)
    assert png.startswith(PNG_MAGIC)
    image = Image.open(io.BytesIO(png))
    assert image.width == 1200 and image.height > 800
    assert nice_step(0.37) in (0.1, 0.05) and nice_step(130) == 50


def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def test_command_line_writes_report_chart_and_json(tmp_path: Path) -> None:
    chart, data = tmp_path / "tmp.png", tmp_path / "tmp.json"
    command = (
        "-m simulator notte_di_terrore --games 20 --players 3 --jobs 2 --variant short_night"
        f" --chart {chart} --json {data} --option necronomicon_removed=true"
    )
    result = _run(*shlex.split(command))
    assert result.returncode == 0, result.stderr
    assert "20 games, 3 players" in result.stdout and "home player wins" in result.stdout
    assert "variant: short_night; options: places=3" in result.stdout
    assert chart.read_bytes().startswith(PNG_MAGIC)
    saved = json.loads(data.read_text())
    assert saved["summary"]["games"] == len(saved["records"]) == 20
    assert saved["summary"]["options"]["necronomicon_removed"] is True
    assert math.isclose(sum(saved["summary"]["win_rate_by_seat"]), 1.0)


def test_command_line_rejects_a_bad_option() -> None:
    result = _run("-m", "simulator", "notte_di_terrore", "--option", "places=9")
    assert result.returncode == 2
    assert "places must be an int in 3..6" in result.stderr


def test_i27_an_option_given_twice_is_refused_naming_it() -> None:
    """Issue 27 §3: ``--option`` given twice for one option is refused the way ``/game new``
    refuses it, naming the option (it used to take the last one)."""
    with pytest.raises(ConfigError, match="places is given twice"):
        chosen_options("notte_di_terrore", {}, ["places=3", "luoghi=4"])
    result = _run(
        "-m", "simulator", "notte_di_terrore", "--option", "places=3", "--option", "places=4"
    )
    assert result.returncode == 2
    assert "places is given twice" in result.stderr


def test_layers_the_engines_import_without_pillow_and_charts_know_no_game() -> None:
    """The engines stand without the simulator and Pillow; the chart module without rules."""
    rules_only = (
        "import sys, rules\n"
        "assert 'PIL' not in sys.modules, 'rules imported Pillow'\n"
        "assert 'simulator' not in sys.modules, 'rules imported the simulator'\n"
    )
    result = _run("-c", rules_only)
    assert result.returncode == 0, result.stderr
    # The chart module itself knows no game: it imports no engine and names none. (Importing
    # the ``render`` package loads every game's renderer, and Monsters on Board's reads its
    # printed components from the engine's content, so the package as a whole may.)
    charts = Path(render_charts.__file__)
    tree = ast.parse(charts.read_text(encoding="utf-8"))
    imported = {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not [m for m in imported if m == "rules" or m.startswith("rules.")], imported
    assert not [game for game in GAMES if game in charts.read_text(encoding="utf-8")]
    assert set(GAMES) >= {"notte_di_terrore", "monster_day"}
