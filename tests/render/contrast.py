"""The check behind "every text can be read" (issue 29, WCAG 2.x AA): each text a canvas
recorded (:mod:`render.boxes`) against what is behind it in the finished image.

- **Contrast** is WCAG's: ``(L1 + 0.05) / (L2 + 0.05)`` of the relative luminances of the
  text's colour and its background's.
- **Large text** needs 3:1, any other 4.5:1. WCAG's large is 18 pt, or 14 pt bold; at CSS's
  96 px per inch that is 24 px, or 18.67 px bold. Sizes here are the font sizes a renderer
  asks for, in the image's own pixels (layout units), so :data:`LARGE_PX` is 24 and
  :data:`LARGE_BOLD_PX` 18.67: a text asked for at 24 px or more (bold: 18.67 or more) is large.
- **The background** is what the image shows inside the text's ink box apart from the text:
  the most common colour there among the pixels far from the text's own colour (the letters
  and their anti-aliased edges are left out). A text drawn with an outline (a stroke) is read
  against its outline as well: the better of the two counts.
"""

from __future__ import annotations

from collections import Counter

from PIL import Image

from render.boxes import Page, PlacedText
from render.colours import RGB
from render.colours import contrast as contrast_ratio

NORMAL = 4.5
LARGE = 3.0
LARGE_PX = 24.0
LARGE_BOLD_PX = 18.67
NEAR_INK = 60
"""Pixels within this RGB distance (sum of channel differences) of the text's colour are
taken for its letters and their edges, not its background."""

ratio = contrast_ratio


def needed(text: PlacedText) -> float:
    large = text.size >= (LARGE_BOLD_PX if text.bold else LARGE_PX)
    return LARGE if large else NORMAL


def background(image: Image.Image, text: PlacedText) -> RGB | None:
    """The most common colour in the text's ink box that is not the text's own (None: the
    box is all letters, or off the image)."""
    assert text.fill is not None
    x0, y0, x1, y1 = (round(v) for v in text.bbox)
    x0, y0 = max(x0, 0), max(y0, 0)
    x1, y1 = min(x1, image.width), min(y1, image.height)
    if x1 <= x0 or y1 <= y0:
        return None
    crop = image.crop((x0, y0, x1, y1)).convert("RGB")
    fill = text.fill
    seen: Counter[RGB] = Counter()
    for count, found in crop.getcolors(crop.width * crop.height) or []:
        assert isinstance(found, tuple)
        colour: RGB = (int(found[0]), int(found[1]), int(found[2]))
        if sum(abs(c - f) for c, f in zip(colour, fill, strict=True)) > NEAR_INK:
            seen[colour] += count
    return seen.most_common(1)[0][0] if seen else None


def contrast(image: Image.Image, text: PlacedText) -> float | None:
    """The text's contrast against its background (or its outline, when better)."""
    if text.fill is None:
        return None
    behind = background(image, text)
    found = [ratio(text.fill, behind)] if behind is not None else []
    if text.outline is not None:
        found.append(ratio(text.fill, text.outline))
    return max(found) if found else None


def problems(image: Image.Image, page: Page) -> list[str]:
    """One line per text below its contrast, naming it, its colours and where it is."""
    out = []
    for text in page.texts:
        found = contrast(image, text)
        if found is None or found >= needed(text):
            continue
        out.append(
            f"{text.text!r} {found:.2f}:1 < {needed(text)}:1 (colour {text.fill}, "
            f"behind {background(image, text)}, size {text.size:g}"
            f"{' bold' if text.bold else ''}) in {text.region.path()}"
        )
    return out
