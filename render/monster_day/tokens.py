"""Monster Day's monster tokens: an original emblem per monster (bull, paw, hound, wing)
on a disc of its colour, with its initial and points badge, and the monster's name and order.

Apart from the board because both the villages and the monster tiles of the bottom bar draw
them."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.common import Canvas, Palette, hex_rgb, localized, mix, supersampled_mask
from render.monster_day.style import FALLBACK_NAMES, MONSTER_COLORS, MONSTER_IDS


def _tube(
    d: ImageDraw.ImageDraw, path: list[tuple[float, float]], r0: float, r1: float, u: float
) -> None:
    """A stroke of overlapping discs along ``path``, radius ``r0`` tapering to ``r1``."""
    last = max(1, len(path) - 1)
    for i, (x, y) in enumerate(path):
        r = (r0 + (r1 - r0) * i / last) * u
        d.ellipse((x * u - r, y * u - r, x * u + r, y * u + r), fill=255)


def _paint_bull(d: ImageDraw.ImageDraw, u: float) -> None:
    # Catoblepas: a heavy bull-like head with sweeping horns
    for side in (-1, 1):
        horn = []
        for i in range(40):
            t = i / 39
            x = 0.5 + side * (0.16 + 0.26 * math.sin(math.pi * 0.675 * t))
            y = 0.42 - 0.34 * t + 0.05 * math.sin(math.pi * t)
            horn.append((x, y))
        _tube(d, horn, 0.085, 0.02, u)
        ex = 0.5 + side * 0.3
        d.ellipse(((ex - 0.1) * u, 0.35 * u, (ex + 0.1) * u, 0.45 * u), fill=255)
    d.polygon(
        [(0.25 * u, 0.36 * u), (0.75 * u, 0.36 * u), (0.66 * u, 0.8 * u), (0.34 * u, 0.8 * u)],
        fill=255,
    )
    d.ellipse((0.3 * u, 0.62 * u, 0.7 * u, 0.95 * u), fill=255)
    for side in (-1, 1):  # eyes and nostrils
        x = 0.5 + side * 0.11
        d.ellipse(((x - 0.045) * u, 0.5 * u, (x + 0.045) * u, 0.59 * u), fill=0)
        x = 0.5 + side * 0.08
        d.ellipse(((x - 0.03) * u, 0.8 * u, (x + 0.03) * u, 0.86 * u), fill=0)


def _paint_paw(d: ImageDraw.ImageDraw, u: float) -> None:
    # Dire Bear: a paw print
    d.ellipse((0.24 * u, 0.46 * u, 0.76 * u, 0.92 * u), fill=255)
    for x, y in ((0.14, 0.38), (0.34, 0.16), (0.62, 0.16), (0.82, 0.38)):
        r = 0.115 * u
        d.ellipse((x * u - r, y * u - r * 1.15, x * u + r, y * u + r * 1.15), fill=255)


def _paint_hound(d: ImageDraw.ImageDraw, u: float) -> None:
    # Glatisant, the "barking beast": a baying hound's head in profile
    outline = [
        (0.18, 0.06),
        (0.3, 0.24),
        (0.5, 0.22),
        (0.64, 0.3),
        (0.93, 0.38),
        (0.96, 0.47),
        (0.7, 0.52),
        (0.62, 0.55),
        (0.86, 0.62),
        (0.84, 0.68),
        (0.6, 0.72),
        (0.48, 0.76),
        (0.46, 0.96),
        (0.08, 0.96),
        (0.12, 0.6),
        (0.18, 0.38),
        (0.12, 0.26),
    ]
    d.polygon([(x * u, y * u) for x, y in outline], fill=255)
    d.ellipse((0.44 * u, 0.3 * u, 0.53 * u, 0.39 * u), fill=0)


def _paint_wing(d: ImageDraw.ImageDraw, u: float) -> None:
    # Pegasus: a wing of four feathers sweeping up from the bone
    for y0, length in ((0.31, 0.8), (0.48, 0.66), (0.65, 0.52), (0.82, 0.38)):
        feather = [
            (0.12 + length * s, y0 - 0.2 * s * s * length) for s in (k / 29 for k in range(30))
        ]
        _tube(d, feather, 0.075, 0.06, u)
    _tube(d, [(0.13, 0.31 + 0.51 * k / 20) for k in range(21)], 0.085, 0.085, u)


_EMBLEMS = {
    "catoblepas": _paint_bull,
    "dire_bear": _paint_paw,
    "glatisant": _paint_hound,
    "pegasus": _paint_wing,
}


@lru_cache(maxsize=32)
def _emblem_mask(monster: str, size: int) -> Image.Image:
    painter = _EMBLEMS.get(monster, _paint_paw)
    return supersampled_mask(size, painter)


def _luma(color: tuple[int, int, int]) -> float:
    return 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2]


def monster_name(monster: dict[str, Any], locale: str) -> str:
    mid = str(monster.get("id", ""))
    name = localized(monster.get("name") or FALLBACK_NAMES.get(mid) or mid, locale)
    return name or mid


def monster_initial(monster: dict[str, Any], locale: str) -> str:
    name = monster_name(monster, locale)
    return (name[:1] or "?").upper()


def draw_token(
    canvas: Canvas, monster: dict[str, Any], cx: float, cy: float, d: float, locale: str
) -> None:
    """A monster token: coloured disc, its emblem, its initial; Pegasus wears a x2 badge."""
    mid = str(monster.get("id", ""))
    color = MONSTER_COLORS.get(mid, hex_rgb("#d0c0a0"))
    r = d / 2
    canvas.circle(cx + 2, cy + 4, r, fill=(0, 0, 0))
    canvas.circle(cx, cy, r, fill=mix(color, (0, 0, 0), 0.45))
    canvas.circle(cx, cy, r - d * 0.06, fill=color)
    dark = _luma(color) >= 200
    ink = hex_rgb("#1e2440") if dark else (255, 255, 255)
    canvas.stamp(_emblem_mask(mid, max(4, canvas.px(d * 0.46))), cx, cy - d * 0.13, ink)
    initial = monster_initial(monster, locale)
    with canvas.region((cx - r, cy - r, cx + r, cy + r), "token"):
        canvas.text((cx, cy + d * 0.25), initial, d * 0.3, ink, bold=True, anchor="mm")
    points = int(monster.get("points") or 1)
    if points > 1:
        br = d * 0.21
        bx, by = cx + r * 0.74, cy - r * 0.74
        canvas.circle(bx, by, br + 2, fill=Palette.bg)
        canvas.circle(bx, by, br, fill=Palette.gold)
        with canvas.region((bx - br, by - br, bx + br, by + br), "points badge"):
            canvas.text((bx, by + 0.5), f"{points}", br * 1.35, Palette.ink, bold=True, anchor="mm")


def _monster_index(mid: Any) -> int:
    return MONSTER_IDS.index(mid) if mid in MONSTER_IDS else len(MONSTER_IDS)
