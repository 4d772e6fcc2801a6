"""The odds of an attack as a player reads them before rolling: the chance to hit (hits ≥
DEF) and the chance of super damage (hits ≥ 2 × DEF, or a slam whose push collides), from the
attacker's own view.

Why here and not in the labels: the button, the ``/mp attack`` autocomplete and its preview
all quote the same numbers, and they come from the engine's exact :mod:`rules` odds, never
from a second reckoning of the dice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games.monsterpocalypse.words import Action, View, buildings, figures
from rules.monsterpocalypse import odds as engine_odds


@dataclass(frozen=True, slots=True)
class Odds:
    dice: int
    boost: int
    power: int
    defense: int
    hit: float
    super: float


def attack_entry(view: View, action: Action) -> dict[str, Any]:
    """What the seat's view says of the attack ``action`` belongs to: its ``attacks`` entry
    (same figure, kind and target). A power attack has none (the view lists the plain
    attacks), so its entry is made from the attacker's power stat and the target's DEF as a
    brawl meets it; a stomp has no single target, hence no DEF. ``{}`` when unknown."""
    entries = [dict(e) for e in view.get("attacks") or []]
    for entry in entries:
        if (
            entry.get("figure") == action.get("figure")
            and entry.get("kind") == action.get("kind")
            and entry.get("target", "") == action.get("target", "")
        ):
            return entry
    if action.get("kind") != "power":
        return {}
    return _power_entry(view, action, entries)


def _power_entry(view: View, action: Action, entries: list[dict[str, Any]]) -> dict[str, Any]:
    attacker = figures(view).get(str(action.get("figure")))
    if attacker is None:
        return {}
    dice, boost = [*((attacker.get("stats") or {}).get("power") or []), 0, 0][:2]
    entry: dict[str, Any] = {
        "figure": action.get("figure"),
        "kind": "power",
        "target": action.get("target", ""),
        "manoeuvre": action.get("manoeuvre", ""),
        "max_dice": int(dice),
        "boost": int(boost),
        "defense": None,
    }
    target = str(action.get("target", ""))
    brawl = next(
        (e for e in entries if e.get("figure") == entry["figure"] and e.get("kind") == "brawl"
         and e.get("target") == target),
        None,
    )  # fmt: skip
    if brawl is not None:
        entry["defense"] = brawl.get("defense")
    elif target:
        entry["defense"] = _printed_defense(view, target)
    return entry


def _printed_defense(view: View, target: str) -> int | None:
    """A target's DEF against a brawl when no brawl entry quotes it: a building's DEF, a
    figure's printed DEF (+1 when armored)."""
    building = buildings(view).get(target)
    if building is not None:
        return int(building.get("defense", 0))
    figure = figures(view).get(target)
    if figure is None:
        return None
    defense = int((figure.get("stats") or {}).get("defense", 0))
    return defense + (1 if "armored" in (figure.get("abilities") or []) else 0)


def attack_odds(view: View, action: Action) -> Odds | None:
    """Exact odds of ``action`` (an attack) from the seat's view; None without its entry."""
    entry = attack_entry(view, action)
    if not entry or entry.get("defense") is None:
        return None
    rolled = int(action.get("dice", 0))
    boost = int(entry.get("boost", 0))
    power = int(action.get("power", 0))
    defense = int(entry["defense"])
    hit = _table(entry, "odds", rolled, power)
    if hit is None:
        hit = engine_odds.p_hit(rolled, boost, defense, power)
    best = _table(entry, "super", rolled, power)
    if best is None:
        scored = entry.get("super_damage", True)
        room = entry.get("room")
        best = engine_odds.p_super(rolled, boost, defense, power, room) if scored else 0.0
    return Odds(rolled, boost, power, defense, float(hit), float(best))


def _table(entry: dict[str, Any], name: str, rolled: int, power: int) -> float | None:
    """The view's own odds for a plain roll; None for red dice (not in the view's tables),
    which the engine's odds module then reckons."""
    table = entry.get(name) or {}
    if power:
        return None
    for key in (str(rolled), rolled):
        if key in table:
            return float(table[key])
    return None
