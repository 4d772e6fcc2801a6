"""Monsterpocalypse's forced and skip moves.

Why a forced move is any seat's only legal move: nothing in this game is hidden (pools, power
dice, reserves and the board are public), so when a pending seat has exactly one legal move,
public information alone shows it. The skip is ending the activation without pushing dice.
"""

from __future__ import annotations

from rules.monsterpocalypse.model import Action, EndActivation, State


def only_action(legal: list[Action]) -> Action | None:
    """The move forced on a seat whose legal moves are ``legal``: its only one, else None.
    Takes the list rather than asking the engine, so this module stays below the engine."""
    return legal[0] if len(legal) == 1 else None


def skip_action(state: State, seat: int) -> Action | None:
    """``EndActivation(0)`` inside the seat's activation; else None (choosing an activation
    and the setup steps have no pass)."""
    act = state.activation
    if state.phase != "play" or act is None or act.seat != seat:
        return None
    return EndActivation(0)
