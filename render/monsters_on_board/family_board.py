"""A seat's board in family mode: the family side of the player board (I31), drawn from the
public view (the seat's pick and its row stay hidden until every seat has picked, I8: the
own view's ``pick_row`` is never drawn here).

Top to bottom:

- the header: the seat's name in its colour (I3), what it is doing, its Juice;
- six lanes of 12 spaces, one per colour (I31), each with its start point (area 0); the
  creature's token stands in the space its lane reached (view ``lanes``); areas 4, 8 and 12
  are marked with their actions (FM9-FM11, from the content's ``area_actions``);
- the Order, 3 × 6 (FM6), each row with its two servant spaces, filled or empty (FM14), and
  the total rank of its dice (what a servant placed there would score, FM14 step 3);
- the servants still in reserve (FM1), and a key to the areas' actions.

Nothing of the normal side: no Spider Jack dice, summoning tracks, Evil, Arch cards or ghosts
(FM2, I31).
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.boxes import Box
from render.common import Canvas, Palette, mix
from render.monsters_on_board import catalogue as cat
from render.monsters_on_board.layout import (
    FAMILY_DIE,
    FAMILY_LOWER_H,
    FAMILY_ROW_H,
    GAP,
    HEAD_H,
    LANE_H,
    LANE_HEAD,
    LANES_H,
    family_board_height,
    frame,
    head_frame,
    head_juice,
    panel,
    pill,
    pill_width,
)
from render.monsters_on_board.pieces import draw_creature, draw_die, draw_servant
from render.monsters_on_board.status import seat_status, seats_of
from render.monsters_on_board.style import (
    JUICE,
    MARGIN,
    NEIGHBOURHOOD,
    WIDTH,
    colour_rgb,
    edge_of,
    glyph,
    icon_short,
    ink_on,
    ints,
    mark,
    seat_colour,
    t,
)

AREAS = 12
LABEL_W = 46.0
START_W = 66.0
CELL_GAP = 4.0
ORDER_PANEL_W = 680
ROW_LABEL_W = 76.0
DIE_CELL = 60.0
SERVANT_W = 46.0
RETURN = "↺"


class FamilySeatBoard:
    """Seat ``seat``'s family-side board (see the module docstring)."""

    def __init__(self, view: dict[str, Any], seat: int, locale: str, players: list[str]) -> None:
        self.view = view
        self.seat = seat
        self.locale = locale
        seats = seats_of(view)
        self.info = seats[seat] if 0 <= seat < len(seats) else {}
        self.name = players[seat] if 0 <= seat < len(players) else ""
        self.actions = dict(cat.family().area_actions)
        self.height = family_board_height()
        self.c = Canvas(WIDTH, self.height, Palette.bg)

    def draw(self) -> Image.Image:
        c = self.c
        frame(c, self.height)
        x0, x1 = MARGIN, WIDTH - MARGIN
        y = MARGIN
        self.draw_head((x0, y, x1, y + HEAD_H))
        y += HEAD_H + GAP
        self.draw_lanes((x0, y, x1, y + LANES_H))
        y += LANES_H + GAP
        self.draw_order((x0, y, x0 + ORDER_PANEL_W, y + FAMILY_LOWER_H))
        self.draw_side((x0 + ORDER_PANEL_W + GAP, y, x1, y + FAMILY_LOWER_H))
        return c.image()

    # -- the header
    def draw_head(self, box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        accent = seat_colour(self.seat)
        ink = head_frame(c, box, accent, self.seat in ints(self.view.get("pending")))
        right = x1 - 20
        juice = int(self.info.get("juice") or 0)
        head_juice(c, right, (right - 200, y0 + 4, right, y1 - 4), juice, t("juice", self.locale))
        with c.region((x0 + 26, y0 + 4, right - 220, y1 - 4), "name"):
            c.fit_text(
                (x0 + 28, y0 + 26),
                self.name,
                right - 220 - x0 - 30,
                26,
                ink,
                bold=True,
                min_size=15,
                anchor="lm",
            )
            status = seat_status(self.view, self.seat, self.info, self.locale)
            if status and pill_width(c, status, 13) < right - 250 - x0:
                pill(c, x0 + 28, y1 - 20, status, accent, 13)

    # -- the six lanes (I31)
    def cell_x(self, x0: float, cell_w: float, area: int) -> float:
        """The left edge of ``area``'s column (0 = the start point)."""
        if area == 0:
            return x0 + LABEL_W + CELL_GAP
        return x0 + LABEL_W + START_W + 2 * CELL_GAP + (area - 1) * (cell_w + CELL_GAP)

    def draw_lanes(self, box: Box) -> None:
        c = self.c
        inner = panel(c, box, t("lanes", self.locale))
        x0, y0, x1, _ = inner
        cell_w = (x1 - x0 - LABEL_W - START_W - (AREAS + 1) * CELL_GAP) / AREAS
        self.draw_lane_head(x0, y0, cell_w)
        found = self.info.get("lanes")
        lanes: dict[str, Any] = found if isinstance(found, dict) else {}
        for k, colour_id in enumerate(cat.family().lanes):
            y = y0 + LANE_HEAD + k * LANE_H
            area = lanes.get(colour_id)
            at = area if isinstance(area, int) and 0 <= area <= AREAS else None
            self.draw_lane(colour_id, at, x0, y, cell_w)

    def draw_lane_head(self, x0: float, y0: float, cell_w: float) -> None:
        """The column heads: Start, then the areas' numbers, 4/8/12 with their action."""
        c = self.c
        sx = self.cell_x(x0, cell_w, 0)
        with c.region((sx, y0, sx + START_W, y0 + LANE_HEAD - 4), "lane head"):
            c.fit_text(
                (sx + START_W / 2, y0 + 12),
                t("start", self.locale),
                START_W - 4,
                14,
                Palette.muted,
                bold=True,
                min_size=10,
                anchor="mm",
            )
        for area in range(1, AREAS + 1):
            ax = self.cell_x(x0, cell_w, area)
            action = self.actions.get(area)
            label = f"{area} {glyph(action)}" if action else str(area)
            with c.region((ax, y0, ax + cell_w, y0 + LANE_HEAD - 4), "lane head"):
                c.fit_text(
                    (ax + cell_w / 2, y0 + 12),
                    label,
                    cell_w - 4,
                    16,
                    Palette.gold if action else Palette.text,
                    bold=True,
                    min_size=11,
                    anchor="mm",
                )

    def draw_lane(self, colour_id: str, at: int | None, x0: float, y: float, cell_w: float) -> None:
        """One colour's lane: its mark, its start point, 12 spaces, its creature."""
        c = self.c
        rgb = colour_rgb(colour_id)
        y1 = y + LANE_H - 5
        cy = (y + y1) / 2
        chip = (x0, y, x0 + LABEL_W, y1)
        c.rect(chip, fill=rgb, radius=7)
        with c.region(chip, "lane mark", cue=("component colour", colour_id)):
            c.text(((chip[0] + chip[2]) / 2, cy), mark(colour_id), 15, ink_on(rgb), bold=True,
                   anchor="mm")  # fmt: skip
        for area in range(AREAS + 1):
            w = START_W if area == 0 else cell_w
            ax = self.cell_x(x0, cell_w, area)
            action = self.actions.get(area)
            ground = NEIGHBOURHOOD if action else mix(rgb, Palette.panel, 0.78)
            edge = Palette.gold if action else mix(edge_of(rgb), Palette.panel, 0.45)
            if area == 0:
                ground, edge = mix(Palette.panel, Palette.bg, 0.4), rgb
            c.rect((ax, y, ax + w, y1), fill=ground, outline=edge, width=1.5, radius=7)
            here = at == area
            if action:
                with c.region((ax + 2, y, ax + w - (36 if here else 2), y1), "lane action"):
                    c.fit_text(
                        (ax + 5, cy),
                        glyph(action),
                        w - (43 if here else 10),
                        15,
                        mix(Palette.gold, ground, 0.25),
                        bold=True,
                        min_size=9,
                        anchor="lm",
                        whole=True,
                    )
            if here:
                draw_creature(c, ax + w - 19 if action else ax + w / 2, cy, 16, colour_id)

    # -- the Order with its servant spaces (FM6, FM14)
    def draw_order(self, box: Box) -> None:
        c = self.c
        inner = panel(c, box, t("order", self.locale))
        x0, y0, _, _ = inner
        order = self.info.get("order") or [[], [], []]
        servants = ints(self.info.get("servant_rows")) or [0, 0, 0]
        family = cat.family()
        for r in range(family.rows):
            row = [d for d in (order[r] if r < len(order) else []) if d]
            filled = servants[r] if r < len(servants) else 0
            y = y0 + 6 + r * FAMILY_ROW_H
            self.draw_order_row(r, row, filled, family.servant_spaces_per_row, x0, y)

    def draw_order_row(
        self, r: int, row: list[Any], filled: int, spaces: int, x0: float, y: float
    ) -> None:
        c = self.c
        cy = y + FAMILY_DIE / 2
        with c.region((x0, y, x0 + ROW_LABEL_W - 6, y + FAMILY_DIE), "row label"):
            c.fit_text(
                (x0 + 4, cy),
                t("row", self.locale, n=r + 1),
                ROW_LABEL_W - 12,
                16,
                Palette.muted,
                bold=True,
                min_size=11,
                anchor="lm",
            )
        x = x0 + ROW_LABEL_W
        for col in range(cat.family().columns):
            dx = x + col * DIE_CELL
            die = row[col] if col < len(row) else None
            if die:
                draw_die(c, dx, y, FAMILY_DIE, str(die[0]), int(die[1]))
            else:
                c.rect(
                    (dx, y, dx + FAMILY_DIE, y + FAMILY_DIE),
                    fill=mix(Palette.panel, Palette.bg, 0.45),
                    radius=9,
                )
        x += cat.family().columns * DIE_CELL + 10
        for k in range(spaces):
            sx = x + k * (SERVANT_W + 6)
            on = k < filled
            c.rect(
                (sx, y, sx + SERVANT_W, y + FAMILY_DIE),
                fill=mix(Palette.panel, Palette.gold, 0.18 if on else 0.04),
                outline=Palette.gold if on else Palette.faint,
                width=1.5,
                radius=9,
            )
            if on:
                draw_servant(c, sx + SERVANT_W / 2, cy, FAMILY_DIE - 12)
        x += spaces * (SERVANT_W + 6) + 6
        total = sum(int(d[1]) for d in row)
        with c.region((x, y, x + 70, y + FAMILY_DIE), "row sum"):
            c.text((x + 4, cy), t("row_sum", self.locale, n=total), 18, JUICE, bold=True,
                   anchor="lm")  # fmt: skip

    # -- the reserve and the key
    def draw_side(self, box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        reserve = int(self.info.get("reserve") or 0)
        top_h = 104
        inner = panel(c, (x0, y0, x1, y0 + top_h), t("reserve", self.locale, n=reserve))
        ix0, iy0, ix1, iy1 = inner
        step = min(56.0, (ix1 - ix0) / 6)
        for k in range(reserve):
            draw_servant(c, ix0 + step * (k + 0.5), (iy0 + iy1) / 2, iy1 - iy0 - 8)
        inner = panel(c, (x0, y0 + top_h + GAP, x1, y1), t("area_key", self.locale))
        self.draw_key(inner)

    def draw_key(self, box: Box) -> None:
        """FM9-FM11 in a few words: area 4's promotion, area 8's swap, area 12's Juice and
        the return to start."""
        c = self.c
        x0, y0, x1, y1 = box
        lines = sorted(self.actions.items())
        h = (y1 - y0) / max(1, len(lines))
        last = max((area for area, _ in lines), default=AREAS)
        for k, (area, icon) in enumerate(lines):
            what = icon_short(icon, self.locale)
            if area == last:
                what = f"{t('back_start', self.locale, what=what)} {RETURN}"
            words = t("area_n", self.locale, n=area, what=what)
            with c.region((x0, y0 + k * h, x1, y0 + (k + 1) * h), "area key"):
                c.fit_text(
                    (x0 + 6, y0 + (k + 0.5) * h),
                    words,
                    x1 - x0 - 12,
                    16,
                    Palette.text,
                    min_size=11,
                    anchor="lm",
                )
