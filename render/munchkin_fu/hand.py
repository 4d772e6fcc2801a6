"""A seat's own image, sent by DM, from that seat's own view: its hand as full card faces
(with each card's short text, since this is where a player decides what to play), what it has
in play (classes, styles, items with carried ones greyed, mooks), its open choice and, for the
Monk's epic clairvoyance, the neighbours' hands when the view carries them.

Why full faces here and chips on the table: the table must fit six players on a phone; the
hand is one player's, and reading a card's text is the whole point of it."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.boxes import Box
from render.common import Canvas, Palette
from render.munchkin_fu.bars import Frame, Note
from render.munchkin_fu.layout import ROW_H, notes_height
from render.munchkin_fu.pieces import chip_row, draw_card
from render.munchkin_fu.style import GAP, MARGIN, TOP_H, WIDTH, t
from render.munchkin_fu.table import mook_chips

PER_ROW = 5
CARD_W = (WIDTH - 2 * MARGIN - (PER_ROW - 1) * GAP) / PER_ROW
CARD_H = 260
LABEL_H = 30
Chip = tuple[str, bool]
"""A chip of the in-play rows: the card, and whether it is dimmed (a carried item)."""
CHIPS_PER_ROW = 4


class HandImage(Frame):
    """The seat's hand, in play, choice and clairvoyance."""

    def __init__(self, view: dict[str, Any], locale: str) -> None:
        super().__init__(view, locale, None)
        seat = view.get("seat")
        self.seat = seat if isinstance(seat, int) and 0 <= seat < self.n else None
        self.me = self.players[self.seat] if self.seat is not None else {}
        self.hand = [str(c) for c in view.get("hand") or []]
        neighbours = view.get("neighbours")
        self.neighbours: dict[str, list[str]] = (
            {str(k): [str(c) for c in v or []] for k, v in neighbours.items()}
            if isinstance(neighbours, dict)
            else {}
        )

    # -- measuring

    def in_play(self) -> list[list[Chip]]:
        """Rows of chips: identity cards, then items, then mooks with their enhancers."""
        me = self.me
        ident: list[Chip] = [
            (str(x), False)
            for key in ("classes", "super_munchkin", "styles", "extra_styles")
            for x in me.get(key) or []
        ]
        items: list[Chip] = [
            (str(i.get("id")), bool(i.get("carried") or not i.get("active", True)))
            for i in me.get("items") or []
            if isinstance(i, dict)
        ]
        mooks: list[Chip] = [(cid, False) for cid in mook_chips(me)]
        rows: list[list[Chip]] = []
        for group in (ident, items, mooks):
            rows += [group[k : k + CHIPS_PER_ROW] for k in range(0, len(group), CHIPS_PER_ROW)]
        return rows

    def card_rows(self) -> int:
        return -(-len(self.hand) // PER_ROW) if self.hand else 0

    def choice(self) -> list[Note]:
        """The open choice as notes: "You choose ..." when it is this seat's."""
        choice = self.view.get("choice")
        if not isinstance(choice, dict):
            return []
        mine = choice.get("seat") == self.seat
        return self.choice_notes(choice, "you_choose" if mine else "choice")

    def neighbour_rows(self) -> list[tuple[str, list[list[str]]]]:
        """Each neighbour's name and hand, in rows of chips (one empty row: no cards)."""
        out = []
        for seat, cards in sorted(self.neighbours.items()):
            who = self.name(int(seat)) if seat.isdigit() else seat
            rows = [cards[k : k + CHIPS_PER_ROW] for k in range(0, len(cards), CHIPS_PER_ROW)]
            out.append((who, rows or [[]]))
        return out

    def height(self) -> int:
        h: float = MARGIN + TOP_H + GAP + LABEL_H
        h += self.card_rows() * (CARD_H + GAP) if self.hand else 50
        rows = self.in_play()
        if rows:
            h += LABEL_H + len(rows) * ROW_H + GAP
        choice = self.choice()
        if choice:
            h += notes_height(self.note_rows(choice)) + GAP
        h += sum(LABEL_H + len(rows) * ROW_H + GAP for _, rows in self.neighbour_rows())
        return int(h + MARGIN)

    # -- drawing

    def draw(self) -> Image.Image:
        c = Canvas(WIDTH, self.height(), Palette.bg)
        self.draw_top(c)
        y: float = MARGIN + TOP_H + GAP
        y = self.label(c, t("your_hand", self.locale, n=len(self.hand)), y)
        if not self.hand:
            with c.region((MARGIN, y, WIDTH - MARGIN, y + 40), "empty hand"):
                c.text((MARGIN + 6, y + 20), t("no_cards", self.locale), 20, Palette.faint,
                       anchor="lm")  # fmt: skip
            y += 50
        for k, cid in enumerate(self.hand):
            line, col = divmod(k, PER_ROW)
            x0 = MARGIN + col * (CARD_W + GAP)
            y0 = y + line * (CARD_H + GAP)
            draw_card(c, self.cards, cid, (x0, y0, x0 + CARD_W, y0 + CARD_H), label=f"hand {k}")
        y += self.card_rows() * (CARD_H + GAP)
        rows = self.in_play()
        if rows:
            y = self.label(c, t("in_play", self.locale), y)
            for row in rows:
                box = (MARGIN, y + 2, WIDTH - MARGIN, y + ROW_H - 2)
                dim = {cid for cid, d in row if d}
                chip_row(c, self.cards, [cid for cid, _ in row], box, dim=dim)
                y += ROW_H
            y += GAP
        choice = self.choice()
        if choice:
            self.draw_notes(c, choice, y)
            y += notes_height(self.note_rows(choice)) + GAP
        for who, hands in self.neighbour_rows():
            y = self.label(c, t("neighbours", self.locale, name=who), y)
            for cards in hands:
                box = (MARGIN, y + 2, WIDTH - MARGIN, y + ROW_H - 2)
                if not cards:
                    with c.region(box, "no cards"):
                        c.text((MARGIN + 6, y + ROW_H / 2), t("no_cards", self.locale), 16,
                               Palette.faint, anchor="lm")  # fmt: skip
                chip_row(c, self.cards, cards, box)
                y += ROW_H
            y += GAP
        return c.image()

    def draw_top_right(self, c: Canvas, box: Box) -> None:
        """The seat's own level and strength at the right, the phase between."""
        if self.seat is None:
            return
        x0, y0, x1, y1 = box
        level = t("level", self.locale) + f" {int(self.me.get('level') or 0)}"
        strength = t("strength", self.locale, n=int(self.me.get("strength") or 0))
        c.fit_text((x1, y0 + 16), level, 400, 26, Palette.seat(self.seat), bold=True,
                   anchor="rm")  # fmt: skip
        c.fit_text((x1, y1 - 12), strength, 400, 18, Palette.gold, bold=True, anchor="rm")
        c.fit_text((x0 + 10, (y0 + y1) / 2), self.phase_words(), 300, 18, Palette.text,
                   anchor="lm", min_size=12)  # fmt: skip

    def label(self, c: Canvas, text: str, y: float) -> float:
        box = (MARGIN, y, WIDTH - MARGIN, y + LABEL_H)
        with c.region(box, "label"):
            c.fit_text((MARGIN + 4, y + LABEL_H / 2), text, WIDTH - 2 * MARGIN - 8, 19,
                       Palette.muted, bold=True, anchor="lm", min_size=12)  # fmt: skip
        return y + LABEL_H
