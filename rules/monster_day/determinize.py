"""Monster Day re-dealt for one seat: what the ``hard`` bot searches over (``rules.search``).

What a seat cannot see: the other hand, the deck's order and the dice to come. Everything
else (the board, every card played, the counts) is public. The unseen cards are pooled in a
fixed order (sorted, so the deal depends on ``rng`` and the view alone, never on where the
hidden cards really are) and dealt again: the other hand keeps its size, the deck its length.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from rules.base import Rng

RNG_BITS = 63


def determinize(state: Any, seat: int, rng: random.Random) -> Any:
    """``state`` with the other hand and the deck re-dealt from the cards ``seat`` has not
    seen, and fresh dice; ``view(state, seat)`` is unchanged."""
    other = 1 - seat
    unseen = sorted((*state.hands[other], *state.deck))
    rng.shuffle(unseen)
    kept = len(state.hands[other])
    hands = tuple(tuple(unseen[:kept]) if s == other else h for s, h in enumerate(state.hands))
    return replace(
        state, hands=hands, deck=tuple(unseen[kept:]), rng=Rng(rng.getrandbits(RNG_BITS))
    )
