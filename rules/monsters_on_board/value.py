"""Monsters on Board's ``search_value``: where the ``hard`` search (:mod:`rules.search`)
stops a playout, a seat's chance to win read from the final scoring applied now.

Why the final scoring: it is what wins (most Juice, F9), every board and Arch card is in
sight, and scoring the boards as they stand ranks leaves well enough at a fraction of a
playout to the game's end. A rival's prophecy card is hidden until the end, so a rival's
board is scored without one (the seat's own prophecy is its own to know).

What the boards of now do not show, and a move changes (issue 28: judged by the board alone,
hard flipped cards for Juice the moment it had them):

- **A card's back** can be flipped for 4 Juice at any time, the final window included (X1,
  X2): a card held is worth at least that, not only what it scores now.
- **A card held** scores more as the board fills: :data:`CARD_GROWTH` a round still to
  play (the current one included) until the final window. Without it (or with a flat half
  Juice a card), hard flipped the cards it had just bought for whatever their back did at
  once (16 flips in one solo 2 game) and scored 20-50 Juice less than normal.

Evil is left out, as the rulebook's final scoring leaves it (a tie-break, F10): valued at
what it buys on average (2.2 Juice each, fitted on normal-bot games), Evil kept made passing
look better than buying, and hard passed with Evil in hand (simulator.md, issue 28).
"""

from __future__ import annotations

from dataclasses import replace

from rules import levels
from rules.monsters_on_board import leaf, scoring
from rules.monsters_on_board.model import ROUNDS, Seat, State
from rules.monsters_on_board.sheets import board_for_scoring
from rules.monsters_on_board.solo2 import jack_of, missed_prophecy
from rules.monsters_on_board.spectral import outcome
from rules.search.mcts import win_share

SHARPNESS = 0.1
"""How sharply a lead in Juice turns into a win chance, per point: about 7 points of lead
double a seat's chance."""

CARD_GROWTH = 0.5
"""Juice an Arch card held gains by the end, a round to play, beyond what it scores now: in
20 normal-bot games of two seats (seeds 7000..7019, 784 cards), a card bought in round 1
scored 0.4 then and 3.3 at the end (a flip in the final window counted as its 4 Juice), one
bought in round 4 1.8 and 3.4, in round 6 3.0 and 3.6."""


def search_value(state: State, seat: int) -> float:
    """``seat``'s win chance in ``[0, 1]``: the win share once the game is over, else the
    fitted leaf's (:mod:`.leaf`) in the normal mode, else :func:`board_value`."""
    result = outcome(state)
    if result is not None:
        return win_share(result, seat)
    if leaf.fitted(state):
        return leaf.win_chance(state, seat)
    return board_value(state, seat)


def board_value(state: State, seat: int) -> float:
    """``seat``'s win chance from a softmax of every board's total as if scored now, Spider
    Jack's standing last in solo 2 (alone at the table otherwise: 1)."""
    totals = [_public_total(state, s) if s != seat else _total(state, s) for s in _seats(state)]
    if state.jack is not None:
        totals.append(jack_of(state).juice + missed_prophecy(state))
    return levels.race_share(totals, seat, SHARPNESS)


def _seats(state: State) -> range:
    return range(len(state.seats))


def _total(state: State, seat: int) -> float:
    return _worth(state, state.seats[seat], board_for_scoring(state.seats[seat]))


def _public_total(state: State, seat: int) -> float:
    board = replace(board_for_scoring(state.seats[seat]), prophecy=None)
    return _worth(state, state.seats[seat], board)


def _worth(state: State, seat: Seat, board: scoring.BoardForScoring) -> float:
    """The board's final scoring now, each card held at least its back's Juice, plus the
    cards' growth while rounds are ahead (module docstring)."""
    sheet = scoring.score_board(board)
    kept = {line.item: line.juice for line in sheet.lines if line.source == "arch"}
    cards = sum(max(0, leaf.back_juice(card) - kept.get(card, 0)) for card in seat.arch)
    rounds = ROUNDS + 1 - state.round if state.phase != "final_window" else 0
    growth = CARD_GROWTH * rounds * len(seat.arch)
    return sheet.total + cards + growth
