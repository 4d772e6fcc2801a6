"""An activation told in a few lines (:func:`event_lines`), not one message per die.

The table message of a turn is edited by each of its steps and narrates the whole turn, so
the events of one activation arrive together. An attack and what it caused (damage, a form
or a monster destroyed, units crushed, a building razed, a push) read as one line with the
dice rolled and the hits against DEF; a move and the hazard damage it took read as one line;
setup steps, power-ups, form swaps, spawns, pushes of leftover dice and the victory a line
each.

Events carry ids (``u3``, ``b2``); with the table's public view (``table_event_lines``) each
figure is named as the map shows it, else by its unit type or id."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.games.monsterpocalypse.words import (
    DIE,
    HAZARD_EMOJI,
    KIND_EMOJI,
    POWER,
    View,
    buildings,
    content_name,
    dice,
    figure_name,
    figures,
    form_name,
    hazard_count,
    hazard_damage,
    hits_text,
    kind_name,
    manoeuvre_name,
    seat_name,
    side_name,
)
from bot.i18n import t

Event = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Told:
    """What every line needs: the language, the seats' names and, when known, the view."""

    locale: str
    names: list[str]
    view: View | None = None

    def who(self, event: Event) -> str:
        return seat_name(self.names, event.get("seat"))

    def figure(self, ident: Any, unit: Any = None) -> str:
        """A figure or building by the view's name (``Hive Drone u3``), else its type; a
        building gone from the map (razed) by its id."""
        known = self.view is not None and (
            str(ident) in figures(self.view) or str(ident) in buildings(self.view)
        )
        if self.view is not None and known:
            return figure_name(self.view, str(ident), self.locale)
        if str(ident).startswith("b"):
            return t(self.locale, "building {id}", id=ident)
        if unit:
            return f"{content_name('unit', str(unit), self.locale)} {ident}"
        return str(ident)


Line = Callable[[Event, Told], str | None]
LINES: dict[str, Line] = {}
"""Event type -> its line; consequences (:data:`AFTERMATH`) join the line before them."""
SILENT = frozenset({"drafted"})
"""Events with no line of their own: each draft pick (``draft_done`` counts the army)."""


def line(kind: str) -> Callable[[Line], Line]:
    def register(function: Line) -> Line:
        LINES[kind] = function
        return function

    return register


def _fold(events: list[Event], told: Told) -> list[str]:
    """One line per event, an event's consequences appended to the line of what caused
    them (a consequence with no cause before it gets its own line). A unit or a monster
    form an attack destroys earns its attacker a power die, said where it happens."""
    lines: list[str] = []
    cause = ""
    for event in events:
        kind = str(event.get("type"))
        if kind not in AFTERMATH:
            cause = kind
            text = LINES[kind](event, told) if kind in LINES else None
            if text:
                lines.append(text)
            continue
        told_here = AFTERMATH[kind](event, told)
        if cause == "attack" and kind in EARNS_POWER:
            told_here += f" (+1{POWER})"
        if lines and not _stands_alone(lines):
            lines[-1] += "; " + told_here
        else:
            lines.append("↳ " + told_here)
    return lines


EARNS_POWER = frozenset({"unit_destroyed", "form_destroyed"})
"""What an attack destroys that gives its attacker 1 power die (D6, D7)."""


def _stands_alone(lines: list[str]) -> bool:
    """Whether the last line is one no consequence belongs to (a heading of a turn)."""
    return lines[-1].startswith(("▶️", "↪️", "🏆", "🏁"))


def event_lines(events: list[Event], locale: str, names: list[str]) -> list[str]:
    return _fold(events, Told(locale, names))


def table_event_lines(view: View, events: list[Event], locale: str, names: list[str]) -> list[str]:
    return _fold(events, Told(locale, names, view))


# -- setup ----------------------------------------------------------------------------------------


@line("map_chosen")
def _map_chosen(event: Event, told: Told) -> str:
    name = content_name("map", str(event.get("map", "")), told.locale)
    return t(told.locale, "🗺️ **{who}** chooses the map {map}.", who=told.who(event), map=name)


@line("side_chosen")
def _side_chosen(event: Event, told: Told) -> str:
    return t(
        told.locale,
        "🧭 **{who}** takes the {side} side and plays first.",
        who=told.who(event),
        side=side_name(told.locale, str(event.get("side", ""))),
    )


@line("building_placed")
def _building_placed(event: Event, told: Told) -> str:
    return t(
        told.locale,
        "🏢 **{who}** builds {name} at {at}.",
        who=told.who(event),
        name=content_name("building", str(event.get("kind", "")), told.locale),
        at=event.get("at", "?"),
    )


@line("draft_done")
def _draft_done(event: Event, told: Told) -> str:
    return t(
        told.locale,
        "📋 **{who}** has drafted an army of {n} units.",
        who=told.who(event),
        n=event.get("units", 0),
    )


@line("monster_placed")
def _monster_placed(event: Event, told: Told) -> str:
    return t(
        told.locale,
        "🦖 **{who}**'s monster enters at {at}.",
        who=told.who(event),
        at=event.get("at", "?"),
    )


# -- the turn -------------------------------------------------------------------------------------


@line("activated")
def _activated(event: Event, told: Told) -> str:
    if event.get("kind") == "monster":
        return t(told.locale, "▶️ **{who}** activates the monster.", who=told.who(event))
    return t(told.locale, "▶️ **{who}** activates the units.", who=told.who(event))


@line("power_up")
def _power_up(event: Event, told: Told) -> str:
    """``⚡ Anna powers up: 3 dice → 2 hits, +1 from spaces and buildings: +3⚡``."""
    extra = int(event.get("spaces", 0)) + int(event.get("secured", 0))
    hits = int(event.get("hits", 0))
    text = t(
        told.locale,
        "{bolt} **{who}** powers up: {dice} → {hits}",
        bolt=POWER,
        who=told.who(event),
        dice=dice(told.locale, int(event.get("dice", 0))),
        hits=hits_text(told.locale, hits),
    )
    if extra:
        text += ", " + t(told.locale, "+{n} from spaces and buildings", n=extra)
    text += f": +{hits + extra}{POWER}"
    if int(event.get("negative", 0)):
        text += " · " + t(
            told.locale, "the opponent loses {n}{bolt}", n=event["negative"], bolt=POWER
        )
    if int(event.get("healed", 0)):
        text += " · " + t(told.locale, "heals {n}", n=event["healed"])
    return text


@line("hyper")
def _hyper(event: Event, told: Told) -> str:
    return t(
        told.locale,
        "🔁 **{who}**'s monster goes hyper (−{cost}{bolt}).",
        who=told.who(event),
        cost=event.get("cost", 0),
        bolt=POWER,
    )


@line("alpha")
def _alpha(event: Event, told: Told) -> str:
    return t(told.locale, "🔁 **{who}**'s monster is back in alpha form.", who=told.who(event))


def _moved(event: Event, told: Told, icon: str) -> str:
    text = f"{icon} {told.figure(event.get('figure'))} {event.get('from', '?')} → {event.get('to')}"
    hurt = hazard_count(event.get("hazards"))
    if hurt:
        text += f" ({hazard_damage(hurt)})"
    return text


@line("move")
def _move(event: Event, told: Told) -> str:
    return _moved(event, told, "🚶")


@line("run")
def _run(event: Event, told: Told) -> str:
    return _moved(event, told, "🏃") + f" ({dice(told.locale, int(event.get('cost', 0)))})"


@line("shifted")
def _shifted(event: Event, told: Told) -> str:
    return _moved(event, told, "↔️")


@line("spawned")
def _spawned(event: Event, told: Told) -> str:
    return t(
        told.locale,
        "🐣 {unit} spawns at {at} ({cost}).",
        unit=told.figure(event.get("figure"), event.get("unit")),
        at=event.get("at", "?"),
        cost=dice(told.locale, int(event.get("cost", 0))),
    )


@line("attack")
def _attack(event: Event, told: Told) -> str:
    """``👊 Titan brawl Hive Drone u3: 4🎲 +2 → 5 hits vs DEF 4, hit (super damage)``."""
    kind = str(event.get("kind", ""))
    how = kind_name(told.locale, kind)
    if event.get("manoeuvre"):
        how = manoeuvre_name(told.locale, str(event["manoeuvre"]))
    rolled = event.get("rolled") or {}
    roll = f"{len(rolled.get('action', []))}{DIE}"
    if rolled.get("boost"):
        roll += f" +{len(rolled['boost'])}"
    if rolled.get("power"):
        roll += f" +{len(rolled['power'])}{POWER}"
    target = event.get("target")
    aim = f" {told.figure(target)}" if target else ""
    head = f"{KIND_EMOJI.get(kind, '⚔️')} {told.figure(event.get('figure'))} {how}{aim}: {roll}"
    hits = hits_text(told.locale, int(event.get("hits", 0)))
    if event.get("manoeuvre") == "stomp":
        return head + " → " + _crushed(event, told, hits)
    text = head + " → " + t(
        told.locale, "{hits} vs DEF {defense}, {result}", hits=hits,
        defense=event.get("defense", "?"), result=_result(event, told.locale),
    )  # fmt: skip
    for inner in event.get("pushed") or []:  # a slam's push and what it razed
        caused = AFTERMATH.get(str(inner.get("type")))
        if caused is not None:
            text += "; " + caused(inner, told)
    return text


def _crushed(event: Event, told: Told, hits: str) -> str:
    """A stomp's outcome: the adjacent enemy units its hits crushed, if any."""
    crushed = [told.figure(u) for u in event.get("crushed") or []]
    if not crushed:
        return t(told.locale, "{hits}, nobody crushed", hits=hits)
    units = ", ".join(crushed)
    return t(told.locale, "{hits}, crushes {units}", hits=hits, units=units) + (
        f" (+{len(crushed)}{POWER})"
    )


def _result(event: Event, locale: str) -> str:
    if event.get("result") != "hit":
        return t(locale, "miss")
    if event.get("super"):
        return t(locale, "hit with super damage")
    return t(locale, "hit")


@line("activation_ended")
def _ended(event: Event, told: Told) -> str | None:
    push = int(event.get("pushed", 0))
    if not push:
        return None
    return t(
        told.locale, "↪️ **{who}** pushes {dice} to the other pool.", who=told.who(event),
        dice=dice(told.locale, push),
    )  # fmt: skip


@line("game_over")
def _over(event: Event, told: Told) -> str:
    """The winner and why the battle ended: a monster destroyed, or the round limit with the
    tie-break (the smaller share of its monster's health lost, V3) or a draw. Events stored
    before the reason existed read as before."""
    winners = [seat_name(told.names, s) for s in event.get("winners") or []]
    reason = event.get("reason")
    if len(winners) != 1:
        if reason == "draw":
            return t(
                told.locale, "🏁 Round limit reached: both monsters lost the same share of "
                "their health, the battle ends in a draw.",
            )  # fmt: skip
        return t(told.locale, "🏁 The battle ends in a draw.")
    if reason == "destroyed":
        return t(told.locale, "🏆 **{who}** destroys the enemy monster and wins the battle!",
                 who=winners[0])  # fmt: skip
    if reason == "tie_break":
        return t(
            told.locale, "🏆 Round limit reached: **{who}** wins the battle, its monster "
            "having lost the smaller share of its health.", who=winners[0],
        )  # fmt: skip
    return t(told.locale, "🏆 **{who}** wins the battle!", who=winners[0])


# -- what an attack or a move caused --------------------------------------------------------------


def _damaged(event: Event, told: Told) -> str:
    return t(
        told.locale, "{figure} −{n} ❤️", figure=told.figure(event.get("figure")),
        n=event.get("amount", 0),
    )  # fmt: skip


def _form_destroyed(event: Event, told: Told) -> str:
    return t(
        told.locale,
        "{figure}'s {form} form falls",
        figure=told.figure(event.get("figure")),
        form=form_name(told.locale, str(event.get("form", ""))),
    )


def _monster_destroyed(event: Event, told: Told) -> str:
    return t(told.locale, "💀 {figure} is destroyed", figure=told.figure(event.get("figure")))


def _unit_destroyed(event: Event, told: Told) -> str:
    return t(
        told.locale,
        "{figure} is destroyed",
        figure=told.figure(event.get("figure"), event.get("unit")),
    )


def _building_destroyed(event: Event, told: Told) -> str:
    """A razed building is gone from the view: named by its type, which the event carries."""
    hazard = str(event.get("hazard", ""))
    kind = event.get("building_type")
    return t(
        told.locale,
        "🏚️ {building} razed, leaving {token} (+{n}{bolt})",
        building=content_name("building", str(kind), told.locale)
        if kind
        else told.figure(event.get("building", "?")),
        token=HAZARD_EMOJI.get(hazard, hazard),
        n=event.get("power", 0),
        bolt=POWER,
    )


def _pushed(event: Event, told: Told) -> str:
    return t(
        told.locale,
        "{figure} is pushed to {to}",
        figure=told.figure(event.get("figure")),
        to=event.get("to", "?"),
    )


AFTERMATH: dict[str, Callable[[Event, Told], str]] = {
    "damaged": _damaged,
    "form_destroyed": _form_destroyed,
    "monster_destroyed": _monster_destroyed,
    "unit_destroyed": _unit_destroyed,
    "building_destroyed": _building_destroyed,
    "pushed": _pushed,
}
