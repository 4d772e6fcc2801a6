"""The narration of a night: one line per public event (:func:`event_line`, with
``_EVENT_LINES`` per kind), folded (``_fold``) so that a turn and the Place it revealed read as
one line, and so do consecutive passes; a draw of nothing gets no line
(:data:`SKIPPED_WHEN_EMPTY`).

Events carry card ids only, so the cards are named from the deck data; whatever an event names
is public."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.games.notte_di_terrore.words import (
    EVENT_ICON,
    _being_body,
    _card_text,
    _deck_info,
    _event_body,
    _local,
    _place_rules,
    _plural,
    _signed,
    _who,
    card_name,
    type_emoji,
)
from bot.i18n import N_, t
from rules.notte_di_terrore import engine

EventLine = Callable[[dict[str, Any], str, list[str]], str | None]


def _line_turn(event: dict[str, Any], locale: str, names: list[str]) -> str:
    return t(
        locale,
        "🌙 Turn {n}: **{who}**, still on the same Place.",
        n=event.get("number", "?"),
        who=_who(names, event.get("seat")),
    )


def _revealed_text(event: dict[str, Any], locale: str) -> tuple[str, str]:
    info = _deck_info(str(event.get("place"))) or {}
    place = _local(info["name"], locale) if info else str(event.get("place"))
    return place, _place_rules(info, locale) if info else ""


def _line_turn_revealed(
    turn: dict[str, Any], reveal: dict[str, Any], locale: str, names: list[str]
) -> str:
    place, rules = _revealed_text(reveal, locale)
    return t(
        locale,
        "🌙 Turn {n}: **{who}** reveals **{place}** ({rules}).",
        n=turn.get("number", "?"),
        who=_who(names, turn.get("seat")),
        place=place,
        rules=rules,
    )


def _line_revealed(event: dict[str, Any], locale: str, names: list[str]) -> str:
    place, rules = _revealed_text(event, locale)
    return t(
        locale,
        "🗺️ **{who}** reveals **{place}** ({rules}).",
        who=_who(names, event.get("seat")),
        place=place,
        rules=rules,
    )


def _line_being_placed(event: dict[str, Any], locale: str, names: list[str]) -> str:
    info = _deck_info(str(event.get("card"))) or {}
    being = _being_body(info, locale) if info else str(event.get("card"))
    line = t(locale, "**{who}** places {being}.", who=_who(names, event.get("seat")), being=being)
    return f"{type_emoji(info.get('type'))} {line}"


def _line_event_placed(event: dict[str, Any], locale: str, names: list[str]) -> str:
    target = _deck_info(str(event.get("target"))) or {}
    info = _deck_info(str(event.get("card")))
    played = _event_body(info, locale, target.get("type")) if info else str(event.get("card"))
    line = t(
        locale,
        "**{who}** plays {event} on {being}.",
        who=_who(names, event.get("seat")),
        event=played,
        being=_card_text(None, str(event.get("target")), locale),
    )
    return f"{EVENT_ICON} {line}"


def _line_summoned(event: dict[str, Any], locale: str, names: list[str]) -> str:
    return t(
        locale,
        "📕 **{who}** opens the Necronomicon and summons {being}!",
        who=_who(names, event.get("seat")),
        being=_card_text(None, event["being"], locale),
    )


def _line_killed(event: dict[str, Any], locale: str, names: list[str]) -> str:
    weapons = [str(w) for w in event.get("weapons", [])]
    used = " + ".join(card_name(w, locale) for w in weapons)
    combo = engine.combination(*weapons) if len(weapons) == 2 else None
    if combo is not None:
        used += f" ({_local(combo.name, locale)})"
    removed = int(event.get("terror_removed", 0))
    params = {
        "who": _who(names, event.get("seat")),
        "being": _card_text(None, event["being"], locale),
        "weapons": used,
    }
    if removed:
        return t(
            locale,
            "⚔️ **{who}** kills {being} with {weapons}: {points} 😱.",
            points=_signed(-removed),
            **params,
        )
    return t(locale, "⚔️ **{who}** kills {being} with {weapons} (no Terror removed).", **params)


def _line_weapons_drawn(event: dict[str, Any], locale: str, names: list[str]) -> str | None:
    drawn = [card_name(c, locale) for c in event.get("cards", [])]
    if not drawn:
        return None  # nothing new: the Weapons drawn are shown only when there are some
    return t(
        locale,
        "🗡️ **{who}** draws and shows {weapons}.",
        who=_who(names, event.get("seat")),
        weapons=", ".join(drawn),
    )


def _split_text(locale: str, events: int, beings: int) -> str:
    """``6 Events and 2 Beings``, or only the kind there is: how a hand splits is public, since
    everyone sees the cards drawn from the two decks (S4, D4)."""
    if not events and not beings:
        return _plural(locale, 0, "cards")
    if events and beings:
        return t(
            locale,
            "{events} and {beings}",
            events=_plural(locale, events, "events"),
            beings=_plural(locale, beings, "beings"),
        )
    return _plural(locale, events, "events") if events else _plural(locale, beings, "beings")


def _line_refilled(event: dict[str, Any], locale: str, names: list[str]) -> str | None:
    count = int(event.get("count", 0))
    if count == 0:
        return None  # a full hand: nothing happened worth a line
    events = int(event.get("events", 0))
    return t(
        locale,
        "🂠 **{who}** draws {cards}.",
        who=_who(names, event.get("seat")),
        cards=_split_text(locale, events, int(event.get("beings", count - events))),
    )


def _line_hands_dealt(event: dict[str, Any], locale: str, names: list[str]) -> str:
    hands = [
        f"**{_who(names, seat)}** {_split_text(locale, int(split[0]), int(split[1]))}"
        for seat, split in enumerate(event.get("splits", []))
    ]
    return t(locale, "🃏 Hands dealt: {hands}.", hands="; ".join(hands))


def _line_game_over(event: dict[str, Any], locale: str, names: list[str]) -> str:
    home = event.get("home")
    if home is None:
        return t(locale, "🏁 The night is over: the turn limit is reached.")
    return t(locale, "🏁 **{who}** is home: the night is over!", who=_who(names, home))


def _seat_line(message: str) -> EventLine:
    """A line that only names the seat (the message has ``{who}``; mark it with ``N_`` where
    it is written so that it is extracted for translation)."""

    def line(event: dict[str, Any], locale: str, names: list[str]) -> str:
        return t(locale, message, who=_who(names, event.get("seat")))

    return line


def _line_fled(event: dict[str, Any], locale: str, names: list[str]) -> str:
    return t(
        locale,
        "🏃 **{who}** flees to the next Place: {points} 😱.",
        who=_who(names, event.get("seat")),
        points=_signed(int(event.get("terror_added", 0))),
    )


def _line_terror_added(event: dict[str, Any], locale: str, names: list[str]) -> str:
    return t(
        locale,
        "😱 The Beings left standing scare **{who}**: {points} 😱.",
        who=_who(names, event.get("seat")),
        points=_signed(int(event.get("points", 0))),
    )


def _line_place_passed(event: dict[str, Any], locale: str, names: list[str]) -> str:
    if not event.get("terror_removed"):
        return t(
            locale,
            "🚪 **{who}** gets past the Place (no Terror to remove).",
            who=_who(names, event.get("seat")),
        )
    return t(
        locale,
        "🚪 **{who}** gets past the Place: {points} 😱.",
        who=_who(names, event.get("seat")),
        points=_signed(-int(event.get("terror_removed", 0))),
    )


def _line_home(event: dict[str, Any], locale: str, names: list[str]) -> str:
    if not event.get("terror_removed"):
        return t(locale, "🏠 **{who}** is home!", who=_who(names, event.get("seat")))
    return t(
        locale,
        "🏠 **{who}** is home: {points} 😱.",
        who=_who(names, event.get("seat")),
        points=_signed(-int(event.get("terror_removed", 0))),
    )


def _line_swapped(event: dict[str, Any], locale: str, names: list[str]) -> str:
    return t(
        locale,
        "🔄 **{who}** swaps Weapons: {weapon} goes back to hand.",
        who=_who(names, event.get("seat")),
        weapon=card_name(str(event.get("to_hand")), locale),
    )


def _line_discarded(event: dict[str, Any], locale: str, names: list[str]) -> str:
    return t(
        locale,
        "🗑️ **{who}** discards {card}.",
        who=_who(names, event.get("seat")),
        card=_card_text(None, str(event.get("card")), locale),
    )


def _line_arranged(event: dict[str, Any], locale: str, names: list[str]) -> str:
    kept = [card_name(c, locale) for c in event.get("table", [])]
    return t(
        locale,
        "🗡️ **{who}** keeps {weapons} on the table.",
        who=_who(names, event.get("seat")),
        weapons=" + ".join(kept),
    )


_EVENT_LINES: dict[str, EventLine] = {
    "turn": _line_turn,
    "place_revealed": _line_revealed,
    "being_placed": _line_being_placed,
    "event_placed": _line_event_placed,
    "summoned": _line_summoned,
    "pass": _seat_line(N_("✋ **{who}** passes.")),
    "apparition_over": _seat_line(N_("🕯️ The Apparition on **{who}**'s Place is over.")),
    "weapon_swapped": _line_swapped,
    "killed": _line_killed,
    "fled": _line_fled,
    "terror_added": _line_terror_added,
    "place_passed": _line_place_passed,
    "home": _line_home,
    "discarded": _line_discarded,
    "refilled": _line_refilled,
    "weapons_drawn": _line_weapons_drawn,
    "weapons_arranged": _line_arranged,
    # The number of Events chosen is private: the line only says the choice is made.
    "split_chosen": _seat_line(N_("🃏 **{who}** has chosen a hand.")),
    "hands_dealt": _line_hands_dealt,
    "game_over": _line_game_over,
    "resigned": _seat_line(N_("🏳️ **{who}** resigned.")),
}
SKIPPED_WHEN_EMPTY = frozenset({"weapons_drawn", "refilled"})
"""Events that get no line when nothing was drawn (``cards == []`` / ``count == 0``)."""


def event_line(event: dict[str, Any], locale: str, names: list[str]) -> str | None:
    """One event's line, or None for an event deliberately left out (see
    :data:`SKIPPED_WHEN_EMPTY`) or one this presenter does not know."""
    line = _EVENT_LINES.get(str(event.get("type")))
    return line(event, locale, names) if line else None


def _fold(events: list[dict[str, Any]], locale: str, names: list[str]) -> list[str]:
    """Lines for a run of events, folding a turn with its Place reveal into one line and
    consecutive passes into one."""
    lines: list[str] = []
    index = 0
    while index < len(events):
        event = events[index]
        nxt = events[index + 1] if index + 1 < len(events) else {}
        if (
            event.get("type") == "turn"
            and nxt.get("type") == "place_revealed"
            and nxt.get("seat") == event.get("seat")
        ):
            lines.append(_line_turn_revealed(event, nxt, locale, names))
            index += 2
            continue
        if event.get("type") == "pass":
            run = [event]
            while index + len(run) < len(events) and events[index + len(run)].get("type") == "pass":
                run.append(events[index + len(run)])
            if len(run) > 1:
                who = ", ".join(f"**{_who(names, e.get('seat'))}**" for e in run)
                lines.append(t(locale, "✋ Passing: {who}.", who=who))
                index += len(run)
                continue
        line = event_line(event, locale, names)
        if line:
            lines.append(line)
        index += 1
    return lines
