"""Monsterpocalypse's ``hard`` bot (issue 28): the plans it compares (``search_moves``)."""

from __future__ import annotations

from dataclasses import replace

from rules.monsterpocalypse import bot, engine
from rules.monsterpocalypse.model import (
    ActivateMonster,
    Attack,
    EndActivation,
    Move,
    PowerUp,
    State,
    figure,
)
from tests.rules.monsterpocalypse_helpers import act, arranged, pools


def _face_to_face() -> State:
    """The monsters in base contact, seat 0's monster activated with 6 dice and 4 power."""
    state = arranged(monsters=("E5", "E7"))
    m1 = replace(figure(state, "m1"), health=(3, 4))
    state = replace(state, figures=tuple(m1 if f.id == "m1" else f for f in state.figures))
    state, _ = act(pools(state, 0, 4, 6, 4), ActivateMonster())
    return state


def test_hard_compares_the_activations_plans_not_every_square() -> None:
    state = _face_to_face()
    legal = engine.legal_actions(state, 0)
    preferred = bot.bot_action(state, 0)
    moves = engine.search_moves(state, 0, legal, preferred)
    assert moves[0] == preferred
    assert len(set(moves)) == len(moves) and set(moves) <= set(legal)
    assert len(moves) * 3 < len(legal)
    assert {PowerUp(1), PowerUp(2), PowerUp(3), EndActivation(0), EndActivation(6)} <= set(moves)
    assert not any(isinstance(a, Move) for a in moves[1:])
    blows = [a for a in moves if isinstance(a, Attack)]
    assert {a.manoeuvre or a.kind for a in blows} >= {"brawl", "slam"}
    for blow in blows:
        alike = [
            a
            for a in legal
            if isinstance(a, Attack)
            and (a.figure, a.kind, a.manoeuvre) == (blow.figure, blow.kind, blow.manoeuvre)
        ]
        assert blow.target == "m1" and blow.dice == max(a.dice for a in alike)
    assert {a.power for a in blows if a.manoeuvre == "slam"} == {0, 2}


def test_between_activations_hard_weighs_both() -> None:
    state = arranged(monsters=("E5", "E7"))
    legal = engine.legal_actions(state, state.turn)
    assert set(engine.search_moves(state, state.turn, legal, legal[-1])) == set(legal)
