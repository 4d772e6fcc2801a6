"""Monster Day board and hand images, drawn from the engine's view (never the full state).

Layout (1200 x 784, landscape so it reads the same on desktop and phones; checked legible when
shrunk to the ~500 px a phone shows):

- two village panels, seat 0's on the left (spaces 1-3) and seat 1's on the right (spaces 4-6),
  each headed by the player's name, score and hand size; the player to act gets a gold frame
  and a "to play" tag, the winner a "winner" tag;
- each space: its Ace (a suit-coloured tile with the space number), the top card beside it
  (the card just played glows gold) with a "+n" pill under it for covered cards, and the
  monsters standing there (a 2 x 2 grid, so all four fit on one space);
- the start gap between the villages, with the deck on top and the monsters not yet moved;
- a bottom bar: the last turn (who played what where, the two dice), or the opening roll,
  or the game-over banner; and one tile per monster (its die face, token, name, points, and
  what the last roll did to it: village totals and where it went).

Spaces are numbered 1-6 for people (the view's index + 1). Every text is fitted to its box, so
long names shrink or get an ellipsis instead of spilling over.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.boxes import Box
from render.common import (
    Canvas,
    Palette,
    draw_die,
    hex_rgb,
    localized,
    mix,
    player_names,
    supersampled_mask,
    tr,
)
from render.decktet import draw_card, draw_rank, draw_suit, suit_color

WIDTH = 1200
MARGIN = 16
GAP_W = 124  # the start gap between the villages
PANEL_GAP = 8
HEADER_H = 80
ACE_H = 58
CARD_W, CARD_H = 146, 204
TOKEN = 70

MONSTER_IDS = ("catoblepas", "dire_bear", "glatisant", "pegasus")
MONSTER_COLORS = {
    "catoblepas": hex_rgb("#7fbf3f"),  # moss green
    "dire_bear": hex_rgb("#c8743a"),  # bear brown
    "glatisant": hex_rgb("#a06ae8"),  # violet
    "pegasus": hex_rgb("#eef2fb"),  # silver white
}
FALLBACK_NAMES = {
    "catoblepas": {"en": "Catoblepas", "it": "Catoblepa"},
    "dire_bear": {"en": "Dire Bear", "it": "Orso Terribile"},
    "glatisant": {"en": "Glatisant", "it": "Glatisant"},
    "pegasus": {"en": "Pegasus", "it": "Pegaso"},
}

TEXT: dict[str, dict[str, str]] = {
    "played": {"en": "{name} played", "it": "{name} ha giocato"},
    "on_space": {"en": "on space {n}", "it": "sullo spazio {n}"},
    "plays_on": {"en": "Plays on", "it": "Va su"},
    "anywhere": {"en": "any space", "it": "ovunque"},
    "opening": {"en": "Opening roll", "it": "Tiro iniziale"},
    "starts": {"en": "{name} starts", "it": "inizia {name}"},
    "waiting": {"en": "Waiting for the first move", "it": "In attesa della prima mossa"},
    "wins": {"en": "{name} wins!", "it": "Vince {name}!"},
    "draw_banner": {"en": "It's a draw!", "it": "Pareggio!"},
    "tie": {"en": "tie: stays", "it": "parità: resta"},
    "moved": {"en": "→ {name} · {n}", "it": "→ {name} · {n}"},
    "edge": {"en": "→ {name}: already at {n}", "it": "→ {name}: già a {n}"},
    "at_start": {"en": "at the start", "it": "alla partenza"},
    "point": {"en": "{n} point", "it": "{n} punto"},
    "points": {"en": "{n} points", "it": "{n} punti"},
}


def _t(key: str, locale: str, **fmt: Any) -> str:
    return tr(key, locale, TEXT, **fmt)


def _tmpl(key: str, locale: str, **fmt: Any) -> str:
    """A phrase with everything filled in but its ``{name}`` slot (see ``Canvas.fit_name``)."""
    return tr(key, locale, TEXT, name="{name}", **fmt)


# --------------------------------------------------------------------------- monster tokens


def _tube(
    d: ImageDraw.ImageDraw, path: list[tuple[float, float]], r0: float, r1: float, u: float
) -> None:
    """A stroke of overlapping discs along ``path``, radius ``r0`` tapering to ``r1``."""
    last = max(1, len(path) - 1)
    for i, (x, y) in enumerate(path):
        r = (r0 + (r1 - r0) * i / last) * u
        d.ellipse((x * u - r, y * u - r, x * u + r, y * u + r), fill=255)


def _paint_bull(d: ImageDraw.ImageDraw, u: float) -> None:
    # Catoblepas: a heavy bull-like head with sweeping horns
    for side in (-1, 1):
        horn = []
        for i in range(40):
            t = i / 39
            x = 0.5 + side * (0.16 + 0.26 * math.sin(math.pi * 0.675 * t))
            y = 0.42 - 0.34 * t + 0.05 * math.sin(math.pi * t)
            horn.append((x, y))
        _tube(d, horn, 0.085, 0.02, u)
        ex = 0.5 + side * 0.3
        d.ellipse(((ex - 0.1) * u, 0.35 * u, (ex + 0.1) * u, 0.45 * u), fill=255)
    d.polygon(
        [(0.25 * u, 0.36 * u), (0.75 * u, 0.36 * u), (0.66 * u, 0.8 * u), (0.34 * u, 0.8 * u)],
        fill=255,
    )
    d.ellipse((0.3 * u, 0.62 * u, 0.7 * u, 0.95 * u), fill=255)
    for side in (-1, 1):  # eyes and nostrils
        x = 0.5 + side * 0.11
        d.ellipse(((x - 0.045) * u, 0.5 * u, (x + 0.045) * u, 0.59 * u), fill=0)
        x = 0.5 + side * 0.08
        d.ellipse(((x - 0.03) * u, 0.8 * u, (x + 0.03) * u, 0.86 * u), fill=0)


def _paint_paw(d: ImageDraw.ImageDraw, u: float) -> None:
    # Dire Bear: a paw print
    d.ellipse((0.24 * u, 0.46 * u, 0.76 * u, 0.92 * u), fill=255)
    for x, y in ((0.14, 0.38), (0.34, 0.16), (0.62, 0.16), (0.82, 0.38)):
        r = 0.115 * u
        d.ellipse((x * u - r, y * u - r * 1.15, x * u + r, y * u + r * 1.15), fill=255)


def _paint_hound(d: ImageDraw.ImageDraw, u: float) -> None:
    # Glatisant, the "barking beast": a baying hound's head in profile
    outline = [
        (0.18, 0.06),
        (0.3, 0.24),
        (0.5, 0.22),
        (0.64, 0.3),
        (0.93, 0.38),
        (0.96, 0.47),
        (0.7, 0.52),
        (0.62, 0.55),
        (0.86, 0.62),
        (0.84, 0.68),
        (0.6, 0.72),
        (0.48, 0.76),
        (0.46, 0.96),
        (0.08, 0.96),
        (0.12, 0.6),
        (0.18, 0.38),
        (0.12, 0.26),
    ]
    d.polygon([(x * u, y * u) for x, y in outline], fill=255)
    d.ellipse((0.44 * u, 0.3 * u, 0.53 * u, 0.39 * u), fill=0)


def _paint_wing(d: ImageDraw.ImageDraw, u: float) -> None:
    # Pegasus: a wing of four feathers sweeping up from the bone
    for y0, length in ((0.31, 0.8), (0.48, 0.66), (0.65, 0.52), (0.82, 0.38)):
        feather = [
            (0.12 + length * s, y0 - 0.2 * s * s * length) for s in (k / 29 for k in range(30))
        ]
        _tube(d, feather, 0.075, 0.06, u)
    _tube(d, [(0.13, 0.31 + 0.51 * k / 20) for k in range(21)], 0.085, 0.085, u)


_EMBLEMS = {
    "catoblepas": _paint_bull,
    "dire_bear": _paint_paw,
    "glatisant": _paint_hound,
    "pegasus": _paint_wing,
}


@lru_cache(maxsize=32)
def _emblem_mask(monster: str, size: int) -> Image.Image:
    painter = _EMBLEMS.get(monster, _paint_paw)
    return supersampled_mask(size, painter)


def _luma(color: tuple[int, int, int]) -> float:
    return 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2]


def monster_name(monster: dict[str, Any], locale: str) -> str:
    mid = str(monster.get("id", ""))
    name = localized(monster.get("name") or FALLBACK_NAMES.get(mid) or mid, locale)
    return name or mid


def monster_initial(monster: dict[str, Any], locale: str) -> str:
    name = monster_name(monster, locale)
    return (name[:1] or "?").upper()


def draw_token(
    canvas: Canvas, monster: dict[str, Any], cx: float, cy: float, d: float, locale: str
) -> None:
    """A monster token: coloured disc, its emblem, its initial; Pegasus wears a x2 badge."""
    mid = str(monster.get("id", ""))
    color = MONSTER_COLORS.get(mid, hex_rgb("#d0c0a0"))
    r = d / 2
    canvas.circle(cx + 2, cy + 4, r, fill=(0, 0, 0))
    canvas.circle(cx, cy, r, fill=mix(color, (0, 0, 0), 0.45))
    canvas.circle(cx, cy, r - d * 0.06, fill=color)
    dark = _luma(color) >= 200
    ink = hex_rgb("#1e2440") if dark else (255, 255, 255)
    canvas.stamp(_emblem_mask(mid, max(4, canvas.px(d * 0.46))), cx, cy - d * 0.13, ink)
    initial = monster_initial(monster, locale)
    with canvas.region((cx - r, cy - r, cx + r, cy + r), "token"):
        canvas.text((cx, cy + d * 0.25), initial, d * 0.3, ink, bold=True, anchor="mm")
    points = int(monster.get("points") or 1)
    if points > 1:
        br = d * 0.21
        bx, by = cx + r * 0.74, cy - r * 0.74
        canvas.circle(bx, by, br + 2, fill=Palette.bg)
        canvas.circle(bx, by, br, fill=Palette.gold)
        with canvas.region((bx - br, by - br, bx + br, by + br), "points badge"):
            canvas.text((bx, by + 0.5), f"{points}", br * 1.35, Palette.ink, bold=True, anchor="mm")


# --------------------------------------------------------------------------- the board

# vertical layout of the villages
Y_ACE = MARGIN + HEADER_H + 10
Y_CARD = Y_ACE + ACE_H + 12
Y_PILL = Y_CARD + CARD_H + 6  # the "+n covered" pill under a card
Y_TOKENS = Y_PILL + 34
BOARD_BOTTOM = Y_TOKENS + 2 * TOKEN + 6 + 12
Y_ROW1 = BOARD_BOTTOM + 12  # last turn / opening roll / game over
ROW1_H = 64
Y_ROW2 = Y_ROW1 + ROW1_H + 10  # the monster tiles
ROW2_H = 104
HEIGHT = Y_ROW2 + ROW2_H + MARGIN


class MonsterDayRenderer:
    """Registered as ``render.RENDERERS["monster_day"]``."""

    size = (WIDTH, HEIGHT)

    def board(self, view: dict[str, Any], *, locale: str, players: list[str]) -> Image.Image:
        return _Board(view, locale, players).draw()

    def hand(self, view: dict[str, Any], *, locale: str) -> Image.Image:
        return _draw_hand(view, locale)


class _Board:
    def __init__(self, view: dict[str, Any], locale: str, players: list[str] | None) -> None:
        self.view = view
        self.locale = locale
        self.names = player_names(players, 2, locale)
        self.c = Canvas(WIDTH, HEIGHT, Palette.bg)
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

    def column(self, space: int) -> tuple[float, float]:
        """x0, x1 of a space's column."""
        px0, px1 = self.panels[0 if space < 3 else 1]
        inner = 12
        col_w = (px1 - px0 - 2 * inner) / 3
        x0 = px0 + inner + col_w * (space % 3)
        return x0, x0 + col_w

    def draw(self) -> Image.Image:
        self.c.rect((6, 6, WIDTH - 6, HEIGHT - 6), fill=Palette.table, radius=22)
        for seat in (0, 1):
            self.draw_village(seat)
        self.draw_gap()
        for space in range(len(self.spaces)):
            self.draw_space(space)
        self.draw_tokens()
        row1 = (MARGIN, Y_ROW1, WIDTH - MARGIN, Y_ROW1 + ROW1_H)
        if self.over:
            with self.c.region(row1, "game over"):
                self.draw_banner(row1)
        elif self.last:
            with self.c.region(row1, "last turn"):
                self.draw_last_turn(row1)
        else:
            with self.c.region(row1, "opening roll"):
                self.draw_opening(row1)
        self.draw_monster_row((MARGIN, Y_ROW2, WIDTH - MARGIN, Y_ROW2 + ROW2_H))
        return self.c.image()

    # -- villages
    def draw_village(self, seat: int) -> None:
        c = self.c
        x0, x1 = self.panels[seat]
        y0 = MARGIN
        accent = Palette.seat(seat)
        active = self.current == seat and not self.over
        winner = seat in self.winners
        lit = active or winner
        frame = Palette.gold if lit else mix(accent, Palette.panel, 0.55)
        c.panel(
            (x0, y0, x1, BOARD_BOTTOM),
            fill=mix(Palette.panel, accent, 0.06),
            outline=frame,
            width=5 if lit else 2,
            radius=18,
        )
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
        c = self.c
        x0, x1 = self.gap_x0, self.gap_x1
        cx = (x0 + x1) / 2
        y0 = MARGIN
        deck = int(self.view.get("deck_count") or 0)
        c.panel((x0, y0, x1, y0 + HEADER_H), fill=Palette.panel, outline=Palette.line, radius=16)
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
        # the start lane, between the villages
        lane = (x0 + 8, Y_ACE, x1 - 8, BOARD_BOTTOM)
        c.rect(lane, fill=mix(Palette.table, Palette.bg, 0.5), radius=16)
        c.dashed_rect(lane, mix(Palette.line, Palette.gold, 0.25), 2, 9, 16)
        with c.region(lane, "start"):
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
        ay = Y_ACE + 44
        c.line([(x0 + 26, ay), (x1 - 26, ay)], mix(Palette.line, Palette.muted, 0.3), 2)
        c.polygon([(x0 + 16, ay), (x0 + 28, ay - 8), (x0 + 28, ay + 8)], Palette.seat(0))
        c.polygon([(x1 - 16, ay), (x1 - 28, ay - 8), (x1 - 28, ay + 8)], Palette.seat(1))

    # -- one space: its Ace, the card on top, the covered count
    def draw_space(self, space: int) -> None:
        c = self.c
        data = self.spaces[space] or {}
        x0, x1 = self.column(space)
        cx = (x0 + x1) / 2
        ace = data.get("ace") or {}
        suits = list(ace.get("suits") or [])
        suit = suits[0] if suits else ""
        color = suit_color(suit)
        tile = (x0 + 4, Y_ACE, x1 - 4, Y_ACE + ACE_H)
        mid = Y_ACE + ACE_H / 2
        c.rect(
            tile,
            fill=mix(color, Palette.panel, 0.25),
            outline=mix(color, (255, 255, 255), 0.35),
            width=2,
            radius=12,
        )
        c.circle(tile[0] + 24, mid, 17, fill=Palette.bg)
        with c.region(tile, f"Ace of space {space + 1}"):
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
            draw_suit(
                c, suit, tile[2] - 32, mid, 44, (255, 255, 255), halo=mix(color, (0, 0, 0), 0.5)
            )
        card_box = (cx - CARD_W / 2, Y_CARD, cx + CARD_W / 2, Y_CARD + CARD_H)
        top = data.get("top")
        covered = int(data.get("covered") or 0)
        if not top:
            c.dashed_rect(card_box, mix(color, Palette.panel, 0.45), 2.5, 9, 12)
            if suit:
                draw_suit(c, suit, cx, Y_CARD + CARD_H / 2, 70, mix(color, Palette.panel, 0.72))
            return
        bx0, by0, bx1, by1 = card_box
        for k in range(min(covered, 2), 0, -1):  # the edges of covered cards peek out
            c.rect(
                (bx0 + 5 * k, by0 - 5 * k, bx1 + 5 * k, by1 - 5 * k),
                fill=mix(Palette.card, Palette.panel, 0.45),
                outline=Palette.card_edge,
                width=1.5,
                radius=CARD_W * 0.08,
            )
        glow = Palette.gold if self.last and self.last.get("space") == space else None
        draw_card(c, card_box, top, self.locale, glow=glow)
        if covered:
            label = f"+{covered}"
            bw = c.text_width(label, 20, True) + 24
            pill = (cx - bw / 2, Y_PILL + 2, cx + bw / 2, Y_PILL + 28)
            c.rect(pill, fill=Palette.bg, outline=Palette.muted, width=1.5, radius=13)
            with c.region(pill, "covered"):
                c.text((cx, Y_PILL + 15), label, 20, Palette.text, bold=True, anchor="mm")

    # -- monsters on the board
    def draw_tokens(self) -> None:
        by_space: dict[int | None, list[dict[str, Any]]] = {}
        for monster in sorted(self.monsters, key=lambda m: _monster_index(m.get("id"))):
            pos = monster.get("space")
            pos = pos if isinstance(pos, int) and 0 <= pos < 6 else None
            by_space.setdefault(pos, []).append(monster)
        for space, group in by_space.items():
            if space is None:
                self._start_tokens(group)
                continue
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

    def draw_token(self, monster: dict[str, Any], cx: float, cy: float, d: float) -> None:
        draw_token(self.c, monster, cx, cy, d, self.locale)

    # -- row 1: game over / last turn / opening roll
    def draw_banner(self, box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        cy = (y0 + y1) / 2
        c.rect(box, fill=Palette.gold, radius=16)
        c.rect(
            (x0 + 5, y0 + 5, x1 - 5, y1 - 5),
            outline=mix(Palette.gold, Palette.ink, 0.4),
            width=2,
            radius=12,
        )
        if len(self.winners) == 1:
            headline, winner = _tmpl("wins", self.locale), self.names[self.winners[0]]
        else:
            headline, winner = _t("draw_banner", self.locale), ""
        scores = self.scores
        score = f"{scores[0]} – {scores[1]}" if len(scores) >= 2 else ""
        right = self._dice_at(x1 - 16, cy)
        label = tr("game_over", self.locale).upper()
        c.text(
            (x0 + 24, cy), label, 20, mix(Palette.ink, Palette.gold, 0.3), bold=True, anchor="lm"
        )
        left = x0 + 44 + c.text_width(label, 20, True)
        sw = c.text_width(score, 34, True)
        c.fit_name_text(
            (left, cy),
            headline,
            winner,
            right - left - sw - 50,
            34,
            Palette.ink,
            bold=True,
            min_size=24,
            anchor="lm",
        )
        c.text((right - 24, cy), score, 34, Palette.ink, bold=True, anchor="rm")

    def _dice_at(self, right: float, cy: float, size: float = 46) -> float:
        """Draw the last roll's dice right-aligned at ``right``; returns their left edge."""
        dice = [d for d in (self.last or {}).get("dice") or [] if isinstance(d, int)]
        if not dice:
            return right
        x = right - len(dice) * (size + 10) + 10
        for i, value in enumerate(dice):
            draw_die(
                self.c, x + i * (size + 10), cy - size / 2, size, value, dim=not 1 <= value <= 4
            )
        return x

    def draw_last_turn(self, box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        cy = (y0 + y1) / 2
        last = self.last or {}
        c.panel(box, fill=Palette.panel, outline=Palette.line, radius=16, shadow=False)
        turn = f"{tr('turn', self.locale)} {self.view.get('turn_number', '')}".strip()
        tw = c.text_width(turn, 20, True)
        chip = (x0 + 10, y0 + 12, x0 + 30 + tw, y1 - 12)
        c.rect(chip, fill=Palette.bg, radius=10)
        with c.region(chip, "turn"):
            c.text((x0 + 20, cy), turn, 20, Palette.muted, bold=True, anchor="lm")
        x = x0 + 44 + tw
        dice_left = self._dice_at(x1 - 14, cy)
        dice = [d for d in last.get("dice") or [] if isinstance(d, int)]
        if dice and not any(1 <= d <= 4 for d in dice):
            note = tr("no_effect", self.locale)
            dice_left -= 12
            c.text((dice_left, cy), note, 19, Palette.muted, bold=True, anchor="rm")
            dice_left -= c.text_width(note, 19, True)
        seat = last["seat"] if last.get("seat") in (0, 1) else 0
        who = _tmpl("played", self.locale)
        card = last.get("card") or {}
        space = last.get("space")
        where = _t("on_space", self.locale, n=space + 1) if isinstance(space, int) else ""
        # "<name> played" [card chip] "on space n": the name gets the room that is left
        chip_w = min(
            290.0,
            c.text_width(localized(card.get("name"), self.locale), 22, True)
            + 40
            + 44 * (1 + len(card.get("suits") or [])),
        )
        where_w = c.text_width(where, 24)
        room = max(70.0, dice_left - 24 - x - chip_w - where_w - 24)
        x += (
            c.fit_name_text(
                (x, cy),
                who,
                self.names[seat],
                room,
                24,
                Palette.seat(seat),
                bold=True,
                min_size=18,
                anchor="lm",
            )
            + 12
        )
        with c.region((x, y0 + 10, x + chip_w, y1 - 10), "card played") as chip:
            self._card_chip(card, chip)
        x += chip_w + 12
        c.fit_text((x, cy), where, dice_left - 16 - x, 24, Palette.text, min_size=14, anchor="lm")

    def _card_chip(self, card: dict[str, Any], box: Box) -> None:
        """A card on one line: suit stripe, rank, suit symbols, name."""
        c = self.c
        x0, y0, x1, y1 = box
        h = y1 - y0
        cy = (y0 + y1) / 2
        suits = list(card.get("suits") or [])
        c.rect(box, fill=Palette.card, outline=Palette.card_edge, width=1.5, radius=8)
        c.rect(
            (x0, y0, x0 + 10, y1), fill=suit_color(suits[0]) if suits else Palette.faint, radius=8
        )
        x = x0 + 16
        x += draw_rank(c, card, x, cy, h * 0.62, Palette.ink) + 8
        for suit in suits:
            draw_suit(c, suit, x + h * 0.3, cy, h * 0.62)
            x += h * 0.62 + 2
        c.fit_text(
            (x + 6, cy),
            localized(card.get("name"), self.locale),
            x1 - x - 14,
            22,
            Palette.ink,
            bold=True,
            min_size=13,
            anchor="lm",
        )

    def draw_opening(self, box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        cy = (y0 + y1) / 2
        c.panel(box, fill=Palette.panel, outline=Palette.line, radius=16, shadow=False)
        rolls = [r for r in self.view.get("first_player_rolls") or [] if len(r) == 2]
        label = _t("opening", self.locale)
        c.text((x0 + 20, cy), label, 22, Palette.muted, bold=True, anchor="lm")
        x = x0 + 40 + c.text_width(label, 22, True)
        if not rolls:
            c.fit_text(
                (x, cy), _t("waiting", self.locale), x1 - x - 16, 24, Palette.text, anchor="lm"
            )
            return
        a, b = (int(v) for v in rolls[-1])
        size = 44
        first = self.current if self.current in (0, 1) else (0 if a > b else 1)
        starts = "→ " + _tmpl("starts", self.locale)
        starts_w = min(330.0, c.text_width(starts.format(name=self.names[first]), 24, True))
        names_w = max(60.0, (x1 - x - 2 * size - 70 - starts_w - 40) / 2)
        x += (
            c.fit_text(
                (x, cy),
                self.names[0],
                names_w,
                24,
                Palette.seat(0),
                bold=True,
                min_size=18,
                anchor="lm",
            )
            + 12
        )
        draw_die(c, x, cy - size / 2, size, a)
        x += size + 10
        c.text((x + 7, cy), ":", 28, Palette.muted, bold=True, anchor="mm")
        x += 14 + 10
        draw_die(c, x, cy - size / 2, size, b)
        x += size + 12
        x += (
            c.fit_text(
                (x, cy),
                self.names[1],
                names_w,
                24,
                Palette.seat(1),
                bold=True,
                min_size=18,
                anchor="lm",
            )
            + 24
        )
        c.fit_name_text(
            (x, cy),
            starts,
            self.names[first],
            x1 - x - 16,
            24,
            Palette.gold,
            bold=True,
            min_size=18,
            anchor="lm",
        )

    # -- row 2: one tile per monster
    def draw_monster_row(self, box: Box) -> None:
        """Each monster: its die face, token, name and points, and what the last roll did to it
        (the two village totals and where it went), else where it stands."""
        x0, y0, x1, y1 = box
        monsters = sorted(self.monsters, key=lambda m: _monster_index(m.get("id")))
        n = max(1, len(monsters))
        gap = 10
        w = (x1 - x0 - gap * (n - 1)) / n
        for i, monster in enumerate(monsters):
            tx0 = x0 + i * (w + gap)
            with self.c.region((tx0, y0, tx0 + w, y1), f"monster {i + 1}") as tile:
                self.draw_monster_tile(monster, tile)

    def draw_monster_tile(self, monster: dict[str, Any], box: Box) -> None:
        c = self.c
        tx0, y0, tx1, y1 = box
        dice = [d for d in (self.last or {}).get("dice") or [] if isinstance(d, int)]
        face = _monster_index(monster.get("id")) + 1
        rolled = face in dice
        fill = mix(Palette.panel, Palette.gold, 0.10) if rolled else Palette.panel
        c.panel(
            box,
            fill=fill,
            outline=Palette.gold if rolled else Palette.line,
            width=3 if rolled else 2,
            radius=14,
            shadow=False,
        )
        self.draw_token(monster, tx0 + 48, (y0 + y1) / 2, 68)
        if face <= len(MONSTER_IDS):
            draw_die(c, tx0 + 8, y0 + 8, 28, face, dim=not rolled)
        tx = tx0 + 92
        room = tx1 - tx - 10
        name = monster_name(monster, self.locale)
        c.fit_text((tx, y0 + 24), name, room, 23, Palette.text, bold=True, min_size=15, anchor="lm")
        result = self._results().get(str(monster.get("id")))
        self._status((tx, y0 + 54), room, monster, result, rolled)
        pts = int(monster.get("points") or 1)
        c.fit_text(
            (tx, y0 + 83),
            _t("point" if pts == 1 else "points", self.locale, n=pts),
            room,
            17,
            Palette.gold if pts > 1 else Palette.faint,
            bold=True,
            anchor="lm",
        )

    def _results(self) -> dict[str, dict[str, Any]]:
        """The last turn's ``monster`` events by monster id."""
        out: dict[str, dict[str, Any]] = {}
        for event in (self.last or {}).get("events") or []:
            if isinstance(event, dict) and event.get("type") == "monster" and event.get("monster"):
                out[str(event["monster"])] = event
        return out

    def _status(
        self,
        xy: tuple[float, float],
        room: float,
        monster: dict[str, Any],
        result: dict[str, Any] | None,
        rolled: bool,
    ) -> None:
        c, loc = self.c, self.locale
        x, y = xy
        if not result:
            pos = monster.get("space")
            if isinstance(pos, int):
                owner = 0 if pos < 3 else 1
                c.fit_name_text(
                    (x, y),
                    f"{{name}} · {pos + 1}",
                    self.names[owner],
                    room,
                    20,
                    mix(Palette.seat(owner), Palette.muted, 0.4),
                    min_size=16,
                    anchor="lm",
                )
            else:
                c.fit_text(
                    (x, y), _t("at_start", loc), room, 20, Palette.faint, min_size=13, anchor="lm"
                )
            return
        totals = result.get("totals") or []
        toward = result.get("toward")
        kind = result.get("result")
        if kind == "tie" or toward not in (0, 1):
            main, name, color = _t("tie", loc), "", Palette.text
        else:
            name = self.names[toward]
            to = result.get("to")
            n = to + 1 if isinstance(to, int) else "?"
            key = "edge" if kind == "at_edge" else "moved"
            main, color = _tmpl(key, loc, n=n), Palette.seat(toward)
        extra = f"  {totals[0]}:{totals[1]}" if len(totals) == 2 else ""
        extra_w = c.text_width(extra, 18, True)
        if c.text_width(main.format(name=name), 20, True) + extra_w > room:
            extra, extra_w = "", 0.0  # the outcome matters more than the totals
        used = c.fit_name_text(
            (x, y),
            main,
            name,
            max(40.0, room - extra_w),
            20,
            color,
            bold=True,
            min_size=16,
            anchor="lm",
        )
        if extra and used + extra_w <= room:
            c.text((x + used, y), extra, 18, Palette.muted, bold=True, anchor="lm")


def _monster_index(mid: Any) -> int:
    return MONSTER_IDS.index(mid) if mid in MONSTER_IDS else len(MONSTER_IDS)


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


# --------------------------------------------------------------------------- the hand (DM)

HAND_CARD_W, HAND_CARD_H = 176, 246


def _matching_spaces(card: dict[str, Any], spaces: list[dict[str, Any]]) -> list[int] | None:
    """Spaces whose Ace shares a suit with ``card`` (None: any space, for the Excuse)."""
    if card.get("rank") == "excuse":
        return None
    suits = set(card.get("suits") or ())
    return [
        i for i, sp in enumerate(spaces) if suits & set((sp.get("ace") or {}).get("suits") or ())
    ]


def _draw_hand(view: dict[str, Any], locale: str) -> Image.Image:
    cards = list(view.get("hand") or [])
    spaces = list(view.get("spaces") or [])
    slots = max(3, len(cards))
    pad, gap = 24, 18
    width = pad * 2 + slots * HAND_CARD_W + (slots - 1) * gap
    top = 76
    height = top + HAND_CARD_H + 86 + pad
    c = Canvas(width, height, Palette.bg)
    c.rect((6, 6, width - 6, height - 6), fill=Palette.table, radius=20)
    with c.region((pad, 16, width - pad, 64), "title"):
        _hand_title(c, view, locale, pad, width - pad)
    if not cards:
        box = (pad, top, width - pad, top + HAND_CARD_H)
        c.dashed_rect(box, Palette.faint, 2, 10, 14)
        with c.region(box, "no cards"):
            c.text(
                (width / 2, top + HAND_CARD_H / 2),
                tr("no_cards", locale),
                28,
                Palette.muted,
                bold=True,
                anchor="mm",
            )
        return c.image()
    x0 = (width - (len(cards) * HAND_CARD_W + (len(cards) - 1) * gap)) / 2
    for i, card in enumerate(cards):
        x = x0 + i * (HAND_CARD_W + gap)
        draw_card(c, (x, top, x + HAND_CARD_W, top + HAND_CARD_H), card, locale)
        below = (x - 4, top + HAND_CARD_H + 8, x + HAND_CARD_W + 4, height - 12)
        with c.region(below, f"where card {i + 1} plays"):
            _plays_on(c, _matching_spaces(card, spaces), spaces, below, locale)
    return c.image()


def _hand_title(c: Canvas, view: dict[str, Any], locale: str, x0: float, x1: float) -> None:
    """The seat's colour, "Your hand", and the turn and deck size on the right."""
    seat = view.get("seat")
    accent = Palette.seat(seat) if isinstance(seat, int) else Palette.text
    c.circle(x0 + 10, 40, 9, fill=accent)
    title = tr("your_hand", locale)
    c.text((x0 + 28, 40), title, 30, Palette.text, bold=True, anchor="lm")
    info = f"{tr('deck', locale)} {view.get('deck_count', 0)}"
    if view.get("turn_number"):
        info = f"{tr('turn', locale)} {view['turn_number']} · {info}"
    room = x1 - x0 - 44 - c.text_width(title, 30, True)
    c.fit_text((x1, 40), info, room, 21, Palette.muted, bold=True, min_size=14, anchor="rm")


def _plays_on(
    c: Canvas, matches: list[int] | None, spaces: list[dict[str, Any]], box: Box, locale: str
) -> None:
    """Under a card, where it can go: "any space", or a chip per matching Ace (its space
    number and suit)."""
    x0, y0, x1, _y1 = box
    cx = (x0 + x1) / 2
    ly = y0 + 14
    c.fit_text((cx, ly), _t("plays_on", locale), x1 - x0, 17, Palette.muted, bold=True, anchor="mm")
    if matches is None:
        c.fit_text(
            (cx, ly + 36), _t("anywhere", locale), x1 - x0, 22, Palette.text, bold=True, anchor="mm"
        )
        return
    chip_gap = 6
    chip_w = min(62.0, (x1 - x0 - chip_gap * (len(matches) - 1)) / max(1, len(matches)))
    x = cx - (len(matches) * chip_w + max(0, len(matches) - 1) * chip_gap) / 2
    for space in matches:
        ace = spaces[space].get("ace") or {}
        suit = (ace.get("suits") or [""])[0]
        chip = (x, ly + 18, x + chip_w, ly + 54)
        c.rect(chip, fill=mix(suit_color(suit), Palette.panel, 0.3), radius=10)
        with c.region(chip, f"space {space + 1}"):
            c.text((x + 16, ly + 36), str(space + 1), 22, Palette.text, bold=True, anchor="mm")
        if suit:
            draw_suit(c, suit, x + chip_w - 19, ly + 36, 25, (255, 255, 255))
        x += chip_w + chip_gap
