"""The check behind "every text stays in its box": given what a canvas recorded
(:mod:`render.boxes`), list each text that leaves its region or the image, each region that
leaves its parent, and each pair of texts that overlap.

Tolerance: one layout pixel (rounding to the supersampled grid); anything more shows.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from PIL import Image, ImageDraw

from render.boxes import Box, Page, PlacedText, Region, recording

SLACK = 1.0
CUT_NUMBER = re.compile(r"[+\-−]?\d*…")  # "1…" or "…": a count, a score, a name cut away


def _inside(inner: Box, outer: Box) -> bool:
    return (
        inner[0] >= outer[0] - SLACK
        and inner[1] >= outer[1] - SLACK
        and inner[2] <= outer[2] + SLACK
        and inner[3] <= outer[3] + SLACK
    )


def _overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > SLACK and min(a[3], b[3]) - max(a[1], b[1]) > SLACK


def _fmt(box: Box) -> str:
    return "({:.0f},{:.0f})-({:.0f},{:.0f})".format(*box)


def _may_overlap(a: PlacedText, b: PlacedText) -> bool:
    """Explicit exceptions only: a text in an ``overlap_ok`` region (a badge) that does not
    also hold the other text."""
    for one, other in ((a, b), (b, a)):
        region: Region | None = one.region
        while region is not None:
            if region.overlap_ok and not _holds(region, other.region):
                return True
            region = region.parent
    return False


def _holds(outer: Region, region: Region | None) -> bool:
    while region is not None:
        if region is outer:
            return True
        region = region.parent
    return False


def problems(page: Page) -> list[str]:
    """Every broken rule on one page, one line each, naming the texts and where they are."""
    image: Box = (0, 0, *page.size)
    out: list[str] = []
    for region in page.regions[1:]:
        parent = region.parent
        if parent is not None and not _inside(region.box, parent.box):
            out.append(
                f"box {region.path()} {_fmt(region.box)} leaves {parent.label} {_fmt(parent.box)}"
            )
    for t in page.texts:
        if CUT_NUMBER.fullmatch(t.text.strip()):
            out.append(f"cut to nothing: {t.text!r} {_fmt(t.bbox)} in {t.region.path()}")
        for box, name in ((t.region.box, t.region.path()), (image, "the image")):
            if not _inside(t.bbox, box):
                out.append(f"{t.text!r} {_fmt(t.bbox)} leaves {name} {_fmt(box)}")
                break
    texts = sorted(page.texts, key=lambda t: t.bbox[0])
    for i, a in enumerate(texts):
        for b in texts[i + 1 :]:
            if b.bbox[0] >= a.bbox[2] - SLACK:
                break
            if _overlap(a.bbox, b.bbox) and not _may_overlap(a, b):
                out.append(
                    f"{a.text!r} {_fmt(a.bbox)} in {a.region.path()} overlaps "
                    f"{b.text!r} {_fmt(b.bbox)} in {b.region.path()}"
                )
    return out


@contextmanager
def one_page() -> Iterator[Callable[[], Page]]:
    """Record one image: ``with one_page() as page: draw(); page()`` is what it drew."""
    with recording() as recorder:

        def page() -> Page:
            assert len(recorder.pages) == 1, f"{len(recorder.pages)} canvases, expected 1"
            return recorder.pages[0]

        yield page


def overlay(img: Image.Image, page: Page) -> Image.Image:
    """``img`` with every region outlined in blue and every text's ink box in red (to look at
    a failure: ``overlay(board_image(...), page).save("/tmp/x.png")``)."""
    out = img.convert("RGB")
    draw = ImageDraw.Draw(out)
    for region in page.regions[1:]:
        draw.rectangle(region.box, outline=(60, 140, 255))
    for t in page.texts:
        draw.rectangle(t.bbox, outline=(255, 40, 40))
    return out


def describe(shot_label: str, locale: str, names: Any) -> str:
    return f"[{locale}] {shot_label} names={names!r}"
