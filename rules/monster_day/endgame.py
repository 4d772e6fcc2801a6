"""Monster Day's endgame, solved: the ``hard`` bot's leaf once the deck is empty.

Why it can be solved: once the last card is drawn, a seat knows the other hand too (every card
not yet played and not in its own hand; the rulebook plays every card face up), so what is
left to chance is the dice alone. The last plays are then an expectimax: each mover picks the
play that is best for it, and after each play both dice are rolled (the monsters named by
faces 1-4 step toward the village leading them). ``value.search_value`` judges a leaf this
way instead of by its model of the monsters' walk, which knows neither the cards still to
come nor who plays them.

Cheap because small: at most six plays are left, a play's roll moves only the monsters not
tied and not at their edge (so the 11 sets of named monsters fold into a few outcomes), and
positions met again (the same monsters, tops and hands) are solved once (a bounded cache).
Pawns and Courts (the extended deck) count at their expected worth, as the bots weigh them.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache

from rules.monster_day.bot import worths
from rules.monster_day.model import MONSTERS, State, owner, spaces_for
from rules.monster_day.monsters import monsters_for_dice, score, step

Tops = tuple[str | None, ...]
Hands = tuple[tuple[str, ...], ...]
Positions = tuple[int | None, ...]

SOLVED_PLAYS = 3
"""Solve exactly when at most this many plays are left (all of them once the deck is empty)."""
CACHE_SIZE = 1 << 17
"""Solved positions kept (a game's endgame meets a few thousand; a bot process plays many)."""


@cache
def _named() -> tuple[tuple[frozenset[int], float], ...]:
    """The sets of monsters two dice name, with their chances (doubles name one, 5-6 none)."""
    found: dict[frozenset[int], int] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            named = frozenset(monsters_for_dice((a, b)))
            found[named] = found.get(named, 0) + 1
    return tuple((named, n / 36) for named, n in found.items())


@lru_cache(maxsize=CACHE_SIZE)
def _toward(tops: Tops) -> tuple[int | None, ...]:
    """The village each monster steps toward when named (``None``: a tie, it stays)."""
    totals = [[0.0, 0.0] for _ in MONSTERS]
    for space, top in enumerate(tops):
        if top is not None:
            for index, worth in enumerate(worths(top)):
                totals[index][owner(space)] += worth
    return tuple(None if t[0] == t[1] else (0 if t[0] > t[1] else 1) for t in totals)


def rolls(positions: Positions, tops: Tops) -> Iterator[tuple[Positions, float]]:
    """Where the monsters may stand after one roll of the dice, with the chances (outcomes
    that move the same monsters are folded into one)."""
    toward = _toward(tops)
    moved = {
        i: step(at, way)[0]
        for i, (at, way) in enumerate(zip(positions, toward, strict=True))
        if way is not None and step(at, way)[0] != at
    }
    if not moved:
        yield positions, 1.0
        return
    folded: dict[frozenset[int], float] = {}
    for named, chance in _named():
        key = named & frozenset(moved)
        folded[key] = folded.get(key, 0.0) + chance
    for key, chance in folded.items():
        yield tuple(moved[i] if i in key else at for i, at in enumerate(positions)), chance


def _share_of_0(positions: Positions) -> float:
    points = score(positions)
    return 1.0 if points[0] > points[1] else 0.0 if points[0] < points[1] else 0.5


def _next(hands: Hands, seat: int) -> int | None:
    """Who plays next once the deck is empty (the engine's ``_next_seat``)."""
    if hands[1 - seat]:
        return 1 - seat
    return seat if hands[seat] else None


@lru_cache(maxsize=CACHE_SIZE)
def _solve(
    positions: Positions, tops: Tops, hands: Hands, mover: int | None, aces: tuple[str, ...]
) -> float:
    """Seat 0's win share with best play from here (the deck empty, ``mover`` to play)."""
    if mover is None:
        return _share_of_0(positions)
    best = -1.0
    hand = hands[mover]
    for card in dict.fromkeys(hand):
        index = hand.index(card)
        left = tuple(
            h if s != mover else hand[:index] + hand[index + 1 :] for s, h in enumerate(hands)
        )
        after = _next(left, mover)
        for space in spaces_for(card, aces):
            played = tuple(card if i == space else t for i, t in enumerate(tops))
            worth = sum(
                chance * _solve(moved, played, left, after, aces)
                for moved, chance in rolls(positions, played)
            )
            mine = worth if mover == 0 else 1.0 - worth
            best = max(best, mine)
    return best if mover == 0 else 1.0 - best


def solvable(state: State) -> bool:
    """Whether :func:`solved_share` applies: the deck empty (the hands known to both seats)
    and a previous play whose roll it can average over."""
    plays = sum(len(h) for h in state.hands)
    return not state.deck and state.last_turn is not None and plays <= SOLVED_PLAYS


def solved_share(state: State, seat: int, before: Positions) -> float:
    """``seat``'s win share with best play from the roll of the last play on: the monsters
    stood at ``before`` when it was played (the roll this state shows is one of many)."""
    tops: Tops = tuple(p[-1] if p else None for p in state.piles)
    hands: Hands = tuple(tuple(sorted(h)) for h in state.hands)
    mover = state.current
    share = sum(
        chance * _solve(moved, tops, hands, mover, state.aces)
        for moved, chance in rolls(before, tops)
    )
    return share if seat == 0 else 1.0 - share
