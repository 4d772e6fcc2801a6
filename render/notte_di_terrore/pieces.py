"""The view's cards and the card pieces drawn on both the board and the hand.

:class:`Cards` reads the view's card descriptions (with fallbacks, so a trimmed view still
draws); :func:`draw_being` draws a Being with its Events and its worth now (stays / kill);
:func:`draw_weapon` a Weapon, upright or lying turned. The board and the hand both import them,
so they live here rather than in either."""

from __future__ import annotations

import json
from typing import Any

from render.boxes import Box
from render.common import RGB, Canvas, Palette, hex_rgb, localized, mix
from render.layers import static_layer
from render.notte_di_terrore.icons import icon, type_badge, type_cue
from render.notte_di_terrore.layout import SUMMONED_H
from render.notte_di_terrore.style import (
    EVENT_NEUTRAL,
    EVENTS_SHOWN,
    NECRO,
    STEEL,
    STEEL_EDGE,
    _on,
    _signed,
    _t,
    type_color,
    wrap_name,
)

CARD_MUTED = mix(Palette.ink, Palette.card, 0.3)
"""Secondary words on a card (a worth's "stays", "+2 more"): 4.5:1 on the card (issue 29)."""


class Cards:
    """The view's card descriptions, with fallbacks so a partial view still draws."""

    def __init__(self, view: dict[str, Any], locale: str) -> None:
        self.info: dict[str, dict[str, Any]] = dict(view.get("cards") or {})
        self.types: dict[str, Any] = dict(view.get("types") or {})
        self.locale = locale

    def get(self, cid: Any) -> dict[str, Any]:
        return self.info.get(str(cid)) or {}

    def name(self, cid: Any) -> str:
        info = self.get(cid)
        fallback = str(cid).split(":")[0].replace("_", " ").capitalize()
        return localized(info.get("name"), self.locale) or fallback

    def type_name(self, type_id: Any) -> str:
        name = localized(self.types.get(str(type_id)), self.locale)
        return name or str(type_id or "").capitalize()

    def value(self, cid: Any) -> int:
        value = self.get(cid).get("value")
        return value if isinstance(value, int) else 0

    def design(self, cid: Any) -> str:
        return str(self.get(cid).get("design") or str(cid).split(":")[0])

    def deck(self, cid: Any) -> str:
        return str(self.get(cid).get("deck") or "")

    def is_necronomicon(self, cid: Any) -> bool:
        return bool(self.get(cid).get("necronomicon"))

    def event_color(self, cid: Any) -> RGB:
        if self.is_necronomicon(cid):
            return NECRO
        favours = self.get(cid).get("favours")
        return type_color(favours) if favours else EVENT_NEUTRAL

    def pile_color(self, cid: Any) -> RGB:
        """A Terror pile card's colour in the meter: a Being's type, an Event's favoured type."""
        info = self.get(cid)
        if info.get("deck") == "beings":
            return type_color(info.get("type"))
        return self.event_color(cid)

    def pile_kind(self, cid: Any) -> str:
        """What a Terror pile card's colour in the meter tells: a Being's type, an Event's
        favoured type, ``"book"`` for the Necronomicon, ``""`` for an Event favouring none."""
        info = self.get(cid)
        if info.get("deck") == "beings":
            return str(info.get("type") or "")
        if self.is_necronomicon(cid):
            return "book"
        return str(info.get("favours") or "")

    def combos(self, weapons: list[str]) -> list[tuple[str, str, dict[str, Any]]]:
        """Pairs among ``weapons`` that combine: (card a, card b, combination)."""
        found = []
        for i, a in enumerate(weapons):
            for b in weapons[i + 1 :]:
                for combo in self.get(a).get("combinations") or []:
                    if combo.get("with") == self.design(b):
                        found.append((a, b, combo))
        return found


def _ints(values: Any) -> list[int]:
    return [v for v in values or [] if isinstance(v, int)]


# --------------------------------------------------------------------------- shared pieces


def draw_being(
    c: Canvas,
    cards: Cards,
    monster: dict[str, Any],
    box: Box,
    *,
    shown: int = EVENTS_SHOWN,
) -> None:
    """A Being on a Place: type band, name, the Events on it, and its worth now (stays / kill)."""
    cid = monster.get("card")
    info = cards.get(cid)
    x0, y0, x1, y1 = box
    events = [e for e in monster.get("events") or [] if e]
    key = (
        "notte being",
        json.dumps(
            [monster, info, [cards.get(e) for e in events], cards.type_name(info.get("type"))],
            sort_keys=True,
            default=str,
        ),
        cards.locale,
        box,
        shown,
    )
    static_layer(
        c,
        key,
        (x0, y0, x1 + 2, y1 + 3),
        lambda _: _paint_being(c, cards, monster, box, shown),
        margin=3,
    )


def _paint_being(c: Canvas, cards: Cards, monster: dict[str, Any], box: Box, shown: int) -> None:
    """The Being card of :func:`draw_being` with its shadow: a pure function of the Being, its
    cards' data, the language and the box, so it is painted once and pasted (issue 12)."""
    cid = monster.get("card")
    info = cards.get(cid)
    x0, y0, x1, y1 = box
    color = type_color(info.get("type"))
    summoned = bool(monster.get("summoned_by"))
    c.rect((x0 + 2, y0 + 3, x1 + 2, y1 + 3), fill=(0, 0, 0), radius=9)
    edge = NECRO if summoned else Palette.card_edge
    c.rect(box, fill=Palette.card, outline=edge, width=2.5 if summoned else 1.5, radius=9)
    with c.region((x0, y0, x1, y0 + 24), "type band", cue=type_cue(info.get("type"))):
        _being_band(c, cards, info, (x0, y0, x1, y0 + 24), color)
    lines, size = wrap_name(c, cards.name(cid), x1 - x0 - 14, 2, 14, min_size=11)
    for i, line in enumerate(lines):
        c.text((x0 + 7, y0 + 30 + i * (size + 3)), line, size, Palette.ink, bold=True)
    y = y0 + 66
    if summoned:  # brought by a Necronomicon: it joins the pile if it survives
        with c.region((x0 + 5, y, x1 - 5, y + 17), "summoned") as tag:
            _summoned_tag(c, cards.locale, tag)
        y += SUMMONED_H
    events = [e for e in monster.get("events") or [] if e]
    for i, ev in enumerate(events[:shown]):
        if i == shown - 1 and len(events) > shown:
            more = _t("more", cards.locale, n=len(events) - shown + 1)
            c.fit_text((x0 + 8, y + 9), more, x1 - x0 - 16, 12, CARD_MUTED, bold=True, anchor="lm")
            y += 19
            break
        with c.region((x0 + 5, y, x1 - 5, y + 17), f"event {i + 1}") as chip:
            _event_chip(c, cards, ev, info.get("type"), chip)
        y += 19
    with c.region((x0, y1 - 24, x1, y1), "worth") as footer:
        _worth(c, cards.locale, monster, footer)


def _summoned_tag(c: Canvas, locale: str, box: Box) -> None:
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    c.rect(box, fill=NECRO, radius=5)
    icon(c, "book", x0 + 10, cy, 13, Palette.gold)
    c.fit_text(
        (x0 + 20, cy),
        _t("summoned", locale),
        x1 - x0 - 24,
        12,
        Palette.card,
        bold=True,
        min_size=9,
        anchor="lm",
    )


def _being_band(c: Canvas, cards: Cards, info: dict[str, Any], box: Box, color: RGB) -> None:
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    c.rect(box, fill=color, radius=9)
    c.rect((x0, cy, x1, y1), fill=color)
    ink = _on(color)
    icon(c, str(info.get("type")), x0 + 13, cy, 17, ink)
    value = info.get("value")
    vr = 10
    if isinstance(value, int):
        c.circle(x1 - 14, cy, vr, fill=Palette.ink)
        c.text((x1 - 14, cy), str(value), 14, Palette.gold, bold=True, anchor="mm")
    c.fit_text(
        (x0 + 25, cy),
        cards.type_name(info.get("type")),
        x1 - x0 - 25 - 2 * vr - 10,
        12,
        ink,
        bold=True,
        min_size=9,
        anchor="lm",
        whole=True,  # the icon and the colour say the type too
    )


def _event_chip(c: Canvas, cards: Cards, ev: str, being_type: Any, box: Box) -> None:
    """An Event on a Being: favoured-type colour, name, the Terror it adds (irrelevant: +1)."""
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    info = cards.get(ev)
    favours = info.get("favours")
    color = cards.event_color(ev)
    irrelevant = bool(favours) and favours != being_type
    value = 1 if irrelevant else cards.value(ev)
    fill = mix(color, Palette.card, 0.72 if not irrelevant else 0.86)
    c.rect(box, fill=fill, radius=5)
    left = x0 + 9
    if favours:  # the favoured type's badge, not its colour alone (issue 29)
        type_badge(c, favours, x0 + 1 + (y1 - y0) / 2, cy, y1 - y0 - 2)
        left = x0 + (y1 - y0) + 3
    else:
        c.rect((x0, y0, x0 + 5, y1), fill=color, radius=3)
    label = _signed(value)
    c.text((x1 - 4, cy), label, 12, Palette.ink, bold=True, anchor="rm")
    room = x1 - left - 5 - c.text_width(label, 12, True) - 4
    ink = mix(Palette.ink, Palette.card, 0.3) if irrelevant else Palette.ink
    c.fit_text((left, cy), cards.name(ev), room, 12, ink, min_size=9, anchor="lm")


def _worth(c: Canvas, locale: str, monster: dict[str, Any], box: Box) -> None:
    """The Being's footer: Terror added if it stays (red) and removed if killed (green)."""
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    c.rect(box, fill=mix(Palette.card, Palette.ink, 0.1), radius=9)
    c.rect((x0, y0, x1, cy), fill=mix(Palette.card, Palette.ink, 0.1))
    stays = monster.get("if_undefeated")
    killed = monster.get("if_killed")
    mid = (x0 + x1) / 2
    c.line([(mid, y0 + 4), (mid, y1 - 4)], Palette.card_edge, 1)
    if isinstance(stays, int):
        _worth_half(c, _t("stays", locale), _signed(stays), (x0, mid), cy, hex_rgb("#b6281c"))
    if isinstance(killed, int):
        _worth_half(c, _t("kill", locale), _signed(killed), (mid, x1), cy, hex_rgb("#1c6f26"))


def _worth_half(
    c: Canvas, word: str, number: str, span: tuple[float, float], cy: float, color: RGB
) -> None:
    a, b = span
    with c.region((a, cy - 12, b, cy + 12), word):
        _worth_words(c, word, number, span, cy, color)


def _worth_words(
    c: Canvas, word: str, number: str, span: tuple[float, float], cy: float, color: RGB
) -> None:
    a, b = span
    nw = c.text_width(number, 14, True)
    room = b - a - nw - 12
    word, size = c.fit(word, room, 11, min_size=8, whole=True)  # red / green say it too
    total = c.text_width(word, size) + 3 + nw if word else nw
    x = (a + b) / 2 - total / 2
    c.text((x, cy), word, size, CARD_MUTED, anchor="lm")
    c.text((b - (b - a) / 2 + total / 2, cy), number, 14, color, bold=True, anchor="rm")


def weapon_box(slot: Box, turned: bool) -> Box:
    """The card inside a (square) slot: upright, or lying sideways once used this turn."""
    cx, cy = (slot[0] + slot[2]) / 2, (slot[1] + slot[3]) / 2
    long = max(slot[2] - slot[0], slot[3] - slot[1])
    short = min(long * 0.8, min(slot[2] - slot[0], slot[3] - slot[1]))
    hw, hh = (long / 2, short / 2) if turned else (short / 2, long / 2)
    return cx - hw, cy - hh, cx + hw, cy + hh


def draw_weapon(
    c: Canvas,
    cards: Cards,
    cid: str,
    slot: Box,
    *,
    turned: bool = False,
    big: bool = False,
    glow: bool = False,
) -> None:
    """A Weapon card: name and the types it defeats. A used (turned) Weapon is drawn lying
    sideways in ``slot`` and dimmed, as the card is physically rotated on the table; ``glow``
    frames it in gold (it can be played or discarded now)."""
    card = weapon_box(slot, turned)
    x0, y0, x1, y1 = card
    defeats = cards.get(cid).get("defeats")
    key = ("notte weapon", cards.name(cid), str(defeats), card, turned, big, glow)
    bounds = (x0 - 4, y0 - 4, x1 + 4, y1 + 4) if glow else (x0, y0, x1 + 2, y1 + 3)
    static_layer(
        c, key, bounds, lambda _: _paint_weapon(c, cards, cid, card, turned, big, glow), margin=3
    )


def _paint_weapon(
    c: Canvas, cards: Cards, cid: str, card: Box, turned: bool, big: bool, glow: bool
) -> None:
    """The Weapon card of :func:`draw_weapon` with its shadow (and glow): a pure function of
    the card's name and types, its box and state, so it is painted once and pasted."""
    x0, y0, x1, y1 = card
    if glow:
        c.rect((x0 - 4, y0 - 4, x1 + 4, y1 + 4), fill=Palette.gold, radius=11)
    fill = mix(STEEL, Palette.panel, 0.55) if turned else STEEL
    edge = mix(STEEL_EDGE, Palette.panel, 0.5) if turned else STEEL_EDGE
    text = mix(Palette.text, Palette.panel, 0.35) if turned else Palette.text
    c.rect((x0 + 2, y0 + 3, x1 + 2, y1 + 3), fill=(0, 0, 0), radius=8)
    c.rect(card, fill=fill, outline=edge, width=1.5, radius=8)
    with c.region(card, "weapon"):
        _weapon_face(c, cards, cid, card, turned=turned, big=big, text=text)


def _weapon_face(
    c: Canvas, cards: Cards, cid: str, box: Box, *, turned: bool, big: bool, text: RGB
) -> None:
    """A Weapon's name (wrapped, hyphenated) and badges of the types it defeats."""
    x0, y0, x1, y1 = box
    size = 15 if big else 13
    lines, fsize = wrap_name(
        c, cards.name(cid), x1 - x0 - 12, 3 if not turned else 2, size, bold=True, min_size=9
    )
    for i, line in enumerate(lines):
        c.text((x0 + 6, y0 + 6 + i * (fsize + 3)), line, fsize, text, bold=True)
    defeats = list(cards.get(cid).get("defeats") or [])
    d = 24 if big else 21
    n = len(defeats)
    bx = x1 - 6 - d / 2 - (n - 1) * (d + 3) if turned else (x0 + x1) / 2 - (n - 1) * (d + 3) / 2
    for i, type_id in enumerate(defeats):
        type_badge(c, type_id, bx + i * (d + 3), y1 - 6 - d / 2, d)
    if turned:
        c.text((x0 + 8, y1 - 6 - d / 2), "↻", 18, Palette.gold, bold=True, anchor="lm")
    elif not defeats:
        icon(c, "blade", (x0 + x1) / 2, y1 - 20, 22, text)
