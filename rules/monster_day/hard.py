"""A ``hard`` for Monster Day (issue 28, seventh try): every play played to the end of the game
on the same deals, the other hand read from the other seat's plays. Not bound as the engine's
``hard`` (``rules.monster_day._hard`` calls it): on seeds 1000..1199 against normal it won 53.5 %
where the committed depth-2 search won 57.5 % (docs/simulator.md, "seventh try").

Why this shape: a search that reads the other hand and plays every legal play to the end on the
same dice, the normal bot after it, won 74.5 % against normal, the same search dealing the
other hand blind no more than the committed depth-2 search (docs/simulator.md, "Monster Day's
hard bot, sixth try"). The hand is read here as well as the public plays allow
(:mod:`.inference`), each deal takes one of the read hands, and the games are played on the
list model (:mod:`.playout`), several times cheaper than the engine.

Where the history is missing (a state loaded from an old dump) or the deck is the extended one
(rolled Pawns and Courts, which the list model does not play), ``hard`` is the committed search
of :mod:`rules.search` (``fallback``). Everything read is in the seat's view, and the randomness
comes from a seed of the public view (:func:`rules.levels.public_seed`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rules import levels
from rules.monster_day import bot
from rules.monster_day.engine import GAME_ID, Play, State, legal_actions, view
from rules.monster_day.inference import deal, history_is_complete, read_hands
from rules.monster_day.playout import FACES, Game, rollout

DEALS = 36
"""Deals per decision, every play on each (the first roll stratified over the 36 faces)."""


def hard_action(state: State, seat: int, fallback: Callable[[State, int], Play]) -> Play:
    """The play with the best mean win share over :data:`DEALS` playouts to the end (see the
    module); a tie goes to the normal bot's play."""
    plays = legal_actions(state, seat)
    if len(plays) == 1:
        return plays[0]
    if not plays or state.extended_deck or not history_is_complete(state):
        return fallback(state, seat)
    preferred = bot.bot_action(state, seat)
    rng = random.Random(levels.public_seed(GAME_ID, view(state, None), seat))
    totals = search(state, seat, plays, rng, DEALS)
    best = max(totals.values())
    return preferred if totals[preferred] >= best else max(plays, key=lambda p: totals[p])


def search(
    state: State, seat: int, plays: list[Play], rng: random.Random, deals: int
) -> dict[Play, float]:
    """Each play's summed win share over ``deals`` deals of the read hands, each play on the
    same deal and the same dice (common random numbers), the normal bot to the end."""
    hands = read_hands(state, seat, rng) if state.hands[1 - seat] else [()]
    left = len(state.deck) + sum(map(len, state.hands))
    start = rng.randrange(len(FACES))
    totals = dict.fromkeys(plays, 0.0)
    for k in range(deals):
        game = Game.of(deal(state, seat, hands[k * len(hands) // deals], rng))
        dice = [FACES[(start + k) % len(FACES)]]
        dice += [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(left)]
        for play in plays:
            trial = game.copy()
            trial.play(seat, play, dice[0])
            totals[play] += rollout(trial, seat, dice[1:])
    return totals
