"""Munchkin Fu's forced and skip moves.

Why so narrow: everyone's hand is hidden and almost any card may be played at any time, so a
move is forced only for a pending seat outside any window whose hand is empty (a public fact:
hand counts are shown) and that has exactly one legal move. A window's answer is never forced
(U: "``forced_action`` never answers a window for a human").

The engine asks these with the seat's legal moves (:func:`rules.munchkin_fu.engine.forced_action`,
``skip_action``), so this module stays below the engine; :func:`may_be_forced` is asked first,
so the legal moves are listed only for a seat that could be forced.
"""

from __future__ import annotations

from rules.munchkin_fu.model import Action, EndTurn, LootRoom, Ready, State
from rules.munchkin_fu.seats import flow_seats, pending, window


def may_be_forced(state: State, seat: int) -> bool:
    """Pending, with an empty hand, and owing no window's answer."""
    if seat not in pending(state) or state.players[seat].hand:
        return False
    open_window = window(state)
    return open_window is None or seat not in open_window.defaults


def only_action(legal: list[Action]) -> Action | None:
    """The move forced on a seat whose legal moves are ``legal``: its only one, else None."""
    return legal[0] if len(legal) == 1 else None


def may_skip(state: State, seat: int) -> bool:
    """Whether the step waits for ``seat`` (offers' answers are the window's)."""
    return seat in flow_seats(state)


def skip_among(legal: list[Action]) -> Action | None:
    """The pass of a turn step: Ready (setup), loot the room (trouble), end the turn (loot);
    kicking the door and a fighter's moves have none (I50), and the windows' answers are
    served by the window's defaults."""
    for action in (Ready(), LootRoom(), EndTurn()):
        if action in legal:
            return action
    return None
