"""Monsters on Board's forced and skip moves (the doc's "forced_action and skip_action").

Why so narrow: a move is made for a player only when it is the one legal move and the table
shows it (cars, Avenues and boards are public). A seat holding unflipped Arch cards always has
a second option (a flip, X1/I19), so nothing is forced on it; the spectral phase always offers
a pass (P1).

Asks :mod:`.phases` who is pending and what their phase offers, never the engine above it.
"""

from __future__ import annotations

from rules.monsters_on_board.model import (
    Action,
    Done,
    MoveNext,
    Pass,
    Skip,
    State,
)
from rules.monsters_on_board.phases import PHASES, pending

FORCEABLE = ("draft", "board", "family_pick", "family_row")
"""Phases whose one legal move may be made for the seat; never the spectral phase (a pass is
always there) nor the final window (Done is a choice against flips)."""


def forced_action(state: State, seat_i: int) -> Action | None:
    """The last die of a car (D4), the last Avenue die to activate, the last creature of a
    colour to move (M7), a placement when one die and one row are left, family's last row
    with a servant space (FM14) — none for a seat that could flip a card instead."""
    if seat_i not in pending(state):
        return None
    seat = state.seats[seat_i]
    if seat.arch:
        return None
    if seat.stack:
        top = seat.stack[-1]
        return MoveNext(top.left[0]) if top.kind == "move" and len(top.left) == 1 else None
    if state.phase in FORCEABLE:
        found = PHASES[state.phase][1](state, seat_i)
        return found[0] if len(found) == 1 else None
    return None


def skip_action(state: State, seat_i: int) -> Action | None:
    """Spectral: ``Pass``; an optional action open (family: area 4 or 8): ``Skip`` of its
    source; final window: ``Done``. A mandatory choice (a pick, an activation, a creature, a
    row, family's pick and row) has no pass."""
    if seat_i not in pending(state):
        return None
    seat = state.seats[seat_i]
    if seat.stack:
        top = seat.stack[-1]
        return Skip(top.source) if top.kind == "actions" else None
    if state.phase == "spectral":
        return Pass()
    if state.phase == "final_window":
        return Done()
    return None
