"""Who the table waits for in each phase of Monsters on Board, and their phase actions.

Why below the engine: the forced moves (:mod:`.forced`) and the views (:mod:`.views`) read who
is pending too, and the engine on top asks both; what all three read lives here.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.monsters_on_board import board, draft, family, spectral
from rules.monsters_on_board.model import Action, Done, State


def _not_done(state: State) -> list[int]:
    """Phases 3-4 (M1) and the final window (X2): every seat not through, or resolving."""
    return [s for s, seat in enumerate(state.seats) if not seat.done or seat.stack]


PHASES: dict[str, tuple[Callable[[State], list[int]], Callable[[State, int], list[Action]]]] = {
    "draft": (draft.draft_pending, draft.draft_actions),
    "board": (_not_done, board.board_actions),
    "spectral": (lambda state: [state.turn], spectral.spectral_actions),
    "final_window": (_not_done, lambda state, seat: [Done()]),
    "family_pick": (family.pick_pending, family.pick_actions),
    "family_move": (family.move_pending, lambda state, seat: []),
    "family_row": (family.row_pending, family.row_actions),
}
"""Phase id -> (who is pending, their phase actions when no decision is open); family mode has
phases of its own. A seat's open decision always comes first."""


def pending(state: State) -> list[int]:
    if state.phase not in PHASES:
        return []  # over
    return PHASES[state.phase][0](state)
