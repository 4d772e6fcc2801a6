"""Notte di Terrore's ``search_value``: where the ``hard`` search (:mod:`rules.search`) stops
a playout, a seat's chance to win read from the Terror piles.

Why the Terror alone: every pile is face up (each seat's view shows its Terror), and the
fewest Terror wins (I1); a softmax of the negated Terror ranks leaves well enough at a
fraction of the cost of a playout to the game's end.
"""

from __future__ import annotations

from rules import levels
from rules.notte_di_terrore.model import State, outcome, terror_score
from rules.search.mcts import win_share

SHARPNESS = 0.35
"""How sharply a lead in Terror turns into a win chance, per point: two points fewer than a
rival make a seat about twice as likely to win."""


def search_value(state: State, seat: int) -> float:
    """``seat``'s win chance in ``[0, 1]``: the win share once the game is over, else a
    softmax of the negated Terror (equal piles split evenly)."""
    result = outcome(state)
    if result is not None:
        return win_share(result, seat)
    return levels.race_share([-terror_score(p.pile) for p in state.players], seat, SHARPNESS)
