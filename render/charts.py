"""Charts for the balance simulator (``python -m simulator``), drawn from plain numbers.

Why plain data: ``rules/`` must stay pure (no Pillow), so the simulator turns its results into
lists of labels and numbers and calls :func:`chart_png` lazily; this module never imports
``rules`` and knows nothing about any game. It draws a grid of panels in the house style of
:mod:`render.common`.

A panel is a dict:

* ``{"kind": "bars", "title": str, "labels": [str], "values": [float], "percent": bool,
  "reference": float | None, "reference_label": str}`` — one bar per label, an optional dashed
  reference line (e.g. the fair win rate);
* ``{"kind": "histogram", "title": str, "labels": [str], "series": [{"name": str,
  "values": [float]}], "normalize": bool}`` — grouped bars per bin, one colour per series;
  ``normalize`` shows each series as a share of its own total, so a small group (winners) and
  a large one (losers) compare by shape.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PIL import Image

from render.common import Canvas, Palette
from render.png import encode_png

Panel = dict[str, Any]

WIDTH = 1200
MARGIN = 20
HEADER_H = 84
PANEL_H = 380
COLUMNS = 2
PLOT_LEFT = 58
PLOT_TOP = 76
PLOT_BOTTOM = 52
PLOT_RIGHT = 18
SERIES_COLORS = (Palette.seats[0], Palette.seats[1], Palette.seats[2], Palette.seats[4])


def nice_step(top: float, ticks: int = 4) -> float:
    """A round gridline step (1, 2, 2.5 or 5 x 10^k) giving about ``ticks`` lines up to ``top``."""
    if top <= 0:
        return 1.0
    raw = top / ticks
    power = 10.0 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if factor * power >= raw:
            return factor * power
    return 10 * power


def _label(value: float, percent: bool) -> str:
    if percent:
        whole = abs(value * 100 - round(value * 100)) < 1e-6 or value * 100 >= 10
        return f"{value * 100:.0f}%" if whole else f"{value * 100:.1f}%"
    return f"{value:.0f}" if value == round(value) else f"{value:.2f}"


class _Plot:
    """The axes of one panel: maps values to pixels and draws the gridlines."""

    def __init__(self, canvas: Canvas, box: tuple[float, float, float, float], top: float) -> None:
        self.canvas = canvas
        x0, y0, x1, y1 = box
        self.left, self.right = x0 + PLOT_LEFT, x1 - PLOT_RIGHT
        self.top_px, self.bottom = y0 + PLOT_TOP, y1 - PLOT_BOTTOM
        self.step = nice_step(top)
        self.top = max(self.step, math.ceil(top / self.step) * self.step)

    def y(self, value: float) -> float:
        return self.bottom - (self.bottom - self.top_px) * min(value, self.top) / self.top

    def grid(self, percent: bool) -> None:
        ticks = round(self.top / self.step)
        for i in range(ticks + 1):
            value = i * self.step
            y = self.y(value)
            self.canvas.line([(self.left, y), (self.right, y)], Palette.line, 1)
            self.canvas.text(
                (self.left - 8, y), _label(value, percent), 12, Palette.muted, anchor="rm"
            )

    def slot(self, index: int, count: int) -> tuple[float, float]:
        """Left edge and width of the ``index``-th of ``count`` bar slots."""
        width = (self.right - self.left) / max(1, count)
        return self.left + index * width, width


def _panel_frame(canvas: Canvas, box: tuple[float, float, float, float], title: str) -> None:
    canvas.panel(box)
    x0, y0, x1, _ = box
    canvas.fit_text((x0 + 18, y0 + 16), title, x1 - x0 - 36, 19, Palette.text, bold=True)


def _x_labels(canvas: Canvas, plot: _Plot, labels: Sequence[str]) -> None:
    """Bin labels under the slots, all at one size (shrunk to fit the widest), thinned out
    when there are too many to read."""
    if not labels:
        return
    every = max(1, math.ceil(len(labels) / 16))
    _, width = plot.slot(0, len(labels))
    room = max(width * every - 6, 18)
    size = 13.0
    while size > 9 and max(canvas.text_width(x, size) for x in labels) > room:
        size -= 0.5
    for i, label in enumerate(labels):
        if i % every == 0:
            x, _ = plot.slot(i, len(labels))
            canvas.fit_text(
                (x + width / 2, plot.bottom + 10), label, room, size, Palette.muted, anchor="ma"
            )


def draw_bars(canvas: Canvas, box: tuple[float, float, float, float], panel: Panel) -> None:
    """One bar per label, its value on top, and an optional dashed reference line."""
    _panel_frame(canvas, box, panel.get("title", ""))
    values = [float(v) for v in panel.get("values", [])]
    labels = [str(x) for x in panel.get("labels", [])]
    percent = bool(panel.get("percent", False))
    reference = panel.get("reference")
    plot = _Plot(canvas, box, max([*values, reference or 0.0, 1e-9]) * 1.15)
    plot.grid(percent)
    for i, value in enumerate(values):
        x, width = plot.slot(i, len(values))
        pad = width * 0.18
        color = Palette.seat(i) if panel.get("seat_colors", True) else Palette.gold
        if plot.y(value) < plot.bottom - 1:
            box_ = (x + pad, plot.y(value), x + width - pad, plot.bottom)
            canvas.rect(box_, fill=color, radius=min(4, (plot.bottom - plot.y(value)) / 2))
        label = _label(value, percent)
        canvas.text((x + width / 2, plot.y(value) - 4), label, 14, bold=True, anchor="md")
    _x_labels(canvas, plot, labels)
    if reference is not None:
        _reference_line(canvas, plot, float(reference), panel.get("reference_label", ""))


def _reference_line(canvas: Canvas, plot: _Plot, value: float, label: str) -> None:
    """A dashed line across the plot, named in the legend corner (never over a bar's label)."""
    y = plot.y(value)
    x = plot.left
    while x < plot.right:
        canvas.line([(x, y), (min(x + 10, plot.right), y)], Palette.danger, 2)
        x += 18
    if label:
        legend_y = plot.top_px - 14
        canvas.text((plot.right, legend_y), label, 13, Palette.text, anchor="rm")
        end = plot.right - canvas.text_width(label, 13) - 8
        canvas.line([(end - 22, legend_y), (end - 12, legend_y)], Palette.danger, 2)
        canvas.line([(end - 8, legend_y), (end, legend_y)], Palette.danger, 2)


def draw_histogram(canvas: Canvas, box: tuple[float, float, float, float], panel: Panel) -> None:
    """Grouped bars per bin, one colour per series, with a legend."""
    _panel_frame(canvas, box, panel.get("title", ""))
    labels = [str(x) for x in panel.get("labels", [])]
    series = _series(panel)
    normalize = bool(panel.get("normalize", False))
    top = max([v for s in series for v in s["values"]] + [1e-9])
    plot = _Plot(canvas, box, top * 1.1)
    plot.grid(normalize)
    for i in range(len(labels)):
        x, width = plot.slot(i, len(labels))
        inner = width * 0.84 / max(1, len(series))
        for k, s in enumerate(series):
            value = s["values"][i] if i < len(s["values"]) else 0.0
            left = x + width * 0.08 + k * inner
            if plot.y(value) < plot.bottom - 0.5:
                canvas.rect((left, plot.y(value), left + inner, plot.bottom), fill=s["color"])
    _x_labels(canvas, plot, labels)
    if len(series) > 1:
        _legend(canvas, box, series)


def _series(panel: Panel) -> list[dict[str, Any]]:
    out = []
    for k, s in enumerate(panel.get("series", [])):
        values = [float(v) for v in s.get("values", [])]
        if panel.get("normalize"):
            total = sum(values)
            values = [v / total for v in values] if total else values
        color = SERIES_COLORS[k % len(SERIES_COLORS)]
        out.append({"name": str(s.get("name", "")), "values": values, "color": color})
    return out


def _legend(
    canvas: Canvas, box: tuple[float, float, float, float], series: list[dict[str, Any]]
) -> None:
    x = box[2] - PLOT_RIGHT
    y = box[1] + PLOT_TOP - 14
    for s in reversed(series):
        width = canvas.text_width(s["name"], 13)
        canvas.text((x, y), s["name"], 13, Palette.text, anchor="rm")
        x -= width + 8
        canvas.rect((x - 14, y - 7, x, y + 7), fill=s["color"], radius=3)
        x -= 30


DRAWERS = {"bars": draw_bars, "histogram": draw_histogram}


def chart(title: str, subtitle: str, panels: Sequence[Panel]) -> Image.Image:
    """The whole picture: a title, a subtitle and the panels two by two."""
    rows = max(1, math.ceil(len(panels) / COLUMNS))
    height = HEADER_H + rows * (PANEL_H + MARGIN) + MARGIN // 2
    canvas = Canvas(WIDTH, height, Palette.bg)
    canvas.fit_text((MARGIN, 18), title, WIDTH - 2 * MARGIN, 28, Palette.gold, bold=True)
    canvas.fit_text((MARGIN, 54), subtitle, WIDTH - 2 * MARGIN, 16, Palette.muted)
    width = (WIDTH - MARGIN * (COLUMNS + 1)) / COLUMNS
    for index, panel in enumerate(panels):
        row, column = divmod(index, COLUMNS)
        x0 = MARGIN + column * (width + MARGIN)
        y0 = HEADER_H + row * (PANEL_H + MARGIN)
        box = (x0, y0, x0 + width, y0 + PANEL_H)
        drawer = DRAWERS.get(panel.get("kind", ""))
        if drawer is None:
            raise ValueError(f"unknown chart panel kind {panel.get('kind')!r}")
        drawer(canvas, box, panel)
    return canvas.image()


def chart_png(title: str, subtitle: str, panels: Sequence[Panel]) -> bytes:
    """:func:`chart` encoded as PNG (true colour: small enough, and gridlines stay crisp)."""
    return encode_png(chart(title, subtitle, panels), palette=False, max_bytes=2_000_000)


__all__ = ["Panel", "chart", "chart_png", "nice_step"]
