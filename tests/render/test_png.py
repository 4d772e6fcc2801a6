"""PNG encoding (issue 12, "Speed"): the palette is chosen from a sample of the pixels, so
check that the file still shows the drawing — every flat colour within a few levels, the
antialiased edges close — that it is a palette PNG under the size budget, and that the same
image always gives the same bytes (renderers stay pure functions of the view)."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from render import RENDERERS, board_image, png
from render.boxes import recording
from render.common import Canvas, Palette, draw_die, mix
from render.palettes import PALETTES
from render.png import PNG_TARGET_BYTES, _mapped, encode_png, png_palette, stored_palette
from tests.render.playouts import playout
from tests.render.pngs import decode


def board_like() -> Image.Image:
    """Panels in every seat colour, text, dice, a thin line: what boards are made of."""
    c = Canvas(900, 600)
    c.rect((6, 6, 894, 594), fill=Palette.table, radius=22)
    for seat in range(6):
        x = 20 + seat * 145
        accent = Palette.seat(seat)
        c.panel((x, 30, x + 130, 400), fill=mix(Palette.panel, accent, 0.06), outline=accent)
        c.text((x + 10, 50), f"Player {seat + 1}", 16, accent, bold=True)
        draw_die(c, x + 20, 100, 40, seat + 1)
        c.circle(x + 65, 300, 30, fill=accent, outline=Palette.gold, width=2)
    c.line([(20, 450), (880, 470)], Palette.muted, 1)
    c.text((450, 520), "Turno 12 — Bartholomew", 30, Palette.gold, bold=True, anchor="mm")
    return c.image()


def test_the_png_shows_the_drawing() -> None:
    image = board_like()
    data = encode_png(image)
    assert len(data) < PNG_TARGET_BYTES
    shown = decode(data)
    assert shown.mode == "P"
    diff = ImageChops.difference(image, shown.convert("RGB"))
    assert max(ImageStat.Stat(diff).mean) < 2.5  # antialiased edges stay close
    big = [colour for count, colour in image.getcolors(1 << 20) or [] if count > 2_000]
    assert len(big) >= 8  # the flat colours: table, room, panels, dice, seats
    rgb = shown.convert("RGB")
    for colour, xy in _first_pixels(image, set(big)).items():
        got = rgb.getpixel(xy)
        assert isinstance(got, tuple)
        assert max(abs(a - b) for a, b in zip(colour, got, strict=True)) <= 8, colour


def _first_pixels(
    image: Image.Image, colours: set[tuple[int, ...]]
) -> dict[tuple[int, ...], tuple[int, int]]:
    """Where one pixel of each colour in ``colours`` is."""
    found: dict[tuple[int, ...], tuple[int, int]] = {}
    for y in range(0, image.height, 3):
        for x in range(0, image.width, 3):
            colour = image.getpixel((x, y))
            if isinstance(colour, tuple) and colour in colours and colour not in found:
                found[colour] = (x, y)
    return found


def test_same_image_same_bytes() -> None:
    image = board_like()
    assert encode_png(image) == encode_png(image.copy())


def test_palette_of_a_tiny_image() -> None:
    tiny = Image.new("RGB", (2, 1), Palette.gold)
    assert png_palette(tiny).mode == "P"
    assert decode(encode_png(tiny)).convert("RGB").getpixel((0, 0)) == Palette.gold


SEATS = {"monster_day": 2, "monsterpocalypse": 2, "monsters_on_board": 4, "munchkin_fu": 4}


def _board(game: str, seed: int) -> Image.Image:
    """A mid-game board painted whole, in true colour: what the stored palette must show
    (Monster Day's boards are otherwise put together in it: render.monster_day.composed)."""
    shots = [s for s in playout(game, SEATS.get(game, 4), seed) if s.seat is None]
    with recording():
        return board_image(game, shots[len(shots) // 2].view, locale="it")


@pytest.mark.parametrize("game", sorted(PALETTES))
def test_a_games_stored_palette_fits_its_boards_and_shows_them(game: str) -> None:
    """A board of a game not among those the palette was chosen from (another seed) fits the
    stored palette (else the palette is stale: ``python -m bench.boards --write-palettes``),
    and its PNG shows every flat colour within STORED_FLAT_LEVELS, as the check promises."""
    assert len(bytes.fromhex(PALETTES[game])) == 768
    image = _board(game, 5)
    palette = stored_palette(game)
    assert palette is not None and _mapped(image, palette) is not None
    data = encode_png(image, game=game)
    assert data == encode_png(image, game=game)  # same board, same bytes
    shown = decode(data).convert("RGB")
    assert max(ImageStat.Stat(ImageChops.difference(image, shown)).mean) <= 2.5
    flat = {colour for count, colour in image.getcolors(1 << 20) or [] if count >= 2_000}
    for colour, xy in _first_pixels(image, flat).items():
        got = shown.getpixel(xy)
        assert isinstance(got, tuple)
        assert max(abs(a - b) for a, b in zip(colour, got, strict=True)) <= 10, colour


def test_a_board_in_colours_its_palette_lacks_gets_its_own_palette() -> None:
    """A fair patch of a colour the stored palette never saw: the board is encoded with a
    palette of its own (the same bytes as with no game), so the colour holds."""
    image = _board("monster_day", 5)
    ImageDraw.Draw(image).rectangle((100, 100, 300, 250), fill=(30, 200, 120))
    palette = stored_palette("monster_day")
    assert palette is not None and _mapped(image, palette) is None
    assert encode_png(image, game="monster_day") == encode_png(image)


def test_every_game_with_a_renderer_has_a_stored_palette() -> None:
    assert set(PALETTES) == set(RENDERERS)
    assert stored_palette("no such game") is None


@pytest.mark.parametrize("game", ["monster_day", None])
def test_the_isal_png_is_the_palette_image_pillow_would_write(
    game: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The palette PNG is written with ISA-L's deflate and unfiltered rows (render.png's own
    chunks): it decodes to the same palette image as Pillow's encoder writes, with a stored
    palette and with the board's own."""
    assert png.isal_zlib is not None  # a dependency: the fast path is the one tested
    image = board_like() if game is None else _a_board(game)
    ours = decode(encode_png(image, game=game))
    monkeypatch.setattr(png, "isal_zlib", None)
    pillows = decode(encode_png(image, game=game))
    assert ours.mode == pillows.mode == "P" and ours.size == pillows.size
    assert ours.tobytes() == pillows.tobytes()
    assert ours.getpalette() == pillows.getpalette()


def _a_board(game: str) -> Image.Image:
    shots = [shot for shot in playout(game, 2, 5) if shot.seat is None]
    return board_image(game, shots[len(shots) // 2].view, locale="it")
