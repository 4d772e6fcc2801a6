"""Static layers (render/layers.py, issue 12 "Speed"): a part painted once and pasted later
gives the image the painting gives — on real Monsters on Board seat boards, cold and warm —
and a painting that could not be replayed exactly (drawing outside its box, on an uneven
ground) is never kept; the cache is bounded in bytes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageChops

from render import board_image, hand_image, layers, seat_board_images
from render.boxes import Box, recording
from render.common import Canvas, Palette, player_names
from render.layers import LAYERS, PROBE, LayerCache, static_layer
from render.monster_day.board import _Board
from render.monsterpocalypse.board import MAPS
from render.notte_di_terrore.board import _Board as NotteBoard
from render.png import stored_palette
from tests.render.playouts import playout

BOX: Box = (40.0, 30.0, 260.0, 150.0)


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def labels(canvas: Canvas) -> None:
    canvas.rect((50, 40, 250, 140), fill=Palette.card, outline=Palette.gold, width=2, radius=9)
    canvas.text((150, 90), "Area 7 ⌂", 20, Palette.ink, bold=True, anchor="mm")


def ground(canvas: Canvas) -> None:
    canvas.rect((20, 20, 280, 170), fill=Palette.panel)


def layered(paint: Callable[[Canvas], None], key: str = "test labels") -> Image.Image:
    canvas = Canvas(300, 200)
    ground(canvas)
    static_layer(canvas, key, BOX, paint)
    canvas.circle(150, 90, 12, fill=Palette.danger)  # drawn over the layer, as occupants are
    return canvas.img


def direct(paint: Callable[[Canvas], None]) -> Image.Image:
    """Painted without a layer, its texts then painted at the canvas's scale, as a layer
    keeps them (render.late_text)."""
    canvas = Canvas(300, 200)
    ground(canvas)
    paint(canvas)
    canvas.settle()
    canvas.circle(150, 90, 12, fill=Palette.danger)
    return canvas.img


@pytest.fixture(autouse=True)
def empty_layers() -> None:
    LAYERS.clear()


def test_a_pasted_layer_is_the_painting() -> None:
    cold = layered(labels)
    assert len(LAYERS) == 1 and LAYERS.hits == 0
    warm = layered(labels)
    assert LAYERS.hits == 1
    assert same(cold, direct(labels))
    assert same(warm, direct(labels))


def test_a_painting_outside_its_box_is_not_kept() -> None:
    def spills(canvas: Canvas) -> None:
        labels(canvas)
        canvas.text((200, 160), "over the edge", 16, Palette.gold)

    first = layered(spills, "spills")
    second = layered(spills, "spills")
    assert len(LAYERS) == 0
    assert same(first, direct(spills)) and same(second, direct(spills))


def test_a_painting_next_to_its_box_is_not_kept_with_a_margin() -> None:
    """With a ``margin``, only the box grown by it is checked (a cheap check for small parts):
    a stray mark inside the margin still stops the layer from being kept."""

    def strays(canvas: Canvas) -> None:
        labels(canvas)
        canvas.rect((262, 60, 266, 64), fill=Palette.gold)  # 2-6 units right of the box

    canvas = Canvas(300, 200)
    ground(canvas)
    static_layer(canvas, "strays", BOX, strays, margin=8)
    assert len(LAYERS) == 0
    kept = Canvas(300, 200)
    ground(kept)
    static_layer(kept, "labels", BOX, labels, margin=8)
    assert len(LAYERS) == 1 and same(layered(labels, "labels"), direct(labels))


def test_an_uneven_ground_is_not_kept_and_another_ground_is_not_reused() -> None:
    def uneven(canvas: Canvas) -> None:
        ground(canvas)
        canvas.rect((100, 60, 120, 80), fill=Palette.gold)

    canvas = Canvas(300, 200)
    uneven(canvas)
    static_layer(canvas, "labels", BOX, labels)
    assert len(LAYERS) == 0
    layered(labels, "labels")  # kept, over the panel colour
    other = Canvas(300, 200)
    other.rect((20, 20, 280, 170), fill=Palette.bg)
    static_layer(other, "labels", BOX, labels)
    expected = Canvas(300, 200)
    expected.rect((20, 20, 280, 170), fill=Palette.bg)
    labels(expected)
    expected.settle()
    assert same(other.img, expected.img)
    assert len(LAYERS) == 2


def test_the_cache_is_bounded_in_bytes() -> None:
    cache = LayerCache(max_bytes=3 * 100 * 100 * 4)
    for n in range(10):
        cache.put(n, Image.new("RGB", (100, 100), (n, n, n)))
        assert cache.bytes <= cache.max_bytes
    assert len(cache) == 3
    assert cache.get(9) is not None and cache.get(0) is None
    cache.put("huge", Image.new("RGB", (200, 200)))  # larger than the bound: not kept
    assert cache.get("huge") is None and cache.bytes <= cache.max_bytes


def test_seat_boards_are_the_same_with_a_cold_and_a_warm_town_and_without_layers() -> None:
    """Warm (every seat's town pasted), cold (the first painted, the others pasted) and with no
    layer at all (while texts are recorded, everything is painted): the same pixels."""
    shots = [s for s in playout("monsters_on_board", 3, 5) if s.seat is None]
    views = [shots[len(shots) // 3].view, shots[2 * len(shots) // 3].view]
    names = ["Anna", "Bartholomew the Unready", "x"]
    for view in views:
        for locale in ("en", "it"):
            LAYERS.clear()
            cold = seat_board_images("monsters_on_board", view, locale=locale, players=names)
            assert len(LAYERS) == 1  # the printed town, kept after the first seat's board
            warm = seat_board_images("monsters_on_board", view, locale=locale, players=names)
            assert LAYERS.hits >= len(cold) * 2 - 1
            assert all(same(a, b) for a, b in zip(cold, warm, strict=True))
            hits = LAYERS.hits
            with recording():
                painted = seat_board_images("monsters_on_board", view, locale=locale,
                                            players=names)  # fmt: skip
            assert LAYERS.hits == hits
            assert all(same(a, b) for a, b in zip(cold, painted, strict=True))


def _painted_monster_day(view: dict[str, Any], locale: str) -> Image.Image:
    """A Monster Day board painted whole, as when its palette cannot show it (it is put
    together from pieces otherwise: render.monster_day.composed)."""
    return _Board(view, locale, player_names(None, 2, locale)).draw()


def test_monster_day_boards_and_hands_are_the_same_cold_warm_and_without_layers() -> None:
    """Monster Day's Ace tiles and Decktet card faces are layers keyed on the card, the size,
    the place and the language, and its table and panels a base painted once: a warm board
    painted whole (every face pasted) is the cold one and the one painted while texts are
    recorded, and the layers stay within the cache's bound."""
    shots = playout("monster_day", 2, 7)
    boards = [s.view for s in shots if s.seat is None]
    hands = [s.view for s in shots if s.seat is not None]
    views = [boards[len(boards) // 3], boards[2 * len(boards) // 3]]
    for locale in ("en", "it"):
        LAYERS.clear()
        cold = [_painted_monster_day(v, locale) for v in views]
        cold_hand = hand_image("monster_day", hands[len(hands) // 2], locale=locale)
        kept = len(LAYERS)
        assert len(layers._BASES) == 1  # the table and panels, painted once (base_canvas)
        assert kept >= 6  # the six Aces at least
        warm = [_painted_monster_day(v, locale) for v in views]
        warm_hand = hand_image("monster_day", hands[len(hands) // 2], locale=locale)
        assert LAYERS.hits >= kept and LAYERS.bytes <= LAYERS.max_bytes
        with recording():
            painted = [board_image("monster_day", v, locale=locale) for v in views]
            painted_hand = hand_image("monster_day", hands[len(hands) // 2], locale=locale)
        assert all(same(a, b) and same(a, c) for a, b, c in zip(cold, warm, painted, strict=True))
        # The hand is put together in its palette (render.compose); painted whole while texts
        # are recorded, then mapped to that palette, it is the same indices.
        palette = stored_palette("monster_day", "hand")
        assert cold_hand.mode == "P" and palette is not None
        painted_indices = painted_hand.quantize(palette=palette, dither=Image.Dither.NONE)
        assert cold_hand.tobytes() == warm_hand.tobytes() == painted_indices.tobytes()


def _painted_notte(view: dict[str, Any], locale: str) -> Image.Image:
    """A Notte di Terrore board painted whole, as when its palette cannot show it (it is put
    together from pieces otherwise: render.notte_di_terrore.composed)."""
    return NotteBoard(view, locale, player_names(None, 4, locale)).draw()


def test_notte_boards_are_the_same_cold_warm_and_without_layers() -> None:
    """Notte di Terrore's Being cards and Weapon faces are layers keyed on the card's data,
    its Events, the language and the place: cold, warm and painted boards are the same."""
    shots = [s for s in playout("notte_di_terrore", 4, 9) if s.seat is None]
    views = [shots[len(shots) // 3].view, shots[2 * len(shots) // 3].view]
    for locale in ("en", "it"):
        LAYERS.clear()
        cold = [_painted_notte(v, locale) for v in views]
        kept = len(LAYERS)
        assert kept >= 4  # Weapons on the table at least
        warm = [_painted_notte(v, locale) for v in views]
        assert LAYERS.hits >= kept and LAYERS.bytes <= LAYERS.max_bytes
        with recording():
            painted = [board_image("notte_di_terrore", v, locale=locale) for v in views]
        assert all(same(a, b) and same(a, c) for a, b, c in zip(cold, warm, painted, strict=True))


def test_a_monsterpocalypse_map_is_painted_once_and_the_same_pasted() -> None:
    """The map under the pieces (ground, terrain, start zones, empty foundations, the spaces'
    frames, the grid) is kept in a cache of its own by what it shows: later boards of a game
    paste it, and every board is the one painted while texts are recorded (nothing pasted)."""
    shots = [s.view for s in playout("monsterpocalypse", 2, 9) if s.seat is None]
    views = [shots[len(shots) // 3], shots[len(shots) // 3 + 1], shots[2 * len(shots) // 3]]
    MAPS.clear()
    cold = [board_image("monsterpocalypse", v, locale="en") for v in views]
    assert len(MAPS) >= 1 and MAPS.hits >= 1  # consecutive boards: the same map
    warm = [board_image("monsterpocalypse", v, locale="en") for v in views]
    assert MAPS.hits >= 1 + len(views) and MAPS.bytes <= MAPS.max_bytes
    with recording():
        painted = [board_image("monsterpocalypse", v, locale="en") for v in views]
    assert all(same(a, b) and same(a, c) for a, b, c in zip(cold, warm, painted, strict=True))


def test_with_few_hits_most_misses_are_painted_without_being_kept() -> None:
    """More tables in play than the cache holds: after a run of misses only one in PROBE is
    kept (keeping costs more than it saves when nothing is used again), and the picture is
    the painting all the same; hits bring keeping back."""
    cache = LayerCache(max_bytes=2**20)
    for n in range(2_000):
        cache.get(("gone", n))
    kept = 0
    for n in range(PROBE * 10):
        cache.get(("new", n))
        kept += cache.keeping()
    assert kept == 10
    LAYERS.rate = 0.0  # the shared cache in the same state: a layer is painted, not kept
    LAYERS._misses = 1
    assert same(layered(labels, "cold"), direct(labels)) and len(LAYERS) == 0
    cache.put("tile", Image.new("RGB", (4, 4)))
    for _ in range(1_000):
        cache.get("tile")
    assert cache.keeping()


def _card_at(x: float, y: float) -> Callable[[Canvas], None]:
    """A labelled card drawn relative to its corner (as a card face is)."""

    def paint(canvas: Canvas) -> None:
        canvas.rect((x, y, x + 90.3, y + 60.7), fill=Palette.card, outline=Palette.gold,
                    width=2, radius=7.5)  # fmt: skip
        canvas.text((x + 45.15, y + 30.3), "Moon 3", 15.5, Palette.ink, bold=True, anchor="mm")

    return paint


def _placed(x: float, y: float) -> tuple[Image.Image, Image.Image]:
    """The card at (x, y) through a layer kept 'anywhere', and painted directly."""
    box = (x, y, x + 90.3, y + 60.7)
    canvas = Canvas(300, 200)
    ground(canvas)
    static_layer(canvas, "card", box, _card_at(x, y), margin=2, anywhere=True)
    plain = Canvas(300, 200)
    ground(plain)
    _card_at(x, y)(plain)
    plain.settle()  # its text at the canvas's scale, as the layer keeps it
    return canvas.img, plain.img


def test_a_layer_kept_anywhere_is_pasted_at_places_alike_on_the_pixels() -> None:
    first, painted = _placed(30.25, 40.5)  # painted and kept
    assert same(first, painted) and len(LAYERS) == 1
    moved, painted = _placed(150.25, 91.5)  # whole layout pixels away: pasted
    assert LAYERS.hits == 1
    assert same(moved, painted)


def test_a_layer_kept_anywhere_is_painted_again_where_the_pixels_fall_otherwise() -> None:
    _placed(30.25, 40.5)
    shifted, painted = _placed(150.5, 91.5)  # a quarter of a canvas pixel off: painted
    assert LAYERS.hits == 0 and len(LAYERS) == 2
    assert same(shifted, painted)
