"""Notte di Terrore's ``hard`` level (issue 28): the normal bot's planner with the weights
tuned against normal bots (:mod:`rules.notte_di_terrore.hard`), blind to what its seat cannot
see. Its strength is measured by the arena (``docs/simulator.md``), not here.
"""

from __future__ import annotations

import random

from rules import GAMES
from rules.notte_di_terrore import bot
from rules.notte_di_terrore.engine import ChooseSplit
from rules.notte_di_terrore.hard import HARD
from tests.rules.test_levels import positions

GAME = "notte_di_terrore"


def test_hard_plays_the_planner_with_the_hard_weights() -> None:
    engine = GAMES[GAME]
    for state, seat in positions(GAME):
        assert engine.bot_action(state, seat, "hard") == bot.choose(state, seat, HARD)


def test_hard_keeps_more_beings_in_hand_than_normal() -> None:
    """The one weight changed: fewer Events in the starting split (and refills)."""
    engine = GAMES[GAME]
    state = engine.setup(3, {}, 5)
    seat = engine.pending(state)[0]
    hard, normal = (engine.bot_action(state, seat, level) for level in ("hard", "normal"))
    assert isinstance(hard, ChooseSplit) and isinstance(normal, ChooseSplit)
    assert hard.events < normal.events


def test_hard_sees_only_its_seat() -> None:
    """Different hidden cards, deck order and dice to come, one view: one hard move."""
    engine = GAMES[GAME]
    for state, seat in positions(GAME)[::7]:
        a, b = (engine.determinize(state, seat, random.Random(n)) for n in (1, 2))
        assert engine.view(a, seat) == engine.view(b, seat)
        assert engine.bot_action(a, seat, "hard") == engine.bot_action(b, seat, "hard")
