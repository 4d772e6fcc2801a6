"""Pillow's rectangles, drawn faster with the same pixels: the shape work behind
:class:`render.common.Canvas`'s ``rect`` and ``table_top`` (issue 12, "Speed").

Why apart from the canvas: these are pure pixel routines on an image and its drawing core, each
the exact counterpart of what ``ImageDraw.rounded_rectangle``/``rectangle`` would set, and each
pinned by a test against Pillow itself (tests/render/test_render_caches.py). Why the drawing
core rather than ``ImageDraw``: its Python wrappers cost more than the drawing on the small
shapes boards are made of (~21 us for a rounded outline, ~10 of them drawing; a pieslice
~5 us, ~3 drawing; a paste ~1.7 us, ~0.6), and a board draws about a hundred such shapes.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

RGB = tuple[int, int, int]
XY = tuple[int, int, int, int]  # inclusive pixel corners, as ImageDraw takes them


def corners(xy: XY, d: int) -> tuple[tuple[XY, int, int], ...]:
    """The four corner squares (side ``d``) of the rectangle ``xy`` with their start and end
    angles, in Pillow's order (``ImageDraw.rounded_rectangle``)."""
    x0, y0, x1, y1 = xy
    return (
        ((x0, y0, x0 + d, y0 + d), 180, 270),
        ((x1 - d, y0, x1, y0 + d), 270, 360),
        ((x1 - d, y1 - d, x1, y1), 0, 90),
        ((x0, y1 - d, x0 + d, y1), 90, 180),
    )


def fill(img: Image.Image, draw: ImageDraw.ImageDraw, xy: XY, r: int, colour: RGB) -> bool:
    """Fill the (rounded) rectangle ``xy`` with the pixels Pillow's ``rounded_rectangle`` /
    ``rectangle`` fill would set: the same corner pieslices, but the straight parts pasted,
    which is over twice as fast on the large panels every board is made of. False (nothing
    drawn) for the shapes Pillow draws otherwise: empty, a plain rectangle's reversed corners,
    a capsule or a circle."""
    x0, y0, x1, y1 = xy
    if x1 < x0 or y1 < y0:
        return False
    paste = img.im.paste
    if not r:
        paste(colour, (x0, y0, x1 + 1, y1 + 1))
        return True
    d = min(x1 - x0, y1 - y0, r * 2)
    if d == 0 or d >= x1 - x0 - 1 or d >= y1 - y0 - 1:
        return False
    k = d // 2
    core = draw.draw
    ink = core.draw_ink(colour)
    for part, start, end in corners(xy, d):
        core.draw_pieslice(part, start, end, ink, 1)
    paste(colour, (x0 + k + 1, y0, x1 - k, y1 + 1))
    paste(colour, (x0, y0 + k + 1, x0 + k + 1, y1 - k))
    paste(colour, (x1 - k, y0 + k + 1, x1 + 1, y1 - k))
    return True


def outline(draw: ImageDraw.ImageDraw, xy: XY, r: int, colour: RGB, w: int) -> bool:
    """The outline Pillow's ``rounded_rectangle`` draws (four corner arcs, four sides), by the
    same calls to its drawing core. False (nothing drawn) for the shapes Pillow draws
    otherwise: a capsule, a circle, square corners, reversed corners."""
    x0, y0, x1, y1 = xy
    d = min(x1 - x0, y1 - y0, r * 2)
    if x1 < x0 or y1 < y0 or d == 0 or d >= x1 - x0 - 1 or d >= y1 - y0 - 1:
        return False
    k = d // 2
    core = draw.draw
    ink = core.draw_ink(colour)
    for part, start, end in corners(xy, d):
        core.draw_arc(part, start, end, ink, w)
    core.draw_rectangle((x0 + k + 1, y0, x1 - k - 1, y0 + w - 1), ink, 1)
    core.draw_rectangle((x0 + k + 1, y1 - w + 1, x1 - k - 1, y1), ink, 1)
    core.draw_rectangle((x0, y0 + k + 1, x0 + w - 1, y1 - k - 1), ink, 1)
    core.draw_rectangle((x1 - w + 1, y0 + k + 1, x1, y1 - k - 1), ink, 1)
    return True


def table_top(
    img: Image.Image, draw: ImageDraw.ImageDraw, xy: XY, r: int, colour: RGB, room: RGB
) -> bool:
    """On an image made all in ``colour``, what ``fill(xy, r, colour)`` over a ``room``-coloured
    image leaves: the room's frame around ``xy`` and, in each corner, the quarter that
    :func:`fill`'s pastes leave to its pieslice, in the room's colour with the same pieslice
    over it. False (nothing drawn) when ``xy`` is not a table inside the image with corners
    apart (the caller then paints the room and the rectangle as usual)."""
    x0, y0, x1, y1 = xy
    width, height = img.size
    d = min(x1 - x0, y1 - y0, r * 2)
    inside = min(x0, y0) >= 0 and x1 < width and y1 < height
    if not inside or not r or 2 * d >= min(x1 - x0, y1 - y0):
        return False
    paste = img.im.paste
    for strip in ((0, 0, width, y0), (0, y1 + 1, width, height), (0, y0, x0, y1 + 1),
                  (x1 + 1, y0, width, y1 + 1)):  # fmt: skip
        paste(room, strip)
    k = d // 2
    quarters = ((x0, y0), (x1 - k, y0), (x1 - k, y1 - k), (x0, y1 - k))
    core = draw.draw
    ink = core.draw_ink(colour)
    for (part, start, end), (qx, qy) in zip(corners(xy, d), quarters, strict=True):
        paste(room, (qx, qy, qx + k + 1, qy + k + 1))
        core.draw_pieslice(part, start, end, ink, 1)
    return True
