"""Munchkin Fu's forced and skip moves.

Why so narrow: everyone's hand is hidden and almost any card may be played at any time, so a
move is forced only for a pending seat outside any window whose hand is empty (a public fact:
hand counts are shown) and that has exactly one legal move. A window's answer is never forced
(U: "``forced_action`` never answers a window for a human").
"""

from __future__ import annotations

from rules.munchkin_fu.model import Action, EndTurn, LootRoom, Ready, State


def forced_action(state: State, seat: int) -> Action | None:
    from rules.munchkin_fu.engine import legal_actions, pending, window

    if seat not in pending(state) or state.players[seat].hand:
        return None
    open_window = window(state)
    if open_window is not None and seat in open_window.defaults:
        return None
    legal = legal_actions(state, seat)
    return legal[0] if len(legal) == 1 else None


def skip_action(state: State, seat: int) -> Action | None:
    """The pass of a turn step: Ready (setup), loot the room (trouble), end the turn (loot);
    kicking the door and a fighter's moves have none (I50), and the windows' answers are
    served by the window's defaults."""
    from rules.munchkin_fu.engine import flow_seats, legal_actions

    if seat not in flow_seats(state):
        return None
    for action in (Ready(), LootRoom(), EndTurn()):
        if action in legal_actions(state, seat):
            return action
    return None
