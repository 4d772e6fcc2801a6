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


POWER_CREDIT = 0.12
"""Health points of the enemy monster a power die held is worth to :func:`search_value`."""

HYPER_CREDIT = 0.3
"""Health points of the enemy monster the hyper form is worth to :func:`search_value`."""

CREDIT_ROUNDS = 5
"""Over the last rounds the credit fades to nothing: power unspent at the limit buys nothing."""


def search_value(state: State, seat: int) -> float:
    """``seat``'s chance to win judged from the monsters' health, in ``[0, 1]``: half plus
    half the difference of the shares of full health (both forms) each monster has left (the
    tie-break of V3 reads the same thing), each seat credited with its power and its hyper
    form (:func:`_credit`), or the win share once the battle is over. Where the ``hard``
    search (:mod:`rules.search`) stops a playout."""
    result = engine.outcome(state)
    if result is not None:
        winners = result["winners"]
        return 1 / len(winners) if seat in winners else 0.0
    if not state.figures:
        return 0.5
    own, enemy = monster_of(state, seat), monster_of(state, 1 - seat)
    fade = min(1.0, max(0, state.rounds - state.round) / CREDIT_ROUNDS)
    mine, theirs = _health_left(own), _health_left(enemy)
    lead = mine - theirs + _credit(state, own, enemy, fade) - _credit(state, enemy, own, fade)
    return min(1.0, max(0.0, 0.5 + 0.5 * lead))


def _credit(state: State, beast: Figure, enemy: Figure, fade: float) -> float:
    """``beast``'s side's power dice and hyper form as a share of ``enemy``'s full health:
    :data:`POWER_CREDIT` a die and :data:`HYPER_CREDIT` the form, times ``fade`` (to nothing
    over the last :data:`CREDIT_ROUNDS` rounds: power unspent at the limit buys nothing).
    Why: judged by health alone at the activation's end, power was worth nothing, so the
    search traded it for poor blows; it pays in the blows of later activations (red dice, the
    hyper form's fifth die), about a tenth of a health point a die (issue 28,
    docs/simulator.md)."""
    points = POWER_CREDIT * state.players[beast.owner].power
    if beast.form == "hyper":
        points += HYPER_CREDIT
    return fade * points / _full_health(enemy)


def _full_health(monster: Figure) -> int:
    beast = content.monster(monster.type)
    return beast.alpha.health + beast.hyper.health


def _health_left(monster: Figure) -> float:
    return sum(monster.health) / _full_health(monster)
