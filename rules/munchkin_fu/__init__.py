"""Munchkin Fu, a 3–6 player race to level 10 through doors, monsters and each other (issue
10): the engine registered in ``rules.GAMES``.

The specification is ``docs/rules/munchkin_fu.md``. The rules are plain functions in
:mod:`.engine` (routing), :mod:`.turn` (setup and the turn), :mod:`.fight` (totals, plays into
a fight, the interference window), :mod:`.run` (running away, death, treasure picks),
:mod:`.effects` (the effect ops, the resolution queue and choices), :mod:`.offers` (help,
bribes, trades, selling), :mod:`.plays` (at-any-time and own-turn plays), :mod:`.views`,
:mod:`.forced`; the deck in :mod:`.content`, the card math in :mod:`.character`, the bot in
:mod:`.bot`. :class:`rules.base.ModuleEngine` binds them to the engine contract.
"""

from __future__ import annotations

import rules
from rules.base import ModuleEngine
from rules.munchkin_fu import bot, engine
from rules.munchkin_fu.model import Action, State
from rules.options import OptionSpec, Variant, window_option

OPTION_SPECS = (
    window_option(),
    OptionSpec(
        name="fast",
        kind="bool",
        default=False,
        names={"en": "Fast game", "it": "Gioco veloce"},
        description={
            "en": "Four cards from each deck at the start and after death; claim a Class or "
            "Style on the discard pile with a go-up-a-level card (F)",
            "it": "Quattro carte da ogni mazzo all'inizio e dopo la morte; reclama una Classe "
            "o uno Stile dagli scarti con una carta Avanzi di Livello (F)",
        },
    ),
    OptionSpec(
        name="epic",
        kind="bool",
        default=False,
        names={"en": "Epic", "it": "Epico"},
        description={
            "en": "The race goes to level 20; from level 10 classes give their epic powers "
            "and an extra style each (E)",
            "it": "La corsa arriva al livello 20; dal livello 10 le classi danno i poteri "
            "epici e uno Stile extra ciascuna (E)",
        },
    ),
)

VARIANTS = {
    "standard": Variant(names={"en": "Standard", "it": "Standard"}),
    "fast": Variant(names={"en": "Fast game", "it": "Gioco veloce"}, options={"fast": True}),
    "epic": Variant(names={"en": "Epic", "it": "Epico"}, options={"epic": True}),
    "slow": Variant(
        names={"en": "Slow table (12 h windows)", "it": "Tavolo lento (finestre di 12 h)"},
        options={"window": "12h"},
    ),
}

ENGINE = rules.register(
    ModuleEngine(
        id=engine.GAME_ID,
        names={"en": "Munchkin Fu", "it": "Munchkin Fu"},
        min_players=3,
        max_players=6,
        rules=engine,
        bot=bot.bot_action,
        option_specs=OPTION_SPECS,
        variants=VARIANTS,
    )
)

__all__ = ["ENGINE", "Action", "State"]
