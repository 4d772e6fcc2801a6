"""Notte di Terrore's icons: original silhouettes, one per Being type plus a book, a
house, a moon and a blade, each painted as white shapes (255) and holes (0) on a unit square;
and what is built from them: type badges (plain or struck through as forbidden) and card backs.

Apart from the pieces because they are pure shapes: no card, no view, no words."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.boxes import Box
from render.common import RGB, Canvas, Palette, mix, supersampled_mask
from render.notte_di_terrore.style import _on, type_color

Painter = Callable[[ImageDraw.ImageDraw, float], None]


def _poly(d: ImageDraw.ImageDraw, u: float, pts: list[tuple[float, float]], fill: int) -> None:
    d.polygon([(x * u, y * u) for x, y in pts], fill=fill)


def _oval(d: ImageDraw.ImageDraw, u: float, box: Box, fill: int) -> None:
    d.ellipse(tuple(v * u for v in box), fill=fill)


def _paint_zombie(d: ImageDraw.ImageDraw, u: float) -> None:
    # a hand clawing out of the ground
    d.rounded_rectangle((0.32 * u, 0.42 * u, 0.74 * u, 0.78 * u), radius=0.1 * u, fill=255)
    for i, top in enumerate((0.16, 0.08, 0.1, 0.2)):
        x = 0.33 + i * 0.105
        d.rounded_rectangle((x * u, top * u, (x + 0.085) * u, 0.55 * u), radius=0.04 * u, fill=255)
    _poly(d, u, [(0.34, 0.62), (0.14, 0.4), (0.2, 0.34), (0.4, 0.5)], 255)
    d.rectangle((0.4 * u, 0.7 * u, 0.66 * u, 0.9 * u), fill=255)
    d.rounded_rectangle((0.06 * u, 0.86 * u, 0.94 * u, 0.97 * u), radius=0.05 * u, fill=255)


def _paint_skeleton(d: ImageDraw.ImageDraw, u: float) -> None:
    # a skull
    _oval(d, u, (0.14, 0.06, 0.86, 0.72), 255)
    d.rounded_rectangle((0.3 * u, 0.5 * u, 0.7 * u, 0.94 * u), radius=0.08 * u, fill=255)
    _oval(d, u, (0.25, 0.33, 0.45, 0.53), 0)
    _oval(d, u, (0.55, 0.33, 0.75, 0.53), 0)
    _poly(d, u, [(0.5, 0.56), (0.44, 0.68), (0.56, 0.68)], 0)
    for x in (0.4, 0.49, 0.58):
        d.rectangle((x * u, 0.78 * u, (x + 0.03) * u, 0.94 * u), fill=0)


def _paint_ghost(d: ImageDraw.ImageDraw, u: float) -> None:
    # a sheet ghost with a wavy hem
    _oval(d, u, (0.18, 0.05, 0.82, 0.62), 255)
    d.rectangle((0.18 * u, 0.34 * u, 0.82 * u, 0.84 * u), fill=255)
    for i in range(4):
        x = 0.18 + i * 0.16
        _poly(d, u, [(x, 0.82), (x + 0.16, 0.82), (x + 0.08, 0.97)], 255)
    _oval(d, u, (0.33, 0.28, 0.45, 0.44), 0)
    _oval(d, u, (0.55, 0.28, 0.67, 0.44), 0)
    _oval(d, u, (0.43, 0.5, 0.57, 0.66), 0)


def _paint_witch(d: ImageDraw.ImageDraw, u: float) -> None:
    # a crooked pointed hat
    _oval(d, u, (0.03, 0.72, 0.97, 0.92), 255)
    _poly(d, u, [(0.27, 0.8), (0.73, 0.8), (0.6, 0.38), (0.86, 0.1), (0.44, 0.3)], 255)
    d.rectangle((0.27 * u, 0.66 * u, 0.72 * u, 0.72 * u), fill=0)


def _paint_mummy(d: ImageDraw.ImageDraw, u: float) -> None:
    # a bandaged head with two glowing eyes
    d.rounded_rectangle((0.2 * u, 0.05 * u, 0.8 * u, 0.95 * u), radius=0.28 * u, fill=255)
    for y in (0.22, 0.62, 0.78):
        _poly(d, u, [(0.1, y), (0.9, y - 0.06), (0.9, y - 0.02), (0.1, y + 0.04)], 0)
    d.rectangle((0.2 * u, 0.36 * u, 0.8 * u, 0.5 * u), fill=0)
    _oval(d, u, (0.3, 0.38, 0.42, 0.48), 255)
    _oval(d, u, (0.58, 0.38, 0.7, 0.48), 255)


def _paint_werewolf(d: ImageDraw.ImageDraw, u: float) -> None:
    # a wolf's head, ears up
    head = [
        (0.14, 0.04),
        (0.38, 0.26),
        (0.62, 0.26),
        (0.86, 0.04),
        (0.9, 0.48),
        (0.72, 0.66),
        (0.6, 0.96),
        (0.4, 0.96),
        (0.28, 0.66),
        (0.1, 0.48),
    ]
    _poly(d, u, head, 255)
    _poly(d, u, [(0.26, 0.42), (0.44, 0.5), (0.3, 0.52)], 0)
    _poly(d, u, [(0.74, 0.42), (0.56, 0.5), (0.7, 0.52)], 0)
    _oval(d, u, (0.42, 0.78, 0.58, 0.9), 0)


def _paint_vampire(d: ImageDraw.ImageDraw, u: float) -> None:
    # a bat
    _oval(d, u, (0.4, 0.3, 0.6, 0.72), 255)
    _poly(d, u, [(0.41, 0.34), (0.42, 0.2), (0.48, 0.31)], 255)
    _poly(d, u, [(0.59, 0.34), (0.58, 0.2), (0.52, 0.31)], 255)
    wing = [
        (0.44, 0.4),
        (0.02, 0.22),
        (0.1, 0.46),
        (0.02, 0.62),
        (0.2, 0.56),
        (0.26, 0.74),
        (0.34, 0.58),
        (0.44, 0.64),
    ]
    _poly(d, u, wing, 255)
    _poly(d, u, [(1 - x, y) for x, y in wing], 255)


def _paint_demon(d: ImageDraw.ImageDraw, u: float) -> None:
    # a horned head with slanted eyes
    _oval(d, u, (0.2, 0.26, 0.8, 0.94), 255)
    _poly(d, u, [(0.26, 0.46), (0.06, 0.04), (0.42, 0.32)], 255)
    _poly(d, u, [(0.74, 0.46), (0.94, 0.04), (0.58, 0.32)], 255)
    _poly(d, u, [(0.3, 0.5), (0.46, 0.58), (0.32, 0.62)], 0)
    _poly(d, u, [(0.7, 0.5), (0.54, 0.58), (0.68, 0.62)], 0)
    _poly(d, u, [(0.36, 0.74), (0.64, 0.74), (0.5, 0.84)], 0)


def _paint_book(d: ImageDraw.ImageDraw, u: float) -> None:
    # the Necronomicon: a closed book with a sigil
    d.rounded_rectangle((0.16 * u, 0.06 * u, 0.84 * u, 0.94 * u), radius=0.06 * u, fill=255)
    d.rectangle((0.16 * u, 0.06 * u, 0.26 * u, 0.94 * u), fill=0)
    _oval(d, u, (0.36, 0.3, 0.76, 0.7), 0)
    _oval(d, u, (0.42, 0.36, 0.7, 0.64), 255)
    _poly(d, u, [(0.56, 0.36), (0.66, 0.6), (0.46, 0.6)], 0)


def _paint_house(d: ImageDraw.ImageDraw, u: float) -> None:
    _poly(d, u, [(0.5, 0.06), (0.96, 0.48), (0.04, 0.48)], 255)
    d.rectangle((0.16 * u, 0.44 * u, 0.84 * u, 0.94 * u), fill=255)
    d.rectangle((0.42 * u, 0.62 * u, 0.58 * u, 0.94 * u), fill=0)
    d.rectangle((0.66 * u, 0.14 * u, 0.78 * u, 0.34 * u), fill=255)


def _paint_moon(d: ImageDraw.ImageDraw, u: float) -> None:
    _oval(d, u, (0.08, 0.08, 0.92, 0.92), 255)
    _oval(d, u, (0.32, 0.0, 1.1, 0.74), 0)


def _paint_blade(d: ImageDraw.ImageDraw, u: float) -> None:
    # a dagger, point up: the emblem of a Weapon card
    _poly(d, u, [(0.5, 0.02), (0.6, 0.18), (0.58, 0.62), (0.42, 0.62), (0.4, 0.18)], 255)
    d.rounded_rectangle((0.22 * u, 0.62 * u, 0.78 * u, 0.7 * u), radius=0.03 * u, fill=255)
    d.rectangle((0.45 * u, 0.7 * u, 0.55 * u, 0.88 * u), fill=255)
    _oval(d, u, (0.42, 0.86, 0.58, 0.98), 255)


ICONS: dict[str, Painter] = {
    "zombie": _paint_zombie,
    "skeleton": _paint_skeleton,
    "ghost": _paint_ghost,
    "witch": _paint_witch,
    "mummy": _paint_mummy,
    "werewolf": _paint_werewolf,
    "vampire": _paint_vampire,
    "demon": _paint_demon,
    "book": _paint_book,
    "house": _paint_house,
    "moon": _paint_moon,
    "blade": _paint_blade,
}


@lru_cache(maxsize=256)
def _icon_mask(name: str, size: int) -> Image.Image:
    return supersampled_mask(size, ICONS.get(name, _paint_moon))


def icon(c: Canvas, name: str, cx: float, cy: float, size: float, color: RGB) -> None:
    """One of :data:`ICONS`, ``size`` layout units square, centred on ``cx, cy``."""
    c.stamp(_icon_mask(name, max(4, c.px(size))), cx, cy, color)
    c.mark(f"icon {name}", (cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2))


def type_badge(c: Canvas, type_id: Any, cx: float, cy: float, d: float) -> None:
    """A Being type as a coloured disc with its icon (also used for "defeats" and "forbidden")."""
    color = type_color(type_id)
    c.circle(cx, cy, d / 2, fill=mix(color, (0, 0, 0), 0.45))
    c.circle(cx, cy, d / 2 - max(1.0, d * 0.07), fill=color)
    with c.region((cx - d / 2, cy - d / 2, cx + d / 2, cy + d / 2), "type", cue=type_cue(type_id)):
        icon(c, str(type_id), cx, cy, d * 0.64, _on(color))


def type_cue(type_id: Any) -> tuple[str, str]:
    """What a Being type's colour tells, for the colour-cue test (:mod:`render.boxes`)."""
    return ("Being type", str(type_id))


def forbidden_badge(c: Canvas, type_id: Any, cx: float, cy: float, d: float) -> None:
    """A type badge struck through in red: that type may not appear on the Place."""
    type_badge(c, type_id, cx, cy, d)
    r = d / 2
    c.circle(cx, cy, r, outline=Palette.danger, width=max(1.5, d * 0.09))
    k = r * 0.7
    c.line([(cx - k, cy + k), (cx + k, cy - k)], Palette.danger, max(1.5, d * 0.1))


def card_back(c: Canvas, box: Box, color: RGB, edge: RGB, emblem: str | None = "moon") -> None:
    """A face-down card: ``color`` with a thin ``edge`` and a small emblem (no information)."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    c.rect(box, fill=color, outline=edge, width=max(1.0, w / 28), radius=w * 0.13)
    inset = w * 0.12
    c.rect(
        (x0 + inset, y0 + inset, x1 - inset, y1 - inset),
        outline=mix(edge, color, 0.5),
        width=1,
        radius=w * 0.08,
    )
    if emblem:
        icon(c, emblem, (x0 + x1) / 2, (y0 + y1) / 2, w * 0.5, mix(edge, (255, 255, 255), 0.3))
