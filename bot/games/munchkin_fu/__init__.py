"""Munchkin Fu in words: button labels, the narration of a turn, hands and the table.

Everything is built from a view or from public events (``docs/rules/munchkin_fu.md``,
"Views"). The package, by concern: :mod:`.words` (cards, seats, monsters and kinds in words,
fitting a text), :mod:`.labels` and :mod:`.offers` (every move on a button or in ``/game
move``; help offers and trades read in full), :mod:`.buttons` (which moves get one of the
DM's 25 buttons), :mod:`.narration` (event lines), :mod:`.hand` (a seat's own DM) and
:mod:`.summary` (the table). This module holds the presenter registered in
:data:`bot.games.PRESENTERS`.
"""

from __future__ import annotations

import json
from typing import Any

from bot.games.munchkin_fu.buttons import MAX_BUTTONS, TAPS, button_actions
from bot.games.munchkin_fu.hand import hand_lines
from bot.games.munchkin_fu.labels import LABELS
from bot.games.munchkin_fu.narration import SILENT, event_line, fold
from bot.games.munchkin_fu.summary import MAX_FIELD, summary_lines
from bot.games.munchkin_fu.words import MAX_LABEL, View, fit


class MunchkinFuPresenter:
    game = "munchkin_fu"
    hand_updates_in_place = True
    """Hands change on everyone's turn (treasure, corpse picks, traps, trades): a change
    while nobody asks this player anything edits their latest DM instead of notifying them
    again (:func:`bot.delivery.plan.moved`)."""

    def action_label(self, view: View, action: dict[str, Any], locale: str) -> str:
        """A button's text (≤ 80 characters), unique among the seat's legal moves."""
        labeller = LABELS.get(str(action.get("type")))
        text = labeller(view, action, locale) if labeller else str(action.get("type"))
        return fit(text, MAX_LABEL)

    def event_lines(self, events: list[dict[str, Any]], locale: str, names: list[str]) -> list[str]:
        return fold(events, locale, names, None)

    def table_event_lines(
        self, view: View, events: list[dict[str, Any]], locale: str, names: list[str]
    ) -> list[str]:
        """The lines at a table whose public view is ``view``: a monster an event points at
        by its place in the fight is named from the view's fight."""
        return fold(events, locale, names, view)

    def hand_lines(self, view: View, locale: str) -> list[str]:
        return hand_lines(view, locale)

    def summary_lines(self, view: View, locale: str, names: list[str]) -> list[str]:
        return summary_lines(view, locale, names)

    def public_action(self, action: dict[str, Any]) -> dict[str, Any]:
        """A charity gift without the card while the game runs: the card goes from one hidden
        hand to another (T4), and only the two players involved may know it. Every other move
        names only public cards (played, discarded, sold, picked face up) or none (a door
        drawn face down is the move ``loot_room``, without a card)."""
        option = str(action.get("option", ""))
        if action.get("type") == "choose" and option.startswith("give:"):
            parts = option.split(":")
            return {"type": "choose", "option": f"give:?:{parts[-1]}"}
        return action

    def button_actions(self, view: View, actions: list[dict[str, Any]]) -> list[int]:
        return button_actions(view, actions)

    def turn_key(self, view: View) -> str:
        """One table message per turn: the first plays of setup share one, and a turn's fight,
        its interference windows, offers, choices and charity edit it (everyone a window asks
        is pinged by DM, not by a new channel message)."""
        if view.get("phase") in ("setup", "over"):
            return json.dumps([view.get("phase")])
        return json.dumps([view.get("round"), view.get("turn")])


__all__ = [
    "MAX_BUTTONS",
    "MAX_FIELD",
    "MAX_LABEL",
    "SILENT",
    "TAPS",
    "MunchkinFuPresenter",
    "button_actions",
    "event_line",
]
