"""The board's top bar and its key of Being types, as a base class of the board.

Split from :mod:`render.notte_di_terrore.board` to keep each module short: the frame around
the strips reads only the view's turn, phase, outcome and deck sizes, never a player's strip."""

from __future__ import annotations

from typing import Any

from render.boxes import Box
from render.common import Canvas, Palette, gold_banner, mix, tr
from render.notte_di_terrore.icons import card_back, icon, type_badge
from render.notte_di_terrore.pieces import Cards
from render.notte_di_terrore.style import _PHASES, DECK_BACKS, TYPE_ORDER, _t, _tmpl


class _Bars:
    """The board's frame around the strips: the top bar (title, turn and victory rule, the phase
    and who is to act, or the game-over banner; the four draw piles) and the key of Being types
    under the strips. A base of :class:`~render.notte_di_terrore.board._Board`, whose
    ``__init__`` sets every attribute declared here."""

    c: Canvas
    view: dict[str, Any]
    locale: str
    cards: Cards
    phase: str
    over: bool
    n: int
    names: list[str]
    winners: list[int]
    terror: list[int]
    current: Any
    to_act: Any

    def draw_legend(self, box: Box) -> None:
        """The eight Being types with their icons: Weapons and Places show types by icon only."""
        c = self.c
        x0, y0, x1, y1 = box
        cy = (y0 + y1) / 2
        known = [t for t in TYPE_ORDER if t in self.cards.types] or list(TYPE_ORDER)
        types = known + [t for t in self.cards.types if t not in known]
        names = [self.cards.type_name(t) for t in types]
        size = 15.0
        while size > 10 and sum(c.text_width(n, size, True) + 58 for n in names) > x1 - x0:
            size -= 1
        widths = [c.text_width(n, size, True) + 32 for n in names]
        gap = (x1 - x0 - sum(widths)) / max(1, len(types))
        x = x0 + gap / 2
        for type_id, name, w in zip(types, names, widths, strict=True):
            type_badge(c, type_id, x + 12, cy, 24)
            c.text((x + 30, cy), name, size, Palette.muted, bold=True, anchor="lm")
            x += w + gap

    # -- top bar
    def draw_top(self, box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        cy = (y0 + y1) / 2
        if self.over:
            with c.region(box, "game over"):
                self.draw_banner(box)
            return
        c.panel(box, fill=Palette.panel, outline=Palette.line, radius=16, shadow=False)
        with c.region(box, "top bar"):
            right = self.draw_decks(x1 - 14, cy)
            left = self.draw_title(x0 + 16, cy)
            self.draw_phase(left + 24, right - 20, cy)

    def draw_title(self, x: float, cy: float) -> float:
        """Moon, title, and the turn / victory rule beneath; returns the right edge."""
        c = self.c
        icon(c, "moon", x + 20, cy, 40, Palette.gold)
        title = _t("title", self.locale).upper()
        c.text((x + 50, cy - 11), title, 24, Palette.text, bold=True, anchor="lm")
        victory = (self.view.get("options") or {}).get("victory") or "least_terror"
        sub = _t("home_first" if victory == "home_first" else "least_terror", self.locale)
        turn = self.view.get("turn_number")
        if isinstance(turn, int) and turn > 0:
            sub = f"{tr('turn', self.locale)} {turn} · {sub}"
        c.text((x + 50, cy + 16), sub, 15, Palette.muted, anchor="lm")
        return x + 50 + max(c.text_width(title, 24, True), c.text_width(sub, 15))

    def draw_phase(self, x0: float, x1: float, cy: float) -> None:
        c = self.c
        label = _t(f"phase_{self.phase}", self.locale) if self.phase in _PHASES else self.phase
        label = label.upper()
        lw = c.text_width(label, 17, True)
        pill = (x0, cy - 16, x0 + lw + 24, cy + 16)
        c.rect(pill, fill=Palette.gold, radius=16)
        with c.region(pill, "phase"):
            c.text((x0 + 12, cy), label, 17, Palette.ink, bold=True, anchor="lm")
        x = x0 + lw + 36
        who = self.to_act if self.phase == "apparition" else self.current
        if self.phase == "split" or not isinstance(who, int) or not 0 <= who < self.n:
            if self.phase == "split":
                c.fit_text(
                    (x, cy),
                    _t("do_split", self.locale),
                    x1 - x,
                    19,
                    Palette.text,
                    min_size=13,
                    anchor="lm",
                )
            return
        template = _tmpl(f"do_{self.phase}", self.locale) if self.phase in _PHASES else "{name}"
        c.fit_name_text(
            (x, cy),
            template,
            self.names[who],
            x1 - x,
            22,
            Palette.seat(who),
            bold=True,
            min_size=14,
            anchor="lm",
        )

    def draw_decks(self, right: float, cy: float) -> float:
        """The four draw piles, right-aligned, each a column: a card back and its size over the
        pile's name; returns their left edge."""
        c = self.c
        sizes = self.view.get("deck_sizes") or {}
        step = 66
        x = right - 4 * step
        for i, deck in enumerate(("beings", "events", "weapons", "places")):
            bx = x + i * step
            back = DECK_BACKS[deck]
            with c.region((bx - 2, cy - 32, bx + step - 4, cy + 32), deck):
                card_back(
                    c, (bx, cy - 24, bx + 24, cy + 10), back, mix(back, (255, 255, 255), 0.45), None
                )
                n = sizes.get(deck)
                size = str(n if isinstance(n, int) else "–")
                c.fit_text(
                    (bx + 29, cy - 7), size, step - 33, 19, Palette.text, bold=True, anchor="lm"
                )
                name = _t(deck, self.locale)
                c.fit_text(
                    (bx + step / 2 - 3, cy + 22),
                    name,
                    step - 6,
                    13,
                    Palette.muted,
                    min_size=9,
                    anchor="mm",
                )
        return x

    def draw_banner(self, box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        cy = (y0 + y1) / 2
        gold_banner(c, box)
        icon(c, "moon", x0 + 34, cy, 38, Palette.ink)
        label = _t("phase_over", self.locale).upper()
        c.text(
            (x0 + 62, cy), label, 20, mix(Palette.ink, Palette.gold, 0.3), bold=True, anchor="lm"
        )
        x = x0 + 84 + c.text_width(label, 20, True)
        winners = [w for w in self.winners if 0 <= w < self.n]
        score = ""
        if winners:
            score = f"{_t('terror', self.locale)} {self.terror[winners[0]]}"
        sw = c.text_width(score, 24, True)
        c.text((x1 - 24, cy), score, 24, Palette.ink, bold=True, anchor="rm")
        room = x1 - 48 - sw - x
        if len(winners) == 1:
            c.fit_name_text(
                (x, cy),
                _tmpl("wins", self.locale),
                self.names[winners[0]],
                room,
                32,
                Palette.ink,
                bold=True,
                min_size=20,
                anchor="lm",
            )
        elif winners:
            c.fit_name_text(
                (x, cy),
                _tmpl("shared", self.locale),
                [self.names[w] for w in winners],
                room,
                28,
                Palette.ink,
                bold=True,
                min_size=18,
                anchor="lm",
            )
