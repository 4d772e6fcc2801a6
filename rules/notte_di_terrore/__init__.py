"""Notte di Terrore, a 3–5 player card game by DaRgon: the engine registered in ``rules.GAMES``.

The rules live in :mod:`rules.notte_di_terrore.engine` as plain functions, the decks in
:mod:`rules.notte_di_terrore.cards` and the bot player in :mod:`rules.notte_di_terrore.bot`;
:class:`rules.base.ModuleEngine` binds them to the engine contract. The table options and the
named variants are declared here (see :mod:`rules.options`); the engine's ``checked_options``
keeps its own guard for callers that bypass the contract.
"""

from __future__ import annotations

from rules import levels
from rules.base import ModuleEngine
from rules.notte_di_terrore import bot, engine, hard
from rules.notte_di_terrore.engine import Action, State
from rules.notte_di_terrore.value import search_value
from rules.options import Choice, OptionSpec, Variant

OPTION_SPECS = (
    OptionSpec(
        name="places",
        kind="int",
        default=4,
        min=3,
        max=6,
        names={"en": "Places", "it": "Luoghi"},
        description={
            "en": "Places each player crosses on the way home",
            "it": "Luoghi che ogni giocatore attraversa per tornare a casa",
        },
    ),
    OptionSpec(
        name="victory",
        kind="choice",
        default="least_terror",
        choices=(
            Choice("least_terror", {"en": "Fewest Terror", "it": "Meno Terrore"}),
            Choice("home_first", {"en": "First home", "it": "Primo a casa"}),
        ),
        names={"en": "Victory", "it": "Vittoria"},
        description={
            "en": "Who wins once a player gets home: the fewest Terror, or whoever got home",
            "it": "Chi vince quando un giocatore arriva a casa: chi ha meno Terrore, o chi è "
            "arrivato",
        },
    ),
    OptionSpec(
        name="necronomicon_removed",
        kind="bool",
        default=False,
        names={"en": "Necronomicon removed", "it": "Necronomicon rimosso"},
        description={
            "en": "A Necronomicon used as a Weapon leaves the game",
            "it": "Il Necronomicon usato come Arma esce dal gioco",
        },
    ),
    OptionSpec(
        name="first_player",
        kind="choice",
        default="lot",
        choices=(
            Choice("lot", {"en": "Drawn by lot", "it": "Estratto a sorte"}),
            *(Choice(str(n), {"en": f"Seat {n}", "it": f"Posto {n}"}) for n in range(1, 6)),
        ),
        names={"en": "First player", "it": "Primo giocatore"},
        description={
            "en": "Who plays first (S5): drawn by lot, or the seat the players agreed on "
            "(seat 1 opened the table)",
            "it": "Chi gioca per primo (S5): estratto a sorte, o il posto deciso dai giocatori "
            "(il posto 1 è di chi ha aperto il tavolo)",
        },
    ),
)

VARIANTS = {
    "standard": Variant(names={"en": "Standard", "it": "Standard"}),
    "short_night": Variant(
        names={"en": "Short night (3 Places)", "it": "Notte breve (3 Luoghi)"},
        options={"places": 3},
    ),
    "long_night": Variant(
        names={"en": "Long night (5 Places)", "it": "Notte lunga (5 Luoghi)"},
        options={"places": 5},
    ),
    "longest_night": Variant(
        names={"en": "Longest night (6 Places)", "it": "Notte lunghissima (6 Luoghi)"},
        options={"places": 6},
    ),
    "first_home_wins": Variant(
        names={"en": "First home wins", "it": "Vince il primo a casa"},
        options={"victory": "home_first"},
    ),
    "necronomicon_removed": Variant(
        names={"en": "Necronomicon removed after use", "it": "Necronomicon rimosso dopo l'uso"},
        options={"necronomicon_removed": True},
    ),
}

EASY_BLUNDER = 0.35
"""How often the ``easy`` bot plays a random legal move (never a pass) instead of the normal
bot's."""

ENGINE = ModuleEngine(
    id=engine.GAME_ID,
    names={"en": "Night of Terror", "it": "Notte di Terrore"},
    min_players=3,
    max_players=5,
    rules=engine,
    bot=bot.bot_action,
    easy_bot=levels.easy_bot(engine.GAME_ID, engine, bot.bot_action, blunder=EASY_BLUNDER),
    search_value=search_value,
    hard_bot=hard.hard_action,
    option_specs=OPTION_SPECS,
    variants=VARIANTS,
)

__all__ = ["ENGINE", "Action", "State"]
