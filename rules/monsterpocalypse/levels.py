"""Monsterpocalypse's ``easy`` level (the normal bot lives in :mod:`.bot`).

Why these loose moves: a beginner moves and attacks somewhat at random, but never ends an
activation early or burns power dice on a whim when the normal bot would not, so easy still
fights; ``EndActivation`` and ``PowerUp`` are only played when the normal bot picks them.
"""

from __future__ import annotations

from typing import Any

from rules import levels
from rules.monsterpocalypse import bot, engine, outlook
from rules.monsterpocalypse.model import EndActivation, PowerUp, State

EASY_BLUNDER = 0.35
"""How often ``easy`` plays a random legal move instead of the normal bot's."""


def _terrible(state: State, seat: int, action: Any) -> bool:
    return isinstance(action, EndActivation | PowerUp)


easy_action = levels.easy_bot(
    engine.GAME_ID, engine, bot.bot_action, blunder=EASY_BLUNDER, terrible=_terrible
)


def search_value(state: State, seat: int) -> float:
    """``seat``'s chance to win in ``[0, 1]``: half plus half the lead in health shares it
    may expect some activations on (:func:`.outlook.judged_lead`: the shares of full health,
    both forms, each monster has left, as the tie-break of V3 reads them, and what power
    held and the hyper form bring later), or the win share once the battle is over. Where
    the ``hard`` search (:mod:`rules.search`) stops a playout: at the end of an activation,
    where power and the hyper form have not paid yet (issue 28, docs/simulator.md)."""
    result = engine.outcome(state)
    if result is not None:
        winners = result["winners"]
        return 1 / len(winners) if seat in winners else 0.0
    if not state.figures:
        return 0.5
    return min(1.0, max(0.0, 0.5 + 0.5 * outlook.judged_lead(state, seat)))
