"""Munchkin Fu's ``search_value``: where the ``hard`` search (:mod:`rules.search`) stops a
playout, a seat's chance to win read from the level race.

Why levels alone: they are public (every seat's view shows them), they are what wins (the
first to the winning level by a kill, I41's ranking too), and a playout's last few moves move
them by one at most, so a soft race on them ranks leaves well enough at a fraction of a
playout to the game's end.
"""

from __future__ import annotations

from rules import levels
from rules.munchkin_fu import engine
from rules.munchkin_fu.model import EPIC_WIN_LEVEL, WIN_LEVEL, State
from rules.search.mcts import win_share

SHARPNESS = 7.0
"""How sharply a level lead turns into a win chance, per share of the winning level: at the
normal game's 10, a lead of one level is a factor of e^0.7 (about 2)."""


def search_value(state: State, seat: int) -> float:
    """``seat``'s win chance in ``[0, 1]``: the win share once the game is over, else a
    softmax of the levels (a seat's weight grows by ``SHARPNESS`` per share of the winning
    level), so equal levels split evenly and a seat near the winning level ahead of the rest
    is near 1."""
    result = engine.outcome(state)
    if result is not None:
        return win_share(result, seat)
    goal = EPIC_WIN_LEVEL if state.race else WIN_LEVEL
    return levels.race_share([p.level for p in state.players], seat, SHARPNESS / goal)
