"""Monster Day's leaf for the ``hard`` bot: the other seat's best reply, over every roll.

Why: a depth-2 playout by the normal bot judged a play by one sampled roll of its dice and the
reply the normal bot's one-ply score picks; both are noise and a weak model of the opponent.
Here the leaf is the state just after the bot's play (``Budget.depth=0``): its roll is
averaged exactly (the few outcomes :func:`endgame.rolls` folds the 36 rolls into), and after
each the other seat answers with the play that is best *for it* by the walk value
(:func:`value.walk_chance`, its roll averaged the same way, plus what the card it keeps is
worth), and the bot's share after that reply is the leaf's value. The other hand is not read:
the reply is the best card of a hand drawn from the cards the bot has not seen (an exact mean
over those hands, see :func:`_answered`), so the value is the same on every re-deal and one
deal is enough (``Budget.iterations=1``). Once the deck is empty the endgame is solved
instead (:mod:`.endgame`).
"""

from __future__ import annotations

import math

from rules.monster_day.bot import worths
from rules.monster_day.endgame import rolls, solvable, solved_share
from rules.monster_day.model import MONSTERS, State, owner, spaces_for, starting_deck
from rules.monster_day.value import (
    KEEP_WEIGHT,
    before_roll,
    card_worth,
    clamped,
    keep_credit,
    leads_of,
    led_chance,
    search_value,
    tops_of,
)

Tops = tuple[str | None, ...]
NOTHING = (0.0,) * len(MONSTERS)
"""An empty space's worth to each monster."""


def reply_value(state: State, seat: int) -> float:
    """``seat``'s win chance after the play that led to ``state`` (``seat``'s own): the mean
    over that play's roll of its chance after the other seat's best reply (see the module)."""
    last, other = state.last_turn, 1 - seat
    if solvable(state) and last is not None:
        return solved_share(state, seat, before_roll(state.monsters, last))
    if last is None or last.seat != seat or state.current != other:
        return search_value(state, seat)
    tops = tops_of(state)
    turns = len(state.deck) + sum(len(h) for h in state.hands)
    mine = keep_credit(state.hands[seat], turns, state.extended_deck)
    share = 0.0
    for positions, chance in rolls(before_roll(state.monsters, last), tops):
        answered = _answered(state, other, tops, positions, turns)
        share += chance * clamped((answered if seat == 0 else 1.0 - answered) + mine)
    return share


def _answered(
    state: State, other: int, tops: Tops, positions: tuple[int | None, ...], turns: int
) -> float:
    """Seat 0's walk chance after ``other``'s best reply, over the hands it may hold: each
    card it has not been seen to hold (the unseen pool, from the view) is scored by its best
    space for ``other``; the best card of a random hand of its size is the ``i``-th best of
    the pool with chance C(n - i, k - 1) / C(n, k)."""
    pool = sorted((*state.hands[other], *state.deck))
    size = len(state.hands[other])
    if not size:
        return led_chance(leads_of(tops), positions, turns)
    leads = leads_of(tops)
    keep = KEEP_WEIGHT * turns / len(starting_deck(state.extended_deck))
    scored = sorted(
        (_best_space(state, other, card, tops, leads, positions, turns, keep) for card in pool),
        reverse=True,
    )
    total = math.comb(len(pool), size)
    return sum(
        math.comb(len(pool) - 1 - i, size - 1) / total * chance
        for i, (_, chance) in enumerate(scored)
    )


def _best_space(
    state: State,
    other: int,
    card: str,
    tops: Tops,
    leads: list[float],
    positions: tuple[int | None, ...],
    turns: int,
    keep: float,
) -> tuple[float, float]:
    """``other``'s best play of ``card``: (its worth to ``other``, seat 0's walk chance),
    its worth less what playing a good card costs the hand it keeps."""
    added = worths(card)
    best = (-2.0, 0.5)
    for space in spaces_for(card, state.aces):
        top = tops[space]
        covered = worths(top) if top is not None else NOTHING
        sign = 1.0 if owner(space) == 0 else -1.0
        shifted = [lead + sign * (a - c) for lead, a, c in zip(leads, added, covered, strict=True)]
        chance = led_chance(shifted, positions, turns)
        theirs = (chance if other == 0 else 1.0 - chance) - keep * card_worth(card)
        best = max(best, (theirs, chance))
    return best
