"""The public board image, as described in :mod:`render.monster_day`: the two villages
with their spaces (Ace, top card, covered pill, standing monsters), the start gap with the deck
and the monsters not yet moved; the bottom bar comes from its base
:class:`~render.monster_day.bars._Bars`."""

from __future__ import annotations

import json
from typing import Any

from PIL import Image

from render.boxes import Box
from render.common import RGB, Canvas, Palette, hex_rgb, mix, player_names, tr
from render.decktet import draw_card, draw_rank, draw_suit, suit_color
from render.layers import base_canvas, static_layer
from render.monster_day.bars import _Bars
from render.monster_day.style import (
    ACE_H,
    BOARD_BOTTOM,
    CARD_H,
    CARD_W,
    GAP_W,
    HEADER_H,
    HEIGHT,
    MARGIN,
    PANEL_GAP,
    ROW1_H,
    ROW2_H,
    TOKEN,
    WIDTH,
    Y_ACE,
    Y_CARD,
    Y_PILL,
    Y_ROW1,
    Y_ROW2,
    Y_TOKENS,
)
from render.monster_day.tokens import _monster_index


class _Board(_Bars):
    def __init__(self, view: dict[str, Any], locale: str, players: list[str] | None) -> None:
        self.view = view
        self.locale = locale
        self.names = player_names(players, 2, locale)
        self.spaces: list[dict[str, Any]] = list(view.get("spaces") or [])[:6]
        self.monsters: list[dict[str, Any]] = list(view.get("monsters") or [])
        self.current = view.get("current")
        self.over = bool(view.get("over"))
        self.last = view.get("last_turn") or None
        outcome = view.get("outcome") or {}
        self.winners: list[int] = list(outcome.get("winners") or []) if self.over else []
        self.scores = list(outcome.get("scores") or view.get("scores") or [0, 0])
        panel_w = (WIDTH - 2 * MARGIN - GAP_W - 2 * PANEL_GAP) / 2
        self.panels = [
            (MARGIN, MARGIN + panel_w),
            (WIDTH - MARGIN - panel_w, WIDTH - MARGIN),
        ]
        self.gap_x0 = MARGIN + panel_w + PANEL_GAP
        self.gap_x1 = self.gap_x0 + GAP_W
        self.row1 = (MARGIN, Y_ROW1, WIDTH - MARGIN, Y_ROW1 + ROW1_H)
        self.row2 = (MARGIN, Y_ROW2, WIDTH - MARGIN, Y_ROW2 + ROW2_H)
        self.layout = ("monster day table", self.panels[0], self.panels[1], self.gap_x0,
                       self.row1, self.row2, len(self.monsters))  # fmt: skip

    def column(self, space: int) -> tuple[int, int]:
        """x0, x1 of a space's column: whole layout units, so that a column's pieces are the
        same pixels wherever it lies (:mod:`render.monster_day.composed`)."""
        px0, px1 = self.panels[0 if space < 3 else 1]
        inner = 12
        col_w = (px1 - px0 - 2 * inner) / 3
        x0 = round(px0 + inner + col_w * (space % 3))
        return x0, x0 + int(col_w)

    def village_fill(self, seat: int) -> RGB:
        """A village panel's flat colour (the ground of everything drawn on it)."""
        return mix(Palette.panel, Palette.seat(seat), 0.06)

    def lane(self) -> Box:
        """The start lane between the villages, under the deck."""
        return (self.gap_x0 + 8, Y_ACE, self.gap_x1 - 8, BOARD_BOTTOM)

    def lane_fill(self) -> RGB:
        return mix(Palette.table, Palette.bg, 0.5)

    def draw_table(self, c: Canvas) -> None:
        """What every board shows the same at every move: the table, the villages' and the
        start gap's panels (without the villages' frames, which say who is to play), the start
        lane with its arrows. Painted once (:func:`render.layers.base_canvas`), so it depends
        on the layout only."""
        c.table_top((6, 6, WIDTH - 6, HEIGHT - 6), Palette.table, 22)
        for seat in (0, 1):
            x0, x1 = self.panels[seat]
            fill = self.village_fill(seat)
            c.panel((x0, MARGIN, x1, BOARD_BOTTOM), fill=fill, outline=None, radius=18)
        self.draw_deck_panel(c)
        x0, x1 = self.gap_x0, self.gap_x1
        lane = self.lane()
        c.rect(lane, fill=self.lane_fill(), radius=16)
        c.dashed_rect(lane, mix(Palette.line, Palette.gold, 0.25), 2, 9, 16)
        ay = Y_ACE + 44
        c.line([(x0 + 26, ay), (x1 - 26, ay)], mix(Palette.line, Palette.muted, 0.3), 2)
        c.polygon([(x0 + 16, ay), (x0 + 28, ay - 8), (x0 + 28, ay + 8)], Palette.seat(0))
        c.polygon([(x1 - 16, ay), (x1 - 28, ay - 8), (x1 - 28, ay + 8)], Palette.seat(1))
        self.draw_row_panels(c, self.row1, self.row2, len(self.monsters))

    def draw_deck_panel(self, c: Canvas) -> None:
        """The start gap's top panel, where the deck lies."""
        c.panel(self.deck_box(), fill=Palette.panel, outline=Palette.line, radius=16)

    def deck_box(self) -> Box:
        return (self.gap_x0, MARGIN, self.gap_x1, MARGIN + HEADER_H)

    def draw(self) -> Image.Image:
        """The board painted whole, on a copy of its base (the table and panels)."""
        self.c = base_canvas(self.layout, WIDTH, HEIGHT, self.draw_table, table=Palette.table,
                             late_text=True)  # fmt: skip
        for seat in (0, 1):
            self.draw_village(seat)
        self.draw_gap()
        for space in range(len(self.spaces)):
            self.draw_space(space)
        self.draw_tokens()
        self.draw_last_row()
        self.draw_monster_row(self.row2)
        return self.c.image()

    def draw_last_row(self) -> None:
        """Row 1: the game-over banner, the last turn or the opening roll."""
        row1 = self.row1
        if self.over:
            with self.c.region(row1, "game over"):
                self.draw_banner(row1)
        elif self.last:
            with self.c.region(row1, "last turn"):
                self.draw_last_turn(row1)
        else:
            with self.c.region(row1, "opening roll"):
                self.draw_opening(row1)

    # -- villages
    def draw_village(self, seat: int) -> None:
        self.draw_frame(self.c, seat)
        self.draw_header(seat)

    def draw_frame(self, c: Canvas, seat: int) -> None:
        """A village's frame, over its panel (the base's, draw_table): gold for the player to
        play or the winner."""
        x0, x1 = self.panels[seat]
        lit = self.lit(seat)
        frame = Palette.gold if lit else mix(Palette.seat(seat), Palette.panel, 0.55)
        c.rect((x0, MARGIN, x1, BOARD_BOTTOM), outline=frame, width=5 if lit else 2, radius=18)

    def lit(self, seat: int) -> bool:
        """Whether a village's frame is gold: its player is to play, or won."""
        return (self.current == seat and not self.over) or seat in self.winners

    def header_box(self, seat: int) -> Box:
        """A village's header: the name, cards in hand, tag and score (inside the frame)."""
        x0, x1 = self.panels[seat]
        return (x0 + 16, MARGIN + 6, x1 - 16, MARGIN + HEADER_H)

    def draw_header(self, seat: int) -> None:
        c = self.c
        x0, x1 = self.panels[seat]
        y0 = MARGIN
        with c.region((x0 + 16, y0 + 4, x1 - 16, y0 + HEADER_H), f"village {seat + 1} header"):
            self.draw_village_head(seat, x0 + 16, x1 - 16, y0)

    def draw_village_head(self, seat: int, hx0: float, hx1: float, y0: float) -> None:
        """Right: a caption over the score. Left: the seat's colour dot and name over its cards
        in hand and a tag for who is to play or who won, both fitted to the room left."""
        c = self.c
        accent = Palette.seat(seat)
        winner = seat in self.winners
        score = self.scores[seat] if seat < len(self.scores) else 0
        caption = tr("score", self.locale).upper()
        sw = max(c.text_width(str(score), 50, True), c.text_width(caption, 15, True))
        with c.region((hx1 - sw, y0 + 4, hx1, y0 + HEADER_H), "score"):
            c.text((hx1 - sw / 2, y0 + 18), caption, 15, Palette.muted, bold=True, anchor="mm")
            ink = Palette.gold if winner else Palette.text
            c.text((hx1 - sw / 2, y0 + 52), str(score), 50, ink, bold=True, anchor="mm")
        room = hx1 - sw - 24 - hx0
        c.circle(hx0 + 10, y0 + 30, 10, fill=accent)
        c.fit_text(
            (hx0 + 30, y0 + 30),
            self.names[seat],
            room - 30,
            32,
            accent,
            bold=True,
            min_size=20,
            anchor="lm",
        )
        counts = self.view.get("hand_counts") or []
        n = counts[seat] if seat < len(counts) else 0
        _card_back(c, hx0 + 2, y0 + 52, 17, 24)
        held = f"{n} {tr('cards', self.locale)}"
        c.text((hx0 + 28, y0 + 65), held, 21, Palette.muted, anchor="lm")
        tag = self.village_tag(seat)
        if tag:
            tx = hx0 + 42 + c.text_width(held, 21)
            tag, size = c.fit(tag.upper(), hx0 + room - tx - 22, 19, bold=True, min_size=13)
            pill = (tx, y0 + 52, tx + c.text_width(tag, size, True) + 22, y0 + 78)
            c.rect(pill, fill=Palette.gold, radius=13)
            with c.region(pill, "tag"):
                c.text((tx + 11, y0 + 65), tag, size, Palette.ink, bold=True, anchor="lm")

    def village_tag(self, seat: int) -> str | None:
        """The tag by the cards in hand: winner or draw at the end, else "to play" or none."""
        if seat in self.winners:
            return tr("winner" if len(self.winners) == 1 else "draw", self.locale)
        if self.current == seat and not self.over:
            return "▶ " + tr("to_play", self.locale)
        return None

    # -- the start gap, with the deck on top
    def draw_gap(self) -> None:
        self.draw_deck()
        self.draw_start_label(self.c)

    def draw_deck(self) -> None:
        c = self.c
        x0, x1 = self.gap_x0, self.gap_x1
        y0 = MARGIN
        deck = int(self.view.get("deck_count") or 0)
        if deck:
            for k in range(min(3, deck) - 1, -1, -1):
                _card_back(c, x0 + 12 + k * 3, y0 + 12 - k * 2, 40, 56)
        else:
            c.dashed_rect((x0 + 12, y0 + 12, x0 + 52, y0 + 68), Palette.faint, 2, 5, 6)
        with c.region((x0 + 58, y0 + 4, x1 - 4, y0 + HEADER_H - 4), "deck"):
            c.text((x0 + 90, y0 + 32), str(deck), 34, Palette.text, bold=True, anchor="mm")
            c.fit_text(
                (x0 + 90, y0 + 62),
                tr("deck", self.locale),
                54,
                17,
                Palette.muted,
                bold=True,
                min_size=12,
                anchor="mm",
            )

    def draw_start_label(self, c: Canvas) -> None:
        """ "Start" atop the lane (drawn with the table: draw_table)."""
        cx = (self.gap_x0 + self.gap_x1) / 2
        with c.region(self.lane(), "start"):
            c.fit_text(
                (cx, Y_ACE + 20),
                tr("start", self.locale).upper(),
                GAP_W - 30,
                19,
                Palette.muted,
                bold=True,
                min_size=12,
                anchor="mm",
            )

    # -- one space: its Ace, the card on top, the covered count
    def draw_space(self, space: int) -> None:
        self.draw_ace_tile(space)
        self.draw_card_stack(space)
        self.draw_pill(space)

    def space_data(self, space: int) -> dict[str, Any]:
        return self.spaces[space] or {}

    def ace_suit(self, space: int) -> str:
        """The suit a space's Ace shows (its first), or ""."""
        suits = list((self.space_data(space).get("ace") or {}).get("suits") or [])
        return str(suits[0]) if suits else ""

    def ace_box(self, space: int) -> Box:
        x0, x1 = self.column(space)
        return (x0 + 4, Y_ACE, x1 - 4, Y_ACE + ACE_H)

    def draw_ace_tile(self, space: int) -> None:
        ace = self.space_data(space).get("ace") or {}
        tile = self.ace_box(space)
        key = ("monster day ace", space, json.dumps(ace, sort_keys=True, default=str))
        paint = lambda _: self.draw_ace(space, tile, ace, self.ace_suit(space))  # noqa: E731
        static_layer(self.c, key, tile, paint, margin=4)

    def card_box(self, space: int) -> Box:
        """Where a space's top card lies. At a whole layout pixel (moved under half a pixel):
        every space's top card then lies alike on the canvas's pixels, and a card's face
        painted on one space is pasted on any other (render.layers.static_layer's
        ``anywhere``)."""
        x0, x1 = self.column(space)
        left = round((x0 + x1) / 2 - CARD_W / 2)
        return (left, Y_CARD, left + CARD_W, Y_CARD + CARD_H)

    def glows(self, space: int) -> bool:
        """Whether the space's top card was just played (it glows gold)."""
        return bool(self.last) and self.last.get("space") == space

    def draw_card_stack(self, space: int) -> None:
        """The top card, the edges of up to two covered cards under it, or, with no card,
        a dashed outline with the Ace's suit."""
        c = self.c
        data = self.space_data(space)
        card_box = self.card_box(space)
        bx0, by0, bx1, by1 = card_box
        top = data.get("top")
        if not top:
            suit = self.ace_suit(space)
            color = suit_color(suit)
            c.dashed_rect(card_box, mix(color, Palette.panel, 0.45), 2.5, 9, 12)
            if suit:
                cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
                with c.region(card_box, "empty space", cue=("suit", suit)):
                    draw_suit(c, suit, cx, cy, 70, mix(color, Palette.panel, 0.72))
            return
        covered = int(data.get("covered") or 0)
        for k in range(min(covered, 2), 0, -1):  # the edges of covered cards peek out
            c.rect(
                (bx0 + 5 * k, by0 - 5 * k, bx1 + 5 * k, by1 - 5 * k),
                fill=mix(Palette.card, Palette.panel, 0.45),
                outline=Palette.card_edge,
                width=1.5,
                radius=CARD_W * 0.08,
            )
        glow = Palette.gold if self.glows(space) else None
        draw_card(c, card_box, top, self.locale, glow=glow)

    def draw_pill(self, space: int) -> None:
        """ "+n" under a top card that covers n others."""
        data = self.space_data(space)
        covered = int(data.get("covered") or 0)
        if not data.get("top") or not covered:
            return
        c = self.c
        x0, x1 = self.column(space)
        cx = (x0 + x1) / 2
        label = f"+{covered}"
        bw = c.text_width(label, 20, True) + 24
        pill = (cx - bw / 2, Y_PILL + 2, cx + bw / 2, Y_PILL + 28)
        c.rect(pill, fill=Palette.bg, outline=Palette.muted, width=1.5, radius=13)
        with c.region(pill, "covered"):
            c.text((cx, Y_PILL + 15), label, 20, Palette.text, bold=True, anchor="mm")

    def draw_ace(self, space: int, tile: Box, ace: dict[str, Any], suit: str) -> None:
        """A space's Ace tile: its number, rank and suit. The same all game long (the Aces are
        dealt at the start), so :func:`render.layers.static_layer` paints it once."""
        c = self.c
        color = suit_color(suit)
        mid = (tile[1] + tile[3]) / 2
        c.rect(
            tile,
            fill=mix(color, Palette.panel, 0.25),
            outline=mix(color, (255, 255, 255), 0.35),
            width=2,
            radius=12,
        )
        c.circle(tile[0] + 24, mid, 17, fill=Palette.bg)
        with c.region(tile, f"Ace of space {space + 1}", cue=("suit", suit) if suit else None):
            c.text(
                (tile[0] + 24, mid + 1), str(space + 1), 24, Palette.text, bold=True, anchor="mm"
            )
            draw_rank(
                c,
                ace or {"rank": "ace"},
                tile[0] + 48,
                mid,
                32,
                (255, 255, 255),
                stroke=mix(color, (0, 0, 0), 0.55),
            )
            if suit:
                draw_suit(c, suit, tile[2] - 32, mid, 44, (255, 255, 255),
                          halo=mix(color, (0, 0, 0), 0.5))  # fmt: skip

    # -- monsters on the board
    def token_groups(self) -> dict[int | None, list[dict[str, Any]]]:
        """The monsters by the space they stand on (None: not yet moved), in monster order."""
        by_space: dict[int | None, list[dict[str, Any]]] = {}
        for monster in sorted(self.monsters, key=lambda m: _monster_index(m.get("id"))):
            pos = monster.get("space")
            pos = pos if isinstance(pos, int) and 0 <= pos < 6 else None
            by_space.setdefault(pos, []).append(monster)
        return by_space

    def draw_tokens(self) -> None:
        for space, group in self.token_groups().items():
            if space is None:
                self._start_tokens(group)
            else:
                self.draw_space_tokens(space, group)

    def draw_space_tokens(self, space: int, group: list[dict[str, Any]]) -> None:
        """Up to four monsters on a space, two by two under its card."""
        x0, x1 = self.column(space)
        cx = (x0 + x1) / 2
        step = TOKEN + 6
        for i, monster in enumerate(group[:4]):
            row, col = divmod(i, 2)
            in_row = min(2, len(group) - 2 * row)
            dx = (col - (in_row - 1) / 2) * step
            self.draw_token(monster, cx + dx, Y_TOKENS + TOKEN / 2 + row * step, TOKEN)

    def _start_tokens(self, group: list[dict[str, Any]]) -> None:
        cx = (self.gap_x0 + self.gap_x1) / 2
        top, bottom = Y_CARD, BOARD_BOTTOM - 8
        n = len(group[:4])
        step = min(TOKEN + 26, (bottom - top) / max(1, n))
        y = (top + bottom) / 2 - step * (n - 1) / 2
        for i, monster in enumerate(group[:4]):
            self.draw_token(monster, cx, y + i * step, TOKEN + 6)


def _card_back(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """A face-down card: deep red with a gold lozenge."""
    back = hex_rgb("#7a2630")
    c.rect(
        (x, y, x + w, y + h),
        fill=back,
        outline=hex_rgb("#e7c57a"),
        width=max(1.0, w / 20),
        radius=w * 0.14,
    )
    cx, cy = x + w / 2, y + h / 2
    c.polygon(
        [(cx, cy - h * 0.28), (cx + w * 0.28, cy), (cx, cy + h * 0.28), (cx - w * 0.28, cy)],
        hex_rgb("#e7c57a"),
    )
    c.polygon(
        [(cx, cy - h * 0.14), (cx + w * 0.14, cy), (cx, cy + h * 0.14), (cx - w * 0.14, cy)], back
    )
