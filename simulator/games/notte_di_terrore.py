"""Notte di Terrore in the simulator: who gets home, and where every player's Terror came from."""

from __future__ import annotations

from typing import Any

from rules.base import Event
from rules.notte_di_terrore import State as NtState
from rules.notte_di_terrore.engine import HOME_TERROR
from simulator.games.base import GameStats, Tally
from simulator.numbers import (
    Record,
    describe,
    histogram,
    ordinal,
    pct,
    share,
    stats_header,
    stats_row,
    text_histogram,
)

NT_EVENTS: dict[str, tuple[tuple[str, str | None], ...]] = {
    "turn": (("turns", None),),
    "fled": (("flights", None), ("terror_fled", "terror_added")),
    "terror_added": (("terror_left_standing", "points"),),
    "killed": (("kills", None), ("relief_kills", "terror_removed")),
    "place_passed": (("places_passed", None), ("relief_places", "terror_removed")),
    "home": (("relief_home", "terror_removed"),),
}
"""Event type -> (counter, event field added, or None to count the event)."""

NT_SOURCES = {  # the per-seat counters and their labels
    "flights": "Flights",
    "terror_fled": "Terror added by Flight",
    "terror_left_standing": "Terror added by Beings left standing",
    "kills": "Beings killed",
    "relief_kills": "Terror removed by kills",
    "places_passed": "Places passed",
    "relief_places": "Terror removed passing Places (-2)",
    "relief_home": "Terror removed reaching home (-5)",
    "turns": "Turns played",
}


def _nt_tally(players: int) -> Tally:
    return {key: [0] * players for key in NT_SOURCES}


def _nt_observe(tally: Tally, seat: int, events: list[Event]) -> None:
    for event in events:
        for counter, amount in NT_EVENTS.get(event["type"], ()):
            tally[counter][event["seat"]] += 1 if amount is None else event[amount]


def _nt_extras(state: NtState, outcome: dict[str, Any], tally: Tally) -> dict[str, Any]:
    places_left = [len(p.face_down) + (p.revealed is not None) for p in state.players]
    return {"home": outcome["home"], "places_left": places_left, "tally": tally}


NT_GROUPS = {
    "home_won": "home, won",
    "home_beaten": "home, beaten",
    "beat_home": "beat home",
    "others": "others",
}
"""Players of games ended at home: the home player when they won or were beaten, the winner(s)
who beat them, and everyone else."""


def _nt_groups(records: list[Record]) -> dict[str, list[tuple[Record, int]]]:
    """(game, seat) pairs for each of :data:`NT_GROUPS`."""
    groups: dict[str, list[tuple[Record, int]]] = {name: [] for name in NT_GROUPS}
    for r in records:
        if r["home"] is None:
            continue
        for seat in range(len(r["scores"])):
            if seat == r["home"]:
                groups["home_won" if seat in r["winners"] else "home_beaten"].append((r, seat))
            elif seat in r["winners"]:
                groups["beat_home"].append((r, seat))
            else:
                groups["others"].append((r, seat))
    return groups


def _nt_by_flights(ended: list[Record]) -> dict[str, list[float]]:
    """The home player's win rate by how often they fled: [games, win rate] for 0, 1, 2+."""
    buckets: dict[str, list[Record]] = {"0": [], "1": [], "2+": []}
    for r in ended:
        flights = r["tally"]["flights"][r["home"]]
        buckets["2+" if flights >= 2 else str(flights)].append(r)
    return {
        k: [len(rs), share(sum(r["home"] in r["winners"] for r in rs), len(rs))]
        for k, rs in buckets.items()
    }


def _nt_summarize(records: list[Record], players: int) -> dict[str, Any]:
    ended = [r for r in records if r["home"] is not None]
    beaten = [r for r in ended if r["home"] not in r["winners"]]
    groups = _nt_groups(records)
    terror = {name: [r["scores"][s] for r, s in pairs] for name, pairs in groups.items()}
    home = terror["home_won"] + terror["home_beaten"]
    sources = {
        key: {
            name: describe(r["tally"][key][s] for r, s in pairs)["mean"]
            for name, pairs in groups.items()
        }
        for key in NT_SOURCES
    }
    gaps = [r["scores"][r["home"]] - min(r["scores"][w] for w in r["winners"]) for r in beaten]
    home_order = [(r["home"] - r["first"]) % players for r in ended]
    full_home = sum(r["tally"]["relief_home"][r["home"]] == HOME_TERROR for r in ended)
    return {
        "ended_home": len(ended),
        "turn_limit": len(records) - len(ended),
        "home_wins": len(ended) - len(beaten),
        "home_win_rate": share(len(ended) - len(beaten), len(ended)),
        "terror": {name: describe(values) for name, values in terror.items()},
        "terror_home": describe(home),
        "terror_histogram": histogram(
            {"home player": home, "others": terror["beat_home"] + terror["others"]}
        ),
        "gap_when_beaten": describe(gaps),
        "winner_places_left_when_beaten": describe(
            r["places_left"][w] for r in beaten for w in r["winners"]
        ),
        "full_home_relief": share(full_home, len(ended)),
        "home_win_rate_by_flights": _nt_by_flights(ended),
        "sources": sources,
        "home_by_order": [share(home_order.count(k), len(ended)) for k in range(players)],
    }


def _nt_report(summary: dict[str, Any]) -> list[str]:
    extra, games = summary["extra"], summary["games"]
    ended, limit = extra["ended_home"], extra["turn_limit"]
    flights = extra["home_win_rate_by_flights"].items()
    by_flights = "  ".join(f"{k}: {pct(rate).strip()} of {n}" for k, (n, rate) in flights)
    order = enumerate(extra["home_by_order"])
    by_order = "  ".join(f"{ordinal(k + 1)}: {pct(v).strip()}" for k, v in order)
    lines = [
        "The player who gets home (Notte di Terrore)",
        f"  games ended by a player reaching home  {ended:>6}  {pct(share(ended, games))}",
        f"  games ended by the turn limit (I15)    {limit:>6}  {pct(share(limit, games))}",
        f"  the home player wins                   {extra['home_wins']:>6}  "
        f"{pct(extra['home_win_rate'])} of the games ended at home",
        f"  ... by the home player's flights:      {by_flights}",
        f"  who gets home, by turn order:          {by_order}",
        f"  home arrivals removing the full -5     {pct(extra['full_home_relief'])}",
        "",
        f"  {'Terror at the end':<40}{stats_header()}",
        f"    {'home player':<38}{stats_row(extra['terror_home'])}",
    ]
    for key, label in NT_GROUPS.items():
        lines.append(f"    {label:<38}{stats_row(extra['terror'][key])}")
    lines += [
        f"    {'home - winner, when home is beaten':<38}{stats_row(extra['gap_when_beaten'])}",
        f"    {'Places the winner still had to cross':<38}"
        f"{stats_row(extra['winner_places_left_when_beaten'])}",
        "",
        f"  {'Per player per game (mean)':<40}" + "".join(f"{g:>14}" for g in NT_GROUPS.values()),
    ]
    for key, label in NT_SOURCES.items():
        row = extra["sources"][key]
        lines.append(f"    {label:<38}" + "".join(f"{row[g]:>14.2f}" for g in NT_GROUPS))
    lines += text_histogram("Terror: home player vs others", extra["terror_histogram"])
    return lines


def _nt_panels(summary: dict[str, Any]) -> list[dict[str, Any]]:
    extra, games = summary["extra"], summary["games"]
    outcome = {
        "kind": "bars",
        "title": "How games end",
        "labels": ["home player wins", "another player wins", "turn limit"],
        "values": [
            share(extra["home_wins"], games),
            share(extra["ended_home"] - extra["home_wins"], games),
            share(extra["turn_limit"], games),
        ],
        "percent": True,
        "seat_colors": False,
    }
    hist = extra["terror_histogram"]
    terror = {
        "kind": "histogram",
        "title": "Final Terror: home player vs others (% of each)",
        "labels": hist["labels"],
        "series": [{"name": n, "values": v} for n, v in hist["counts"].items()],
        "normalize": True,
    }
    flights = extra["home_win_rate_by_flights"]
    by_flights = {
        "kind": "bars",
        "title": "Home player's win rate by their flights",
        "labels": [f"{k} ({n} games)" for k, (n, _) in flights.items()],
        "values": [rate for _, rate in flights.values()],
        "percent": True,
        "seat_colors": False,
    }
    return [outcome, by_flights, terror]


def _nt_first(state: NtState) -> int:
    return state.first


def _nt_turns(state: NtState, actions: int) -> int:
    return state.turn_number


STATS = GameStats(
    score_name="Terror",
    lower_is_better=True,
    turns=_nt_turns,
    first=_nt_first,
    start_tally=_nt_tally,
    observe=_nt_observe,
    extras=_nt_extras,
    summarize=_nt_summarize,
    report=_nt_report,
    panels=_nt_panels,
)
