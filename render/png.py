"""PNG encoding of the boards: small files, chosen settings, the same bytes for the same image.

Why its own module: every image the bot posts goes through :func:`encode_png`, and its settings
(palette, zlib level) were chosen by measuring every game's boards (``python -m bench.boards``),
so they live in one place with the figures that justify them.
"""

from __future__ import annotations

import io
import operator
import struct
import threading
import zlib
from dataclasses import dataclass
from types import ModuleType

from PIL import Image, ImageChops

from render.palettes import HAND_PALETTES, PALETTES

isal_zlib: ModuleType | None
try:  # ISA-L's deflate: the palette PNGs in ~1 ms instead of ~3.5 (see _palette_png)
    from isal import isal_zlib
except ImportError:  # pragma: no cover - a platform without its wheel: Pillow's encoder
    isal_zlib = None

# Discord's upload limit is 10 MiB; boards aim far below it so they load fast on phones.
PNG_TARGET_BYTES = 300_000
# zlib level of the palette PNGs: measured on every game's mid-game boards (bench/boards.py),
# level 3 encodes in about half the time of level 6 (Pillow's default) for files ~15 % larger
# (25-75 KiB, far under the target); levels 1-2 save under a millisecond more, 9 costs 5x.
PNG_COMPRESS_LEVEL = 3
# ISA-L's level for the same PNGs (it has 0-3): measured on Monster Day and Notte di Terrore
# boards, levels 1 and 2 take the same ~0.9 ms, 2 is a little smaller; 3 costs ~3x.
PNG_ISAL_LEVEL = 2
PNG_PALETTE_SAMPLE = 3  # every third pixel each way chooses the palette (see png_palette)
# A game's stored palette is used unless more than this share of the sampled pixels' channels
# come out 16+ levels off: the stored palettes' worst on 90 unseen boards per game is ~0.5 %
# (the per-image palette's ~0.3 %); a colour they lack on a fair part of a board is ~5-20 %.
STORED_MISS = 0.01
STORED_MEAN = 2.5  # the largest mean channel error (per-image palettes: ~1-2.2 on boards)
STORED_CHECK_SAMPLE = 6  # every sixth pixel each way checks that a board fits its palette
STORED_FLAT_LEVELS = 10  # a flat colour's largest channel error (per-image palettes reach 10)
LEVELS = range(256)


def png_palette(img: Image.Image) -> Image.Image:
    """The 256 colours a board is encoded with: the fast octree of every third pixel each way,
    each pixel then mapped to its nearest colour by Pillow's palette lookup.

    Why not the octree of the whole image: it costs the same ~8 ms however few colours a board
    has (a pass per pixel), where a ninth of the pixels meets every colour of a board's large
    flat areas. Measured on 30 mid-game boards of the five games (bench/boards.py): 3-5 ms
    faster, and closer to the drawing (5-10x fewer pixels off by 16 levels or more; flat
    colours within 7 levels, as before). A pure function of the image: same board, same bytes."""
    step = PNG_PALETTE_SAMPLE
    size = (max(1, img.width // step), max(1, img.height // step))
    sample = img.resize(size, Image.Resampling.NEAREST)
    return sample.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def stored_palette(game: str, kind: str = "board") -> Image.Image | None:
    """This thread's copy of the palette stored for ``game``'s boards (``kind="board"``) or
    hands (``"hand"``) in :mod:`render.palettes`, if any.

    Why a copy per thread: Pillow fills a palette's colour lookup as it maps pixels and keeps
    it, so a palette used again maps a board in ~1.3 ms instead of ~3.3 (and the palette is
    not chosen at all: ~1 ms more); two threads must not fill the same one at once."""
    kept: dict[tuple[str, str], Image.Image | None] = _THREAD.__dict__.setdefault("palettes", {})
    if (game, kind) not in kept:
        data = (HAND_PALETTES if kind == "hand" else PALETTES).get(game)
        kept[game, kind] = _palette_image(bytes.fromhex(data)) if data else None
    return kept[game, kind]


_THREAD = threading.local()


def _palette_image(rgb: bytes) -> Image.Image:
    image = Image.new("P", (1, 1))
    image.putpalette(rgb)
    return image


@dataclass(frozen=True, slots=True)
class Fit:
    """How a palette shows a picture, on every sixth pixel each way (:func:`fitted`)."""

    pixels: int
    """Pixels sampled."""
    off: int
    """Their channels 16 levels off or more."""
    errors: tuple[int, int, int]
    """Each channel's summed error."""
    flats_held: bool
    """Every flat colour (one covering ~2,000 pixels or more) within STORED_FLAT_LEVELS."""

    def __add__(self, other: Fit) -> Fit:
        """Two pictures' fits as one's: a picture put together from pieces is judged whole."""
        return Fit(
            self.pixels + other.pixels,
            self.off + other.off,
            tuple(a + b for a, b in zip(self.errors, other.errors, strict=True)),  # type: ignore[arg-type]
            self.flats_held and other.flats_held,
        )

    @property
    def good(self) -> bool:
        """Shown well enough: no flat colour moved, at most STORED_MISS of the sampled
        channels 16 levels off, and no channel's mean error over STORED_MEAN."""
        pixels = max(1, self.pixels)
        return (
            self.flats_held
            and self.off <= STORED_MISS * pixels
            and max(self.errors) / pixels <= STORED_MEAN
        )


def fitted(rgb: Image.Image, palette: Image.Image) -> tuple[Image.Image, Fit | None]:
    """``rgb`` in ``palette``'s colours, and how well they show it (None: not a board, tens
    of thousands of colours). Checked on every sixth pixel each way (~0.5 ms on a board: one
    count of the (colour, palette entry) pairs and one histogram)."""
    small = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    step = STORED_CHECK_SAMPLE
    size = (max(1, rgb.width // step), max(1, rgb.height // step))
    drawn = rgb.resize(size, Image.Resampling.NEAREST)
    entries = small.resize(size, Image.Resampling.NEAREST)
    index = Image.frombytes("L", size, entries.tobytes())  # the entries themselves, as a band
    pairs = Image.merge("RGBA", (*drawn.split(), index))
    # No more pairs than pixels: asking for at most that many (not always 65,536) gives the
    # same answer, and Pillow's count costs ~9 us instead of ~100 on a piece (render.compose).
    counts = pairs.getcolors(min(1 << 16, size[0] * size[1]))
    if counts is None:
        return small, None
    colours = palette.getpalette() or []
    held = True
    for count, pair in counts:
        if count * step * step >= 2_000 and isinstance(pair, tuple):
            r, g, b, entry = pair
            shown = colours[3 * entry : 3 * entry + 3]
            if max(abs(r - shown[0]), abs(g - shown[1]), abs(b - shown[2])) > STORED_FLAT_LEVELS:
                held = False
                break
    histogram = ImageChops.difference(drawn, entries.convert("RGB")).histogram()
    bands = [histogram[k : k + 256] for k in (0, 256, 512)]
    off = sum(sum(band[16:]) for band in bands)
    red, green, blue = (sum(map(operator.mul, band, LEVELS)) for band in bands)
    return small, Fit(size[0] * size[1], off, (red, green, blue), held)


def _mapped(rgb: Image.Image, palette: Image.Image) -> Image.Image | None:
    """``rgb`` in ``palette``'s colours, or None when they do not fit it (a board in colours
    the stored palette never saw): see :attr:`Fit.good`."""
    small, fit = fitted(rgb, palette)
    return small if fit is not None and fit.good else None


def encode_png(
    img: Image.Image,
    *,
    palette: bool = True,
    max_bytes: int = PNG_TARGET_BYTES,
    game: str | None = None,
    kind: str = "board",
) -> bytes:
    """PNG bytes, small and quick to upload.

    Boards are flat colours and antialiased edges, so by default they are reduced to a
    256-colour palette (no dithering): it looks the same and is about a third of the
    true-colour size; choosing the palette (:func:`png_palette`) is most of the cost.
    ``game`` names the game a board belongs to: its stored palette (:func:`stored_palette`)
    is used when the board's colours fit it, which saves choosing one and most of mapping.
    ``kind="hand"``: the game's hand palette instead. ``palette=False`` keeps true colour
    (for photographic content) and falls back to the palette only when the file would exceed
    ``max_bytes``. A picture already in a palette (:mod:`render.compose`) is written as it
    is."""
    if img.mode == "P":
        return _palette_png(img)
    rgb = img.convert("RGB") if img.mode != "RGB" else img
    if not palette:
        buf = io.BytesIO()
        rgb.save(buf, "PNG", compress_level=6)
        if buf.tell() <= max_bytes:
            return buf.getvalue()
    stored = stored_palette(game, kind) if game else None
    small = _mapped(rgb, stored) if stored is not None else None
    if small is None:
        small = rgb.quantize(palette=png_palette(rgb), dither=Image.Dither.NONE)
    return _palette_png(small)


def _palette_png(small: Image.Image) -> bytes:
    """A palette image's PNG, deflated by ISA-L when it is installed, else by Pillow.

    Why our own few chunks: Pillow's PNG encoder runs zlib (~3-3.5 ms on a 1200 x 784 board at
    level 3, most of an encode) and tries five row filters on each line. ISA-L deflates the
    same rows in ~0.9 ms for files ~5 % larger (MD ~67 KiB instead of ~64), and palette
    indices are stored unfiltered (filter 0), as the PNG specification advises for them: the
    filters predict colour values, not palette entries. Same image, same bytes."""
    if isal_zlib is None:
        buf = io.BytesIO()
        small.save(buf, "PNG", compress_level=PNG_COMPRESS_LEVEL)
        return buf.getvalue()
    width, height = small.size
    rows = Image.new("P", (width + 1, height), 0)  # column 0: each row's filter byte (none)
    rows.paste(small, (1, 0))
    colours = bytes(small.getpalette() or [0, 0, 0])[: 256 * 3]
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit palette indices
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", colours),
            _chunk(b"IDAT", isal_zlib.compress(rows.tobytes(), PNG_ISAL_LEVEL)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, type, data and the CRC of type and data."""
    crc = zlib.crc32(data, zlib.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)
