"""The final scoring table (issue 9: "where each point came from"), drawn from the view's
``sheets`` once the game is over: one column per seat, one row per source of Juice.

Rows, top to bottom, follow the rulebook's steps (F1): the Juice earned in play, the creatures
in the final area per colour (F5: creatures × dice kept × 3), the prophecy card (F7: its title,
then each condition met with its points, and the cap at 50 where it bites), the Arch Monster
cards (F8: each card held, how often it counted, its points), the dice F2 removed (they score
nothing, F4), and the total. The winners (F9/F10, the engine's own rule through
:mod:`.catalogue`) are framed in gold and named in the banner.

Every line of every sheet is drawn in a region named ``line <seat> <source> <item>`` holding
its points, so the tests can prove that no line is left out.

By mode: solo 1 gives its score and no winner (O9); solo 2 adds a column for Spider Jack, whose
Juice the view gives whole (``jack.juice``: it has no sheet), and you win only with strictly
more (I37), else "Spider Jack wins"; family mode has no Arch cards and removes no dice (FM2,
I59), so its table is the Juice before, the prophecy lines and the total, and a tie is shared
(FM17, I33).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from render.boxes import Box
from render.common import Canvas, Palette, mix
from render.monsters_on_board import catalogue as cat
from render.monsters_on_board.cards import condition_by_id, condition_words, prophecy_title
from render.monsters_on_board.jack_area import difficulty
from render.monsters_on_board.layout import GAP, frame, is_family, jack_of
from render.monsters_on_board.style import (
    JACK_INK,
    JUICE,
    MARGIN,
    WIDTH,
    colour_name,
    name_of,
    seat_colour,
    t,
    template,
)

TOP_H = 78
HEAD_H = 60
ROW_H = 34
TALL_ROW_H = 46
LABEL_W = 236
FOOT_H = 30


@dataclass
class Row:
    """One row of the table: its label, its height, and per seat the line (if any) it shows."""

    label: str
    height: float
    cells: dict[int, dict[str, Any]] = field(default_factory=dict)
    kind: str = "line"  # line | title | removed | total


def _lines(sheet: dict[str, Any], source: str) -> list[dict[str, Any]]:
    return [x for x in sheet.get("lines") or [] if isinstance(x, dict) and x["source"] == source]


def build_rows(
    sheets: list[dict[str, Any]],
    prophecies: list[str | None],
    locale: str,
    *,
    family: bool = False,
    jack: int | None = None,
) -> list[Row]:
    """The table's rows from the sheets, in the order of the rulebook's steps; ``family``
    leaves out the Arch cards and the removed dice (FM2, I59); ``jack``, Spider Jack's Juice,
    fills its column (after the seats') on the first row and the total."""
    rows = [Row(t("before", locale), ROW_H)]
    for seat, sheet in enumerate(sheets):
        for line in _lines(sheet, "before"):
            rows[0].cells[seat] = line
    if jack is not None:
        rows[0].cells[len(sheets)] = {"source": "jack", "item": "juice", "juice": jack}
    for colour_id in cat.COLOURS:
        row = Row(t("final_row", locale, colour=colour_name(colour_id, locale)), ROW_H)
        for seat, sheet in enumerate(sheets):
            for line in _lines(sheet, "final_creatures"):
                if line["item"] == colour_id:
                    row.cells[seat] = line
        if row.cells:
            rows.append(row)
    title = Row(t("prophecy_row", locale), ROW_H, kind="title")
    title.cells = {s: {"title": p} for s, p in enumerate(prophecies) if p}
    rows.append(title)
    rows += _stacked(sheets, "prophecy")
    total = Row(t("total", locale), 48, kind="total")
    total.cells = {s: {"total": int(sheet.get("total") or 0)} for s, sheet in enumerate(sheets)}
    if jack is not None:
        total.cells[len(sheets)] = {"total": jack}
    if family:
        return [*rows, total]
    rows.append(Row(t("arch_row", locale), ROW_H, kind="title"))
    rows += _stacked(sheets, "arch")
    removed = Row(t("removed", locale), ROW_H, kind="removed")
    removed.cells = {
        s: {"count": len(sheet.get("removed") or [])} for s, sheet in enumerate(sheets)
    }
    return [*rows, removed, total]


def _stacked(sheets: list[dict[str, Any]], source: str) -> list[Row]:
    """A section whose lines differ per seat (each seat's own prophecy conditions, its own
    Arch cards): as many rows as the longest seat's list, each seat's lines stacked in its
    column."""
    per_seat = [_lines(sheet, source) for sheet in sheets]
    rows = [Row("", TALL_ROW_H) for _ in range(max((len(x) for x in per_seat), default=0))]
    for seat, lines in enumerate(per_seat):
        for k, line in enumerate(lines):
            rows[k].cells[seat] = line
    return rows


def _rows(view: dict[str, Any], locale: str) -> list[Row]:
    sheets, prophecies = _sheets(view)
    jack = jack_of(view)
    juice = int(jack.get("juice") or 0) if jack is not None else None
    return build_rows(sheets, prophecies, locale, family=is_family(view), jack=juice)


def table_height(view: dict[str, Any], locale: str) -> int:
    rows = _rows(view, locale)
    return int(MARGIN + TOP_H + GAP + HEAD_H + sum(r.height for r in rows) + FOOT_H + MARGIN + 8)


def _sheets(view: dict[str, Any]) -> tuple[list[dict[str, Any]], list[str | None]]:
    sheets = [s if isinstance(s, dict) else {} for s in view.get("sheets") or []]
    seats = [s if isinstance(s, dict) else {} for s in view.get("seats") or []]
    prophecies = [
        str(seats[k].get("prophecy")) if k < len(seats) and seats[k].get("prophecy") else None
        for k in range(len(sheets))
    ]
    return sheets, prophecies


def _points(juice: int, *, signed: bool = True) -> str:
    if juice < 0:
        return f"−{-juice}"
    return f"+{juice}" if signed else str(juice)


class ScoringTable:
    """The final scoring table of a finished game (see the module docstring)."""

    def __init__(self, view: dict[str, Any], locale: str, players: list[str]) -> None:
        self.locale = locale
        self.sheets, self.prophecies = _sheets(view)
        self.mode = str(view.get("mode") or "normal")
        self.jack = jack_of(view)
        self.names = list(players[: len(self.sheets)])
        self.rows = _rows(view, locale)
        self.solo = self.mode == "solo1"
        self.view_winners = list(view.get("winners") or [])
        self.winners = self.find_winners()
        self.height = table_height(view, locale)
        self.c = Canvas(WIDTH, self.height, Palette.bg)
        n = max(1, len(self.sheets) + (1 if self.jack is not None else 0))
        self.col_w = (WIDTH - 2 * MARGIN - 20 - LABEL_W) / n

    def find_winners(self) -> list[int]:
        """The winning columns, as the view's outcome says (no rule restated here): none in
        solo 1 (O9); the player's or Spider Jack's column in solo 2 (I37, its rival)."""
        if self.solo:
            return []
        winners = [int(s) for s in self.view_winners]
        if self.jack is not None and not winners:
            return [len(self.sheets)]  # Spider Jack's column
        return winners

    def footnote(self) -> str:
        if self.solo:
            return t("solo_note", self.locale)
        if self.jack is not None:
            return t("jack_tie", self.locale)
        return t("family_tie" if self.mode == "family" else "tie_break", self.locale)

    def column(self, seat: int) -> tuple[float, float]:
        x = MARGIN + 10 + LABEL_W + seat * self.col_w
        return x, x + self.col_w

    def draw(self) -> Image.Image:
        c = self.c
        frame(c, self.height)
        self.draw_banner((MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + TOP_H))
        y0 = MARGIN + TOP_H + GAP
        c.panel((MARGIN, y0, WIDTH - MARGIN, self.height - MARGIN), radius=14)
        y: float = y0 + HEAD_H
        for k, row in enumerate(self.rows):
            if k % 2 == 0 and row.kind != "total":
                c.rect(
                    (MARGIN + 6, y, WIDTH - MARGIN - 6, y + row.height),
                    fill=mix(Palette.panel, Palette.bg, 0.25),
                )
            y += row.height
        for seat in self.winners:
            x0, x1 = self.column(seat)
            c.rect((x0 + 2, y0 + 4, x1 - 2, y), outline=Palette.gold, width=2.5, radius=10)
        self.draw_heads(y0 + 4)
        y = y0 + HEAD_H
        for row in self.rows:
            self.draw_row(row, y)
            y += row.height
        with c.region((MARGIN + 10, y + 2, WIDTH - MARGIN - 10, y + FOOT_H), "footnote"):
            c.fit_text(
                (MARGIN + 16, y + FOOT_H / 2 + 2),
                self.footnote(),
                WIDTH - 2 * MARGIN - 32,
                13,
                Palette.muted,
                min_size=11,
                anchor="lm",
            )
        return c.image()

    def draw_banner(self, box: Box) -> None:
        c = self.c
        x0, y0, x1, _ = box
        c.panel(box, fill=Palette.panel_hi, radius=16)
        with c.region(box, "banner"):
            c.text(
                (x0 + 18, y0 + 24),
                f"{t('title', self.locale)} · {t('scoring', self.locale)}",
                20,
                Palette.muted,
                bold=True,
                anchor="lm",
            )
            names = [self.names[s] for s in self.winners if s < len(self.names)]
            phrase = template("wins" if len(names) == 1 else "shared", self.locale)
            if self.solo and self.sheets and self.names:
                total = int(self.sheets[0].get("total") or 0)
                names, phrase = self.names[:1], template("solo_score", self.locale, n=total)
            if self.jack is not None and len(self.sheets) in self.winners:
                c.fit_text(
                    (x0 + 18, y0 + 56),
                    t("jack_wins", self.locale),
                    x1 - x0 - 36,
                    26,
                    JACK_INK,
                    bold=True,
                    min_size=15,
                    anchor="lm",
                )
            elif names:
                c.fit_name_text(
                    (x0 + 18, y0 + 56),
                    phrase,
                    names,
                    x1 - x0 - 36,
                    26,
                    Palette.gold,
                    bold=True,
                    min_size=15,
                    anchor="lm",
                )

    def draw_heads(self, y: float) -> None:
        """Each column's name in its colour (Spider Jack's last, with its difficulty), and
        the winner's mark."""
        c = self.c
        columns = len(self.sheets) + (1 if self.jack is not None else 0)
        for seat in range(columns):
            x0, x1 = self.column(seat)
            jack = seat == len(self.sheets)
            with c.region((x0 + 6, y, x1 - 6, y + HEAD_H - 6), f"head {seat + 1}"):
                name = self.names[seat] if seat < len(self.names) else ""
                c.fit_text(
                    ((x0 + x1) / 2, y + 18),
                    t("jack", self.locale) if jack else name,
                    x1 - x0 - 16,
                    20,
                    JACK_INK if jack else seat_colour(seat),
                    bold=True,
                    min_size=15,
                    anchor="mm",
                )
                if jack and self.jack is not None and seat not in self.winners:
                    c.fit_text(
                        ((x0 + x1) / 2, y + 42),
                        difficulty(self.jack, self.locale),
                        x1 - x0 - 16,
                        14,
                        Palette.muted,
                        min_size=11,
                        anchor="mm",
                    )
                if seat in self.winners:
                    c.text(
                        ((x0 + x1) / 2, y + 42),
                        t("winner", self.locale).upper(),
                        14,
                        Palette.gold,
                        bold=True,
                        anchor="mm",
                    )

    def draw_row(self, row: Row, y: float) -> None:
        c = self.c
        label_box = (MARGIN + 12, y, MARGIN + 10 + LABEL_W - 8, y + row.height)
        bold = row.kind in ("title", "total")
        with c.region(label_box, "row label"):
            c.fit_text(
                (label_box[0] + 4, y + row.height / 2),
                row.label,
                LABEL_W - 20,
                19 if row.kind == "total" else 15,
                Palette.text if bold else Palette.muted,
                bold=bold,
                min_size=11,
                anchor="lm",
            )
        for seat, cell in row.cells.items():
            x0, x1 = self.column(seat)
            box = (x0 + 8, y + 2, x1 - 8, y + row.height - 2)
            if row.kind == "line":
                label = f"line {seat} {cell['source']} {cell['item']}"
                with c.region(box, label):
                    self.draw_line(cell, box)
            else:
                with c.region(box, f"{row.kind} {seat}"):
                    self.draw_other(row.kind, seat, cell, box)

    def draw_line(self, line: dict[str, Any], box: Box) -> None:
        """One line: what it is in words (left, muted) and its points (right, bold)."""
        c = self.c
        x0, y0, x1, y1 = box
        juice = int(line.get("juice") or 0)
        points = _points(juice, signed=line["source"] not in ("before", "jack"))
        colour = JUICE if juice > 0 else (Palette.danger if juice < 0 else Palette.faint)
        c.text((x1, (y0 + y1) / 2), points, 18, colour, bold=True, anchor="rm")
        room = x1 - x0 - c.text_width(points, 18, True) - 10
        words = self.line_words(line)
        if not words or room < 30:
            return
        lines, size = c.wrap(words, room, 2, 14, min_size=11)
        step = size + 4
        top = (y0 + y1) / 2 - step * (len(lines) - 1) / 2
        for k, text in enumerate(lines):
            c.text((x0, top + k * step), text, size, Palette.muted, anchor="lm")

    def line_words(self, line: dict[str, Any]) -> str:
        """What a line is, in words: the final creatures' product, a prophecy condition, an
        Arch card's name and count."""
        detail = line.get("detail") or {}
        source, item = line["source"], str(line["item"])
        if source == "jack":
            return t("jack_juice", self.locale)
        if source == "final_creatures":
            return t(
                "final_cell",
                self.locale,
                c=detail.get("creatures", 0),
                d=detail.get("dice", 0),
                e=detail.get("each", 3),
            )
        if source == "prophecy":
            if item == "cap":
                return t("cap", self.locale)
            number = str(detail.get("card") or "")
            card = cat.prophecy_card(number)
            cond = condition_by_id(number, item)
            return condition_words(card, cond, self.locale) if card and cond else item
        if source == "arch":
            arch = cat.arch_card(item)
            name = name_of(arch, self.locale) if arch else item
            count = detail.get("count")
            once = detail.get("once")
            return f"{name} ×{count}" if count and not once else name
        return ""

    def draw_other(self, kind: str, seat: int, cell: dict[str, Any], box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        cy = (y0 + y1) / 2
        if kind == "title":
            title = prophecy_title(str(cell.get("title")), self.locale)
            c.fit_text(
                (x0, cy), title, x1 - x0, 15, Palette.text, bold=True, min_size=11, anchor="lm"
            )
        elif kind == "removed":
            c.text((x1, cy), str(cell.get("count", 0)), 16, Palette.muted, anchor="rm")
        elif kind == "total":
            gold = seat in self.winners
            c.text(
                (x1, cy),
                str(cell.get("total", 0)),
                30,
                Palette.gold if gold else Palette.text,
                bold=True,
                anchor="rm",
            )


__all__ = ["ScoringTable", "build_rows", "table_height"]
