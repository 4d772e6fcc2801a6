"""The Monster Day board put together from pieces in its stored palette (:mod:`render.compose`).

Why: painted whole, a board is drawn at twice its size (15 MB of pixels), reduced, then mapped
to its palette for the PNG: ~5 ms of the ~12-19 ms a board costs, every move, and most of the
rest is redrawing what the last move did not change (five of the six top cards, the Aces, the
tokens that did not move). From pieces, each part is drawn on a canvas of its own size, reduced
and mapped once, and kept under what it shows; a board is then a copy of its base (the table,
the panels and the villages' frames, one per frame state and language) with each piece's
palette indices pasted on it. A move draws afresh only what names a table's players (the
headers, the last-turn row, the monster tiles' status lines: never kept, they would crowd out
the pieces every table shares) and the pieces it shows for the first time.

Why it is the same picture: every piece lies at whole layout units over a flat colour of the
base (a village panel, the lane, the table) that nothing else draws on, and is drawn by the
same methods as the whole board (:class:`~render.monster_day.board._Board`), at its place
(``Piece.placed``). The board painted whole and mapped is the same indices
(``tests/render/test_compose.py``). The boxes below are the ink each part can reach: a card's
glow (5 around it), the covered cards' edges (10 up and right), its shadow (2 right, 4 down), a
token's shadow and points badge, a panel's shadow (3 right, 5 down).
"""

from __future__ import annotations

import json
from typing import Any

from PIL import Image

from render.common import Canvas, Palette
from render.compose import Paint, Piece, composed, drawn_by, whole
from render.monster_day.bars import tile_boxes
from render.monster_day.board import _Board
from render.monster_day.style import (
    BOARD_BOTTOM,
    HEIGHT,
    WIDTH,
    Y_CARD,
    Y_PILL,
)
from render.monster_day.tokens import _monster_index
from render.png import stored_palette


def composed_board(board: _Board) -> Image.Image | None:
    """``board``'s picture from pieces, in the stored board palette; None when there is no
    stored palette or it does not show the pieces well enough (the caller paints it whole)."""
    palette = stored_palette("monster_day")
    if palette is None:
        return None
    base_key = ("md board base", board.layout, board.lit(0), board.lit(1), board.locale)
    base = Piece((0, 0, WIDTH, HEIGHT), lambda c: _base(board, c), base_key, late_text=True)
    pieces = [
        *_headers(board),
        _deck(board),
        *_spaces(board),
        *_start(board),
        _placed(whole(board.row1), drawn_by(board, _last_row), None, Palette.table),
        *_tiles(board),
    ]
    return composed(
        (WIDTH, HEIGHT), base, pieces, ("monster_day board", palette),
        ground=Palette.table, room=Palette.bg,
    )  # fmt: skip


def _placed(box: tuple[int, int, int, int], paint: Paint, key: Any, ground: Any) -> Piece:
    """A piece drawn at its place by the board's methods, its texts at the final size, as
    the board painted whole draws them (``Canvas(late_text=True)``)."""
    return Piece(box, paint, key, ground, placed=True, late_text=True)


def _base(board: _Board, c: Canvas) -> None:
    """The table and panels (as the whole board's base), the villages' frames and "start"."""
    board.draw_table(c)
    board.draw_frame(c, 0)
    board.draw_frame(c, 1)
    board.draw_start_label(c)


def _last_row(board: _Board) -> None:
    board.draw_row_panel(board.c, board.row1)
    board.draw_last_row()


def _headers(board: _Board) -> list[Piece]:
    """The villages' headers. Not kept (no key): they show a table's player names, so on a
    busy bot they would never be seen again before being dropped, and keeping them would
    drop the pieces every table shares (cards, Aces, tokens)."""
    pieces = []
    for seat in (0, 1):
        paint = drawn_by(board, lambda b, s=seat: b.draw_header(s))  # type: ignore[misc]
        ground = board.village_fill(seat)
        pieces.append(_placed(whole(board.header_box(seat)), paint, None, ground))
    return pieces


def _deck(board: _Board) -> Piece:
    """The gap's top panel with the deck, its shadow included, over the table."""
    x0, y0, x1, y1 = board.deck_box()
    box = (x0, y0, x1 + 3, y1 + 5)

    def draw(b: _Board) -> None:
        b.draw_deck_panel(b.c)
        b.draw_deck()

    key = ("md deck", int(board.view.get("deck_count") or 0), board.locale)
    return _placed(whole(box), drawn_by(board, draw), key, Palette.table)


def _spaces(board: _Board) -> list[Piece]:
    """Each space's Ace, its card stack, and its "+n" pill with the monsters on it."""
    groups = board.token_groups()
    spaces = set(range(len(board.spaces))) | {s for s in groups if s is not None}
    pieces = []
    for space in sorted(spaces):
        ground = board.village_fill(0 if space < 3 else 1)
        data = board.space_data(space) if space < len(board.spaces) else {}
        if space < len(board.spaces):
            ace = json.dumps(data.get("ace") or {}, sort_keys=True, default=str)
            paint = drawn_by(board, lambda b, s=space: b.draw_ace_tile(s))  # type: ignore[misc]
            pieces.append(_placed(whole(board.ace_box(space)), paint, ("md ace", space, ace),
                                ground))  # fmt: skip
            pieces.append(_card(board, space, data, ground))
        group = groups.get(space, [])
        covered = int(data.get("covered") or 0) if data.get("top") else 0
        if group or covered:
            x0, x1 = board.column(space)

            def draw(b: _Board, s: int = space, g: list[dict[str, Any]] = group) -> None:
                if s < len(b.spaces):
                    b.draw_pill(s)
                b.draw_space_tokens(s, g)

            key = ("md tokens", covered, _tokens(group), board.locale)
            box = (x0, Y_PILL, x1, BOARD_BOTTOM - 8)  # the pill and two rows of tokens
            pieces.append(_placed(box, drawn_by(board, draw), key, ground))
    return pieces


def _card(board: _Board, space: int, data: dict[str, Any], ground: Any) -> Piece:
    left, top, right, bottom = board.card_box(space)
    box = (left - 5, top - 10, right + 10, bottom + 5)
    card = data.get("top")
    shown = (
        ("md card", json.dumps(card, sort_keys=True, default=str),
         min(int(data.get("covered") or 0), 2), board.glows(space), board.locale)
        if card else ("md no card", board.ace_suit(space))
    )  # fmt: skip
    paint = drawn_by(board, lambda b: b.draw_card_stack(space))
    return _placed(whole(box), paint, shown, ground)


def _start(board: _Board) -> list[Piece]:
    """The monsters not yet moved, in the lane (within its rounded corners)."""
    group = board.token_groups().get(None)
    if not group:
        return []
    box = (board.gap_x0 + 11, Y_CARD, board.gap_x1 - 11, BOARD_BOTTOM - 16)
    paint = drawn_by(board, lambda b: b._start_tokens(group))
    key = ("md start", _tokens(group), board.locale)
    return [_placed(whole(box), paint, key, board.lane_fill())]


def _tiles(board: _Board) -> list[Piece]:
    """Each monster tile, its panel included, over the table: kept by what it shows (the
    monster, whether the last roll showed its face, the language); and over it its status
    line, drawn each time and never kept, as the headers (:func:`_headers`): it names the
    player a monster stands with or went to."""
    monsters = sorted(board.monsters, key=lambda m: _monster_index(m.get("id")))
    pieces = []
    for monster, box in zip(monsters, tile_boxes(board.row2, len(monsters)), strict=True):

        def body(b: _Board, m: dict[str, Any] = monster, t: Any = box) -> None:
            b.draw_plain_tile(b.c, t)
            b.draw_tile_body(m, t)

        def status(b: _Board, m: dict[str, Any] = monster, t: Any = box) -> None:
            b.draw_tile_status(m, t)

        shown = {k: v for k, v in monster.items() if k != "space"}  # the status says where
        key = ("md tile", json.dumps(shown, sort_keys=True, default=str), board.rolled(monster),
               len(monsters), board.locale)  # fmt: skip
        pieces.append(_placed(whole(box), drawn_by(board, body), key, Palette.table))
        strip = whole(board.status_box(box))
        pieces.append(_placed(strip, drawn_by(board, status), None, board.tile_fill(monster)))
    return pieces


def _tokens(group: list[dict[str, Any]]) -> tuple[tuple[str, int], ...]:
    """What the tokens of a group show: each monster and its points, in order."""
    return tuple((str(m.get("id")), int(m.get("points") or 1)) for m in group[:4])
