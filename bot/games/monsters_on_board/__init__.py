"""Monsters on Board in words: button labels, the narration of a round, hands and the table.

Everything is built from a view or from public events (``docs/rules/monsters_on_board.md``,
"Views"). The package, by concern: :mod:`.words` (colours, dice, icons, places and named
components, shared by all), :mod:`.labels` (every move on a button or in ``/game move``),
:mod:`.buttons` (which moves get one of the DM's 25 buttons), :mod:`.narration` (event lines),
:mod:`.hand` (a seat's own DM) and :mod:`.summary` (the table). This module holds the presenter
registered in :data:`bot.games.PRESENTERS`.
"""

from __future__ import annotations

import json
import re
from typing import Any

from bot.games.monsters_on_board.buttons import MAX_BUTTONS, button_actions
from bot.games.monsters_on_board.hand import hand_lines, prophecy_text
from bot.games.monsters_on_board.labels import LABELS
from bot.games.monsters_on_board.narration import SILENT, event_line, fold
from bot.games.monsters_on_board.summary import MAX_FIELD, seat_board_lines, summary_lines
from bot.games.monsters_on_board.words import MAX_LABEL, View, fit
from bot.i18n import normalise, t
from rules.monsters_on_board import ENGINE

HIDDEN_WHILE_PLAYING = ("pick", "family_pick")
"""I8: a pick of the simultaneous draft (and a family pick with its row) is hidden until the
cars pass. The log cannot tell which draft a table plays, so every pick is hidden until the
game ends."""
_AGAINST_JACK = re.compile(r"against_jack\+(\d+)(?::([a-z0-9_+]+))?")
"""Solo 2's boards: ``against_jack+N`` (ladder level N), ``against_jack+N:parts`` (I41)."""


class MonstersOnBoardPresenter:
    game = "monsters_on_board"

    def action_label(self, view: View, action: dict[str, Any], locale: str) -> str:
        """A button's text (≤ 80 characters), unique among the seat's legal moves."""
        labeller = LABELS.get(str(action.get("type")))
        text = labeller(view, action, locale) if labeller else str(action.get("type"))
        return fit(text, MAX_LABEL)

    def event_lines(self, events: list[dict[str, Any]], locale: str, names: list[str]) -> list[str]:
        return fold(events, locale, names)

    def table_event_lines(
        self, view: View, events: list[dict[str, Any]], locale: str, names: list[str]
    ) -> list[str]:
        """The lines at the table whose public view is ``view``: solo 2 tells Spider Jack's
        picks and card with solo 1's events, so only the view's ``mode`` names it."""
        return fold(events, locale, names, jack=view.get("mode") == "solo2")

    def hand_lines(self, view: View, locale: str) -> list[str]:
        return hand_lines(view, locale)

    def summary_lines(self, view: View, locale: str, names: list[str]) -> list[str]:
        return summary_lines(view, locale, names)

    def seat_board_lines(self, view: View, seat: int, locale: str, names: list[str]) -> list[str]:
        """A seat's own board in words (its alt text, :mod:`bot.alt_text`): the round's
        phase, then that seat's line of the summary."""
        return seat_board_lines(view, seat, locale, names)

    def public_action(self, action: dict[str, Any]) -> dict[str, Any]:
        """A pick without its die while the game runs (I8); every other move as played."""
        if action.get("type") in HIDDEN_WHILE_PLAYING:
            return {"type": action["type"]}
        return action

    def button_actions(self, view: View, actions: list[dict[str, Any]]) -> list[int]:
        return button_actions(view, actions)

    def turn_key(self, view: View) -> str:
        """One table message per draft step, per round's creature phase, per spectral turn:
        picks and moves made at the same time edit it instead of posting one message each
        (a step's picks arrive one by one; everyone plays phases 3-4 at once, M1). In the
        turn-order draft each seat's pick is its own turn (D5)."""
        phase = view.get("phase")
        key: list[Any] = [view.get("round"), phase]
        if phase in ("family_pick", "family_move"):  # a family step: pick, then move (FM5)
            key = [view.get("round"), "family", view.get("step")]
        elif phase == "draft":
            key.append(view.get("step"))
            if view.get("draft") == "turn_order":
                key.append(view.get("pending"))
        elif phase == "spectral":
            key.append(view.get("turn"))
        return json.dumps(key)

    def solo_label(self, board: str, locale: str) -> str:
        """The name of a solo high-score board (I36): solo 1's, solo 2's per difficulty."""
        if board == "beat_yourself":
            return t(locale, "Beat yourself")
        found = _AGAINST_JACK.fullmatch(board)
        if found and found[2]:
            spec = next(s for s in ENGINE.option_specs if s.name == "difficulty")
            named = {c.value: c.names[normalise(locale)] for c in spec.choices}
            parts = " + ".join(named.get(p, p) for p in found[2].split("+"))
            return t(locale, "Against Spider Jack +{n} ({parts})", n=int(found[1]), parts=parts)
        if found:
            return t(locale, "Against Spider Jack +{n}", n=int(found[1]))
        return board


__all__ = [
    "MAX_BUTTONS",
    "MAX_FIELD",
    "MAX_LABEL",
    "SILENT",
    "MonstersOnBoardPresenter",
    "button_actions",
    "event_line",
    "prophecy_text",
]
