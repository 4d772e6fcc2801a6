"""Cards as Munchkin Fu draws them, from the view's ``cards`` alone: a full card face (the
hand, the fight's monsters) and a one-line chip (items, classes and styles on the table).

Why original and simple: no commercial art or text may appear, and on a phone a coloured
band with the kind, the name in large type and the numbers that decide a fight (level,
bonus, gold) read better than any picture would. A card missing from ``cards`` draws as
its id, so a trimmed view still renders."""

from __future__ import annotations

from typing import Any

from render.boxes import Box
from render.common import RGB, Canvas, Palette, localized, mix
from render.munchkin_fu.style import (
    CARRIED,
    DOOR_BACK,
    TREASURE_BACK,
    kind_color,
    kind_mark,
    on,
    signed,
    t,
    treasures,
)

NUMBER_KINDS = ("item", "one_shot", "enhancer", "mook")


class Cards:
    """The view's card data, looked up by id, with names in the drawing language."""

    def __init__(self, view: dict[str, Any], locale: str) -> None:
        cards = view.get("cards")
        self.data: dict[str, Any] = cards if isinstance(cards, dict) else {}
        self.locale = locale

    def get(self, cid: Any) -> dict[str, Any]:
        info = self.data.get(str(cid))
        return info if isinstance(info, dict) else {}

    def name(self, cid: Any) -> str:
        return localized(self.get(cid).get("names"), self.locale) or str(cid)

    def text(self, cid: Any) -> str:
        return localized(self.get(cid).get("texts"), self.locale)

    def kind(self, cid: Any) -> str:
        return str(self.get(cid).get("kind") or "")

    def number(self, cid: Any) -> str:
        """The card's headline number: a monster's level, an item's or one-shot's bonus."""
        info = self.get(cid)
        if info.get("kind") == "monster":
            return str(int(info.get("level") or 0))
        bonus = int(info.get("bonus") or 0)
        return signed(bonus) if bonus and info.get("kind") in NUMBER_KINDS else ""

    def color(self, cid: Any) -> RGB:
        return kind_color(self.kind(cid))

    def slot(self, cid: Any) -> str:
        return str(self.get(cid).get("slot") or "")


def _tags(cards: Cards, cid: str) -> list[str]:
    """The small facts a card face lists at its foot: slot, big, Hong Kong, gold, treasures."""
    info = cards.get(cid)
    loc = cards.locale
    out: list[str] = []
    if info.get("slot"):
        out.append(t(f"slot_{info['slot']}", loc))
    if info.get("big"):
        out.append(t("big", loc))
    if info.get("hk"):
        out.append(t("hk", loc))
    if info.get("gold"):
        out.append(t("gold", loc, n=int(info["gold"])))
    if info.get("kind") == "monster" and info.get("treasures"):
        out.append(treasures(int(info["treasures"]), loc))
    return out


def draw_card(
    c: Canvas,
    cards: Cards,
    cid: str,
    box: Box,
    *,
    text: bool = True,
    frame: RGB | None = None,
    label: str = "card",
) -> None:
    """A card face in ``box``: the kind's band (kind word, headline number), the name, the
    card's own short text when ``text`` and there is room, its tags at the foot."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    color = cards.color(cid)
    c.rect(box, fill=Palette.card, outline=frame or Palette.card_edge, width=3 if frame else 1.5,
           radius=10)  # fmt: skip
    band = min(34.0, h * 0.2)
    c.rect((x0 + 3, y0 + 3, x1 - 3, y0 + band), fill=color, radius=8)
    with c.region(box, label, cue=("card kind", cards.kind(cid))):
        number = cards.number(cid)
        num_w = c.text_width(number, band * 0.62, True) + 8 if number else 0
        ink = on(color)
        kind = t(f"kind_{cards.kind(cid)}", cards.locale) if cards.kind(cid) else ""
        symbol = kind_mark(cards.kind(cid))
        c.text((x0 + 9, y0 + 3 + band / 2), symbol, band * 0.42, ink, bold=True, anchor="lm")
        left = x0 + 13 + c.text_width(symbol, band * 0.42, True)
        c.fit_text((left, y0 + 3 + band / 2), kind, x1 - 13 - num_w - left, band * 0.42, ink,
                   bold=True, min_size=9, anchor="lm", whole=True)  # fmt: skip
        if number:
            c.text((x1 - 9, y0 + 3 + band / 2), number, band * 0.62, ink, bold=True, anchor="rm")
        tags = "  ".join(_tags(cards, cid))
        foot = 22.0 if tags else 6.0
        name_size = max(12.0, min(20.0, w / 10))
        lines, size = c.wrap(cards.name(cid), w - 16, 3, name_size, bold=True, min_size=11)
        y = y0 + band + 8
        for line in lines:
            c.text((x0 + 8, y), line, size, Palette.ink, bold=True)
            y += size * 1.2
        room = y1 - foot - y - 4
        if text and room >= 30:
            _card_text(c, cards.text(cid), (x0 + 8, y + 4, x1 - 8, y1 - foot - 2))
        if tags:
            c.fit_text((x0 + 8, y1 - 12), tags, w - 16, 13, mix(Palette.ink, color, 0.35),
                       bold=True, min_size=9, anchor="lm")  # fmt: skip


def _card_text(c: Canvas, text: str, box: Box) -> None:
    """The card's short text, as many lines as fit in ``box``."""
    x0, y0, x1, y1 = box
    size = 15.0
    lines_fit = max(1, int((y1 - y0) // (size * 1.25)))
    lines, size = c.wrap(text, x1 - x0, lines_fit, size, min_size=12)
    y = y0
    for line in lines:
        if y + size * 1.2 > y1:
            break
        c.text((x0, y), line, size, mix(Palette.ink, Palette.card, 0.25))
        y += size * 1.25


def draw_chip(
    c: Canvas,
    cards: Cards,
    cid: str,
    box: Box,
    *,
    dim: bool = False,
    number: str | None = None,
    label: str = "chip",
) -> None:
    """A card as one line: the kind's colour and symbol at the left (the symbol tells the
    kind to whom the colour does not), the name, the number at the right (``number``
    overrides the card's own). ``dim`` greys it (a carried item: in play, not counting)."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    kind = cards.kind(cid)
    color = CARRIED if dim else cards.color(cid)
    fill = mix(Palette.panel_hi, Palette.bg, 0.5) if dim else Palette.panel_hi
    c.rect(box, fill=fill, outline=color, width=1.5, radius=6)
    badge = (x0 + 2, y0 + 2, x0 + h - 4, y1 - 2)
    c.rect(badge, fill=color, radius=4)
    ink = Palette.faint if dim else Palette.text
    size = min(17.0, h * 0.6)
    with c.region(box, label, cue=("card kind", kind)):
        c.text(((badge[0] + badge[2]) / 2, (y0 + y1) / 2), kind_mark(kind), h * 0.5, on(color),
               bold=True, anchor="mm")  # fmt: skip
        num = cards.number(cid) if number is None else number
        num_w = c.text_width(num, size, True) + 8 if num else 0
        if num:
            c.text((x1 - 6, y0 + h / 2), num, size, Palette.gold if not dim else ink,
                   bold=True, anchor="rm")  # fmt: skip
        left = badge[2] + 6
        c.fit_text((left, y0 + h / 2), cards.name(cid), x1 - left - 7 - num_w, size, ink,
                   min_size=12, anchor="lm")  # fmt: skip


def draw_back(c: Canvas, deck: str, box: Box, count: int, label: str) -> None:
    """A face-down pile: its back colour and the count."""
    color = DOOR_BACK if deck == "door" else TREASURE_BACK
    c.rect(box, fill=color, outline=mix(color, (255, 255, 255), 0.4), width=2, radius=8)
    x0, y0, x1, y1 = box
    with c.region(box, label):
        c.fit_text(((x0 + x1) / 2, (y0 + y1) / 2), str(count), x1 - x0 - 8, 22, Palette.text,
                   bold=True, anchor="mm")  # fmt: skip


CHIP_MAX = 300
CHIP_MIN = 124
MORE_W = 76.0


def chip_row(
    c: Canvas,
    cards: Cards,
    ids: list[str],
    box: Box,
    *,
    dim: set[str] | None = None,
    numbers: dict[str, str] | None = None,
) -> None:
    """``ids`` as chips side by side in ``box``, each as wide as room allows (between
    :data:`CHIP_MIN` and :data:`CHIP_MAX`). Dimmed ones go last; those that do not fit are
    counted in a "+n" tag at the end, since a chip too narrow for its name says nothing."""
    if not ids:
        return
    dim = dim or set()
    ids = [i for i in ids if i not in dim] + [i for i in ids if i in dim]
    x0, y0, x1, y1 = box
    room = x1 - x0
    shown = len(ids)
    if shown * CHIP_MIN + 6 * (shown - 1) > room:
        shown = max(1, int((room - MORE_W) // (CHIP_MIN + 6)))
    tag = MORE_W if shown < len(ids) else 0.0
    w = min(CHIP_MAX, (room - tag - 6 * (shown - 1)) / shown)
    for k, cid in enumerate(ids[:shown]):
        cx = x0 + k * (w + 6)
        draw_chip(c, cards, cid, (cx, y0, cx + w, y1), dim=cid in dim,
                  number=(numbers or {}).get(cid))  # fmt: skip
    if tag:
        more = (x1 - tag + 4, y0, x1, y1)
        c.dashed_rect(more, Palette.faint, width=1.5, dash=4, radius=6)
        with c.region(more, "more chips"):
            words = t("more", cards.locale, n=len(ids) - shown)
            c.fit_text(((more[0] + more[2]) / 2, (y0 + y1) / 2), words, tag - 12, 14,
                       Palette.muted, bold=True, min_size=10, anchor="mm")  # fmt: skip
