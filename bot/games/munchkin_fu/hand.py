"""A seat's own DM: the hand with what each card does, what is in play, the open decision.

Why only the seat's own view: this is where hidden cards are shown, so every line is built
from ``view(state, seat)`` alone (its ``hand``, its ``cards``, the Monk's ``neighbours`` under
epic clairvoyance); another seat's hand never reaches it. The last line points at ``/game
move`` (``/partita mossa``), since the buttons hold only a selection of the legal moves.
"""

from __future__ import annotations

from typing import Any

from bot.games.munchkin_fu.offers import help_terms, trade_terms
from bot.games.munchkin_fu.summary import choice_name
from bot.games.munchkin_fu.words import (
    View,
    brief,
    card_name,
    info,
    name_of,
    seat_label,
    text_of,
)
from bot.i18n import t


def _me(view: View) -> dict[str, Any]:
    seat, players = view.get("seat"), view.get("players", [])
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else {}


def card_line(view: View, cid: str, locale: str) -> str:
    """``• **Flying Wok** (style) — +2 in combat…``: a card with what it does in short."""
    card = info(view, cid)
    what = brief(card, locale)
    head = f"• **{card_name(view, cid, locale)}**" + (f" ({what})" if what else "")
    text = text_of(card, locale)
    return f"{head} — {text}" if text else head


def in_play_lines(view: View, locale: str) -> list[str]:
    """Classes, styles, items (carried or not counting), mooks, held curses."""
    me = _me(view)
    lines: list[str] = []
    powers = [*me.get("classes", []), *me.get("super_munchkin", []), *me.get("styles", [])]
    powers += me.get("extra_styles", [])
    if powers:
        names = ", ".join(name_of(info(view, c), locale) for c in powers)
        lines.append(t(locale, "🥋 **In play:** {cards}", cards=names))
    items = []
    for item in me.get("items", []):
        text = (
            f"{name_of(info(view, item['id']), locale)} ({brief(info(view, item['id']), locale)})"
        )
        if item.get("carried"):
            text += " " + t(locale, "[carried]")
        elif not item.get("active"):
            text += " " + t(locale, "[not counting]")
        items.append(text)
    if items:
        lines.append(t(locale, "🧰 **Items:** {items}", items=", ".join(items)))
    mooks = [name_of(info(view, m["id"]), locale) for m in me.get("mooks", [])]
    if mooks:
        lines.append(t(locale, "🐒 **Mooks:** {cards}", cards=", ".join(mooks)))
    curses = [name_of(info(view, c), locale) for c in me.get("curses", [])]
    if curses:
        lines.append(
            t(locale, "🪤 **Waiting for your next fight:** {cards}", cards=", ".join(curses))
        )
    return lines


def decision_lines(view: View, locale: str) -> list[str]:
    """What the table waits on from this seat: a choice, the interference window, offers."""
    seat = view.get("seat")
    lines: list[str] = []
    if view.get("phase") == "setup" and any(
        a.get("type") == "ready" for a in view.get("legal", [])
    ):
        lines.append(
            t(
                locale,
                "🎬 **First plays:** put a class, a style, items or a mook in play, then Ready.",
            )
        )
    choice = view.get("choice") or {}
    if choice.get("seat") == seat:
        lines.append(
            t(
                locale,
                "❓ **Your choice:** {what}",
                what=choice_name(str(choice.get("kind")), locale),
            )
        )
        default = choice.get("default")
        if default is not None:
            from bot.games.munchkin_fu.labels import LABELS

            said = LABELS["choose"](view, {"type": "choose", "option": default}, locale)
            lines.append(t(locale, "If time runs out: {move}", move=said))
    fight = view.get("fight") or {}
    if seat in (fight.get("window") or {}).get("waiting", []):
        lines.append(t(locale, "⏳ **The fight waits for you:** pass, or play a card into it."))
    for offer in view.get("offers", []):
        lines += _offer_line(view, offer, locale)
    return lines


def _offer_line(view: View, offer: dict[str, Any], locale: str) -> list[str]:
    seat = view.get("seat")
    answerer = offer.get("source") if offer.get("counter") else offer.get("target")
    if answerer != seat:
        return []
    other = offer.get("target") if offer.get("source") == seat else offer.get("source")
    if offer.get("kind") == "trade":
        terms, fields = trade_terms(view, offer, locale, seat)
        text = t(
            locale,
            "🔁 **{who} offers you a trade:** {terms}",
            who=seat_label(view, other, locale),
            terms=terms.format(**fields),
        )
    else:
        terms, fields = help_terms(view, offer, locale, seat)
        text = t(
            locale,
            "🤝 **{who} asks for your help:** {terms}",
            who=seat_label(view, other, locale),
            terms=terms.format(**fields),
        )
    return [text]


def hand_lines(view: View, locale: str) -> list[str]:
    """The DM's description, from the seat's own view only."""
    hand = [str(c) for c in view.get("hand", [])]
    lines = [t(locale, "🃏 **Your hand** ({n}):", n=len(hand))]
    lines += [card_line(view, c, locale) for c in hand] or [t(locale, "(no cards)")]
    lines += in_play_lines(view, locale)
    for seat, cards in sorted((view.get("neighbours") or {}).items()):
        seen = ", ".join(name_of(info(view, c), locale) for c in cards) or "—"
        lines.append(
            t(
                locale,
                "👁 **{who}'s hand:** {cards}",
                who=seat_label(view, int(seat), locale),
                cards=seen,
            )
        )
    lines += decision_lines(view, locale)
    if view.get("legal"):
        lines.append(t(locale, "More moves: `/game move`"))
    return lines
