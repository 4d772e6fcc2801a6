"""Monsters on Board's ``search_value``: where the ``hard`` search (:mod:`rules.search`)
stops a playout, a seat's chance to win read from the final scoring applied now.

Why the final scoring: it is what wins (most Juice, F9), every board and Arch card is in
sight, and scoring the boards as they stand ranks leaves well enough at a fraction of a
playout to the game's end. A rival's prophecy card is hidden until the end, so a rival's
board is scored without one (the seat's own prophecy is its own to know).

What the boards of now do not show, and a move changes (issue 28: judged by the board alone,
hard spent Evil on nothing and flipped cards for Juice the moment it had them):

- **Evil** buys Arch cards and ghosts while a spectral phase is ahead (P1), and is only a
  tie-break after (F10): :data:`EVIL_WORTH` Juice each until the final window.
- **A card's back** can be flipped for 4 Juice, or 2 Evil, at any time, the final window
  included (X1, X2): a card held is worth at least that, not only what it scores now.
- **A card held** scores more as the board fills: :data:`CARD_WORTH` each while rounds are
  ahead.

In solo 2 the rival is Spider Jack, who is no seat (T1: you win with strictly more Juice
than he has): his Juice so far, plus what T19 will hand him of the seat's prophecy card
(:func:`~.solo2.missed_prophecy`). Without him the seat would race only itself, every leaf
would be a sure win, and hard would play the normal bot's move.
"""

from __future__ import annotations

from dataclasses import replace

from rules import levels
from rules.monsters_on_board import content as mob
from rules.monsters_on_board import scoring
from rules.monsters_on_board.arch import arch_cards
from rules.monsters_on_board.model import Seat, State
from rules.monsters_on_board.sheets import board_for_scoring
from rules.monsters_on_board.solo2 import jack_of, missed_prophecy
from rules.monsters_on_board.spectral import outcome
from rules.search.mcts import win_share

SHARPNESS = 0.1
"""How sharply a lead in Juice turns into a win chance, per point: about 7 points of lead
double a seat's chance."""

EVIL_WORTH = 2.2
"""Juice an Evil held is worth while a spectral phase is ahead: in 150 normal-bot games of
two seats (seeds 5000..5149), each Evil held in a spectral phase ended as 2.1-2.3 more Juice
(least squares, round by round, of the final total less the total of then)."""

CARD_WORTH = 0.5
"""Juice an Arch card held gains by the end beyond what it scores now (0.4-0.7 a card in
rounds 2-6 of the same games)."""


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


def _total(state: State, seat: int) -> float:
    return _worth(state, state.seats[seat], board_for_scoring(state.seats[seat]))


def _public_total(state: State, seat: int) -> float:
    board = replace(board_for_scoring(state.seats[seat]), prophecy=None)
    return _worth(state, state.seats[seat], board)


def _worth(state: State, seat: Seat, board: scoring.BoardForScoring) -> float:
    """The board's final scoring now, each card held at least its back's worth, plus the
    Evil and the cards' growth while purchases and rounds are ahead (module docstring)."""
    sheet = scoring.score_board(board)
    shopping = state.phase != "final_window"
    kept = {line.item: line.juice for line in sheet.lines if line.source == "arch"}
    cards = sum(max(0.0, _back(card, shopping) - kept.get(card, 0)) for card in seat.arch)
    ahead = (EVIL_WORTH * seat.evil + CARD_WORTH * len(seat.arch)) if shopping else 0.0
    return sheet.total + cards + ahead


def _back(card: str, shopping: bool) -> float:
    """What flipping ``card`` gives at best (X1): its Juice, or its Evil while it buys."""
    best = 0.0
    for icon in arch_cards()[card].back:
        kind = mob.icon_kind(icon)
        if kind == "juice" or (kind == "evil" and shopping):
            worth = 1.0 if kind == "juice" else EVIL_WORTH
            best = max(best, worth * mob.icon_amount(icon))
    return best
