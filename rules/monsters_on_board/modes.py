"""What differs between the ways to play Monsters on Board, as one object per mode.

Why hooks instead of ``if mode == ...`` in every phase: the normal game is the base; solo 1
adds an AI's car, a card deck and market discards; solo 2 (Spider Jack's area, its scoring)
and family mode (another board, other phases) come later. Each mode overrides only the
moments where it differs, so the shared phases (:mod:`.draft`, :mod:`.spectral`) stay one
reading of the rulebook and a new mode is a new module plus one line in :data:`MODES`.
"""

from __future__ import annotations

from typing import Any

from rules.base import Event
from rules.monsters_on_board.model import State


class Mode:
    """The normal game (2-4 seats): every hook is the rulebook's main text."""

    id = "normal"
    seats = (2, 4)
    """The table sizes the mode allows (I2)."""

    def setup(self, state: State) -> State:
        """After the shared setup (S1-S14): the mode's own components."""
        return state

    def cars(self, state: State) -> int:
        return state.num_players

    def car_of(self, state: State, seat: int) -> int:
        """The car in front of ``seat`` this draft step: cars pass left (D3)."""
        return (seat - state.step) % state.num_players

    def before_arrivals(self, state: State) -> tuple[State, list[Event]]:
        return state, []

    def after_pick(self, state: State) -> tuple[State, list[Event]]:
        """Right after a seat's pick, before the cars may pass."""
        return state, []

    def end_draft(self, state: State) -> State:
        return state

    def end_spectral(self, state: State) -> tuple[State, list[Event]]:
        return state, []

    def outcome(self, state: State, result: dict[str, Any]) -> dict[str, Any]:
        """``result`` has scores and sheets; the normal game adds the winners (F9, F10)."""
        from rules.monsters_on_board import scoring
        from rules.monsters_on_board.spectral import sheets_of

        return {**result, "winners": list(scoring.winners(sheets_of(state)))}

    def view(self, state: State) -> dict[str, Any]:
        """Extra public view keys."""
        return {}


def mode_of(state: State) -> Mode:
    return MODES[state.mode]


def _modes() -> dict[str, Mode]:
    from rules.monsters_on_board.solo1 import Solo1

    return {mode.id: mode for mode in (Mode(), Solo1())}


MODES: dict[str, Mode] = _modes()
