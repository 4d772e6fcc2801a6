"""The game's pieces as drawn on every image: Lord dice, Spider Jack dice, creatures, ghosts,
servants, icon chips and Arch Monster cards.

Every die, creature and ghost carries its colour's symbol and letter as well as the colour
(I5: colour-blind players tell ``♥P`` from ``◆B`` without the hue), and each piece's texts
sit in a region of their own, so the text-box check knows where they belong.
"""

from __future__ import annotations

from render.boxes import Box
from render.common import RGB, Canvas, Palette, mix
from render.monsters_on_board import catalogue as cat
from render.monsters_on_board.cards import arch_summary
from render.monsters_on_board.style import (
    JACK,
    SERVANT,
    colour_rgb,
    edge_of,
    glyph,
    ink_on,
    mark,
    name_of,
)


def draw_die(
    c: Canvas,
    x: float,
    y: float,
    size: float,
    die_id: str,
    rank: int,
    *,
    dim: bool = False,
    crossed: bool = False,
    ring: RGB | None = None,
) -> None:
    """A Lord die, top-left at ``x, y``: its colour, the rank in large type, its mark below.
    ``dim`` fades it (activated, flipped, removed); ``crossed`` strikes it out (removed by
    F2); ``ring`` frames it (a pick, the die to place)."""
    colour_id = cat.die_colour(die_id)
    fill = colour_rgb(colour_id)
    if dim:
        fill = mix(fill, Palette.panel, 0.55)
    ink = ink_on(fill)
    box = (x, y, x + size, y + size)
    if ring is not None:
        c.rect((x - 5, y - 5, x + size + 5, y + size + 5), outline=ring, width=3.5, radius=12)
    c.rect((x + 2, y + 3, x + size + 2, y + size + 3), fill=(0, 0, 0), radius=size * 0.2)
    c.rect(box, fill=fill, outline=edge_of(fill), width=2, radius=size * 0.2)
    with c.region(box, "die", cue=("component colour", colour_id)):
        c.text((x + size / 2, y + size * 0.40), str(rank), size * 0.50, ink, bold=True, anchor="mm")
        c.text((x + size / 2, y + size * 0.80), mark(colour_id), size * 0.24, ink, anchor="mm")
    if crossed:
        c.line([(x + 4, y + 4), (x + size - 4, y + size - 4)], Palette.danger, 3)
        c.line([(x + size - 4, y + 4), (x + 4, y + size - 4)], Palette.danger, 3)


def draw_jack_die(c: Canvas, x: float, y: float, size: float, value: int) -> None:
    """A Spider Jack die: blood red, its value in large type (K6, K9)."""
    box = (x, y, x + size, y + size)
    c.rect((x + 2, y + 3, x + size + 2, y + size + 3), fill=(0, 0, 0), radius=size * 0.2)
    c.rect(box, fill=JACK, outline=Palette.gold, width=2, radius=size * 0.2)
    with c.region(box, "jack die"):
        c.text((x + size / 2, y + size * 0.42), str(value), size * 0.55, bold=True, anchor="mm")
        c.text((x + size / 2, y + size * 0.82), "SJ", size * 0.2, Palette.gold, anchor="mm")


def draw_creature(c: Canvas, cx: float, cy: float, r: float, colour_id: str) -> None:
    """A creature: a disc of its colour with its mark (``♥P``)."""
    fill = colour_rgb(colour_id)
    c.circle(cx + 1, cy + 2, r, fill=(0, 0, 0))
    c.circle(cx, cy, r, fill=fill, outline=edge_of(fill), width=2)
    with c.region(
        (cx - r, cy - r, cx + r, cy + r), "creature", cue=("component colour", colour_id)
    ):
        c.text((cx, cy), mark(colour_id), r * 0.78, ink_on(fill), bold=True, anchor="mm")


def _ghost_shape(c: Canvas, box: Box, fill: RGB, edge: RGB) -> None:
    """A sheet ghost: a round head, straight sides, three scallops at the hem."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    r = w / 2
    c.circle(x0 + r, y0 + r, r, fill=edge)
    c.rect((x0, y0 + r, x1, y1 - w / 6), fill=edge)
    for k in range(3):
        c.circle(x0 + w / 6 + k * w / 3, y1 - w / 6, w / 6, fill=edge)
    inset = 2.0
    c.circle(x0 + r, y0 + r, r - inset, fill=fill)
    c.rect((x0 + inset, y0 + r, x1 - inset, y1 - w / 6), fill=fill)
    for k in range(3):
        c.circle(x0 + w / 6 + k * w / 3, y1 - w / 6, w / 6 - inset, fill=fill)


def draw_ghost(c: Canvas, box: Box, ghost_id: str) -> None:
    """A ghost token: pale in its colour (lilac when multicolour), its icon above its mark."""
    found = cat.ghost(ghost_id)
    colour_id = found.colour if found else cat.MULTI
    base = colour_rgb(colour_id)
    fill = mix(base, (255, 255, 255), 0.62)
    _ghost_shape(c, box, fill, base if colour_id != cat.MULTI else (255, 255, 255))
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    with c.region(box, "ghost", cue=("component colour", colour_id)):
        sign = glyph(found.icon) if found else "?"
        c.fit_text(
            (x0 + w / 2, y0 + h * 0.36), sign, w - 6, w * 0.36, Palette.ink, bold=True, anchor="mm"
        )
        c.text((x0 + w / 2, y0 + h * 0.68), mark(colour_id), w * 0.26, Palette.ink, anchor="mm")


def draw_servant(c: Canvas, cx: float, cy: float, h: float) -> None:
    """A servant: a bone-white pawn ``h`` tall centred on ``cx, cy``."""
    head = h * 0.2
    top = cy - h / 2

    def body(grow: float) -> list[tuple[float, float]]:
        return [
            (cx - h * 0.13 - grow, top + head * 1.7),
            (cx + h * 0.13 + grow, top + head * 1.7),
            (cx + h * 0.32 + grow, cy + h / 2 + grow),
            (cx - h * 0.32 - grow, cy + h / 2 + grow),
        ]

    c.polygon(body(1.5), Palette.ink)
    c.polygon(body(0), SERVANT)
    c.circle(cx, top + head, head + 1.5, fill=Palette.ink)
    c.circle(cx, top + head, head, fill=SERVANT)


def icon_chip(c: Canvas, x: float, cy: float, icon: str, size: float, fill: RGB) -> float:
    """An icon as a small rounded chip (glyph and amount); returns its width."""
    text = glyph(icon)
    w = c.text_width(text, size, True) + size * 0.8
    box = (x, cy - size * 0.8, x + w, cy + size * 0.8)
    c.rect(box, fill=fill, radius=size * 0.5)
    with c.region(box, "icon"):
        c.text((x + w / 2, cy), text, size, ink_on(fill), bold=True, anchor="mm")
    return w


def chips_width(c: Canvas, icons: list[str], size: float, gap: float) -> float:
    widths = [c.text_width(glyph(i), size, True) + size * 0.8 for i in icons]
    return sum(widths) + gap * max(0, len(widths) - 1)


def draw_arch_card(
    c: Canvas, box: Box, card_id: str | None, locale: str, *, flipped: bool = False
) -> None:
    """An Arch Monster card: its name, what it scores, and the two actions on its back (I25).
    A flipped card is greyed (it scores nothing any more, X3); ``None`` is an empty slot."""
    x0, y0, x1, y1 = box
    card = cat.arch_card(card_id) if card_id else None
    if card is None:
        c.dashed_rect(box, Palette.faint, 2, 8, 10)
        return
    stock = mix(Palette.card, Palette.panel, 0.6) if flipped else Palette.card
    c.rect(box, fill=stock, outline=Palette.card_edge, width=2, radius=10)
    ink = mix(Palette.ink, stock, 0.45) if flipped else Palette.ink
    pad = 8
    with c.region(box, "arch card"):
        name_h = 20.0
        lines, size = c.wrap(
            name_of(card, locale), x1 - x0 - 2 * pad, 2, 16, bold=True, min_size=13
        )
        for k, line in enumerate(lines):
            c.text((x0 + pad, y0 + pad + k * name_h), line, size, ink, bold=True)
        top = y0 + pad + len(lines) * name_h + 4
        back_h = 30.0
        room = y1 - pad - back_h - top
        rows = max(1, int(room // 17))
        words, wsize = c.wrap(arch_summary(card, locale), x1 - x0 - 2 * pad, rows, 14, min_size=12)
        for k, line in enumerate(words):
            c.text((x0 + pad, top + k * 17), line, wsize, mix(ink, stock, 0.15))
        chip = mix(JACK, stock, 0.5) if flipped else JACK
        x = x0 + pad
        for icon in card.back:
            x += icon_chip(c, x, y1 - pad - back_h / 2, icon, 14, chip) + 6
    if flipped:
        c.line([(x0 + 6, y1 - 6), (x1 - 6, y0 + 6)], mix(Palette.danger, stock, 0.3), 2.5)


def draw_mini_arch(
    c: Canvas, box: Box, card_id: str, locale: str, *, flipped: bool = False
) -> None:
    """A bought Arch card in small (a seat's board, the hand): its name and what it scores, its
    two back actions at the right; flipped, greyed and struck through (X3)."""
    x0, y0, x1, y1 = box
    card = cat.arch_card(card_id)
    stock = mix(Palette.card, Palette.panel, 0.65) if flipped else Palette.card
    ink = ink_on(stock) if flipped else Palette.ink  # dimmed card, words still 4.5:1
    c.rect(box, fill=stock, outline=Palette.card_edge, width=1.5, radius=8)
    if card is None:
        return
    chips = chips_width(c, list(card.back), 13, 4) + 6
    x = x1 - chips
    chip = mix(JACK, stock, 0.5) if flipped else JACK
    for icon in card.back:
        x += icon_chip(c, x, (y0 + y1) / 2, icon, 13, chip) + 4
    room = x1 - chips - 8 - x0 - 6
    with c.region((x0 + 6, y0 + 2, x1 - chips - 6, y1 - 2), "mini card"):
        c.fit_text(
            (x0 + 8, y0 + 15),
            name_of(card, locale),
            room,
            14,
            ink,
            bold=True,
            min_size=11,
            anchor="lm",
        )
        c.fit_text(
            (x0 + 8, y1 - 13),
            arch_summary(card, locale),
            room,
            12,
            ink if flipped else mix(ink, stock, 0.2),
            min_size=10,
            anchor="lm",
        )
    if flipped:
        c.line(
            [(x0 + 6, (y0 + y1) / 2), (x1 - chips - 8, (y0 + y1) / 2)],
            mix(Palette.danger, stock, 0.3),
            2,
        )
