"""How each game is put into words: per-game text for the table message, hands and buttons.

The table service and the publisher are game-agnostic; they ask ``PRESENTERS[game]`` for the
few things only the game knows: how to name an action, narrate events and sum up a view.
Everything is built from views and public events only, never from an engine state.
"""

from __future__ import annotations

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


def solo_label(game: str, board: str, locale: str) -> str:
    """A solo high-score board's name (``"beat_yourself"`` → "Beat yourself"), from the game's
    presenter where it names its boards (``solo_label(board, locale)``), else the board id."""
    label = getattr(PRESENTERS.get(game), "solo_label", None)
    return str(label(board, locale)) if label is not None else board


def _load() -> None:
    from bot.games.monster_day import MonsterDayPresenter
    from bot.games.monsterpocalypse import MonsterpocalypsePresenter
    from bot.games.monsters_on_board import MonstersOnBoardPresenter
    from bot.games.munchkin_fu import MunchkinFuPresenter
    from bot.games.notte_di_terrore import NotteDiTerrorePresenter

    PRESENTERS["monster_day"] = MonsterDayPresenter()
    PRESENTERS["monsterpocalypse"] = MonsterpocalypsePresenter()
    PRESENTERS["monsters_on_board"] = MonstersOnBoardPresenter()
    PRESENTERS["munchkin_fu"] = MunchkinFuPresenter()
    PRESENTERS["notte_di_terrore"] = NotteDiTerrorePresenter()


_load()
