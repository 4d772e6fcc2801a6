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
    with_figure,
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
    state, _ = act(_face_to_face(), PowerUp(1))
    legal = engine.legal_actions(state, 0)
    preferred = bot.bot_action(state, 0)
    moves = engine.search_moves(state, 0, legal, preferred)
    assert moves[0] == preferred
    assert len(set(moves)) == len(moves) and set(moves) <= set(legal)
    assert len(moves) * 3 < len(legal)
    assert {EndActivation(0), EndActivation(5)} <= set(moves)
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


def _apart(their_monster_dice: int, their_health: tuple[int, int] | None = None) -> State:
    """The monsters two squares apart (the same monsters as :func:`_face_to_face`), seat 0's
    monster activated with 6 dice; the enemy holds ``their_monster_dice`` in its monster pool
    for its reply."""
    state = pools(arranged(monsters=("E5", "E8")), 1, 10 - their_monster_dice, their_monster_dice)
    if their_health is not None:
        m1 = replace(figure(state, "m1"), health=their_health)
        state = replace(state, figures=tuple(m1 if f.id == "m1" else f for f in state.figures))
    state, _ = act(pools(state, 0, 4, 6, 4), ActivateMonster())
    return state


def _steps(state: State) -> list[Move | Run]:
    legal = engine.legal_actions(state, 0)
    moves = engine.search_moves(state, 0, legal, PowerUp(1))
    return [a for a in moves if isinstance(a, Move | Run)]


def test_hard_steps_into_contact_only_where_the_brawl_is_safe_or_decisive() -> None:
    """The monster's step into base contact (then a brawl) is a plan where the enemy's reply
    from its monster pool would hit less hard, or where the brawl may destroy the enemy
    monster; not where the two would trade equal blows, nor once in contact."""
    weak_reply = _apart(their_monster_dice=0)
    steps = _steps(weak_reply)
    assert len(steps) == 1 and steps[0].figure == "m0"
    beast, enemy = figure(weak_reply, "m0"), figure(weak_reply, "m1")
    there = geometry.footprint(sq(steps[0].to), beast.size)
    assert geometry.adjacent(there, enemy.squares())
    assert _steps(_apart(their_monster_dice=10)) == []
    assert _steps(_apart(their_monster_dice=10, their_health=(0, 1))) == steps
    assert _steps(_apart(their_monster_dice=10, their_health=(0, 2))) == []
    assert _steps(_face_to_face()) == []


def test_hard_weighs_no_blow_in_place_of_the_power_up() -> None:
    """In the monster's power-up phase the plans are the power-up sizes (and the normal bot's
    move), not a blow at the enemy monster that skips the power."""
    state = _face_to_face()
    legal = engine.legal_actions(state, 0)
    assert any(isinstance(a, Attack) and a.target == "m1" for a in legal)
    moves = engine.search_moves(state, 0, legal, PowerUp(3))
    assert {PowerUp(1), PowerUp(2), PowerUp(3), EndActivation(0), EndActivation(6)} <= set(moves)
    assert not any(isinstance(a, Attack) for a in moves)


def test_hard_values_power_held_and_the_hyper_form_until_the_last_rounds() -> None:
    """The search's judgement credits a seat's power dice and its hyper form (they pay in
    later blows), not only the health left; at the round limit they buy nothing."""
    state = arranged(monsters=("E5", "E8"))
    even = levels.search_value(state, 0)
    assert even == 0.5
    powered = pools(state, 0, 10, 0, 6)
    assert levels.search_value(powered, 0) > even > levels.search_value(powered, 1)
    hyper = with_figure(state, replace(figure(state, "m0"), form="hyper"))
    assert levels.search_value(hyper, 0) > even
    last = replace(powered, round=powered.rounds)
    assert levels.search_value(last, 0) == even
