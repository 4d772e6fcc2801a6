"""Small shapes drawn without text: one per hazard kind and one per objective space kind,
plus the flyer and jumper marks.

Why shapes: two hazards or two spaces never differ by colour alone (flame, drop, trefoil,
rubble, eye; star, minus, bolt, chevrons, rings, flag), so colour-blind players and greyscale
screenshots read them too; and an icon needs no translation."""

from __future__ import annotations

import math
from collections.abc import Callable

from render.common import RGB, Canvas, mix

INK = (20, 14, 10)

Icon = Callable[[Canvas, float, float, float, RGB], None]


def _star(c: Canvas, x: float, y: float, r: float, color: RGB, points: int = 5) -> None:
    pts = []
    for k in range(points * 2):
        rad = r if k % 2 == 0 else r * 0.45
        a = -math.pi / 2 + k * math.pi / points
        pts.append((x + rad * math.cos(a), y + rad * math.sin(a)))
    c.polygon(pts, color)


def star(c: Canvas, x: float, y: float, r: float, color: RGB) -> None:
    _star(c, x, y, r, color)


def flame(c: Canvas, x: float, y: float, r: float, color: RGB) -> None:
    """Fire: a flame (a drop pointing up with a notch)."""
    c.polygon(
        [(x, y - r), (x + r * 0.55, y - r * 0.1), (x + r * 0.7, y + r * 0.45), (x, y + r),
         (x - r * 0.7, y + r * 0.45), (x - r * 0.55, y - r * 0.1), (x - r * 0.15, y + r * 0.05)],
        color,
    )  # fmt: skip
    c.circle(x, y + r * 0.45, r * 0.3, fill=mix(color, (255, 255, 255), 0.5))


def drop(c: Canvas, x: float, y: float, r: float, color: RGB) -> None:
    """Chemical: a drop with a bubble."""
    c.polygon([(x, y - r), (x + r * 0.62, y + r * 0.1), (x - r * 0.62, y + r * 0.1)], color)
    c.circle(x, y + r * 0.32, r * 0.66, fill=color)
    c.circle(x - r * 0.22, y + r * 0.3, r * 0.18, fill=mix(color, (255, 255, 255), 0.6))


def trefoil(c: Canvas, x: float, y: float, r: float, color: RGB) -> None:
    """Radioactive: three blades around a hub on a disc."""
    c.circle(x, y, r, fill=color)
    for k in range(3):
        a0 = math.radians(-90 + k * 120 - 30)
        a1 = math.radians(-90 + k * 120 + 30)
        blade = [(x, y)] + [
            (x + r * 0.85 * math.cos(a0 + (a1 - a0) * s / 6),
             y + r * 0.85 * math.sin(a0 + (a1 - a0) * s / 6)) for s in range(7)
        ]  # fmt: skip
        c.polygon(blade, INK)
    c.circle(x, y, r * 0.22, fill=color)
    c.circle(x, y, r * 0.12, fill=INK)


def rubble(c: Canvas, x: float, y: float, r: float, color: RGB) -> None:
    """Ruins: three broken blocks."""
    s = r * 0.55
    for dx, dy in ((-0.5, 0.35), (0.5, 0.35), (0.0, -0.45)):
        cx, cy = x + dx * r, y + dy * r
        c.polygon([(cx - s, cy - s * 0.6), (cx + s * 0.8, cy - s), (cx + s, cy + s * 0.7),
                   (cx - s * 0.7, cy + s)], color)  # fmt: skip


def eye(c: Canvas, x: float, y: float, r: float, color: RGB) -> None:
    """Hellmouth: a slit eye."""
    c.polygon([(x - r, y), (x - r * 0.4, y - r * 0.6), (x + r * 0.4, y - r * 0.6), (x + r, y),
               (x + r * 0.4, y + r * 0.6), (x - r * 0.4, y + r * 0.6)], color)  # fmt: skip
    c.ellipse((x - r * 0.16, y - r * 0.55, x + r * 0.16, y + r * 0.55), fill=INK)


def minus(c: Canvas, x: float, y: float, r: float, color: RGB) -> None:
    """Negative space: a minus in a ring."""
    c.circle(x, y, r, outline=color, width=r * 0.22)
    c.rect((x - r * 0.55, y - r * 0.14, x + r * 0.55, y + r * 0.14), fill=color)


def bolt(c: Canvas, x: float, y: float, r: float, color: RGB) -> None:
    """Power space: a lightning bolt."""
    c.polygon([(x + r * 0.2, y - r), (x - r * 0.6, y + r * 0.15), (x - r * 0.05, y + r * 0.15),
               (x - r * 0.25, y + r), (x + r * 0.6, y - r * 0.2), (x + r * 0.05, y - r * 0.2)],
              color)  # fmt: skip


def chevrons(c: Canvas, x: float, y: float, r: float, color: RGB) -> None:
    """Boost space: two chevrons pointing up."""
    for dy in (-0.35, 0.35):
        cy = y + dy * r
        c.line([(x - r * 0.7, cy + r * 0.35), (x, cy - r * 0.35), (x + r * 0.7, cy + r * 0.35)],
               color, r * 0.24)  # fmt: skip


def rings(c: Canvas, x: float, y: float, r: float, color: RGB) -> None:
    """Teleporter: concentric rings."""
    for k, width in ((1.0, 0.16), (0.6, 0.16)):
        c.circle(x, y, r * k, outline=color, width=r * width)
    c.circle(x, y, r * 0.18, fill=color)


def flag(c: Canvas, x: float, y: float, r: float, color: RGB) -> None:
    """Spawn space: a flag on a pole."""
    c.rect((x - r * 0.6, y - r, x - r * 0.42, y + r), fill=color)
    c.polygon([(x - r * 0.42, y - r), (x + r * 0.8, y - r * 0.55), (x - r * 0.42, y - r * 0.1)],
              color)  # fmt: skip


def diamond(c: Canvas, x: float, y: float, r: float, color: RGB) -> None:
    """A neutral spawn's activator square."""
    c.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], color)
    c.polygon([(x, y - r * 0.45), (x + r * 0.45, y), (x, y + r * 0.45), (x - r * 0.45, y)], INK)


def wings(c: Canvas, x: float, y: float, r: float, color: RGB) -> None:
    """A flyer: a pair of wings."""
    for sign in (-1, 1):
        c.polygon([(x, y), (x + sign * r, y - r * 0.6), (x + sign * r * 0.8, y + r * 0.1),
                   (x + sign * r * 0.4, y + r * 0.4)], color)  # fmt: skip


def jump_arc(c: Canvas, x: float, y: float, r: float, color: RGB) -> None:
    """A jumper: an arrow arcing over."""
    c.line([(x - r, y + r * 0.5), (x - r * 0.5, y - r * 0.4), (x + r * 0.2, y - r * 0.6),
            (x + r * 0.7, y - r * 0.1)], color, r * 0.28)  # fmt: skip
    c.polygon([(x + r, y + r * 0.4), (x + r * 0.25, y + r * 0.1), (x + r * 0.95, y - r * 0.45)],
              color)  # fmt: skip


HAZARD_ICONS: dict[str, Icon] = {
    "fire": flame,
    "chemical": drop,
    "radioactive": trefoil,
    "ruins": rubble,
    "hellmouth": eye,
}

SPACE_ICONS: dict[str, Icon] = {
    "ability": star,
    "negative": minus,
    "power": bolt,
    "boost": chevrons,
    "teleporter": rings,
    "spawn": flag,
}
