"""A seat's town path (I12): twelve areas of three spaces, the start points and add-creature
slots before area 1, the final area after area 12, and the servant lodges beside the path.

Drawn in two rows so that it stays large on a phone: the start block and areas 1–6 above,
areas 7–12 and the final area below; the path reads left to right, then on from the next row.
Each space shows its colour (tint, plus the colour's symbol and letter), its printed icon
(neighbourhoods 3, 6, 9 and 12 have none and a darker ground), then whatever stands on it: a
ghost (its own icon and mark), a creature, a servant.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from render.boxes import Box
from render.common import Canvas, Palette, mix
from render.layers import static_layer
from render.monsters_on_board import catalogue as cat
from render.monsters_on_board.layout import AREA_HEAD, GAP, LODGE_H, SPACE_H, panel
from render.monsters_on_board.pieces import draw_creature, draw_ghost, draw_servant
from render.monsters_on_board.style import (
    NEIGHBOURHOOD,
    colour_rgb,
    edge_of,
    glyph,
    ink_on,
    mark,
    t,
)


class Occupants:
    """Who stands where on one seat's board, by place id (space, start, slot, lodge, final)."""

    def __init__(self, info: dict[str, Any]) -> None:
        self.creatures: dict[str, list[str]] = defaultdict(list)
        for creature in info.get("creatures") or []:
            if isinstance(creature, dict):
                self.creatures[str(creature.get("at"))].append(str(creature.get("colour")))
        self.ghosts: dict[str, str] = {}
        for placed in info.get("ghosts") or []:
            if isinstance(placed, dict):
                self.ghosts[str(placed.get("at"))] = str(placed.get("ghost"))
        self.servants = Counter(str(s) for s in info.get("servants") or [])


def draw_town(c: Canvas, box: Box, info: dict[str, Any], locale: str) -> None:
    """The town panel: two rows of seven columns, then the lodges. The twelve areas as
    printed are the same on every seat's board at every move, so they are painted once
    (:func:`render.layers.static_layer`); what stands on them is drawn over them."""
    board = cat.content().normal
    inner = panel(c, box, t("town", locale))
    x0, y0, x1, _ = inner
    who = Occupants(info)
    cells = town_cells(inner)
    areas = {a.number: a for a in board.areas}
    printed = [(cell, areas[number]) for cell, number in cells if number in areas]

    def paint(canvas: Canvas) -> None:
        for cell, area in printed:
            draw_area(canvas, cell, area)

    static_layer(c, ("monsters_on_board town", tuple(cells)), inner, paint)
    for cell, number in cells:
        if number == START:
            draw_starts(c, cell, who, locale)
        elif number == FINAL:
            draw_final(c, cell, who.creatures.get(board.final, []), locale)
    for cell, area in printed:
        draw_area_occupants(c, cell, area, who)
    h = AREA_HEAD + 3 * SPACE_H
    lodges_y = y0 + 4 + 2 * h + GAP + 6
    draw_lodges(c, (x0, lodges_y, x1, lodges_y + LODGE_H - 8), board.lodges, who, locale)


START, FINAL = 0, -1  # the cells that are not numbered areas


def town_cells(inner: Box) -> list[tuple[Box, int]]:
    """Each cell of the two rows and the area number drawn in it (START, FINAL for those)."""
    x0, y0, x1, _ = inner
    gap = 6.0
    w = (x1 - x0 - 6 * gap) / 7
    h = AREA_HEAD + 3 * SPACE_H
    cells: list[tuple[Box, int]] = []
    for row in range(2):
        y = y0 + 4 + row * (h + GAP)
        for col in range(7):
            x = x0 + col * (w + gap)
            cell = (x, y, x + w, y + h)
            if row == 0 and col == 0:
                cells.append((cell, START))
            elif row == 1 and col == 6:
                cells.append((cell, FINAL))
            else:
                cells.append((cell, row * 6 + col + (0 if row == 0 else 1)))
    return cells


def draw_area(c: Canvas, box: Box, area: cat.Area) -> None:
    """One area as printed: its number (⌂ for a neighbourhood, M12) over its three spaces."""
    x0, y0, x1, _ = box
    hood = area.kind == "neighbourhood"
    ground = NEIGHBOURHOOD if hood else mix(Palette.panel, Palette.bg, 0.35)
    c.rect(box, fill=ground, outline=mix(ground, Palette.text, 0.25), width=1.5, radius=8)
    with c.region((x0 + 4, y0 + 2, x1 - 4, y0 + AREA_HEAD), "area number"):
        label = f"{area.number} ⌂" if hood else str(area.number)
        c.text(
            ((x0 + x1) / 2, y0 + AREA_HEAD / 2 + 1),
            label,
            17,
            Palette.gold if hood else Palette.text,
            bold=True,
            anchor="mm",
        )
    board = cat.content().normal
    for k, space_id in enumerate(area.spaces):
        draw_space(c, space_box(box, k), board.spaces[space_id])


def space_box(area_box: Box, k: int) -> Box:
    """The ``k``-th space of an area."""
    x0, y0, x1, _ = area_box
    sy = y0 + AREA_HEAD + k * SPACE_H
    return (x0 + 4, sy + 2, x1 - 4, sy + SPACE_H - 3)


def draw_area_occupants(c: Canvas, box: Box, area: cat.Area, who: Occupants) -> None:
    for k, space_id in enumerate(area.spaces):
        draw_occupants(c, space_box(box, k), space_id, who)


def draw_space(c: Canvas, box: Box, space: cat.Space) -> None:
    """A town space as printed: its colour's mark and its icon."""
    x0, y0, _, y1 = box
    rgb = colour_rgb(space.colour)
    c.rect(box, fill=mix(rgb, Palette.panel, 0.72), outline=rgb, width=2, radius=7)
    cy = (y0 + y1) / 2
    chip = (x0 + 3, y0 + 3, x0 + 30, y1 - 3)
    c.rect(chip, fill=rgb, radius=5)
    with c.region(chip, "space mark", cue=("component colour", space.colour)):
        c.text(
            ((chip[0] + chip[2]) / 2, cy),
            mark(space.colour),
            11,
            ink_on(rgb),
            bold=True,
            anchor="mm",
        )
    x = x0 + 34
    if space.icon:
        with c.region((x, y0 + 2, x + 34, y1 - 2), "space icon"):
            c.fit_text(
                (x + 1, cy),
                glyph(space.icon),
                32,
                17,
                Palette.text,
                bold=True,
                min_size=11,
                anchor="lm",
            )


def draw_occupants(c: Canvas, box: Box, space_id: str, who: Occupants) -> None:
    """What stands on a space, from its right end: a creature, a servant, a ghost."""
    _, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    right = x1 - 4
    colours = who.creatures.get(space_id, [])
    if colours:
        draw_creature(c, right - 16, cy, 16, colours[0])
        right -= 35
    if who.servants.get(space_id):
        draw_servant(c, right - 12, cy, 34)
        right -= 26
    ghost = who.ghosts.get(space_id)
    if ghost:
        draw_ghost(c, (right - 30, y0 + 2, right, y1 - 2), ghost)


def draw_starts(c: Canvas, box: Box, who: Occupants, locale: str) -> None:
    """The start points and add-creature slots (S12, I17), one line per colour."""
    x0, y0, x1, y1 = box
    c.rect(
        box, fill=mix(Palette.panel, Palette.bg, 0.35), outline=Palette.line, width=1.5, radius=8
    )
    with c.region((x0 + 4, y0 + 2, x1 - 4, y0 + AREA_HEAD), "start title"):
        c.fit_text(
            ((x0 + x1) / 2, y0 + AREA_HEAD / 2 + 1),
            t("start", locale),
            x1 - x0 - 10,
            15,
            Palette.text,
            bold=True,
            min_size=11,
            anchor="mm",
        )
    board = cat.content().normal
    line_h = (y1 - y0 - AREA_HEAD - 4) / len(cat.COLOURS)
    r = min(12.0, line_h / 2 - 1)
    for k, colour_id in enumerate(cat.COLOURS):
        cy = y0 + AREA_HEAD + line_h * (k + 0.5)
        if who.creatures.get(board.starts[colour_id]):
            draw_creature(c, x0 + 20, cy, r, colour_id)
        else:
            c.circle(x0 + 20, cy, r - 2, outline=edge_of(colour_rgb(colour_id)), width=1.5)
        slot = (x0 + 40, cy - r, x1 - 6, cy + r)
        draw_add_slot(c, slot, colour_id, who, board.add_slots[colour_id])


def draw_add_slot(c: Canvas, box: Box, colour_id: str, who: Occupants, slot: str) -> None:
    """An add-creature slot (I17): pale in the colour with ⊕ once its ghost lies there, and
    the creature it brought until that creature moves into the town."""
    x0, y0, x1, y1 = box
    rgb = colour_rgb(colour_id)
    taken = slot in who.ghosts
    fill = mix(rgb, (255, 255, 255), 0.6) if taken else mix(Palette.panel, Palette.bg, 0.5)
    c.rect(box, fill=fill, outline=rgb if taken else Palette.faint, width=1.5, radius=6)
    with c.region((x0 + 2, y0, x0 + 24, y1), "add slot"):
        c.text(
            (x0 + 5, (y0 + y1) / 2),
            glyph("add_creature"),
            14,
            Palette.ink if taken else Palette.faint,
            bold=True,
            anchor="lm",
        )
    if who.creatures.get(slot):
        draw_creature(c, x1 - (y1 - y0) / 2 - 1, (y0 + y1) / 2, (y1 - y0) / 2, colour_id)


def draw_final(c: Canvas, box: Box, colours: list[str], locale: str) -> None:
    """The final area (M13): any number of creatures, grouped by colour."""
    x0, y0, x1, _ = box
    c.rect(
        box, fill=mix(Palette.panel, Palette.gold, 0.12), outline=Palette.gold, width=2, radius=8
    )
    with c.region((x0 + 4, y0 + 2, x1 - 4, y0 + AREA_HEAD), "final title"):
        c.fit_text(
            ((x0 + x1) / 2, y0 + AREA_HEAD / 2 + 1),
            t("final", locale),
            x1 - x0 - 10,
            15,
            Palette.gold,
            bold=True,
            min_size=11,
            anchor="mm",
        )
    order = {colour_id: k for k, colour_id in enumerate(cat.COLOURS)}
    ranked = sorted(colours, key=lambda colour_id: order.get(colour_id, 99))
    per_row = 4
    step = (x1 - x0 - 8) / per_row
    r = min(15.0, step / 2 - 2)
    for k, colour_id in enumerate(ranked[: per_row * 4]):
        cx = x0 + 4 + step * (k % per_row + 0.5)
        cy = y0 + AREA_HEAD + 6 + r + (k // per_row) * (2 * r + 6)
        draw_creature(c, cx, cy, r, colour_id)


def draw_lodges(c: Canvas, box: Box, lodges: tuple[str, ...], who: Occupants, locale: str) -> None:
    """The six servant lodges beside the path (I11): a pawn in each lodge still occupied."""
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    label = t("lodges", locale)
    with c.region((x0, y0, x0 + 230, y1), "lodges title"):
        c.fit_text((x0 + 4, cy), label, 222, 15, Palette.muted, bold=True, min_size=11, anchor="lm")
    x = x0 + 240
    step = min(70.0, (x1 - x) / max(1, len(lodges)))
    for lodge in lodges:
        c.rect(
            (x, y0, x + step - 10, y1),
            fill=mix(Palette.panel, Palette.bg, 0.4),
            outline=Palette.line,
            width=1.5,
            radius=8,
        )
        if who.servants.get(lodge):
            draw_servant(c, x + (step - 10) / 2, cy, y1 - y0 - 8)
        x += step
