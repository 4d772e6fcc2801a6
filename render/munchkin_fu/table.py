"""The table image outside a fight: one panel per player, two by two, as described in
:mod:`render.munchkin_fu`, then the notes (offers, the open choice) and the piles.

A panel reads top to bottom the way a player sizes up a rival: who (name, turn, winner) and
how far (the level, big, and its track to the winning level), what they are (classes, styles,
Super Munchkin, Extra Style), what they wear by slot (carried items greyed), the extras
(slotless items, mooks with their enhancers), then hand size, strength and the curses held
for their next fight."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.boxes import Box
from render.common import Canvas, Palette, mix
from render.munchkin_fu.bars import Frame, Note, top_of_body
from render.munchkin_fu.layout import (
    COLS,
    FOOT_H,
    HEAD_H,
    PANEL_W,
    ROW_H,
    TRACK_H,
    extra_rows,
    notes_height,
    panel_height,
    table_height,
)
from render.munchkin_fu.pieces import chip_row
from render.munchkin_fu.style import GAP, MARGIN, SLOTS, WIDTH, t

LABEL_W = 92


class TableImage(Frame):
    """The public table (no fight on)."""

    def draw(self) -> Image.Image:
        """The table painted whole (it is otherwise put together from pieces:
        :mod:`render.munchkin_fu.composed`, the same picture)."""
        notes = self.notes()
        c = Canvas(WIDTH, self.height(notes), Palette.bg)
        self.draw_top(c)
        rows = extra_rows(self.view)
        for seat, box in enumerate(self.panel_boxes()):
            self.draw_panel(c, seat, self.players[seat], box, rows)
        y: float = self.below_panels()
        if notes:
            self.draw_notes(c, notes, y)
            y += notes_height(self.note_rows(notes)) + GAP
        self.draw_piles(c, y)
        return c.image()

    def height(self, notes: list[Note]) -> int:
        return table_height(self.view, self.note_rows(notes))

    def panel_boxes(self) -> list[tuple[int, int, int, int]]:
        """Each player's panel, two by two: whole layout units."""
        y, ph = int(top_of_body()), int(panel_height(self.view))
        boxes = []
        for seat in range(self.n):
            row, col = divmod(seat, COLS)
            x0, y0 = MARGIN + col * (int(PANEL_W) + GAP), y + row * (ph + GAP)
            boxes.append((x0, y0, x0 + int(PANEL_W), y0 + ph))
        return boxes

    def below_panels(self) -> int:
        """Where the notes (or the piles) begin."""
        return int(top_of_body() + -(-max(1, self.n) // COLS) * (panel_height(self.view) + GAP))

    def draw_panel(
        self, c: Canvas, seat: int, player: dict[str, Any], box: Box, rows: list[str]
    ) -> None:
        x0, y0, x1, _ = box
        color = Palette.seat(seat)
        lead = seat == self.turn or seat in self.winners
        c.panel(box, outline=Palette.gold if lead else Palette.line, width=3 if lead else 2)
        c.rect((x0 + 4, y0 + 4, x0 + 10, y0 + HEAD_H - 4), fill=color, radius=3)
        with c.region(box, f"panel {seat}"):
            self.draw_head(c, seat, player, (x0, y0, x1, y0 + HEAD_H))
            y = y0 + HEAD_H
            self.draw_track(c, player, (x0 + 14, y + 2, x1 - 14, y + TRACK_H - 4))
            y += TRACK_H
            self.draw_identity(c, player, (x0 + 12, y, x1 - 12, y + ROW_H))
            y += ROW_H
            for slot in SLOTS:
                self.draw_slot_row(c, player, slot, (x0 + 12, y, x1 - 12, y + ROW_H))
                y += ROW_H
            for extra in rows:
                self.draw_slot_row(c, player, extra, (x0 + 12, y, x1 - 12, y + ROW_H))
                y += ROW_H
            self.draw_foot(c, player, (x0 + 12, y + 4, x1 - 12, y + FOOT_H))

    def draw_head(self, c: Canvas, seat: int, player: dict[str, Any], box: Box) -> None:
        x0, y0, x1, y1 = box
        level = str(int(player.get("level") or 0))
        badge = (x1 - 74, y0 + 8, x1 - 10, y1 - 4)
        c.rect(badge, fill=mix(Palette.gold, Palette.bg, 0.2), radius=10)
        with c.region(badge, f"level {seat}"):
            c.fit_text(((badge[0] + badge[2]) / 2, (badge[1] + badge[3]) / 2), level, 58, 36,
                       Palette.ink, bold=True, anchor="mm")  # fmt: skip
        room = badge[0] - x0 - 26
        c.fit_text((x0 + 18, y0 + 22), self.name(seat), room, 22, Palette.seat(seat), bold=True,
                   min_size=13, anchor="lm")  # fmt: skip
        c.fit_text((x0 + 18, y0 + 46), self.status(seat), room, 15, Palette.gold, bold=True,
                   min_size=11, anchor="lm")  # fmt: skip

    def status(self, seat: int) -> str:
        loc = self.locale
        words = []
        if seat in self.winners:
            words.append(t("winner", loc))
        if seat == self.turn:
            words.append(t("turn_pill", loc))
        if seat in self.pending and not self.over:
            words.append(t("acting", loc))
        return " · ".join(words)

    def draw_track(self, c: Canvas, player: dict[str, Any], box: Box) -> None:
        """Cells 1..the winning level, filled up to the player's level."""
        x0, y0, x1, y1 = box
        top = int(self.view.get("win_level") or 10)
        level = int(player.get("level") or 0)
        step = (x1 - x0) / max(1, top)
        for k in range(1, top + 1):
            cell = (x0 + (k - 1) * step + 1, y0, x0 + k * step - 1, y1)
            filled = k <= level
            c.rect(cell, fill=Palette.gold if filled else Palette.panel_hi, radius=3)
            if step >= 20:
                ink = Palette.ink if filled else Palette.faint
                with c.region(cell, "track cell"):
                    c.text(((cell[0] + cell[2]) / 2, (y0 + y1) / 2), str(k), 11, ink,
                           bold=True, anchor="mm")  # fmt: skip

    def draw_identity(self, c: Canvas, player: dict[str, Any], box: Box) -> None:
        ids = [
            str(x)
            for key in ("classes", "super_munchkin", "styles", "extra_styles")
            for x in player.get(key) or []
        ]
        if not ids:
            x0, y0, _, y1 = box
            c.fit_text((x0 + 4, (y0 + y1) / 2), t("no_class", self.locale), box[2] - x0, 15,
                       Palette.faint, anchor="lm")  # fmt: skip
            return
        chip_row(c, self.cards, ids, box)

    def draw_slot_row(self, c: Canvas, player: dict[str, Any], slot: str, box: Box) -> None:
        x0, y0, x1, y1 = box
        label = t("mooks" if slot == "mooks" else f"slot_{slot}", self.locale)
        c.fit_text((x0 + 2, (y0 + y1) / 2), label, LABEL_W - 8, 15, Palette.muted, bold=True,
                   min_size=10, anchor="lm")  # fmt: skip
        row = (x0 + LABEL_W, y0 + 3, x1, y1 - 3)
        if slot == "mooks":
            chip_row(c, self.cards, mook_chips(player), row)
            return
        items = [i for i in player.get("items") or [] if isinstance(i, dict)]
        mine = [i for i in items if _slot_group(self.cards.slot(i.get("id"))) == slot]
        dim = {str(i.get("id")) for i in mine if i.get("carried") or not i.get("active", True)}
        chip_row(c, self.cards, [str(i.get("id")) for i in mine], row, dim=dim)

    def draw_foot(self, c: Canvas, player: dict[str, Any], box: Box) -> None:
        x0, y0, x1, y1 = box
        cy = (y0 + y1) / 2
        loc = self.locale
        hand = t("hand", loc, n=int(player.get("hand") or 0))
        strength = t("strength", loc, n=int(player.get("strength") or 0))
        c.text((x0 + 2, cy), hand, 17, Palette.text, bold=True, anchor="lm")
        x = x0 + 2 + c.text_width(hand, 17, True) + 18
        c.text((x, cy), strength, 17, Palette.gold, bold=True, anchor="lm")
        x += c.text_width(strength, 17, True) + 18
        curses = [str(k) for k in player.get("curses") or []]
        if curses and x1 - x > 120:
            label = t("curses", loc)
            lw = min(c.text_width(label, 14, True), (x1 - x) / 2)
            c.fit_text((x, cy), label, lw, 14, Palette.danger, bold=True, anchor="lm")
            chip_row(c, self.cards, curses, (x + lw + 6, y0 + 1, x1, y1 - 1))


def _slot_group(slot: str) -> str:
    """The panel row an item's slot belongs to: one- and two-handed items share *hands*;
    an item without a slot goes under *other*."""
    if slot in ("hand", "two_hands"):
        return "hands"
    return slot if slot in SLOTS else "other"


def mook_chips(player: dict[str, Any]) -> list[str]:
    """Each mook followed by the enhancers played on it, as the chips of one row: each chip
    carries its own bonus, so the mook's worth reads as their sum."""
    return [
        str(card)
        for mook in player.get("mooks") or []
        if isinstance(mook, dict)
        for card in (mook.get("id"), *(mook.get("enhancers") or []))
    ]
