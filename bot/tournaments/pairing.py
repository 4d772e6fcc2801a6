"""Pairing a tournament's rounds: pure functions of the entrants, the past rounds and the table
size (no store, no Discord, no randomness), so a round is the same however often it is asked.

The choices, and why:

* **Points.** A table gives each entrant the share of the others they finished ahead of (a tie
  counts half): 1 for a win, 0.5 for a draw, 0 for a loss at a table of two; at a table of four
  the places are worth 1, 2/3, 1/3 and 0. So a round is worth the same (at most 1) at any table
  size, and a multiplayer game ranks everyone, not just its winner. A **bye** is worth 1, as in
  chess Swiss: the entrant left without a table did nothing wrong.
* **Swiss.** Entrants still in are ordered by the standings (points, then Buchholz, then the
  order they joined in); each table takes the best placed entrant left and the next ones down
  the order with whom none of them has sat before (a depth-first search over the order, so the
  tables stay between neighbours in the standings); when no such round exists, the fewest
  repeated meetings, greedily. Byes go to the lowest placed entrants without one yet.
* **Buchholz** (the documented tie-break): the sum, over the tables an entrant played, of the
  average points of the others at that table (their totals now). A bye adds nothing: nobody
  was met. For a table of two this is the classical Buchholz, the sum of the opponents' points.
* **Round robin.** Tables of two: the circle (Berger) schedule, every pair meets once in n - 1
  rounds (n with an odd number, each sitting out once as a bye). Larger tables: each round's
  byes go to those with the fewest so far; its tables are grouped greedily by fewest past
  meetings, then improved by swapping two entrants of different tables while that seats fewer
  pairs who met before (or as many, having met less often); the default number of rounds is
  as many as this schedule takes for every pair to meet (the hypothesis tests check that, and
  that no single swap would improve a round). A design where every pair meets exactly once
  exists only for a few numbers (e.g. 9 at tables of 3); elsewhere some pairs meet twice or
  more, and it can take a round or two more than the bound ⌈(n - 1) / (seats - 1)⌉.
* **Table sizes.** As many tables as the largest size needs, sizes as even as they can be (7
  players at tables of up to 6: 4 and 3); when that leaves a table below the game's fewest,
  one table fewer, and who does not fit gets a bye (5 at tables of 2: two tables, one bye).
* **Seats rotate.** Each table's seats are filled first to last, each by the entrant who sat
  there least often so far (ties: the better placed), so the first player's seat goes round.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, product

SEARCH_BUDGET = 20_000
"""Nodes the no-repeat search may visit before settling for the fewest repeats, greedily:
enough for any server's tournament, bounded for a pathological one."""
SPREAD_PASSES = 50
"""Sweeps of :func:`spread_out`'s swaps at most (it stops at the first that changes nothing)."""


@dataclass(frozen=True, slots=True)
class Played:
    """One decided table of a past round: its entrants in seat order and each one's points."""

    entrants: tuple[int, ...]
    points: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class History:
    """Everything pairing needs of the past: the decided tables and the byes, round by round
    (undecided tables count as met, with no points yet)."""

    tables: tuple[tuple[int, ...], ...] = ()
    played: tuple[Played, ...] = ()
    byes: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Standing:
    """An entrant's line in the standings."""

    entrant: int
    points: float
    buchholz: float
    played: int


@dataclass(frozen=True, slots=True)
class Pairing:
    """A round: its tables (entrants in seat order) and who sits it out with a bye."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]


def table_points(ranks: Sequence[int]) -> tuple[float, ...]:
    """Each seat's points from the places at its table (1 is first; equal places tie): the
    share of the others it finished ahead of, a tie counting half."""
    others = len(ranks) - 1
    if others <= 0:
        return tuple(1.0 for _ in ranks)
    return tuple(
        (sum(r > mine for r in ranks) + 0.5 * (sum(r == mine for r in ranks) - 1)) / others
        for mine in ranks
    )


def swiss_rounds(entrants: int) -> int:
    """The default number of Swiss rounds: ⌈log2 n⌉ (at least one)."""
    return max(1, math.ceil(math.log2(max(2, entrants))))


def round_robin_rounds(entrants: int, seats: int, fewest: int = 2) -> int:
    """Rounds for everyone to meet everyone: n - 1 at tables of two (n when odd, for the
    byes); at larger tables, as many as :func:`round_robin`'s own schedule takes until every
    pair has met (worked out by playing it: the schedule depends on nothing but the seats)."""
    if seats <= 2:
        return entrants if entrants % 2 else max(1, entrants - 1)
    players = list(range(entrants))
    history = History()
    for number in range(1, entrants * (entrants - 1) // 2 + 1):
        paired = round_robin(players, history, seats, fewest, number)
        history = History(history.tables + paired.tables, byes=history.byes + paired.byes)
        if _everyone_met(players, history.tables):
            return number
    return max(1, math.ceil((entrants - 1) / (seats - 1)))  # not reached: a safe fallback


def _everyone_met(players: Sequence[int], tables: Iterable[Sequence[int]]) -> bool:
    met = meetings(tables)
    return all(met[frozenset(pair)] for pair in combinations(players, 2))


def standings(entrants: Sequence[int], history: History) -> list[Standing]:
    """Everyone's points and Buchholz, best first (points, Buchholz, then joining order)."""
    points: dict[int, float] = dict.fromkeys(entrants, 0.0)
    played: Counter[int] = Counter()
    for table in history.played:
        for entrant, got in zip(table.entrants, table.points, strict=True):
            points[entrant] = points.get(entrant, 0.0) + got
            played[entrant] += 1
    for entrant in history.byes:
        points[entrant] = points.get(entrant, 0.0) + 1.0
    buchholz: dict[int, float] = dict.fromkeys(entrants, 0.0)
    for table in history.played:
        for entrant in table.entrants:
            others = [points.get(other, 0.0) for other in table.entrants if other != entrant]
            buchholz[entrant] = buchholz.get(entrant, 0.0) + sum(others) / max(1, len(others))
    lines = [Standing(e, points[e], buchholz[e], played[e]) for e in entrants]
    return sorted(lines, key=lambda s: (-s.points, -s.buchholz, s.entrant))


def table_sizes(players: int, seats: int, fewest: int) -> tuple[list[int], int]:
    """The sizes of a round's tables (largest first) and how many byes, for ``players`` at
    tables of at most ``seats`` and at least ``fewest``."""
    count = math.ceil(players / seats) if players else 0
    while count > 0 and players // count < fewest:
        count -= 1
    playing = min(players, count * seats)
    if count == 0:
        return [], players
    base, extra = divmod(playing, count)
    return [base + 1] * extra + [base] * (count - extra), players - playing


def swiss(
    active: Sequence[int], everyone: Sequence[int], history: History, seats: int, fewest: int
) -> Pairing:
    """The next Swiss round of the ``active`` entrants (``everyone`` ranks them, the dropped
    included, whose points still count in others' Buchholz)."""
    order = [s.entrant for s in standings(everyone, history) if s.entrant in set(active)]
    return _paired(order, history, seats, fewest)


def round_robin(
    active: Sequence[int], history: History, seats: int, fewest: int, round_number: int
) -> Pairing:
    """Round ``round_number`` (1 first) of a round robin of ``active`` (joining order)."""
    if seats <= 2:
        circle = _circle(list(active), round_number)
        tables = tuple(rotate_seats(t, history.tables) for t in circle.tables)
        return Pairing(tables, circle.byes)
    turn = (round_number - 1) % max(1, len(active))
    order = list(active[turn:]) + list(active[:turn])
    return _paired(order, history, seats, fewest, spread=True)


def _circle(players: list[int], round_number: int) -> Pairing:
    """The circle method: the first stays put, the others turn one place a round; with an odd
    number, whoever faces the empty place has a bye."""
    ring: list[int | None] = [*players, None] if len(players) % 2 else list(players)
    if len(ring) < 2:
        return Pairing((), tuple(p for p in ring if p is not None))
    turns = (round_number - 1) % (len(ring) - 1)
    rest = ring[1:]
    rest = rest[-turns:] + rest[:-turns] if turns else rest
    ring = [ring[0], *rest]
    half = len(ring) // 2
    tables: list[tuple[int, ...]] = []
    byes: list[int] = []
    for a, b in zip(ring[:half], reversed(ring[half:]), strict=True):
        if a is None or b is None:
            byes += [p for p in (a, b) if p is not None]
        else:
            tables.append((a, b))
    return Pairing(tuple(tables), tuple(byes))


def _paired(
    order: list[int], history: History, seats: int, fewest: int, *, spread: bool = False
) -> Pairing:
    """Tables for ``order`` (best first): byes to the lowest placed among those with the
    fewest byes, the rest grouped by :func:`group` (then, with ``spread``, by
    :func:`spread_out`: a round robin, where standings do not matter), each table's seats
    rotated."""
    sizes, bye_count = table_sizes(len(order), seats, fewest)
    had: Counter[int] = Counter(history.byes)
    place = {entrant: i for i, entrant in enumerate(order)}
    byes = sorted(order, key=lambda e: (had[e], -place[e]))[:bye_count]  # lowest placed first
    playing = [e for e in order if e not in byes]
    met = meetings(history.tables)
    if spread:
        tables = spread_out(_fewest_repeats(playing, sizes, met), met)
    else:
        tables = group(playing, sizes, met)
    return Pairing(tuple(rotate_seats(t, history.tables) for t in tables), tuple(byes))


def meetings(tables: Iterable[Sequence[int]]) -> Counter[frozenset[int]]:
    """How often each pair of entrants has sat at a table together."""
    met: Counter[frozenset[int]] = Counter()
    for table in tables:
        for a, b in combinations(table, 2):
            met[frozenset((a, b))] += 1
    return met


def group(order: list[int], sizes: list[int], met: Counter[frozenset[int]]) -> list[list[int]]:
    """``order`` cut into tables of ``sizes``: with no two at a table who met before if the
    search finds such a round within its budget, else with the fewest repeats, greedily."""
    budget = [SEARCH_BUDGET]
    found = _no_repeats(order, sizes, met, budget)
    return found if found is not None else _fewest_repeats(order, sizes, met)


def spread_out(tables: list[list[int]], met: Counter[frozenset[int]]) -> list[list[int]]:
    """``tables`` improved by swapping two entrants of different tables while that seats
    fewer pairs who met before, or as many who met less often in all (a local search: it
    stops when no swap helps, or after :data:`SPREAD_PASSES` sweeps). Each round so brings
    about as many new meetings as it can, and everyone meets everyone in few rounds."""
    tables = [list(table) for table in tables]
    size = 1 + max((e for table in tables for e in table), default=0)
    seen = [[0] * size for _ in range(size)]  # seen[a][b]: how often a and b met
    for pair, count in met.items():
        a, b = sorted(pair)
        if b < size:
            seen[a][b] = seen[b][a] = count
    for _ in range(SPREAD_PASSES):
        if not _one_pass(tables, seen):
            break
    return tables


def _one_pass(tables: list[list[int]], seen: list[list[int]]) -> bool:
    """One sweep of every swap between two tables, each kept when it lowers the cost (only
    the swapped two's pairs change, so only theirs are counted)."""
    improved = False
    for a, b in combinations(range(len(tables)), 2):
        for i, j in product(range(len(tables[a])), range(len(tables[b]))):
            x, y = tables[a][i], tables[b][j]
            rest_a = tables[a][:i] + tables[a][i + 1 :]
            rest_b = tables[b][:j] + tables[b][j + 1 :]
            now = _add(_cost(x, rest_a, seen), _cost(y, rest_b, seen))
            if _add(_cost(y, rest_a, seen), _cost(x, rest_b, seen)) < now:
                tables[a][i], tables[b][j] = y, x
                improved = True
    return improved


def _cost(entrant: int, others: Sequence[int], seen: list[list[int]]) -> tuple[int, int]:
    """Of ``entrant``'s pairs with ``others``: how many met before, and how often in all."""
    row = seen[entrant]
    counts = [row[o] for o in others]
    return len(counts) - counts.count(0), sum(counts)


def _add(x: tuple[int, int], y: tuple[int, int]) -> tuple[int, int]:
    return x[0] + y[0], x[1] + y[1]


def _no_repeats(
    left: list[int], sizes: list[int], met: Counter[frozenset[int]], budget: list[int]
) -> list[list[int]] | None:
    if not sizes:
        return []
    head, rest = left[0], left[1:]
    for others in combinations(rest, sizes[0] - 1):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        table = [head, *others]
        if any(met[frozenset(pair)] for pair in combinations(table, 2)):
            continue
        remaining = [e for e in rest if e not in others]
        tail = _no_repeats(remaining, sizes[1:], met, budget)
        if tail is not None:
            return [table, *tail]
    return None


def _fewest_repeats(
    order: list[int], sizes: list[int], met: Counter[frozenset[int]]
) -> list[list[int]]:
    left = list(order)
    tables: list[list[int]] = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            best = min(left, key=lambda e: sum(met[frozenset((e, t))] for t in table))
            left.remove(best)
            table.append(best)
        tables.append(table)
    return tables


def rotate_seats(table: Sequence[int], past: Iterable[Sequence[int]]) -> tuple[int, ...]:
    """``table`` in seat order: each seat, first to last, to the entrant who sat in it least
    often before (ties: the earlier in ``table``, the better placed)."""
    sat: Counter[tuple[int, int]] = Counter()
    for seated in past:
        for seat, entrant in enumerate(seated):
            sat[(entrant, seat)] += 1
    left = list(table)
    ordered: list[int] = []
    for seat in range(len(table)):
        chosen = min(left, key=lambda e: sat[(e, seat)])
        left.remove(chosen)
        ordered.append(chosen)
    return tuple(ordered)
