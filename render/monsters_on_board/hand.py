"""The seat's own image, sent by DM, from that seat's own view: what to do now, the car in
front of it during the draft (hood → back, I9) with this step's pick framed, its Avenue, its
prophecy card in words (hidden from everyone else, S4), and the Arch cards it may still flip.

Why the dice are drawn large here with their icons named: this is where a player decides,
on a phone, which die to take and what it will do; the boards only need to be recognised.

Family mode (I31, FM2) has no Avenue, Arch cards or Evil: its hand is what to do, the car in
front (FM6) with the pick framed and the row it goes to (hidden from the others, I8), the
prophecy, and its Juice and servants in reserve.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.boxes import Box
from render.common import Canvas, Palette, mix
from render.monsters_on_board import catalogue as cat
from render.monsters_on_board.cards import condition_words, prophecy_title
from render.monsters_on_board.layout import GAP, PANEL_HEAD, frame, is_family, panel
from render.monsters_on_board.pieces import draw_die, draw_mini_arch
from render.monsters_on_board.status import seats_of
from render.monsters_on_board.style import (
    DRAFTS,
    EVIL,
    JUICE,
    MARGIN,
    PHASES,
    SERVANT,
    WIDTH,
    colour_name,
    icon_short,
    ints,
    mark,
    seat_colour,
    t,
)

TITLE_H = 72
NOTE_H = 58
CAR_H = PANEL_HEAD + 200
AVENUE_H = PANEL_HEAD + 188
COND_H = 32
CARD_ROW_H = 54
BIG_DIE = 78


class Hand:
    """One seat's DM image (see the module docstring)."""

    def __init__(self, view: dict[str, Any], locale: str) -> None:
        self.view = view
        self.locale = locale
        viewer = view.get("viewer")
        seats = seats_of(view)
        self.seat = viewer if isinstance(viewer, int) and 0 <= viewer < len(seats) else None
        self.me = seats[self.seat] if self.seat is not None else {}
        self.family = is_family(view)
        self.car = self.my_car()
        self.held = [str(x) for x in self.me.get("arch") or []]
        self.prophecy = cat.prophecy_card(str(self.me.get("prophecy")))
        self.height = self.measure()
        self.c = Canvas(WIDTH, self.height, Palette.bg)

    def my_car(self) -> list[Any] | None:
        """The car in front of this seat while drafting (``car_of``), else None."""
        car_of = ints(self.view.get("car_of"))
        cars = self.view.get("cars") or []
        if self.view.get("phase") not in DRAFTS or self.seat is None or self.seat >= len(car_of):
            return None
        k = car_of[self.seat]
        return cars[k] if 0 <= k < len(cars) and isinstance(cars[k], list) else None

    def prophecy_h(self) -> float:
        rows = len(self.prophecy.conditions) if self.prophecy else 1
        return PANEL_HEAD + 8 + rows * COND_H + 8

    def cards_h(self) -> float:
        rows = max(1, -(-len(self.held) // 2))
        return PANEL_HEAD + rows * (CARD_ROW_H + 6) + 6

    def measure(self) -> int:
        h: float = MARGIN + TITLE_H + GAP + NOTE_H + GAP
        if self.car is not None:
            h += CAR_H + GAP
        if self.family:
            return int(h + self.prophecy_h() + MARGIN)
        h += AVENUE_H + GAP + self.prophecy_h() + GAP + self.cards_h()
        return int(h + MARGIN)

    def draw(self) -> Image.Image:
        c = self.c
        frame(c, self.height)
        x0, x1 = MARGIN, WIDTH - MARGIN
        y: float = MARGIN
        self.draw_title((x0, y, x1, y + TITLE_H))
        y += TITLE_H + GAP
        self.draw_note((x0, y, x1, y + NOTE_H))
        y += NOTE_H + GAP
        if self.car is not None:
            self.draw_car((x0, y, x1, y + CAR_H), self.car)
            y += CAR_H + GAP
        if not self.family:
            self.draw_avenue((x0, y, x1, y + AVENUE_H))
            y += AVENUE_H + GAP
        self.draw_prophecy((x0, y, x1, y + self.prophecy_h()))
        y += self.prophecy_h() + GAP
        if not self.family:
            self.draw_cards((x0, y, x1, y + self.cards_h()))
        return c.image()

    def draw_title(self, box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        accent = seat_colour(self.seat or 0)
        c.panel(box, fill=Palette.panel_hi, radius=16)
        c.rect((x0 + 10, y0 + 12, x0 + 17, y1 - 12), fill=accent, radius=3)
        cy = (y0 + y1) / 2
        with c.region((x1 - 330, y0 + 4, x1 - 12, y1 - 4), "counts"):
            x = x1 - 16
            second = (int(self.me.get("evil") or 0), "evil", EVIL)
            if self.family:
                second = (int(self.me.get("reserve") or 0), "in_reserve", SERVANT)
            for value, key, colour in (second, (int(self.me.get("juice") or 0), "juice", JUICE)):
                word = t(key, self.locale)
                c.text((x, cy + 14), word, 13, Palette.muted, bold=True, anchor="rm")
                c.text((x, cy - 8), str(value), 30, colour, bold=True, anchor="rm")
                x -= max(c.text_width(word, 13, True), c.text_width(str(value), 30, True)) + 26
        with c.region((x0 + 26, y0 + 4, x1 - 340, y1 - 4), "title"):
            c.fit_text(
                (x0 + 30, cy - 12),
                t("your_hand", self.locale),
                x1 - x0 - 380,
                24,
                accent,
                bold=True,
                min_size=14,
                anchor="lm",
            )
            words = [t("round", self.locale, n=self.view.get("round") or 1)]
            phase = str(self.view.get("phase") or "")
            if phase in PHASES:
                words.append(t(f"phase_{phase}", self.locale))
            c.fit_text(
                (x0 + 30, cy + 18),
                " · ".join(words),
                x1 - x0 - 380,
                16,
                Palette.text,
                min_size=12,
                anchor="lm",
            )

    def note(self) -> str:
        """What this seat must do now, from the phase and its own open decision."""
        loc = self.locale
        phase = self.view.get("phase")
        if self.seat is None or self.seat not in ints(self.view.get("pending")):
            picked = phase in DRAFTS and self.me.get("picked")
            done = "did_family_pick" if phase == "family_pick" else "did_draft"
            return t(done if picked else "do_wait", loc)
        decision = self.me.get("decision")
        if isinstance(decision, dict):
            if decision.get("kind") == "move":
                return t("do_move", loc, colour=colour_name(str(decision.get("colour")), loc))
            items = [icon_short(str(i[1]), loc) for i in decision.get("items") or [] if i]
            return t("do_actions", loc, items=", ".join(items) or "—")
        if phase == "board":
            avenue = {d[0] for d in self.me.get("avenue") or [] if d}
            moving = not avenue <= set(self.me.get("activated") or [])
            return t("do_activate" if moving else "do_place", loc)
        key = {
            "draft": "do_draft",
            "spectral": "do_spectral",
            "final_window": "do_final",
            "family_pick": "do_family_pick",
            "family_row": "do_family_row",
        }
        return t(key.get(str(phase), "do_wait"), loc)

    def draw_note(self, box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        c.rect(
            box,
            fill=mix(Palette.panel, Palette.gold, 0.1),
            outline=Palette.gold,
            width=2,
            radius=12,
        )
        with c.region(box, "note"):
            lines, size = c.wrap(self.note(), x1 - x0 - 32, 2, 19, bold=True, min_size=13)
            step = size + 5
            top = (y0 + y1) / 2 - step * (len(lines) - 1) / 2
            for k, line in enumerate(lines):
                c.text((x0 + 16, top + k * step), line, size, Palette.text, bold=True, anchor="lm")

    def draw_big_die(self, box: Box, die: list[Any] | None, label: str, *, pick: bool) -> None:
        """A large die with its slot label above and its icons, named, below."""
        c = self.c
        x0, y0, x1, y1 = box
        cx = (x0 + x1) / 2
        with c.region((x0, y0, x1, y0 + 22), "slot"):
            c.fit_text(
                (cx, y0 + 11),
                label,
                x1 - x0,
                14,
                Palette.gold if pick else Palette.muted,
                bold=True,
                min_size=10,
                anchor="mm",
            )
        top = y0 + 30
        if not die:
            c.dashed_rect(
                (cx - BIG_DIE / 2, top, cx + BIG_DIE / 2, top + BIG_DIE), Palette.faint, 2, 6, 12
            )
            return
        die_id, rank = str(die[0]), int(die[1])
        draw_die(
            c, cx - BIG_DIE / 2, top, BIG_DIE, die_id, rank, ring=Palette.gold if pick else None
        )
        icons = cat.die_icons(die_id, rank)
        words = [icon_short(icon, self.locale) for icon in icons]
        if self.family:  # FM7: only the count matters, one space per icon
            words = [
                t("family_steps", self.locale, mark=mark(cat.die_colour(die_id)), n=len(icons))
            ]
        with c.region((x0, top + BIG_DIE + 8, x1, y1), "die actions"):
            for k, word in enumerate(words):
                c.fit_text(
                    (cx, top + BIG_DIE + 22 + k * 21),
                    word,
                    x1 - x0 - 4,
                    15,
                    Palette.text,
                    min_size=10,
                    anchor="mm",
                )

    def draw_car(self, box: Box, car: list[Any]) -> None:
        c = self.c
        inner = panel(c, box, t("your_car", self.locale))
        x0, y0, x1, y1 = inner
        pick = self.me.get("pick")
        w = (x1 - x0) / 4
        for k in range(4):
            die = car[k] if k < len(car) else None
            chosen = bool(die and pick and die[0] == pick)
            label = self.pick_label() if chosen else self.slot_label(k)
            self.draw_big_die(
                (x0 + k * w + 4, y0 + 2, x0 + (k + 1) * w - 4, y1), die, label, pick=chosen
            )

    def pick_label(self) -> str:
        """ "your pick", and in family mode the row it goes to (FM6, own view only)."""
        row = self.me.get("pick_row")
        if isinstance(row, int) and not isinstance(row, bool):
            return t("your_pick_row", self.locale, n=row + 1)
        return t("your_pick", self.locale)

    def slot_label(self, k: int) -> str:
        """A car slot's name: the hood and the back named, as the solo cards count from them."""
        if k == 0:
            return t("slot_hood", self.locale)
        return t("slot_back", self.locale) if k == 3 else t("slot", self.locale, n=k + 1)

    def draw_avenue(self, box: Box) -> None:
        c = self.c
        inner = panel(c, box, t("avenue", self.locale))
        x0, y0, x1, y1 = inner
        avenue = [d for d in self.me.get("avenue") or [] if d]
        moved = set(self.me.get("activated") or [])
        w = (x1 - x0) / 4
        for k in range(4):
            die = avenue[k] if k < len(avenue) else None
            label = t("moved", self.locale) if die and die[0] in moved else ""
            self.draw_big_die(
                (x0 + k * w + 4, y0 - 6, x0 + (k + 1) * w - 4, y1), die, label, pick=False
            )

    def draw_prophecy(self, box: Box) -> None:
        c = self.c
        card = self.prophecy
        title = t("prophecy_hidden", self.locale)
        if card:
            number = prophecy_title(card.number, self.locale)
            title = f"{title} {number} · {t('max', self.locale, n=card.max)}"
        inner = panel(c, box, title, accent=mix(Palette.line, Palette.gold, 0.4))
        if card is None:
            return
        x0, y0, x1, _ = inner
        for k, cond in enumerate(card.conditions):
            y = y0 + 8 + k * COND_H
            with c.region((x0 + 4, y, x1 - 4, y + COND_H - 2), "condition"):
                points = f"{cond.juice}"
                c.text((x1 - 10, y + COND_H / 2), points, 19, JUICE, bold=True, anchor="rm")
                room = x1 - x0 - 40 - c.text_width(points, 19, True)
                c.fit_text(
                    (x0 + 10, y + COND_H / 2),
                    condition_words(card, cond, self.locale),
                    room,
                    17,
                    Palette.text,
                    min_size=12,
                    anchor="lm",
                )

    def draw_cards(self, box: Box) -> None:
        c = self.c
        title = t("held", self.locale, n=len(self.held))
        inner = panel(c, box, title)
        x0, y0, x1, _ = inner
        if not self.held:
            with c.region((x0, y0, x1, y0 + CARD_ROW_H), "no cards"):
                c.text(
                    (x0 + 6, y0 + CARD_ROW_H / 2),
                    t("no_cards", self.locale),
                    15,
                    Palette.faint,
                    anchor="lm",
                )
            return
        w = (x1 - x0 - 8) / 2
        for k, card_id in enumerate(self.held):
            bx = x0 + (k % 2) * (w + 8)
            by = y0 + 4 + (k // 2) * (CARD_ROW_H + 6)
            draw_mini_arch(c, (bx, by, bx + w, by + CARD_ROW_H), card_id, self.locale)
