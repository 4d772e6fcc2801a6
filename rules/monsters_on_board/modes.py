"""What differs between the ways to play Monsters on Board, as one object per mode.

Why hooks instead of ``if mode == ...`` in every phase: the normal game is the base; solo 1
adds an AI's car, a card deck and market discards (:mod:`.solo1`); solo 2 adds Spider Jack's
area, its scoring and its purchases (:mod:`.solo2`); family mode another board and phases of
its own (:mod:`.family`). Each mode overrides only the moments where it differs, so the
shared phases (:mod:`.draft`, :mod:`.spectral`) stay one reading of the rulebook and a new
mode is a new module plus its name in the engine's :func:`register` call.

Why a register the engine fills: the phases ask :func:`mode_of` for the hooks, and each mode
module builds on the phases (family mode has phases of its own, solo 1 discards from the
market), so this module sits below both and knows the modes only as the engine, on top of
them all, hands them over (:data:`rules.monsters_on_board.engine.MODES`).
"""

from __future__ import annotations

from typing import Any

from rules.base import Event
from rules.monsters_on_board import scoring
from rules.monsters_on_board.model import State
from rules.monsters_on_board.sheets import sheets_of


class Mode:
    """The normal game (2-4 seats): every hook is the rulebook's main text."""

    id = "normal"
    seats = (2, 4)
    """The table sizes the mode allows (I2)."""
    draft_phase = "draft"
    """The phase the arrivals open (family mode drafts in a phase of its own)."""

    def setup(self, state: State, options: dict[str, Any]) -> State:
        """After the shared setup (S1-S14): the mode's own components (``options`` checked)."""
        return state

    def cars(self, state: State) -> int:
        return state.num_players

    def car_of(self, state: State, seat: int) -> int:
        """The car in front of ``seat`` this draft step: cars pass left (D3)."""
        return (seat - state.step) % state.num_players

    def before_arrivals(self, state: State) -> tuple[State, list[Event]]:
        return state, []

    def arrange_cars(self, state: State) -> State:
        """The cars as filled (A1: hood to back in draw order); solo 2 shuffles its AI's."""
        return state

    def after_pick(self, state: State) -> tuple[State, list[Event]]:
        """Right after a seat's pick, before the cars may pass."""
        return state, []

    def end_draft(self, state: State) -> tuple[State, list[Event]]:
        return state, []

    def after_spectral_turn(self, state: State) -> tuple[State, list[Event]]:
        """After each purchase or pass of the spectral phase (solo 2: Spider Jack buys)."""
        return state, []

    def end_spectral(self, state: State) -> tuple[State, list[Event]]:
        return state, []

    def missed_summoning(self, state: State, missed: int) -> tuple[State, list[Event]]:
        """A summoning scored a row that held ``missed`` rank beyond its Spider Jack die."""
        return state, []

    def creatures_elsewhere(self, state: State, colour: str) -> int:
        """Creatures of ``colour`` out of the supply but on no seat's board (I17)."""
        return 0

    def at_finish(self, state: State) -> tuple[State, list[Event]]:
        """Right after F2, before the sheets: the mode's own final scoring (solo 2: T19)."""
        return state, []

    def outcome(self, state: State, result: dict[str, Any]) -> dict[str, Any]:
        """``result`` has scores and sheets; the normal game adds the winners (F9, F10)."""
        return {**result, "winners": list(scoring.winners(sheets_of(state)))}

    def view(self, state: State) -> dict[str, Any]:
        """Extra public view keys."""
        return {}

    def seat_view(self, state: State, index: int, own: bool) -> dict[str, Any]:
        """Extra keys of one seat's entry in the view (``own``: the viewer's seat)."""
        return {}


_MODES: dict[str, Mode] = {}


def register(*modes: Mode) -> dict[str, Mode]:
    """Make ``modes`` known by id (the engine hands every mode over at import); returns them
    all."""
    _MODES.update({mode.id: mode for mode in modes})
    return dict(_MODES)


def mode_of(state: State) -> Mode:
    return _MODES[state.mode]
