"""The Notte di Terrore board put together from pieces in its stored palette
(:mod:`render.compose`), as Monster Day's is (:mod:`render.monster_day.composed`).

Why: painted whole, a board is drawn at twice its size (~9 MB of pixels for four seats),
reduced, then mapped to its palette for the PNG: ~9 ms of the ~18-22 ms a board cost, and most
of the rest redrew what the last move did not change: a move changes one player's strip, and
the other strips, the table and the key of types stay as they were. From pieces, a board is a
flat table (its rounded frame pasted on as four pieces, the same at every height) with pasted
on it each strip's frame and header, the types' key, and each strip's path and Weapons, all
kept under what they show; drawn afresh at every move are only the top bar (the turn, the decks'
sizes: it changes at every move, never kept) and what a move changed.

A player's header, path and Weapons are what one table alone shows: they are kept apart from
the pieces every table shares (``Piece.shared``), for the table's next move.

Why it is the same picture: every piece lies at whole layout units over a flat colour (the
table, or a strip's panel inside its frame) that nothing else draws on, is drawn after what lies
under it as on the board painted whole, and is drawn by the same methods, at its place. The
board painted whole and mapped is the same indices (``tests/render/test_compose.py``). The
boxes are the ink each part can reach: a panel's shadow (3 right, 5 down), the house's gold
ring (4 past the path), a card's shadow (2 right, 3 down).
"""

from __future__ import annotations

import json
from typing import Any

from PIL import Image

from render.boxes import Box
from render.common import Canvas, Palette
from render.compose import Piece, composed, drawn_by, table_edges
from render.notte_di_terrore.board import _Board
from render.notte_di_terrore.layout import _monsters, weapons_width
from render.notte_di_terrore.style import WIDTH
from render.png import stored_palette

PATH_FIELDS = ("path", "face_down", "revealed", "monsters", "infested", "home")
"""What a player's path shows of their view (the room it has is the piece's size)."""


def composed_board(board: _Board) -> Image.Image | None:
    """``board``'s picture from pieces, in the stored board palette; None when there is no
    stored palette or it does not show the pieces well enough (the caller paints it whole)."""
    palette = stored_palette("notte_di_terrore")
    if palette is None:
        return None
    height = board.height
    top = Piece(board.top_box(), drawn_by(board, lambda b: b.draw_top(b.top_box())),
                placed=True)  # fmt: skip

    def table(c: Canvas) -> None:
        c.table_top((6, 6, WIDTH - 6, height - 6), Palette.table, 22)

    pieces = [*table_edges((WIDTH, height), table, "notte"), top]
    for seat, strip in enumerate(board.strip_boxes()):
        pieces += _strip(board, seat, strip)
    pieces.append(_legend(board))
    return composed(
        (WIDTH, height), None, pieces, ("notte_di_terrore board", palette),
        ground=Palette.table, room=Palette.bg,
    )  # fmt: skip


def _strip(board: _Board, seat: int, strip: tuple[int, int, int, int]) -> list[Piece]:
    """A seat's strip: its frame (the panel's edges and shadow, the seat's bar) around the
    inside of the panel, which its header, path and Weapons tile."""
    x0, y0, x1, y1 = strip
    player = board.players[seat]
    fill = board.strip_fill(seat)
    inner = (x0 + 18, y0 + 6, x1 - 12, y1 - 6)  # clear of the seat's bar and the corners
    head = board.head_box(strip)
    header = Piece(
        (inner[0], inner[1], inner[2], int(head[3])),
        drawn_by(board, lambda b: b.draw_row_head(seat, player, head)),
        ("notte header", _header_shown(board, seat, player)),
        fill,
        placed=True,
        shared=False,  # it names the player
    )
    body = board.body_box(strip)
    wx0 = int(body[2] - weapons_width(player))
    below = inner[3]  # a card's shadow
    weapons = Piece(
        (wx0 - 10, int(body[1]), inner[2], below),
        drawn_by(board, lambda b: b.draw_weapons(player, body)),
        ("notte weapons", _weapons_shown(board, player)),
        fill,
        placed=True,
        shared=False,
    )
    path: Box = (body[0], body[1], wx0 - 22, body[3])
    road = Piece(
        (inner[0], int(body[1]), wx0 - 10, below),
        drawn_by(board, lambda b: b.draw_path(player, path)),
        ("notte path", _path_shown(board, player)),
        fill,
        placed=True,
        shared=False,
    )
    return [*_frame(board, seat, strip, inner), header, weapons, road]


def _frame(
    board: _Board, seat: int, strip: tuple[int, int, int, int], inner: tuple[int, int, int, int]
) -> list[Piece]:
    """The strip's frame as four bands around ``inner``, each the whole frame drawn at its
    place and kept where it shows. Why not one piece: the whole strip drawn and mapped is
    ~4x the pixels of its edges, and the inside is tiled by pieces drawn anyway."""
    x0, y0, x1, y1 = strip
    ix0, iy0, ix1, iy1 = inner
    bands = [
        (x0, y0, ix0, y1 + 5),  # the left edge and the seat's bar
        (ix1, y0, x1 + 3, y1 + 5),  # the right edge and its shadow
        (ix0, y0, ix1, iy0),
        (ix0, iy1, ix1, y1 + 5),  # the bottom edge and its shadow
    ]
    paint = drawn_by(board, lambda b: b.draw_strip_frame(seat, strip))
    key = ("notte strip", seat, board.lit(seat))
    return [Piece(box, paint, (*key, i), placed=True) for i, box in enumerate(bands)]


def _legend(board: _Board) -> Piece:
    box = board.legend_box()
    key = ("notte legend", json.dumps(board.cards.types, sort_keys=True, default=str),
           board.locale)  # fmt: skip
    return Piece(box, drawn_by(board, lambda b: b.draw_legend(box)), key, placed=True)


def _path_shown(board: _Board, player: dict[str, Any]) -> str:
    """Everything a player's path is drawn from: its part of the view, the cards it shows (as
    the view describes them), the types' names, the language."""
    cards = board.cards
    ids = [*(player.get("path") or []), player.get("revealed")]
    for monster in _monsters(player):
        ids += [monster.get("card"), monster.get("summoned_by"), *(monster.get("events") or [])]
    shown = [
        {field: player.get(field) for field in PATH_FIELDS},
        {str(cid): cards.get(cid) for cid in ids if cid},
        cards.types,
        board.locale,
    ]
    return json.dumps(shown, sort_keys=True, default=str)


def _header_shown(board: _Board, seat: int, player: dict[str, Any]) -> str:
    """Everything a strip's header is drawn from: the seat, the player's name and status tags,
    their hand's size, their Terror and its pile (the meter's scale is the board's), the
    language."""
    pile = [e for e in player.get("pile") or [] if isinstance(e, dict)]
    shown = [
        seat,  # the name's colour
        board.names[seat],
        board.pills(seat, player),
        player.get("hand_size"),
        board.terror[seat],
        seat in board.winners,
        pile,
        [board.cards.pile_color(e.get("card")) for e in pile],
        board.meter_scale,
        board.locale,
    ]
    return json.dumps(shown, sort_keys=True, default=str)


def _weapons_shown(board: _Board, player: dict[str, Any]) -> str:
    """Everything a player's Weapons are drawn from: the table's (and which are turned), the one
    in hand, their cards as the view describes them, the language."""
    table = [str(w) for w in player.get("table") or [] if w]
    hand = player.get("weapon_hand")
    ids = [*table, hand] if hand else table
    shown = [
        table,
        [w in board.turned for w in table],
        hand,
        {cid: board.cards.get(cid) for cid in map(str, ids)},
        board.locale,
    ]
    return json.dumps(shown, sort_keys=True, default=str)
