"""The Monster Day bot player: a one-ply greedy search over the legal plays.

Why this shape: a turn's only choice is which card goes where, and its effect is what the
monsters do with the new totals. For each legal play the bot computes every monster's expected
village totals (Pawns/Courts at their expected worth), then scores

* the expected position of each monster after this turn's dice (a monster moves with
  probability 11/36: at least one die shows its face), weighted by its points, and
* the lead it holds in each monster's race (future turns keep moving monsters toward the
  leader), weighted more while many turns remain.

It is deterministic (ties go to the first play in :func:`legal_actions` order), uses no
randomness and reads nothing hidden from ``seat``: the board, the counts and its own hand.
Cheap: at most ~18 plays x 4 monsters x 6 spaces per turn.
"""

from __future__ import annotations

import math
import random
from functools import cache

from rules import decktet, levels
from rules.base import IllegalAction
from rules.monster_day.engine import (
    GAME_ID,
    MONSTER_POINTS,
    MONSTERS,
    Play,
    State,
    counts,
    fixed_value,
    legal_actions,
    owner,
    step,
    value_matters,
    view,
)

MOVE_CHANCE = 11 / 36
"""Probability that at least one of two dice shows a given face."""

POSITION_VALUE = (1.0, 0.9, 0.7, -0.7, -0.9, -1.0)
"""How good a monster on each space is for seat 0 (seat 1 sees the negation): deep in your
village is safer than the space next to the start."""

LEAD_WEIGHT = 0.6
LEAD_SCALE = 6.0
"""A lead of about ``LEAD_SCALE`` points is worth most of ``LEAD_WEIGHT``: bigger leads are
harder for the opponent to overturn with one card."""

FULL_LEAD_TURNS = 6
"""With this many turns or more still to come, a lead counts fully; it fades to nothing on the
last turn, when only where the monsters stand matters."""

EXPECTED_2D6 = 7.0
EXPECTED_2D6_PARITY_SHARE = 3.5
"""E[value if odd, else 0] for 2d6, and the same for even: both are 126/36 = 3.5."""


def position_value(position: int | None, seat: int) -> float:
    if position is None:
        return 0.0
    value = POSITION_VALUE[position]
    return value if seat == 0 else -value


def expected_worth(monster: str, card: decktet.Card) -> float:
    """What ``card`` is expected to add to ``monster``'s total in its village."""
    return _worth(monster, card.id)


@cache
def _worth(monster: str, card_id: str) -> float:
    """:func:`expected_worth` by card id, cached: the search asks it millions of times for
    the same 4 x 30 pairs (the normal bot got about 5 times faster)."""
    card = decktet.card(card_id)
    if value_matters(monster, card):
        parity_bound = monster in ("catoblepas", "dire_bear")
        return EXPECTED_2D6_PARITY_SHARE if parity_bound else EXPECTED_2D6
    value = fixed_value(card)
    return float(value) if value is not None and counts(monster, card, value) else 0.0


def expected_totals(tops: list[decktet.Card | None], monster: str) -> list[float]:
    totals = [0.0, 0.0]
    for space, card in enumerate(tops):
        if card is not None:
            totals[owner(space)] += expected_worth(monster, card)
    return totals


@cache
def worths(card_id: str) -> tuple[float, ...]:
    """:func:`expected_worth` of ``card_id`` for each monster, in ``MONSTERS`` order."""
    return tuple(_worth(monster, card_id) for monster in MONSTERS)


@cache
def _monster_score(index: int, position: int | None, seat: int, diff: float, lead: float) -> float:
    """One monster's part of :func:`evaluate`, ``diff`` being ``seat``'s total minus the
    other's. Cached: a game meets few distinct arguments, the search asks millions of times."""
    moved = position
    if diff != 0:
        toward = seat if diff > 0 else 1 - seat
        moved = step(position, toward)[0]
    stay = position_value(position, seat)
    expected_place = stay + MOVE_CHANCE * (position_value(moved, seat) - stay)
    return MONSTER_POINTS[MONSTERS[index]] * (expected_place + lead * math.tanh(diff / LEAD_SCALE))


class _Scorer:
    """:func:`evaluate` for every play of one position: the village totals of the tops of now
    are summed once, and a play only swaps the worth of the top it covers (the bot scores ~6
    plays a position, and the search asks it for thousands of positions a decision)."""

    def __init__(self, state: State, seat: int) -> None:
        self.state, self.seat = state, seat
        self.tops = [worths(p[-1]) if p else None for p in state.piles]
        self.totals = [[0.0, 0.0] for _ in MONSTERS]
        for space, top in enumerate(self.tops):
            if top is not None:
                for index, worth in enumerate(top):
                    self.totals[index][owner(space)] += worth
        turns = len(state.deck) + sum(len(h) for h in state.hands) - 1
        self.lead = LEAD_WEIGHT * min(1.0, turns / FULL_LEAD_TURNS)

    def __call__(self, play: Play) -> float:
        seat, village = self.seat, owner(play.space)
        covered, added = self.tops[play.space], worths(play.card)
        score = 0.0
        for index, position in enumerate(self.state.monsters):
            totals = list(self.totals[index])
            totals[village] += added[index] - (covered[index] if covered else 0.0)
            diff = totals[seat] - totals[1 - seat]
            score += _monster_score(index, position, seat, diff, self.lead)
        return score


def evaluate(state: State, seat: int, play: Play) -> float:
    """How good ``play`` is for ``seat`` (higher is better)."""
    return _Scorer(state, seat)(play)


def bot_action(state: State, seat: int) -> Play:
    """The best play for ``seat`` by :func:`evaluate`; raises if ``seat`` may not act."""
    if state.current is None:
        raise IllegalAction("game_over", "the bot was asked to act after the game ended")
    plays = legal_actions(state, seat)
    if not plays:
        raise IllegalAction("not_your_turn", "the bot was asked to act out of turn")
    return max(plays, key=_Scorer(state, seat))


EASY_BLUNDER = 0.6
"""How often ``easy`` plays a random play from the better half instead of the best one."""


def easy_action(state: State, seat: int) -> Play:
    """The ``easy`` level: often a random play among the better half by :func:`evaluate` (a
    beginner's reasonable but unsharp move), never one of the worse half."""
    plays = legal_actions(state, seat)
    ranked = sorted(plays, key=lambda play: -evaluate(state, seat, play))
    sensible = ranked[: (len(ranked) + 1) // 2]
    rng = random.Random(levels.public_seed(GAME_ID, view(state, None), seat))
    worse = ranked[len(sensible) :]
    play: Play = levels.easy_pick(
        rng, lambda: bot_action(state, seat), plays, blunder=EASY_BLUNDER, avoid=worse
    )
    return play
