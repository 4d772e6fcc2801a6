"""What every renderer test asks of a PNG: it decodes, fits the size budget, is not blank."""

from __future__ import annotations

import io

from PIL import Image, ImageStat

from render.png import PNG_TARGET_BYTES

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def decode(data: bytes) -> Image.Image:
    assert data[:8] == PNG_MAGIC
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def assert_sane(data: bytes, size: tuple[int, int] | None = None) -> Image.Image:
    img = decode(data)
    if size is not None:
        assert img.size == size
    assert len(data) < PNG_TARGET_BYTES, f"PNG too big: {len(data)} bytes"
    assert ImageStat.Stat(img.convert("L")).var[0] > 200, "image looks blank"
    return img
