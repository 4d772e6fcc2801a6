"""Monsterpocalypse re-dealt for one seat: what the ``hard`` bot searches over
(``rules.search``).

Everything on the table is public; a seat cannot see the dice to come (the state's rng) and,
during a custom draft, the other seat's picks (I24). Those are re-drawn: fresh dice, and the
other's picks replaced by as many picks drawn from what it may draft, one by one.
"""

from __future__ import annotations

import random
from dataclasses import replace

from rules.base import Rng
from rules.monsterpocalypse.model import State, with_player
from rules.monsterpocalypse.setup import draftable

RNG_BITS = 63


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with fresh dice and, in the draft, the other seat's secret picks re-drawn;
    ``view(state, seat)`` is unchanged."""
    new = replace(state, rng=Rng(rng.getrandbits(RNG_BITS)))
    if state.phase != "draft":
        return new
    other = 1 - seat
    picks = len(state.players[other].army)
    new = with_player(new, other, army=())
    for _ in range(picks):
        choices = draftable(new, other)
        pick = choices[rng.randrange(len(choices))]
        new = with_player(new, other, army=(*new.players[other].army, pick))
    return new
