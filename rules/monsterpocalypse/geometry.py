"""Monsterpocalypse geometry: squares, footprints, distances, movement and pushes (issue 11).

The only spatial game of the platform keeps all its geometry here, pure and model-free, so the
engine, the bot and the renderer agree on one reading of the rulebook. Squares are
``(col, row)``, 0-based, ``col`` left to right and ``row`` top to bottom, shown as a letter and
a number ("A1" .. "L12"). A figure or a building is a *footprint*: a 1×1 unit or a 2×2 monster or
building named by its top-left square, its *anchor*; every rule about a position looks at every
square of the footprint (docs: "Footprints" in the interfaces page). The search for where a move
may end is ``reach.py``, built on this module.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

Square = tuple[int, int]
SIZE = 12
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

#: The eight directions a figure may step in, orthogonal first (the deterministic order).
DIRECTIONS: tuple[Square, ...] = (
    (0, -1),
    (-1, 0),
    (1, 0),
    (0, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
    (1, 1),
)


def name(sq: Square) -> str:
    """The square as players type it: ``(0, 0)`` is "A1", ``(11, 11)`` is "L12"."""
    col, row = sq
    return f"{_LETTERS[col]}{row + 1}"


def parse(text: str, size: int = SIZE) -> Square:
    """Read "c4", " C4 " as ``(2, 3)``; raise ``ValueError`` when malformed or off the map."""
    cleaned = text.strip().upper()
    digits = cleaned[1:]
    if cleaned[:1] not in _LETTERS[:size] or not (digits.isascii() and digits.isdigit()):
        raise ValueError(f"not a square: {text!r}")
    sq = (_LETTERS.index(cleaned[0]), int(digits) - 1)
    if not in_bounds(sq, size) or digits[0] == "0":
        raise ValueError(f"not a square: {text!r}")
    return sq


def in_bounds(sq: Square, size: int = SIZE) -> bool:
    """Whether the square lies on the map ("una miniatura non può muovere oltre i bordi")."""
    return 0 <= sq[0] < size and 0 <= sq[1] < size


@lru_cache(maxsize=4096)
def footprint(anchor: Square, size: int) -> tuple[Square, ...]:
    """The squares a figure of ``size`` (1 or 2) covers from its top-left anchor, sorted
    (kept: every rule about a position asks, thousands of times per legal-move list)."""
    col, row = anchor
    return tuple((col + dc, row + dr) for dc in range(size) for dr in range(size))


def footprint_in_bounds(anchor: Square, size: int, map_size: int = SIZE) -> bool:
    """Whether every square of the footprint is on the map (a 2×2 may not hang off an edge)."""
    return in_bounds(anchor, map_size) and in_bounds(
        (anchor[0] + size - 1, anchor[1] + size - 1), map_size
    )


def neighbours(sq: Square, size: int = SIZE) -> tuple[Square, ...]:
    """The up to eight squares next to ``sq`` on the map ("adiacente ... anche in diagonale")."""
    col, row = sq
    near = ((col + dc, row + dr) for dc, dr in DIRECTIONS)
    return tuple(n for n in near if in_bounds(n, size))


def step_is_diagonal(a: Square, b: Square) -> bool:
    """Whether going from anchor ``a`` to anchor ``b`` changes both column and row."""
    return a[0] != b[0] and a[1] != b[1]


def _gaps(a: Iterable[Square], b: Iterable[Square]) -> tuple[int, int]:
    """The column and row gaps between two rectangular footprints (0 where they overlap).

    A gap is counted in steps between the nearest squares, so side by side is a gap of 1.
    """
    a_lo_c, a_hi_c, a_lo_r, a_hi_r = _bounds(a if isinstance(a, tuple) else tuple(a))
    b_lo_c, b_hi_c, b_lo_r, b_hi_r = _bounds(b if isinstance(b, tuple) else tuple(b))
    dx = max(0, b_lo_c - a_hi_c, a_lo_c - b_hi_c)
    dy = max(0, b_lo_r - a_hi_r, a_lo_r - b_hi_r)
    return dx, dy


@lru_cache(maxsize=8192)
def _bounds(squares: tuple[Square, ...]) -> tuple[int, int, int, int]:
    """The lowest and highest column and row of a footprint (kept: the bot measures the
    distance from every square a figure could reach to every aim, thousands a decision)."""
    cols, rows = zip(*squares, strict=True)
    return min(cols), max(cols), min(rows), max(rows)


def attack_distance(a: Iterable[Square], b: Iterable[Square]) -> int:
    """Steps between the nearest squares of two footprints with at most one diagonal step.

    "Quando conteggi per la distanza di attacco, puoi effettuare un solo spostamento in
    diagonale": ``|dx| + |dy| - 1`` when both gaps are non-zero. 0 when the footprints overlap,
    1 exactly when they are adjacent.
    """
    dx, dy = _gaps(a, b)
    return dx + dy - (1 if dx and dy else 0)


def attack_distances(a: tuple[Square, ...], others: Iterable[tuple[Square, ...]]) -> Iterator[int]:
    """:func:`attack_distance` from one footprint to each of ``others`` in turn, worked out
    from their bounds in one loop (the bot asks it of every square a figure could reach)."""
    a_lo_c, a_hi_c, a_lo_r, a_hi_r = _bounds(a)
    for b in others:
        b_lo_c, b_hi_c, b_lo_r, b_hi_r = _bounds(b)
        dx = max(0, b_lo_c - a_hi_c, a_lo_c - b_hi_c)
        dy = max(0, b_lo_r - a_hi_r, a_lo_r - b_hi_r)
        yield dx + dy - (1 if dx and dy else 0)


def adjacent(a: Iterable[Square], b: Iterable[Square]) -> bool:
    """Whether two footprints touch, diagonals included ("nello spazio accanto anche in diagonale").

    Overlapping footprints are not adjacent: two figures never share a square.
    """
    return attack_distance(a, b) == 1


def base_contact(a: Iterable[Square], b: Iterable[Square]) -> bool:
    """Whether two footprints touch along a side, never only at a corner ("non in diagonale")."""
    dx, dy = _gaps(a, b)
    return (dx, dy) in ((1, 0), (0, 1))


def aligned(a: Iterable[Square], b: Iterable[Square]) -> bool:
    """Whether a full side of one multi-square footprint lies against a full side of the other.

    "Allineate = quando un lato delle miniature dei mostri/edifici è interamente a contatto";
    only monsters and buildings can be aligned ("Mostri ed Edifici possono essere anche
    allineati"), so a single-square footprint never is.
    """
    sa, sb = set(a), set(b)
    if len(sa) < 2 or len(sb) < 2 or not base_contact(sa, sb):
        return False
    a_cols, a_rows = zip(*sa, strict=True)
    b_cols, b_rows = zip(*sb, strict=True)
    same_rows = (min(a_rows), max(a_rows)) == (min(b_rows), max(b_rows))
    same_cols = (min(a_cols), max(a_cols)) == (min(b_cols), max(b_cols))
    return same_rows or same_cols


def in_range(a: Iterable[Square], b: Iterable[Square], low: int, high: int) -> bool:
    """Whether the attack distance lies in ``low..high`` (blasts use low 2: never adjacent)."""
    return low <= attack_distance(a, b) <= high


@dataclass(frozen=True, slots=True)
class Terrain:
    """What movement needs, built by the engine from the map and the state for one mover.

    ``cost`` is per square entered (1 when absent; rough 2; boost 0 for units: the engine
    decides per mover). ``blocked`` may not be passed through (buildings, enemy figures);
    ``occupied`` may not be ended on (every figure and building but the mover); ``hazards``
    maps a square to its token id ("fire@C4") so a 2×2 token hurts once. ``buildings`` (an
    addition with a default) tells a push which blocked squares are buildings.
    """

    size: int
    cost: Mapping[Square, int]
    impassable: frozenset[Square]
    blocked: frozenset[Square]
    occupied: frozenset[Square]
    hazards: Mapping[Square, str]
    buildings: frozenset[Square] = field(default_factory=frozenset)


@dataclass(frozen=True, slots=True)
class Reach:
    """One place a move can end: the cheapest way there and the hazard tokens it enters.

    ``path`` is the anchors from the start to ``anchor`` inclusive; ``hazards`` the token ids
    entered, sorted, each once; ``diagonal`` whether the path spends the diagonal step.
    """

    anchor: Square
    cost: int
    diagonal: bool
    path: tuple[Square, ...]
    hazards: tuple[str, ...]


def push_direction(start: Square, size: int, away_from: Iterable[Square]) -> Square:
    """The step that carries a footprint straight away from the pusher's footprint.

    The direction from the nearest pusher square to the figure, by the sign of the gap on each
    axis: orthogonal when the footprints overlap on one axis (side by side), diagonal when the
    pusher touches only a corner. ``(0, 0)`` if they overlap on both (the figure stays put).
    """
    pusher = list(away_from)
    p_cols, p_rows = zip(*pusher, strict=True)
    fig = footprint(start, size)
    f_cols, f_rows = zip(*fig, strict=True)

    def axis(f_lo: int, f_hi: int, p_lo: int, p_hi: int) -> int:
        if f_lo > p_hi:
            return 1
        if f_hi < p_lo:
            return -1
        return 0

    dc = axis(min(f_cols), max(f_cols), min(p_cols), max(p_cols))
    dr = axis(min(f_rows), max(f_rows), min(p_rows), max(p_rows))
    return dc, dr


def _obstacle(squares: Iterable[Square], terrain: Terrain) -> str | None:
    """What a pushed footprint would hit on these squares, or None.

    When a 2×2 meets several at once (a diagonal push enters three squares) the one that
    matters most to the engine is reported: a building (destroyed by the collision), then a
    figure, then impassable terrain, then the edge.
    """
    kinds = set()
    for sq in squares:
        if not in_bounds(sq, terrain.size):
            kinds.add("edge")
        elif sq in terrain.buildings:
            kinds.add("building")
        elif sq in terrain.blocked or sq in terrain.occupied:
            kinds.add("figure")
        elif sq in terrain.impassable:
            kinds.add("impassable")
    return next((k for k in ("building", "figure", "impassable", "edge") if k in kinds), None)


MAX_PUSH = 3
"""A slam pushes ``1 + (hits - DEF)`` squares, at most 3 (the lead's decision 4)."""


def push_room(
    start: Square, size: int, away_from: Iterable[Square], terrain: Terrain
) -> int | None:
    """How many squares a push from ``away_from`` goes before it collides (0..2), or None when
    a push of :data:`MAX_PUSH` squares collides with nothing."""
    end, hit = push_line(start, size, away_from, MAX_PUSH, terrain)
    if hit is None:
        return None
    return max(abs(end[0] - start[0]), abs(end[1] - start[1]))


def push_line(
    start: Square, size: int, away_from: Iterable[Square], squares: int, terrain: Terrain
) -> tuple[Square, str | None]:
    """Push a figure up to ``squares`` squares straight away from ``away_from``.

    The slam manoeuvre (interfaces page, "Power attacks"): the target moves square by square
    and stops *before* the edge, a building, a figure or impassable terrain ("tranne in caso di
    Collisione"), reporting what it hit ("edge", "building", "figure", "impassable") or None
    when it went the whole way. Every square the footprint newly covers is checked.
    """
    dc, dr = push_direction(start, size, away_from)
    anchor = start
    if (dc, dr) == (0, 0):
        return anchor, None
    for _ in range(squares):
        nxt = (anchor[0] + dc, anchor[1] + dr)
        old = set(footprint(anchor, size))
        hit = _obstacle((s for s in footprint(nxt, size) if s not in old), terrain)
        if hit is not None:
            return anchor, hit
        anchor = nxt
    return anchor, None
