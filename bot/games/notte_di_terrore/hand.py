"""The lines of a seat's own hand (sent by DM): its cards grouped by design, its Weapons,
its path, the types' legend and a hint of what to do now with the command for it.

Only the seat's own view is read; the presenter in :mod:`bot.games.notte_di_terrore` puts the
lines together."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from bot.games.notte_di_terrore.buttons import _design
from bot.games.notte_di_terrore.labels import _turned
from bot.games.notte_di_terrore.words import (
    TYPE_EMOJI,
    View,
    _card_name_in,
    _info,
    _local,
    _place_rules,
    _weapon_text,
    type_emoji,
    type_name,
)
from bot.i18n import t


def _grouped(view: View, card_ids: list[str], text: Callable[[str], str]) -> list[str]:
    """``• 2× 🧟 Zombie (1)``: copies of a design on one line."""
    counts = Counter(_design(c) for c in card_ids)
    lines: list[str] = []
    shown: set[str] = set()
    for card_id in card_ids:
        design = _design(card_id)
        if design in shown:
            continue
        shown.add(design)
        times = f"{counts[design]}× " if counts[design] > 1 else ""
        lines.append(f"• {times}{text(card_id)}")
    return lines


def _hand_order(view: View, card_id: str) -> tuple[int, int, str]:
    """Beings by type then value; the Necronomicon first, then Events by the type they favour,
    then Events for any Being: a hand reads like the legend under it."""
    info = _info(view, card_id) or {}
    kinds = list(TYPE_EMOJI)
    if info.get("deck") == "beings":
        kind = info.get("type")
        return (kinds.index(kind) if kind in kinds else len(kinds), int(info["value"]), card_id)
    if info.get("necronomicon"):
        return (-1, 0, card_id)
    favours = info.get("favours")
    return (kinds.index(favours) if favours in kinds else len(kinds), 0, card_id)


def _event_hand_text(view: View, card_id: str, locale: str) -> str:
    info = _info(view, card_id) or {}
    if info.get("necronomicon"):
        return t(
            locale,
            "📕 {name}: summon a Being from your hand, or kill any one Being",
            name=_local(info["name"], locale),
        )
    favours = info.get("favours")
    name = _local(info.get("name", {}), locale)
    if favours is None:
        return t(locale, "📜 {name}: +{value} on any Being", name=name, value=info.get("value"))
    return t(
        locale,
        "📜 {name}: +{value} on {kind}, +1 on the others",
        name=name,
        value=info.get("value"),
        kind=f"{type_emoji(favours)} {type_name(favours, locale)}",
    )


def _weapon_lines(view: View, me: dict[str, Any], locale: str) -> list[str]:
    turned = _turned(view)
    lines = []
    for card_id in me.get("table", []):
        used = " · " + t(locale, "used") if card_id in turned else ""
        lines.append(f"• 🗡️ {_weapon_text(view, card_id, locale)}{used}")
    if me.get("weapon_hand"):
        text = _weapon_text(view, me["weapon_hand"], locale)
        lines.append("• " + t(locale, "✋ In hand: {weapon}", weapon=text))
    return lines


def _path_line(view: View, me: dict[str, Any], locale: str) -> str:
    parts = [t(locale, "passed: {n}", n=len(me.get("path", [])))]
    revealed = me.get("revealed")
    if revealed:
        info = _info(view, revealed) or {}
        parts.append(
            t(
                locale,
                "now at **{place}** ({rules})",
                place=_card_name_in(view, revealed, locale),
                rules=_place_rules(info, locale),
            )
        )
    parts.append(t(locale, "face down: {n}", n=me.get("face_down", 0)))
    if me.get("home"):
        parts = [t(locale, "🏠 home")]
    return t(locale, "🗺️ **Your path**: {parts}", parts=" · ".join(parts))


def _hint(view: View, locale: str) -> str | None:
    """What the seat can do now, with the command for it; None when it need not act."""
    seat = view.get("seat")
    if seat is None or seat not in view.get("pending", []):
        return None
    phase = view.get("phase")
    if phase == "split":
        return t(
            locale,
            "👉 Choose how many of your {n} cards are Events, the rest Beings: "
            "`/terror split events`.",
            n=view.get("hand_size"),
        )
    if phase == "apparition" and seat == view.get("current"):
        return t(
            locale,
            "👉 You play last on your own Place: a Being you can kill lowers your Terror. "
            "Or pass: `/terror place card [target]`, `/terror pass`.",
        )
    if phase == "apparition":
        return t(
            locale,
            "👉 Haunt the Place in play with a Being, or an Event on a Being there, or pass: "
            "`/terror place card [target]`, `/terror pass`.",
        )
    if phase == "resolution":
        return t(
            locale,
            "👉 Kill Beings with your Weapons (each once; some pairs combine) or flee, then end "
            "the fight: `/terror attack`, `/terror swap`, `/terror flee`, `/terror end`.",
        )
    if phase == "discard":
        return t(
            locale,
            "👉 Discard Weapons or Beings a revealed Place forbids (`/terror discard`), then "
            "draw back to {n} cards, choosing how many are Events (`/terror refill`).",
            n=view.get("hand_size"),
        )
    if phase == "arrange":
        return t(
            locale,
            "👉 Two Weapons stay on the table, the third in your hand: `/terror arrange`.",
        )
    return None


def _legend(locale: str) -> str:
    return " · ".join(f"{emoji} {type_name(kind, locale)}" for kind, emoji in TYPE_EMOJI.items())
