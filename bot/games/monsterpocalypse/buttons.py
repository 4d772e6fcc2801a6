"""Which Monsterpocalypse moves become DM buttons, and in what order (:func:`button_actions`).

Why a selection: a unit activation offers every reachable square of every unit and every
target at every number of dice, hundreds of moves, and Discord shows 25 buttons. The taps
come first (the setup choices, activating the monster or the units, powering up with 1–3
dice, hyper and alpha, ending the activation with the useful pushes), then the attacks at
their best odds with every die the attacker may roll, one spawn per unit type, then per
figure the move that brings it nearest an enemy; everything else is one ``/mp`` or
``/game move`` away (the hand says so)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.games.monsterpocalypse.odds import attack_odds
from bot.games.monsterpocalypse.words import Action, View, figures

MAX_BUTTONS = 25
TAPS = (
    "choose_map",
    "choose_side",
    "draft_done",
    "activate_monster",
    "activate_units",
    "power_up",
    "hyper",
    "alpha",
    "end_activation",
)
"""Always offered when legal, in this order (ending pushes only the few useful amounts)."""


def _square(text: Any) -> tuple[int, int] | None:
    from rules.monsterpocalypse.geometry import parse

    try:
        return parse(str(text))
    except ValueError:
        return None


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _pushes(actions: list[Action], indices: list[int]) -> list[int]:
    """Of the ways to end an activation: no push, one die, and everything left."""
    ends = sorted(indices, key=lambda i: int(actions[i].get("push", 0)))
    if len(ends) <= 3:
        return ends
    return [ends[0], ends[1], ends[-1]]


def _best_attacks(view: View, actions: list[Action], indices: list[int]) -> list[int]:
    """One attack per attacker, target, kind and manoeuvre: the one with the most action
    dice and no extra power dice (the full roll), best odds first."""
    best: dict[tuple[Any, ...], int] = {}
    for i in indices:
        a = actions[i]
        if int(a.get("power", 0)):
            continue
        key = (a.get("figure"), a.get("target"), a.get("kind"), a.get("manoeuvre", ""))
        if key not in best or int(a.get("dice", 0)) > int(actions[best[key]].get("dice", 0)):
            best[key] = i

    def chance(i: int) -> float:
        odds = attack_odds(view, actions[i])
        return -(odds.hit if odds else 0.0)

    return sorted(best.values(), key=lambda i: (chance(i), i))


def _spawns(actions: list[Action], indices: list[int]) -> list[int]:
    seen: dict[Any, int] = {}
    for i in indices:
        seen.setdefault(actions[i].get("unit"), i)
    return list(seen.values())


def _moves(view: View, actions: list[Action], indices: list[int]) -> list[int]:
    """Per figure, the move ending nearest an enemy figure (a move's point is to close in)."""
    me = view.get("seat")
    enemies = [
        sq
        for f in figures(view).values()
        if f.get("owner") != me and (sq := _square(f.get("at"))) is not None
    ]
    best: dict[Any, tuple[int, int]] = {}
    for i in indices:
        to = _square(actions[i].get("to"))
        if to is None:
            continue
        near = min((_distance(to, e) for e in enemies), default=0)
        figure = actions[i].get("figure", "run")
        if figure not in best or near < best[figure][0]:
            best[figure] = (near, i)
    return [i for _, i in sorted(best.values())]


def _by_type(actions: list[Action]) -> dict[str, list[int]]:
    grouped: dict[str, list[int]] = {}
    for i, a in enumerate(actions):
        grouped.setdefault(str(a.get("type")), []).append(i)
    return grouped


def button_actions(view: View, actions: list[Action]) -> list[int]:
    """Indices of ``actions`` worth a tap (≤ 25): taps first, then attacks, spawns, moves,
    shifts, runs and the setup placements, each group cut where the buttons run out."""
    grouped = _by_type(actions)
    chosen: list[int] = []
    for kind in TAPS:
        found = grouped.get(kind, [])
        chosen += _pushes(actions, found) if kind == "end_activation" else found
    groups: Iterable[list[int]] = (
        _best_attacks(view, actions, grouped.get("attack", [])),
        _spawns(actions, grouped.get("spawn", [])),
        _moves(view, actions, grouped.get("move", [])),
        grouped.get("shift", [])[:2],
        _moves(view, actions, grouped.get("run", [])),
        grouped.get("place_building", []),
        grouped.get("place_monster", []),
        grouped.get("draft", []),
    )
    for group in groups:
        chosen += group
    return list(dict.fromkeys(chosen))[:MAX_BUTTONS]
