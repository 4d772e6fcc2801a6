"""Monsterpocalypse in the simulator: win rate by side and by faction, how battles end, their
length in rounds and activations.

Who plays first and which side each seat holds are chosen *during* the game (the roll-off's
winner picks the side and plays first, Q2), so they are read from the final state
(:func:`_mp_extras`), not after setup; ``first`` in the record is then the real first player
and the generic report's "win rate by turn order" means what it says.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.monsterpocalypse.model import SIDES, State
from simulator.games.base import GameStats, Tally
from simulator.numbers import Record, describe, pct, share, split_wins, stats_header, stats_row


def _mp_turns(state: State, actions: int) -> int:
    """A turn is one activation (R1: "Scegli se attivare i tuoi mostri o le tue unità")."""
    return state.activations


def _mp_extras(state: State, outcome: dict[str, Any], tally: Tally) -> dict[str, Any]:
    return {
        "first": state.first,
        "sides": [p.side for p in state.players],
        "factions": [p.faction for p in state.players],
        "map": state.map,
        "rounds": state.round,
        "destroyed": not all(outcome.get("standing", [True, True])),
    }


def _wins_by(records: list[Record], key: str, values: list[str]) -> dict[str, float]:
    """Win rate of each value of a per-seat field (a side, a faction): wins over games played
    with it, shared wins (draws) split."""
    played: Counter[str] = Counter(v for r in records for v in r[key])
    wins: dict[str, float] = {}
    for r in records:
        for seat in r["winners"]:
            value = r[key][seat]
            wins[value] = wins.get(value, 0.0) + 1 / len(r["winners"])
    return {v: share(wins.get(v, 0.0), played[v]) for v in values if played[v]}


def _mp_summarize(records: list[Record], players: int) -> dict[str, Any]:
    factions = sorted({f for r in records for f in r["factions"]})
    maps = Counter(r["map"] for r in records)
    by_first = split_wins(records, players, lambda r, seat: (seat - r["first"]) % players)
    return {
        "by_side": _wins_by(records, "sides", list(SIDES)),
        "by_faction": _wins_by(records, "factions", factions),
        "first_player_wins": share(by_first[0], len(records)),
        "destroyed": sum(1 for r in records if r["destroyed"]),
        "draws": sum(1 for r in records if len(r["winners"]) > 1),
        "rounds": describe(r["rounds"] for r in records),
        "maps": dict(sorted(maps.items())),
    }


def _mp_report(summary: dict[str, Any]) -> list[str]:
    extra, games = summary["extra"], summary["games"]
    lines = ["Monsterpocalypse"]
    for side, rate in extra["by_side"].items():
        lines.append(f"  win rate, {side + ' side':<19} {pct(rate):>14}")
    for faction, rate in extra["by_faction"].items():
        lines.append(f"  win rate, {faction:<19} {pct(rate):>14}")
    lines += [
        f"  win rate, first player       {pct(extra['first_player_wins']):>14}",
        f"  ended by a monster destroyed {extra['destroyed']:>6}  "
        f"{pct(share(extra['destroyed'], games))}",
        f"  drawn battles                {extra['draws']:>6}  {pct(share(extra['draws'], games))}",
        f"  maps played                  {', '.join(f'{m} {n}' for m, n in extra['maps'].items())}",
        f"  {'':<28} {stats_header()}",
        f"  {'rounds':<28} {stats_row(extra['rounds'])}",
    ]
    return lines


STATS = GameStats(
    score_name="score",
    turns=_mp_turns,
    extras=_mp_extras,
    summarize=_mp_summarize,
    report=_mp_report,
)
