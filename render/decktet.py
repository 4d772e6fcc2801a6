"""Decktet suits and card faces, drawn from scratch with ImageDraw.

The six suit symbols are original, deliberately simple vector shapes (a crescent, a rayed sun,
three waves, a leaf, a serpent, a trefoil knot), each in its own colour so a card can be read
at a glance even when the picture is shrunk on a phone. No Decktet artwork is used or imitated.

A card is drawn from a view's card dict::

    {"id", "rank": 2..9 | "ace" | "crown" | "pawn" | "court" | "excuse", "value",
     "suits": [...], "types": [...], "name": {"en", "it"}}
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFilter

from render.boxes import Box
from render.common import Canvas, Palette, hex_rgb, localized, mix, supersampled_mask
from render.layers import static_layer

SUITS = ("moons", "suns", "waves", "leaves", "wyrms", "knots")

SUIT_COLORS = {
    "moons": hex_rgb("#8a7bff"),  # violet
    "suns": hex_rgb("#f5ad14"),  # amber
    "waves": hex_rgb("#2f93e8"),  # blue
    "leaves": hex_rgb("#3bb25c"),  # green
    "wyrms": hex_rgb("#e5473b"),  # red
    "knots": hex_rgb("#d957a8"),  # magenta
}
NO_SUIT = hex_rgb("#9a8f80")

# Deeper versions for symbols printed on light card stock (contrast on cream).
SUIT_INKS = {suit: mix(color, (20, 12, 8), 0.18) for suit, color in SUIT_COLORS.items()}


def suit_color(suit: str) -> tuple[int, int, int]:
    return SUIT_COLORS.get(suit, NO_SUIT)


# --------------------------------------------------------------------------- suit shapes
# Each painter draws white (255) shapes and black (0) holes on a square of side ``u``.


def _paint_moons(d: ImageDraw.ImageDraw, u: float) -> None:
    d.ellipse((0.08 * u, 0.08 * u, 0.92 * u, 0.92 * u), fill=255)
    d.ellipse((0.30 * u, 0.0 * u, 1.08 * u, 0.78 * u), fill=0)


def _paint_suns(d: ImageDraw.ImageDraw, u: float) -> None:
    c = u / 2
    d.ellipse((c - 0.23 * u, c - 0.23 * u, c + 0.23 * u, c + 0.23 * u), fill=255)
    for i in range(8):
        a = i * math.pi / 4
        half = 0.17
        base = 0.29 * u
        tip = 0.48 * u
        d.polygon(
            [
                (c + base * math.cos(a - half), c + base * math.sin(a - half)),
                (c + tip * math.cos(a), c + tip * math.sin(a)),
                (c + base * math.cos(a + half), c + base * math.sin(a + half)),
            ],
            fill=255,
        )


def _paint_waves(d: ImageDraw.ImageDraw, u: float) -> None:
    width = max(1, round(0.1 * u))
    for row in (0.27, 0.5, 0.73):
        points = []
        for i in range(41):
            t = i / 40
            x = (0.07 + 0.86 * t) * u
            y = (row + 0.075 * math.sin(t * 3 * math.pi)) * u
            points.append((x, y))
        d.line(points, fill=255, width=width, joint="curve")
        r = width / 2
        for x, y in (points[0], points[-1]):
            d.ellipse((x - r, y - r, x + r, y + r), fill=255)


def _paint_leaves(d: ImageDraw.ImageDraw, u: float) -> None:
    # a pointed leaf along the diagonal, from bottom-left (stem) to top-right (tip)
    ax, ay, bx, by = 0.2 * u, 0.8 * u, 0.9 * u, 0.1 * u
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    nx, ny = -uy, ux
    upper, lower = [], []
    for i in range(33):
        s = i / 32
        w = 0.25 * u * math.sin(math.pi * s) ** 0.85
        px, py = ax + ux * length * s, ay + uy * length * s
        upper.append((px + nx * w, py + ny * w))
        lower.append((px - nx * w, py - ny * w))
    d.polygon(upper + lower[::-1], fill=255)
    vein = max(1, round(0.045 * u))
    d.line(
        [
            (ax + ux * length * 0.12, ay + uy * length * 0.12),
            (bx - ux * length * 0.12, by - uy * length * 0.12),
        ],
        fill=0,
        width=vein,
    )
    d.line([(ax, ay), (0.06 * u, 0.94 * u)], fill=255, width=max(1, round(0.07 * u)))


def _paint_wyrms(d: ImageDraw.ImageDraw, u: float) -> None:
    # an S-shaped serpent: a tube of circles from the tail (thin) to the head (thick)
    steps = 90
    path = []
    for i in range(steps + 1):
        t = i / steps
        x = 0.5 + 0.25 * math.sin(t * 2.1 * math.pi + 0.35)
        y = 0.88 - 0.66 * t
        path.append((x * u, y * u, (0.03 + 0.075 * t) * u))
    for x, y, r in path:
        d.ellipse((x - r, y - r, x + r, y + r), fill=255)
    hx, hy, _ = path[-1]
    d.ellipse((hx - 0.15 * u, hy - 0.12 * u, hx + 0.13 * u, hy + 0.08 * u), fill=255)
    eye = 0.035 * u
    d.ellipse(
        (hx - 0.02 * u - eye, hy - 0.04 * u - eye, hx - 0.02 * u + eye, hy - 0.04 * u + eye), fill=0
    )
    tongue = max(1, round(0.03 * u))
    tx, ty = hx - 0.15 * u, hy - 0.02 * u
    d.line([(tx, ty), (tx - 0.09 * u, ty)], fill=255, width=tongue)
    d.line([(tx - 0.09 * u, ty), (tx - 0.14 * u, ty - 0.04 * u)], fill=255, width=tongue)
    d.line([(tx - 0.09 * u, ty), (tx - 0.14 * u, ty + 0.04 * u)], fill=255, width=tongue)


def _paint_knots(d: ImageDraw.ImageDraw, u: float) -> None:
    # a trefoil knot: the whole band, then the three "over" passes redrawn with a dark rim
    def point(f: float) -> tuple[float, float]:
        t = 2 * math.pi * f
        x = math.sin(t) + 2 * math.sin(2 * t)
        y = math.cos(t) - 2 * math.cos(2 * t)
        return (0.5 + 0.135 * x) * u, (0.53 - 0.135 * y) * u

    def arc(f0: float, f1: float, steps: int) -> list[tuple[float, float]]:
        return [point(f0 + (f1 - f0) * i / steps) for i in range(steps + 1)]

    width = round(0.085 * u)
    rim = round(0.05 * u)
    d.line(arc(0, 1, 240), fill=255, width=width, joint="curve")
    for over in (0.0431, 0.3764, 0.7097):  # crossings where this pass goes over
        d.line(arc(over - 0.035, over + 0.035, 16), fill=0, width=width + 2 * rim)
        d.line(arc(over - 0.06, over + 0.06, 24), fill=255, width=width, joint="curve")


_PAINTERS = {
    "moons": _paint_moons,
    "suns": _paint_suns,
    "waves": _paint_waves,
    "leaves": _paint_leaves,
    "wyrms": _paint_wyrms,
    "knots": _paint_knots,
}


@lru_cache(maxsize=256)
def suit_mask(suit: str, size: int) -> Image.Image:
    """An antialiased L mask of ``suit``'s symbol, ``size`` pixels square (cached)."""
    painter = _PAINTERS.get(suit)
    if painter is None:
        return supersampled_mask(
            size, lambda d, u: d.ellipse((0.3 * u, 0.3 * u, 0.7 * u, 0.7 * u), fill=255)
        )
    return supersampled_mask(size, painter)


def draw_suit(
    canvas: Canvas,
    suit: str,
    cx: float,
    cy: float,
    size: float,
    color: tuple[int, int, int] | None = None,
    *,
    halo: tuple[int, int, int] | None = None,
) -> None:
    """The symbol of ``suit`` centred on cx, cy, ``size`` layout units square.

    ``halo`` draws a soft dark outline first (symbols over busy backgrounds)."""
    px = max(4, canvas.px(size))
    if halo is not None:
        canvas.stamp(_halo_mask(suit, px), cx, cy, halo)
    canvas.stamp(suit_mask(suit, px), cx, cy, color or suit_color(suit))
    canvas.mark(f"suit {suit}", (cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2))


@lru_cache(maxsize=64)
def _halo_mask(suit: str, size: int) -> Image.Image:
    grow = max(3, size // 12) | 1
    big = Image.new("L", (size + 2 * grow, size + 2 * grow), 0)
    big.paste(suit_mask(suit, size), (grow, grow))
    return big.filter(ImageFilter.MaxFilter(grow))


# --------------------------------------------------------------------------- rank glyphs


def _paint_crown(d: ImageDraw.ImageDraw, u: float) -> None:
    d.polygon(
        [
            (0.1 * u, 0.78 * u),
            (0.1 * u, 0.3 * u),
            (0.31 * u, 0.52 * u),
            (0.5 * u, 0.18 * u),
            (0.69 * u, 0.52 * u),
            (0.9 * u, 0.3 * u),
            (0.9 * u, 0.78 * u),
        ],
        fill=255,
    )
    for x, y in ((0.1, 0.26), (0.5, 0.14), (0.9, 0.26)):
        r = 0.07 * u
        d.ellipse((x * u - r, y * u - r, x * u + r, y * u + r), fill=255)
    d.rectangle((0.1 * u, 0.82 * u, 0.9 * u, 0.92 * u), fill=255)


def _paint_pawn(d: ImageDraw.ImageDraw, u: float) -> None:
    d.ellipse((0.34 * u, 0.08 * u, 0.66 * u, 0.4 * u), fill=255)
    d.polygon(
        [(0.4 * u, 0.36 * u), (0.6 * u, 0.36 * u), (0.72 * u, 0.8 * u), (0.28 * u, 0.8 * u)],
        fill=255,
    )
    d.rounded_rectangle((0.18 * u, 0.78 * u, 0.82 * u, 0.93 * u), radius=0.05 * u, fill=255)


def _paint_court(d: ImageDraw.ImageDraw, u: float) -> None:
    # a little palace: pediment, three columns, steps
    d.polygon([(0.08 * u, 0.34 * u), (0.5 * u, 0.08 * u), (0.92 * u, 0.34 * u)], fill=255)
    for x in (0.18, 0.43, 0.68):
        d.rectangle((x * u, 0.4 * u, (x + 0.14) * u, 0.78 * u), fill=255)
    d.rectangle((0.08 * u, 0.8 * u, 0.92 * u, 0.92 * u), fill=255)


def _paint_person(d: ImageDraw.ImageDraw, u: float) -> None:
    # a bust: the mark of a personality card ("carta figura")
    d.ellipse((0.32 * u, 0.08 * u, 0.68 * u, 0.44 * u), fill=255)
    d.pieslice((0.1 * u, 0.5 * u, 0.9 * u, 1.3 * u), 180, 360, fill=255)


_GLYPHS = {
    "crown": _paint_crown,
    "pawn": _paint_pawn,
    "court": _paint_court,
    "person": _paint_person,
}


@lru_cache(maxsize=128)
def glyph_mask(name: str, size: int) -> Image.Image:
    return supersampled_mask(size, _GLYPHS[name])


def draw_glyph(
    canvas: Canvas, name: str, cx: float, cy: float, size: float, color: tuple[int, int, int]
) -> None:
    canvas.stamp(glyph_mask(name, max(4, canvas.px(size))), cx, cy, color)


def rank_text(card: dict[str, Any]) -> str | None:
    """The rank as text ("7", "A", "0"), or None when it is drawn as a glyph."""
    rank = card.get("rank")
    if rank == "ace":
        return "A"
    if rank == "excuse":
        return "0"
    if rank in _GLYPHS:
        return None
    return str(rank)


def is_personality(card: dict[str, Any]) -> bool:
    return any(str(t).lower().startswith("person") for t in card.get("types") or ())


# --------------------------------------------------------------------------- card face


def draw_rank(
    canvas: Canvas,
    card: dict[str, Any],
    x: float,
    y: float,
    size: float,
    color: tuple[int, int, int],
    stroke: tuple[int, int, int] | None = None,
) -> float:
    """The rank with its left edge at x and vertical centre at y; returns its width."""
    text = rank_text(card)
    if text is None:
        draw_glyph(canvas, str(card.get("rank")), x + size * 0.5, y, size * 0.95, color)
        return size
    canvas.text(
        (x, y),
        text,
        size,
        color,
        bold=True,
        anchor="lm",
        stroke=size * 0.06 if stroke else 0,
        stroke_fill=stroke,
    )
    return canvas.text_width(text, size, True)


def draw_card(
    canvas: Canvas,
    box: Box,
    card: dict[str, Any],
    locale: str,
    *,
    glow: tuple[int, int, int] | None = None,
) -> None:
    """A Decktet card face filling ``box``: a colour band with the rank, big suit symbols and
    the card's name. ``glow`` rings it (e.g. the card just played)."""
    x0, y0, x1, y1 = box
    radius = (x1 - x0) * 0.08
    suits = [s for s in card.get("suits") or () if isinstance(s, str)]
    if glow is not None:
        canvas.rect((x0 - 5, y0 - 5, x1 + 5, y1 + 5), fill=glow, radius=radius + 5)
    canvas.rect((x0 + 2, y0 + 4, x1 + 2, y1 + 4), fill=(0, 0, 0), radius=radius)
    canvas.rect(box, fill=Palette.card, outline=Palette.card_edge, width=2, radius=radius)
    with canvas.region(box, "card"):
        pad = (x1 - x0) * 0.05
        # The face with a pixel to spare: some suit bands' rounded ends touch a pixel past
        # the face's edge (e.g. the Journey's, at 2x), and a painting that strays out of its
        # box is never kept (render.layers). Still inside the card's flat body.
        face = (x0 + pad - 1, y0 + pad - 1, x1 - pad + 1, y1 - pad + 1)
        # By its size, not its place: the same card's face is pasted wherever it lies.
        size = (x1 - x0, y1 - y0)
        key = ("decktet face", json.dumps(card, sort_keys=True, default=str), locale, size)
        paint = lambda c: _draw_face(c, box, card, suits, locale)  # noqa: E731
        static_layer(canvas, key, face, paint, margin=pad - 1, anywhere=True)


def _draw_face(
    canvas: Canvas, box: Box, card: dict[str, Any], suits: list[str], locale: str
) -> None:
    """The face inside the card's edge: the suit band with the rank, symbols, the name."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    radius = w * 0.08

    # colour band: one stripe per suit (grey for the suitless Excuse)
    pad = w * 0.05
    band_h = h * 0.25
    bx0, by0, bx1, by1 = x0 + pad, y0 + pad, x1 - pad, y0 + pad + band_h
    colors = [suit_color(s) for s in suits] or [NO_SUIT]
    stripe = (bx1 - bx0) / len(colors)
    canvas.rect((bx0, by0, bx1, by1), fill=colors[-1], radius=radius * 0.6)
    for i, color in enumerate(colors[:-1]):
        left = bx0 + stripe * i
        canvas.rect(
            (left, by0, left + stripe, by1), fill=color, radius=radius * 0.6 if i == 0 else 0
        )
        if i == 0:  # square off the right side of the first (rounded) stripe
            canvas.rect((left + stripe / 2, by0, left + stripe, by1), fill=color)
    ink = (255, 255, 255)
    shade = mix(Palette.ink, (0, 0, 0), 0.3)
    draw_rank(canvas, card, bx0 + w * 0.05, (by0 + by1) / 2, band_h * 0.78, ink, stroke=shade)
    if is_personality(card):
        g = band_h * 0.62
        canvas.circle(bx1 - g * 0.62, (by0 + by1) / 2, g * 0.58, fill=mix(shade, colors[-1], 0.3))
        draw_glyph(canvas, "person", bx1 - g * 0.62, (by0 + by1) / 2 + g * 0.02, g * 0.75, ink)

    # suit symbols
    name_h = h * 0.27
    area = (x0 + pad, by1 + h * 0.03, x1 - pad, y1 - name_h)
    _draw_suit_group(canvas, suits, area)

    # name (two lines at most)
    name = localized(card.get("name"), locale) or str(card.get("id", ""))
    size = w * 0.135
    lines, fsize = canvas.wrap(name, w - 2 * pad - 2, 2, size, bold=True, min_size=size * 0.7)
    line_h = fsize * 1.12
    top = y1 - name_h / 2 - line_h * (len(lines) - 1) / 2 - h * 0.015
    for i, ln in enumerate(lines):
        canvas.text(
            ((x0 + x1) / 2, top + i * line_h), ln, fsize, Palette.ink, bold=True, anchor="mm"
        )


def _draw_suit_group(canvas: Canvas, suits: list[str], area: Box) -> None:
    ax0, ay0, ax1, ay1 = area
    aw, ah = ax1 - ax0, ay1 - ay0
    cx, cy = (ax0 + ax1) / 2, (ay0 + ay1) / 2
    if not suits:
        # the Excuse: an empty ring
        r = min(aw, ah) * 0.3
        canvas.circle(cx, cy, r, outline=NO_SUIT, width=max(2, r * 0.18))
        return
    n = len(suits)
    if n == 1:
        draw_suit(canvas, suits[0], cx, cy, min(aw, ah) * 0.92, SUIT_INKS.get(suits[0]))
    elif n == 2:
        s = min(aw * 0.5, ah * 0.9)
        for i, suit in enumerate(suits):
            draw_suit(canvas, suit, cx + (i - 0.5) * aw * 0.5, cy, s, SUIT_INKS.get(suit))
    else:
        s = min(aw * 0.36, ah * 0.55)
        spots = [
            (cx - aw * 0.24, cy - ah * 0.22),
            (cx + aw * 0.24, cy - ah * 0.22),
            (cx, cy + ah * 0.24),
        ]
        for suit, (sx, sy) in zip(suits[:3], spots, strict=False):
            draw_suit(canvas, suit, sx, sy, s, SUIT_INKS.get(suit))
