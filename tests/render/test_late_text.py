"""Texts painted at the final size (render/late_text.py, issue 12 "Speed"): a text waits until
the canvas is finished, unless something is drawn over it first, and then it is painted under
that, as drawn; the order of overlapping texts holds; a static layer keeps its texts in its
pixels, and one that queues a text outside its box is not kept."""

from __future__ import annotations

from PIL import Image

from render.common import Canvas, Palette
from render.late_text import LateText, LateTexts
from render.layers import LAYERS, static_layer


def _canvas() -> Canvas:
    canvas = Canvas(200, 100, late_text=True)
    canvas.rect((0, 0, 200, 100), fill=Palette.panel)
    return canvas


def _inked(image: Image.Image, box: tuple[int, int, int, int], ground: tuple[int, ...]) -> int:
    """Pixels in ``box`` that are not ``ground``."""
    region = image.crop(box)
    return sum(n for n, colour in region.getcolors(1 << 16) or [] if colour != ground)


def test_a_text_waits_for_the_final_size_and_is_painted_there() -> None:
    canvas = _canvas()
    canvas.text((20, 50), "Anna", 24, Palette.gold, bold=True, anchor="lm")
    assert canvas.late is not None and len(canvas.late.items) == 1
    assert _inked(canvas.img, (0, 0, 400, 200), Palette.panel) == 0  # not on the 2x canvas
    picture = canvas.image()
    assert _inked(picture, (20, 35, 90, 65), Palette.panel) > 100
    assert canvas.image().tobytes() == picture.tobytes()  # finished twice: the same


def test_a_shape_drawn_over_a_waiting_text_covers_it() -> None:
    """Drawn later, drawn on top: the text is painted (at 2x) before the shape."""
    canvas = _canvas()
    canvas.text((20, 50), "Anna", 24, Palette.gold, bold=True, anchor="lm")
    canvas.rect((10, 30, 120, 70), fill=Palette.bg)
    assert canvas.late is not None and not canvas.late.items
    assert _inked(canvas.image(), (10, 30, 120, 70), Palette.bg) == 0


def test_a_shape_beside_a_waiting_text_leaves_it_waiting() -> None:
    canvas = _canvas()
    canvas.text((20, 50), "Anna", 24, Palette.gold, bold=True, anchor="lm")
    canvas.circle(170, 50, 10, fill=Palette.danger)
    assert canvas.late is not None and len(canvas.late.items) == 1


class _Calls:
    def __init__(self) -> None:
        self.order: list[str] = []

    def text(self, name: str, box: tuple[int, int, int, int]) -> LateText:
        return LateText(box, [], lambda: self.order.append(name))


def test_a_text_under_one_painted_now_is_painted_before_it() -> None:
    """A first text under a second: a shape over the second only paints both, first the
    first, so the second stays above it; a third apart keeps waiting."""
    calls = _Calls()
    late = LateTexts()
    late.add(calls.text("first", (0, 0, 100, 40)))
    late.add(calls.text("second", (50, 20, 200, 60)))
    late.add(calls.text("apart", (300, 300, 400, 340)))
    late.before((150, 50, 250, 90))  # meets the second only
    assert calls.order == ["first", "second"]
    assert [item.box for item in late.items] == [(300, 300, 400, 340)]
    late.before(None)
    assert calls.order == ["first", "second", "apart"] and not late.items


def test_a_layer_keeps_its_texts_and_is_the_painting() -> None:
    """Kept or pasted, a static layer's text is in its pixels (painted at 2x with it)."""

    def label(c: Canvas) -> None:
        c.rect((30, 20, 170, 80), fill=Palette.card, radius=8)
        c.text((100, 50), "Moon 3", 18, Palette.ink, bold=True, anchor="mm")

    LAYERS.clear()
    pictures = []
    for _ in range(2):  # painted and kept, then pasted
        canvas = _canvas()
        static_layer(canvas, "test late label", (30, 20, 170, 80), label)
        assert canvas.late is not None and not canvas.late.items
        pictures.append(canvas.image())
    assert LAYERS.hits == 1 and pictures[0].tobytes() == pictures[1].tobytes()
    assert _inked(pictures[0], (60, 40, 140, 60), Palette.card) > 50


def test_a_layer_that_queues_a_text_outside_its_box_is_not_kept() -> None:
    def spills(c: Canvas) -> None:
        c.rect((30, 20, 170, 70), fill=Palette.card)
        c.text((100, 85), "below", 14, Palette.gold, anchor="mm")  # under the box

    LAYERS.clear()
    first = _canvas()
    static_layer(first, "test late spill", (30, 20, 170, 70), spills)
    assert len(LAYERS) == 0
    second = _canvas()
    static_layer(second, "test late spill", (30, 20, 170, 70), spills)
    assert first.image().tobytes() == second.image().tobytes()
    assert _inked(second.image(), (70, 78, 130, 95), Palette.panel) > 20
