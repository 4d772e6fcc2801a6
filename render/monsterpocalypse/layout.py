"""The image's geometry in pixels: where the 12×12 grid sits, the coordinate bands on its four
edges, the status bar above it and the players' panel below it, and the box of any square or
footprint. Under the map: the active figure's stat panel, then the players' cards.

Why the panel goes under the map and not beside it: the image stays 760 px wide, so a phone
shows the map at nearly full size, and the map (what a player reads most) is never shrunk to
make room for the numbers."""

from __future__ import annotations

from collections.abc import Iterable

from render.boxes import Box
from render.monsterpocalypse.style import GRID

CELL = 56
MARGIN = 12
BAND = 22  # the coordinate letters / numbers around the grid
TOP_H = 56  # the status bar: title, round, whose turn and the phase
GAP = 10
PANEL_H = 132  # one player's card in the panel
FOCUS_H = 66  # the active figure's stat panel, between the map and the players' cards

GRID_X = MARGIN + BAND
GRID_Y = MARGIN + TOP_H + GAP + BAND
GRID_PX = GRID * CELL
WIDTH = GRID_X + GRID_PX + BAND + MARGIN
FOCUS_Y = GRID_Y + GRID_PX + BAND + GAP
PANEL_Y = FOCUS_Y + FOCUS_H + GAP
HEIGHT = PANEL_Y + PANEL_H + MARGIN

Square = tuple[int, int]


def cell(sq: Square) -> Box:
    """The pixel box of one square."""
    col, row = sq
    x, y = GRID_X + col * CELL, GRID_Y + row * CELL
    return (x, y, x + CELL, y + CELL)


def span(squares: Iterable[Square]) -> Box:
    """The box around several squares (a 2×2 footprint)."""
    boxes = [cell(sq) for sq in squares]
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def footprint(anchor: Square, size: int) -> list[Square]:
    """The squares a piece of ``size`` (1 or 2) anchored at its top-left square covers, cut to
    the map."""
    col, row = anchor
    return [
        (col + dx, row + dy)
        for dy in range(size)
        for dx in range(size)
        if col + dx < GRID and row + dy < GRID
    ]


def centre(box: Box) -> tuple[float, float]:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def inset(box: Box, by: float) -> Box:
    return (box[0] + by, box[1] + by, box[2] - by, box[3] - by)


def grid_box() -> Box:
    return (GRID_X, GRID_Y, GRID_X + GRID_PX, GRID_Y + GRID_PX)


def focus_box() -> Box:
    """The active figure's stat panel: the whole width under the map."""
    return (MARGIN, FOCUS_Y, WIDTH - MARGIN, FOCUS_Y + FOCUS_H)


def panel_boxes(count: int) -> list[Box]:
    """One card per player side by side under the map."""
    count = max(1, count)
    width = (WIDTH - 2 * MARGIN - GAP * (count - 1)) / count
    return [
        (MARGIN + i * (width + GAP), PANEL_Y, MARGIN + i * (width + GAP) + width, PANEL_Y + PANEL_H)
        for i in range(count)
    ]
