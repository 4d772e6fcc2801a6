"""Monster Day, the Decktet game by P.D. Magnus: the engine object registered in ``rules.GAMES``.

The rules live in :mod:`rules.monster_day.engine` as plain functions and the bot player in
:mod:`rules.monster_day.bot`; this class only binds them to the :class:`rules.base.Engine`
surface so the table service, the bot seats and the tests drive Monster Day like any other game.
"""

from __future__ import annotations

from typing import Any, ClassVar

import rules
from rules.base import Event
from rules.monster_day import bot, engine
from rules.monster_day.engine import Play, State


class MonsterDayEngine:
    """Monster Day behind the common engine contract (see :mod:`rules.base`)."""

    id = engine.GAME_ID
    names: ClassVar[dict[str, str]] = {"en": "Monster Day", "it": "Monster Day"}
    min_players = 2
    max_players = 2

    def __init__(self) -> None:
        self.options: dict[str, Any] = dict(engine.DEFAULT_OPTIONS)

    def setup(self, num_players: int, options: dict[str, Any], seed: int) -> State:
        return engine.setup(num_players, options, seed)

    def pending(self, state: State) -> list[int]:
        return engine.pending(state)

    def legal_actions(self, state: State, seat: int) -> list[Play]:
        return engine.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Play) -> tuple[State, list[Event]]:
        return engine.apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return engine.view(state, seat)

    def outcome(self, state: State) -> dict[str, Any] | None:
        return engine.outcome(state)

    def dump(self, state: State) -> dict[str, Any]:
        return engine.dump(state)

    def load(self, data: dict[str, Any]) -> State:
        return engine.load(data)

    def dump_action(self, action: Play) -> dict[str, Any]:
        return engine.dump_action(action)

    def load_action(self, data: dict[str, Any]) -> Play:
        return engine.load_action(data)

    def bot_action(self, state: State, seat: int) -> Play:
        return bot.bot_action(state, seat)


ENGINE = rules.register(MonsterDayEngine())

__all__ = ["ENGINE", "MonsterDayEngine", "Play", "State"]
