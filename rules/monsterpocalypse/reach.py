"""Monsterpocalypse movement: the reachable-squares search (issue 11; made cheap in issue 28).

Why its own module: the search is the dear part of every legal list (the hard bot asks it for
every figure at every decision), so it packs squares into flat indices and search states into
ints and caches per input; the plain board geometry it stands on (footprints, terrain, the
result type :class:`~rules.monsterpocalypse.geometry.Reach`) stays in ``geometry``.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from functools import lru_cache

from rules.monsterpocalypse.geometry import (
    DIRECTIONS,
    Reach,
    Square,
    Terrain,
    footprint,
    footprint_in_bounds,
)


def _landing_hazards(
    start_fp: tuple[Square, ...], anchor: Square, size: int, hazards: dict[Square, str]
) -> tuple[str, ...]:
    """A flyer's hazards: only the tokens under where it lands that it did not start on."""
    before = set(start_fp)
    under = (s for s in footprint(anchor, size) if s not in before)
    tokens = {hazards[s] for s in under if s in hazards}
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
    # Where a move may stop: free squares, and no impassable ones unless flying ("Salto: ...
    # Non può terminare il suo movimento su terreni impassabili"; a flyer may), as one set no
    # square of the footprint may be in.
    stop = terrain.occupied | terrain.blocked
    if not fly:
        stop = stop | terrain.impassable
    if size == 1:
        return {here: reach for here, reach in found if here not in stop}
    return {here: reach for here, reach in found if stop.isdisjoint(footprint(here, size))}


_Chosen = tuple[tuple[Square, Reach], ...]


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
    """The search's best way to every anchor but the start, by anchor, as the reach a move
    there is (a flyer's hazards: those under where it lands). Kept per search input: where the
    mover may *end* (the squares its own side occupies) is not an input, so after one unit
    moves the others' searches are found again, and so is a position the hard bot's search
    meets under other dice (issue 28); the reaches are made once here, not at every ask."""
    sq = _squares(n, costs, walls, hazards, fly)
    found = _search(start[0] * n + start[1], budget, diagonals, _grid(size, n), sq)
    layers, low = diagonals + 1, (1 << found.bits) - 1
    chosen = _best_per_anchor(found, layers, n, safest)
    start_fp = footprint(start, size)
    tokens_at = dict(hazards)
    out = []
    for anchor, (key, path, state) in sorted(chosen.items()):
        here = divmod(anchor, n)
        if here == start:
            continue
        if fly:
            tokens = _landing_hazards(start_fp, here, size, tokens_at)
        else:
            tokens = tuple(t for i, t in enumerate(sq.tokens) if (state & low) >> i & 1)
        used = (state >> found.bits) % layers
        out.append((here, Reach(here, key // _KEY_COST, used > 0, path, tokens)))
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
