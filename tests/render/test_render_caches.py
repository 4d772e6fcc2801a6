"""The render caches change nothing but speed (issue 12, "Speed"): what is drawn with a warm
cache is pixel for pixel what is drawn with a cold one, and what Pillow itself would draw; and
every cache is bounded, so a long-running bot's memory stays flat whatever names it meets.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import _lru_cache_wrapper
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from render import text as text_module
from render.common import Canvas, Palette, mix
from render.text import DIRECTION, font

SAMPLES = (
    "Turno 12",
    "Bartholomew Longname-Marshwalker",
    "Jiggly quay ÅÉÎ",  # ink left of the origin, tall capitals, descenders
    "שלום עליכם",  # right to left
    "Z̧̛a͓l̲",  # combining marks
    "x",
    " ",
    "",
)
TEXT_CACHES: tuple[_lru_cache_wrapper[Any], ...] = (
    text_module.font,
    text_module.text_length,
    text_module.text_bbox,
)


def clear_text_caches() -> None:
    for cache in TEXT_CACHES:
        cache.cache_clear()
    text_module.TEXT_MASKS.clear()


def draw_labels(canvas: Canvas) -> None:
    """Every way the boards draw text: anchors, weights, strokes of the same or another
    colour, fitted and wrapped."""
    y = 10.0
    for index, sample in enumerate(SAMPLES):
        anchor = ("la", "ra", "mm", "ls", "rs")[index % 5]
        x = 300.0 if anchor[0] == "r" else 150.0 if anchor[0] == "m" else 8.0
        canvas.text((x, y), sample, 14 + index, Palette.text, bold=bool(index % 2), anchor=anchor)
        canvas.text((x, y + 18), sample, 12, Palette.gold, stroke=1.5, stroke_fill=Palette.ink)
        canvas.text((x, y + 34), sample, 12, Palette.danger, stroke=1)  # stroke of its colour
        y += 52
    canvas.fit_text((8, y), SAMPLES[1], 120, 16, min_size=9)
    lines, size = canvas.wrap(" ".join(SAMPLES), 200, 3, 15, min_size=10)
    for row, line in enumerate(lines):
        canvas.text((8, y + 20 + row * 18), line, size)


def drawn(paint: Callable[[Canvas], None]) -> Image.Image:
    canvas = Canvas(320, 480)
    paint(canvas)
    return canvas.image()


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def test_warm_cache_draws_what_a_cold_one_draws() -> None:
    clear_text_caches()
    cold = drawn(draw_labels)
    assert len(text_module.TEXT_MASKS) > 0  # the cache was really used
    warm = drawn(draw_labels)
    assert text_module.TEXT_MASKS.hits > 0
    assert same(cold, warm)
    assert ImageChops.difference(cold.convert("L"), Image.new("L", cold.size)).getbbox()


@pytest.mark.parametrize("anchor", ["la", "ra", "mm", "ls"])
@pytest.mark.parametrize("stroke", [0, 3])
def test_cached_text_is_what_pillow_draws(anchor: str, stroke: int) -> None:
    """The canvas paints cached masks instead of calling ``ImageDraw.text``: same pixels."""
    for sample in SAMPLES:
        canvas = Canvas(400, 60, scale=1)
        canvas.text((200, 30), sample, 20, Palette.gold, anchor=anchor,
                    stroke=stroke, stroke_fill=Palette.ink if stroke else None)  # fmt: skip
        expected = Image.new("RGB", (400, 60), Palette.bg)
        at = canvas._ink_inside((200, 30), sample, 20, False, anchor, stroke)
        ImageDraw.Draw(expected).text(at, sample, font=font(20), fill=Palette.gold,
                                      anchor=anchor, stroke_width=stroke,
                                      stroke_fill=Palette.ink if stroke else None,
                                      direction=DIRECTION)  # fmt: skip
        assert same(canvas.img, expected), (sample, anchor, stroke)


def test_widths_come_from_the_font() -> None:
    clear_text_caches()
    canvas = Canvas(10, 10)
    for sample in SAMPLES:
        expected = font(28, True).getlength(sample, direction=DIRECTION) / 2
        assert canvas.text_width(sample, 14, bold=True) == expected
        assert canvas.text_width(sample, 14, bold=True) == expected  # from the cache


@pytest.mark.parametrize("cache", TEXT_CACHES, ids=lambda c: c.__name__)
def test_text_caches_are_bounded(cache: _lru_cache_wrapper[Any]) -> None:
    maxsize = cache.cache_info().maxsize
    assert maxsize is not None and 0 < maxsize <= 8192


def test_many_names_keep_the_mask_cache_within_its_bound() -> None:
    """Masks are dropped least recently used first once their pixels pass the bound; the
    texts still draw, and the recent ones stay cached."""
    masks = text_module.MaskCache(max_pixels=40_000)
    saved = text_module.TEXT_MASKS
    text_module.TEXT_MASKS = masks
    try:
        canvas = Canvas(400, 60, scale=1)
        for n in range(300):
            canvas.text((2, 2), f"Bartholomew the Unready {n}", 20)
            assert masks.pixels <= masks.max_pixels
        assert 1 < len(masks) < 300
        last = text_module.text_mask("Bartholomew the Unready 299", 20)
        assert masks.hits >= 1 and last[0].width > 0
        assert text_module.text_mask("x", 20)[0].width > 0
    finally:
        text_module.TEXT_MASKS = saved


@pytest.mark.parametrize("radius", [4, 8, 14, 18, 22])
@pytest.mark.parametrize("box", [(20.0, 16.0, 300.0, 180.0), (11.5, 7.25, 96.75, 301.5),
                                 (30.0, 30.0, 70.0, 62.0)])  # fmt: skip
@pytest.mark.parametrize("scale", [1, 2])
def test_panel_shadow_bands_paint_what_the_whole_shadow_paints(
    box: tuple[float, float, float, float], radius: float, scale: int
) -> None:
    """A panel paints only the bands of its shadow that show; the result is what painting the
    whole shadow under it gives, on a background with something already drawn on it."""

    def under(canvas: Canvas) -> None:
        canvas.rect((0, 0, 160, 400), fill=Palette.gold)
        canvas.text((8, 150), "Bartholomew", 30, Palette.ink, bold=True)

    def whole(canvas: Canvas) -> None:
        under(canvas)
        x0, y0, x1, y1 = box
        shade = mix(Palette.bg, (0, 0, 0), 0.6)
        canvas.rect((x0 + 3, y0 + 5, x1 + 3, y1 + 5), fill=shade, radius=radius)
        canvas.rect(box, fill=Palette.panel, outline=Palette.gold, width=3, radius=radius)

    def banded(canvas: Canvas) -> None:
        under(canvas)
        canvas.panel(box, fill=Palette.panel, outline=Palette.gold, width=3, radius=radius)

    expected, got = Canvas(320, 420, scale=scale), Canvas(320, 420, scale=scale)
    whole(expected)
    banded(got)
    assert same(expected.img, got.img)


def test_rect_fills_what_pillow_fills() -> None:
    """``Canvas.rect`` pastes the straight parts of a fill itself and draws rounded outlines
    through Pillow's drawing core; every shape Pillow draws (square and rounded, filled,
    outlined or both, capsules, circles, slivers, off the edge, reversed corners) comes out
    pixel for pixel as Pillow's own ``rounded_rectangle``/``rectangle``."""
    boxes = [(10.0, 10.0, 200.0, 120.0), (5.25, 7.5, 60.75, 33.0), (-20.0, -8.0, 90.0, 50.0),
             (150.0, 90.0, 260.0, 200.0), (30.0, 30.0, 70.0, 42.0), (40.0, 40.0, 52.0, 52.0),
             (80.0, 80.0, 80.5, 140.0), (90.0, 90.0, 89.0, 95.0)]  # fmt: skip
    for box in boxes:
        for radius in (0, 3, 6, 9.5, 14, 40):
            for outline, width in ((None, 0), (Palette.gold, 2), (Palette.panel, 3),
                                   (Palette.line, 0), (Palette.gold, 5)):  # fmt: skip
                for fill in (Palette.panel, None):  # a filled shape, an outline alone
                    got = Canvas(240, 180)
                    expected = Canvas(240, 180)
                    try:
                        got.rect(box, fill=fill, outline=outline, width=width, radius=radius)
                    except ValueError:  # Pillow refuses reversed corners of a rounded rectangle
                        continue
                    w = expected.px(width) if outline is not None and width else 0
                    xy, r = expected.box(box), expected.px(radius)
                    if radius:
                        expected.draw.rounded_rectangle(xy, radius=r, fill=fill,
                                                        outline=outline, width=w)  # fmt: skip
                    else:
                        expected.draw.rectangle(xy, fill=fill, outline=outline, width=w)
                    assert same(got.img, expected.img), (box, radius, outline, width, fill)


def test_a_table_top_is_the_rectangle_over_the_room() -> None:
    """``Canvas.table_top`` on a canvas made in the table's colour paints only the room around
    the table and its corners; whatever the box and radius (a table inset or flush, a large or
    no radius, a box too small for its corners, one off the canvas) the pixels are those of
    ``rect`` on a canvas made in the room's colour, and on one made otherwise it is ``rect``."""
    boxes = [(6.0, 6.0, 234.0, 174.0), (0.0, 0.0, 240.0, 180.0), (5.25, 7.5, 200.75, 133.0),
             (-10.0, 6.0, 234.0, 174.0), (100.0, 80.0, 130.0, 95.0),
             (6.0, 6.0, 234.0, 190.0)]  # fmt: skip
    for scale in (1, 2):
        for box in boxes:
            for radius in (0, 3, 9.5, 22, 60):
                expected = Canvas(240, 180, scale=scale)
                expected.rect(box, fill=Palette.table, radius=radius)
                for table in (Palette.table, None):
                    got = Canvas(240, 180, scale=scale, table=table)
                    got.table_top(box, Palette.table, radius)
                    assert same(got.img, expected.img), (scale, box, radius, table)
