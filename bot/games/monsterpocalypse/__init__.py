"""Monsterpocalypse in words (issue 11): button labels, the narration of an activation, a
seat's DM and the table's summary, all from views and public events.

The package, by concern: :mod:`.words` (figures, squares, dice in words, shared by all),
:mod:`.odds` (an attack's chances, quoted alike everywhere), :mod:`.labels` (moves on buttons
and in autocomplete), :mod:`.buttons` (which moves get a button), :mod:`.narration` (an
activation folded into a few lines), :mod:`.hand` (a seat's DM), :mod:`.summary` (the
table) and :mod:`.commands` (what ``/mp`` reads and suggests). This module holds the presenter
registered in :data:`bot.games.PRESENTERS`.
"""

from __future__ import annotations

import json
from typing import Any

from bot.games.monsterpocalypse.buttons import MAX_BUTTONS, TAPS, button_actions
from bot.games.monsterpocalypse.hand import hand_lines
from bot.games.monsterpocalypse.labels import LABELS, MAX_LABEL, action_label
from bot.games.monsterpocalypse.narration import (
    AFTERMATH,
    LINES,
    SILENT,
    event_lines,
    table_event_lines,
)
from bot.games.monsterpocalypse.summary import MAX_FIELD, SETUP_PHASES, summary_lines
from bot.games.monsterpocalypse.words import View


class MonsterpocalypsePresenter:
    game = "monsterpocalypse"

    def action_label(self, view: View, action: dict[str, Any], locale: str) -> str:
        return action_label(view, action, locale)

    def public_action(self, action: dict[str, Any]) -> dict[str, Any]:
        """Nothing in Monsterpocalypse is hidden: every move is shown as played."""
        return action

    def button_actions(self, view: View, actions: list[dict[str, Any]]) -> list[int]:
        return button_actions(view, actions)

    def event_lines(self, events: list[dict[str, Any]], locale: str, names: list[str]) -> list[str]:
        return event_lines(events, locale, names)

    def table_event_lines(
        self, view: View, events: list[dict[str, Any]], locale: str, names: list[str]
    ) -> list[str]:
        """The same lines, with every figure named as the table's map shows it."""
        return table_event_lines(view, events, locale, names)

    def hand_lines(self, view: View, locale: str) -> list[str]:
        return hand_lines(view, locale)

    def summary_lines(self, view: View, locale: str, names: list[str]) -> list[str]:
        return summary_lines(view, locale, names)

    def board_seat(self, view: View) -> int | None:
        """Whose own view the table's map is drawn from: the active seat's while its
        activation moves or attacks, so the map shows the focus figure's reachable squares and
        targets (Monsterpocalypse hides nothing: a seat's view only adds what it may do)."""
        activation = view.get("activation")
        if not isinstance(activation, dict) or activation.get("phase") == "reorder":
            return None
        seat = activation.get("seat")
        return seat if isinstance(seat, int) else None

    def turn_key(self, view: View) -> str:
        """One table message per activation, edited by each of its steps (a monster's
        power-up, move, runs and attack are one message, not four). The setup's building
        placements and the draft share one message each; the other setup steps and every
        activation post anew, which pings whoever acts next."""
        phase = view.get("phase")
        if phase in ("buildings", "draft", "over"):
            return json.dumps([phase])
        if phase in SETUP_PHASES:
            return json.dumps([phase, view.get("turn")])
        return json.dumps([view.get("round"), view.get("turn")])


__all__ = [
    "AFTERMATH",
    "LABELS",
    "LINES",
    "MAX_BUTTONS",
    "MAX_FIELD",
    "MAX_LABEL",
    "SILENT",
    "TAPS",
    "MonsterpocalypsePresenter",
    "action_label",
]
