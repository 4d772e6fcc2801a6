"""Pictures put together at their final size, in a stored palette, from pieces drawn apart
(issue 12, "Speed").

Why: a :class:`~render.common.Canvas` draws twice the size and its picture is then reduced and
mapped to a palette for its PNG, two passes over every pixel, the empty table's included. For
a Monster Day hand that is ~1 ms each, with ~2.5 ms of drawing, at every move, for two hands
a move. Most of a hand recurs from move to move and table to table: a Decktet card's face, the
chips saying where it plays. Drawn once as a piece on a small canvas of its own, reduced and
mapped once, a piece is then pasted as palette indices (a copy of bytes): a hand costs ~1 ms,
most of it the PNG's deflate.

Why it is the same picture: a piece is drawn relative to its corner, at whole layout units
(an even number of canvas pixels at 2x), over the flat colour the whole picture has there,
and no two pieces overlap. Moved by an even number of pixels, every coordinate the canvas
rounds (half to even) moves by exactly that much, and reducing 2 x 2 blocks does not mix
pixels across a piece's edge; a palette maps each pixel on its own. So the composed picture's
indices are those of the whole picture drawn at once and mapped (``tests/render``).

When the palette does not show the pieces well enough, judged on all of them together as on
one picture (:class:`render.png.Fit`), there is no composed picture: the caller draws the whole
one, which chooses its own palette.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from PIL import Image

from render.boxes import active_recorder
from render.common import RGB, Canvas, Palette
from render.layers import LayerCache
from render.png import STORED_CHECK_SAMPLE, Fit, fitted

Drawn_ = TypeVar("Drawn_", bound="Drawn")
Painted_ = TypeVar("Painted_", bound="Painted")
Paint = Callable[[Canvas], None]
"""Draws on a canvas the size of its piece, with the piece's corner at (0, 0)."""

MAX_BYTES = 48 * 2**20
"""Kept pieces, a byte a pixel (palette indices): a Monster Day hand's card is ~45 KB, its
chips ~13 KB; a board's base ~0.9 MB (one per frame state and language), a card stack ~35 KB
(each card, covered or not, glowing or not, on either village, in either language: ~860 at
most). At 16 MiB, the load's 5,000 tables missed a quarter of their card stacks."""

PIECES: LayerCache[tuple[Image.Image, Fit | None]] = LayerCache(
    MAX_BYTES, size=lambda kept: kept[0].width * kept[0].height
)
"""Pieces drawn, with how well the palette shows them."""

TABLE_MAX_BYTES = 16 * 2**20
"""Kept pieces that one table alone shows (a Notte di Terrore player's path: ~100-200 KB): a
few dozen tables' worth, for a table's next move."""

TABLE_PIECES: LayerCache[tuple[Image.Image, Fit | None]] = LayerCache(
    TABLE_MAX_BYTES, size=lambda kept: kept[0].width * kept[0].height
)
"""Pieces that ``Piece.shared`` says one table alone shows. Why apart from :data:`PIECES`: on
a bot with more tables than either holds, they would be dropped before their table's next
move anyway, and kept with the others they would drop the pieces every table shares first."""


@dataclass(frozen=True, slots=True)
class Piece:
    """A part of a picture: where it goes, how it is drawn, and what names its pixels."""

    box: tuple[int, int, int, int]
    """Layout units, whole numbers: left, top, right, bottom."""
    paint: Paint
    key: Hashable | None = None
    """Everything the drawing depends on; the piece is kept under it (with its size, ground
    and palette). None: drawn every time (a turn number)."""
    ground: RGB | None = None
    """The flat colour the picture has under the piece, when not the picture's ``ground``
    (a piece on a panel)."""
    placed: bool = False
    """``paint`` draws at the piece's place in the whole picture (its canvas's origin is the
    box's corner), not at (0, 0): the whole picture's drawing code, run piece by piece."""
    late_text: bool = False
    """Its texts are painted at the final size (``Canvas(late_text=True)``), as the whole
    picture's are."""
    shared: bool = True
    """Many tables show it (a card): kept in :data:`PIECES`. False: it is what one table
    alone shows (a player's path, their Weapons), kept in :data:`TABLE_PIECES`."""


def composed(
    size: tuple[int, int],
    base: Piece | None,
    pieces: Sequence[Piece],
    palette: tuple[str, Image.Image],
    *,
    ground: RGB,
    room: RGB,
) -> Image.Image | None:
    """The picture of ``size`` in ``palette`` (its name, its image): ``base`` (drawn over the
    whole picture on a canvas made in ``ground``, its room ``room``; None: the picture starts
    as ``ground`` alone, its pieces drawing the rest, its frame too), then every piece pasted
    at its box, each drawn on its own canvas of ``ground``; None when the palette does not
    show them well enough, judged on all of them at once as on a whole picture
    (:class:`render.png.Fit`: a small piece is mostly edges, which alone would fail)."""
    if base is None:
        under, fit = _flat(size, palette, ground)
    else:
        under, fit = _piece(base, size, palette, ground=room, made_in=ground)
    picture = under.copy()
    for piece in pieces:
        x0, y0, x1, y1 = piece.box
        flat = piece.ground or ground
        tile, seen = _piece(piece, (x1 - x0, y1 - y0), palette, ground=flat, made_in=flat)
        picture.paste(tile, (x0, y0))
        fit = fit + seen if fit is not None and seen is not None else None
    return picture if fit is not None and fit.good else None


FLAT_SAMPLE = 8 * STORED_CHECK_SAMPLE
"""The side of the flat patch a flat picture's fit is judged on: 64 samples, enough for
:func:`render.png.fitted` to check that the palette holds the colour (a flat colour is checked
from ~2,000 pixels)."""


def _flat(
    size: tuple[int, int], palette: tuple[str, Image.Image], ground: RGB
) -> tuple[Image.Image, Fit | None]:
    """A picture of ``ground`` alone, mapped, and how well the palette shows it. Why not drawn
    and mapped as a piece: a board's base that is only the table would cost ~11 ms a height
    (Notte di Terrore's boards grow with the Events on Beings); every pixel is the same, so a
    patch of it is mapped and judged, and the judgement scaled to the whole picture."""
    patch, fit = fitted(Image.new("RGB", (FLAT_SAMPLE, FLAT_SAMPLE), ground), palette[1])
    flat = patch.resize(size, Image.Resampling.NEAREST)
    if fit is None:
        return flat, None
    step = STORED_CHECK_SAMPLE
    n = max(1, size[0] // step) * max(1, size[1] // step)
    scaled = Fit(
        n,
        fit.off * n // fit.pixels,
        tuple(e * n // fit.pixels for e in fit.errors),  # type: ignore[arg-type]
        fit.flats_held,
    )
    return flat, scaled


def _piece(
    piece: Piece,
    size: tuple[int, int],
    palette: tuple[str, Image.Image],
    *,
    ground: RGB,
    made_in: RGB,
) -> tuple[Image.Image, Fit | None]:
    """``piece`` drawn, reduced and mapped, and how well the palette shows it; or both kept
    from last time."""
    key = None if piece.key is None else (piece.key, size, ground, made_in, palette[0])
    cache = PIECES if piece.shared else TABLE_PIECES
    if key is not None:
        kept = cache.get(key)
        if kept is not None:
            return kept
    origin = (piece.box[0], piece.box[1]) if piece.placed else (0, 0)
    canvas = Canvas(*size, bg=ground, table=made_in, origin=origin, late_text=piece.late_text)
    piece.paint(canvas)
    tile, fit = fitted(canvas.image(), palette[1])
    if key is not None:
        cache.put(key, (tile, fit))
    return tile, fit


class Painted(Protocol):
    """A picture that can be painted whole (a board)."""

    def draw(self) -> Image.Image: ...


class Drawn(Painted, Protocol):
    """A picture whose drawing methods draw on its ``c``."""

    c: Canvas


def composed_or_painted(
    picture: Painted_, compose: Callable[[Painted_], Image.Image | None]
) -> Image.Image:
    """``compose(picture)``, put together from pieces, when it can be; else ``picture`` painted
    whole: when its palette does not show the pieces well enough, and while a text-box
    recording is on, which must see every text drawn (``render.boxes``)."""
    if active_recorder() is None:
        put_together = compose(picture)
        if put_together is not None:
            return put_together
    return picture.draw()


def drawn_by(picture: Drawn_, draw: Callable[[Drawn_], object]) -> Paint:
    """A piece's paint: ``draw(picture)`` with the piece's canvas as the picture's. Why: the
    pieces are drawn by the whole picture's own methods, one copy of the drawing code (each
    picture object draws one picture, in one thread, piece after piece)."""

    def paint(c: Canvas) -> None:
        whole_canvas = getattr(picture, "c", None)  # made by its draw(), or before
        picture.c = c
        try:
            draw(picture)
        finally:  # painted whole after all (colours its palette lacks), it draws on its own
            if whole_canvas is not None:
                picture.c = whole_canvas

    return paint


TABLE_EDGE = 30
"""A table's top and bottom bands: its rounded corners (6 from the picture's edge, radius 22)
and the room around them."""


def table_edges(size: tuple[int, int], paint: Paint, name: str) -> list[Piece]:
    """The frame of a table top 6 units inside a picture of ``size`` (``paint`` draws it, at
    its place, as the whole picture does) around the flat table the picture starts as
    (``composed(base=None)``): its top and bottom bands, the same at every height, and the
    room at its left and right. Why not one base per height: a base is the whole picture
    drawn and mapped, ~11 ms, and boards grow with what they show (Notte di Terrore's
    Events on Beings)."""
    width, height = size
    edge = TABLE_EDGE
    bands = [(0, 0, width, edge), (0, height - edge, width, height)]
    sides = [(0, edge, 6, height - edge), (width - 6, edge, width, height - edge)]
    room = Palette.bg  # their canvas starts as the room, as the picture painted whole's
    return [
        *(Piece(box, paint, (name, "table", i), room, placed=True) for i, box in enumerate(bands)),
        *(Piece(box, paint, (name, "room", i), room, placed=True) for i, box in enumerate(sides)),
    ]


def whole(box: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
    """A piece's box as whole numbers: layouts put every piece at whole layout units, some
    reached through floats."""
    x0, y0, x1, y1 = box
    return round(x0), round(y0), round(x1), round(y1)
