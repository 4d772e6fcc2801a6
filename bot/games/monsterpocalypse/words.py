"""Monsterpocalypse's vocabulary, shared by labels, narration, hand and summary: a figure or a
building named from the view ("Hive Drone u3", "Titan"), content names from ids (maps, unit
and building types an action names before anything is on the map), dice and power counts,
odds as percentages, and fitting a text to Discord's limits.

Why one module: every other one describes the same figures, squares and dice, and the same
thing must read the same on a button, in the narration and in the summary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import normalise, t
from rules.monsterpocalypse import content

View = dict[str, Any]
Action = dict[str, Any]

HAZARD_EMOJI = {
    "fire": "🔥",
    "chemical": "🧪",
    "radioactive": "☢️",
    "hellmouth": "🕳️",
    "ruins": "🧱",
}
KIND_EMOJI = {"brawl": "👊", "blast": "🎯", "power": "💥"}
DIE = "🎲"
HAZARD = "🔥"
"""A move's hazard damage (the view counts the tokens entered, not their kinds)."""
POWER = "⚡"


def lang(locale: object) -> str:
    """``"en"`` or ``"it"`` (cheap for a locale that already is one)."""
    if locale in ("en", "it"):
        return str(locale)
    return normalise(locale)


def local(names: Mapping[str, str] | None, locale: object, fallback: str = "?") -> str:
    """A name in the player's language from a ``{"en": ..., "it": ...}`` mapping."""
    if not names:
        return fallback
    return names.get(lang(locale)) or names.get("en") or fallback


def units(text: str) -> int:
    """Length in UTF-16 code units, as Discord counts (never less than code points)."""
    return len(text.encode("utf-16-le")) // 2


def fit(text: str, limit: int) -> str:
    """``text`` cut with an ellipsis to at most ``limit`` UTF-16 code units."""
    if units(text) <= limit:
        return text
    while text and units(text) > limit - 1:
        text = text[:-1]
    return text.rstrip() + "…"


def content_name(kind: str, item_id: str, locale: object) -> str:
    """A map, unit type, building type, faction or monster named from the content data by id
    (an action names types before any figure of them is on the map); the id itself when the
    content does not know it."""
    table = {
        "map": "MAPS",
        "unit": "UNITS",
        "building": "BUILDINGS",
        "faction": "FACTIONS",
        "monster": "MONSTERS",
    }[kind]
    item = getattr(content, table, {}).get(item_id)
    return local(getattr(item, "names", None), locale, item_id)


def content_item(kind: str, item_id: str) -> Any:
    """The content record of a unit, building, map or monster type (its stats), or None."""
    table = {"unit": "UNITS", "building": "BUILDINGS", "map": "MAPS", "monster": "MONSTERS"}[kind]
    return getattr(content, table, {}).get(item_id)


def figures(view: View) -> dict[str, dict[str, Any]]:
    """The figures on the map by id."""
    return {str(f["id"]): f for f in view.get("figures") or []}


def buildings(view: View) -> dict[str, dict[str, Any]]:
    return {str(b["id"]): b for b in view.get("buildings") or []}


def figure_name(view: View, figure_id: str, locale: object) -> str:
    """``Hive Drone u3`` for a unit (its id tells copies apart), a monster by name alone (a
    side has one), a building by name and id; the id for anything the view lacks."""
    figure = figures(view).get(str(figure_id))
    if figure is not None:
        name = local(figure.get("names"), locale, str(figure_id))
        return name if figure.get("kind") == "monster" else f"{name} {figure_id}"
    building = buildings(view).get(str(figure_id))
    if building is not None:
        return f"{local(building.get('names'), locale, str(figure_id))} {figure_id}"
    return str(figure_id)


def where(view: View, item_id: str) -> str:
    """The anchor square of a figure or building (``"E5"``), or ``"?"``."""
    found = figures(view).get(str(item_id)) or buildings(view).get(str(item_id))
    return str(found.get("at") or "?") if found else "?"


def dice(locale: object, n: int) -> str:
    """``1 die`` / ``3 dice``."""
    return t(locale, "{n} die", n=n) if n == 1 else t(locale, "{n} dice", n=n)


def hits_text(locale: object, n: int) -> str:
    """``1 hit`` / ``3 hits``."""
    return t(locale, "{n} hit", n=n) if n == 1 else t(locale, "{n} hits", n=n)


def hazard_damage(n: int) -> str:
    """``🔥 −1❤️``: the damage a move takes from the hazard tokens it enters."""
    return f"{HAZARD} −{n}❤️"


def percent(p: float) -> str:
    """``46 %`` (a certain hit reads 100 %, an almost-impossible one < 1 %)."""
    if 0 < p < 0.005:
        return "<1 %"
    return f"{round(p * 100)} %"


def hazard_count(hazards: Any) -> int:
    """How many hazard tokens a move enters (each deals 1 damage): the view gives a count."""
    if isinstance(hazards, int):
        return hazards
    return len(hazards) if isinstance(hazards, list | tuple) else 0


def seat_name(names: list[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return "?" if seat is None else str(seat)


def side_name(locale: object, side: str) -> str:
    return {"north": t(locale, "north"), "south": t(locale, "south")}.get(side, side)


def kind_name(locale: object, kind: str) -> str:
    """An attack's kind: brawl, blast or power attack."""
    words = {
        "brawl": t(locale, "brawl"),
        "blast": t(locale, "blast"),
        "power": t(locale, "power attack"),
    }
    return words.get(kind, kind)


def manoeuvre_name(locale: object, manoeuvre: str) -> str:
    return {"slam": t(locale, "slam"), "stomp": t(locale, "stomp")}.get(manoeuvre, manoeuvre)


def form_name(locale: object, form: str | None) -> str:
    return {"alpha": t(locale, "alpha"), "hyper": t(locale, "hyper")}.get(form or "", form or "")


def my_seat(view: View) -> int | None:
    """The seat whose own view this is: its ``seat`` when the view says, else the active
    seat when the view lists what that seat may do now (only its own view does)."""
    seat = view.get("seat")
    if isinstance(seat, int):
        return seat
    activation = view.get("activation")
    if "moves" in view and isinstance(activation, dict):
        active = activation.get("seat")
        return active if isinstance(active, int) else None
    return None
