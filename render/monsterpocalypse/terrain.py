"""The map under the pieces: ground, the coordinate bands, rough ground (hatched), impassable
squares (dark with a cross), cover (a corner chevron), the sides' start zones and the empty
building foundations (dashed outlines).

Why marks and not only colours: rough, cover and impassable differ by pattern as well as by
shade, so the map reads for colour-blind players and in a greyscale screenshot."""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import Image

from render.boxes import Box
from render.common import RGB, Canvas, Palette, mix
from render.monsterpocalypse.layout import (
    BAND,
    CELL,
    GRID_X,
    GRID_Y,
    HEIGHT,
    WIDTH,
    Square,
    cell,
    footprint,
    grid_box,
    inset,
    span,
)
from render.monsterpocalypse.style import (
    COVER,
    FOUNDATION,
    GRID,
    GRID_LINE,
    GROUND,
    GROUND_ALT,
    IMPASSABLE,
    IMPASSABLE_MARK,
    ROUGH,
    ROUGH_HATCH,
    seat_color,
    side_seat,
    squares,
)


def tint(c: Canvas, box: Box, color: RGB, alpha: float) -> None:
    """Blend ``color`` over what is already drawn in ``box`` (translucent overlays: start zones,
    reachable squares), keeping the marks underneath visible."""
    c.settle(box)  # the texts under the tint are painted first (render.late_text)
    x0, y0, x1, y1 = (c.px(v) for v in box)
    region = c.img.crop((x0, y0, x1, y1))
    solid = Image.new("RGB", region.size, color)
    c.img.paste(Image.blend(region, solid, alpha), (x0, y0))


def draw_base(c: Canvas) -> None:
    """The coordinates (column letters above and below the grid, row numbers on both sides)
    and the checkered ground. They are the same on every image, so they are drawn once and
    pasted (their 48 texts and 144 squares were a fifth of an image's time); drawn afresh
    only while a text-box recording watches (the tests' check)."""
    if c.page is not None:
        _coordinates(c)
        _ground(c)
        c.settle(map_box())  # as in the pixels pasted (render.late_text)
        return
    at, base = _base(c.scale)
    c.settle_pixels((*at, at[0] + base.width, at[1] + base.height))
    c.img.paste(base, at)


def _coordinates(c: Canvas) -> None:
    x0, y0, x1, y1 = grid_box()
    for i in range(GRID):
        letter, number = chr(ord("A") + i), str(i + 1)
        mid_x = GRID_X + i * CELL + CELL / 2
        mid_y = GRID_Y + i * CELL + CELL / 2
        for label, box in (
            (letter, (mid_x - CELL / 2, y0 - BAND, mid_x + CELL / 2, y0)),
            (letter, (mid_x - CELL / 2, y1, mid_x + CELL / 2, y1 + BAND)),
            (number, (x0 - BAND, mid_y - CELL / 2, x0, mid_y + CELL / 2)),
            (number, (x1, mid_y - CELL / 2, x1 + BAND, mid_y + CELL / 2)),
        ):
            with c.region(box, f"coordinate {label}"):
                c.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), label, 13, Palette.muted,
                       bold=True, anchor="mm")  # fmt: skip


def _ground(c: Canvas) -> None:
    """The checkered ground inside the grid's outline."""
    c.rect(inset(grid_box(), -2), fill=GRID_LINE, radius=4)
    for row in range(GRID):
        for col in range(GRID):
            c.rect(cell((col, row)), fill=GROUND if (col + row) % 2 else GROUND_ALT)


@cache
def _base(scale: int) -> tuple[tuple[int, int], Image.Image]:
    """The coordinates and the ground drawn once at ``scale`` on the bare background, and
    where the piece goes: the grid with its four bands."""
    c = Canvas(WIDTH, HEIGHT, Palette.bg, scale)
    _coordinates(c)
    _ground(c)
    c.settle()  # the coordinates in the pixels pasted (render.late_text)
    left, top, right, bottom = (c.px(v) for v in map_box())
    return (left, top), c.img.crop((left, top, right, bottom))


def map_box() -> Box:
    """The grid with its four bands of coordinates."""
    x0, y0, x1, y1 = grid_box()
    return (x0 - BAND, y0 - BAND, x1 + BAND, y1 + BAND)


def _hatch(c: Canvas, box: Box) -> None:
    """Diagonal hatching across a rough square."""
    x0, y0, _x1, _y1 = box
    step = CELL / 5
    for k in range(1, 10):
        d = k * step
        a = (x0 + max(0.0, d - CELL), y0 + min(d, CELL))
        b = (x0 + min(d, CELL), y0 + max(0.0, d - CELL))
        if d < 2 * CELL:
            c.line([a, b], ROUGH_HATCH, 2)


def _impassable(c: Canvas, box: Box) -> None:
    c.rect(box, fill=IMPASSABLE)
    x0, y0, x1, _y1 = inset(box, 12)
    for wave in range(3):  # water ripples
        y = y0 + 4 + wave * 10
        c.line([(x0, y), (x0 + 8, y - 3), (x0 + 16, y), (x0 + 24, y - 3), (x1, y)],
               IMPASSABLE_MARK, 2)  # fmt: skip


def _cover(c: Canvas, box: Box) -> None:
    """A small shield in the top-right corner."""
    x1, y0 = box[2] - 4, box[1] + 4
    c.polygon([(x1 - 14, y0), (x1, y0), (x1, y0 + 8), (x1 - 7, y0 + 15), (x1 - 14, y0 + 8)], COVER)
    c.line([(x1 - 7, y0 + 2), (x1 - 7, y0 + 12)], mix(COVER, (0, 0, 0), 0.5), 1.5)


def draw_terrain(c: Canvas, game_map: dict[str, Any]) -> None:
    for sq in squares(game_map.get("rough")):
        c.rect(cell(sq), fill=ROUGH)
        _hatch(c, cell(sq))
    for sq in squares(game_map.get("impassable")):
        _impassable(c, cell(sq))
    for sq in squares(game_map.get("cover")):
        _cover(c, cell(sq))


def draw_grid_lines(c: Canvas) -> None:
    x0, y0, x1, y1 = grid_box()
    for i in range(GRID + 1):
        c.line([(x0 + i * CELL, y0), (x0 + i * CELL, y1)], GRID_LINE, 1)
        c.line([(x0, y0 + i * CELL), (x1, y0 + i * CELL)], GRID_LINE, 1)


def draw_start_zones(c: Canvas, view: dict[str, Any]) -> None:
    """Each side's start zone tinted in its player's colour with a dashed edge (grey before the
    sides are chosen); a start zone is a band of whole rows, so one box frames it."""
    start = (view.get("map") or {}).get("start") or {}
    for side in ("north", "south"):
        zone = squares(start.get(side))
        if not zone:
            continue
        color = seat_color(side_seat(view, side))
        box = span(zone)
        whole = len(set(zone)) * CELL * CELL == (box[2] - box[0]) * (box[3] - box[1])
        for part in [box] if whole else [cell(sq) for sq in zone]:  # one blend for a band
            tint(c, part, color, 0.14)
        c.dashed_rect(inset(span(zone), 2), color, 2, dash=8, radius=2)


def draw_foundations(c: Canvas, game_map: dict[str, Any], built: set[Square]) -> None:
    """Empty foundations as dashed 2×2 outlines (secondary ones fainter); those under a
    building are covered by it."""
    for entry in game_map.get("foundations") or []:
        anchors = squares([entry.get("at")]) if isinstance(entry, dict) else []
        if not anchors or anchors[0] in built:
            continue
        faint = entry.get("tier") == "secondary"
        color = mix(FOUNDATION, GROUND, 0.45) if faint else FOUNDATION
        c.dashed_rect(inset(span(footprint(anchors[0], 2)), 5), color, 2, dash=6, radius=6)
