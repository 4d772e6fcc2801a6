"""What stands on the map: objective spaces, hazard tokens, buildings and figures (monsters and
units), each drawn from its entry of the view alone.

Owners are told apart by shape as well as colour: the first seat's pieces are round (circles,
rounded monsters), the second seat's square with cut corners, unowned ones plain squares.
Monsters show their form (α or H) and both health tracks with numbers; units their type
initial, an elite ring and a flyer or jumper mark; buildings their initial, DEF, energy, the
hazard they leave and a star once secured."""

from __future__ import annotations

from typing import Any

from render.boxes import Box
from render.colours import legible
from render.common import RGB, Canvas, Palette, localized, mix
from render.monsterpocalypse.icons import (
    HAZARD_ICONS,
    SPACE_ICONS,
    bolt,
    diamond,
    jump_arc,
    star,
    wings,
)
from render.monsterpocalypse.layout import CELL, Square, cell, centre, footprint, inset, span
from render.monsterpocalypse.style import (
    HAZARD_COLORS,
    HEALTH_ALPHA,
    HEALTH_EMPTY,
    HEALTH_HYPER,
    HEALTH_PLATE,
    SIDE_NEUTRAL,
    SPACE_COLORS,
    faction_color,
    num,
    on,
    seat_color,
    side_seat,
    square,
    squares,
)

CORNER = 10
"""How far a 2×2 piece's name starts in from its inner box: clear of the cut (seat 1) or
rounded (seat 0) corner of its outline."""


def initial(names: Any, locale: str, fallback: str) -> str:
    """A piece's type initial in the drawing language ("G" for Grunt)."""
    name = localized(names, locale).strip() or fallback
    return (name[:1] or "?").upper()


def mark(names: Any, locale: str, fallback: str) -> str:
    """A unit type's two-letter mark: the initials of its first two words ("Sentinel Drone" →
    "SD"), else its first two letters ("Skitter" → "Sk"), so types of one faction that share a
    first letter still look different."""
    words = localized(names, locale).split() or [fallback]
    if len(words) > 1:
        return (words[0][:1] + words[1][:1]).upper()
    return words[0][:1].upper() + words[0][1:2].lower()


def piece_squares(entry: dict[str, Any]) -> list[Square]:
    """The squares an entry covers: its ``squares``, else its ``size`` from its anchor."""
    listed = squares(entry.get("squares"))
    if listed:
        return listed
    anchor = square(entry.get("at"))
    return footprint(anchor, max(1, num(entry.get("size"), 1))) if anchor else []


def owner_shape(c: Canvas, box: Box, owner: Any, fill: RGB, width: float = 3) -> None:
    """The owner's outline in the owner's colour and shape: round for seat 0, cut-corner
    square for seat 1, a plain square in grey for no owner (a neutral building was round
    like seat 0's: told apart by colour alone, issue 29)."""
    color = seat_color(owner)
    x0, y0, x1, y1 = box
    shape = "cut corners" if owner == 1 else "round" if owner == 0 else "square"
    with c.region(box, "owner", cue=("owner", str(owner))):
        c.mark(f"owner {shape}", box)
    if shape == "cut corners":
        k = (x1 - x0) * 0.22
        pts = [(x0 + k, y0), (x1 - k, y0), (x1, y0 + k), (x1, y1 - k), (x1 - k, y1),
               (x0 + k, y1), (x0, y1 - k), (x0, y0 + k)]  # fmt: skip
        c.polygon(pts, color)
        w = width
        inner = [(x + (w if x < (x0 + x1) / 2 else -w), y + (w if y < (y0 + y1) / 2 else -w))
                 for x, y in pts]  # fmt: skip
        c.polygon(inner, fill)
        return
    radius = (x1 - x0) / 2 if (x1 - x0) < CELL else (x1 - x0) * 0.3
    c.rect(box, fill=fill, outline=color, width=width, radius=radius if shape == "round" else 5)


# --------------------------------------------------------------------------- spaces


def draw_spaces(c: Canvas, view: dict[str, Any], *, icons: bool) -> None:
    """Objective spaces in two passes: under the pieces a frame per space (spawn spaces in
    their side's colour) and a dashed line from a neutral spawn to its activator; over the
    units (under the monsters) a corner icon per space and a diamond on each activator, so a
    unit standing there never hides what the square is."""
    for space in (view.get("map") or {}).get("spaces") or []:
        sq = square(space.get("at")) if isinstance(space, dict) else None
        if sq is None:
            continue
        kind = str(space.get("kind") or "")
        color = SPACE_COLORS.get(kind, SIDE_NEUTRAL)
        if kind == "spawn" and space.get("owner"):
            color = seat_color(side_seat(view, space.get("owner")))
        activator = square(space.get("activator")) if kind == "spawn" else None
        if icons:
            _space_icons(c, kind, sq, activator, color)
        else:
            c.rect(inset(cell(sq), 3), outline=color, width=2.5, radius=6)
            if activator is not None:
                _dashed_line(c, centre(cell(sq)), centre(cell(activator)), color)


def _space_icons(c: Canvas, kind: str, sq: Square, activator: Square | None, color: RGB) -> None:
    icon = SPACE_ICONS.get(kind)
    x, y = cell(sq)[0] + 11, cell(sq)[3] - 11
    if icon:
        c.circle(x, y, 9.5, fill=(20, 14, 10))
        badge = (x - 9.5, y - 9.5, x + 9.5, y + 9.5)
        with c.region(badge, "space", cue=("space kind", kind)):
            icon(c, x, y, 6.5, color)
            c.mark(f"space {kind}", badge)
    if activator is not None:
        ax, ay = cell(activator)[0] + 11, cell(activator)[3] - 11
        c.circle(ax, ay, 9.5, fill=(20, 14, 10))
        diamond(c, ax, ay, 7, color)


def _dashed_line(c: Canvas, a: tuple[float, float], b: tuple[float, float], color: RGB) -> None:
    length = max(1.0, ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5)
    steps = int(length // 8)
    for i in range(0, steps, 2):
        t0, t1 = i / steps, min(1.0, (i + 1) / steps)
        c.line([(a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)], color, 2)  # fmt: skip


# --------------------------------------------------------------------------- hazards


def draw_hazard(c: Canvas, hazard: dict[str, Any]) -> None:
    """A token over its squares: dark, framed and marked in the hazard's colour and shape."""
    cover = piece_squares(hazard)
    if not cover:
        return
    kind = str(hazard.get("kind") or "")
    color = HAZARD_COLORS.get(kind, SIDE_NEUTRAL)
    box = inset(span(cover), 4)
    c.rect(box, fill=mix(color, (18, 12, 8), 0.78), outline=color, width=2.5, radius=10)
    icon = HAZARD_ICONS.get(kind)
    x, y = centre(box)
    if icon:
        with c.region(box, "hazard", cue=("hazard", kind)):
            icon(c, x, y, (box[2] - box[0]) * 0.3, color)
            c.mark(f"hazard {kind}", box)


# --------------------------------------------------------------------------- buildings


def draw_building(c: Canvas, building: dict[str, Any], locale: str) -> None:
    """A 2×2 block: name, big initial, the hazard it leaves, DEF and energy; the owner's
    colour and shape around it, a star in the securing player's colour once secured."""
    cover = piece_squares(building) or []
    if not cover:
        return
    box = inset(span(cover), 3)
    owner = building.get("owner")
    fill = mix(seat_color(owner), (40, 34, 30), 0.82)
    owner_shape(c, box, owner, fill, 4)
    x0, y0, x1, y1 = inset(box, 8)
    label = str(building.get("id") or "")
    secured = building.get("secured_by")
    is_secured = isinstance(secured, int) and not isinstance(secured, bool)
    with c.region((x0, y0, x1, y1), f"building {label}"):
        c.fit_text((x0 + CORNER, y0 + 2), localized(building.get("names"), locale) or label,
                   x1 - x0 - CORNER - (16 if is_secured else 2), 12, bold=True,
                   min_size=9)  # fmt: skip
        letter = initial(building.get("names"), locale, label)
        c.text((x0 + 22, y0 + 44), letter, 28, Palette.text, bold=True, anchor="mm")
        _stat(c, x0 + 2, y1 - 20, "def", num(building.get("defense")))
        _stat(c, x0 + 50, y1 - 20, "energy", num(building.get("energy")))
    hazard = str(building.get("hazard") or "")
    icon = HAZARD_ICONS.get(hazard)
    if icon:
        hx, hy = x1 - 16, y0 + 44
        c.circle(hx, hy, 15, fill=(20, 14, 10), outline=HAZARD_COLORS[hazard], width=1.5)
        icon(c, hx, hy, 10, HAZARD_COLORS[hazard])
    if is_secured:  # a star badge on the top-right corner, in the securing player's colour
        bx, by = box[2] - 7, box[1] + 7
        c.circle(bx, by, 12, fill=(20, 14, 10), outline=seat_color(secured), width=1.5)
        star(c, bx, by, 10, seat_color(secured))


def _stat(c: Canvas, x: float, y: float, kind: str, value: int) -> None:
    """A DEF shield or an energy bolt with its number beside it."""
    if kind == "def":
        c.polygon([(x, y), (x + 14, y), (x + 14, y + 9), (x + 7, y + 17), (x, y + 9)],
                  Palette.muted)  # fmt: skip
    else:
        bolt(c, x + 7, y + 9, 8, Palette.gold)
    c.text((x + 18, y + 9), str(value), 14, Palette.text, bold=True, anchor="lm")


# --------------------------------------------------------------------------- figures


def draw_figure(c: Canvas, figure: dict[str, Any], locale: str) -> None:
    if figure.get("kind") == "monster":
        draw_monster(c, figure, locale)
    else:
        draw_unit(c, figure, locale)


def _abilities(figure: dict[str, Any]) -> set[str]:
    return {str(a) for a in figure.get("abilities") or []}


def _mobility(c: Canvas, figure: dict[str, Any], x: float, y: float, r: float) -> None:
    """The flyer's wings or the jumper's arc, on a dark disc so it reads on any fill."""
    found = _abilities(figure)
    mark = wings if "flight" in found else jump_arc if "jump" in found else None
    if mark is not None:
        c.circle(x, y, r + 2, fill=(20, 14, 10))
        mark(c, x, y, r * 0.8, Palette.text)


def draw_unit(c: Canvas, figure: dict[str, Any], locale: str) -> None:
    cover = piece_squares(figure)
    if not cover:
        return
    box = inset(span(cover), 6)
    owner = figure.get("owner")
    fill = faction_color(_faction(figure))
    if figure.get("rank") == "elite" or figure.get("elite"):
        c.rect(inset(box, -4), outline=Palette.gold, width=2.5, radius=(CELL - 4) / 2
               if owner != 1 else 8)  # fmt: skip
    owner_shape(c, box, owner, fill, 4)
    label = str(figure.get("id") or "")
    with c.region(inset(box, 5), f"unit {label}"):
        x, y = centre(box)
        c.text((x, y - 3), mark(figure.get("names"), locale, label), 17, on(fill), bold=True,
               anchor="mm")  # fmt: skip
        c.fit_text((x, box[3] - 8), label, box[2] - box[0] - 20, 9, on(fill), anchor="mb",
                   whole=True)  # fmt: skip
    _mobility(c, figure, box[2] - 4, box[1] + 4, 8)


def _faction(figure: dict[str, Any]) -> str:
    """A figure's faction (the board fills in its owner's where the view gives none)."""
    return str(figure.get("faction") or "")


def draw_monster(c: Canvas, figure: dict[str, Any], locale: str) -> None:
    """A 2×2 token: the name, the form (α or H) big, and a health bar per form with its
    numbers; the bar of the form in play is bright, the other dimmed."""
    cover = piece_squares(figure)
    if not cover:
        return
    box = inset(span(cover), 3)
    owner = figure.get("owner")
    fill = mix(faction_color(_faction(figure)), (30, 24, 20), 0.6)  # cream name 4.5:1 on it
    owner_shape(c, box, owner, fill, 4.5)
    x0, y0, x1, y1 = inset(box, 9)
    plate = mix(fill, HEALTH_PLATE, 0.7)
    c.rect((x0 - 2, y1 - 36, x1 + 2, y1 - 1), fill=plate, radius=6)
    form = figure.get("form")
    label = str(figure.get("id") or "")
    with c.region((x0, y0, x1, y1), f"monster {label}"):
        c.fit_text((x0 + CORNER, y0 + 1), localized(figure.get("names"), locale) or label,
                   x1 - x0 - 2 * CORNER, 12, bold=True, min_size=9)  # fmt: skip
        mark = "H" if form == "hyper" else "α"
        ring = HEALTH_HYPER if form == "hyper" else HEALTH_ALPHA
        c.circle(x0 + 18, y0 + 36, 15, fill=(20, 14, 10), outline=ring, width=2.5)
        c.text((x0 + 18, y0 + 36), mark, 18, ring, bold=True, anchor="mm")
        for k, which in enumerate(("alpha", "hyper")):
            _health_bar(c, figure, which, (x0, y1 - 34 + k * 17, x1, y1 - 20 + k * 17),
                        plate, active=form == which)  # fmt: skip
    _mobility(c, figure, x1 - 10, y0 + 36, 10)


def _health_bar(
    c: Canvas, figure: dict[str, Any], which: str, box: Box, plate: RGB, active: bool
) -> None:
    """One form's health on the token's dark ``plate``: the form's mark, the remaining pips
    and "n/max". Why a plate: green and orange numbers on the faction's own colour read at
    1.3–4.4:1; on the plate they keep their colour and read at 4.5:1 or more, the dimmed
    form's too (issue 29)."""
    health = num((figure.get("health") or {}).get(which))
    top = max(health, num((figure.get("max") or {}).get(which), health))
    color = HEALTH_ALPHA if which == "alpha" else HEALTH_HYPER
    if not active:
        color = legible(mix(color, (60, 50, 44), 0.35), plate)
    x0, y0, x1, y1 = box
    c.text((x0 + 5, (y0 + y1) / 2), "α" if which == "alpha" else "H", 11, color, bold=True,
           anchor="mm")  # fmt: skip
    bar = (x0 + 12, y0 + 2, x1 - 34, y1 - 2)
    c.rect(bar, fill=HEALTH_EMPTY, radius=3)
    if top:
        step = (bar[2] - bar[0]) / top
        for i in range(health):
            c.rect((bar[0] + i * step + 0.5, bar[1] + 1, bar[0] + (i + 1) * step - 0.5,
                    bar[3] - 1), fill=color)  # fmt: skip
    c.text((x1, (y0 + y1) / 2), f"{health}/{top}", 10, color, bold=True, anchor="rm")
