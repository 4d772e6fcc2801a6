"""Notte di Terrore, a 3–5 player card game by DaRgon: the engine registered in ``rules.GAMES``.

The rules live in :mod:`rules.notte_di_terrore.engine` as plain functions, the decks in
:mod:`rules.notte_di_terrore.cards` and the bot player in :mod:`rules.notte_di_terrore.bot`;
:class:`rules.base.ModuleEngine` binds them to the engine contract.
"""

from __future__ import annotations

import rules
from rules.base import ModuleEngine
from rules.notte_di_terrore import bot, engine
from rules.notte_di_terrore.engine import Action, State

ENGINE = rules.register(
    ModuleEngine(
        id=engine.GAME_ID,
        names={"en": "Night of Terror", "it": "Notte di Terrore"},
        min_players=3,
        max_players=5,
        rules=engine,
        bot=bot.bot_action,
    )
)

__all__ = ["ENGINE", "Action", "State"]
