"""The hand image sent by DM, from one seat's own view: a note when the seat must choose
how many Events to hold, its Beings and Events (playable ones framed in gold), its Weapons, its
revealed Place and the Places still ahead.

Apart from the board: it shares only the card pieces (:mod:`render.notte_di_terrore.pieces`)
and the Weapon slot size with it."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.boxes import Box
from render.common import Canvas, Palette, mix, tr
from render.notte_di_terrore.icons import card_back, forbidden_badge, icon, type_badge, type_cue
from render.notte_di_terrore.layout import SLOT, _players
from render.notte_di_terrore.pieces import Cards, draw_weapon
from render.notte_di_terrore.style import (
    _PHASES,
    DECK_BACKS,
    NECRO,
    NIGHT,
    NIGHT_EDGE,
    PLACE,
    PLACE_EDGE,
    _on,
    _signed,
    _t,
    type_color,
    wrap_name,
)

HAND_W = 1200
HAND_PAD = 24
HCARD_W, HCARD_H = 132, 176
HCARD_GAP = 10
PER_ROW = 8


class _Hand:
    """One seat's hand: a note when a split is to choose, Beings, Events, Weapons, Places."""

    def __init__(self, view: dict[str, Any], locale: str) -> None:
        self.view = view
        self.locale = locale
        self.cards = Cards(view, locale)
        seat = view.get("seat")
        players = _players(view)
        self.seat = seat if isinstance(seat, int) else None
        self.me: dict[str, Any] = (
            players[self.seat] if self.seat is not None and 0 <= self.seat < len(players) else {}
        )
        hand = [str(x) for x in self.me.get("hand") or view.get("hand") or []]
        self.beings = [x for x in hand if self.cards.deck(x) == "beings"]
        self.events = [x for x in hand if x not in self.beings]
        self.note_key, self.note = self.note_text()
        self.playable = self.legal_cards()
        self.height = self.measure()
        self.c = Canvas(HAND_W, self.height, Palette.bg, table=Palette.table)

    def note_text(self) -> tuple[str, str]:
        """(key, text) of the note over the cards: the seat has a hand split to choose."""
        size = self.view.get("hand_size")
        n = size if isinstance(size, int) else len(self.beings) + len(self.events)
        kinds = {a.get("type") for a in self.view.get("legal") or [] if isinstance(a, dict)}
        if "choose_split" in kinds:
            key = "split_note"
        elif self.view.get("phase") == "split":
            key = "split_done"
        elif "refill" in kinds:
            key = "refill_note"
        else:
            return "", ""
        return key, _t(key, self.locale, n=n)

    def legal_cards(self) -> set[str]:
        """Cards the seat can play or discard right now (framed in gold)."""
        out: set[str] = set()
        for action in self.view.get("legal") or []:
            if isinstance(action, dict) and action.get("type") in (
                "place_being",
                "place_event",
                "summon",
                "discard",
            ):
                out |= {str(action[k]) for k in ("card", "being") if action.get(k)}
        return out

    @staticmethod
    def grid_height(count: int) -> float:
        rows = max(1, -(-count // PER_ROW))
        return 30 + rows * HCARD_H + (rows - 1) * HCARD_GAP

    def measure(self) -> int:
        h: float = HAND_PAD + 56
        if self.note:
            h += 62
        if self.beings or self.events:
            for group in (self.beings, self.events):
                if group:
                    h += self.grid_height(len(group)) + 14
        else:
            h += 120 + 14
        h += 30 + SLOT + 16  # Weapons and Places
        return int(h + HAND_PAD)

    def draw(self) -> Image.Image:
        c = self.c
        c.table_top((6, 6, HAND_W - 6, self.height - 6), Palette.table, 20)
        y = self.draw_title(HAND_PAD)
        if self.note:
            y = self.draw_note(y)
        if self.beings or self.events:
            for key, group in (("beings", self.beings), ("events", self.events)):
                if group:
                    y = self.draw_group(key, group, y) + 14
        else:
            box = (HAND_PAD, y, HAND_W - HAND_PAD, y + 120)
            c.dashed_rect(box, Palette.faint, 2, 10, 14)
            with c.region(box, "no cards"):
                c.text(
                    (HAND_W / 2, y + 60),
                    tr("no_cards", self.locale),
                    26,
                    Palette.muted,
                    bold=True,
                    anchor="mm",
                )
            y += 120 + 14
        self.draw_bottom(y)
        return c.image()

    def draw_title(self, y: float) -> float:
        """The title, the hint about gold frames, and the turn, phase and Terror on the right
        (drawn first: the hint gets the room left between them)."""
        c = self.c
        accent = Palette.seat(self.seat) if self.seat is not None else Palette.text
        cy = y + 22
        x1 = HAND_W - HAND_PAD
        with c.region((HAND_PAD, y, x1, y + 44), "title"):
            c.circle(HAND_PAD + 10, cy, 9, fill=accent)
            title = tr("your_hand", self.locale)
            c.text((HAND_PAD + 28, cy), title, 30, Palette.text, bold=True, anchor="lm")
            x = HAND_PAD + 44 + c.text_width(title, 30, True)
            info_w = c.fit_text(
                (x1, cy), self.info(), (x1 - x) * 0.6, 20, Palette.muted, bold=True, anchor="rm"
            )
            room = x1 - info_w - 24 - x
            if self.playable and room > 60:
                hint = _t("playable", self.locale)
                c.fit_text((x, cy + 2), hint, room, 15, Palette.gold, min_size=11, anchor="lm")
        return y + 56

    def info(self) -> str:
        """The title's right side ("Turn 3 · Resolution · Terror 7"), as much as the view tells."""
        phase = str(self.view.get("phase") or "")
        parts = [_t(f"phase_{phase}", self.locale)] if phase in _PHASES else []
        turn = self.view.get("turn_number")
        if isinstance(turn, int) and turn > 0:
            parts.insert(0, f"{tr('turn', self.locale)} {turn}")
        terror = self.me.get("terror")
        if isinstance(terror, int):
            parts.append(f"{_t('terror', self.locale)} {terror}")
        return " · ".join(parts)

    def draw_note(self, y: float) -> float:
        c = self.c
        box = (HAND_PAD, y, HAND_W - HAND_PAD, y + 50)
        urgent = self.note_key != "split_done"
        fill = Palette.gold if urgent else mix(Palette.gold, Palette.panel, 0.75)
        c.rect(box, fill=fill, radius=12)
        ink = Palette.ink if urgent else Palette.text
        with c.region(box, "note"):
            c.fit_text(
                (HAND_PAD + 18, y + 25),
                self.note,
                HAND_W - 2 * HAND_PAD - 36,
                21,
                ink,
                bold=True,
                min_size=13,
                anchor="lm",
            )
        return y + 62

    def draw_group(self, key: str, group: list[str], y: float) -> float:
        c = self.c
        with c.region((HAND_PAD, y, HAND_W - HAND_PAD, y + 24), key):
            c.text(
                (HAND_PAD, y + 12),
                f"{_t(key, self.locale).upper()} · {len(group)}",
                16,
                Palette.muted,
                bold=True,
                anchor="lm",
            )
        y += 30
        for i, cid in enumerate(group):
            row, col = divmod(i, PER_ROW)
            x = HAND_PAD + col * (HCARD_W + HCARD_GAP)
            cy = y + row * (HCARD_H + HCARD_GAP)
            box = (x, cy, x + HCARD_W, cy + HCARD_H)
            if cid in self.playable:
                c.rect(
                    (x - 4, cy - 4, x + HCARD_W + 4, cy + HCARD_H + 4), fill=Palette.gold, radius=13
                )
            with c.region(box, f"{key} {i + 1}"):
                if key == "beings":
                    self.draw_being_card(cid, box)
                else:
                    self.draw_event_card(cid, box)
        rows = max(1, -(-len(group) // PER_ROW))
        return y + rows * HCARD_H + (rows - 1) * HCARD_GAP

    def draw_being_card(self, cid: str, box: Box) -> None:
        c, cards = self.c, self.cards
        x0, y0, x1, y1 = box
        info = cards.get(cid)
        color = type_color(info.get("type"))
        c.rect(box, fill=Palette.card, outline=Palette.card_edge, width=1.5, radius=10)
        c.rect((x0, y0, x1, y0 + 70), fill=color, radius=10)
        c.rect((x0, y0 + 40, x1, y0 + 70), fill=color)
        with c.region((x0, y0, x1, y0 + 70), "type band", cue=type_cue(info.get("type"))):
            icon(c, str(info.get("type")), (x0 + x1) / 2, y0 + 36, 50, _on(color))
        value = info.get("value")
        if isinstance(value, int):
            c.circle(x1 - 18, y0 + 18, 14, fill=Palette.ink)
            c.text((x1 - 18, y0 + 18), str(value), 18, Palette.gold, bold=True, anchor="mm")
        lines, size = wrap_name(c, cards.name(cid), x1 - x0 - 14, 2, 16, bold=True, min_size=11)
        for i, line in enumerate(lines):
            c.text(
                ((x0 + x1) / 2, y0 + 80 + i * (size + 4)),
                line,
                size,
                Palette.ink,
                bold=True,
                anchor="ma",
            )
        c.fit_text(
            ((x0 + x1) / 2, y1 - 18),
            cards.type_name(info.get("type")),
            x1 - x0 - 12,
            14,
            mix(color, Palette.ink, 0.6),  # 4.5:1 on the card for every type
            bold=True,
            min_size=10,
            anchor="mm",
        )

    def draw_event_card(self, cid: str, box: Box) -> None:
        c, cards = self.c, self.cards
        x0, y0, x1, y1 = box
        info = cards.get(cid)
        color = cards.event_color(cid)
        necro = cards.is_necronomicon(cid)
        stock = mix(DECK_BACKS["events"], Palette.card, 0.86)
        c.rect(box, fill=stock, outline=mix(color, Palette.ink, 0.2), width=2, radius=10)
        c.rect((x0, y0, x1, y0 + 10), fill=color, radius=10)
        c.rect((x0, y0 + 5, x1, y0 + 10), fill=color)
        favours = info.get("favours")
        if necro:  # worth no Terror: its book says what it does instead
            icon(c, "book", (x0 + x1) / 2, y0 + 34, 36, NECRO)
        else:
            value = _signed(cards.value(cid))
            c.text((x0 + 10, y0 + 32), value, 24, Palette.ink, bold=True, anchor="lm")
        if favours:
            type_badge(c, favours, x1 - 26, y0 + 34, 36)
        lines, size = wrap_name(c, cards.name(cid), x1 - x0 - 14, 3, 16, bold=True, min_size=11)
        for i, line in enumerate(lines):
            c.text(
                ((x0 + x1) / 2, y0 + 60 + i * (size + 4)),
                line,
                size,
                Palette.ink,
                bold=True,
                anchor="ma",
            )
        if necro:
            hint = _t("necro_hint", self.locale)
        elif favours:
            hint = _t("favours", self.locale, type=cards.type_name(favours))
        else:
            hint = _t("any_being", self.locale)
        hint_lines, hsize = wrap_name(c, hint, x1 - x0 - 12, 2, 13, bold=False, min_size=10)
        for i, line in enumerate(reversed(hint_lines)):
            c.text(
                ((x0 + x1) / 2, y1 - 14 - i * (hsize + 3)),
                line,
                hsize,
                mix(Palette.ink, stock, 0.3),
                anchor="mm",
            )

    def draw_bottom(self, y: float) -> None:
        """Left to right, each column under its own label and as wide as the wider of the two:
        the table Weapons, the Weapon in hand, the Places ahead, the Place being crossed."""
        c = self.c
        table = [str(w) for w in self.me.get("table") or [] if w]
        hand = self.me.get("weapon_hand")
        sy = y + 30
        x = self.draw_weapon_column("weapons", table, HAND_PAD, y, sy)
        if hand:
            c.line([(x + 12, sy + 6), (x + 12, sy + SLOT - 6)], Palette.line, 1.5)
            x = self.draw_weapon_column("in_hand", [str(hand)], x + 24, y, sy)
        x = self.draw_places_ahead(x + 36, y, sy)
        revealed = self.me.get("revealed")
        if revealed:
            self.draw_your_place(str(revealed), (x + 36, y, HAND_W - HAND_PAD, sy + SLOT))

    def draw_weapon_column(
        self, key: str, weapons: list[str], x0: float, y: float, sy: float
    ) -> float:
        """A label over Weapon cards (gold: discardable now) from ``x0``; returns the right
        edge."""
        c = self.c
        label = _t(key, self.locale).upper()
        none = _t("none", self.locale)
        content = len(weapons) * (SLOT + 10) - 10 if weapons else c.text_width(none, 18)
        x1 = x0 + max(c.text_width(label, 16, True), content)
        turned = {str(t) for t in self.view.get("turned") or []}
        with c.region((x0, y, x1, sy + SLOT), key):
            c.text((x0, y + 12), label, 16, Palette.muted, bold=True, anchor="lm")
            if not weapons:
                c.text((x0, sy + SLOT / 2), none, 18, Palette.faint, anchor="lm")
            for i, cid in enumerate(weapons):
                slot = (x0 + i * (SLOT + 10), sy, x0 + i * (SLOT + 10) + SLOT, sy + SLOT)
                glow = cid in self.playable  # discardable now
                draw_weapon(c, self.cards, cid, slot, turned=cid in turned, big=True, glow=glow)
        return x1

    def draw_places_ahead(self, x0: float, y: float, sy: float) -> float:
        """The face-down Places still to cross and their count; returns the right edge."""
        c = self.c
        down = max(0, int(self.me.get("face_down") or 0))
        label = _t("places_ahead", self.locale).upper()
        count = f"× {down}"
        fan = (down - 1) * 26 + 60 + 14 if down else 0
        x1 = x0 + max(c.text_width(label, 16, True), fan + c.text_width(count, 28, True))
        with c.region((x0, y, x1, sy + SLOT), "places ahead"):
            c.text((x0, y + 12), label, 16, Palette.muted, bold=True, anchor="lm")
            for i in range(down):
                bx = x0 + i * 26
                card_back(c, (bx, sy + 10, bx + 60, sy + 94), NIGHT, NIGHT_EDGE)
            c.text((x0 + fan, sy + 52), count, 28, Palette.text, bold=True, anchor="lm")
        return x1

    def draw_your_place(self, cid: str, box: Box) -> None:
        """The Place being crossed: its name, the types it forbids, its cap per type."""
        c = self.c
        x0, y, x1, _y1 = box
        sy = y + 30
        label = _t("your_place", self.locale).upper()
        card = (x0, sy + 10, x1, sy + 94)
        with c.region(box, "your place"):
            c.fit_text((x0, y + 12), label, x1 - x0, 16, Palette.muted, bold=True, anchor="lm")
            c.rect(
                card, fill=mix(PLACE, Palette.panel, 0.15), outline=PLACE_EDGE, width=2, radius=12
            )
            with c.region(card, "place card"):
                self.draw_place_card(cid, card)

    def draw_place_card(self, cid: str, box: Box) -> None:
        c = self.c
        x0, y0, x1, _y1 = box
        c.fit_text(
            (x0 + 12, y0 + 24),
            self.cards.name(cid),
            x1 - x0 - 24,
            20,
            Palette.text,
            bold=True,
            min_size=12,
            anchor="lm",
        )
        info = self.cards.get(cid)
        bx = x0 + 12
        for type_id in info.get("forbidden") or []:
            forbidden_badge(c, type_id, bx + 11, y0 + 60, 22)
            bx += 28
        cap = info.get("max_per_type")
        if isinstance(cap, int) and x1 - bx - 18 > 40:
            text = _t("max_type", self.locale, n=cap)
            c.fit_text(
                (bx + 6, y0 + 60), text, x1 - bx - 18, 14, Palette.muted, min_size=10, anchor="lm"
            )
