"""Munchkin Fu's vocabulary, shared by every module of the package: a card by its name in the
reader's language, a seat by its name, a monster of the fight, kinds and slots in words, and
fitting a text to Discord's limits.

Why card data comes from the view: the engine's views carry ``cards`` (every card they name,
with its public data), so the bot never reads the deck's content. Events carry only card ids
and are narrated without a view, so narration asks :func:`rules.munchkin_fu.views.card_data`,
the same public data the views publish, for a card that has left the table.

Why cards get an ordinal: the deck holds copies with one name (a style printed twice), and a
``/game move`` entry must never read like another one; two cards of one name that a seat may
act on read ``Flying Wok #1`` and ``Flying Wok #2`` in the order of their ids.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from bot.games.notte_di_terrore.words import _fit, _units
from bot.i18n import N_, normalise, t
from rules.munchkin_fu.views import card_data

View = dict[str, Any]
Card = dict[str, Any]
MAX_LABEL = 80
"""Discord's limit for a button label (an autocomplete name may take 100)."""

fit = _fit
"""A text cut with an ellipsis to a limit in UTF-16 code units (as Discord counts)."""
units = _units

HEROES, MONSTERS = "heroes", "monsters"


def lang(locale: object) -> str:
    """``"en"`` or ``"it"``, cheap for a locale that already is one (labels are made for
    hundreds of moves per decision)."""
    if locale in ("en", "it"):
        return str(locale)
    return normalise(locale)


@cache
def _deck_card(cid: str) -> Card:
    try:
        return card_data(cid)
    except KeyError:
        return {"id": cid, "kind": "", "names": {}, "texts": {}}


def info(view: View | None, cid: str) -> Card:
    """A card's public data: from the view when it names the card, else the engine's."""
    if view is not None:
        found = view.get("cards", {}).get(cid)
        if found is not None:
            return dict(found)
    return _deck_card(str(cid))


def name_of(card: Card, locale: object) -> str:
    names = card.get("names") or {}
    return str(names.get(lang(locale)) or names.get("en") or card.get("id") or "?")


def text_of(card: Card, locale: object) -> str:
    texts = card.get("texts") or {}
    return str(texts.get(lang(locale)) or texts.get("en") or "")


def own_pool(view: View) -> list[str]:
    """Every card a seat may act on by name: its hand and what it has in play, the open
    choice's cards, the corpse and the fight's loot (where two copies may meet)."""
    pool = [str(c) for c in view.get("hand", [])]
    seat = view.get("seat")
    players = view.get("players", [])
    if isinstance(seat, int) and 0 <= seat < len(players):
        me = players[seat]
        pool += [*me.get("classes", []), *me.get("styles", []), *me.get("extra_styles", [])]
        pool += [*me.get("super_munchkin", [])]
        pool += [i["id"] for i in me.get("items", [])] + [m["id"] for m in me.get("mooks", [])]
    choice = view.get("choice") or {}
    for option in choice.get("options", []):
        pool += [part for part in str(option).split(":") if part in view.get("cards", {})]
    pool += [str(c) for c in view.get("corpse", [])]
    fight = view.get("fight") or {}
    pool += [str(c) for c in fight.get("loot", [])]
    return pool


_LAST: list[tuple[Any, object, dict[str, int]]] = [(None, "", {})]
"""The last view's ``#k`` ordinals, ``(view, locale, {card id: k})`` in one slot read and
written whole: a seat's labels are made for hundreds of moves of one view, and the view is
held here, so ``is`` cannot be fooled by a reused id."""


def _ordinals(view: View, locale: object) -> dict[str, int]:
    last = _LAST[0]
    if last[0] is view and last[1] == locale:
        return last[2]
    by_name: dict[str, set[str]] = {}
    for cid in own_pool(view):
        by_name.setdefault(name_of(info(view, cid), locale), set()).add(cid)
    found: dict[str, int] = {}
    for twins in by_name.values():
        if len(twins) > 1:
            found.update({cid: k + 1 for k, cid in enumerate(sorted(twins))})
    _LAST[0] = (view, locale, found)
    return found


def card_name(view: View | None, cid: str, locale: object) -> str:
    """A card's name, with ``#k`` when another card of the same name is in the seat's reach."""
    name = name_of(info(view, cid), locale)
    if view is None:
        return name
    k = _ordinals(view, locale).get(cid)
    return f"{name} #{k}" if k else name


def seat_tag(seat: int, locale: object) -> str:
    """``P2`` / ``G2``: how a seat reads where no name is known (labels: views carry none)."""
    return t(locale, "P{n}", n=seat + 1)


def seat_label(view: View, seat: Any, locale: object) -> str:
    """A seat in a label: its name when the view carries ``names``, else its tag."""
    if not isinstance(seat, int):
        return "?"
    names = view.get("names")
    if isinstance(names, list) and 0 <= seat < len(names):
        return str(names[seat])
    return seat_tag(seat, locale)


def who(names: list[str], seat: Any, locale: object = "en") -> str:
    """A seat's name in narration, or its tag when the names run short (a test, a replay)."""
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return seat_tag(seat, locale) if isinstance(seat, int) else "?"


def monster_name(view: View | None, index: Any, locale: object) -> str:
    """A monster of the current fight by its index: its name (``#k`` for a second of one
    name), or ``monster k`` when the view has no such fight."""
    monsters = ((view or {}).get("fight") or {}).get("monsters", [])
    if not isinstance(index, int) or not 0 <= index < len(monsters):
        return t(locale, "monster {n}", n=(index + 1) if isinstance(index, int) else "?")
    names = [name_of(info(view, m["card"]), locale) for m in monsters]
    name = names[index]
    if names.count(name) > 1:
        return f"{name} #{names[: index + 1].count(name)}"
    return name


SIDES = {HEROES: N_("the heroes"), MONSTERS: N_("the monsters")}
SLOTS = {
    "head": N_("headgear"),
    "armour": N_("armour"),
    "feet": N_("footgear"),
    "hand": N_("1 hand"),
    "two_hands": N_("2 hands"),
}
CLASSES = {
    "ninja": N_("Ninja"),
    "samurai": N_("Samurai"),
    "yakuza": N_("Yakuza"),
    "monk": N_("Monk"),
}
KINDS = {
    "monster": N_("monster"),
    "enhancer": N_("enhancer"),
    "wandering": N_("wandering monster"),
    "double": N_("double"),
    "trap": N_("trap"),
    "class": N_("class"),
    "style": N_("style"),
    "super_munchkin": N_("Super Munchkin"),
    "extra_style": N_("Extra Style"),
    "mook": N_("mook"),
    "item": N_("item"),
    "one_shot": N_("one-shot"),
    "level_up": N_("go up a level"),
}
"""The words for a side, a slot, a class and a card kind (translated when used)."""


def named(table: dict[str, str], key: str, locale: object) -> str:
    """``key``'s word from one of the tables above, in ``locale``; the key itself if unknown."""
    return t(locale, table[key]) if key in table else key


def side_name(side: str, locale: object) -> str:
    return named(SIDES, side, locale)


def slot_name(slot: str, locale: object) -> str:
    return named(SLOTS, slot, locale)


def class_name(class_id: str, locale: object) -> str:
    return named(CLASSES, class_id, locale)


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def brief(card: Card, locale: object) -> str:
    """What a card is in a few characters: ``L8 monster``, ``headgear +2 · 400``."""
    kind = str(card.get("kind", ""))
    if kind == "monster":
        return t(locale, "L{n} monster", n=card.get("level", 0))
    if kind == "enhancer":
        return t(locale, "monster {bonus}", bonus=signed(int(card.get("bonus", 0))))
    if kind == "class":
        return class_name(str(card.get("class_id", "")), locale)
    if kind in ("item", "one_shot"):
        parts = [slot_name(str(card["slot"]), locale)] if card.get("slot") else []
        if card.get("bonus"):
            parts.append(signed(int(card["bonus"])))
        if card.get("big"):
            parts.append(t(locale, "big"))
        if card.get("gold"):
            parts.append(f"💰{card['gold']}")
        return " ".join(parts)
    return kind_name(kind, locale)


def kind_name(kind: str, locale: object) -> str:
    return named(KINDS, kind, locale)


def fit_fields(render: Callable[[dict[str, str]], str], fields: dict[str, str], limit: int) -> str:
    """``render(fields)`` within ``limit``: the longest field is cut first (to no less than
    eight characters), so what tells two moves apart (a count, a side, who) stays whole."""
    text = render(fields)
    fields = dict(fields)
    while units(text) > limit:
        key = max(fields, key=lambda k: len(fields[k]))
        value = fields[key]
        if len(value) <= 8:
            return fit(text, limit)
        cut = max(8, len(value) - (units(text) - limit))
        fields[key] = squeeze(value, cut)
        text = render(fields)
    return text


def squeeze(value: str, limit: int) -> str:
    """``value`` within ``limit`` by an ellipsis in the middle: names of one family share
    their beginning ("Armatura di Giornali", "Armatura di Bambù"), so the end is kept too."""
    if units(value) <= limit:
        return value
    head = (limit - 1) // 2
    tail = limit - 1 - head
    while units(value[:head]) + units(value[-tail:]) + 1 > limit and tail > 1:
        tail -= 1
    return f"{value[:head].rstrip()}…{value[-tail:].lstrip()}"


def fill(template: str, fields: dict[str, str], **fixed: Any) -> str:
    """A translated ``template`` (``t(locale, "...")`` without parameters) filled with
    ``fields`` (names, which may be shortened) and ``fixed`` (numbers, never shortened),
    within :data:`MAX_LABEL`."""
    return fit_fields(lambda f: template.format(**f, **fixed), fields, MAX_LABEL)
