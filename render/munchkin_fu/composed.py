"""The Munchkin Fu table put together from pieces in its stored palette (:mod:`render.compose`),
as Monster Day's and Notte di Terrore's boards are.

Why: painted whole, the table is drawn at twice its size (~14 MB of pixels for four players),
reduced, then mapped to its palette for the PNG: ~6 ms of a ~13-18 ms table, and a move
changes one or two of its panels, rarely all four. From pieces, the table is the flat room with
pasted on it the top bar and the notes (drawn afresh: the round, the phase, whose turn), each
player's panel and the two piles, kept under what they show; a move draws again only the
panels and piles it changed. A panel names its player and the piles are one table's counts:
they are what one table alone shows, kept apart from the pieces every table shares
(``Piece.shared``). The fight is not put together: it is painted whole.

Why it is the same picture: every piece lies at whole layout units over the flat room, and
is drawn by the table's own methods at its place; the boxes take in a panel's shadow (3 right,
5 down), and the gaps between panels are wider. The table painted whole and mapped is the same
indices (``tests/render/test_compose.py``).
"""

from __future__ import annotations

import json
from typing import Any

from PIL import Image

from render.common import Canvas, Palette
from render.compose import Piece, composed
from render.munchkin_fu.bars import Note
from render.munchkin_fu.layout import PILES_H, extra_rows, notes_height
from render.munchkin_fu.style import GAP, MARGIN, TOP_H, WIDTH
from render.munchkin_fu.table import TableImage
from render.png import stored_palette

SHADOW = (3, 5)
"""How far right and down a panel's shadow reaches."""


def composed_table(table: TableImage) -> Image.Image | None:
    """``table``'s picture from pieces, in the stored board palette; None when there is no
    stored palette or it does not show the pieces well enough (the caller paints it whole)."""
    palette = stored_palette("munchkin_fu")
    if palette is None:
        return None
    notes = table.notes()
    top = _shadowed((MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + TOP_H))
    pieces = [Piece(top, table.draw_top, placed=True)]  # the round, the phase: never kept
    rows = extra_rows(table.view)
    for seat, box in enumerate(table.panel_boxes()):
        pieces.append(_panel(table, seat, box, rows))
    y = table.below_panels()
    if notes:
        pieces.append(_notes(table, notes, y))
        y += int(notes_height(table.note_rows(notes))) + GAP
    pieces.append(_piles(table, y))
    size = (WIDTH, table.height(notes))
    return composed(size, None, pieces, ("munchkin_fu board", palette), ground=Palette.bg,
                    room=Palette.bg)  # fmt: skip


def _shadowed(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = box
    return x0, y0, x1 + SHADOW[0], y1 + SHADOW[1]


def _panel(table: TableImage, seat: int, box: tuple[int, int, int, int], rows: list[str]) -> Piece:
    """A player's panel, kept by everything it shows: the player's part of the view and the
    cards it names, their name and status, the rows every panel has, the language."""
    player = table.players[seat]
    lead = seat == table.turn or seat in table.winners
    shown = [
        seat,
        table.name(seat),
        table.status(seat),
        lead,
        player,
        _cards_in(player, table),
        rows,
        table.view.get("win_level"),
        table.locale,
    ]
    key = ("mf panel", json.dumps(shown, sort_keys=True, default=str))

    def paint(c: Canvas) -> None:
        table.draw_panel(c, seat, player, box, rows)

    return Piece(_shadowed(box), paint, key, placed=True, shared=False)


def _notes(table: TableImage, notes: list[Note], y: int) -> Piece:
    """The open offers and choices: drawn afresh (they name players and change with them)."""
    box = (MARGIN, y, WIDTH - MARGIN, y + int(notes_height(table.note_rows(notes))))
    return Piece(box, lambda c: table.draw_notes(c, notes, y), placed=True)


def _piles(table: TableImage, y: int) -> Piece:
    """Both decks and discards, kept by their counts and top cards and the language."""
    view = table.view
    discards = view.get("discards") or {}
    tops = [str(x) for pile in discards.values() if isinstance(pile, dict)
            for x in pile.get("top") or []]  # fmt: skip
    shown = [view.get("decks"), discards, {c: table.cards.get(c) for c in tops}, table.locale]
    key = ("mf piles", json.dumps(shown, sort_keys=True, default=str))
    box = (MARGIN, y, WIDTH - MARGIN, y + PILES_H)
    return Piece(box, lambda c: table.draw_piles(c, y), key, placed=True, shared=False)


def _cards_in(value: Any, table: TableImage) -> dict[str, Any]:
    """The view's data of every card ``value`` names (ids anywhere in it, nested or not)."""
    found: dict[str, Any] = {}
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack += item.values()
        elif isinstance(item, list | tuple):
            stack += item
        elif isinstance(item, str) and item in table.cards.data:
            found[item] = table.cards.get(item)
    return found
