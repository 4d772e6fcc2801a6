"""PNG encoding of the boards: small files, chosen settings, the same bytes for the same image.

Why its own module: every image the bot posts goes through :func:`encode_png`, and its settings
(palette, zlib level) were chosen by measuring every game's boards (``python -m bench.boards``),
so they live in one place with the figures that justify them.
"""

from __future__ import annotations

import io

from PIL import Image

# Discord's upload limit is 10 MiB; boards aim far below it so they load fast on phones.
PNG_TARGET_BYTES = 300_000
# zlib level of the palette PNGs: measured on every game's mid-game boards (bench/boards.py),
# level 3 encodes in about half the time of level 6 (Pillow's default) for files ~15 % larger
# (25-75 KiB, far under the target); levels 1-2 save under a millisecond more, 9 costs 5x.
PNG_COMPRESS_LEVEL = 3
PNG_PALETTE_SAMPLE = 3  # every third pixel each way chooses the palette (see png_palette)


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


def encode_png(
    img: Image.Image, *, palette: bool = True, max_bytes: int = PNG_TARGET_BYTES
) -> bytes:
    """PNG bytes, small and quick to upload.

    Boards are flat colours and antialiased edges, so by default they are reduced to a
    256-colour palette (no dithering): it looks the same and is about a third of the
    true-colour size; choosing the palette (:func:`png_palette`) is most of the cost.
    ``palette=False`` keeps true colour (for photographic content) and falls back to the
    palette only when the file would exceed ``max_bytes``."""
    rgb = img.convert("RGB") if img.mode != "RGB" else img
    if not palette:
        buf = io.BytesIO()
        rgb.save(buf, "PNG", compress_level=6)
        if buf.tell() <= max_bytes:
            return buf.getvalue()
    small = rgb.quantize(palette=png_palette(rgb), dither=Image.Dither.NONE)
    buf = io.BytesIO()
    small.save(buf, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buf.getvalue()
