"""Monsterpocalypse geometry: squares, footprints, distances, movement and pushes (issue 11).

The only spatial game of the platform keeps all its geometry here, pure and model-free, so the
engine, the bot and the renderer agree on one reading of the rulebook. Squares are
``(col, row)``, 0-based, ``col`` left to right and ``row`` top to bottom, shown as a letter and
a number ("A1" .. "L12"). A figure or a building is a *footprint*: a 1×1 unit or a 2×2 monster or
building named by its top-left square, its *anchor*; every rule about a position looks at every
square of the footprint (docs: "Footprints" in the interfaces page).
"""

from __future__ import annotations

import heapq
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


def _may_end(anchor: Square, size: int, terrain: Terrain, fly: bool) -> bool:
    """Whether a move may stop here: free squares, and no impassable ones unless flying.

    "Salto: ... Non può terminare il suo movimento su terreni impassabili"; a flyer may.
    """
    for sq in footprint(anchor, size):
        if sq in terrain.occupied or sq in terrain.blocked:
            return False
        if not fly and sq in terrain.impassable:
            return False
    return True


def _end_hazards(
    start_fp: tuple[Square, ...], anchor: Square, size: int, terrain: Terrain
) -> tuple[str, ...]:
    """A flyer's hazards: only the tokens under where it lands that it did not start on."""
    before = set(start_fp)
    under = (s for s in footprint(anchor, size) if s not in before)
    tokens = {terrain.hazards[s] for s in under if s in terrain.hazards}
    return tuple(sorted(tokens))


# --- the movement search ---------------------------------------------------------------------
# Squares and anchors are flat indices ``col * map_size + row`` inside the search, and a search
# state (anchor, diagonals used, hazard tokens entered) one int, so the bot can ask for every
# figure's moves at every decision: a unit's SPD 8 move on a 12×12 map is a few hundred states.

_KEY_COST = 1 << 40  # a search key packs (cost, hazards entered, steps) into one int
_KEY_HAZ = 1 << 20


@dataclass(frozen=True, slots=True)
class _Grid:
    """The map-independent part of a search: per anchor, its orthogonal and diagonal steps."""

    orth: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]  # (next anchor, squares entered)
    diag: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]


@lru_cache(maxsize=8)
def _grid(size: int, map_size: int) -> _Grid:
    """Every step whose whole footprint stays on the map: the edges are never crossed."""
    cells = map_size * map_size
    orth: list[tuple[tuple[int, tuple[int, ...]], ...]] = [()] * cells
    diag: list[tuple[tuple[int, tuple[int, ...]], ...]] = [()] * cells

    def idx(sq: Square) -> int:
        return sq[0] * map_size + sq[1]

    for col in range(map_size - size + 1):
        for row in range(map_size - size + 1):
            old = footprint((col, row), size)
            steps: tuple[list[tuple[int, tuple[int, ...]]], ...] = ([], [])
            for dc, dr in DIRECTIONS:
                nxt = (col + dc, row + dr)
                if footprint_in_bounds(nxt, size, map_size):
                    entered = tuple(idx(s) for s in footprint(nxt, size) if s not in old)
                    steps[1 if dc and dr else 0].append((idx(nxt), entered))
            orth[idx((col, row))], diag[idx((col, row))] = tuple(steps[0]), tuple(steps[1])
    return _Grid(tuple(orth), tuple(diag))


@dataclass(slots=True)
class _Squares:
    """One mover's view of the terrain as flat per-square arrays, for the search's inner loop."""

    cost: list[int]
    bad: list[bool]  # may not be entered by this mover (blocked or impassable)
    hazard: list[int]  # bit mask of the square's hazard token (0 for flyers while moving)
    tokens: list[str]  # the token ids, bit i is tokens[i]


def _squares(
    n: int,
    costs: frozenset[tuple[Square, int]],
    walls: frozenset[Square],
    hazards: frozenset[tuple[Square, str]],
    fly: bool,
) -> _Squares:
    """Flatten the terrain for one mover: ``walls`` may not be entered (none for flyers and
    jumpers: they find nothing in their way while moving), and flyers enter no hazards on
    the way ("immune agli ostacoli").
    """
    cost = [1] * (n * n)
    for (col, row), c in costs:
        if 0 <= col < n and 0 <= row < n:
            cost[col * n + row] = c
    bad = [False] * (n * n)
    for col, row in walls:
        if 0 <= col < n and 0 <= row < n:
            bad[col * n + row] = True
    tokens = sorted({t for _, t in hazards})
    hazard = [0] * (n * n)
    if not fly:
        bit = {t: 1 << i for i, t in enumerate(tokens)}
        for (col, row), t in hazards:
            if 0 <= col < n and 0 <= row < n:
                hazard[col * n + row] = bit[t]
    return _Squares(cost, bad, hazard, tokens)


def _expand(
    steps: tuple[tuple[int, tuple[int, ...]], ...], sq: _Squares
) -> list[tuple[int, int, int]]:
    """The open steps from one anchor: (next anchor, cost, hazard mask entered).

    A step costs the highest cost among the squares it newly covers; a walker may not enter a
    blocked or impassable square with any square of its footprint.
    """
    cost, bad, hazard = sq.cost, sq.bad, sq.hazard
    out: list[tuple[int, int, int]] = []
    for nxt, entered in steps:
        if len(entered) == 1:
            e = entered[0]
            if not bad[e]:
                out.append((nxt, cost[e], hazard[e]))
            continue
        price = mask = 0
        for e in entered:  # plain loops: this is the search's innermost step
            if bad[e]:
                break
            price = cost[e] if cost[e] > price else price
            mask |= hazard[e]
        else:
            out.append((nxt, price, mask))
    return out


@dataclass(frozen=True, slots=True)
class _Found:
    """What the search found: states in the order their keys became final, with each state's
    best key and the predecessors that give it; ``bits`` is how many hazard tokens there are.
    """

    order: list[int]
    best: dict[int, int]
    preds: dict[int, list[int]]
    bits: int


def _dominated(kept: list[tuple[int, int, int]], used: int, mask: int, key: int) -> bool:
    """Whether an expanded state of the same anchor makes this one useless, else keep it.

    One with no more diagonals used and a subset of its hazards that is cheaper, or as cheap in
    fewer steps, does at least as well on every continuation and strictly better on the key,
    so nothing through this state can be the best path anywhere (it only saves work).
    """
    cost, steps = key // _KEY_COST, key % _KEY_HAZ
    for k_used, k_mask, k_key in kept:
        if k_used <= used and k_mask | mask == mask:
            k_cost, k_steps = k_key // _KEY_COST, k_key % _KEY_HAZ
            if k_cost < cost or (k_cost == cost and k_steps < steps):
                return True
    kept.append((used, mask, key))
    return False


def _search(start: int, budget: int, diagonals: int, grid: _Grid, sq: _Squares) -> _Found:
    """Best-first search from ``start``: states in order, their best keys and best predecessors.

    A state is ``((anchor * (diagonals + 1) + used) << bits) | hazard mask``; its key packs
    (cost, hazards, steps), which grows strictly along any step, so a state's key is final when
    it is popped and every predecessor giving that key is known by then.
    """
    bits = len(sq.tokens)
    layers = diagonals + 1
    first = (start * layers) << bits
    best: dict[int, int] = {first: 0}
    preds: dict[int, list[int]] = {first: []}
    heap = [(0, first)]
    order: list[int] = []
    opened: dict[int, tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]]] = {}
    kept: dict[int, list[tuple[int, int, int]]] = {}  # per anchor: (used, mask, key) expanded
    low = (1 << bits) - 1
    limit = (budget + 1) * _KEY_COST
    while heap:
        key, state = heapq.heappop(heap)
        if best[state] != key:
            continue
        mask, rest = state & low, state >> bits
        anchor, used = divmod(rest, layers)
        if _dominated(kept.setdefault(anchor, []), used, mask, key):
            continue
        order.append(state)
        if anchor not in opened:
            opened[anchor] = (_expand(grid.orth[anchor], sq), _expand(grid.diag[anchor], sq))
        moves = opened[anchor]
        for kind in (0, 1) if used < diagonals else (0,):
            nd = used + kind
            for nxt, c, h in moves[kind]:
                new_key = key + c * _KEY_COST + 1
                if new_key >= limit:
                    continue
                new_mask = mask | h
                if new_mask != mask:
                    new_key += (new_mask ^ mask).bit_count() * _KEY_HAZ
                target = ((nxt * layers + nd) << bits) | new_mask
                old = best.get(target)
                if old is None or new_key < old:
                    best[target] = new_key
                    preds[target] = [state]
                    heapq.heappush(heap, (new_key, target))
                elif new_key == old:
                    preds[target].append(state)
    return _Found(order, best, preds, bits)


def reachable(
    start: Square,
    size: int,
    budget: int,
    terrain: Terrain,
    *,
    fly: bool = False,
    jump: bool = False,
    diagonals: int = 1,
    safest: bool = False,
) -> dict[Square, Reach]:
    """Every anchor (other than ``start``) the figure may end a move on within ``budget``.

    A best-first search over (anchor, diagonals used, hazard tokens entered) ordered by
    (cost, hazards, steps, path), so the path kept is the cheapest, then the least harmful, then
    the shortest, then the lexicographically first. With ``safest`` the path kept is the least
    harmful within the budget first, then the cheapest: for a move, whose price is one die
    whatever the path, the player would walk round a fire they have the points to avoid. The
    rules it rests on:

    - "può esser fatto un solo spostamento in diagonale per movimento": at most ``diagonals``.
    - "Terreni rocciosi = ... muoverci sopra costa il doppio": a step costs the *highest* cost
      among the squares its footprint newly enters (a 2×2 enters two, or three diagonally), as
      "considerate quella che reca maggiori problematiche".
    - "non può attraversare lo spazio occupato da un edificio, o da un'unità nemica, a meno che
      non possieda abilità (come il volo)": every entered square is checked against
      ``blocked`` and ``impassable`` unless ``fly`` or ``jump``; own figures (``occupied``
      only) are passed through but never ended on.
    - "una miniatura non può muovere oltre i bordi": a footprint never leaves the map.
    - Hazards "la miniatura che vi muove attraverso subisce 1 danno": each token once per move;
      a flyer only counts the tokens under where it lands.

    Costs are taken from ``terrain.cost`` as given: the engine decides per mover (boost 0 for
    units; rough for flyers and jumpers if it wants them to ignore it).
    """
    n = terrain.size
    if budget < 0 or not footprint_in_bounds(start, size, n):
        return {}
    free = fly or jump
    walls = frozenset() if free else terrain.blocked | terrain.impassable
    costs, hazards = frozenset(terrain.cost.items()), frozenset(terrain.hazards.items())
    found = _searched(start, size, budget, diagonals, safest, n, costs, walls, hazards, fly)
    out: dict[Square, Reach] = {}
    start_fp = footprint(start, size)
    for here, key, path, used, entered in found:
        if not _may_end(here, size, terrain, fly):
            continue
        tokens = _end_hazards(start_fp, here, size, terrain) if fly else entered
        out[here] = Reach(here, key // _KEY_COST, used > 0, path, tokens)
    return out


_Chosen = tuple[tuple[Square, int, tuple[Square, ...], int, tuple[str, ...]], ...]


@lru_cache(maxsize=1024)
def _searched(
    start: Square,
    size: int,
    budget: int,
    diagonals: int,
    safest: bool,
    n: int,
    costs: frozenset[tuple[Square, int]],
    walls: frozenset[Square],
    hazards: frozenset[tuple[Square, str]],
    fly: bool,
) -> _Chosen:
    """The search's best way to every anchor but the start: (anchor, key, path, diagonals
    used, hazard tokens entered), by anchor. Kept per search input: where the mover may *end*
    (the squares its own side occupies) is not an input, so after one unit moves the others'
    searches are found again, and so is a position the hard bot's search meets under other
    dice (issue 28)."""
    sq = _squares(n, costs, walls, hazards, fly)
    found = _search(start[0] * n + start[1], budget, diagonals, _grid(size, n), sq)
    layers, low = diagonals + 1, (1 << found.bits) - 1
    chosen = _best_per_anchor(found, layers, n, safest)
    out = []
    for anchor, (key, path, state) in sorted(chosen.items()):
        here = divmod(anchor, n)
        if here == start:
            continue
        tokens = tuple(t for i, t in enumerate(sq.tokens) if (state & low) >> i & 1)
        out.append((here, key, path, (state >> found.bits) % layers, tokens))
    return tuple(out)


def _best_per_anchor(
    found: _Found, layers: int, n: int, safest: bool = False
) -> dict[int, tuple[int, tuple[Square, ...], int]]:
    """For each anchor the best (key, path, state) over its states, the path lexicographically
    first among the best: built in search order, each state's path from its best predecessors'.
    With ``safest`` a state with fewer hazard tokens beats a cheaper one (the dominance pruning
    of the search keeps such states: a costlier state is dropped only for a subset of its
    hazards).
    """
    paths: dict[int, tuple[Square, ...]] = {}
    chosen: dict[int, tuple[int, tuple[Square, ...], int]] = {}
    rank: dict[int, tuple[int, int, tuple[Square, ...]]] = {}
    for state in found.order:
        anchor = (state >> found.bits) // layers
        back = found.preds[state]
        if len(back) == 1:
            path = (*paths[back[0]], divmod(anchor, n))
        elif back:
            path = (*min(paths[p] for p in back), divmod(anchor, n))
        else:  # the start
            path = (divmod(anchor, n),)
        paths[state] = path
        key = found.best[state]
        order = ((key % _KEY_COST) // _KEY_HAZ if safest else 0, key, path)
        if anchor not in rank or order < rank[anchor]:
            rank[anchor] = order
            chosen[anchor] = (key, path, state)
    return chosen


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
