"""Munchkin Fu in the simulator: a race to the winning level; how often people help, bribe and
die on the way."""

from __future__ import annotations

from typing import Any

from rules.base import Event
from rules.munchkin_fu import State as MfState
from simulator.games.base import GameStats, Tally
from simulator.numbers import (
    Record,
    describe,
    pct,
    share,
    stats_header,
    stats_row,
)

MF_COUNTERS = {  # the per-seat counters and their labels
    "turns": "Turns played",
    "deaths": "Deaths",
    "helped": "Fights helped in",
    "bribes": "Bribes received (items)",
}


def _mf_first(state: MfState) -> int:
    return state.first


def _mf_turns(state: MfState, actions: int) -> int:
    """Turns played: whole rounds, plus the turns of the last round up to the one that ended."""
    return (
        (state.round - 1) * state.num_players + (state.turn - state.first) % state.num_players + 1
    )


def _mf_tally(players: int) -> Tally:
    return {key: [0] * players for key in MF_COUNTERS}


def _mf_observe(tally: Tally, seat: int, events: list[Event]) -> None:
    for event in events:
        kind = event["type"]
        if kind == "turn_started":
            tally["turns"][event["seat"]] += 1
        elif kind == "died":
            tally["deaths"][event["seat"]] += 1
        elif kind == "help_answered" and event.get("answer") == "accept":
            tally["helped"][event["target"]] += 1
        elif kind == "bribe_paid" and event.get("items"):
            tally["bribes"][event["to"]] += len(event["items"])


def _mf_extras(state: MfState, outcome: dict[str, Any], tally: Tally) -> dict[str, Any]:
    """Whether the round cap ended the game (I41: nobody reached the winning level), and the
    tally."""
    return {"capped": bool(outcome.get("capped")), "tally": tally}


def _mf_summarize(records: list[Record], players: int) -> dict[str, Any]:
    per_game = {key: describe(sum(r["tally"][key]) for r in records) for key in MF_COUNTERS}
    return {"capped": sum(1 for r in records if r["capped"]), "per_game": per_game}


def _mf_report(summary: dict[str, Any]) -> list[str]:
    extra = summary["extra"]
    lines = [
        "Munchkin Fu",
        f"  ended by the round cap       {extra['capped']:>6}  "
        f"{pct(share(extra['capped'], summary['games']))}",
        f"  {'per game (all seats)':<28} {stats_header()}",
    ]
    for key, label in MF_COUNTERS.items():
        lines.append(f"  {label:<28} {stats_row(extra['per_game'][key])}")
    return lines


STATS = GameStats(
    score_name="level",
    turns=_mf_turns,
    first=_mf_first,
    start_tally=_mf_tally,
    observe=_mf_observe,
    extras=_mf_extras,
    summarize=_mf_summarize,
    report=_mf_report,
)
