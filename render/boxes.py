"""Where each text lands: an optional record of every text a :class:`~render.common.Canvas`
draws, with its ink box and the box it was meant to fit in.

Why: a renderer fits each text to the room it computes, and a wrong computation (a longer
Italian word, a 32-character name) shows only as text printed over other text. Tests turn the
record on with :func:`recording`, draw views as the bot would, and check that every text lies
inside its box and touches no other text (``tests/render/textboxes.py``).

Renderers declare their boxes with ``with canvas.region(box, "label"):``; every text drawn inside
belongs to the innermost region, and the image itself is the outermost one. Off by default:
without an active recording a canvas keeps no record and ``region`` only yields, so the bot's
images cost what they cost before.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Region:
    """A box that texts are meant to fit in, inside its ``parent`` (``None``: the image)."""

    label: str
    box: Box
    parent: Region | None = None
    overlap_ok: bool = False
    """Texts in this region may overlap texts outside it (a badge printed over a card face)."""
    cue: tuple[str, str] | None = None
    """What this region's colour tells, as ``(what, value)``: ``("card kind", "item")``. The
    colour-cue test (``tests/render/test_colour_cues.py``) asks that the region also shows it
    without colour: a letter, a symbol (texts) or a shape (:class:`PlacedMark`) drawn in it."""

    def path(self) -> str:
        """``image > strip 2 > place > being 1``: where a text is, for failure messages."""
        names = []
        region: Region | None = self
        while region is not None:
            names.append(region.label)
            region = region.parent
        return " > ".join(reversed(names))


@dataclass(frozen=True)
class PlacedText:
    """One drawn text: its string, its ink box (layout units) and the region it belongs to;
    its colour, size (layout units), weight and outline, for the contrast test
    (``tests/render/contrast.py``)."""

    text: str
    bbox: Box
    region: Region
    fill: tuple[int, int, int] | None = None
    size: float = 0
    bold: bool = False
    outline: tuple[int, int, int] | None = None
    """The colour of the stroke around the letters, when they have one."""


@dataclass(frozen=True)
class PlacedMark:
    """One drawn shape that means something without its colour (a suit's symbol, a Being
    type's silhouette, an owner's outline): its ``name`` (``"suit moons"``), its box and the
    region it belongs to, for the colour-cue test."""

    name: str
    bbox: Box
    region: Region


@dataclass
class Page:
    """What one canvas drew: its size, its regions (the image first), its texts and its
    shape marks."""

    size: tuple[int, int]
    regions: list[Region] = field(default_factory=list)
    texts: list[PlacedText] = field(default_factory=list)
    marks: list[PlacedMark] = field(default_factory=list)


@dataclass
class TextRecorder:
    """Collects a :class:`Page` per canvas created while it is active."""

    pages: list[Page] = field(default_factory=list)

    def page(self, width: int, height: int) -> Page:
        page = Page((width, height), [Region("image", (0, 0, width, height))])
        self.pages.append(page)
        return page


_ACTIVE: ContextVar[TextRecorder | None] = ContextVar("render_text_recorder", default=None)


def active_recorder() -> TextRecorder | None:
    """The recording in progress in this thread or task, if any."""
    return _ACTIVE.get()


@contextmanager
def recording() -> Iterator[TextRecorder]:
    """Record every text of every canvas created inside the ``with`` block."""
    recorder = TextRecorder()
    token = _ACTIVE.set(recorder)
    try:
        yield recorder
    finally:
        _ACTIVE.reset(token)
