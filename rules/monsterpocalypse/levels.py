"""Monsterpocalypse's ``easy`` level (the normal bot lives in :mod:`.bot`).

Why these loose moves: a beginner moves and attacks somewhat at random, but never ends an
activation early or burns power dice on a whim when the normal bot would not, so easy still
fights; ``EndActivation`` and ``PowerUp`` are only played when the normal bot picks them.
"""

from __future__ import annotations

from typing import Any

from rules import levels
from rules.monsterpocalypse import bot, content, engine
from rules.monsterpocalypse.model import EndActivation, Figure, PowerUp, State, monster_of

EASY_BLUNDER = 0.35
"""How often ``easy`` plays a random legal move instead of the normal bot's."""


def _terrible(state: State, seat: int, action: Any) -> bool:
    return isinstance(action, EndActivation | PowerUp)


easy_action = levels.easy_bot(
    engine.GAME_ID, engine, bot.bot_action, blunder=EASY_BLUNDER, terrible=_terrible
)


def search_value(state: State, seat: int) -> float:
    """``seat``'s chance to win judged from the monsters' health alone, in ``[0, 1]``: half
    plus half the difference of the shares of full health (both forms) each monster has left
    (the tie-break of V3 reads the same thing), or the win share once the battle is over.
    Where the ``hard`` search (:mod:`rules.search`) stops a playout."""
    result = engine.outcome(state)
    if result is not None:
        winners = result["winners"]
        return 1 / len(winners) if seat in winners else 0.0
    if not state.figures:
        return 0.5
    mine, theirs = (_health_left(monster_of(state, s)) for s in (seat, 1 - seat))
    return 0.5 + 0.5 * (mine - theirs)


def _health_left(monster: Figure) -> float:
    beast = content.monster(monster.type)
    return sum(monster.health) / (beast.alpha.health + beast.hyper.health)
