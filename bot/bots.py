"""Bot seats: their names, their levels, and where their moves are computed.

A bot seat plays at the level the host chose (``Seat.level``, one of the engine's
``bot_levels``); a bot that takes over a seat plays ``"normal"``. Its name says the level
("🤖 Ada (hard)") in the table's language, the language of everything the table posts.

Why some levels are decided in another process: the hard bot searches (up to ~300 ms of CPU a
decision). On the event loop that would hold up every other table's moves, posts and replies
for as long; in a thread it would still share the interpreter's lock with the loop. So a
level in :data:`OFF_LOOP_LEVELS` is decided by the bot worker (:func:`bot.render_pool.decided`),
which gets the state as its JSON dump and sends back the move as JSON: the engine is
deterministic, so the move is the one this process would have chosen. It is checked against
the seat's legal moves here, on the loop, before the table applies it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import rules
from bot.i18n import N_, t
from bot.render_pool import decided
from rules import Engine, IllegalAction

BOT_NAMES = ("Ada", "Boris", "Cleo", "Dante", "Elsa", "Fido")
LEVEL_WORDS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}
"""How a seat's name says its level (translated in the table's language)."""

OFF_LOOP_LEVELS = frozenset({"hard"})
"""The levels whose decisions cost enough CPU to be made in the bot worker process."""


def bot_name(base: str, level: str, locale: str) -> str:
    """A bot seat's name: ``🤖 Ada (hard)``, the level in ``locale``'s words."""
    word = t(locale, LEVEL_WORDS[level]) if level in LEVEL_WORDS else level
    return f"🤖 {base} ({word})"


def free_name(names: Iterable[str]) -> str:
    """The first of :data:`BOT_NAMES` no seat uses yet (named with a level or, as tables
    before levels were, ``Bot Ada``)."""
    taken = {*names}
    return next(
        base
        for base in BOT_NAMES
        if f"Bot {base}" not in taken and not any(n.startswith(f"🤖 {base} (") for n in taken)
    )


def decide(game: str, dumped: dict[str, Any], seat: int, level: str) -> dict[str, Any]:
    """The bot's move for a dumped state, dumped: what the bot worker runs."""
    engine = rules.GAMES[game]
    return engine.dump_action(engine.bot_action(engine.load(dumped), seat, level))


async def bot_move(engine: Engine, state: Any, seat: int, level: str) -> Any:
    """``seat``'s move at ``level``: decided here when it is cheap, else in the bot worker
    and checked to be one of the seat's legal moves before anyone plays it."""
    if level not in OFF_LOOP_LEVELS:
        return engine.bot_action(state, seat, level)
    dumped = await decided(decide, engine.id, engine.dump(state), seat, level)
    action = engine.load_action(dumped)
    if action not in engine.legal_actions(state, seat):
        raise IllegalAction("illegal_action", "the bot worker returned a move not legal here")
    return action
