"""Monster Day, the Decktet game by P.D. Magnus: the engine object registered in ``rules.GAMES``.

The rules live in :mod:`rules.monster_day.engine` as plain functions and the bot player in
:mod:`rules.monster_day.bot`; :class:`rules.base.ModuleEngine` binds them to the engine contract
so the table service, the bot seats and the tests drive Monster Day like any other game.
Its table options and its variants are declared here (see :mod:`rules.options`).
"""

from __future__ import annotations

from rules import search
from rules.base import ModuleEngine
from rules.monster_day import bot, engine, hard, value
from rules.monster_day.engine import Play, State
from rules.monster_day.model import EXTENDED_CARDS
from rules.options import OptionSpec, Variant

OPTION_SPECS = (
    OptionSpec(
        name="extended_deck",
        kind="bool",
        default=False,
        names={"en": "Extended deck", "it": "Mazzo esteso"},
        description={
            "en": "Add the extended Decktet's cards (the Excuse, the Pawns and the Courts)",
            "it": "Aggiungi le carte del Decktet esteso (la Scusa, i Pedoni e le Corti)",
        },
    ),
    EXTENDED_CARDS,
)

VARIANTS = {
    "standard": Variant(names={"en": "Standard", "it": "Standard"}),
    "extended": Variant(
        names={"en": "Extended deck", "it": "Mazzo esteso"}, options={"extended_deck": True}
    ),
}


def _searched(state: State, seat: int) -> Play:
    """The committed depth-2 search, for what :mod:`.hard` cannot read (see there)."""
    play: Play = search.hard_action(ENGINE, state, seat, value=value.search_value)
    return play


def _hard(state: State, seat: int) -> Play:
    """Playouts to the end on the other hand read from its plays (:mod:`.hard`). Not bound
    as ``hard_bot``: in the arena it won less than the committed search (docs/simulator.md,
    "Monster Day's hard bot, seventh try"); kept to measure and build on."""
    return hard.hard_action(state, seat, _searched)


ENGINE = ModuleEngine(
    id=engine.GAME_ID,
    names={"en": "Monster Day", "it": "Monster Day"},
    min_players=2,
    max_players=2,
    rules=engine,
    bot=bot.bot_action,
    easy_bot=bot.easy_action,
    search_value=value.search_value,
    option_specs=OPTION_SPECS,
    variants=VARIANTS,
)

__all__ = ["ENGINE", "Play", "State"]
