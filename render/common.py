"""Shared drawing toolkit for every game's renderer.

Everything here is game-agnostic: the house colours (:mod:`render.colours`), the supersampled
:class:`Canvas` (:mod:`render.canvas`), both re-exported here, dice faces, the renderers'
protocols, and the few localized words that several boards need. PNG encoding is
:mod:`render.png`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from PIL import Image, ImageDraw

from render.boxes import Box
from render.canvas import Canvas as Canvas
from render.colours import RGB as RGB
from render.colours import Palette as Palette
from render.colours import hex_rgb as hex_rgb
from render.colours import mix as mix
from render.text import calm_marks, drawable


class BoardRenderer(Protocol):
    """What each game module registers in :data:`render.RENDERERS`."""

    def board(self, view: dict[str, Any], *, locale: str, players: list[str]) -> Image.Image:
        """The public table, drawn from a (public) view."""
        ...

    def hand(self, view: dict[str, Any], *, locale: str) -> Image.Image:
        """One seat's hidden hand, drawn from that seat's own view (sent by DM)."""
        ...


@runtime_checkable
class SeatBoardRenderer(BoardRenderer, Protocol):
    """A game whose table is a board per player as well as a shared board (Monsters on
    Board's town paths): each seat's board is its own image under the shared one, so each
    stays readable on a phone, where one composite of four would not."""

    def seat_board(
        self, view: dict[str, Any], seat: int, *, locale: str, players: list[str]
    ) -> Image.Image:
        """Seat ``seat``'s own board, drawn from the public view."""
        ...


# --------------------------------------------------------------------------- i18n


def lang(locale: str | None) -> str:
    """Discord locales ("it", "en-US", "en-GB", ...) to the two languages we draw: it / en."""
    return "it" if (locale or "").lower().startswith("it") else "en"


LABELS: dict[str, dict[str, str]] = {
    "deck": {"en": "Deck", "it": "Mazzo"},
    "hand": {"en": "Hand", "it": "Mano"},
    "your_hand": {"en": "Your hand", "it": "La tua mano"},
    "no_cards": {"en": "No cards in hand", "it": "Nessuna carta in mano"},
    "turn": {"en": "Turn", "it": "Turno"},
    "score": {"en": "Score", "it": "Punti"},
    "points": {"en": "pts", "it": "pt"},
    "start": {"en": "Start", "it": "Partenza"},
    "winner": {"en": "Winner", "it": "Vince"},
    "winners": {"en": "Winners", "it": "Vincono"},
    "draw": {"en": "Draw", "it": "Pareggio"},
    "game_over": {"en": "Game over", "it": "Partita finita"},
    "to_play": {"en": "to play", "it": "di turno"},
    "player": {"en": "Player {n}", "it": "Giocatore {n}"},
    "cards": {"en": "cards", "it": "carte"},
    "last_turn": {"en": "Last turn", "it": "Ultimo turno"},
    "no_effect": {"en": "no effect", "it": "nessun effetto"},
}


def tr(key: str, locale: str, table: dict[str, dict[str, str]] | None = None, **fmt: Any) -> str:
    """A localized label from ``table`` (default :data:`LABELS`), formatted with ``fmt``."""
    entry = (table or LABELS)[key]
    text = entry.get(lang(locale)) or entry["en"]
    return text.format(**fmt) if fmt else text


def localized(name: Any, locale: str) -> str:
    """A view's ``{"en": ..., "it": ...}`` name (or a plain string) in ``locale``."""
    if isinstance(name, dict):
        return str(name.get(lang(locale)) or name.get("en") or next(iter(name.values()), ""))
    return "" if name is None else str(name)


def player_names(players: Sequence[str | None] | None, count: int, locale: str) -> list[str]:
    """Display names per seat, cleaned of characters our font cannot draw; missing or blank
    ones become "Player n" / "Giocatore n"."""
    given = list(players or [])
    names: list[str] = []
    for seat in range(count):
        name = given[seat] if seat < len(given) else None
        name = " ".join(calm_marks(drawable(str(name))).split()) if name else ""
        names.append(name or tr("player", locale, n=seat + 1))
    return names


# --------------------------------------------------------------------------- dice

_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def draw_die(
    canvas: Canvas,
    x: float,
    y: float,
    size: float,
    value: int,
    *,
    fill: RGB = Palette.die,
    pip: RGB = Palette.pip,
    dim: bool = False,
) -> None:
    """A die face (1-6 pips; any other value is written as a number) with its top-left at x, y.

    ``dim`` draws it faded (a die that did nothing)."""
    if dim:
        fill = mix(fill, Palette.panel, 0.55)
        pip = mix(pip, Palette.panel, 0.3)
    canvas.rect((x + 2, y + 4, x + size + 2, y + size + 4), fill=(0, 0, 0), radius=size * 0.2)
    canvas.rect(
        (x, y, x + size, y + size),
        fill=fill,
        outline=mix(fill, pip, 0.25),
        width=1.5,
        radius=size * 0.2,
    )
    spots = _PIPS.get(value)
    if spots is None:
        canvas.text(
            (x + size / 2, y + size / 2), str(value), size * 0.6, pip, bold=True, anchor="mm"
        )
        return
    r = size * 0.095
    for fx, fy in spots:
        canvas.circle(x + size * fx, y + size * fy, r, fill=pip)


def gold_banner(canvas: Canvas, box: Box) -> None:
    """The game-over banner's plate: gold, with a darker rule just inside its edge (Monster
    Day and Notte di Terrore draw their result on it)."""
    x0, y0, x1, y1 = box
    canvas.rect(box, fill=Palette.gold, radius=16)
    canvas.rect(
        (x0 + 5, y0 + 5, x1 - 5, y1 - 5),
        outline=mix(Palette.gold, Palette.ink, 0.4),
        width=2,
        radius=12,
    )


# --------------------------------------------------------------------------- masks


def supersampled_mask(
    size: int, paint: Callable[[ImageDraw.ImageDraw, float], None], factor: int = 4
) -> Image.Image:
    """An antialiased L mask ``size`` pixels square: ``paint(draw, unit)`` draws white shapes
    (and black holes) on a ``factor``x canvas where the full square is ``unit`` wide."""
    big = Image.new("L", (size * factor, size * factor), 0)
    paint(ImageDraw.Draw(big), float(size * factor))
    return big.resize((size, size), Image.Resampling.LANCZOS)
