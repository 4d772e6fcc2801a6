"""Monsterpocalypse's ``hard`` bot (issue 28): the plans it compares (``search_moves``)."""

from __future__ import annotations

from dataclasses import replace

from rules.monsterpocalypse import bot, engine, geometry, levels
from rules.monsterpocalypse.model import (
    ActivateMonster,
    Attack,
    EndActivation,
    Move,
    PowerUp,
    Run,
    State,
    figure,
    sq,
)
from tests.rules.monsterpocalypse_helpers import act, arranged, place, pools


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


def _apart(round_: int, behind: bool) -> State:
    """The monsters far apart, seat 0's monster activated in round ``round_`` of 20, with
    less health left than the enemy's when ``behind``."""
    state = arranged(monsters=("E1", "E9"))
    hurt = "m0" if behind else "m1"
    wounded = replace(figure(state, hurt), health=(3, 4))
    state = replace(state, figures=tuple(wounded if f.id == hurt else f for f in state.figures))
    state = replace(state, round=round_)
    state, _ = act(pools(state, 0, 4, 6, 4), ActivateMonster())
    return state


def _closest_step(state: State) -> Move | Run:
    steps = [a for a in engine.legal_actions(state, 0) if isinstance(a, Move | Run)]
    ours = [a for a in steps if isinstance(a, Run) or a.figure == "m0"]
    return min(ours, key=lambda a: (_gap(state, a.to), isinstance(a, Run)))


def _gap(state: State, to: str) -> int:
    foe = figure(state, "m1")
    return geometry.attack_distance(geometry.footprint(sq(to), 2), foe.squares())


def test_hard_behind_late_weighs_closing_in_on_the_enemy_monster() -> None:
    late = _apart(18, behind=True)
    moves = engine.search_moves(late, 0, engine.legal_actions(late, 0), PowerUp(1))
    assert _closest_step(late) in moves
    for quiet in (_apart(18, behind=False), _apart(2, behind=True)):
        moves = engine.search_moves(quiet, 0, engine.legal_actions(quiet, 0), PowerUp(1))
        assert not any(isinstance(a, Run) or getattr(a, "figure", "") == "m0" for a in moves)


def test_the_value_rewards_closing_in_only_behind_and_late() -> None:
    for round_, behind, presses in ((18, True, True), (18, False, False), (2, True, False)):
        far = _apart(round_, behind)
        near = place(far, "m0", "E5")
        gain = levels.search_value(near, 0) - levels.search_value(far, 0)
        assert (gain > 0) is presses
        assert 0.0 <= levels.search_value(near, 0) <= 1.0
