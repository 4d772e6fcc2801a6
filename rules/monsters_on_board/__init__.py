"""Monsters on Board, a 1–4 player dice-drafting game (issue 9): the engine registered in
``rules.GAMES``.

The specification is ``docs/rules/monsters_on_board.md``. The rules are plain functions in
:mod:`.engine` (phases in :mod:`.draft`, :mod:`.board`, :mod:`.spectral`, icons in
:mod:`.effects`, modes in :mod:`.modes` and :mod:`.solo1`), the components in
:mod:`.content`, the cards and final scoring in :mod:`.arch`, :mod:`.prophecy` and
:mod:`.scoring`, the bot in :mod:`.bot`; :class:`rules.base.ModuleEngine` binds them to the
engine contract. This slice plays the normal game (2–4 seats, both drafts) and solo mode 1;
the options declare only those modes (I42).
"""

from __future__ import annotations

import rules
from rules.base import ModuleEngine
from rules.monsters_on_board import bot, engine
from rules.monsters_on_board.engine import Action, State
from rules.options import Choice, OptionSpec, Variant

OPTION_SPECS = (
    OptionSpec(
        name="mode",
        kind="choice",
        default="normal",
        choices=(
            Choice("normal", {"en": "Normal game", "it": "Gioco normale"}),
            Choice("solo1", {"en": "Solo: beat yourself", "it": "Solitario: batti te stesso"}),
        ),
        names={"en": "Mode", "it": "Modalità"},
        description={
            "en": "Normal game for 2-4 players, or solo mode 1 (beat your best score) for one",
            "it": "Gioco normale da 2 a 4 giocatori, o solitario 1 (batti il tuo record) per uno",
        },
    ),
    OptionSpec(
        name="draft",
        kind="choice",
        default="simultaneous",
        choices=(
            Choice("simultaneous", {"en": "Simultaneous", "it": "Simultanea"}),
            Choice("turn_order", {"en": "In turn order", "it": "In ordine di turno"}),
        ),
        names={"en": "Draft", "it": "Scelta dadi"},
        description={
            "en": "Everyone picks dice at once, or one at a time from the first player (D5)",
            "it": "Tutti scelgono i dadi insieme, o uno alla volta dal primo giocatore (D5)",
        },
    ),
)

VARIANTS = {
    "standard": Variant(names={"en": "Standard", "it": "Standard"}),
    "turn_order": Variant(
        names={"en": "Turn-order draft", "it": "Scelta in ordine di turno"},
        options={"draft": "turn_order"},
    ),
    "solo1": Variant(
        names={"en": "Solo: beat yourself", "it": "Solitario: batti te stesso"},
        options={"mode": "solo1"},
    ),
}

ENGINE = rules.register(
    ModuleEngine(
        id=engine.GAME_ID,
        names={"en": "Monsters on Board", "it": "Monsters on Board"},
        min_players=1,
        max_players=4,
        rules=engine,
        bot=bot.bot_action,
        option_specs=OPTION_SPECS,
        variants=VARIANTS,
    )
)

__all__ = ["ENGINE", "Action", "State"]
