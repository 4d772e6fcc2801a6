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
from rules.monsterpocalypse.plans import gap, urgency

EASY_BLUNDER = 0.35
"""How often ``easy`` plays a random legal move instead of the normal bot's."""


def _terrible(state: State, seat: int, action: Any) -> bool:
    return isinstance(action, EndActivation | PowerUp)


easy_action = levels.easy_bot(
    engine.GAME_ID, engine, bot.bot_action, blunder=EASY_BLUNDER, terrible=_terrible
)


PRESS = 0.2
"""The most a seat pressing for the kill gains for base contact with the enemy monster
(:func:`search_value`): about the worth of 40 % of a monster's health."""


def search_value(state: State, seat: int) -> float:
    """``seat``'s chance to win judged from the monsters' health alone, in ``[0, 1]``: half
    plus half the difference of the shares of full health (both forms) each monster has left
    (the tie-break of V3 reads the same thing), or the win share once the battle is over.
    Where the ``hard`` search (:mod:`rules.search`) stops a playout.

    A seat behind late in the battle (:func:`.plans.urgency`) also gains up to
    :data:`PRESS` for standing near the enemy monster: the tie-break would lose it the battle,
    so only a kill can win it, and a kill needs contact; judged by health alone, closing in
    without a blow this activation looked worth nothing, and the monster waited out the
    limit (issue 28)."""
    result = engine.outcome(state)
    if result is not None:
        winners = result["winners"]
        return 1 / len(winners) if seat in winners else 0.0
    if not state.figures:
        return 0.5
    mine, theirs = (_health_left(monster_of(state, s)) for s in (seat, 1 - seat))
    press = urgency(state, seat)
    if press and all(monster_of(state, s).at for s in (0, 1)):
        return 0.5 + 0.5 * (mine - theirs) + PRESS * press / gap(state, seat)
    return 0.5 + 0.5 * (mine - theirs)


def _health_left(monster: Figure) -> float:
    beast = content.monster(monster.type)
    return sum(monster.health) / (beast.alpha.health + beast.hyper.health)
