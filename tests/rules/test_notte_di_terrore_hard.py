"""Notte di Terrore's ``hard`` level (issue 28): the normal bot's planner with the weights
tuned against normal bots (:mod:`rules.notte_di_terrore.hard`) and a look-ahead at the split,
the refills and the Resolution (:mod:`rules.notte_di_terrore.lookahead`), blind to what its
seat cannot see. Its strength is measured by the arena (``docs/simulator.md``), not here.
"""

from __future__ import annotations

import random

from rules import GAMES
from rules.notte_di_terrore import bot, hard
from rules.notte_di_terrore.engine import ChooseSplit, State
from rules.notte_di_terrore.hard import HARD, candidates
from rules.notte_di_terrore.lookahead import Lookahead, best_move, playout
from tests.rules.test_levels import positions

GAME = "notte_di_terrore"


def _looked_at(state: State, seat: int) -> bool:
    return len(candidates(state, seat, bot.choose(state, seat, HARD))) > 1


def test_hard_plays_the_planner_where_it_does_not_look_ahead() -> None:
    engine = GAMES[GAME]
    for state, seat in positions(GAME):
        if not _looked_at(state, seat):
            assert engine.bot_action(state, seat, "hard") == bot.choose(state, seat, HARD)


def test_hard_plays_the_planner_or_a_neighbour_and_sometimes_a_neighbour() -> None:
    engine = GAMES[GAME]
    looked = [(s, seat) for s, seat in positions(GAME) if _looked_at(s, seat)]
    moves = [(engine.bot_action(s, seat, "hard"), s, seat) for s, seat in looked]
    assert {s.phase for _, s, _ in moves} == set(hard.SEARCHED)
    for move, state, seat in moves:
        assert move in candidates(state, seat, bot.choose(state, seat, HARD))
    assert any(move != bot.choose(state, seat, HARD) for move, state, seat in moves)


def test_hard_weights_keep_more_beings_in_hand_than_normal() -> None:
    """The planner's split with the hard weights: fewer Events (the look-ahead may move it by
    one either way)."""
    state = GAMES[GAME].setup(3, {}, 5)
    seat = GAMES[GAME].pending(state)[0]
    tuned, normal = bot.choose(state, seat, HARD), bot.bot_action(state, seat)
    assert isinstance(tuned, ChooseSplit) and isinstance(normal, ChooseSplit)
    assert tuned.events < normal.events


def test_the_move_budget_stops_the_deals() -> None:
    """``moves`` counts playout moves: once the first deal has spent it, no second deal."""
    state, seat = next((s, seat) for s, seat in positions(GAME) if s.phase == "resolution")
    one = best_move(state, seat, HARD, candidates, Lookahead(deals=1))
    assert best_move(state, seat, HARD, candidates, Lookahead(deals=4, moves=1)) == one
    won, moves = playout(state, seat, HARD)
    assert 0.0 <= won <= 1.0 and moves > 0


def test_hard_sees_only_its_seat() -> None:
    """Different hidden cards, deck order and dice to come, one view: one hard move, at the
    decisions it looks ahead at too (its playouts re-deal from the view alone)."""
    engine = GAMES[GAME]
    chosen = positions(GAME)[::7] + [p for p in positions(GAME) if _looked_at(*p)][::3]
    for state, seat in chosen:
        a, b = (engine.determinize(state, seat, random.Random(n)) for n in (1, 2))
        assert engine.view(a, seat) == engine.view(b, seat)
        assert engine.bot_action(a, seat, "hard") == engine.bot_action(b, seat, "hard")
