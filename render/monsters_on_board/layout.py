"""Measurements of the package's images, worked out before anything is drawn, and the few
drawing steps every image repeats (a titled panel, a status pill, a seat's name line).

Heights depend on the view (the draft's cars show only in the draft, solo 1 adds the AI's
panel, the scoring table grows with its lines), so each image asks here first and then makes a
canvas of exactly that size.
"""

from __future__ import annotations

from typing import Any

from render.boxes import Box
from render.colours import legible
from render.common import RGB, Canvas, Palette, mix
from render.monsters_on_board import catalogue as cat
from render.monsters_on_board.style import DRAFTS, JUICE, MARGIN, WIDTH, ink_on

GAP = 10
PANEL_HEAD = 34
"""A panel's title line."""

# --- the main board
TOP_H = 72
SEATS_H = 104
MARKET_H = PANEL_HEAD + 100 + 36 + 150 + 14
CARS_H = PANEL_HEAD + 128
SOLO_H = PANEL_HEAD + 92
BAG_H = 46
JACK_ROW_H = 40
"""One colour's line of Spider Jack's area (its creatures, ghosts and dice)."""
JACK_PICKS_H = 190
"""The solo card, its four picks and Spider Jack's level rules, beside the area's lines."""

# --- a seat's board
HEAD_H = 76
AREA_W = 148
AREA_HEAD = 26
SPACE_H = 52
AREA_H = AREA_HEAD + 3 * SPACE_H
LODGE_H = 50
LEGEND_H = 30
TOWN_H = PANEL_HEAD + 2 * AREA_H + GAP + LODGE_H + 8
ORDER_DIE = 50
ORDER_CELL = 60
TRACK_H = 34
ORDER_ROW_H = ORDER_DIE + TRACK_H + 16
ORDER_W = 2 * 14 + 7 * ORDER_CELL
LOWER_H = PANEL_HEAD + 3 * ORDER_ROW_H + 12

# --- a family seat's board (I31)
LANE_HEAD = 30
LANE_H = 48
LANES_H = PANEL_HEAD + LANE_HEAD + 6 * LANE_H + 10
FAMILY_DIE = 52
FAMILY_ROW_H = 66
FAMILY_LOWER_H = PANEL_HEAD + 3 * FAMILY_ROW_H + 14


def is_family(view: dict[str, Any]) -> bool:
    """Family mode: another board side (I31), no market, no Evil (FM2)."""
    return view.get("mode") == "family"


def jack_of(view: dict[str, Any]) -> dict[str, Any] | None:
    """Solo 2's Spider Jack area, or None in any other mode."""
    jack = view.get("jack")
    return jack if view.get("mode") == "solo2" and isinstance(jack, dict) else None


def has_multi_ghost(jack: dict[str, Any]) -> bool:
    return any((g := cat.ghost(str(x))) and g.colour == cat.MULTI for x in jack.get("ghosts") or [])


def jack_panel_height(jack: dict[str, Any]) -> int:
    """Spider Jack's panel: a line per colour (and one for multicolour ghosts) beside the
    solo card with its picks, whichever is taller."""
    lines = len(cat.COLOURS) + (1 if has_multi_ghost(jack) else 0)
    return PANEL_HEAD + max(JACK_PICKS_H, lines * JACK_ROW_H) + 14


def main_board_height(view: dict[str, Any]) -> int:
    """The main board's height: top bar, seats, market (none in family mode), the cars while
    drafting, solo 1's AI panel or solo 2's Spider Jack, the bag."""
    h = MARGIN + TOP_H + GAP + SEATS_H + GAP
    if not is_family(view):
        h += MARKET_H + GAP
    if view.get("phase") in DRAFTS and view.get("cars"):
        h += CARS_H + GAP
    jack = jack_of(view)
    if jack is not None:
        h += jack_panel_height(jack) + GAP
    elif isinstance(view.get("solo"), dict):
        h += SOLO_H + GAP
    return h + BAG_H + MARGIN


def seat_board_height() -> int:
    """A seat's board has one size whatever the view (the town and the Order are fixed)."""
    return MARGIN + HEAD_H + GAP + TOWN_H + GAP + LOWER_H + GAP + LEGEND_H + MARGIN


def family_board_height() -> int:
    """A family seat's board: the header, the six lanes, the Order with its servant spaces."""
    return MARGIN + HEAD_H + GAP + LANES_H + GAP + FAMILY_LOWER_H + MARGIN


def panel(c: Canvas, box: Box, title: str, *, accent: RGB = Palette.line) -> Box:
    """A titled panel; returns the box under its title, for its content."""
    x0, y0, x1, y1 = box
    c.panel(box, fill=Palette.panel, outline=accent, width=2, radius=14)
    with c.region((x0 + 12, y0 + 4, x1 - 12, y0 + PANEL_HEAD), "panel title"):
        c.fit_text(
            (x0 + 14, y0 + PANEL_HEAD / 2 + 3),
            title.upper(),
            x1 - x0 - 28,
            16,
            Palette.muted,
            bold=True,
            min_size=12,
            anchor="lm",
        )
    return (x0 + 10, y0 + PANEL_HEAD, x1 - 10, y1 - 8)


def pill(c: Canvas, x: float, cy: float, text: str, fill: RGB, size: float = 14) -> float:
    """A rounded status tag with its left edge at ``x``; returns its width."""
    w = c.text_width(text, size, True) + 20
    box = (x, cy - size * 0.95, x + w, cy + size * 0.95)
    c.rect(box, fill=fill, radius=size)
    with c.region(box, "pill"):
        c.text((x + w / 2, cy), text, size, ink_on(fill), bold=True, anchor="mm")
    return w


def pill_width(c: Canvas, text: str, size: float = 14) -> float:
    return c.text_width(text, size, True) + 20


def frame(c: Canvas, height: int) -> None:
    """The table top every image is drawn on."""
    c.rect((6, 6, WIDTH - 6, height - 6), fill=Palette.table, radius=22)


def head_frame(c: Canvas, box: Box, accent: RGB, acting: bool) -> RGB:
    """A seat board's header: a panel tinted with the seat's colour (I3), framed in gold while
    the seat must act, and the colour's bar at the left. Returns the seat's colour as the
    name's ink, made readable on that tint (red on it read 4.28:1 once a long name shrank
    below large text)."""
    x0, y0, _, y1 = box
    fill = mix(Palette.panel_hi, accent, 0.08)
    c.panel(
        box,
        fill=fill,
        outline=Palette.gold if acting else dim(accent),
        width=3 if acting else 2,
    )
    c.rect((x0 + 10, y0 + 12, x0 + 17, y1 - 12), fill=accent, radius=3)
    return legible(accent, fill)


def head_juice(c: Canvas, right: float, box: Box, juice: int, word: str) -> None:
    """A seat board header's Juice: the number large, right-aligned at ``right``, its word
    under it, all inside ``box`` (the region the test checks)."""
    _, y0, _, y1 = box
    cy = (y0 + y1) / 2
    with c.region(box, "juice"):
        c.text((right, cy - 6), str(juice), 34, JUICE, bold=True, anchor="rm")
        c.fit_text(
            (right, cy + 22),
            word,
            box[2] - box[0] - 10,
            13,
            Palette.muted,
            bold=True,
            min_size=11,
            anchor="rm",
        )


def dim(colour: RGB) -> RGB:
    return mix(colour, Palette.panel, 0.6)
