"""Notte di Terrore, a 3–5 player card game by DaRgon: the engine registered in ``rules.GAMES``.

The rules live in :mod:`rules.notte_di_terrore.engine` as plain functions, the decks in
:mod:`rules.notte_di_terrore.cards` and the bot player in :mod:`rules.notte_di_terrore.bot`;
this class binds them to the :class:`rules.base.Engine` surface.
"""

from __future__ import annotations

from typing import Any, ClassVar

import rules
from rules.base import Event
from rules.notte_di_terrore import bot, engine
from rules.notte_di_terrore.engine import Action, State


class NotteDiTerroreEngine:
    """Notte di Terrore behind the common engine contract (see :mod:`rules.base`)."""

    id = engine.GAME_ID
    names: ClassVar[dict[str, str]] = {"en": "Night of Terror", "it": "Notte di Terrore"}
    min_players = 3
    max_players = 5

    def __init__(self) -> None:
        self.options: dict[str, Any] = dict(engine.DEFAULT_OPTIONS)

    def setup(self, num_players: int, options: dict[str, Any], seed: int) -> State:
        return engine.setup(num_players, options, seed)

    def pending(self, state: State) -> list[int]:
        return engine.pending(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return engine.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        return engine.apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return engine.view(state, seat)

    def outcome(self, state: State) -> dict[str, Any] | None:
        return engine.outcome(state)

    def dump(self, state: State) -> dict[str, Any]:
        return engine.dump(state)

    def load(self, data: dict[str, Any]) -> State:
        return engine.load(data)

    def dump_action(self, action: Action) -> dict[str, Any]:
        return engine.dump_action(action)

    def load_action(self, data: dict[str, Any]) -> Action:
        return engine.load_action(data)

    def bot_action(self, state: State, seat: int) -> Action:
        return bot.bot_action(state, seat)


ENGINE = rules.register(NotteDiTerroreEngine())

__all__ = ["ENGINE", "Action", "NotteDiTerroreEngine", "State"]
