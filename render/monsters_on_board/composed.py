"""The Monsters on Board main board put together from pieces in its stored palette
(:mod:`render.compose`), as the other games' boards are.

Why: painted whole, the board is drawn at twice its size, reduced, then mapped to its palette
for the PNG (~6 ms of a ~14-17 ms board), and its largest part, the spectral market (five ghosts
and five Arch cards, ~6 ms), changes only when a ghost is bought. From pieces, the board is the
flat table (its rounded frame pasted on: :func:`render.compose.table_edges`) with each part
pasted on it: the market and the bag kept by what they show (one table's: ``Piece.shared``), the
top bar, the seats, the cars and the solo panels drawn afresh (they name the players and change
at almost every move). The final scoring table is painted whole.

Why it is the same picture: every part lies at whole layout units over the flat table, with
its panel's shadow (3 right, 5 down) inside its box and the gaps between parts wider, and is
drawn by the board's own methods at its place. The board painted whole and mapped is the same
indices (``tests/render/test_compose.py``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from PIL import Image

from render.common import Palette
from render.compose import TABLE_EDGE, Piece, composed, drawn_by, table_edges
from render.monsters_on_board.board import _Board
from render.monsters_on_board.layout import frame
from render.monsters_on_board.style import WIDTH
from render.png import stored_palette


def composed_board(board: _Board) -> Image.Image | None:
    """``board``'s picture from pieces, in the stored board palette; None when there is no
    stored palette or it does not show the pieces well enough (the caller paints it whole)."""
    palette = stored_palette("monsters_on_board")
    if palette is None:
        return None
    size = (WIDTH, board.height)
    pieces = table_edges(size, lambda c: frame(c, board.height), "mob")
    for name, box, draw in board.sections():
        pieces.append(_part(board, name, box, draw))
    return composed(size, None, pieces, ("monsters_on_board board", palette),
                    ground=Palette.table, room=Palette.bg)  # fmt: skip


def _part(
    board: _Board, name: str, box: tuple[int, int, int, int], draw: Callable[[], None]
) -> Piece:
    """A part of the board with its panel's shadow; kept when it is the market or the bag.
    The top bar and the bag reach the table's rounded corners: under them the table is
    painted first, as on the board painted whole."""
    x0, y0, x1, y1 = box
    shown = _shown(board, name)
    key = None if shown is None else (f"mob {name}", shown)
    box = (x0, y0, x1 + 3, y1 + 5)
    if box[1] >= TABLE_EDGE and box[3] <= board.height - TABLE_EDGE:
        return Piece(box, drawn_by(board, lambda _: draw()), key, placed=True, shared=False)

    def on_the_table(b: _Board) -> None:
        frame(b.c, b.height)
        draw()

    paint = drawn_by(board, on_the_table)
    return Piece(box, paint, key, Palette.bg, placed=True, shared=False)


def _shown(board: _Board, name: str) -> str | None:
    """Everything the market or the bag is drawn from (their part of the view and the
    language); None for the other parts, drawn afresh."""
    part: Any
    if name == "market":
        part = board.market
    elif name == "bag":
        part = board.view.get("bag")
    else:
        return None
    return json.dumps([part, board.locale], sort_keys=True, default=str)
