"""The odds of an attack as a player reads them before rolling: the chance to hit (hits ≥
DEF) and the chance of super damage (hits ≥ 2 × DEF), from the attacker's own view.

Why here and not in the labels: the button, the ``/mp attack`` autocomplete and its preview
all quote the same numbers, and they come from the engine's exact :mod:`rules` odds, never
from a second reckoning of the dice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games.monsterpocalypse.words import Action, View


@dataclass(frozen=True, slots=True)
class Odds:
    dice: int
    boost: int
    power: int
    defense: int
    hit: float
    super: float


def attack_entry(view: View, action: Action) -> dict[str, Any]:
    """The view's ``attacks`` entry the action belongs to (same figure, kind and target; a
    power attack's manoeuvre when the entry names one), or ``{}``."""
    for entry in view.get("attacks") or []:
        if (
            entry.get("figure") == action.get("figure")
            and entry.get("kind") == action.get("kind")
            and entry.get("target", "") == action.get("target", "")
            and entry.get("manoeuvre", action.get("manoeuvre", "")) == action.get("manoeuvre", "")
        ):
            return dict(entry)
    return {}


def attack_odds(view: View, action: Action) -> Odds | None:
    """Exact odds of ``action`` (an attack) from the seat's view; None without its entry."""
    entry = attack_entry(view, action)
    if not entry or entry.get("defense") is None:
        return None
    rolled = int(action.get("dice", 0))
    boost = int(entry.get("boost", 0))
    power = int(action.get("power", 0))
    defense = int(entry["defense"])
    return Odds(
        rolled,
        boost,
        power,
        defense,
        _p(rolled, boost, power, defense, entry),
        _p(rolled, boost, power, 2 * defense, {}),
    )


def _p(rolled: int, boost: int, power: int, defense: int, entry: dict[str, Any]) -> float:
    """P(hits ≥ defense): the view's own table for a plain roll, else the engine's odds
    module (a power attack's red dice are not in the view's table)."""
    table = entry.get("odds") or {}
    if not power:
        for key in (str(rolled), rolled):
            if key in table:
                return float(table[key])
    from rules.monsterpocalypse import odds as engine_odds

    return float(engine_odds.p_hit(rolled, boost, defense, power))
