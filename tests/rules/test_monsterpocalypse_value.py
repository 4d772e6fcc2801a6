"""The ``hard`` search's judgement in Monsterpocalypse (:func:`levels.search_value`, the
features of :mod:`rules.monsterpocalypse.outlook`): what it sees past the activation."""

from __future__ import annotations

from dataclasses import replace

from rules.monsterpocalypse import levels, outlook
from rules.monsterpocalypse.model import State, figure, with_figure
from tests.rules.monsterpocalypse_helpers import arranged, pools


def _hurt(state: State, fid: str, health: tuple[int, int]) -> State:
    return with_figure(state, replace(figure(state, fid), health=health))


def test_an_even_position_is_an_even_chance_and_health_leads_it() -> None:
    state = arranged(monsters=("E5", "E8"))
    assert levels.search_value(state, 0) == levels.search_value(state, 1) == 0.5
    m1 = figure(state, "m1")
    hurt = _hurt(state, "m1", (m1.health[0] - 2, m1.health[1]))
    assert levels.search_value(hurt, 0) > 0.5 > levels.search_value(hurt, 1)


def test_power_held_and_the_hyper_form_count_until_the_last_round() -> None:
    """Power and the hyper form pay in the blows of later activations, so a plan that keeps
    them is judged better than one that throws them away; at the limit they buy nothing."""
    state = replace(arranged(monsters=("E5", "E8")), round=1)
    even = levels.search_value(state, 0)
    powered = pools(state, 0, 10, 0, 6)
    assert levels.search_value(powered, 0) > even > levels.search_value(powered, 1)
    hyper = with_figure(state, replace(figure(state, "m0"), form="hyper"))
    assert levels.search_value(hyper, 0) > even
    last = replace(powered, round=powered.rounds)
    assert levels.search_value(last, 0) == even


def test_a_power_die_is_worth_less_than_a_health_point() -> None:
    """The fitted credit stays below the health it could buy: a plan that spends a die to
    deal a point of damage is still judged the better."""
    state = replace(arranged(monsters=("E5", "E8")), round=1)
    m1 = figure(state, "m1")
    hit = _hurt(state, "m1", (m1.health[0] - 1, m1.health[1]))
    kept = pools(state, 0, 10, 0, 1)
    assert levels.search_value(hit, 0) > levels.search_value(kept, 0)


def test_the_blow_next_activation_needs_dice_and_reach() -> None:
    """The expected damage a monster's next blow deals: nothing without dice in its monster
    pool or beyond the reach a move and a run give, more in contact with a full pool."""
    near = pools(arranged(monsters=("E5", "E7")), 0, 4, 6)
    far = pools(arranged(monsters=("A1", "K11")), 0, 4, 6)
    beast, enemy = figure(near, "m0"), figure(near, "m1")
    assert outlook.blow_damage(near, beast, enemy, 0, 1) == 0.0
    full = outlook.blow_damage(near, beast, enemy, 6, 1)
    assert full > outlook.blow_damage(near, beast, enemy, 1, 1)
    assert outlook.features(far, 0)[outlook.FEATURES.index("strike")] == 0.0
    assert outlook.features(near, 0)[outlook.FEATURES.index("strike")] > 0.0
