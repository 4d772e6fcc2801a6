"""Monsterpocalypse, a two-player battle of giant monsters, their units and a city, fought with
pools of dice on a 12×12 grid (issue 11): the engine registered in ``rules.GAMES``.

The specification is ``docs/rules/monsterpocalypse.md``; the shared decisions are the lead's
interfaces page. The rules are plain functions in :mod:`.engine` (routing), :mod:`.setup`
(roll-off, map, sides, city, armies, monsters), :mod:`.activation` (the turn, pools, power-up,
hyper, victory), :mod:`.movement`, :mod:`.attacks` (damage, power attacks), :mod:`.city`
(spawns), :mod:`.board` (stats and board facts), :mod:`.views`, :mod:`.forced`; the grid in
:mod:`.geometry`, the figures and maps in :mod:`.content`, the odds in :mod:`.odds`, the bot in
:mod:`.bot`. :class:`rules.base.ModuleEngine` binds them to the engine contract.
"""

from __future__ import annotations

from rules.base import ModuleEngine
from rules.monsterpocalypse import bot, content, engine, levels
from rules.monsterpocalypse.model import Action, State
from rules.options import Choice, OptionSpec, Variant

_FACTIONS = tuple(Choice(f.id, dict(f.names)) for f in content.FACTIONS.values())
_MAPS = tuple(
    Choice(m.id, dict(m.names))
    for m in sorted(content.MAPS.values(), key=lambda m: m.id != "harbour")
)

OPTION_SPECS = (
    OptionSpec(
        name="map",
        kind="choice",
        default="rolloff",
        choices=(Choice("rolloff", {"en": "Roll-off", "it": "Tiro di dadi"}), *_MAPS),
        names={"en": "Map", "it": "Mappa"},
        description={
            "en": "Who rolls fewer hits on 5 dice chooses the map; or play a fixed map",
            "it": "Chi ottiene meno colpiti con 5 dadi sceglie la mappa; oppure una mappa fissa",
        },
    ),
    OptionSpec(
        name="army",
        kind="choice",
        default="preset",
        choices=(
            Choice("preset", {"en": "Preset armies", "it": "Eserciti predefiniti"}),
            Choice("custom", {"en": "Custom armies", "it": "Eserciti personalizzati"}),
        ),
        names={"en": "Army", "it": "Esercito"},
        description={
            "en": "Each faction's preset army, or draft up to 15 units (at most 5 elites)",
            "it": "L'esercito predefinito di ogni fazione, o scegli fino a 15 unità (al massimo "
            "5 élite)",
        },
    ),
    OptionSpec(
        name="faction0",
        kind="choice",
        default=_FACTIONS[0].value,
        choices=_FACTIONS,
        names={"en": "Faction of player 1", "it": "Fazione del giocatore 1"},
        description={"en": "The first seat's faction", "it": "La fazione del primo posto"},
    ),
    OptionSpec(
        name="faction1",
        kind="choice",
        default=_FACTIONS[-1].value,
        choices=(_FACTIONS[-1], *_FACTIONS[:-1]),
        names={"en": "Faction of player 2", "it": "Fazione del giocatore 2"},
        description={"en": "The second seat's faction", "it": "La fazione del secondo posto"},
    ),
    OptionSpec(
        name="rounds",
        kind="int",
        default=20,
        min=6,
        max=30,
        names={"en": "Rounds", "it": "Round"},
        description={
            "en": "The game ends after this many rounds (both players' turns)",
            "it": "La partita finisce dopo questo numero di round (i turni di entrambi)",
        },
    ),
)

VARIANTS = {
    "standard": Variant(names={"en": "Standard", "it": "Standard"}),
    "quick": Variant(
        names={"en": "Quick (Harbour, no roll-off)", "it": "Rapida (Porto, senza tiro)"},
        options={"map": "harbour"},
    ),
    "custom": Variant(
        names={"en": "Custom armies", "it": "Eserciti personalizzati"},
        options={"army": "custom"},
    ),
}

ENGINE = ModuleEngine(
    id=engine.GAME_ID,
    names={"en": "Monsterpocalypse", "it": "Monsterpocalypse"},
    min_players=2,
    max_players=2,
    rules=engine,
    bot=bot.bot_action,
    easy_bot=levels.easy_action,
    search_value=levels.search_value,
    search_moves=engine.search_moves,
    option_specs=OPTION_SPECS,
    variants=VARIANTS,
)

__all__ = ["ENGINE", "Action", "State"]
