"""One seat's own board, drawn from the public view (its prophecy is hidden there, and never
drawn): its own image under the main board, so each stays readable on a phone.

Top to bottom:

- the header: the seat's name in its colour (I3), first player, what it is doing (the open
  decision's kind only: its options are the seat's own), Juice, and the Evil track 0–8;
- the town path with its creatures, ghosts and servants (:mod:`.town`);
- Spider Jack's Order (I24): three rows of six with the Spider Jack die at the left of each
  and a red mark after the spaces it keeps (F2), and under each row its summoning track of
  seven (I22: the marker, the icons at 1, 3, 5, the summons at 2, 4, 6 marked ✶). Once the
  game is over, the dice F2 removed are struck out;
- the Avenue (up to four dice, their icons, those already activated marked), and the Arch
  Monster cards bought (flipped ones greyed and struck, X3);
- a key to the icons.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from render.boxes import Box
from render.colours import RGB, ink_on
from render.common import Canvas, Palette, mix
from render.monsters_on_board import catalogue as cat
from render.monsters_on_board.layout import (
    GAP,
    HEAD_H,
    LEGEND_H,
    LOWER_H,
    ORDER_CELL,
    ORDER_DIE,
    ORDER_ROW_H,
    ORDER_W,
    TOWN_H,
    frame,
    head_frame,
    head_juice,
    panel,
    pill,
    pill_width,
    seat_board_height,
)
from render.monsters_on_board.pieces import draw_die, draw_jack_die, draw_mini_arch
from render.monsters_on_board.status import seat_status, seats_of
from render.monsters_on_board.style import (
    EVIL,
    JACK,
    MARGIN,
    WIDTH,
    glyph,
    icon_short,
    ints,
    seat_colour,
    t,
)
from render.monsters_on_board.town import draw_town

SUMMON = "✶"
LEGEND_ICONS = (
    "swap",
    "promote",
    "move_creature",
    "move_servant",
    "juice",
    "feed",
    "evil",
    "call",
    "add_creature",
)


class SeatBoard:
    """Seat ``seat``'s board (see the module docstring)."""

    def __init__(self, view: dict[str, Any], seat: int, locale: str, players: list[str]) -> None:
        self.view = view
        self.seat = seat
        self.locale = locale
        seats = seats_of(view)
        self.info = seats[seat] if 0 <= seat < len(seats) else {}
        self.name = players[seat] if 0 <= seat < len(players) else ""
        sheets = view.get("sheets") or []
        sheet = sheets[seat] if 0 <= seat < len(sheets) and isinstance(sheets[seat], dict) else {}
        self.removed = {(int(r), int(col)) for r, col in sheet.get("removed") or []}
        self.height = seat_board_height()
        self.c = Canvas(WIDTH, self.height, Palette.bg)

    def draw(self) -> Image.Image:
        c = self.c
        frame(c, self.height)
        x0, x1 = MARGIN, WIDTH - MARGIN
        y = MARGIN
        self.draw_head((x0, y, x1, y + HEAD_H))
        y += HEAD_H + GAP
        draw_town(c, (x0, y, x1, y + TOWN_H), self.info, self.locale)
        y += TOWN_H + GAP
        self.draw_order((x0, y, x0 + ORDER_W, y + LOWER_H))
        self.draw_side((x0 + ORDER_W + GAP, y, x1, y + LOWER_H))
        y += LOWER_H + GAP
        self.draw_legend((x0, y, x1, y + LEGEND_H))
        return c.image()

    # -- the header
    def draw_head(self, box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        accent = seat_colour(self.seat)
        ink = head_frame(c, box, accent, self.seat in ints(self.view.get("pending")))
        cy = (y0 + y1) / 2
        evil_x = x1 - 16 - 9 * 30
        with c.region((evil_x - 4, y0 + 4, x1 - 8, y1 - 4), "evil track"):
            self.draw_evil(evil_x, cy)
        juice_x = evil_x - 20
        juice = int(self.info.get("juice") or 0)
        where = (juice_x - 150, y0 + 4, juice_x, y1 - 4)
        head_juice(c, juice_x, where, juice, t("juice", self.locale))
        right = juice_x - 170
        with c.region((x0 + 26, y0 + 4, right, y1 - 4), "name"):
            self.draw_name(x0 + 28, right, y0, y1, ink)

    def draw_name(self, x0: float, right: float, y0: float, y1: float, ink: RGB) -> None:
        c = self.c
        pills = []
        if self.view.get("first") == self.seat:
            pills.append((t("first", self.locale), Palette.gold))
        status = seat_status(self.view, self.seat, self.info, self.locale)
        if status:
            pills.append((status, seat_colour(self.seat)))
        c.fit_text(
            (x0, y0 + 26),
            self.name,
            right - x0,
            26,
            ink,
            bold=True,
            min_size=15,
            anchor="lm",
        )
        x = x0
        for text, colour in pills:
            if x + pill_width(c, text, 13) > right:
                break
            x += pill(c, x, y1 - 20, text, colour, 13) + 8

    def draw_evil(self, x0: float, cy: float) -> None:
        """The Evil track 0–8 (S11, J8): nine boxes, the marker's box filled."""
        c = self.c
        evil = int(self.info.get("evil") or 0)
        c.text(
            (x0, cy - 18), t("evil", self.locale).upper(), 12, Palette.muted, bold=True, anchor="lm"
        )
        for k in range(9):
            box = (x0 + k * 30, cy - 6, x0 + k * 30 + 26, cy + 22)
            on = k == evil
            c.rect(
                box,
                fill=EVIL if on else mix(Palette.panel, EVIL, 0.12),
                outline=mix(EVIL, Palette.panel, 0.3),
                width=1.5,
                radius=6,
            )
            with c.region(box, "evil box"):
                c.text(
                    ((box[0] + box[2]) / 2, cy + 8),
                    str(k),
                    15 if on else 13,
                    ink_on(EVIL) if on else Palette.muted,
                    bold=on,
                    anchor="mm",
                )

    # -- Spider Jack's Order
    def draw_order(self, box: Box) -> None:
        c = self.c
        inner = panel(c, box, t("order", self.locale), accent=mix(Palette.line, JACK, 0.5))
        x0, y0, _, _ = inner
        order = self.info.get("order") or [[], [], []]
        jack = ints(self.info.get("jack")) or [1, 1, 1]
        summon = ints(self.info.get("summon")) or [0, 0, 0]
        tracks = cat.content().normal.tracks
        for r in range(3):
            y = y0 + 4 + r * ORDER_ROW_H
            x = x0 + 4
            keep = jack[r] if r < len(jack) else 1
            draw_jack_die(c, x + (ORDER_CELL - ORDER_DIE) / 2, y, ORDER_DIE, keep)
            self.draw_row(r, list(order[r]) if r < len(order) else [], x, y)
            if keep < 6:
                kx = x + (keep + 1) * ORDER_CELL
                c.line([(kx, y - 3), (kx, y + ORDER_DIE + 3)], Palette.danger, 3)
            position = summon[r] if r < len(summon) else 0
            track = tracks[r] if r < len(tracks) else ()
            self.draw_track(x, y + ORDER_DIE + 6, track, position)

    def draw_row(self, r: int, row: list[Any], x: float, y: float) -> None:
        """One Order row's six spaces. Once over, the dice F2 removed are struck out where they
        stood: the view lists them apart (``removed``, the row's rightmost dice) or the sheet
        names their spaces."""
        c = self.c
        kept = len(row)
        row += [d for at, d in self.info.get("removed") or [] if at == r]
        for col in range(6):
            cx = x + (col + 1) * ORDER_CELL + (ORDER_CELL - ORDER_DIE) / 2
            die = row[col] if col < len(row) else None
            if die:
                gone = col >= kept or (r, col) in self.removed
                draw_die(c, cx, y, ORDER_DIE, str(die[0]), int(die[1]), dim=gone, crossed=gone)
            else:
                box = (cx, y, cx + ORDER_DIE, y + ORDER_DIE)
                c.rect(box, fill=mix(Palette.panel, Palette.bg, 0.45), radius=9)

    def draw_track(
        self, x: float, y: float, track: Sequence[cat.TrackPosition], position: int
    ) -> None:
        """A summoning track (I22): seven spaces under the Jack die and the six columns."""
        c = self.c
        for p, spot in enumerate(track):
            box = (x + p * ORDER_CELL + 5, y, x + (p + 1) * ORDER_CELL - 5, y + 26)
            here = p == position
            fill = Palette.gold if here else mix(Palette.panel, JACK, 0.25 if spot.summon else 0.1)
            c.rect(box, fill=fill, outline=mix(JACK, Palette.text, 0.3), width=1.5, radius=8)
            text = SUMMON if spot.summon else (glyph(spot.icon) if spot.icon else "·")
            ink = Palette.ink if here else (Palette.gold if spot.summon else Palette.text)
            with c.region(box, "track"):
                c.fit_text(
                    ((box[0] + box[2]) / 2, y + 13),
                    text,
                    box[2] - box[0] - 6,
                    16,
                    ink,
                    bold=True,
                    min_size=10,
                    anchor="mm",
                )

    # -- the Avenue and the Arch cards
    def draw_side(self, box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        avenue_h = 150
        inner = panel(c, (x0, y0, x1, y0 + avenue_h), t("avenue", self.locale))
        self.draw_avenue(inner)
        cards = [str(x) for x in self.info.get("arch") or []]
        flipped = [str(x) for x in self.info.get("flipped") or []]
        title = t("arch_counts", self.locale, n=len(cards), f=len(flipped))
        inner = panel(c, (x0, y0 + avenue_h + GAP, x1, y1), title)
        self.draw_arch(inner, cards, flipped)

    def draw_avenue(self, box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        avenue = [d for d in self.info.get("avenue") or [] if d]
        moved = set(self.info.get("activated") or [])
        step = (x1 - x0) / 4
        size = 54.0
        for k in range(4):
            dx = x0 + k * step + (step - size) / 2
            if k >= len(avenue):
                c.dashed_rect((dx, y0 + 6, dx + size, y0 + 6 + size), Palette.faint, 1.5, 5, 8)
                continue
            die_id, rank = str(avenue[k][0]), int(avenue[k][1])
            draw_die(c, dx, y0 + 6, size, die_id, rank)
            icons = cat.die_icons(die_id, rank)
            with c.region(
                (x0 + k * step + 2, y0 + size + 10, x0 + (k + 1) * step - 2, y1), "avenue icons"
            ):
                words = " ".join(glyph(i) for i in icons)
                c.fit_text(
                    (dx + size / 2, y0 + size + 22),
                    words,
                    step - 8,
                    17,
                    Palette.text,
                    bold=True,
                    min_size=10,
                    anchor="mm",
                )
                if die_id in moved:
                    c.fit_text(
                        (dx + size / 2, y0 + size + 46),
                        t("moved", self.locale),
                        step - 8,
                        13,
                        Palette.muted,
                        min_size=10,
                        anchor="mm",
                    )

    def draw_arch(self, box: Box, cards: list[str], flipped: list[str]) -> None:
        """Bought Arch cards, the ones still held first, two per line; "+n more" past six."""
        c = self.c
        x0, y0, x1, y1 = box
        shown = [(card, False) for card in cards] + [(card, True) for card in flipped]
        if not shown:
            with c.region(box, "no cards"):
                c.text(
                    (x0 + 6, y0 + 16), t("no_cards", self.locale), 15, Palette.faint, anchor="lm"
                )
            return
        per_row, rows = 2, 3
        h = (y1 - y0 - 4 * (rows - 1)) / rows
        w = (x1 - x0 - 8) / per_row
        room = per_row * rows
        if len(shown) > room:
            room -= 1
        for k, (card_id, was_flipped) in enumerate(shown[:room]):
            bx = x0 + (k % per_row) * (w + 8)
            by = y0 + (k // per_row) * (h + 4)
            draw_mini_arch(c, (bx, by, bx + w, by + h), card_id, self.locale, flipped=was_flipped)
        if len(shown) > room:
            k = room
            bx, by = x0 + (k % per_row) * (w + 8), y0 + (k // per_row) * (h + 4)
            with c.region((bx, by, bx + w, by + h), "more cards"):
                c.text(
                    (bx + w / 2, by + h / 2),
                    t("more", self.locale, n=len(shown) - room),
                    15,
                    Palette.muted,
                    bold=True,
                    anchor="mm",
                )

    # -- the key
    def draw_legend(self, box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        entries = [icon_short(kind, self.locale) for kind in LEGEND_ICONS]
        entries.append(f"{SUMMON} {t('summon', self.locale)}")
        cy = (y0 + y1) / 2
        size = 14.0
        while size > 10 and sum(c.text_width(e, size) + 16 for e in entries) > x1 - x0:
            size -= 0.5
        gap = (x1 - x0 - sum(c.text_width(e, size) for e in entries)) / len(entries)
        x = x0 + gap / 2
        with c.region(box, "legend"):
            for entry in entries:
                c.text((x, cy), entry, size, Palette.muted, anchor="lm")
                x += c.text_width(entry, size) + gap
