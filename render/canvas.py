"""The supersampled canvas every renderer draws on (re-exported by :mod:`render.common`).

Why a supersampled canvas: ``ImageDraw`` does not antialias ellipses, polygons or rounded
rectangles. Drawing at ``scale``x and reducing once with a box filter at the end gives clean edges
on every shape for a few milliseconds, and lets every renderer work in plain layout units. The
canvas also fits and wraps text to a width (with the fonts and string helpers of
:mod:`render.text`), can paint its texts at the final size (:mod:`render.late_text`), and records
where each text lands when :mod:`render.boxes` asks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from PIL import Image, ImageDraw, ImageFont

from render import shapes
from render.boxes import Box, Page, PlacedMark, PlacedText, Region, active_recorder
from render.colours import RGB, Palette, mix
from render.late_text import LateText, LateTexts, PixelBox
from render.text import (
    DIRECTION,
    ellipsize,
    font,
    join_names,
    shorten_names,
    text_bbox,
    text_length,
    text_mask,
    wrap_words,
)


class Canvas:
    """An RGB image drawn in layout units and supersampled ``scale`` times.

    All coordinates and sizes are in layout units (the size of the final image); the canvas
    multiplies them. :meth:`image` reduces to the final size.

    While a :func:`render.boxes.recording` is active, every text is recorded with its ink box
    and the innermost :meth:`region` it was drawn in (the tests' check that text stays in its
    box); otherwise nothing is recorded.
    """

    def __init__(
        self,
        width: int,
        height: int,
        bg: RGB = Palette.bg,
        scale: int = 2,
        *,
        table: RGB | None = None,
        start: Image.Image | None = None,
        origin: tuple[int, int] = (0, 0),
        late_text: bool = False,
    ) -> None:
        """``table``: the colour of the table top that :meth:`table_top` paints first, over
        nearly the whole canvas; the image is then made in that colour (and stays so until
        :meth:`table_top` paints the room around the table: call it first). ``start``: the
        picture the canvas starts as instead (taken, not copied), already ``scale`` times the
        size (:func:`render.layers.base_canvas`). ``origin``: the layout point (whole units)
        at the canvas's top left corner, so that a piece of a larger picture
        (:mod:`render.compose`) is drawn with the larger picture's coordinates. ``late_text``:
        texts are painted at the final size (:mod:`render.late_text`), for pictures whose texts
        are mostly drawn for the first time (players' names)."""
        self.width = width
        self.height = height
        self.scale = scale
        self.origin = origin
        self.bg = bg
        self.made_in = (table or bg) if start is None else bg
        size = (width * scale, height * scale)
        self.img = start if start is not None else Image.new("RGB", size, self.made_in)
        self.draw = ImageDraw.Draw(self.img)
        self.late: LateTexts | None = LateTexts() if late_text and scale > 1 else None
        recorder = active_recorder()
        self.page: Page | None = recorder.page(width, height) if recorder else None
        self.where: Region | None = self.page.regions[0] if self.page else None

    @contextmanager
    def region(
        self,
        box: Box,
        label: str,
        *,
        overlap_ok: bool = False,
        cue: tuple[str, str] | None = None,
    ) -> Iterator[Box]:
        """Texts drawn inside the ``with`` block are meant to fit in ``box`` (a panel, a card, a
        pill); ``label`` names it in test failures. ``overlap_ok`` lets them overlap texts
        outside it (a number on a badge over a card). ``cue``: what the region's colour tells,
        ``(what, value)``, which a letter, symbol or :meth:`mark` inside must tell too (the
        colour-cue test). Yields ``box``."""
        if self.page is None:
            yield box
            return
        outer = self.where
        self.where = Region(label, box, outer, overlap_ok, cue)
        self.page.regions.append(self.where)
        try:
            yield box
        finally:
            self.where = outer

    # -- geometry helpers
    def px(self, value: float) -> int:
        return round(value * self.scale)

    def at(self, x: float, y: float) -> tuple[int, int]:
        """The canvas pixel of the layout point (x, y)."""
        ox, oy = self.origin
        return self.px(x - ox), self.px(y - oy)

    def box(self, box: Box) -> tuple[int, int, int, int]:
        x0, y0, x1, y1 = box
        ox, oy = self.origin
        return (self.px(x0 - ox), self.px(y0 - oy), self.px(x1 - ox) - 1, self.px(y1 - oy) - 1)

    def pts(self, points: Sequence[tuple[float, float]]) -> list[tuple[int, int]]:
        (ox, oy), s = self.origin, self.scale  # inline: boards draw hundreds of lines
        return [(round((x - ox) * s), round((y - oy) * s)) for x, y in points]

    # -- shapes
    def rect(
        self,
        box: Box,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 0,
        radius: float = 0,
    ) -> None:
        w = self.px(width) if outline is not None and width else 0
        xy = self.box(box)
        if self.late is not None and self.late.items:
            self._over(xy)
        r = self.px(radius) if radius else 0
        if fill is not None and shapes.fill(self.img, self.draw, xy, r, fill):
            if outline is None or not w or outline == fill:
                return  # as Pillow: no outline, or one of the fill's colour
            fill = None  # painted: Pillow adds only the outline
        if fill is None and outline is not None and r and w:  # the outline (over the fill)
            drawn = shapes.outline(self.draw, xy, r, outline, w)
            if drawn:
                return
        if radius:
            self.draw.rounded_rectangle(xy, radius=r, fill=fill, outline=outline, width=w)
        else:
            self.draw.rectangle(xy, fill=fill, outline=outline, width=w)

    def table_top(self, box: Box, fill: RGB, radius: float) -> None:
        """``rect(box, fill=fill, radius=radius)`` as the first shape on a canvas made with
        ``table=fill``, the table that covers nearly all of it: the same pixels, but only the
        room's frame and the table's corners are painted (:func:`render.shapes.table_top`),
        not the whole table over a whole room (~0.6-1.7 ms on a 2x board). Why not make a new
        image here: a second 15 MB image per board costs more in page faults than the fill."""
        if self.made_in != fill or self.made_in == self.bg:
            self.rect(box, fill=fill, radius=radius)  # a canvas made in the room's colour
            return
        self.settle()
        xy, r = self.box(box), self.px(radius)
        if not shapes.table_top(self.img, self.draw, xy, r, fill, self.bg):
            self.img.paste(self.bg, (0, 0, *self.img.size))  # not a table: drawn as any
            self.rect(box, fill=fill, radius=radius)  # rectangle, over the room

    def ellipse(
        self, box: Box, fill: RGB | None = None, outline: RGB | None = None, width: float = 0
    ) -> None:
        w = self.px(width) if outline is not None and width else 0
        xy, core = self.box(box), self.draw.draw  # ImageDraw.ellipse's (see render.shapes)
        if self.late is not None and self.late.items:
            self._over(xy)
        fill_ink = core.draw_ink(fill) if fill is not None else None
        if fill_ink is not None:
            core.draw_ellipse(xy, fill_ink, 1)
        if outline is not None and w and (ink := core.draw_ink(outline)) != fill_ink:
            core.draw_ellipse(xy, ink, 0, w)

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 0,
    ) -> None:
        self.ellipse((cx - r, cy - r, cx + r, cy + r), fill, outline, width)

    def line(self, points: Sequence[tuple[float, float]], fill: RGB, width: float = 1) -> None:
        pts, w = self.pts(points), max(1, self.px(width))
        if self.late is not None and self.late.items:
            self._over(_around(pts, w))
        self.draw.line(pts, fill=fill, width=w, joint="curve")

    def polygon(self, points: Sequence[tuple[float, float]], fill: RGB) -> None:
        pts = self.pts(points)
        if self.late is not None and self.late.items:
            self._over(_around(pts, 1))
        self.draw.polygon(pts, fill=fill)

    def panel(
        self,
        box: Box,
        fill: RGB = Palette.panel,
        outline: RGB | None = Palette.line,
        width: float = 2,
        radius: float = 14,
        shadow: bool = True,
    ) -> None:
        """A rounded panel with a soft drop shadow."""
        if shadow:
            self._shadow(box, radius)
        self.rect(box, fill=fill, outline=outline, width=width, radius=radius)

    def _shadow(self, box: Box, radius: float) -> None:
        """The panel's shadow: its shape moved 3 right and 5 down. Only its right and bottom
        bands show past the panel drawn over it, so on a large panel only those are painted
        (each with the whole shape's outer corners): the same pixels, a fraction of the area
        (panels are the largest fills of every board)."""
        x0, y0, x1, y1 = box
        shade = mix(Palette.bg, (0, 0, 0), 0.6)
        outer = (x0 + 3, y0 + 5, x1 + 3, y1 + 5)
        sx0, sy0, sx1, sy1 = self.box(outer)
        if self.late is not None and self.late.items:
            self._over((sx0, sy0, sx1, sy1))
        r = self.px(radius)
        band = 2 * r + 2
        if r < 12 or sx1 - sx0 < 3 * r + 4 or sy1 - sy0 < 3 * r + 4:
            self.rect(outer, fill=shade, radius=radius)
            return
        right = (sx1 - band, sy0, sx1, sy1)
        self.draw.rounded_rectangle(right, r, fill=shade, corners=(False, True, True, False))
        bottom = (sx0, sy1 - band, sx1, sy1)
        self.draw.rounded_rectangle(bottom, r, fill=shade, corners=(False, False, True, True))

    def dashed_rect(
        self, box: Box, color: RGB, width: float = 2, dash: float = 10, radius: float = 10
    ) -> None:
        """A dashed outline (straight sides, rounded corners left open)."""
        x0, y0, x1, y1 = box
        r = radius
        segments = [
            ((x0 + r, y0), (x1 - r, y0)),
            ((x0 + r, y1), (x1 - r, y1)),
            ((x0, y0 + r), (x0, y1 - r)),
            ((x1, y0 + r), (x1, y1 - r)),
        ]
        for (ax, ay), (bx, by) in segments:
            length = max(abs(bx - ax), abs(by - ay))
            steps = max(1, int(length // (dash * 2)))
            for i in range(steps + 1):
                t0 = min(1.0, i * dash * 2 / length) if length else 0
                t1 = min(1.0, (i * dash * 2 + dash) / length) if length else 0
                if t0 >= 1.0:
                    break
                self.line(
                    [
                        (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                        (ax + (bx - ax) * t1, ay + (by - ay) * t1),
                    ],
                    color,
                    width,
                )

    # -- masks (icons drawn elsewhere as L images at canvas resolution)
    def stamp(self, mask: Image.Image, cx: float, cy: float, color: RGB) -> None:
        """Paint ``color`` through an L ``mask`` (already at canvas pixels) centred on cx, cy."""
        x, y = self.at(cx, cy)
        x, y = x - mask.width // 2, y - mask.height // 2
        if self.late is not None and self.late.items:
            self._over((x, y, x + mask.width, y + mask.height))
        self.img.im.paste(
            color, (x, y, x + mask.width, y + mask.height), mask.im
        )  # see render.shapes

    # -- text
    def font(self, size: float, bold: bool = False) -> ImageFont.FreeTypeFont:
        return font(self.px(size), bold)

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        return text_length(text, self.px(size), bold) / self.scale

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: float,
        fill: RGB = Palette.text,
        *,
        bold: bool = False,
        anchor: str = "la",
        stroke: float = 0,
        stroke_fill: RGB | None = None,
    ) -> None:
        size_px = self.px(size)
        stroke_px = self.px(stroke) if stroke else 0
        if self.late is None or "\n" in text:  # (several lines: Pillow lays them out)
            self.settle()
            at = self._ink_inside(self.at(*xy), text, size_px, bold, anchor, stroke_px)
            self._text_now(at, text, size_px, fill, bold, anchor, stroke_px, stroke_fill)
            if self.page is not None:  # measured only for the recording (a layout per text)
                ink = self._ink_box(at, text, size_px, bold, anchor, stroke_px)
                self._record(text, ink, (fill, size, bold, stroke_fill if stroke_px else None))
            return
        anchored = self.at(*xy)

        def now() -> None:
            at = self._ink_inside(anchored, text, size_px, bold, anchor, stroke_px)
            self._text_now(at, text, size_px, fill, bold, anchor, stroke_px, stroke_fill)

        ink = self._later(xy, text, size, fill, bold, anchor, stroke, stroke_fill, now)
        self._record(text, ink, (fill, size, bold, stroke_fill if stroke else None))

    def mark(self, name: str, box: Box) -> None:
        """Note that the shape just drawn in ``box`` means ``name`` without its colour (a
        suit's symbol: ``"suit moons"``), while a recording is on (the colour-cue test)."""
        if self.page is not None and self.where is not None:
            self.page.marks.append(PlacedMark(name, box, self.where))

    def _record(
        self, text: str, ink: Box, look: tuple[RGB, float, bool, RGB | None] | None = None
    ) -> None:
        """Note a text's ink box (relative to the origin) while a recording is on, with its
        ``look``: colour, size, weight and outline colour."""
        if self.page is not None and self.where is not None and text.strip():
            ox, oy = self.origin
            bbox = (ink[0] + ox, ink[1] + oy, ink[2] + ox, ink[3] + oy)
            fill, size, bold, outline = look or (None, 0, False, None)
            self.page.texts.append(
                PlacedText(text, bbox, self.where, _rgb(fill), size, bold, _rgb(outline))
            )

    def _text_now(
        self,
        at: tuple[int, int],
        text: str,
        size_px: int,
        fill: RGB,
        bold: bool,
        anchor: str,
        stroke_px: int,
        stroke_fill: RGB | None,
    ) -> None:
        """Paint a text at the canvas's scale, anchored at the canvas pixel ``at``."""
        if "\n" in text:
            self.draw.text(at, text, font=font(size_px, bold), fill=fill, anchor=anchor,
                           stroke_width=stroke_px, stroke_fill=stroke_fill,
                           direction=DIRECTION)  # fmt: skip
        elif stroke_px:  # as Pillow does: the stroke (filled) first, then the text over it
            outer = fill if stroke_fill is None else stroke_fill
            self._paint(at, text_mask(text, size_px, bold, anchor, stroke_px), outer)
            if outer != fill:
                self._paint(at, text_mask(text, size_px, bold, anchor), fill)
        else:
            self._paint(at, text_mask(text, size_px, bold, anchor), fill)

    def _later(
        self,
        xy: tuple[float, float],
        text: str,
        size: float,
        fill: RGB,
        bold: bool,
        anchor: str,
        stroke: float,
        stroke_fill: RGB | None,
        now: Callable[[], None],
    ) -> Box:
        """Queue a text to be painted at the final size (render.late_text); its ink box in
        layout units, relative to the canvas's origin."""
        assert self.late is not None
        s = self.scale
        size1 = max(1, round(size))
        stroke1 = max(1, round(stroke)) if stroke else 0
        ax, ay = self.at(*xy)
        at = self._ink_inside(((ax + s // 2) // s, (ay + s // 2) // s), text, size1, bold,
                              anchor, stroke1)  # fmt: skip
        outer = fill if stroke_fill is None else stroke_fill
        masks = [(text_mask(text, size1, bold, anchor, stroke1), outer)] if stroke1 else []
        if not stroke1 or outer != fill:
            masks.append((text_mask(text, size1, bold, anchor), fill))
        inks = [(m, (at[0] + dx, at[1] + dy), ink) for (m, dx, dy), ink in masks]
        x0 = min(x for _, (x, _), _ in inks)
        y0 = min(y for _, (_, y), _ in inks)
        x1 = max(x + m.width for m, (x, _), _ in inks)
        y1 = max(y + m.height for m, (_, y), _ in inks)
        self.late.add(LateText((x0 * s, y0 * s, x1 * s, y1 * s), inks, now))
        return (x0, y0, x1, y1)

    def _ink_box(
        self, at: tuple[int, int], text: str, size: int, bold: bool, anchor: str, stroke: int
    ) -> Box:
        """A text's ink box in layout units (relative to the origin), drawn at ``at``."""
        x0, y0, x1, y1 = self.draw.textbbox(at, text, font=font(size, bold), anchor=anchor,
                                            stroke_width=stroke, direction=DIRECTION)  # fmt: skip
        s = self.scale
        return (x0 / s, y0 / s, x1 / s, y1 / s)

    def _over(self, xy: tuple[int, int, int, int]) -> None:
        """Something is about to be drawn on the canvas pixels ``xy`` (inclusive corners, as
        :meth:`box` gives): the waiting texts under it are painted first (render.late_text).
        Callers test ``self.late.items`` first, inline: a board draws hundreds of shapes."""
        late = self.late
        if late is not None and late.items:
            late.before((xy[0], xy[1], xy[2] + 1, xy[3] + 1))

    def settle(self, box: Box | None = None) -> None:
        """Paint now, at the canvas's scale, the waiting texts in ``box`` (layout units; None:
        all of them): before the pixels there are read or pasted over (a static layer, a
        board's base, a translucent tint), or to keep a part's texts in its pixels."""
        late = self.late
        if late is None or not late.items:
            return
        if box is None:
            late.before(None)
        else:
            x0, y0, x1, y1 = self.box(box)
            late.before((x0, y0, x1 + 1, y1 + 1))

    def settle_pixels(self, area: PixelBox) -> None:
        """:meth:`settle` for canvas pixels (left, top, right, bottom exclusive)."""
        if self.late is not None and self.late.items:
            self.late.before(area)

    def _paint(self, at: tuple[int, int], mask: tuple[Image.Image, int, int], fill: RGB) -> None:
        """Paint ``fill`` through a cached text mask placed relative to the anchor ``at``."""
        image, dx, dy = mask
        if image.width and image.height:  # ImageDraw.bitmap's call (see render.shapes)
            core = self.draw.draw
            core.draw_bitmap((at[0] + dx, at[1] + dy), image.im, core.draw_ink(fill))

    @staticmethod
    def _ink_inside(
        at: tuple[int, int], text: str, size: int, bold: bool, anchor: str, stroke: int
    ) -> tuple[int, int]:
        """``at`` nudged so that the ink of left- (right-) anchored text does not start before
        (end after) the anchor: a few glyphs ("J", Arabic letters) reach past their origin, and
        layouts measure advance widths, so that is where text would leave its box."""
        if anchor[0] not in "lr":
            return at
        left, _, right, _ = text_bbox(text, size, bold, anchor, stroke)
        if anchor[0] == "l" and left < 0:
            return (at[0] - int(left), at[1])
        if anchor[0] == "r" and right > 0:
            return (at[0] - int(right), at[1])
        return at

    def fit(
        self,
        text: str,
        max_width: float,
        size: float,
        *,
        bold: bool = False,
        min_size: float = 0,
        whole: bool = False,
    ) -> tuple[str, float]:
        """Shrink ``size`` (down to ``min_size``) until ``text`` fits, then ellipsize; or, with
        ``whole``, give "" (a label that an icon or a colour also says reads better absent than
        cut to "St…")."""
        min_size = min_size or size
        current = size
        while current > min_size and self.text_width(text, current, bold) > max_width:
            current = max(min_size, current - 1)
        if whole and self.text_width(text, current, bold) > max_width:
            return "", current
        text = ellipsize(text, lambda s: self.text_width(s, current, bold), max_width)
        return text, current

    def fit_name(
        self,
        template: str,
        name: str | Sequence[str],
        max_width: float,
        size: float,
        *,
        bold: bool = False,
        min_size: float = 0,
    ) -> tuple[str, float]:
        """``template`` (with a ``{name}`` slot) fitted to ``max_width``: shrink down to
        ``min_size``, then shorten only the name, so the words around it always show. Several
        names (a shared win) are listed with commas, each cut to one width so that all show."""
        names = [name] if isinstance(name, str) else list(name)
        min_size = min_size or size
        current = size
        full = template.format(name=join_names(names))
        while current > min_size and self.text_width(full, current, bold) > max_width:
            current = max(min_size, current - 1)

        def width(s: str) -> float:
            return self.text_width(s, current, bold)

        if width(full) <= max_width:
            return full, current
        text = shorten_names(template, names, width, max_width)
        if width(text) > max_width:  # too narrow even for the words around the names
            text = ellipsize(full, width, max_width)
        return text, current

    def fit_name_text(
        self,
        xy: tuple[float, float],
        template: str,
        name: str | Sequence[str],
        max_width: float,
        size: float,
        fill: RGB = Palette.text,
        *,
        bold: bool = False,
        min_size: float = 0,
        anchor: str = "la",
    ) -> float:
        """Draw :meth:`fit_name`'s result; returns the drawn width."""
        text, fsize = self.fit_name(template, name, max_width, size, bold=bold, min_size=min_size)
        self.text(xy, text, fsize, fill, bold=bold, anchor=anchor)
        return self.text_width(text, fsize, bold)

    def fit_text(
        self,
        xy: tuple[float, float],
        text: str,
        max_width: float,
        size: float,
        fill: RGB = Palette.text,
        *,
        bold: bool = False,
        min_size: float = 0,
        anchor: str = "la",
        stroke: float = 0,
        stroke_fill: RGB | None = None,
        whole: bool = False,
    ) -> float:
        """Draw ``text`` shrunk/ellipsized (or, ``whole``, left out) to ``max_width``; returns
        the drawn width."""
        fitted, fsize = self.fit(text, max_width, size, bold=bold, min_size=min_size, whole=whole)
        self.text(
            xy,
            fitted,
            fsize,
            fill,
            bold=bold,
            anchor=anchor,
            stroke=stroke,
            stroke_fill=stroke_fill,
        )
        return self.text_width(fitted, fsize, bold)

    def wrap(
        self,
        text: str,
        max_width: float,
        max_lines: int,
        size: float,
        *,
        bold: bool = False,
        min_size: float = 0,
    ) -> tuple[list[str], float]:
        """Word-wrap into at most ``max_lines``, shrinking first, ellipsizing as a last resort."""
        min_size = min_size or size
        current = size
        while True:

            def width(s: str, sz: float = current) -> float:
                return self.text_width(s, sz, bold)

            lines = wrap_words(text, width, max_width)
            fits = len(lines) <= max_lines and all(width(ln) <= max_width for ln in lines)
            if fits or current <= min_size:
                break
            current = max(min_size, current - 1)
        if len(lines) > max_lines:
            lines = [*lines[: max_lines - 1], " ".join(lines[max_lines - 1 :])]
        return [ellipsize(ln, width, max_width) for ln in lines], current

    def image(self) -> Image.Image:
        """The finished picture at its final size, its waiting texts painted on it."""
        if self.scale == 1:
            return self.img.copy()
        out = self.img.reduce(self.scale)
        if self.late is not None:
            self.late.finish(out)
        return out


def _around(points: Sequence[tuple[int, int]], width: int) -> tuple[int, int, int, int]:
    """The pixels a line of ``width`` through ``points`` (or a polygon) can reach."""
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return (min(xs) - width, min(ys) - width, max(xs) + width, max(ys) + width)


def _rgb(colour: RGB | None) -> tuple[int, int, int] | None:
    """A recorded colour as plain RGB (a colour with alpha keeps its red, green and blue)."""
    return None if colour is None else (int(colour[0]), int(colour[1]), int(colour[2]))
