"""The house colours: a dark, warm table at night, cream text, strong accents
(:class:`Palette`), and the two helpers every renderer mixes its shades with.

Apart from :mod:`render.common` so that the canvas (:mod:`render.canvas`) and the toolkit that
re-exports it can both read them."""

from __future__ import annotations

RGB = tuple[int, int, int]


def hex_rgb(value: str) -> RGB:
    value = value.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Linear blend: ``t=0`` gives ``a``, ``t=1`` gives ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def luminance(colour: RGB) -> float:
    """WCAG 2.x relative luminance of an sRGB colour, 0 (black) to 1 (white)."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio of two colours, 1 to 21 (AA asks 4.5, or 3 for large text)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


class Palette:
    """The house theme: a dark, warm table at night, cream text, strong accents."""

    bg = hex_rgb("#17110d")  # the room
    table = hex_rgb("#241a14")  # the table top
    panel = hex_rgb("#2f231a")
    panel_hi = hex_rgb("#3b2c20")
    line = hex_rgb("#5a4533")
    text = hex_rgb("#f6ead0")
    muted = hex_rgb("#bfa98a")
    faint = hex_rgb("#aa9e90")  # 4.5:1 on every panel (issue 29; was #7d6954)
    gold = hex_rgb("#ffc94a")
    danger = hex_rgb("#ff6b5a")
    card = hex_rgb("#f7efdc")  # card stock
    card_edge = hex_rgb("#cdbb98")
    ink = hex_rgb("#23180f")  # text on cards
    die = hex_rgb("#fbf6ea")
    pip = hex_rgb("#1d140e")
    # one accent per seat (enough for six players)
    seats = (
        hex_rgb("#52c7e0"),  # cyan
        hex_rgb("#ff7a8f"),  # rose
        hex_rgb("#9be15d"),  # lime
        hex_rgb("#c79bff"),  # lilac
        hex_rgb("#ffb35c"),  # orange
        hex_rgb("#f2f2f2"),  # white
    )

    @classmethod
    def seat(cls, seat: int) -> RGB:
        return cls.seats[seat % len(cls.seats)]


WHITE: RGB = (255, 255, 255)


def ink_on(colour: RGB, dark: RGB = Palette.ink) -> RGB:
    """Readable ink on a ``colour`` background: ``dark`` or white, whichever has the higher
    WCAG contrast there. Why not a brightness threshold (each game had its own): white on
    an orange die read at 3.1:1 where the dark ink reads at 5.2 (issue 29's contrast test)."""
    return dark if contrast(dark, colour) > contrast(WHITE, colour) else WHITE


def legible(colour: RGB, behind: RGB, need: float = 4.5) -> RGB:
    """``colour`` for a text on ``behind``: itself when it reads at ``need``:1 there, else
    mixed toward white (on a dark ground) or black (on a light one) by the least step that
    does: a component's colour keeps its hue and becomes readable (issue 29)."""
    toward = WHITE if luminance(behind) < 0.18 else (0, 0, 0)
    for step in range(21):
        shade = mix(colour, toward, step / 20)
        if contrast(shade, behind) >= need:
            return shade
    return toward
