"""The public board image: one strip per player, as described in
:mod:`render.notte_di_terrore`.

:class:`_Board` reads the view once in ``__init__``, then draws the frame (from its base
:class:`~render.notte_di_terrore.bars._Bars`) and each strip: the header (name, status pills,
hand size, Terror meter and total), the path (Places passed, the revealed Place with its Beings,
face-down Places, the house) and the Weapons (table, turned, in hand, combinations)."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.boxes import Box
from render.common import RGB, Canvas, Palette, hex_rgb, localized, mix, player_names
from render.notte_di_terrore.bars import _Bars
from render.notte_di_terrore.icons import card_back, forbidden_badge, icon, type_badge
from render.notte_di_terrore.layout import (
    BEING_W,
    HOUSE,
    MINI_H,
    MINI_W,
    PLACE_HEAD,
    SLOT,
    WEAPON_LABEL,
    _fan,
    _monsters,
    _players,
    being_height,
    board_height,
    place_grid,
    row_body_height,
    weapons_width,
)
from render.notte_di_terrore.meter import draw_meter
from render.notte_di_terrore.pieces import Cards, _ints, draw_being, draw_weapon
from render.notte_di_terrore.style import (
    BLOOD_BACK,
    DECK_BACKS,
    LEGEND_H,
    MARGIN,
    NIGHT,
    NIGHT_EDGE,
    PLACE,
    PLACE_EDGE,
    ROW_GAP,
    ROW_HEAD,
    TOP_H,
    WIDTH,
    _on,
    _t,
    wrap_name,
)


class _Board(_Bars):
    def __init__(self, view: dict[str, Any], locale: str, players: list[str] | None) -> None:
        self.view = view
        self.locale = locale
        self.players = _players(view)
        self.n = len(self.players)
        self.names = player_names(players, max(self.n, 1), locale)
        self.cards = Cards(view, locale)
        self.phase = str(view.get("phase") or "")
        self.over = self.phase == "over" or bool(view.get("outcome"))
        outcome = view.get("outcome") or {}
        self.winners = _ints(outcome.get("winners")) if self.over else []
        scores = _ints(outcome.get("scores"))
        self.terror = [
            scores[s] if s < len(scores) else int(p.get("terror") or 0)
            for s, p in enumerate(self.players)
        ]
        self.current = view.get("current") if not self.over else None
        self.active = self.current if self.phase != "split" else None
        self.to_act = view.get("to_act") if self.phase == "apparition" else None
        self.passed = set(_ints(view.get("passed"))) if self.phase == "apparition" else set()
        self.turned = {str(t) for t in view.get("turned") or []}
        self.meter_scale = max([20, *self.terror])
        self.height = board_height(view)
        self.c = Canvas(WIDTH, self.height, Palette.bg, table=Palette.table)

    def draw(self) -> Image.Image:
        """The board painted whole (it is otherwise put together from pieces:
        :mod:`render.notte_di_terrore.composed`, the same picture)."""
        c = self.c
        c.table_top((6, 6, WIDTH - 6, self.height - 6), Palette.table, 22)
        self.draw_top(self.top_box())
        for seat, box in enumerate(self.strip_boxes()):
            self.draw_row(seat, self.players[seat], box)
        with c.region(self.legend_box(), "legend") as legend:
            self.draw_legend(legend)
        return c.image()

    # -- where things lie: whole layout units (the pieces of the composed board lie there)
    def top_box(self) -> tuple[int, int, int, int]:
        return MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + TOP_H

    def strip_boxes(self) -> list[tuple[int, int, int, int]]:
        """Each seat's strip, top to bottom."""
        boxes = []
        y = MARGIN + TOP_H + ROW_GAP
        for player in self.players:
            h = int(ROW_HEAD + row_body_height(player) + 10)
            boxes.append((MARGIN, y, WIDTH - MARGIN, y + h))
            y += h + ROW_GAP
        return boxes

    def legend_box(self) -> tuple[int, int, int, int]:
        y = MARGIN + TOP_H + ROW_GAP + sum(b[3] - b[1] + ROW_GAP for b in self.strip_boxes())
        return MARGIN, y, WIDTH - MARGIN, y + LEGEND_H

    @staticmethod
    def head_box(strip: Box) -> Box:
        x0, y0, x1, _ = strip
        return x0 + 24, y0 + 6, x1 - 16, y0 + ROW_HEAD

    @staticmethod
    def body_box(strip: Box) -> Box:
        x0, y0, x1, y1 = strip
        return x0 + 24, y0 + ROW_HEAD, x1 - 16, y1 - 10

    def strip_fill(self, seat: int) -> RGB:
        return mix(Palette.panel, Palette.seat(seat), 0.05)

    def lit(self, seat: int) -> bool:
        return seat == self.active or seat in self.winners

    # -- a player's strip
    def draw_row(self, seat: int, player: dict[str, Any], box: Box) -> None:
        c = self.c
        self.draw_strip_frame(seat, box)
        with c.region(box, f"strip {seat + 1}"):
            with c.region(self.head_box(box), "header") as head:
                self.draw_row_head(seat, player, head)
            body = self.body_box(box)
            wx0 = self.draw_weapons(player, body)
            with c.region((body[0], body[1], wx0 - 22, body[3]), "path") as path:
                self.draw_path(player, path)

    def draw_strip_frame(self, seat: int, box: Box) -> None:
        """The strip's panel (gold for the active seat and the winners) and its seat bar."""
        c = self.c
        x0, y0, _x1, y1 = box
        accent = Palette.seat(seat)
        lit = self.lit(seat)
        c.panel(
            box,
            fill=self.strip_fill(seat),
            outline=Palette.gold if lit else mix(accent, Palette.panel, 0.6),
            width=4 if lit else 2,
            radius=16,
        )
        c.rect((x0 + 8, y0 + 12, x0 + 14, y1 - 12), fill=accent, radius=3)

    def draw_row_head(self, seat: int, player: dict[str, Any], box: Box) -> None:
        x0, y0, x1, y1 = box
        cy = (y0 + y1) / 2
        right = self.draw_stats(seat, player, x1, cy)
        self.draw_name(seat, player, x0, right, cy)

    def draw_stats(self, seat: int, player: dict[str, Any], x1: float, cy: float) -> float:
        """Right to left: the Terror total, the Terror meter, the hand size; returns the left
        edge of what was drawn."""
        c = self.c
        num = str(self.terror[seat])
        gold = seat in self.winners
        c.text(
            (x1, cy + 1), num, 34, Palette.gold if gold else Palette.text, bold=True, anchor="rm"
        )
        x = x1 - max(c.text_width(num, 34, True), 40) - 10
        cap = _t("terror", self.locale).upper()
        c.text((x, cy + 1), cap, 13, Palette.muted, bold=True, anchor="rm")
        x -= c.text_width(cap, 13, True) + 12
        meter_w = 190
        self.draw_meter(player, (x - meter_w, cy - 8, x, cy + 8))
        x -= meter_w + 22
        hand = player.get("hand_size")
        hand_txt = str(hand if isinstance(hand, int) else 0)
        c.text((x, cy + 1), hand_txt, 24, Palette.text, bold=True, anchor="rm")
        x -= c.text_width(hand_txt, 24, True) + 6
        card_back(c, (x - 20, cy - 14, x - 2, cy + 12), BLOOD_BACK, hex_rgb("#e7c57a"), None)
        events_edge = hex_rgb("#c9b3ff")
        card_back(c, (x - 26, cy - 12, x - 8, cy + 14), DECK_BACKS["events"], events_edge, None)
        cap = _t("hand", self.locale).upper()
        c.text((x - 34, cy + 1), cap, 13, Palette.muted, bold=True, anchor="rm")
        return x - 34 - c.text_width(cap, 13, True)

    def draw_name(
        self, seat: int, player: dict[str, Any], x0: float, right: float, cy: float
    ) -> None:
        """The seat's name in its colour, then its status pills (as many as fit)."""
        c = self.c
        pills = self.pills(seat, player)
        pills_w = sum(c.text_width(p, 14, True) + 28 for p, _ in pills)
        name_room = max(120.0, min(380.0, right - 20 - x0 - pills_w))
        drawn = c.fit_text(
            (x0, cy),
            self.names[seat],
            name_room,
            28,
            Palette.seat(seat),
            bold=True,
            min_size=16,
            anchor="lm",
        )
        px = x0 + drawn + 14
        for text, color in pills:
            pw = c.text_width(text, 14, True) + 20
            if px + pw > right - 14:
                break
            pill = (px, cy - 13, px + pw, cy + 13)
            c.rect(pill, fill=color, radius=13)
            with c.region(pill, "pill"):
                c.text((px + pw / 2, cy), text, 14, _on(color), bold=True, anchor="mm")
            px += pw + 8

    def pills(self, seat: int, player: dict[str, Any]) -> list[tuple[str, RGB]]:
        """Status tags for a seat, most important first."""
        loc = self.locale
        out: list[tuple[str, RGB]] = []
        if seat in self.winners:
            out.append((_t("winner", loc).upper(), Palette.gold))
        if player.get("home"):
            out.append((_t("home", loc).upper(), hex_rgb("#e7c57a")))
        if self.over:
            return out
        if self.phase == "split":
            chosen = player.get("split_chosen")
            color = mix(Palette.line, Palette.panel, 0.2) if chosen else Palette.seat(seat)
            if seat == self.current:
                out.append((_t("starts", loc).upper(), Palette.gold))
            out.append((_t("ready" if chosen else "choosing", loc).upper(), color))
            return out
        if seat == self.current:
            out.append((_t("active", loc).upper(), Palette.gold))
        if seat == self.to_act:
            out.append((_t("to_play", loc).upper(), Palette.seat(seat)))
        elif seat in self.passed:
            out.append((_t("passed", loc).upper(), mix(Palette.line, Palette.panel, 0.2)))
        return out

    def draw_meter(self, player: dict[str, Any], box: Box) -> None:
        """The Terror pile as a bar (:mod:`render.notte_di_terrore.meter`)."""
        draw_meter(self.c, self.cards, list(player.get("pile") or []), box, self.meter_scale)

    # -- the path: passed Places, the revealed one with its Beings, face-down ones, home
    def draw_path(self, player: dict[str, Any], box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        path = [p for p in player.get("path") or [] if p]
        down = max(0, int(player.get("face_down") or 0))
        revealed = player.get("revealed")
        monsters = _monsters(player)
        mini_y = y0 + 8
        road_y = mini_y + MINI_H / 2
        c.line([(x0 + 6, road_y), (x1 - HOUSE / 2, road_y)], mix(Palette.line, Palette.bg, 0.3), 5)
        step, place_w, _cols = place_grid(player)
        x = x0
        for i, place in enumerate(path):
            # fanned out: the next card covers all of this one but a strip as wide as ``step``
            shown = step if step < MINI_W and i < len(path) - 1 else MINI_W
            box = (x + i * step, mini_y, x + i * step + MINI_W, mini_y + MINI_H)
            self.draw_passed(place, box, shown)
        x += _fan(len(path), step)
        if revealed:
            self.draw_place(revealed, monsters, player, (x, y0, x + place_w, y1))
            x += place_w + 10
        for i in range(down):
            bx = x + i * step
            card_back(c, (bx, mini_y, bx + MINI_W, mini_y + MINI_H), NIGHT, NIGHT_EDGE)
        self.draw_house(player, x1 - HOUSE / 2, road_y)

    def draw_passed(self, cid: str, box: Box, shown: float = MINI_W) -> None:
        """A Place already crossed; only its tick when a later one covers it (``shown``: the
        width left in sight)."""
        c = self.c
        c.rect(
            box,
            fill=mix(PLACE, Palette.panel, 0.35),
            outline=mix(PLACE_EDGE, Palette.panel, 0.4),
            width=1.5,
            radius=7,
        )
        with c.region((box[0], box[1], box[0] + shown, box[3]), "passed Place"):
            self.draw_passed_face(cid, box, named=shown >= MINI_W)

    def draw_passed_face(self, cid: str, box: Box, *, named: bool) -> None:
        """A Place already crossed: its name small (``named``), and a green tick."""
        c = self.c
        x0, y0, x1, _y1 = box
        lines, size = wrap_name(c, self.cards.name(cid), x1 - x0 - 8, 3, 11, bold=True, min_size=8)
        for i, line in enumerate(lines if named else []):
            c.text(
                ((x0 + x1) / 2, y0 + 24 + i * (size + 2)),
                line,
                size,
                Palette.muted,
                bold=True,
                anchor="ma",
            )
        c.circle(x0 + 12, y0 + 12, 9, fill=hex_rgb("#3b8545"))
        c.text((x0 + 12, y0 + 12), "✓", 12, (255, 255, 255), bold=True, anchor="mm")

    def draw_place(
        self, cid: str, monsters: list[dict[str, Any]], player: dict[str, Any], box: Box
    ) -> None:
        """The revealed Place: its header, then its Beings side by side."""
        c = self.c
        c.rect(box, fill=mix(PLACE, Palette.panel, 0.15), outline=PLACE_EDGE, width=2, radius=12)
        with c.region(box, "place"):
            self.draw_place_beings(cid, monsters, player, box)

    def draw_place_beings(
        self, cid: str, monsters: list[dict[str, Any]], player: dict[str, Any], box: Box
    ) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        self.draw_place_head(cid, bool(player.get("infested")), box)
        top = y0 + PLACE_HEAD
        if not monsters:
            c.text(
                ((x0 + x1) / 2, (top + y1) / 2),
                _t("no_beings", self.locale),
                14,
                Palette.muted,
                anchor="mm",
            )
            return
        cols = place_grid(player)[2]
        w = min(BEING_W, (x1 - x0 - 16 - 8 * (cols - 1)) / cols)
        h = max(being_height(m) for m in monsters)
        for i, monster in enumerate(monsters):
            row, col = divmod(i, cols)
            bx, by = x0 + 8 + col * (w + 8), top + row * (h + 8)
            with c.region((bx, by, bx + w, min(y1 - 8, by + h)), f"being {i + 1}") as card:
                draw_being(c, self.cards, monster, card)

    def draw_place_head(self, cid: str, infested: bool, box: Box) -> None:
        """Name; the types it forbids and its per-type cap (what may still be placed there);
        an "infested" tag once no new Beings may come (only Events and summons). The tag is
        placed first: the cap's words get the room that is left."""
        c = self.c
        x0, y0, x1, _ = box
        info = self.cards.get(cid)
        c.fit_text(
            (x0 + 10, y0 + 14),
            self.cards.name(cid),
            x1 - x0 - 20,
            17,
            Palette.text,
            bold=True,
            min_size=11,
            anchor="lm",
        )
        y = y0 + 34
        right = x1 - 8
        if infested:
            label = _t("infested", self.locale).upper()
            label, size = c.fit(label, (x1 - x0) / 2 - 12, 10, bold=True, min_size=8)
            w = c.text_width(label, size, True) + 12
            tag = (right - w, y - 8, right, y + 8)
            c.rect(tag, fill=hex_rgb("#8c2a1e"), radius=8)
            with c.region(tag, "infested"):
                c.text((right - w / 2, y), label, size, Palette.text, bold=True, anchor="mm")
            right -= w + 8
        x = x0 + 10
        for type_id in info.get("forbidden") or []:
            forbidden_badge(c, type_id, x + 9, y, 19)
            x += 23
        cap = info.get("max_per_type")
        if isinstance(cap, int) and right - x - 4 > 30:
            text = _t("max_type", self.locale, n=cap)
            c.fit_text((x + 4, y), text, right - x - 4, 12, Palette.muted, min_size=9, anchor="lm")

    def draw_house(self, player: dict[str, Any], cx: float, cy: float) -> None:
        home = bool(player.get("home"))
        color = Palette.gold if home else mix(Palette.muted, Palette.panel, 0.35)
        if home:
            self.c.circle(cx, cy, HOUSE / 2 + 4, fill=mix(Palette.gold, Palette.panel, 0.7))
        icon(self.c, "house", cx, cy, HOUSE - 6, color)

    # -- Weapons: the table ones (turned if used this turn) and the public one in hand
    def draw_weapons(self, player: dict[str, Any], body: Box) -> float:
        """Right-aligned in ``body``; returns the area's left edge."""
        c = self.c
        _, y0, x1, y1 = body
        table = [w for w in player.get("table") or [] if w]
        hand = player.get("weapon_hand")
        slots = max(2, len(table))
        hand_x0 = x1 - SLOT
        table_x1 = hand_x0 - 18
        table_x0 = x1 - weapons_width(player)
        ly = y0 + 8
        with c.region((table_x0, y0, table_x1, y0 + WEAPON_LABEL), "table Weapons label"):
            label = _t("weapons", self.locale).upper()
            c.fit_text(
                (table_x0, ly),
                label,
                table_x1 - table_x0,
                12,
                Palette.muted,
                bold=True,
                anchor="lm",
            )
        with c.region((hand_x0, y0, x1, y0 + WEAPON_LABEL), "Weapon in hand label"):
            label = _t("in_hand", self.locale).upper()
            c.fit_text(
                (hand_x0, ly), label, x1 - hand_x0, 12, Palette.muted, bold=True, anchor="lm"
            )
        sy = y0 + WEAPON_LABEL
        c.line([(table_x1 + 9, sy + 6), (table_x1 + 9, sy + SLOT - 6)], Palette.line, 1.5)
        for i in range(slots):
            sx = table_x0 + i * (SLOT + 8)
            slot = (sx, sy, sx + SLOT, sy + SLOT)
            if i < len(table):
                draw_weapon(c, self.cards, table[i], slot, turned=table[i] in self.turned)
            else:
                self._empty_slot(slot)
        if hand:
            draw_weapon(c, self.cards, str(hand), (hand_x0, sy, x1, sy + SLOT))
        else:
            self._empty_slot((hand_x0, sy, x1, sy + SLOT))
        with c.region((table_x0, sy + SLOT + 2, table_x1, y1), "combination") as combo:
            self.draw_combo(table, combo)
        return table_x0

    def _empty_slot(self, slot: Box) -> None:
        x0, y0, x1, y1 = slot
        cx = (x0 + x1) / 2
        self.c.dashed_rect((cx - 36, y0 + 2, cx + 36, y1 - 2), Palette.line, 1.5, 6, 8)

    def draw_combo(self, table: list[str], box: Box) -> None:
        """A gold line under the table when two of its Weapons combine: the combination's name
        and the types it adds."""
        combos = self.cards.combos(table)
        if not combos:
            return
        c = self.c
        x0, y0, x1, _y1 = box
        a, b, combo = combos[0]
        cy = y0 + 10
        singles = set(self.cards.get(a).get("defeats") or []) | set(
            self.cards.get(b).get("defeats") or []
        )
        extra = [t for t in combo.get("defeats") or [] if t not in singles]
        ew = len(extra) * 18
        text = "⚭ " + localized(combo.get("name"), self.locale)
        used = c.fit_text(
            (x0, cy), text, x1 - x0 - ew - 16, 13, Palette.gold, bold=True, min_size=9, anchor="lm"
        )
        x = x0 + used + 8
        c.text((x, cy), "+", 13, Palette.gold, bold=True, anchor="lm")
        for i, type_id in enumerate(extra):
            type_badge(c, type_id, x + 16 + i * 18, cy, 16)
