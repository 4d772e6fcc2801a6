"""``/game stats``' rating chart and ``/game leaderboard``'s table, from plain numbers and text.

Why plain data: the bot works out ratings and words every label in the reader's language;
this module only draws (no ratings maths, no store, no Discord), in the house style of
:mod:`render.common`, with every text inside a named region so the text-box tests can check
that long names never run into the numbers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from render.charts import nice_step
from render.common import Canvas, Palette, mix, player_names
from render.png import encode_png

MARGIN = 20
HEADER_H = 84

CHART_W, CHART_H = 900, 430
PLOT_LEFT, PLOT_RIGHT, PLOT_TOP, PLOT_BOTTOM = 64, 24, 24, 62
"""The plot inside the chart's panel: room for the y labels, the x labels and the x caption."""
MAX_X_LABELS = 12
DOTS_UP_TO = 60
"""Each game gets a dot while there are at most this many; beyond, the line alone reads better."""

BOARD_W = 720
ROW_H, ROW_GAP, COLUMNS_H = 42, 6, 30
PLACE_X, NAME_X, NAME_END, RATING_END, DETAIL_X = 16, 64, 430, 540, 556
"""Leaderboard columns, from each row's left edge: place, name, rating (right-aligned), record."""


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One line of a leaderboard, worded by the caller: ``rating`` "18.4", ``detail`` "12
    games · 5 wins"."""

    place: int
    name: str
    rating: str
    detail: str


def _header(canvas: Canvas, width: int, title: str, subtitle: str) -> None:
    with canvas.region((0, 0, width, HEADER_H), "header"):
        canvas.fit_text((MARGIN, 16), title, width - 2 * MARGIN, 26, Palette.gold, bold=True,
                        min_size=16)  # fmt: skip
        canvas.fit_text((MARGIN, 52), subtitle, width - 2 * MARGIN, 15, Palette.muted,
                        min_size=11)  # fmt: skip


# -- the rating over time ----------------------------------------------------------------------


class _Axes:
    """Maps game numbers and ratings to pixels; draws the grid and the labels."""

    def __init__(self, box: tuple[float, float, float, float], low: float, high: float) -> None:
        x0, y0, x1, y1 = box
        self.left, self.right = x0 + PLOT_LEFT, x1 - PLOT_RIGHT
        self.top, self.bottom = y0 + PLOT_TOP, y1 - PLOT_BOTTOM
        if high - low < 2:
            low, high = low - 1, high + 1
        self.step = nice_step(high - low)
        self.low = math.floor(low / self.step) * self.step
        self.high = math.ceil(high / self.step) * self.step

    def y(self, value: float) -> float:
        share = (value - self.low) / (self.high - self.low)
        return self.bottom - (self.bottom - self.top) * share

    def x(self, index: int, count: int) -> float:
        if count <= 1:
            return (self.left + self.right) / 2
        return self.left + (self.right - self.left) * index / (count - 1)

    def grid(self, canvas: Canvas) -> None:
        ticks = round((self.high - self.low) / self.step)
        digits = 0 if self.step == int(self.step) else 1
        for i in range(ticks + 1):
            value = self.low + i * self.step
            value = 0.0 if abs(value) < self.step / 2 else value  # never "−0"
            y = self.y(value)
            colour = Palette.faint if abs(value) < self.step / 2 else Palette.line
            canvas.line([(self.left, y), (self.right, y)], colour, 1)
            label = f"{value:.{digits}f}".replace("-", "−")
            canvas.fit_text((self.left - 8, y), label, PLOT_LEFT - 14, 12, Palette.muted,
                            anchor="rm")  # fmt: skip

    def x_labels(self, canvas: Canvas, count: int, caption: str) -> None:
        every = max(1, math.ceil(count / MAX_X_LABELS))
        room = max(18.0, (self.right - self.left) / max(1, count - 1) * every - 4)
        for i in range(0, count, every):
            canvas.fit_text((self.x(i, count), self.bottom + 8), str(i + 1), room, 12,
                            Palette.muted, anchor="ma", min_size=9)  # fmt: skip
        canvas.fit_text(((self.left + self.right) / 2, self.bottom + 32), caption,
                        self.right - self.left, 13, Palette.muted, anchor="ma")  # fmt: skip


def rating_chart(
    title: str,
    subtitle: str,
    values: Sequence[float],
    *,
    band: Sequence[tuple[float, float]] = (),
    x_caption: str = "",
    empty: str = "",
) -> Image.Image:
    """The rating after each rated game (``values``, oldest first) as a line, over an optional
    shaded ``band`` per game (e.g. the rating's plausible range); ``empty`` is said when there
    are no values."""
    canvas = Canvas(CHART_W, CHART_H, Palette.bg)
    _header(canvas, CHART_W, title, subtitle)
    box = (MARGIN, HEADER_H, CHART_W - MARGIN, CHART_H - MARGIN)
    canvas.panel(box)
    with canvas.region(box, "plot"):
        if not values:
            canvas.fit_text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), empty,
                            box[2] - box[0] - 40, 18, Palette.muted, anchor="mm")  # fmt: skip
            return canvas.image()
        spread = [*values, *(v for pair in band for v in pair)]
        axes = _Axes(box, min(spread), max(spread))
        axes.grid(canvas)
        _band(canvas, axes, band)
        _line(canvas, axes, values)
        axes.x_labels(canvas, len(values), x_caption)
    return canvas.image()


def _band(canvas: Canvas, axes: _Axes, band: Sequence[tuple[float, float]]) -> None:
    if not band:
        return
    count = len(band)
    if count == 1:
        low, high = band[0]
        x = axes.x(0, 1)
        canvas.line([(x, axes.y(low)), (x, axes.y(high))], mix(Palette.panel, Palette.seat(0),
                    0.45), 8)  # fmt: skip
        return
    upper = [(axes.x(i, count), axes.y(high)) for i, (_, high) in enumerate(band)]
    lower = [(axes.x(i, count), axes.y(low)) for i, (low, _) in enumerate(band)]
    canvas.polygon([*upper, *reversed(lower)], mix(Palette.panel, Palette.seat(0), 0.3))


def _line(canvas: Canvas, axes: _Axes, values: Sequence[float]) -> None:
    count = len(values)
    points = [(axes.x(i, count), axes.y(v)) for i, v in enumerate(values)]
    if count > 1:
        canvas.line(points, Palette.gold, 3)
    if count <= DOTS_UP_TO:
        for x, y in points:
            canvas.circle(x, y, 4.5, Palette.gold)


def rating_chart_png(
    title: str,
    subtitle: str,
    values: Sequence[float],
    *,
    band: Sequence[tuple[float, float]] = (),
    x_caption: str = "",
    empty: str = "",
) -> bytes:
    """:func:`rating_chart` as PNG."""
    image = rating_chart(title, subtitle, values, band=band, x_caption=x_caption, empty=empty)
    return encode_png(image)


# -- the leaderboard ---------------------------------------------------------------------------


def leaderboard(
    title: str,
    subtitle: str,
    rows: Sequence[BoardRow],
    *,
    columns: tuple[str, str, str] = ("", "", ""),
    locale: str = "en",
) -> Image.Image:
    """One line per player, best first: place, name, rating and record. ``columns`` heads the
    name, rating and record columns."""
    height = HEADER_H + COLUMNS_H + max(1, len(rows)) * (ROW_H + ROW_GAP) + MARGIN
    canvas = Canvas(BOARD_W, height, Palette.bg)
    _header(canvas, BOARD_W, title, subtitle)
    _column_heads(canvas, columns)
    names = player_names([row.name for row in rows], len(rows), locale)
    for index, (row, name) in enumerate(zip(rows, names, strict=True)):
        top = HEADER_H + COLUMNS_H + index * (ROW_H + ROW_GAP)
        _board_row(canvas, (MARGIN, top, BOARD_W - MARGIN, top + ROW_H), row, name)
    return canvas.image()


def _column_heads(canvas: Canvas, columns: tuple[str, str, str]) -> None:
    top = HEADER_H
    name, rating, record = columns
    with canvas.region((MARGIN, top, BOARD_W - MARGIN, top + COLUMNS_H), "columns"):
        x0 = MARGIN
        canvas.fit_text((x0 + NAME_X, top + 6), name, NAME_END - NAME_X, 13, Palette.faint)
        canvas.fit_text((x0 + RATING_END, top + 6), rating, RATING_END - NAME_END - 10, 13,
                        Palette.faint, anchor="ra")  # fmt: skip
        canvas.fit_text((x0 + DETAIL_X, top + 6), record, BOARD_W - 2 * MARGIN - DETAIL_X - 12,
                        13, Palette.faint)  # fmt: skip


def _board_row(canvas: Canvas, box: tuple[float, float, float, float], row: BoardRow,
               name: str) -> None:  # fmt: skip
    x0, y0, x1, y1 = box
    middle = (y0 + y1) / 2
    canvas.panel(box)
    medal = Palette.gold if row.place <= 3 else Palette.muted
    with canvas.region(box, f"row {row.place}"):
        with canvas.region((x0, y0, x0 + NAME_X - 4, y1), "place"):
            canvas.fit_text((x0 + PLACE_X, middle), f"#{row.place}", NAME_X - PLACE_X - 6, 17,
                            medal, bold=True, anchor="lm", min_size=11)  # fmt: skip
        with canvas.region((x0 + NAME_X, y0, x0 + NAME_END, y1), "name"):
            canvas.fit_text((x0 + NAME_X, middle), name, NAME_END - NAME_X, 17, Palette.text,
                            anchor="lm", min_size=12)  # fmt: skip
        with canvas.region((x0 + NAME_END + 6, y0, x0 + RATING_END, y1), "rating"):
            canvas.fit_text((x0 + RATING_END, middle), row.rating, RATING_END - NAME_END - 10,
                            17, Palette.gold, bold=True, anchor="rm", min_size=11)  # fmt: skip
        with canvas.region((x0 + DETAIL_X, y0, x1, y1), "record"):
            canvas.fit_text((x0 + DETAIL_X, middle), row.detail, x1 - x0 - DETAIL_X - 12, 13,
                            Palette.muted, anchor="lm", min_size=10)  # fmt: skip


def leaderboard_png(
    title: str,
    subtitle: str,
    rows: Sequence[BoardRow],
    *,
    columns: tuple[str, str, str] = ("", "", ""),
    locale: str = "en",
) -> bytes:
    """:func:`leaderboard` as PNG."""
    return encode_png(leaderboard(title, subtitle, rows, columns=columns, locale=locale))


__all__ = ["BoardRow", "leaderboard", "leaderboard_png", "rating_chart", "rating_chart_png"]
