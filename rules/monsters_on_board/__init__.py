"""Monsters on Board, a 1–4 player dice-drafting game (issue 9): the engine registered in
``rules.GAMES``.

The specification is ``docs/rules/monsters_on_board.md``. The rules are plain functions, each
module importing only those below it (``tests/test_import_tree.py``): at the bottom the state in
:mod:`.model`, the components in :mod:`.content`, the cards and final scoring in :mod:`.arch`,
:mod:`.prophecy`, :mod:`.scoring` and :mod:`.sheets`; the modes' hooks in :mod:`.modes`; icons
in :mod:`.effects`; the steps of play: :mod:`.lanes`, the phases :mod:`.draft`, :mod:`.board`,
:mod:`.spectral` and the modes :mod:`.family`, :mod:`.solo1`, :mod:`.solo2`; who is pending in
:mod:`.phases`, then :mod:`.views` and :mod:`.forced`; on top :mod:`.engine` (routing, and the
register of the modes) and the bot in :mod:`.bot`; the hard bot's judgement in :mod:`.leaf`,
:mod:`.value` and :mod:`.horizon`; :class:`rules.base.ModuleEngine` binds them to the engine
contract. Every mode is declared: normal (2–4 seats, both drafts), family (2–4),
solo 1 and solo 2 (one seat; a variant per difficulty, so ``/game new variant:`` offers each).
"""

from __future__ import annotations

from rules import levels
from rules.base import ModuleEngine
from rules.monsters_on_board import bot, engine
from rules.monsters_on_board.engine import Action, State
from rules.monsters_on_board.horizon import search_value
from rules.monsters_on_board.solo2 import LADDER, LEVELS, MAX_DIFFICULTY, PARTS
from rules.options import Choice, OptionSpec, Variant

OPTION_SPECS = (
    OptionSpec(
        name="mode",
        kind="choice",
        default="normal",
        choices=(
            Choice("normal", {"en": "Normal game", "it": "Gioco normale"}),
            Choice("family", {"en": "Family mode", "it": "Modalità famiglia"}),
            Choice("solo1", {"en": "Solo: beat yourself", "it": "Solitario: batti te stesso"}),
            Choice(
                "solo2", {"en": "Solo: against Spider Jack", "it": "Solitario: contro Spider Jack"}
            ),
        ),
        names={"en": "Mode", "it": "Modalità"},
        description={
            "en": "Normal or family game for 2-4 players; solo 1 (beat your best score) or "
            "solo 2 (against Spider Jack) for one",
            "it": "Gioco normale o famiglia da 2 a 4 giocatori; solitario 1 (batti il tuo "
            "record) o 2 (contro Spider Jack) per uno",
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
    OptionSpec(
        name="difficulty",
        kind="set",
        default="",
        choices=tuple(Choice(part, names, group) for part, (group, names) in PARTS.items()),
        names={"en": "Difficulty", "it": "Difficoltà"},
        description={
            "en": "Solo 2 only: Spider Jack's extra parts, joined by +, e.g. ghosts+prophecy; "
            "the variants +0 (easy) to +7 (monstrous) are the printed ladder (T2)",
            "it": "Solo solitario 2: le parti in più di Spider Jack, unite da +, es. "
            "fantasmi+profezia; le varianti da +0 (facile) a +7 (mostruoso) sono la scala (T2)",
        },
    ),
)

LEVEL_NAMES = {
    "easy": {"en": "Easy", "it": "Facile"},
    "normal": {"en": "Normal", "it": "Normale"},
    "hard": {"en": "Hard", "it": "Difficile"},
    "monstrous": {"en": "Monstrous", "it": "Mostruoso"},
}
"""T2's four names of the difficulty levels."""


def _solo2_variant(level: int) -> Variant:
    label = LEVEL_NAMES[LEVELS[level]]
    return Variant(
        names={
            "en": f"Against Spider Jack +{level} ({label['en']})",
            "it": f"Contro Spider Jack +{level} ({label['it']})",
        },
        options={"mode": "solo2", "difficulty": "+".join(LADDER[level].parts)},
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
    "family": Variant(
        names={"en": "Family mode", "it": "Modalità famiglia"},
        options={"mode": "family"},
    ),
    **{f"solo2_{n}": _solo2_variant(n) for n in range(MAX_DIFFICULTY + 1)},
}

EASY_BLUNDER = 0.35
"""How often the ``easy`` bot plays a random legal move (never a pass) instead of the normal
bot's."""

ENGINE = ModuleEngine(
    id=engine.GAME_ID,
    names={"en": "Monsters on Board", "it": "Monsters on Board"},
    min_players=1,
    max_players=4,
    rules=engine,
    bot=bot.bot_action,
    easy_bot=levels.easy_bot(engine.GAME_ID, engine, bot.bot_action, blunder=EASY_BLUNDER),
    search_value=search_value,
    option_specs=OPTION_SPECS,
    variants=VARIANTS,
)

__all__ = ["ENGINE", "Action", "State"]
