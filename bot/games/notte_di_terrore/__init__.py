"""Notte di Terrore in words: button labels, the narration of a night, hands and the table.

Everything is built from a view (self-describing: ``view["cards"]`` names every card it shows)
or from public events. Events carry card ids only, so :func:`card_name` names a card from its
id with the deck data; that never leaks anything, because whatever an event names is public.
Card names come from the deck data in the player's language; the words around them go
through :func:`bot.i18n.t`. Emoji that depend on a card (a Being's type) stay outside the
translated messages, so a translation never has to repeat them.

The package, by concern: :mod:`.words` (cards in words, shared by all), :mod:`.labels` (cards
and moves on buttons and in autocomplete), :mod:`.buttons` (which moves get a button),
:mod:`.narration` (event lines), :mod:`.hand` (a seat's hand by DM) and :mod:`.summary` (the
table). This module holds the presenter registered in :data:`bot.games.PRESENTERS` and
re-exports what other modules and tests import.
"""

from __future__ import annotations

from typing import Any

from bot.games.notte_di_terrore.buttons import (
    MAX_BUTTONS,
    PLACING,
    PRIVATE_SPLITS,
    action_key,
    button_actions,
)
from bot.games.notte_di_terrore.hand import (
    _event_hand_text,
    _grouped,
    _hand_order,
    _hint,
    _legend,
    _path_line,
    _weapon_lines,
)
from bot.games.notte_di_terrore.labels import _LABELS, MAX_LABEL, card_label
from bot.games.notte_di_terrore.narration import SKIPPED_WHEN_EMPTY, _fold, event_line
from bot.games.notte_di_terrore.summary import (
    MAX_FIELD,
    _decks_line,
    _phase_line,
    _place_lines,
    _player_line,
    _weapons_line,
    _within,
)
from bot.games.notte_di_terrore.words import View, _card_text, _fit, _info, card_name, type_name
from bot.i18n import t


class NotteDiTerrorePresenter:
    game = "notte_di_terrore"

    def action_label(
        self,
        view: View,
        action: dict[str, Any],
        locale: str,
        names: list[str] | None = None,
    ) -> str:
        """A button's text (≤ 80 chars). With ``names`` a Being's destination is the owner's
        Place; without (the protocol's call) it is the Place's own name."""
        labeller = _LABELS.get(str(action.get("type")))
        text = labeller(view, action, locale, names) if labeller else str(action.get("type"))
        return _fit(text, MAX_LABEL)

    def public_action(self, action: dict[str, Any]) -> dict[str, Any]:
        """How a move reads in the log of a game still running. The starting split is chosen
        by every seat at once, so the log never shows it while the game runs (an entry cannot
        tell whether the others have chosen yet); once dealt it is on the table anyway (the
        narration and every view give each hand's Events and Beings). A refill is drawn in
        sight of all (D4): shown as played."""
        if action.get("type") in PRIVATE_SPLITS:
            return {"type": action["type"]}
        return action

    def button_actions(self, view: View, actions: list[dict[str, Any]]) -> list[int]:
        return button_actions(view, actions)

    def event_lines(self, events: list[dict[str, Any]], locale: str, names: list[str]) -> list[str]:
        return _fold(events, locale, names)

    def hand_lines(self, view: View, locale: str) -> list[str]:
        """The seat's hand grouped by kind, its Weapons (public, but handy here), its path and
        a hint of what to do when it must act. Only the seat's own view is read."""
        seat = view.get("seat")
        if not isinstance(seat, int):
            return []
        me = view["players"][seat]
        hand = list(me.get("hand", []))
        hand.sort(key=lambda c: _hand_order(view, c))
        beings = [c for c in hand if (_info(view, c) or {}).get("deck") == "beings"]
        events = [c for c in hand if (_info(view, c) or {}).get("deck") == "events"]
        lines = [t(locale, "**Beings** ({n})", n=len(beings))]
        lines += _grouped(view, beings, lambda c: _card_text(view, c, locale))
        lines.append(t(locale, "**Events** ({n})", n=len(events)))
        lines += _grouped(view, events, lambda c: _event_hand_text(view, c, locale))
        lines.append(t(locale, "**Weapons**"))
        lines += _weapon_lines(view, me, locale)
        lines.append(_path_line(view, me, locale))
        lines.append(_legend(locale))
        hint = _hint(view, locale)
        if hint:
            lines.append(hint)
        return lines

    def summary_lines(self, view: View, locale: str, names: list[str]) -> list[str]:
        """One line per player, the phase, the Place in play and the decks; within one embed
        field (the Place's details go first when space runs short)."""
        players = [_player_line(view, s, locale, names) for s in range(len(view["players"]))]
        phase = _phase_line(view, locale, names)
        groups = [
            [*players, *([phase] if phase else [])],
            _place_lines(view, locale),
            _weapons_line(view, locale, names),
            [_decks_line(view, locale)],
        ]
        lines = _within(groups, droppable=[2, 1, 3], limit=MAX_FIELD)
        return [_fit(line, MAX_FIELD) for line in lines]


__all__ = [
    "MAX_BUTTONS",
    "PLACING",
    "SKIPPED_WHEN_EMPTY",
    "NotteDiTerrorePresenter",
    "action_key",
    "button_actions",
    "card_label",
    "card_name",
    "event_line",
    "type_name",
]
