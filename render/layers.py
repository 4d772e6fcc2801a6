"""Static parts of a board, painted once and pasted afterwards (issue 12, "Speed").

Why: some boards redraw hundreds of shapes and labels that never change between moves (Monsters
on Board's printed town, on every seat's board, every move). :func:`static_layer` paints such a
part the first time, keeps the pixels it painted, and pastes them the next time: the same image,
a fraction of the work.

Why it stays exact: the pasted pixels replace what the painting would draw only if the painting
is a pure function of the key and of the flat ground under it. So the key is the caller's (it
names what is painted and everything it depends on) plus the part's position, the canvas scale
and the ground's colour; the first painting is checked to touch nothing outside its box and to
start from a flat ground, and is not kept otherwise. While a text-box recording is on (the
renderer tests), nothing is pasted, so every text is drawn and recorded.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from PIL import Image, ImageChops

from render.boxes import Box, active_recorder
from render.common import RGB, Canvas

Kept = TypeVar("Kept")

MAX_BYTES = 48 * 2**20  # a town layer is ~7 MiB at the canvas's 2x scale
KEEP_RATE = 0.2  # below this share of hits, most misses are painted without being kept
PROBE = 8  # ... and one in this many is kept all the same


class LayerCache(Generic[Kept]):
    """Painted layers (or what else ``size`` can weigh: :mod:`render.compose` keeps a piece
    with its fit), least recently used dropped first past ``max_bytes``; thread-safe (boards
    may be drawn in threads).

    Why it keeps a running hit rate: keeping a layer (checking and copying its first painting)
    costs ~0.25 ms, so with more tables in play than the cache holds — every table's layers
    dropped before its next move — boards would cost ~3 ms more than with no layers (measured
    on Monster Day and Notte di Terrore). While fewer than :data:`KEEP_RATE` of the recent
    lookups hit, only one miss in :data:`PROBE` is kept (so the rate can recover), the others
    are painted plainly: the same pixels either way."""

    def __init__(self, max_bytes: int, size: Callable[[Kept], int] | None = None) -> None:
        self.max_bytes = max_bytes
        self._size: Callable[[Kept], int] = size or _size  # type: ignore[assignment]
        self.bytes = 0
        self.hits = 0
        self.rate = 1.0  # running share of lookups that hit (exponential, ~200 lookups)
        self._misses = 0
        self._items: OrderedDict[Hashable, Kept] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Kept | None:
        with self._lock:
            tile = self._items.get(key)
            self.rate = self.rate * 0.995 + (0.005 if tile is not None else 0.0)
            if tile is not None:
                self.hits += 1
                self._items.move_to_end(key)
            else:
                self._misses += 1
            return tile

    def keeping(self) -> bool:
        """Whether the miss just looked up should be kept (see the class's docstring)."""
        with self._lock:
            return self.rate >= KEEP_RATE or self._misses % PROBE == 0

    def put(self, key: Hashable, tile: Kept) -> None:
        with self._lock:
            if key in self._items or self._size(tile) > self.max_bytes:
                return
            self._items[key] = tile
            self.bytes += self._size(tile)
            while self.bytes > self.max_bytes:
                _, dropped = self._items.popitem(last=False)
                self.bytes -= self._size(dropped)

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.bytes = self.hits = self._misses = 0
            self.rate = 1.0
        with _BASES_LOCK:
            _BASES.clear()


def _size(tile: Image.Image) -> int:
    """Bytes: Pillow keeps RGB pixels in four bytes, palette indices in one."""
    return tile.width * tile.height * (1 if tile.mode in ("P", "L") else 4)


LAYERS: LayerCache[Image.Image] = LayerCache(MAX_BYTES)


MAX_BASES = 4  # a Monster Day base is 15 MB (1200 x 784 at 2x, four bytes a pixel)
_BASES: dict[Hashable, Image.Image] = {}
_BASES_LOCK = threading.Lock()


def base_canvas(
    key: Hashable,
    width: int,
    height: int,
    paint: Callable[[Canvas], None],
    *,
    table: RGB | None = None,
    late_text: bool = False,
) -> Canvas:
    """A new canvas (``Canvas(width, height, table=table)``) on which ``paint(c)`` — the first
    shapes of every board of a kind, depending on nothing but ``key`` — has already been
    painted: painted once, then copied for each board.

    Why: a board's table, panels and their shadows are the same at every move and cover most
    of its 2x canvas; filling them costs more than copying them (Monster Day: ~2 ms of fills
    against a ~0.8 ms copy). Only a few are kept (:data:`MAX_BASES`): each is a whole canvas.
    While a text-box recording is on, the painting is done every time."""
    full_key = (key, width, height)
    if active_recorder() is None:
        with _BASES_LOCK:
            base = _BASES.get(full_key)
        if base is not None:
            return Canvas(width, height, start=base.copy(), late_text=late_text)
    c = Canvas(width, height, table=table, late_text=late_text)
    paint(c)
    c.settle()  # its texts in its pixels: the copies start without waiting texts
    if c.page is None:
        with _BASES_LOCK:
            if full_key not in _BASES and len(_BASES) < MAX_BASES:
                _BASES[full_key] = c.img.copy()
    return c


def static_layer(
    c: Canvas,
    key: Hashable,
    box: Box,
    paint: Callable[[Canvas], None],
    *,
    margin: float | None = None,
    anywhere: bool = False,
    cache: LayerCache[Image.Image] | None = None,
) -> None:
    """``paint(c)`` — drawing only inside ``box``, on a flat ground, and depending on nothing
    but ``key`` — or the pixels it painted last time with the same key, at the same place on
    a canvas of the same scale over a ground of the same colour.

    ``anywhere``: the pixels may be pasted at another place too, when ``paint`` draws relative
    to ``box`` (a card face, wherever the card lies). They are kept by the box's size and its
    position modulo two canvas pixels, not its position: moved by an even number of pixels,
    every coordinate the canvas rounds (half to even) moves by exactly that much, and a text's
    fractional start is the same, so the painting would be the same pixels moved.

    ``margin`` (layout units): the first painting is checked against the box grown by this
    much, not the whole canvas. Why: copying and comparing a whole 2x board costs ~3 ms, more
    than a small part (a card face) costs to paint, and a new card shows up at almost every
    move; a small part's painting that strays does so next to its box.

    ``cache``: where the layer is kept, :data:`LAYERS` by default; a layer the size of a
    board's map has its own, so that it does not drop a hundred cards' faces."""
    kept = LAYERS if cache is None else cache
    x0, y0, x1, y1 = c.box(box)
    area = (max(0, x0), max(0, y0), min(c.img.width, x1 + 1), min(c.img.height, y1 + 1))
    c.settle_pixels(area)  # the texts under it are painted first (render.late_text)
    if c.page is not None or area[0] >= area[2] or area[1] >= area[3]:
        _painted(c, paint, area)
        return
    ground = _ground(c.img, area)
    where = _phase(c, box, area) if anywhere else area
    full_key = (key, where, c.scale, ground)
    tile = kept.get(full_key)
    if tile is not None:
        c.img.paste(tile, area[:2])
        return
    if not kept.keeping():
        _painted(c, paint, area)
        return
    if not _flat(c.img.crop(area)):  # could not be replayed: painted, never kept
        _painted(c, paint, area)
        return
    ring = _ring(area, _around(c, area, margin))
    before = [c.img.crop(strip) for strip in ring]
    _painted(c, paint, area)
    for strip, pixels in zip(ring, before, strict=True):
        if ImageChops.difference(pixels, c.img.crop(strip)).getbbox() is not None:
            return  # it painted outside its box: not kept
    kept.put(full_key, c.img.crop(area))


def _painted(c: Canvas, paint: Callable[[Canvas], None], area: tuple[int, int, int, int]) -> None:
    """``paint(c)`` with its texts painted into its pixels at once, as a pasted layer has
    them: kept or not, the layer is the same pixels (render.late_text). A text it queued
    outside ``area`` is painted too, so the check for a painting outside its box sees it."""
    if c.late is None:
        paint(c)
        return
    mark = c.late.mark()
    paint(c)
    c.late.since(mark)


def _phase(c: Canvas, box: Box, area: tuple[int, int, int, int]) -> tuple[object, ...]:
    """Where ``box`` lies, as far as painting it is concerned: its size in canvas pixels and
    its corner's position modulo two pixels (see :func:`static_layer`'s ``anywhere``)."""
    x0, y0 = (box[0] - c.origin[0]) * c.scale, (box[1] - c.origin[1]) * c.scale
    # Rounded to a millionth of a pixel: the same place reached by different sums of floats.
    rel = (x0 % 2, y0 % 2, x0 - area[0], y0 - area[1])
    return (area[2] - area[0], area[3] - area[1], *(round(v, 6) for v in rel))


def _around(
    c: Canvas, area: tuple[int, int, int, int], margin: float | None
) -> tuple[int, int, int, int]:
    """The pixels a first painting is checked on: the whole canvas, or ``area`` grown by
    ``margin`` layout units (clipped to the canvas)."""
    if margin is None:
        return (0, 0, c.img.width, c.img.height)
    m = c.px(margin)
    x0, y0, x1, y1 = area
    return (max(0, x0 - m), max(0, y0 - m), min(c.img.width, x1 + m), min(c.img.height, y1 + m))


def _ring(
    area: tuple[int, int, int, int], seen: tuple[int, int, int, int]
) -> list[tuple[int, int, int, int]]:
    """``seen`` less ``area`` (which it contains), as up to four strips: above, below, left
    and right of the area. Why not compare the whole ``seen`` before and after: the area
    itself is where the painting goes, and it is most of ``seen`` for a small part (a card
    face and its margin), so comparing only the strips is several times less work."""
    ax0, ay0, ax1, ay1 = area
    sx0, sy0, sx1, sy1 = seen
    strips = [
        (sx0, sy0, sx1, ay0),
        (sx0, ay1, sx1, sy1),
        (sx0, ay0, ax0, ay1),
        (ax1, ay0, sx1, ay1),
    ]
    return [s for s in strips if s[0] < s[2] and s[1] < s[3]]


def _ground(img: Image.Image, area: tuple[int, int, int, int]) -> tuple[object, ...]:
    """The colours on a 4 x 4 grid over the area, corners included. The caller promises a
    flat ground and the first painting checks it (a full check costs more than the paste);
    these keep a different ground from reusing the layer."""
    x0, y0, x1, y1 = area
    xs = [x0 + (x1 - 1 - x0) * k // 3 for k in range(4)]
    ys = [y0 + (y1 - 1 - y0) * k // 3 for k in range(4)]
    pixel = img.im.getpixel  # not Image.getpixel, whose checks cost ~3 us a pixel, 16 a lookup
    return tuple(pixel((x, y)) for y in ys for x in xs)


def _flat(region: Image.Image) -> bool:
    """One colour everywhere. Counting colours up to one is about twice as fast as each band's
    extremes (~0.1 ms on a card), and it runs on every first painting of a layer."""
    return region.getcolors(1) is not None
