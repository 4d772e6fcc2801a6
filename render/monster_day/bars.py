"""The board's bottom bar, as a base class of the board: what happened last (game
over, the last turn, the opening roll) and one tile per monster.

Split from :mod:`render.monster_day.board` to keep each module short: these two rows read the
view's last turn, outcome and monsters, never a village's spaces."""

from __future__ import annotations

from typing import Any

from render.boxes import Box
from render.common import RGB, Canvas, Palette, draw_die, gold_banner, localized, mix, tr
from render.decktet import draw_rank, draw_suit, suit_color
from render.monster_day.style import MONSTER_IDS, _t, _tmpl
from render.monster_day.tokens import _monster_index, draw_token, monster_name


class _Bars:
    """The board's bottom bar: row 1 (the game-over banner, the last turn with its dice, or the
    opening roll) and row 2 (one tile per monster: its die face, token, name, points and what the
    last roll did to it). A base of :class:`~render.monster_day.board._Board`, whose ``__init__``
    sets every attribute declared here; ``draw_token`` serves the monster tiles and the villages."""

    c: Canvas
    view: dict[str, Any]
    locale: str
    names: list[str]
    monsters: list[dict[str, Any]]
    current: Any
    last: Any
    winners: list[int]
    scores: list[Any]

    def draw_token(self, monster: dict[str, Any], cx: float, cy: float, d: float) -> None:
        draw_token(self.c, monster, cx, cy, d, self.locale)

    # -- row 1: game over / last turn / opening roll
    def draw_banner(self, box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        cy = (y0 + y1) / 2
        gold_banner(c, box)
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
        # the row's panel is the base's (draw_row_panels)
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
        with c.region(box, "card chip", cue=("suit", str(suits[0])) if suits else None):
            for suit in suits:  # the stripe's colour is the first suit's: its symbol leads
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
        # the row's panel is the base's (draw_row_panels)
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
        monsters = sorted(self.monsters, key=lambda m: _monster_index(m.get("id")))
        boxes = tile_boxes(box, len(monsters))
        for i, (monster, tile_box) in enumerate(zip(monsters, boxes, strict=True)):
            with self.c.region(tile_box, f"monster {i + 1}") as tile:
                self.draw_monster_tile(monster, tile)

    @staticmethod
    def draw_row_panels(c: Canvas, row1: Box, row2: Box, monsters: int) -> None:
        """The bottom rows' plain panels: the last turn's (or the opening roll's) and, for the
        four monsters of every game, their tiles as drawn when not rolled. They are the same
        at every move, so the base has them (``_Board.draw_table``); a rolled monster's tile
        and the game-over banner are drawn over them, covering them exactly."""
        _Bars.draw_row_panel(c, row1)
        if monsters == len(MONSTER_IDS):
            for tile in tile_boxes(row2, monsters):
                _Bars.draw_plain_tile(c, tile)

    @staticmethod
    def draw_row_panel(c: Canvas, row1: Box) -> None:
        c.panel(row1, fill=Palette.panel, outline=Palette.line, radius=16, shadow=False)

    @staticmethod
    def draw_plain_tile(c: Canvas, tile: Box) -> None:
        """A monster's tile as drawn when not rolled."""
        c.panel(tile, fill=Palette.panel, outline=Palette.line, radius=14, shadow=False)

    def draw_monster_tile(self, monster: dict[str, Any], box: Box) -> None:
        self.draw_tile_body(monster, box)
        self.draw_tile_status(monster, box)

    def rolled(self, monster: dict[str, Any]) -> bool:
        """Whether the last roll showed this monster's face."""
        dice = [d for d in (self.last or {}).get("dice") or [] if isinstance(d, int)]
        return _monster_index(monster.get("id")) + 1 in dice

    def tile_fill(self, monster: dict[str, Any]) -> RGB:
        """A monster tile's flat colour: lit gold when the last roll moved it."""
        return mix(Palette.panel, Palette.gold, 0.10) if self.rolled(monster) else Palette.panel

    @staticmethod
    def status_box(box: Box) -> Box:
        """Where a tile's status line lies (what the last roll did to the monster, or where
        it stands): between the monster's name and its points, right of the token and its
        points badge; the only part of a tile that names a player."""
        tx0, y0, tx1, _y1 = box
        return (tx0 + 91, y0 + 39, tx1 - 6, y0 + 72)

    def draw_tile_body(self, monster: dict[str, Any], box: Box) -> None:
        """A monster tile but its status line: the panel, die face, token, name and points."""
        c = self.c
        tx0, y0, tx1, y1 = box
        face = _monster_index(monster.get("id")) + 1
        rolled = self.rolled(monster)
        if rolled or len(self.monsters) != len(MONSTER_IDS):  # else: the base's plain tile
            c.panel(
                box,
                fill=self.tile_fill(monster),
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

    def draw_tile_status(self, monster: dict[str, Any], box: Box) -> None:
        tx0, y0, tx1, _y1 = box
        tx = tx0 + 92
        result = self._results().get(str(monster.get("id")))
        self._status((tx, y0 + 54), tx1 - tx - 10, monster, result, self.rolled(monster))

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


def tile_boxes(box: Box, n: int) -> list[Box]:
    """The boxes of ``n`` monster tiles side by side in ``box``, 10 apart: at whole layout
    units (as ``box`` is), so that each tile can be a piece of the board
    (:mod:`render.monster_day.composed`)."""
    x0, y0, x1, y1 = box
    gap = 10
    w = (x1 - x0 - gap * (max(1, n) - 1)) / max(1, n)
    lefts = [round(x0 + i * (w + gap)) for i in range(n)]
    return [(left, y0, left + int(w), y1) for left in lefts]
