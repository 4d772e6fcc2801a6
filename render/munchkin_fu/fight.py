"""The fight image: while a fight is on, it is the table (the bot posts one image).

Top to bottom: the top bar; the two totals, big, with who is ahead (strictly greater wins,
so a tie is said to be the monsters'); the heroes' side (the fighter and the helper, each
with their strength line broken down into level, each item that counts and the rest: class,
style, mooks) beside the monsters (each card face with its level in this fight, its
enhancers, a double's mark and Hong Kong items); the cards played for each side (one-shots,
penalties, discards for a bonus); the notes (the stage, who passed and who the window still
waits for, open offers, the open choice, the spoils); a pill per player.

Why the breakdown comes partly from the player: the view gives each side's line per
character as one number; the level and the items come from the player's own entry, and
whatever is left of the line (classes, styles, mooks, bonuses against these monsters) is
shown as one line so the numbers always add up to what the engine will resolve."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.boxes import Box
from render.common import Canvas, Palette, mix
from render.munchkin_fu.bars import Frame, Note, top_of_body
from render.munchkin_fu.layout import (
    CHIP_H,
    HERO_HEAD,
    MONSTER_CARD_H,
    MONSTER_CARD_W,
    TOTALS_H,
    hero_height,
    monster_row_height,
    notes_height,
    pills_height,
)
from render.munchkin_fu.pieces import draw_card, draw_chip
from render.munchkin_fu.style import (
    AHEAD,
    GAP,
    HEROES,
    MARGIN,
    MONSTERS,
    WIDTH,
    ints,
    signed,
    t,
    tmpl,
    treasures,
)

HALF = (WIDTH - 2 * MARGIN - GAP) / 2
Line = tuple[str | None, str, int]
"""A strength line: the card it comes from (None: a plain label), the label, the amount."""


class FightImage(Frame):
    """The public table during a fight."""

    def __init__(self, view: dict[str, Any], locale: str, names: list[str] | None) -> None:
        super().__init__(view, locale, names)
        fight = view.get("fight")
        self.fight: dict[str, Any] = fight if isinstance(fight, dict) else {}
        self.monsters = [m for m in self.fight.get("monsters") or [] if isinstance(m, dict)]
        self.heroes = _side(self.fight.get("heroes"))
        self.foes = _side(self.fight.get("monsters_total"))
        own = {str(m.get("card")) for m in self.monsters}
        self.hero_extras = [(c, a) for c, a in self.heroes if c not in ("fighter", "helper")]
        self.foe_extras = [(c, a) for c, a in self.foes if c not in own]

    # -- measuring

    def hero_seats(self) -> list[tuple[int, str]]:
        seats = [(self.fight.get("fighter"), "fighter"), (self.fight.get("helper"), "helper")]
        return [(s, role) for s, role in seats if isinstance(s, int) and 0 <= s < self.n]

    def hero_lines(self, seat: int, role: str) -> list[Line]:
        """Level, each active item, and the rest of the engine's line for this character."""
        player = self.players[seat]
        level = int(player.get("level") or 0)
        lines: list[Line] = [(None, t("level_line", self.locale), level)]
        for item in player.get("items") or []:
            if isinstance(item, dict) and item.get("active") and not item.get("carried"):
                cid = str(item.get("id"))
                lines.append(
                    (cid, self.cards.name(cid), int(self.cards.get(cid).get("bonus") or 0))
                )
        total = dict(self.heroes).get(role, int(player.get("strength") or 0))
        rest = total - sum(a for _, _, a in lines)
        if rest:
            lines.append((None, t("powers", self.locale), rest))
        return lines

    def heroes_height(self) -> float:
        h = sum(hero_height(len(self.hero_lines(s, r))) + GAP for s, r in self.hero_seats())
        return h + self.extras_height(self.hero_extras)

    def monsters_height(self) -> float:
        rows = sum(monster_row_height(m) + GAP for m in self.monsters)
        return rows + self.extras_height(self.foe_extras)

    @staticmethod
    def extras_height(extras: list[tuple[str, int]]) -> float:
        return 0.0 if not extras else 30 + len(extras) * (CHIP_H + 4) + GAP

    def height(self, notes: int) -> int:
        body = max(self.heroes_height(), self.monsters_height(), 60)
        tail = notes_height(notes) + GAP + pills_height(self.n)
        return int(top_of_body() + TOTALS_H + GAP + body + tail + MARGIN)

    # -- drawing

    def draw(self) -> Image.Image:
        notes = self.notes()
        c = Canvas(WIDTH, self.height(self.note_rows(notes)), Palette.bg)
        self.draw_top(c)
        y = top_of_body()
        self.draw_totals(c, (MARGIN, y, WIDTH - MARGIN, y + TOTALS_H))
        y += TOTALS_H + GAP
        left = self.draw_heroes(c, y)
        right = self.draw_monsters(c, y)
        y = max(left, right, y + 60)
        if notes:
            self.draw_notes(c, notes, y)
            y += notes_height(self.note_rows(notes)) + GAP
        self.draw_pills(c, y)
        return c.image()

    def draw_totals(self, c: Canvas, box: Box) -> None:
        x0, y0, x1, _ = box
        c.panel(box, fill=Palette.panel_hi)
        hero = sum(a for _, a in self.heroes)
        foe = sum(a for _, a in self.foes)
        ahead = hero > foe
        mid = (x0 + x1) / 2
        with c.region(box, "totals"):
            c.fit_text((x0 + 20, y0 + 26), t("heroes", self.locale), 300, 20, HEROES, bold=True,
                       anchor="lm")  # fmt: skip
            c.text((x0 + 20, y0 + 66), str(hero), 48, HEROES, bold=True, anchor="lm")
            c.fit_text((x1 - 20, y0 + 26), t("monsters", self.locale), 300, 20, MONSTERS,
                       bold=True, anchor="rm")  # fmt: skip
            c.text((x1 - 20, y0 + 66), str(foe), 48, MONSTERS, bold=True, anchor="rm")
            c.text((mid, y0 + 30), t("vs", self.locale), 22, Palette.muted, bold=True,
                   anchor="mm")  # fmt: skip
            verdict = t("heroes_ahead" if ahead else "monsters_ahead", self.locale)
            c.fit_text((mid, y0 + 68), verdict, 520, 22, AHEAD if ahead else MONSTERS, bold=True,
                       min_size=13, anchor="mm")  # fmt: skip

    def draw_heroes(self, c: Canvas, y: float) -> float:
        x0 = MARGIN
        for seat, role in self.hero_seats():
            lines = self.hero_lines(seat, role)
            h = hero_height(len(lines))
            self.draw_hero(c, seat, role, lines, (x0, y, x0 + HALF, y + h))
            y += h + GAP
        return self.draw_extras(c, self.hero_extras, x0, y, HEROES)

    def draw_hero(self, c: Canvas, seat: int, role: str, lines: list[Line], box: Box) -> None:
        x0, y0, x1, _ = box
        color = Palette.seat(seat)
        c.panel(box, outline=color, width=2)
        total = sum(a for _, _, a in lines)
        with c.region(box, f"{role} {seat}"):
            c.text((x1 - 16, y0 + 30), str(total), 36, HEROES, bold=True, anchor="rm")
            room = x1 - x0 - 40 - c.text_width(str(total), 36, True)
            c.fit_text((x0 + 16, y0 + 16), self.role_words(role), room, 14, Palette.muted,
                       bold=True, min_size=10, anchor="lm")  # fmt: skip
            c.fit_text((x0 + 16, y0 + 38), self.name(seat), room, 21, color, bold=True,
                       min_size=12, anchor="lm")  # fmt: skip
            y = y0 + HERO_HEAD
            for cid, label, amount in lines:
                row = (x0 + 12, y, x1 - 12, y + CHIP_H)
                if cid is None:
                    self.plain_line(c, label, amount, row)
                else:
                    draw_chip(c, self.cards, cid, row, number=signed(amount) if amount else "")
                y += CHIP_H + 4

    def role_words(self, role: str) -> str:
        """ "Fighter", or "Helper" with the deal it accepted (its share of the treasure, and
        whether it picks first): the deal binds, so the table shows it."""
        words = [t(role, self.locale)]
        if role == "helper":
            share = int(self.fight.get("treasures") or 0)
            if share:
                words.append(treasures(share, self.locale))
            if self.fight.get("helper_first"):
                words.append(t("offer_first", self.locale))
        return " · ".join(words)

    def plain_line(self, c: Canvas, label: str, amount: int, box: Box) -> None:
        x0, y0, x1, y1 = box
        c.rect(box, fill=mix(Palette.panel, Palette.bg, 0.4), radius=6)
        with c.region(box, "line"):
            num = str(amount) if label == t("level_line", self.locale) else signed(amount)
            nw = c.text_width(num, 17, True)
            c.text((x1 - 6, (y0 + y1) / 2), num, 17, Palette.gold, bold=True, anchor="rm")
            c.fit_text((x0 + 13, (y0 + y1) / 2), label, x1 - x0 - 26 - nw, 17, Palette.text,
                       min_size=11, anchor="lm")  # fmt: skip

    def draw_extras(
        self, c: Canvas, extras: list[tuple[str, int]], x0: float, y: float, color: Any
    ) -> float:
        """Cards played for a side (one-shots, penalties, discards), each with its amount."""
        if not extras:
            return y
        label = (x0, y, x0 + HALF, y + 26)
        with c.region(label, "extras label"):
            c.fit_text((x0 + 4, y + 13), t("one_shots", self.locale), HALF - 8, 17, color,
                       bold=True, anchor="lm")  # fmt: skip
        y += 30
        for cid, amount in extras:
            draw_chip(
                c,
                self.cards,
                cid,
                (x0, y, x0 + HALF, y + CHIP_H),
                number=signed(amount) if amount else "",
            )
            y += CHIP_H + 4
        return y + GAP

    def draw_monsters(self, c: Canvas, y: float) -> float:
        x0 = MARGIN + HALF + GAP
        for k, monster in enumerate(self.monsters):
            h = monster_row_height(monster)
            self.draw_monster(c, k, monster, (x0, y, x0 + HALF, y + h))
            y += h + GAP
        return self.draw_extras(c, self.foe_extras, x0, y, MONSTERS)

    def draw_monster(self, c: Canvas, k: int, monster: dict[str, Any], box: Box) -> None:
        x0, y0, x1, y1 = box
        c.panel(box, outline=MONSTERS, width=2)
        cid = str(monster.get("card"))
        card = (x0 + 8, y0 + 6, x0 + 8 + MONSTER_CARD_W, y0 + 6 + MONSTER_CARD_H)
        draw_card(c, self.cards, cid, card, label=f"monster {k}")
        left = card[2] + 12
        with c.region((left, y0 + 4, x1 - 8, y1 - 4), f"monster {k} side"):
            level = str(int(monster.get("level") or 0))
            c.text((x1 - 14, y0 + 26), level, 36, MONSTERS, bold=True, anchor="rm")
            room = x1 - 14 - left - c.text_width(level, 36, True) - 10
            tag = t("level", self.locale)
            of = monster.get("double_of")
            if isinstance(of, int) and 0 <= of < len(self.monsters):
                original = self.cards.name(self.monsters[of].get("card"))
                tag = t("double_of", self.locale, name=original)
            elif monster.get("copy_of"):  # C7: its original was removed, the Double stays
                tag = t("double_of", self.locale, name=self.cards.name(monster["copy_of"]))
            c.fit_text((left, y0 + 26), tag, room, 17, Palette.muted, bold=True, anchor="lm")
        y = y0 + 48
        for extra in [*(monster.get("enhancers") or []), *(monster.get("hk_items") or [])]:
            draw_chip(c, self.cards, str(extra), (left, y, x1 - 8, y + CHIP_H))
            y += CHIP_H + 4

    # -- notes

    def notes(self) -> list[Note]:
        return [*self.window_notes(), *super().notes(), *self.spoils_notes()]

    def window_notes(self) -> list[Note]:
        loc = self.locale
        stage = str(self.fight.get("stage") or "fight")
        fighter = self.name(self.fight.get("fighter"))
        if stage == "fight":
            out: list[Note] = [(tmpl("stage_fight", loc), [fighter], Palette.gold)]
        else:
            key = f"stage_{stage}" if stage in ("window", "run", "done") else "stage_window"
            out = [(t(key, loc), [], Palette.gold)]
        window = self.fight.get("window") or {}
        if stage == "window":
            passed = sorted(set(ints(window.get("passed"))) | set(ints(window.get("passed_fight"))))
            waiting = ints(window.get("waiting"))
            out.append(self.seats_note("passed", passed, Palette.muted))
            out.append(self.seats_note("waiting", waiting, Palette.text))
        return out

    def seats_note(self, key: str, seats: list[int], color: Any) -> Note:
        if not seats:
            return (f"{t(key, self.locale)} {t('nobody', self.locale)}", [], color)
        return (t(key, self.locale) + " {name}", [self.name(s) for s in seats], color)

    def spoils_notes(self) -> list[Note]:
        loot = [self.cards.name(x) for x in self.fight.get("loot") or []]
        out: list[Note] = []
        if loot:
            out.append((f"{t('loot', self.locale)}: " + ", ".join(loot), [], Palette.gold))
        escaped = ints(self.fight.get("escaped"))
        if escaped:
            out.append(self.seats_note("escaped", escaped, Palette.muted))
        return out


def _side(data: Any) -> list[tuple[str, int]]:
    """A side's ``lines`` from the view as (what, amount) pairs."""
    lines = data.get("lines") if isinstance(data, dict) else None
    out: list[tuple[str, int]] = []
    for line in lines or []:
        if isinstance(line, list | tuple) and len(line) == 2 and isinstance(line[1], int):
            out.append((str(line[0]), line[1]))
    return out
