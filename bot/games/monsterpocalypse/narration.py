"""An activation told in a few lines (:func:`event_lines`), not one message per die.

The table message of a turn is edited by each of its steps and narrates the whole turn, so
the events of one activation arrive together: a move, the hazards it crossed and the damage
they did read as one line; an attack's roll, its hits against DEF, the damage, the figures
and buildings destroyed and the power dice gained read as one line; the rest (setup steps,
power-ups, form swaps, spawns, the end of the activation, the victory) a line each.

Why fold: a unit activation of six moves and three attacks emits dozens of events; a channel
reads them as a short report of who went where and what each attack did."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.games.monsterpocalypse.words import (
    DIE,
    HAZARD_EMOJI,
    KIND_EMOJI,
    POWER,
    content_name,
    dice,
    kind_name,
    local,
    manoeuvre_name,
    seat_name,
    side_name,
)
from bot.i18n import t

Event = dict[str, Any]
Line = Callable[[Event, str, list[str]], str | None]


def _who(event: Event, names: list[str]) -> str:
    return seat_name(names, event.get("seat"))


def _name(event: Event, locale: str, key: str = "figure") -> str:
    """A figure an event names: its names if the event carries them, else its id."""
    names = event.get(f"{key}_names") or event.get("names")
    ident = str(event.get(key, ""))
    if isinstance(names, dict) and names:
        return f"{local(names, locale)} {ident}".strip()
    return ident


SILENT = frozenset({"drafted"})
"""Events with no line of their own: each draft pick (``draft_done`` counts the army)."""
LINES: dict[str, Line] = {}
"""Event type -> its line (None: folded into another line, or not worth one)."""


def line(kind: str) -> Callable[[Line], Line]:
    def register(function: Line) -> Line:
        LINES[kind] = function
        return function

    return register


def event_lines(events: list[Event], locale: str, names: list[str]) -> list[str]:
    """The lines for ``events`` in order; an attack and what it caused fold into one."""
    lines: list[str] = []
    for event in events:
        told = LINES.get(str(event.get("type")))
        text = told(event, locale, names) if told else None
        if text:
            lines.append(text)
    return lines


# -- setup ----------------------------------------------------------------------------------------


@line("map_chosen")
def _map_chosen(event: Event, locale: str, names: list[str]) -> str:
    return t(
        locale,
        "🗺️ The battle is on the map {map}.",
        map=content_name("map", str(event.get("map", "")), locale),
    )


@line("side_chosen")
def _side_chosen(event: Event, locale: str, names: list[str]) -> str:
    return t(
        locale,
        "🧭 **{who}** takes the {side} side and plays first.",
        who=_who(event, names),
        side=side_name(locale, str(event.get("side", ""))),
    )


@line("building_placed")
def _building_placed(event: Event, locale: str, names: list[str]) -> str:
    return t(
        locale,
        "🏢 **{who}** builds {name} at {at}.",
        who=_who(event, names),
        name=content_name("building", str(event.get("kind", "")), locale),
        at=event.get("at", "?"),
    )


@line("monster_placed")
def _monster_placed(event: Event, locale: str, names: list[str]) -> str:
    return t(
        locale,
        "🦖 **{who}**'s monster enters at {at}.",
        who=_who(event, names),
        at=event.get("at", "?"),
    )


@line("draft_done")
def _draft_done(event: Event, locale: str, names: list[str]) -> str:
    return t(
        locale,
        "📋 **{who}** has drafted an army of {n} units.",
        who=_who(event, names),
        n=event.get("units", 0),
    )


# -- the turn -------------------------------------------------------------------------------------


@line("activated")
def _activated(event: Event, locale: str, names: list[str]) -> str:
    if event.get("kind") == "monster":
        return t(locale, "▶️ **{who}** activates the monster.", who=_who(event, names))
    return t(locale, "▶️ **{who}** activates the units.", who=_who(event, names))


@line("power_up")
def _power_up(event: Event, locale: str, names: list[str]) -> str:
    """``⚡ Anna powers up: 3 dice → 2 hits, +1 spaces, +1 secured → +4⚡``."""
    extra = int(event.get("spaces", 0)) + int(event.get("secured", 0))
    gained = int(event.get("hits", 0)) + extra
    text = t(
        locale,
        "{bolt} **{who}** powers up: {dice} → {hits} hits, +{extra} from spaces and "
        "buildings: +{gained}{bolt}",
        bolt=POWER,
        who=_who(event, names),
        dice=dice(locale, int(event.get("dice", 0))),
        hits=event.get("hits", 0),
        extra=extra,
        gained=gained,
    )
    if int(event.get("negative", 0)):
        text += " · " + t(locale, "the opponent loses {n}{bolt}", n=event["negative"], bolt=POWER)
    if int(event.get("healed", 0)):
        text += " · " + t(locale, "heals {n}", n=event["healed"])
    return text


@line("hyper")
def _hyper(event: Event, locale: str, names: list[str]) -> str:
    return t(
        locale,
        "🔁 **{who}**'s monster goes hyper (−{cost}{bolt}).",
        who=_who(event, names),
        cost=event.get("cost", 0),
        bolt=POWER,
    )


@line("alpha")
def _alpha(event: Event, locale: str, names: list[str]) -> str:
    return t(locale, "🔁 **{who}**'s monster is back in alpha form.", who=_who(event, names))


@line("moved")
def _moved(event: Event, locale: str, names: list[str]) -> str:
    text = t(
        locale,
        "🚶 {figure} {start} → {to}",
        figure=_name(event, locale),
        start=event.get("from", "?"),
        to=event.get("to", "?"),
    )
    hazards = list(event.get("hazards") or [])
    if hazards:
        icons = " ".join(HAZARD_EMOJI.get(h, "⚠️") for h in hazards)
        text += " " + t(locale, "({icons} {n} damage)", icons=icons, n=len(hazards))
    return text


@line("spawned")
def _spawned(event: Event, locale: str, names: list[str]) -> str:
    return t(
        locale,
        "🐣 {unit} spawns at {at}.",
        unit=_name(event, locale),
        at=event.get("at", "?"),
    )


@line("attacked")
def _attacked(event: Event, locale: str, names: list[str]) -> str:
    kind = str(event.get("kind", ""))
    how = kind_name(locale, kind)
    if event.get("manoeuvre"):
        how += f" ({manoeuvre_name(locale, str(event['manoeuvre']))})"
    result = t(locale, "hit") if event.get("hit") else t(locale, "miss")
    return t(
        locale,
        "{icon} {attacker} {kind} {target}: {rolled} {die} → {hits} hits vs DEF {defense}, "
        "{result}",
        icon=KIND_EMOJI.get(kind, "⚔️"),
        attacker=_name(event, locale),
        kind=how,
        target=_name(event, locale, "target"),
        rolled=event.get("dice", 0),
        die=DIE,
        hits=event.get("hits", 0),
        defense=event.get("defense", "?"),
        result=result,
    )


@line("activation_ended")
def _ended(event: Event, locale: str, names: list[str]) -> str | None:
    push = int(event.get("pushed", 0))
    if not push:
        return None
    return t(
        locale, "↪️ **{who}** pushes {dice} to the other pool.", who=_who(event, names),
        dice=dice(locale, push),
    )  # fmt: skip


@line("game_over")
def _over(event: Event, locale: str, names: list[str]) -> str:
    winners = [seat_name(names, s) for s in event.get("winners") or []]
    if len(winners) != 1:
        return t(locale, "🏁 The battle ends in a draw.")
    return t(locale, "🏆 **{who}** wins the battle!", who=", ".join(winners))
