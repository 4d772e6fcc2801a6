"""The Terror meter of a player's strip: their Terror pile as a bar, a segment per card as wide
as its score (one scale for every meter, so they compare players at a glance).

Why its own module: the meter tells the pile's card types by colour, and colour is never the
only cue (issue 29). The pile is shown grouped by type (the order of the cards in a pile plays
no part in the rules: R5 takes Terror back by score), so each type is one run of segments, and
each run carries the type's icon. A run is at least :data:`MIN_RUN` wide so that its icon shows
even for a 1-point card (about 9 px at the smallest scale), the wider runs giving way when
the bar is full; the total beside the meter stays the exact figure.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from render.boxes import Box
from render.common import Canvas, Palette, mix
from render.notte_di_terrore.icons import icon, type_cue
from render.notte_di_terrore.pieces import Cards
from render.notte_di_terrore.style import TYPE_ORDER, _on

MIN_RUN = 13.0
"""The narrowest run of one type, in layout units: room for its icon."""
ORDER = (*TYPE_ORDER, "book", "")
"""The runs left to right: the Being types, the Necronomicon, Events favouring no type."""

Segment = tuple[str, float, bool, Any]
"""A pile card in the meter: its kind (:meth:`Cards.pile_kind`), score, rotated, card id."""


def segments(cards: Cards, pile: list[Any]) -> list[Segment]:
    """The pile's scoring cards, grouped by kind in :data:`ORDER` (the pile's order within)."""
    found = [
        (cards.pile_kind(e.get("card")), float(e["score"]), bool(e.get("rotated")), e.get("card"))
        for e in pile
        if isinstance(e, dict) and isinstance(e.get("score"), int) and e["score"] > 0
    ]
    rank = {kind: k for k, kind in enumerate(ORDER)}
    return sorted(found, key=lambda s: rank.get(s[0], len(ORDER)))


def run_widths(naturals: list[float], room: float) -> list[float]:
    """Each run's width: its score on the shared scale, at least :data:`MIN_RUN`; when the
    widened runs pass ``room``, the wider ones give up part of what they have beyond it."""
    widths = [max(w, MIN_RUN) for w in naturals]
    excess = sum(widths) - room
    spare = sum(w - MIN_RUN for w in widths)
    if excess <= 0 or spare <= 0:
        return widths
    keep = max(0.0, 1 - excess / spare)
    return [MIN_RUN + (w - MIN_RUN) * keep for w in widths]


def draw_meter(c: Canvas, cards: Cards, pile: list[Any], box: Box, scale: int) -> None:
    """The meter in ``box``: a run of segments per kind of card, each with its icon."""
    x0, y0, x1, y1 = box
    c.rect(box, fill=mix(Palette.bg, Palette.panel, 0.4), outline=Palette.line, width=1,
           radius=(y1 - y0) / 2)  # fmt: skip
    unit = (x1 - x0 - 4) / scale
    runs = [(kind, list(run)) for kind, run in groupby(segments(cards, pile), key=lambda s: s[0])]
    naturals = [sum(s[1] for s in run) * unit for _, run in runs]
    x = x0 + 2
    for (kind, run), width, natural in zip(runs, run_widths(naturals, x1 - x0 - 4), naturals,
                                           strict=True):  # fmt: skip
        start = x
        for _, score, rotated, cid in run:
            w = min(score * unit * width / natural, x1 - 2 - x)
            color = cards.pile_color(cid)
            if rotated:
                color = mix(color, Palette.bg, 0.45)
            c.rect((x, y0 + 2, x + w, y1 - 2), fill=color)
            if w > 3:
                c.line([(x + w - 0.5, y0 + 2), (x + w - 0.5, y1 - 2)], Palette.bg, 1)
            x += w
        if kind:
            _run_icon(c, cards, kind, (start, y0, x, y1), run[0][3])


def _run_icon(c: Canvas, cards: Cards, kind: str, box: Box, cid: Any) -> None:
    """A run's icon, in the ink readable on its colour; a Being type's run is a cue region."""
    x0, y0, x1, y1 = box
    size = min(y1 - y0 - 3, x1 - x0 - 3)
    ink = _on(cards.pile_color(cid))
    if kind == "book":
        icon(c, kind, (x0 + x1) / 2, (y0 + y1) / 2, size, ink)
        return
    with c.region(box, "terror meter", cue=type_cue(kind)):
        icon(c, kind, (x0 + x1) / 2, (y0 + y1) / 2, size, ink)
