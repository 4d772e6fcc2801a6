"""Text for every renderer: the fonts shipped with the package and the words drawn with them.

Player names may hold anything (emoji, right-to-left scripts, stacked combining marks), so this
module decides what of a string can be drawn (:func:`drawable`, :func:`calm_marks`), keeps a
right-to-left name from turning the phrase around it (:func:`isolate`), and shortens text to
a width (:func:`ellipsize`, :func:`wrap_words`, :func:`shorten_names`). Measuring and drawing
are the canvas's (:class:`render.common.Canvas`); these functions take a width function.
"""

from __future__ import annotations

import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, features

FONT_DIR = Path(__file__).with_name("fonts")
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
# Every phrase we draw is English or Italian, so lines read left to right even when a player's
# name is Hebrew or Arabic (the name's own letters still run right to left). Without libraqm
# Pillow lays text out left to right anyway and refuses the argument.
DIRECTION = "ltr" if features.check_feature("raqm") else None
MAX_MARKS = 2  # combining marks kept on one letter ("ệ" needs two; "Z̴̧̛̖" stacks past the line)


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (shipped in ``render/fonts``) at ``size`` pixels."""
    return ImageFont.truetype(str(FONT_DIR / FONT_FILES[bold]), max(1, int(size)))


# Boards redraw the same labels move after move (headings, numbers, names), and laying a string
# out with FreeType costs far more than looking it up: widths, ink boxes and rendered masks are
# kept per (text, pixel size, weight, ...), each cache bounded so memory stays flat.


@lru_cache(maxsize=8192)
def text_length(text: str, size: int, bold: bool = False) -> float:
    """Advance width of ``text`` in pixels at ``size`` (what layouts measure)."""
    return float(font(size, bold).getlength(text, direction=DIRECTION))


@lru_cache(maxsize=8192)  # at two sizes for texts painted at the final size (late_text)
def text_bbox(
    text: str, size: int, bold: bool = False, anchor: str = "la", stroke: int = 0
) -> tuple[int, int, int, int]:
    """Ink box of ``text`` relative to its anchor point (Pillow's ``getbbox``), in pixels."""
    left, top, right, bottom = font(size, bold).getbbox(
        text, anchor=anchor, stroke_width=stroke, direction=DIRECTION
    )
    return int(left), int(top), int(right), int(bottom)


Mask = tuple[Image.Image, int, int]
"""A rendered text: its L mask and the mask's offset from the anchor point."""


class MaskCache:
    """Rendered text masks, the least recently used dropped first once their pixels (bytes:
    masks are one byte a pixel) pass ``max_pixels``. Bounded by size rather than count
    because a mask is anything from a digit to a 32-character name in a heading. Thread-safe:
    boards are drawn in a pool of two threads."""

    def __init__(self, max_pixels: int) -> None:
        self.max_pixels = max_pixels
        self.pixels = 0
        self.hits = 0
        self.misses = 0
        self._items: OrderedDict[tuple[str, int, bool, str, int], Mask] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[str, int, bool, str, int]) -> Mask | None:
        with self._lock:
            mask = self._items.get(key)
            if mask is None:
                self.misses += 1
                return None
            self.hits += 1
            self._items.move_to_end(key)
            return mask

    def put(self, key: tuple[str, int, bool, str, int], mask: Mask) -> None:
        with self._lock:
            if key in self._items:
                return
            self._items[key] = mask
            self.pixels += _area(mask)
            while self.pixels > self.max_pixels and len(self._items) > 1:
                _, dropped = self._items.popitem(last=False)
                self.pixels -= _area(dropped)

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.pixels = self.hits = self.misses = 0


def _area(mask: Mask) -> int:
    return mask[0].width * mask[0].height


TEXT_MASKS = MaskCache(16 * 2**20)  # 16 MiB; the 60 bench boards in both languages need ~6


def text_mask(
    text: str, size: int, bold: bool = False, anchor: str = "la", stroke: int = 0
) -> Mask:
    """``text`` rendered once as an L mask (with its ``stroke`` filled in, as Pillow draws a
    stroke) and the mask's offset from the anchor point: painting a colour through it is
    pixel for pixel what ``ImageDraw.text`` draws. Callers must not modify the mask."""
    key = (text, size, bold, anchor, stroke)
    cached = TEXT_MASKS.get(key)
    if cached is not None:
        return cached
    left, top, right, bottom = text_bbox(text, size, bold, anchor, stroke)
    mask = Image.new("L", (max(0, right - left), max(0, bottom - top)), 0)
    if mask.width and mask.height:
        ImageDraw.Draw(mask).text(
            (-left, -top),
            text,
            font=font(size, bold),
            fill=255,
            anchor=anchor,
            stroke_width=stroke,
            stroke_fill=255,
            direction=DIRECTION,
        )
    TEXT_MASKS.put(key, (mask, left, top))
    return mask, left, top


ELLIPSIS = "…"
_INVISIBLE = {0x200D, 0x200C, 0x200B, 0x2060, 0xFEFF} | set(range(0xFE00, 0xFE10))


def _glyph_key(ch: str) -> bytes:
    img = Image.new("L", (48, 48), 0)
    ImageDraw.Draw(img).text((4, 4), ch, font=font(32), fill=255)
    return img.tobytes()


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Can DejaVu Sans draw ``ch``? (Characters it lacks would show as empty boxes.)"""
    if ch.isspace():
        return True
    if ord(ch) in _INVISIBLE or not ch.isprintable():
        return False
    return _glyph_key(ch) != _glyph_key("\uffff")


def drawable(text: str) -> str:
    """``text`` without the characters the font cannot draw (CJK, most emoji, joiners): user
    names may contain anything, and a row of empty boxes reads worse than a shorter name."""
    return "".join(ch for ch in text if has_glyph(ch))


def calm_marks(text: str, keep: int = MAX_MARKS) -> str:
    """``text`` (composed, NFC) with at most ``keep`` combining marks on each letter: a name
    piling marks on marks ("zalgo") would paint over the lines above and below it."""
    out: list[str] = []
    run = 0
    for ch in unicodedata.normalize("NFC", text):
        run = run + 1 if unicodedata.combining(ch) else 0
        if run <= keep:
            out.append(ch)
    return "".join(out)


def ellipsize(text: str, width: Callable[[str], float], max_width: float) -> str:
    """``text`` cut to fit ``max_width`` with a trailing ellipsis (given a width function)."""
    if width(text) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if width(text[:mid].rstrip() + ELLIPSIS) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    if lo:
        return text[:lo].rstrip() + ELLIPSIS
    return ELLIPSIS if width(ELLIPSIS) <= max_width else ""


def wrap_words(text: str, width: Callable[[str], float], max_width: float) -> list[str]:
    """Greedy word wrap; a single word wider than the line stays whole (ellipsized later)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if current and width(candidate) > max_width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def isolate(name: str) -> str:
    """``name`` as a unit inside a phrase: a right-to-left name would otherwise pull the
    numbers and marks next to it into its own direction ("1 · name" for "name · 1"). Only with
    libraqm, which understands the marks; basic layout would draw them as boxes."""
    return f"\u2068{name}\u2069" if DIRECTION and name else name


def join_names(names: Sequence[str]) -> str:
    """Names listed with commas, each isolated (see :func:`isolate`)."""
    return ", ".join(isolate(n) for n in names)


def shorten_names(
    template: str, names: list[str], width: Callable[[str], float], max_width: float
) -> str:
    """``template`` with its names cut (ellipsized) to the widest common width that fits."""

    def filled(cap: float) -> str:
        return template.format(
            name=join_names([ellipsize(n, width, cap) or ELLIPSIS for n in names])
        )

    lo, hi = 0.0, max_width
    for _ in range(10):  # within a pixel on a 1000-pixel line
        mid = (lo + hi) / 2
        if width(filled(mid)) <= max_width:
            lo = mid
        else:
            hi = mid
    return filled(lo)
