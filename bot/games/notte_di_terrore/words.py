"""Notte di Terrore's cards in words, the vocabulary every other module of the package
speaks: the Being types' emoji, a card's name in the player's language (from the view, or from
the deck data for a card id an event names), a Being's, an Event's, a Weapon's and a Place's
one-line description, signed numbers, plurals, a seat's name, and fitting a text to Discord's
limits.

Kept apart because labels, narration, hand and summary all describe the same cards alike."""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.i18n import normalise, t
from rules.notte_di_terrore import cards, engine

TYPE_EMOJI: dict[str, str] = {
    "zombie": "🧟",
    "skeleton": "💀",
    "ghost": "👻",
    "witch": "🧙",
    "mummy": "🏺",
    "werewolf": "🐺",
    "vampire": "🧛",
    "demon": "😈",
}
TERROR = "😱"
EVENT_ICON = "📜"
NECRONOMICON_ICON = "📕"


Info = dict[str, Any]
View = dict[str, Any]


@cache
def _deck_info(card_id: str) -> Info | None:
    """The engine's description of a card from its id (same shape as ``view["cards"]``)."""
    try:
        return engine.card_info(card_id)
    except KeyError:
        return None


def _info(view: View | None, card_id: str) -> Info | None:
    """A card's description: from the view when it has it, else from the deck data."""
    if view is not None:
        info: Info | None = view.get("cards", {}).get(card_id)
        if info is not None:
            return info
    return _deck_info(str(card_id))


def _lang(locale: object) -> str:
    """``"en"`` or ``"it"``; cheap for a locale that already is one (names are looked up
    thousands of times per game)."""
    if locale in ("en", "it"):
        return str(locale)
    return normalise(locale)


def _local(names: dict[str, str], locale: object) -> str:
    return names.get(_lang(locale)) or names.get("en") or "?"


def card_name(card_id: str, locale: object) -> str:
    """A card's name in ``locale`` from its id alone, for events (which carry ids, not views);
    falls back to the id for anything that is not a card."""
    info = _deck_info(str(card_id))
    return _local(info["name"], locale) if info else str(card_id)


def type_name(type_id: str, locale: object) -> str:
    """A Being type's name (``"werewolf"`` -> ``"Lupo Mannaro"`` in Italian)."""
    kind = cards.decks().types.get(type_id)
    return _local(kind.name, locale) if kind else type_id


def type_emoji(type_id: str | None) -> str:
    return TYPE_EMOJI.get(type_id or "", "👹")


def _emojis(types: list[str]) -> str:
    return " ".join(type_emoji(kind) for kind in types)


def _signed(points: int) -> str:
    """``+3``, ``−2`` (a real minus sign) or ``0``: Terror changes read at a glance."""
    if points > 0:
        return f"+{points}"
    return f"−{-points}" if points < 0 else "0"


def _units(text: str) -> int:
    """Length in UTF-16 code units: never less than in code points, so a text within a limit
    by this count is within it however Discord counts (most emoji are two units)."""
    return len(text.encode("utf-16-le")) // 2


def _fit(text: str, limit: int) -> str:
    """``text`` cut with an ellipsis to at most ``limit`` (in UTF-16 code units)."""
    if _units(text) <= limit:
        return text
    while text and _units(text) > limit - 1:
        text = text[:-1]
    return text.rstrip() + "…"


def _being_text(info: Info, locale: object) -> str:
    """``🐺 Werewolf (3)``: type, name and Terror value."""
    return f"{type_emoji(info.get('type'))} {_being_body(info, locale)}"


def _being_body(info: Info, locale: object) -> str:
    return f"{_local(info['name'], locale)} ({info.get('value')})"


def _event_value_on(info: Info, on_type: str | None) -> int:
    """What an Event is worth on a Being of ``on_type``: +1 when it favours another type."""
    favours = info.get("favours")
    if on_type is None or favours is None or favours == on_type:
        return int(info.get("value", 0))
    return cards.IRRELEVANT_EVENT_VALUE


def _event_text(info: Info, locale: object, on_type: str | None = None) -> str:
    """``📜 Full Moon (+2 🐺)``, or ``📕 Necronomicon``."""
    icon = NECRONOMICON_ICON if info.get("necronomicon") else EVENT_ICON
    return f"{icon} {_event_body(info, locale, on_type)}"


def _event_body(info: Info, locale: object, on_type: str | None = None) -> str:
    """``Full Moon (+2 🐺)`` (the type only when the Event favours it, on a Being of that
    type or on none in particular); the Necronomicon is just its name."""
    name = _local(info["name"], locale)
    if info.get("necronomicon"):
        return name
    favours = info.get("favours")
    fits = favours is not None and on_type in (None, favours)
    mark = f" {type_emoji(favours)}" if fits else ""
    return f"{name} (+{_event_value_on(info, on_type)}{mark})"


def _card_text(view: View | None, card_id: str, locale: object) -> str:
    """The short form of any card: Beings with type and value, Events with value, others by
    name."""
    info = _info(view, card_id)
    if info is None:
        return str(card_id)
    if info["deck"] == "beings":
        return _being_text(info, locale)
    if info["deck"] == "events":
        return _event_text(info, locale)
    return _local(info["name"], locale)


def _place_rules(info: Info, locale: object) -> str:
    """``🚫 🐺 🧙 · max 2 per type``: what a Place forbids and its per-type maximum."""
    most = t(locale, "max {n} per type", n=info.get("max_per_type"))
    forbidden = info.get("forbidden") or []
    return f"🚫 {_emojis(forbidden)} · {most}" if forbidden else most


def _weapon_text(view: View | None, card_id: str, locale: object) -> str:
    """``Torch: 🏺 🧟 · + Petrol Can → Bonfire 🧟 🏺 🧙 🧛 🐺``."""
    info = _info(view, card_id)
    if info is None or info.get("deck") != "weapons":
        return _card_text(view, card_id, locale)
    text = f"{_local(info['name'], locale)}: {_emojis(info.get('defeats', []))}"
    for combo in info.get("combinations", []):
        partner = card_name(combo["with"] + ":1", locale)
        combo_name = _local(combo["name"], locale)
        text += f" · + {partner} → {combo_name} {_emojis(combo['defeats'])}"
    return text


def _who(names: list[str], seat: int | None) -> str:
    if seat is not None and 0 <= seat < len(names):
        return names[seat]
    return "?" if seat is None else str(seat + 1)


def _card_name_in(view: View | None, card_id: str, locale: object) -> str:
    info = _info(view, card_id)
    return _local(info["name"], locale) if info else str(card_id)


def _plural(locale: object, n: int, what: str) -> str:
    """``1 Event`` / ``3 Events`` (and Beings, cards): one message per form, so each
    language writes its own."""
    forms: dict[str, tuple[str, str]] = {
        "events": (t(locale, "{n} Event", n=n), t(locale, "{n} Events", n=n)),
        "beings": (t(locale, "{n} Being", n=n), t(locale, "{n} Beings", n=n)),
        "cards": (t(locale, "{n} card", n=n), t(locale, "{n} cards", n=n)),
    }
    one, many = forms[what]
    return one if n == 1 else many
