"""The images' geometry, measured from the view before anything is drawn: how tall a
player's panel is (the same for every panel of a view, so the grid lines up), how tall a
monster's row in the fight is, how many note lines the status strip holds, and so the whole
image's height.

Pure arithmetic on the view, apart from the drawing, so that tests can check the sizes
without a canvas."""

from __future__ import annotations

from typing import Any

from render.munchkin_fu.style import GAP, MARGIN, TOP_H, WIDTH
from render.text import font

COLS = 2
PANEL_W = (WIDTH - 2 * MARGIN - GAP * (COLS - 1)) / COLS
HEAD_H = 60
TRACK_H = 24
ROW_H = 32
FOOT_H = 34
PILES_H = 64
NOTE_H = 30
PILL_H = 44
PILLS_PER_ROW = 3
MONSTER_CARD_W, MONSTER_CARD_H = 160, 200
CHIP_H = 30
TOTALS_H = 96
HERO_HEAD = 56


def players(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [p if isinstance(p, dict) else {} for p in view.get("players") or []]


def extra_rows(view: dict[str, Any]) -> list[str]:
    """The optional panel rows this view needs (for every panel alike): slotless items and
    mooks, each only when some player has one."""
    rows: list[str] = []
    cards = view.get("cards") or {}
    everyone = players(view)
    if any(_slotless(p, cards) for p in everyone):
        rows.append("other")
    if any(p.get("mooks") for p in everyone):
        rows.append("mooks")
    return rows


def _slotless(player: dict[str, Any], cards: dict[str, Any]) -> list[str]:
    return [
        str(i.get("id"))
        for i in player.get("items") or []
        if isinstance(i, dict) and not (cards.get(str(i.get("id"))) or {}).get("slot")
    ]


def panel_height(view: dict[str, Any]) -> float:
    """A player's panel: header, level track, class/style row, four slot rows, the optional
    rows, the footer."""
    rows = 1 + 4 + len(extra_rows(view))
    return HEAD_H + TRACK_H + rows * ROW_H + FOOT_H + 12


NOTE_SIZE = 18
NOTE_W = WIDTH - 2 * MARGIN - 28


def measure(text: str, size: float, bold: bool = False) -> float:
    """A text's width in layout units, as the canvas (supersampled twice) will draw it: the
    notes' height must be known before the canvas exists."""
    return float(font(round(size * 2), bold).getlength(text)) / 2


def note_lines(text: str, named: bool) -> int:
    """Lines a note takes: one when it names players (shortened to fit), else two when
    it is too long for one (an offer listing items, a choice's options)."""
    return 1 if named or measure(text, NOTE_SIZE) <= NOTE_W else 2


def notes_height(lines: int) -> float:
    return 0.0 if not lines else 12 + lines * NOTE_H


def table_height(view: dict[str, Any], notes: int) -> int:
    """The table image: the top bar, the panels two by two, the notes, the piles."""
    rows = -(-max(1, len(players(view))) // COLS)
    panels = rows * panel_height(view) + (rows - 1) * GAP
    body = TOP_H + GAP + panels + GAP + notes_height(notes) + (GAP if notes else 0) + PILES_H
    return int(MARGIN + body + MARGIN)


def monster_row_height(monster: dict[str, Any]) -> float:
    """A monster's row in the fight: its card face beside its enhancers and Hong Kong items
    listed one chip per line."""
    chips = len(monster.get("enhancers") or []) + len(monster.get("hk_items") or [])
    return max(MONSTER_CARD_H, 44 + chips * (CHIP_H + 4)) + 12


def hero_height(lines: int) -> float:
    """A fighter's or helper's panel: the header and one chip per strength line."""
    return HERO_HEAD + lines * (CHIP_H + 4) + 12


def pills_height(count: int) -> float:
    rows = -(-max(1, count) // PILLS_PER_ROW)
    return rows * PILL_H + (rows - 1) * 6
