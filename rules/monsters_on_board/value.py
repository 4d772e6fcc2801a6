"""Monsters on Board's ``search_value``: where the ``hard`` search (:mod:`rules.search`)
stops a playout, a seat's chance to win read from the final scoring applied now.

Why the final scoring: it is what wins (most Juice, F9), every board and Arch card is in
sight, and scoring the boards as they stand ranks leaves well enough at a fraction of a
playout to the game's end. A rival's prophecy card is hidden until the end, so a rival's
board is scored without one (the seat's own prophecy is its own to know).

In solo 2 the rival is Spider Jack, who is no seat (T1: you win with strictly more Juice
than he has): his Juice so far, plus what T19 will hand him of the seat's prophecy card
(:func:`~.solo2.missed_prophecy`). Without him the seat would race only itself, every leaf
would be a sure win, and hard would play the normal bot's move.
"""

from __future__ import annotations

from dataclasses import replace

from rules import levels
from rules.monsters_on_board import scoring
from rules.monsters_on_board.model import State
from rules.monsters_on_board.sheets import board_for_scoring
from rules.monsters_on_board.solo2 import jack_of, missed_prophecy
from rules.monsters_on_board.spectral import outcome
from rules.search.mcts import win_share

SHARPNESS = 0.1
"""How sharply a lead in Juice turns into a win chance, per point: about 7 points of lead
double a seat's chance."""


def search_value(state: State, seat: int) -> float:
    """``seat``'s win chance in ``[0, 1]``: the win share once the game is over, else a
    softmax of every board's total as if scored now, Spider Jack's standing last in solo 2
    (alone at the table otherwise: 1)."""
    result = outcome(state)
    if result is not None:
        return win_share(result, seat)
    totals = [_public_total(state, s) if s != seat else _total(state, s) for s in _seats(state)]
    if state.jack is not None:
        totals.append(jack_of(state).juice + missed_prophecy(state))
    return levels.race_share(totals, seat, SHARPNESS)


def _seats(state: State) -> range:
    return range(len(state.seats))


def _total(state: State, seat: int) -> int:
    return scoring.score_board(board_for_scoring(state.seats[seat])).total


def _public_total(state: State, seat: int) -> int:
    board = replace(board_for_scoring(state.seats[seat]), prophecy=None)
    return scoring.score_board(board).total
