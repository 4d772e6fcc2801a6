"""Notte di Terrore's ``hard`` level (issue 28): the normal bot's planner (:mod:`.bot`) with
weights chosen against normal bots, not against copies of itself, and a look-ahead
(:mod:`.lookahead`) at the decisions that shape a game.

Why not a tree search: a tree, flat searches and a fitted race value all played about as the
normal bot does (``docs/simulator.md``, issue 28): a Notte turn is some 13 moves and the Terror
piles a few moves on say little about who wins. The normal bot's weights were tuned against
variants of itself; played at one seat against two normal bots, on the same seeds and seat as
all-normal games (cheap: a game is about 30 ms), two weights beat it: a hand of fewer Events,
more Beings (for the haunting to come), and a Necronomicon held dearer (the only sure way off
the last Place, F2; the normal bot spends it on others' Places and its own sooner). What it
sees is what the planner sees, its own seat's view only, and the look-ahead re-deals from a
seed of public information, so two tables its seat cannot tell apart get the same move.
"""

from __future__ import annotations

from dataclasses import replace

from rules.notte_di_terrore.engine import (
    Action,
    EndResolution,
    Flee,
    Refill,
    State,
    legal_actions,
)
from rules.notte_di_terrore.lookahead import Lookahead, best_move
from rules.notte_di_terrore.planner import DEFAULT

HARD = replace(DEFAULT, events_share=0.6, necro_keep=10.0)
"""The normal bot's weights but a hand of 60 % Events (normal: 80 %) at the split and refill,
and a Necronomicon kept in hand worth 10 Terror (normal: 5)."""

LOOKAHEAD = Lookahead(deals=2, moves=900)
"""Two re-deals, fewer where the first one's playouts leave no room for a second within 900
moves (about 270 ms of CPU at 0.3 ms a move)."""
SEARCHED: frozenset[str] = frozenset({"discard", "resolution"})
"""The phases looked ahead at. Not the split: it is chosen before any card is seen, so the
best split is a constant the weights already carry, and re-deals would only add noise."""
SEATS = 3
"""Looked ahead only at tables of this many seats: with four or five a playout is two to
three times longer, so the budget leaves too few playouts (the tuned planner plays there)."""


def candidates(state: State, seat: int, planned: Action) -> list[Action]:
    """The planner's move and its neighbours: one Event more or fewer at the refill, Flight or
    stopping instead of the planned Resolution move."""
    if state.phase not in SEARCHED or state.num_players != SEATS:
        return [planned]
    legal = legal_actions(state, seat)
    near: list[Action]
    if isinstance(planned, Refill):
        near = [Refill(planned.events + d) for d in (-1, 1)]
    elif state.phase == "resolution":
        near = [Flee(), EndResolution()]
    else:
        near = []
    return [planned, *(a for a in near if a in legal and a != planned)]


def hard_action(state: State, seat: int) -> Action:
    """The planner's move for ``seat`` with the :data:`HARD` weights, or a neighbour that wins
    more playouts on the same re-deals."""
    return best_move(state, seat, HARD, candidates, LOOKAHEAD)
