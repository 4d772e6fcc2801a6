"""Board and hand images (PNG) drawn from a game's *view*, never from its full state.

One module per game registers a :class:`~render.common.BoardRenderer` in :data:`RENDERERS`;
:func:`render_board` and :func:`render_hand` dispatch by game id and encode the PNG; hands and
seat boards are reused from :data:`MEMO` (:mod:`render.memo`) while what their drawing read of
the view is unchanged. This package imports Pillow and nothing from ``discord``, ``bot``,
``cogs`` or the engines: a view is plain JSON, so images can be drawn (and tested) from any
stored or hand-made view.

Adding a game: write ``render/<game_id>.py`` with a renderer class (``board`` and ``hand``
returning PIL images, built with :mod:`render.common`) and add it to :data:`RENDERERS` below.
Wrap each panel, card and pill in ``with canvas.region(box, "name"):`` so that the text-box test
(``tests/render/test_text_boxes.py``, through :mod:`render.boxes`) knows where each text belongs
and can prove, in both languages and with any name, that none leaves its box or overlaps another.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PIL import Image

from render.boxes import active_recorder
from render.common import BoardRenderer, SeatBoardRenderer, lang, player_names
from render.memo import Memo
from render.monster_day import MonsterDayRenderer
from render.monsterpocalypse import MonsterpocalypseRenderer
from render.monsters_on_board import MonstersOnBoardRenderer
from render.munchkin_fu import MunchkinFuRenderer
from render.notte_di_terrore import NotteDiTerroreRenderer
from render.palettes import HAND_PALETTES
from render.png import encode_png

MEMO = Memo()
"""Hands and seat boards already drawn, reused while what they read is unchanged
(:mod:`render.memo`); the shared board is not kept, it changes on every move."""

RENDERERS: dict[str, BoardRenderer] = {
    "monster_day": MonsterDayRenderer(),
    "monsterpocalypse": MonsterpocalypseRenderer(),
    "monsters_on_board": MonstersOnBoardRenderer(),
    "munchkin_fu": MunchkinFuRenderer(),
    "notte_di_terrore": NotteDiTerroreRenderer(),
}


def _renderer(game_id: str) -> BoardRenderer:
    try:
        return RENDERERS[game_id]
    except KeyError:
        raise KeyError(f"no renderer for game {game_id!r}") from None


def _seat_count(view: dict[str, Any]) -> int:
    """How many seats a view has: its ``players`` (Notte di Terrore) or ``seats`` (Monsters on
    Board) list when it has one, else its per-seat ``hand_counts`` / ``scores`` (Monster Day);
    2 when it says nothing."""
    for key in ("players", "seats"):
        listed = view.get(key)
        if isinstance(listed, list) and listed:
            return len(listed)
    return len(view.get("hand_counts") or view.get("scores") or []) or 2


def board_image(
    game_id: str, view: dict[str, Any], *, locale: str = "en", players: list[str] | None = None
) -> Image.Image:
    """The public board as a PIL image (before PNG encoding)."""
    seats = _seat_count(view)
    names = player_names(players, max(seats, len(players or [])), locale)
    return _renderer(game_id).board(view, locale=lang(locale), players=names)


def render_board(
    game_id: str, view: dict[str, Any], *, locale: str = "en", players: list[str] | None = None
) -> bytes:
    """PNG bytes of the public board. ``view`` is the public view (``engine.view(state, None)``);
    ``players`` are display names per seat ("Player 1"/"Giocatore 1" where missing);
    ``locale`` is a Discord locale ("it", "en-US", ...), anything not Italian is drawn in English.
    Raises ``KeyError`` for a game without a renderer."""
    return encode_png(board_image(game_id, view, locale=locale, players=players), game=game_id)


def seat_board_images(
    game_id: str, view: dict[str, Any], *, locale: str = "en", players: list[str] | None = None
) -> list[Image.Image]:
    """One image per seat for a game that draws a board per player
    (:class:`~render.common.SeatBoardRenderer`); empty for a game drawn as one image."""
    renderer = _renderer(game_id)
    if not isinstance(renderer, SeatBoardRenderer):
        return []
    seats = _seat_count(view)
    names = player_names(players, max(seats, len(players or [])), locale)
    return [renderer.seat_board(view, seat, locale=lang(locale), players=names)
            for seat in range(seats)]  # fmt: skip


def render_table(
    game_id: str, view: dict[str, Any], *, locale: str = "en", players: list[str] | None = None
) -> list[bytes]:
    """PNG bytes of the whole public table: the shared board first, then each seat's own
    board where the game draws them (see :func:`render_seat_boards`)."""
    board = board_image(game_id, view, locale=locale, players=players)
    seat_boards = render_seat_boards(game_id, view, locale=locale, players=players)
    return [encode_png(board, game=game_id), *seat_boards]


def render_seat_boards(
    game_id: str, view: dict[str, Any], *, locale: str = "en", players: list[str] | None = None
) -> list[bytes]:
    """PNG bytes of each seat's own board (see :func:`seat_board_images`), each reused from
    :data:`MEMO` while what it reads of the view is unchanged: most seat boards do not change
    on another seat's move."""
    renderer = _renderer(game_id)
    if not isinstance(renderer, SeatBoardRenderer):
        return []
    seats = _seat_count(view)
    names = player_names(players, max(seats, len(players or [])), locale)
    code = lang(locale)

    def seat_board(seat: int) -> Callable[[dict[str, Any]], bytes]:
        def draw(seen: dict[str, Any]) -> bytes:
            image = renderer.seat_board(seen, seat, locale=code, players=names)
            return encode_png(image, game=game_id)

        return draw

    groups = [(game_id, "seat board", code, seat, tuple(names)) for seat in range(seats)]
    return [_memoized(group, view, seat_board(seat)) for seat, group in enumerate(groups)]


def _memoized(group: tuple[Any, ...], view: dict[str, Any], draw: Callable[[Any], bytes]) -> bytes:
    """``draw(view)`` through :data:`MEMO` (a hit rate kept per game and kind of image),
    except while a text-box recording is on (the renderer tests): then every text must be
    drawn, to be recorded."""
    if active_recorder() is not None:
        return draw(view)
    return MEMO.draw(group, view, draw, kind=group[:2])


def hand_image(game_id: str, view: dict[str, Any], *, locale: str = "en") -> Image.Image:
    return _renderer(game_id).hand(view, locale=lang(locale))


def render_hand(game_id: str, view: dict[str, Any], *, locale: str = "en") -> bytes:
    """PNG bytes of one seat's hand (a strip of its cards, for the DM), from that seat's own
    view (``engine.view(state, seat)``); reused from :data:`MEMO` while what the drawing reads
    of the view is unchanged."""
    code = lang(locale)
    return _memoized(
        (game_id, "hand", code),
        view,
        lambda seen: hand_png(game_id, _renderer(game_id).hand(seen, locale=code)),
    )


def hand_png(game_id: str, image: Image.Image) -> bytes:
    """A hand image's PNG: in the game's hand palette (:data:`render.palettes.HAND_PALETTES`)
    or its board's (:data:`BOARD_PALETTE_HANDS`) where it fits; a hand put together in its
    palette (:mod:`render.compose`) is written as it is."""
    if game_id in HAND_PALETTES:
        return encode_png(image, game=game_id, kind="hand")
    return encode_png(image, game=game_id if game_id in BOARD_PALETTE_HANDS else None)


BOARD_PALETTE_HANDS = frozenset(
    ("monster_day", "notte_di_terrore", "monsterpocalypse", "munchkin_fu")
)
"""Games whose hands are encoded in their board's stored palette when they fit it (else in
their own): measured on 10-26 seeded hands a game, encoding took 2.6 -> 1.4 ms (Monster Day,
8 of 10 fit), 4.3 -> 1.8 (Notte di Terrore, 26/26), 4.2 -> 2.8 (Monsterpocalypse, 21/26),
2.7 -> 2.2 (Munchkin Fu, 18/26), files the same size. Monsters on Board's hands never fit
its board's palette (0/26), so checking would only cost (3.4 -> 6.2 ms)."""


__all__ = [
    "MEMO",
    "RENDERERS",
    "BoardRenderer",
    "SeatBoardRenderer",
    "board_image",
    "hand_image",
    "hand_png",
    "render_board",
    "render_hand",
    "render_seat_boards",
    "render_table",
    "seat_board_images",
]
