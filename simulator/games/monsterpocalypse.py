"""Monsterpocalypse in the simulator: how battles end, win rates by seat, side, faction and of
the first player (each with its 95 % Wilson interval), length in rounds and activations.

Who plays first and which side each seat holds are chosen *during* the game (the roll-off's
winner picks the side and plays first, Q2), so they are read from the final state
(:func:`_mp_extras`), not after setup; ``first`` in the record is then the real first player
and the generic report's "win rate by turn order" means what it says.

How a battle ended is the engine's ``outcome()["end"]``: ``destroyed`` (a monster fell, V1), or
at the round limit ``tie_break`` (decided by the share of health lost, V3) or ``draw``.

Why the faction's wins are split by end and the monsters' slams are counted (issue 26, item 7,
the maps): a map can favour a faction in the race to the kill or at the round limit, and a
slam that pushes its target into the edge, a building, a figure or impassable terrain scores
super damage, so where each monster stands decides how its blows land.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.base import Event
from rules.monsterpocalypse.model import SIDES, State
from simulator.games.base import GameStats, Tally
from simulator.numbers import (
    Record,
    describe,
    interval,
    pct,
    share,
    split_wins,
    stats_header,
    stats_row,
    wilson,
)

ENDS = ("destroyed", "tie_break", "draw")

Rate = dict[str, float]
"""A win rate with its interval: ``rate``, ``low``, ``high``, ``games``."""


def _mp_turns(state: State, actions: int) -> int:
    """A turn is one activation (R1: "Scegli se attivare i tuoi mostri o le tue unità")."""
    return state.activations


def _mp_tally(players: int) -> Tally:
    return {"slam_hits": [0] * players, "slam_supers": [0] * players}


def _mp_observe(tally: Tally, seat: int, events: list[Event]) -> None:
    """Count the slams of a monster that hit the enemy monster, and those that scored super
    damage (a collision, or hits of twice the defence)."""
    for event in events:
        slam = event.get("type") == "attack" and event.get("manoeuvre") == "slam"
        slam = slam and event.get("figure") == f"m{seat}"
        if slam and event.get("result") == "hit" and event.get("target") == f"m{1 - seat}":
            tally["slam_hits"][seat] += 1
            tally["slam_supers"][seat] += bool(event.get("super"))


def _mp_extras(state: State, outcome: dict[str, Any], tally: Tally) -> dict[str, Any]:
    return {
        "slams": [[tally["slam_hits"][s], tally["slam_supers"][s]] for s in (0, 1)],
        "first": state.first,
        "sides": [p.side for p in state.players],
        "factions": [p.faction for p in state.players],
        "map": state.map,
        "rounds": state.round,
        "destroyed": not all(outcome.get("standing", [True, True])),
        "end": outcome.get("end", ""),
    }


def _rate(wins: float, games: float) -> Rate:
    low, high = wilson(wins, games)
    return {"rate": share(wins, games), "low": low, "high": high, "games": games}


def _wins_by(records: list[Record], key: str, values: list[str]) -> dict[str, Rate]:
    """Win rate of each value of a per-seat field (a side, a faction): wins over games played
    with it, shared wins (draws) split."""
    played: Counter[str] = Counter(v for r in records for v in r[key])
    wins: dict[str, float] = {}
    for r in records:
        for seat in r["winners"]:
            value = r[key][seat]
            wins[value] = wins.get(value, 0.0) + 1 / len(r["winners"])
    return {v: _rate(wins.get(v, 0.0), played[v]) for v in values if played[v]}


def _slams(records: list[Record], factions: list[str]) -> dict[str, dict[str, float]]:
    """Per faction: its monster's slams that hit the enemy monster, per battle, and the share
    of them that scored super damage."""
    found: dict[str, dict[str, float]] = {}
    for faction in factions:
        seats = [r["slams"][s] for r in records for s in (0, 1) if r["factions"][s] == faction]
        hits = sum(hits for hits, _ in seats)
        found[faction] = {
            "hits": share(hits, len(seats)),
            "super": share(sum(supers for _, supers in seats), hits),
        }
    return found


def _mp_summarize(records: list[Record], players: int) -> dict[str, Any]:
    factions = sorted({f for r in records for f in r["factions"]})
    maps = Counter(r["map"] for r in records)
    games = len(records)
    by_first = split_wins(records, players, lambda r, seat: (seat - r["first"]) % players)
    by_seat = split_wins(records, players, lambda r, seat: seat)
    ends = Counter(r["end"] for r in records)
    return {
        "by_seat": {f"seat {s}": _rate(by_seat[s], games) for s in range(players)},
        "by_side": _wins_by(records, "sides", list(SIDES)),
        "by_faction": _wins_by(records, "factions", factions),
        "by_faction_end": {
            "destroyed": _wins_by(
                [r for r in records if r["end"] == "destroyed"], "factions", factions
            ),
            "round_limit": _wins_by(
                [r for r in records if r["end"] != "destroyed"], "factions", factions
            ),
        },
        "slams": _slams(records, factions),
        "first_player": _rate(by_first[0], games),
        "first_player_wins": share(by_first[0], games),
        "ends": {end: _rate(ends[end], games) for end in ENDS},
        "round_limit": _rate(games - ends["destroyed"], games),
        "destroyed": ends["destroyed"],
        "draws": sum(1 for r in records if len(r["winners"]) > 1),
        "rounds": describe(r["rounds"] for r in records),
        "maps": dict(sorted(maps.items())),
    }


def _line(label: str, rate: Rate, count: float | None = None) -> str:
    counted = f"{count:>6.0f}" if count is not None else " " * 6
    return f"  {label:<29}{counted}  {pct(rate['rate'])}  95% {interval(rate['low'], rate['high'])}"


def _mp_report(summary: dict[str, Any]) -> list[str]:
    extra, games = summary["extra"], summary["games"]
    ends = extra["ends"]
    lines = ["Monsterpocalypse (95% Wilson intervals)"]
    lines += [_line(f"win rate, {seat}", rate) for seat, rate in extra["by_seat"].items()]
    lines += [_line(f"win rate, {side} side", rate) for side, rate in extra["by_side"].items()]
    lines += [_line(f"win rate, {name}", rate) for name, rate in extra["by_faction"].items()]
    lines += [
        _line("win rate, first player", extra["first_player"]),
        _line("ended by a monster destroyed", ends["destroyed"], ends["destroyed"]["rate"] * games),
        _line("ended at the round limit", extra["round_limit"], games - extra["destroyed"]),
        _line("... won by the tie-break", ends["tie_break"], ends["tie_break"]["rate"] * games),
        _line("... drawn", ends["draw"], ends["draw"]["rate"] * games),
        *[
            _line(f"{name}, of the battles {label}", rate)
            for end, label in (("destroyed", "ended by a kill"), ("round_limit", "at the limit"))
            for name, rate in extra["by_faction_end"][end].items()
        ],
        *[
            f"  {name} slams on the monster     {slams['hits']:>6.2f}  a battle, "
            f"{pct(slams['super'])} super damage"
            for name, slams in extra["slams"].items()
        ],
        f"  maps played                  {', '.join(f'{m} {n}' for m, n in extra['maps'].items())}",
        f"  {'':<28} {stats_header()}",
        f"  {'rounds':<28} {stats_row(extra['rounds'])}",
    ]
    return lines


STATS = GameStats(
    score_name="score",
    turns=_mp_turns,
    start_tally=_mp_tally,
    observe=_mp_observe,
    extras=_mp_extras,
    summarize=_mp_summarize,
    report=_mp_report,
)
