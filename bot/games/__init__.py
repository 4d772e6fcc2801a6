"""How each game is put into words: per-game text for the table message, hands and buttons.

The table service and the publisher are game-agnostic; they ask ``PRESENTERS[game]`` for the
few things only the game knows: how to name an action, narrate events and sum up a view.
Everything is built from views and public events only, never from an engine state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class GamePresenter(Protocol):
    game: str

    def action_label(self, view: dict[str, Any], action: dict[str, Any], locale: str) -> str:
        """Short label (≤ 80 chars) for a button or a choice that plays ``action``."""
        ...

    def event_lines(self, events: list[dict[str, Any]], locale: str, names: list[str]) -> list[str]:
        """One line of Markdown per notable public event."""
        ...

    def hand_lines(self, view: dict[str, Any], locale: str) -> list[str]:
        """The seat's own hidden hand, one line per card (only from that seat's view)."""
        ...

    def summary_lines(self, view: dict[str, Any], locale: str, names: list[str]) -> list[str]:
        """Scores, deck and other public counters."""
        ...

    def public_action(self, action: dict[str, Any]) -> dict[str, Any]:
        """``action`` as the move log may show it while the game runs (the whole action is
        revealed with the seed at the end)."""
        ...

    def button_actions(self, view: dict[str, Any], actions: list[dict[str, Any]]) -> list[int]:
        """Indices of the legal ``actions`` to offer as one-tap buttons (at most 25), in the
        order to show them; the rest stay reachable by slash command."""
        ...


PRESENTERS: dict[str, GamePresenter] = {}

TextLines = Callable[[dict[str, Any], str, list[str]], list[str]]
TEXT_VIEWS: dict[str, TextLines] = {}
"""Per game, what its text view (:mod:`bot.text_mode`, issue 29) says beyond the alt text:
``text_lines(view, locale, names)`` from each game's ``text`` module, beside its presenter."""
HAND_TEXTS: dict[str, Callable[[dict[str, Any], str], list[str]]] = {}
"""Per game whose hand lines say too little for a hand read instead of seen (Monster Day's
name each card only, Monsterpocalypse's count dice), the fuller lines of its text view:
``hand_text_lines(view, locale)``."""


def solo_label(game: str, board: str, locale: str) -> str:
    """A solo high-score board's name (``"beat_yourself"`` → "Beat yourself"), from the game's
    presenter where it names its boards (``solo_label(board, locale)``), else the board id."""
    label = getattr(PRESENTERS.get(game), "solo_label", None)
    return str(label(board, locale)) if label is not None else board


def _load_text_views() -> None:
    from bot.games import monster_day_text
    from bot.games.monsterpocalypse import text as monsterpocalypse
    from bot.games.monsters_on_board import text as monsters_on_board
    from bot.games.munchkin_fu import text as munchkin_fu
    from bot.games.notte_di_terrore import text as notte_di_terrore

    TEXT_VIEWS["monster_day"] = monster_day_text.text_lines
    TEXT_VIEWS["monsterpocalypse"] = monsterpocalypse.text_lines
    TEXT_VIEWS["monsters_on_board"] = monsters_on_board.text_lines
    TEXT_VIEWS["munchkin_fu"] = munchkin_fu.text_lines
    TEXT_VIEWS["notte_di_terrore"] = notte_di_terrore.text_lines
    HAND_TEXTS["monster_day"] = monster_day_text.hand_text_lines
    HAND_TEXTS["monsterpocalypse"] = monsterpocalypse.hand_text_lines


def _load() -> None:
    from bot.games.monster_day import MonsterDayPresenter
    from bot.games.monsterpocalypse import MonsterpocalypsePresenter
    from bot.games.monsters_on_board import MonstersOnBoardPresenter
    from bot.games.munchkin_fu import MunchkinFuPresenter
    from bot.games.notte_di_terrore import NotteDiTerrorePresenter

    _load_text_views()

    PRESENTERS["monster_day"] = MonsterDayPresenter()
    PRESENTERS["monsterpocalypse"] = MonsterpocalypsePresenter()
    PRESENTERS["monsters_on_board"] = MonstersOnBoardPresenter()
    PRESENTERS["munchkin_fu"] = MunchkinFuPresenter()
    PRESENTERS["notte_di_terrore"] = NotteDiTerrorePresenter()


_load()
