"""Texts painted at the picture's final size, after the canvas is reduced (issue 12, "Speed").

Why: a :class:`~render.common.Canvas` draws at twice the final size so that shapes get smooth
edges, but FreeType already smooths the letters it draws. Drawn at 2x, a text costs four times
the pixels to render (a player's name is rendered afresh on most boards: there are too many
names to keep them all) and to paint, and its ink is then averaged down by the reduction. Drawn
at the final size, after the reduction, it costs a quarter of that and is hinted for the pixels
it lands on.

Why it stays the picture that was asked for: what is drawn later is drawn on top. A text waits
here until the canvas is finished, unless something is drawn over its ink first: the canvas
then paints it at 2x at once (:meth:`LateTexts.before`), with every waiting text under it, so
that the order of everything that overlaps is kept. Parts painted once and pasted (static
layers, a board's base) have their texts painted at 2x into them (``Canvas.settle``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw

RGB = tuple[int, int, int]
PixelBox = tuple[int, int, int, int]
"""Canvas pixels: left, top, right, bottom (exclusive)."""


@dataclass(slots=True)
class LateText:
    """One text waiting for the final size."""

    box: PixelBox
    """The canvas pixels its ink covers (at the canvas's scale)."""
    inks: list[tuple[Image.Image, tuple[int, int], RGB]]
    """L masks at the final size, where each goes and its colour, painted in order (a
    stroke, then the letters)."""
    now: Callable[[], None]
    """Paints it on the canvas at once, at the canvas's scale (as it was always drawn)."""


CELL = 128
"""Canvas pixels per side of the grid cells waiting texts are filed under: a shape looks only
at the texts in the cells it covers (a board queues ~50-150 texts and draws hundreds of
shapes, most of them next to a text, not over it)."""


class LateTexts:
    """The texts of one canvas that wait for its final size, in the order they were drawn."""

    def __init__(self) -> None:
        self.items: list[LateText] = []
        self._cells: dict[tuple[int, int], list[LateText]] = {}

    def add(self, item: LateText) -> None:
        self.items.append(item)
        for cell in _cells(item.box):
            self._cells.setdefault(cell, []).append(item)

    def before(self, box: PixelBox | None = None) -> None:
        """Something is about to be drawn over ``box`` (None: anywhere): paint now, at the
        canvas's scale and in their order, the waiting texts it would cover, and those under
        them (a text over a text keeps its place above it)."""
        if not self.items:
            return
        if box is None:
            hit = {id(item) for item in self.items}
        else:
            hit = {id(item) for item in self._near(box) if _meet(item.box, box)}
            if not hit:
                return
        order = {id(item): n for n, item in enumerate(self.items)}
        for item in reversed(self.items):  # an earlier text under one painted now
            if id(item) in hit:
                for other in self._near(item.box):
                    if order[id(other)] < order[id(item)] and _meet(other.box, item.box):
                        hit.add(id(other))
        for item in self.items:
            if id(item) in hit:
                item.now()
        waiting, self.items, self._cells = self.items, [], {}
        for item in waiting:
            if id(item) not in hit:
                self.add(item)

    def _near(self, box: PixelBox) -> list[LateText]:
        """The waiting texts filed under the cells ``box`` covers (some more than once)."""
        cells = self._cells
        return [item for cell in _cells(box) for item in cells.get(cell, ())]

    def mark(self) -> set[int]:
        """Which texts wait now (see :meth:`since`)."""
        return {id(item) for item in self.items}

    def since(self, mark: set[int]) -> None:
        """Paint now, at the canvas's scale, every text queued since ``mark`` (and whatever
        waits under them): a part painted once and pasted keeps its texts in its pixels."""
        new = [item.box for item in self.items if id(item) not in mark]
        if new:
            union = new[0]
            for box in new[1:]:
                union = _union(union, box)
            self.before(union)

    def finish(self, image: Image.Image) -> None:
        """Paint every waiting text on the final ``image``, in order (they keep waiting: a
        canvas may be finished twice)."""
        if not self.items:
            return
        core = ImageDraw.Draw(image).draw
        for item in self.items:
            for mask, (x, y), fill in item.inks:
                if mask.width and mask.height:  # ImageDraw.bitmap's call (see render.shapes)
                    core.draw_bitmap((x, y), mask.im, core.draw_ink(fill))


def _cells(box: PixelBox) -> list[tuple[int, int]]:
    x0, y0, x1, y1 = box
    c0, c1, r0, r1 = x0 // CELL, (x1 - 1) // CELL, y0 // CELL, (y1 - 1) // CELL
    if c0 == c1 and r0 == r1:
        return [(c0, r0)]
    return [(cx, cy) for cy in range(r0, r1 + 1) for cx in range(c0, c1 + 1)]


def _meet(a: PixelBox, b: PixelBox) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _union(a: PixelBox, b: PixelBox) -> PixelBox:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
