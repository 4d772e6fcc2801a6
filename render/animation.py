"""A finished game told again: one animation frame per public board, GIF or animated WebP.

Frames are drawn from *public* views only (``engine.view(state, None)``, one per move plus the
start); this module never sees a state. Each frame is the board scaled down to a width chosen
by the number of frames, with a thin strip on top showing how far the game has gone (a bar and
``12 / 300``: no words, so nothing to translate). The strip also keeps every frame distinct,
so an encoder never merges two moves into one frame.

Why scaled palette frames: a 300-move Notte di Terrore night drawn at full size would be
hundreds of megabytes of pixels and a file far past Discord's 10 MiB upload limit. Frames are
kept as 256-colour palette images (one byte a pixel) from the moment they are drawn; the file
is encoded both as animated WebP and as GIF, and the smaller one is kept. When even that is over
:data:`AIM_BYTES`, the frames are scaled down again.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from render import board_image
from render.common import Canvas, Palette

DISCORD_LIMIT = 10 * 1024 * 1024
"""Discord's upload limit for a bot without boosts."""
AIM_BYTES = 4 * 1024 * 1024
"""What an animation aims for: it loads quickly on a phone, far below the limit."""
STRIP = 18
"""Height of the progress strip on top of each frame, in pixels."""
MIN_WIDTH = 240
LAST_FRAME_MS = 5_000
"""The final board stays up a while before the loop starts again."""


@dataclass(frozen=True)
class Animation:
    """The encoded file: its bytes, its format (``"webp"`` or ``"gif"``) and frame count."""

    data: bytes
    format: str
    frames: int

    @property
    def filename(self) -> str:
        return f"replay.{self.format}"


def frame_width(total: int) -> int:
    """Wider frames for short games; long nights get narrower ones to stay within the aim."""
    if total <= 80:
        return 640
    if total <= 200:
        return 560
    if total <= 300:
        return 480
    return 400


def frame_ms(total: int) -> int:
    """About a minute and a half for the whole game, but never faster than 4 frames a second
    nor slower than one a second."""
    return max(250, min(1_000, 90_000 // max(total, 1)))


def _strip(width: int, index: int, total: int) -> Image.Image:
    """The progress strip: a bar filled to ``index / total`` and the count."""
    canvas = Canvas(width, STRIP, bg=Palette.bg)
    label = f"{index} / {total - 1}"
    text_w = canvas.text_width(label, 11, bold=True) + 12
    bar = (6, 6, width - text_w - 6, STRIP - 6)
    canvas.rect(bar, fill=Palette.panel, radius=3)
    done = bar[0] + (bar[2] - bar[0]) * index / max(total - 1, 1)
    if done > bar[0]:
        canvas.rect((bar[0], bar[1], done, bar[3]), fill=Palette.gold, radius=3)
    with canvas.region((width - text_w, 0, width, STRIP), "replay count"):
        canvas.text((width - 6, STRIP / 2), label, 11, Palette.muted, bold=True, anchor="rm")
    return canvas.image()


def _palette(image: Image.Image) -> Image.Image:
    return image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def frame(
    game_id: str,
    view: dict[str, Any],
    *,
    index: int,
    total: int,
    players: list[str] | None = None,
    locale: str = "en",
) -> Image.Image:
    """Frame ``index`` of ``total``: the public board of ``view`` scaled down, with the strip
    on top, as a palette image. ``view`` must be a public view; nothing here can tell."""
    # In true colour before scaling: a board put together in its palette (render.compose)
    # would be scaled by nearest neighbour, as Pillow scales palette images.
    board = board_image(game_id, view, locale=locale, players=players).convert("RGB")
    width = frame_width(total)
    height = round(board.height * width / board.width)
    image = Image.new("RGB", (width, height + STRIP), Palette.bg)
    image.paste(_strip(width, index, total), (0, 0))
    image.paste(board.resize((width, height), Image.Resampling.LANCZOS), (0, STRIP))
    return _palette(image)


def _padded(frames: Sequence[Image.Image]) -> list[Image.Image]:
    """Every frame on one canvas size (a board's height changes with what is on it): padded
    at the bottom with the frame's own background colour."""
    width = max(f.width for f in frames)
    height = max(f.height for f in frames)
    out = []
    for f in frames:
        if f.size == (width, height):
            out.append(f)
            continue
        padded = Image.new("P", (width, height), f.getpixel((0, f.height - 1)))
        padded.putpalette(f.getpalette() or [])
        padded.paste(f, (0, 0))
        out.append(padded)
    return out


def _encode(frames: list[Image.Image], fmt: str) -> bytes:
    step = frame_ms(len(frames))
    durations = [step] * (len(frames) - 1) + [LAST_FRAME_MS]
    buffer = io.BytesIO()
    if fmt == "webp":
        frames[0].save(buffer, "WEBP", save_all=True, append_images=frames[1:],
                       duration=durations, loop=0, quality=60, method=2)  # fmt: skip
    else:
        frames[0].save(buffer, "GIF", save_all=True, append_images=frames[1:],
                       duration=durations, loop=0, disposal=1)  # fmt: skip
    return buffer.getvalue()


def _smaller(frames: Sequence[Image.Image]) -> list[Image.Image]:
    width = max(MIN_WIDTH, frames[0].width * 3 // 4)
    scale = width / frames[0].width
    return [
        _palette(
            f.convert("RGB").resize((width, round(f.height * scale)), Image.Resampling.LANCZOS)
        )
        for f in frames
    ]


def assemble(frames: Sequence[Image.Image], *, aim: int = AIM_BYTES) -> Animation:
    """The frames as one looping animation: WebP or GIF, whichever is smaller, scaled down
    until it is within ``aim`` (or as small as frames go)."""
    if not frames:
        raise ValueError("an animation needs at least one frame")
    current = _padded(frames)
    while True:
        encoded = [(_encode(current, fmt), fmt) for fmt in ("webp", "gif")]
        data, fmt = min(encoded, key=lambda pair: len(pair[0]))
        if len(data) <= aim or current[0].width <= MIN_WIDTH:
            return Animation(data, fmt, len(current))
        current = _padded(_smaller(current))


def animate(
    game_id: str,
    views: Sequence[dict[str, Any]],
    *,
    players: list[str] | None = None,
    locale: str = "en",
    aim: int = AIM_BYTES,
) -> Animation:
    """Draw and assemble in one call (the bot draws frame by frame in its render pool)."""
    total = len(views)
    frames = [
        frame(game_id, view, index=i, total=total, players=players, locale=locale)
        for i, view in enumerate(views)
    ]
    return assemble(frames, aim=aim)
