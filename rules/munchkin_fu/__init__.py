"""Munchkin Fu, a 3–6 player race to level 10 through doors, monsters and each other (issue
10): the engine registered in ``rules.GAMES``.

The specification is ``docs/rules/munchkin_fu.md``. The rules are plain functions, each module
importing only those below it (``tests/test_import_tree.py``): at the bottom the state in
:mod:`.model`, the deck in :mod:`.content`, the card math in :mod:`.character`, the table's
plumbing and the choices' defaults in :mod:`.table`; then the steps of play: :mod:`.handover`
(items changing hands), :mod:`.rewards`, :mod:`.fight` (totals, plays into a fight, the
interference window), :mod:`.offers` (help, bribes, trades, selling), :mod:`.run` (running
away, death, treasure picks), :mod:`.rounds` (charity, the next turn, the round cap),
:mod:`.effects` (the effect ops, the resolution queue and choices), :mod:`.turn` (setup and the
turn), :mod:`.plays` (at-any-time and own-turn plays), :mod:`.seats` (who is pending, the
window), :mod:`.views`, :mod:`.forced`; on top :mod:`.engine` (routing) and the bot in
:mod:`.bot`. :class:`rules.base.ModuleEngine` binds them to the engine contract.
"""

from __future__ import annotations

from rules import levels
from rules.base import ModuleEngine
from rules.munchkin_fu import bot, engine
from rules.munchkin_fu.hard import search_moves
from rules.munchkin_fu.model import Action, Carry, State
from rules.munchkin_fu.value import search_value
from rules.options import Choice, OptionSpec, Variant, window_option

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
        kind="choice",
        default="no",
        choices=(
            Choice("no", {"en": "No", "it": "No"}),
            Choice("yes", {"en": "Yes", "it": "Sì"}),
            Choice("race", {"en": "Race to 20", "it": "Corsa al 20"}),
        ),
        names={"en": "Epic", "it": "Epico"},
        description={
            "en": "Yes: the rulebook's last page, every class gives its epic power and an "
            "extra style (E); race to 20: the publisher's separate Epic rules, powers from "
            "level 10",
            "it": "Sì: l'ultima pagina del regolamento, ogni classe dà il potere epico e uno "
            "Stile extra (E); corsa al 20: le regole Epiche a parte dell'editore, poteri dal "
            "livello 10",
        },
    ),
)

VARIANTS = {
    "standard": Variant(names={"en": "Standard", "it": "Standard"}),
    "fast": Variant(names={"en": "Fast game", "it": "Gioco veloce"}, options={"fast": True}),
    "epic": Variant(names={"en": "Epic", "it": "Epico"}, options={"epic": "yes"}),
    "epic_race": Variant(
        names={"en": "Epic race to 20", "it": "Corsa epica al 20"}, options={"epic": "race"}
    ),
    "slow": Variant(
        names={"en": "Slow table (12 h windows)", "it": "Tavolo lento (finestre di 12 h)"},
        options={"window": "12h"},
    ),
}

EASY_BLUNDER = 0.35
"""How often the ``easy`` bot plays a random legal move (never a pass) instead of the normal
bot's."""


def _undoes_itself(state: State, seat: int, action: Action) -> bool:
    """Carrying is a toggle: the easy bot, seeded from the public view, would carry an item back
    as readily as it carried it, and two such blunders in a row bring back the same state and
    so the same seed, for ever (seed 12, normal/easy/normal, never ended). A blunder that
    changes nothing of the game is no blunder: leave it out."""
    return isinstance(action, Carry)


ENGINE = ModuleEngine(
    id=engine.GAME_ID,
    names={"en": "Munchkin Fu", "it": "Munchkin Fu"},
    min_players=3,
    max_players=6,
    rules=engine,
    bot=bot.bot_action,
    easy_bot=levels.easy_bot(
        engine.GAME_ID, engine, bot.bot_action, blunder=EASY_BLUNDER, terrible=_undoes_itself
    ),
    search_value=search_value,
    search_moves=search_moves,
    option_specs=OPTION_SPECS,
    variants=VARIANTS,
)

__all__ = ["ENGINE", "Action", "State"]
