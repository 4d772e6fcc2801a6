"""Monsters on Board's ``search_value`` for the hard bot: the seat's board turn played on by
the normal bot, then judged by the fitted leaf (:mod:`.leaf`).

Why a board turn first: a pick, a placement or an activation pays off only later in the same
round (the die's icons, the creature's stops), so leaves judged right after such a move tied
and the tie went to the normal bot's move (issue 28: every pick of 69). Played on to the end
of the seat's phases 3-4 (the draft's rest by every seat, then the seat's own board turn),
leaves differ by what the move led to. Why the fitted leaf there and not before: judged right
after the move, the fit's weight on a die still in the Avenue made holding dice look better
than placing them (hard won 25 of 44 games where it had won 35), while the board scored now,
at the end of the board turn, says little of the end early in the game.
"""

from __future__ import annotations

from dataclasses import replace

from rules.monsters_on_board import leaf
from rules.monsters_on_board.bot import bot_action
from rules.monsters_on_board.engine import apply
from rules.monsters_on_board.model import Seat, State
from rules.monsters_on_board.phases import pending
from rules.monsters_on_board.value import search_value as judged_now

MAX_MOVES = 400
"""A board turn longer than this is a bot or engine bug; the leaf is judged where it stopped."""


def search_value(state: State, seat: int) -> float:
    """``seat``'s win chance: in the normal mode after its board turn (:func:`board_turn`),
    judged by :mod:`.value` (the fitted leaf there; solo and family as before)."""
    if leaf.fitted(state):
        state = board_turn(state, seat)
    return judged_now(state, seat)


def board_turn(state: State, seat: int) -> State:
    """``state`` once the draft is over (every seat picking as the normal bot) and ``seat``
    has played its phases 3-4 as the normal bot would; other phases are left as they are.
    The rivals pick as the normal bot would without their prophecy cards, their picks of this
    step made anew: both hidden from the seat, re-dealt ones would make the leaf read what
    the seat cannot see (``test_search_value``) and swing with one deal's guess."""
    moves = 0
    if state.phase == "draft":
        state = replace(
            state, seats=tuple(public_seat(s, i, seat) for i, s in enumerate(state.seats))
        )
    while state.phase == "draft" and (waiting := pending(state)) and moves < MAX_MOVES:
        state, _ = apply(state, waiting[0], bot_action(state, waiting[0]))
        moves += 1
    while state.phase == "board" and seat in pending(state) and moves < MAX_MOVES:
        state, _ = apply(state, seat, bot_action(state, seat))
        moves += 1
    return state


def public_seat(value: Seat, index: int, seat: int) -> Seat:
    """A rival without its prophecy card and its hidden pick of this step (the seat's own
    kept)."""
    return value if index == seat else replace(value, prophecy=None, pick=None, pick_row=None)
