"""Notte di Terrore's hard look-ahead (issue 28): a few candidate moves, each played out to the
game's end on the same re-deals, the one with the most wins kept.

Why playouts to the end and not a value at a cut: the Terror piles a few moves on say little
about who wins (a fitted race predicted winners better and still played worse, simulator.md),
while a Notte game is short enough (~190 moves with three seats, 0.3 ms a move) that a few
whole playouts fit the budget at the decisions that matter. Why the same re-deals for every
candidate: the only chance in the game is the order of the decks (``determinize`` fixes it,
and the discards reshuffle from the state's seeded ``Rng``), so two candidates played on one
deal differ by what the move changes, not by the luck of the draw.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from rules import levels
from rules.notte_di_terrore.bot import choose
from rules.notte_di_terrore.engine import (
    GAME_ID,
    Action,
    State,
    apply,
    determinize,
    outcome,
    pending,
    view,
)
from rules.notte_di_terrore.planner import DEFAULT, Tuning

Candidates = Callable[[State, int, Action], list[Action]]
"""The moves worth comparing at a decision (the planner's first), or fewer than two: routine."""

MAX_PLAYOUT = 5_000
"""A playout this long is a bug; it is scored as a loss rather than looping."""


@dataclass(frozen=True, slots=True)
class Lookahead:
    """At most ``deals`` re-deals per decision, and no new one that would take the playouts
    past ``moves`` moves, judged by the deals so far (a count, not a time: the same view gets
    the same move on any machine; early in a game a playout is long, so fewer deals fit the
    300 ms; the first deal is always played). Another candidate
    replaces the planner's move only if it wins more than ``margin`` playouts more (ties keep
    the planner's move)."""

    deals: int = 2
    moves: int = 1_000_000
    margin: float = 0.0
    lead: float = 0.0
    """Weight of the final lead in Terror (fewest of the rivals' minus one's own, over
    :data:`LEAD_SCALE`, clipped to -1..1) added to the win: two deals rarely separate two
    moves by wins alone, while a lead kept or lost shows in every playout."""


LEAD_SCALE = 10.0


def playout(
    state: State, seat: int, mine: Tuning, others: Tuning = DEFAULT, lead: float = 0.0
) -> tuple[float, int]:
    """``seat``'s share of the win once the game is played out, plus ``lead`` times its lead
    (see :class:`Lookahead`), its moves by ``mine``, the rest by ``others`` (the normal bot's
    weights: what hard plays against in the arena), and how many moves that took."""
    moves = 0
    while moves < MAX_PLAYOUT and (waiting := pending(state)):
        mover = waiting[0]
        state, _ = apply(state, mover, choose(state, mover, mine if mover == seat else others))
        moves += 1
    result = outcome(state)
    if result is None:
        return 0.0, moves
    winners, points = result["winners"], result["scores"]
    rivals = min(p for s, p in enumerate(points) if s != seat)
    ahead = max(-1.0, min(1.0, (rivals - points[seat]) / LEAD_SCALE))
    return (1 / len(winners) if seat in winners else 0.0) + lead * ahead, moves


def best_move(
    state: State,
    seat: int,
    tuning: Tuning,
    candidates: Candidates,
    budget: Lookahead,
) -> Action:
    """The planner's move, unless another candidate wins more playouts on the same deals."""
    planned = choose(state, seat, tuning)
    moves = candidates(state, seat, planned)
    if len(moves) < 2:
        return planned
    rng = random.Random(levels.public_seed(GAME_ID, view(state, None), seat))
    wins = [0.0] * len(moves)
    spent = 0
    for done in range(1, budget.deals + 1):
        deal = determinize(state, seat, rng)
        for i, move in enumerate(moves):
            won, steps = playout(apply(deal, seat, move)[0], seat, tuning, lead=budget.lead)
            wins[i] += won
            spent += steps
        if spent + spent / done > budget.moves:  # another deal like these would overspend
            break
    best = max(range(len(moves)), key=lambda i: wins[i])
    return moves[best] if wins[best] > wins[0] + budget.margin else planned
