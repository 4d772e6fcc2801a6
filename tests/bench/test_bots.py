"""``python -m bench.bots``: the hard bot's decision time at any seat count the game allows."""

from __future__ import annotations

import pytest

import rules
from bench import bots


def test_positions_come_from_a_game_of_the_seats_asked_for() -> None:
    found = bots.decisions("notte_di_terrore", 3, players=5)
    assert len(found) == 3
    engine = rules.GAMES["notte_di_terrore"]
    for state, seat in found:
        assert len(engine.view(state, seat)["players"]) == 5
        assert len(engine.legal_actions(state, seat)) > 1


def test_the_default_is_the_games_fewest_seats() -> None:
    (state, seat), *_ = bots.decisions("notte_di_terrore", 1)
    view = rules.GAMES["notte_di_terrore"].view(state, seat)
    assert len(view["players"]) == rules.GAMES["notte_di_terrore"].seat_range({})[0]


def test_the_row_names_the_seats_and_counts_every_position() -> None:
    row = bots.measure("notte_di_terrore", 2, players=5)
    assert row.label == "notte_di_terrore (5 seats): hard decision"
    assert row.count == 2
    assert "target 300" in row.note


def test_a_seat_count_the_game_does_not_allow_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stop:
        bots.parse(["--game", "monster_day", "--players", "5"])
    assert stop.value.code == 2
    assert "monster_day seats 2 to 2 players, not 5" in capsys.readouterr().err


def test_the_command_line_prints_a_row_per_game_asked_for(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bots.main(["--game", "notte_di_terrore", "--players", "4", "--positions", "2"])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("notte_di_terrore (4 seats): hard decision")
    assert "n=2" in lines[0]
