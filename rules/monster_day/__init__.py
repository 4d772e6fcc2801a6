"""Monster Day, the Decktet game by P.D. Magnus: the engine object registered in ``rules.GAMES``.

The rules live in :mod:`rules.monster_day.engine` as plain functions and the bot player in
:mod:`rules.monster_day.bot`; :class:`rules.base.ModuleEngine` binds them to the engine contract
so the table service, the bot seats and the tests drive Monster Day like any other game.
"""

from __future__ import annotations

import rules
from rules.base import ModuleEngine
from rules.monster_day import bot, engine
from rules.monster_day.engine import Play, State

ENGINE = rules.register(
    ModuleEngine(
        id=engine.GAME_ID,
        names={"en": "Monster Day", "it": "Monster Day"},
        min_players=2,
        max_players=2,
        rules=engine,
        bot=bot.bot_action,
    )
)

__all__ = ["ENGINE", "Play", "State"]
