"""What the table and the fight images share: reading the view once (:class:`Frame`), the
top bar (title, mode, whose turn and the phase, or the winners), the piles strip (deck
counts, the top of each discard), the notes strip (open offers, the open choice, the window)
and the compact player pills the fight shows under it.

Why a shared base: the fight *is* the table while it lasts (the bot posts one image), so both
must say the same about turn, phase, piles, offers and choices, in the same place."""

from __future__ import annotations

from typing import Any

from render.boxes import Box
from render.common import RGB, Canvas, Palette, mix, player_names
from render.munchkin_fu.layout import (
    NOTE_H,
    NOTE_SIZE,
    NOTE_W,
    PILES_H,
    PILL_H,
    PILLS_PER_ROW,
    note_lines,
    players,
)
from render.munchkin_fu.pieces import Cards, draw_back, draw_chip
from render.munchkin_fu.style import GAP, MARGIN, TOP_H, WIDTH, ints, t, tmpl, treasures

Note = tuple[str, list[str], RGB]
"""A line of the notes strip: a template (with ``{name}`` when ``names`` fill it), the names,
the colour."""

OPTION_WORDS = {
    "discard": {"en": "discard", "it": "scarta"},
    "give": {"en": "give", "it": "dai"},
    "yes": {"en": "yes", "it": "sì"},
    "no": {"en": "no", "it": "no"},
    "roll": {"en": "roll", "it": "tira"},
}


class Frame:
    """The view read once, and the parts every Munchkin Fu public image draws."""

    def __init__(self, view: dict[str, Any], locale: str, names: list[str] | None) -> None:
        self.view = view
        self.locale = locale
        self.players = players(view)
        self.n = len(self.players)
        self.names = player_names(names, max(self.n, 1), locale)
        self.cards = Cards(view, locale)
        self.phase = str(view.get("phase") or "")
        self.over = self.phase == "over"
        self.winners = set(ints(view.get("winners"))) if self.over else set()
        turn = view.get("turn")
        # setup is simultaneous (nobody's turn yet); over has no turn
        self.turn = turn if isinstance(turn, int) and self.phase not in ("setup", "over") else None
        self.pending = set(ints(view.get("pending")))

    def name(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return "?"

    # -- the top bar

    def draw_top(self, c: Canvas) -> None:
        """The title and the game's mode at the left; :meth:`draw_top_right` fills the rest."""
        box = (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + TOP_H)
        c.panel(box, fill=Palette.panel_hi)
        x0, y0, x1, y1 = box
        with c.region(box, "top bar"):
            c.text((x0 + 16, y0 + 24), t("title", self.locale), 26, Palette.gold, bold=True,
                   anchor="lm")  # fmt: skip
            c.fit_text((x0 + 16, y0 + 52), self.mode(), 300, 16, Palette.muted, anchor="lm")
            self.draw_top_right(c, (x0 + 330, y0 + 6, x1 - 16, y1 - 6))

    def draw_top_right(self, c: Canvas, box: Box) -> None:
        """The public images: the winners once over, else whose turn it is and the phase."""
        if self.over:
            self.draw_winners(c, box)
        else:
            self.draw_turn(c, box)

    def mode(self) -> str:
        parts = [t("race_to", self.locale, n=int(self.view.get("win_level") or 10))]
        parts += [t(k, self.locale) for k in ("fast", "epic") if self.view.get(k)]
        rnd = self.view.get("round")
        if isinstance(rnd, int) and rnd > 0:
            parts.append(t("round", self.locale, n=rnd))
        return " · ".join(parts)

    def draw_turn(self, c: Canvas, box: Box) -> None:
        x0, y0, x1, _ = box
        w = x1 - x0
        phase = self.phase_words()
        if self.turn is not None and self.phase != "setup":
            color = Palette.seat(self.turn)
            c.fit_name_text((x1, y0 + 18), tmpl("turn_of", self.locale), self.name(self.turn),
                            w, 24, color, bold=True, min_size=16, anchor="rm")  # fmt: skip
        c.fit_text((x1, y0 + 45), phase, w, 20, Palette.text, anchor="rm", min_size=14)

    def phase_words(self) -> str:
        key = f"phase_{self.phase}"
        return t(key, self.locale) if key in _PHASES else ""

    def draw_winners(self, c: Canvas, box: Box) -> None:
        x0, y0, x1, _ = box
        names = [self.name(s) for s in sorted(self.winners)]
        key = "wins" if len(names) == 1 else "shared"
        c.fit_name_text((x1, y0 + 18), tmpl(key, self.locale), names, x1 - x0, 24,
                        Palette.gold, bold=True, min_size=14, anchor="rm")  # fmt: skip
        c.fit_text((x1, y0 + 45), t("phase_over", self.locale), x1 - x0, 20, Palette.text,
                   anchor="rm")  # fmt: skip

    # -- the piles

    def draw_piles(self, c: Canvas, y: float) -> None:
        """Both decks (backs with counts) and both discards (count, top card as a chip)."""
        decks = self.view.get("decks") or {}
        discards = self.view.get("discards") or {}
        half = (WIDTH - 2 * MARGIN - GAP) / 2
        for k, deck in enumerate(("door", "treasure")):
            x0 = MARGIN + k * (half + GAP)
            box = (x0, y, x0 + half, y + PILES_H)
            c.panel(box, shadow=False)
            with c.region(box, f"{deck} piles"):
                c.fit_text((x0 + 12, y + PILES_H / 2), t(f"deck_{deck}", self.locale), 110, 18,
                           Palette.muted, bold=True, anchor="lm", min_size=12)  # fmt: skip
                draw_back(c, deck, (x0 + 130, y + 10, x0 + 184, y + PILES_H - 10),
                          int(decks.get(deck) or 0), f"{deck} deck")  # fmt: skip
                pile = discards.get(deck) or {}
                count = int(pile.get("count") or 0)
                c.fit_text((x0 + 198, y + PILES_H / 2), t("discard", self.locale, n=count), 110,
                           16, Palette.muted, anchor="lm", min_size=11)  # fmt: skip
                top = [str(x) for x in pile.get("top") or []]
                if top:
                    chip = (x0 + 314, y + 16, x0 + half - 10, y + PILES_H - 16)
                    draw_chip(c, self.cards, top[-1], chip, label=f"{deck} discard top")

    # -- the notes

    def notes(self) -> list[Note]:
        """Open offers and the open choice, one line each (the fight adds the window)."""
        out: list[Note] = []
        for offer in self.view.get("offers") or []:
            if isinstance(offer, dict):
                out.append((self.offer_line(offer), [], Palette.text))
        choice = self.view.get("choice")
        if isinstance(choice, dict):
            out += self.choice_notes(choice)
        return out

    @staticmethod
    def note_rows(notes: list[Note]) -> int:
        """How many lines ``notes`` take (see :func:`~render.munchkin_fu.layout.note_lines`)."""
        return sum(note_lines(text, bool(names)) for text, names, _ in notes)

    def offer_line(self, offer: dict[str, Any]) -> str:
        loc = self.locale
        key = "offer_help" if offer.get("kind") == "help" else "offer_trade"
        a, b = self.short(offer.get("source")), self.short(offer.get("target"))
        parts = [t(key, loc).format(a=a, b=b)]
        gives = [self.cards.name(i) for i in offer.get("items") or []]
        if int(offer.get("treasures") or 0):
            gives.append(treasures(int(offer["treasures"]), loc))
        if gives:
            parts.append(f"{t('offer_gives', loc)} " + ", ".join(gives))
        wants = [self.cards.name(i) for i in offer.get("want") or []]
        if wants:
            parts.append(f"{t('offer_wants', loc)} " + ", ".join(wants))
        if offer.get("helper_first"):
            parts.append(t("offer_first", loc))
        if offer.get("counter"):
            parts.append(t("offer_counter", loc))
        return " · ".join(parts)

    def short(self, seat: Any) -> str:
        """A name cut to a third of a line, for phrases naming two players."""
        return _cut(self.name(seat), 22)

    def choice_notes(self, choice: dict[str, Any], who: str = "choice") -> list[Note]:
        """``{name} chooses <what>`` and, on a line of its own, the options with the default,
        only when the view shows them (they may name hidden cards)."""
        loc = self.locale
        kind = str(choice.get("kind") or "")
        what = t(f"choice_{kind}", loc) if f"choice_{kind}" in _CHOICES else kind
        head = tmpl(who, loc) + " " + what
        names = [self.name(choice.get("seat"))] if "{name}" in head else []
        options = choice.get("options")
        if not isinstance(options, list):
            return [(head + " " + t("choice_hidden", loc), names, Palette.gold)]
        words = [self.option(o) for o in options[:8]]
        if len(options) > 8:
            words.append(t("more", loc, n=len(options) - 8))
        line = ", ".join(words)
        if choice.get("default") is not None:
            line += f" ({t('default', loc)}: {self.option(choice['default'])})"
        return [(head + ":", names, Palette.gold), (line, [], Palette.text)]

    def option(self, option: Any) -> str:
        """An engine option token in words: card ids by name, seats by name, verbs localised."""
        words = []
        for part in str(option).split(":"):
            if part in self.cards.data:
                words.append(self.cards.name(part))
            elif part in OPTION_WORDS:
                words.append(OPTION_WORDS[part].get(self.locale, part))
            elif part.isdigit() and words and words[0] == OPTION_WORDS["give"][self.locale]:
                words.append("→ " + self.short(int(part)))
            else:
                words.append(part.replace(",", " → ") if "," in part else part)
        return " ".join(words)

    def draw_notes(self, c: Canvas, notes: list[Note], y: float) -> None:
        box = (MARGIN, y, WIDTH - MARGIN, y + 12 + self.note_rows(notes) * NOTE_H)
        c.panel(box, fill=mix(Palette.panel, Palette.bg, 0.3), shadow=False)
        x = MARGIN + 14
        cy = y + 6 + NOTE_H / 2
        with c.region(box, "notes"):
            for text, names, color in notes:
                if names:
                    c.fit_name_text((x, cy), text, names, NOTE_W, NOTE_SIZE, color,
                                    min_size=12, anchor="lm")  # fmt: skip
                    cy += NOTE_H
                    continue
                count = note_lines(text, False)
                lines, size = c.wrap(text, NOTE_W, count, NOTE_SIZE, min_size=12)
                for line in lines:
                    c.text((x, cy), line, size, color, anchor="lm")
                    cy += NOTE_H
                cy += NOTE_H * (count - len(lines))

    # -- the player pills (under the fight)

    def draw_pills(self, c: Canvas, y: float) -> None:
        w = (WIDTH - 2 * MARGIN - 6 * (PILLS_PER_ROW - 1)) / PILLS_PER_ROW
        for seat, player in enumerate(self.players):
            row, col = divmod(seat, PILLS_PER_ROW)
            x0 = MARGIN + col * (w + 6)
            y0 = y + row * (PILL_H + 6)
            self.draw_pill(c, seat, player, (x0, y0, x0 + w, y0 + PILL_H))

    def draw_pill(self, c: Canvas, seat: int, player: dict[str, Any], box: Box) -> None:
        x0, y0, x1, y1 = box
        color = Palette.seat(seat)
        c.rect(box, fill=Palette.panel, outline=color if seat == self.turn else Palette.line,
               width=2, radius=10)  # fmt: skip
        c.rect((x0 + 3, y0 + 3, x0 + 9, y1 - 3), fill=color, radius=3)
        cy = (y0 + y1) / 2
        with c.region(box, f"pill {seat}"):
            level = str(int(player.get("level") or 0))
            c.text((x0 + 36, cy), level, 24, Palette.gold, bold=True, anchor="mm")
            stats = (
                "🂠"
                + str(int(player.get("hand") or 0))
                + "  ⚔"
                + str(int(player.get("strength") or 0))
            )
            sw = c.text_width(stats, 16, True)
            c.text((x1 - 10, cy), stats, 16, Palette.muted, bold=True, anchor="rm")
            c.fit_text((x0 + 58, cy), self.name(seat), x1 - x0 - 78 - sw, 17, color,
                       bold=True, min_size=13, anchor="lm")  # fmt: skip


_PHASES = {f"phase_{p}" for p in ("setup", "door", "trouble", "loot", "charity", "fight", "over")}
_CHOICES = {
    f"choice_{k}"
    for k in ("charity", "loot", "split", "run_order", "run", "mook_helper", "lose", "vanish")
}


def _cut(name: str, limit: int) -> str:
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"


def top_of_body() -> float:
    return MARGIN + TOP_H + GAP
