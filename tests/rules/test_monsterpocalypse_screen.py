"""Monsterpocalypse's ``hard`` bot (issue 28): a way through the screen of units round the
enemy monster (``plans.py``: the step into contact in two actions, the blow at the unit in
the monster's way, the units kept off the squares their monster steps into)."""

from __future__ import annotations

from rules.monsterpocalypse import bot, engine, geometry
from rules.monsterpocalypse.model import (
    ActivateMonster,
    ActivateUnits,
    Attack,
    Move,
    Run,
    State,
    figure,
    sq,
)
from tests.rules.monsterpocalypse_helpers import act, arranged, pools


def _monster_activation(monsters: tuple[str, str], their_monster_dice: int) -> State:
    """Seat 0's monster activated with 7 dice and 4 power; the enemy holds
    ``their_monster_dice`` in its monster pool for its reply."""
    state = pools(arranged(monsters=monsters), 1, 10 - their_monster_dice, their_monster_dice)
    state, _ = act(pools(state, 0, 3, 7, 4), ActivateMonster())
    return state


def _steps(state: State) -> list[Move | Run]:
    legal = engine.legal_actions(state, 0)
    return [a for a in engine.search_moves(state, 0, legal, legal[0]) if isinstance(a, Move | Run)]


def test_hard_offers_the_first_of_two_steps_into_contact_where_one_does_not_reach() -> None:
    """Six squares apart no single move or run reaches the enemy monster; the first of a move
    and a run that do (2 dice left for the blow) is a plan, under the same safety gate as the
    single step: offered against an empty reply pool, not against a full one."""
    state = _monster_activation(("E1", "E8"), their_monster_dice=0)
    beast, enemy = figure(state, "m0"), figure(state, "m1")
    legal = engine.legal_actions(state, 0)
    single = [
        a
        for a in legal
        if isinstance(a, Move | Run)
        and geometry.adjacent(geometry.footprint(sq(a.to), 2), enemy.squares())
    ]
    assert single == []
    steps = _steps(state)
    assert len(steps) == 1
    first = steps[0]
    after, _ = act(state, first)
    moved = figure(after, "m0")
    assert geometry.attack_distance(moved.squares(), enemy.squares()) < geometry.attack_distance(
        beast.squares(), enemy.squares()
    )
    follow = [
        a
        for a in engine.legal_actions(after, 0)
        if isinstance(a, Move | Run)
        and geometry.adjacent(geometry.footprint(sq(a.to), 2), enemy.squares())
    ]
    assert follow, "after the first step one more move or run reaches contact"
    assert _steps(_monster_activation(("E1", "E8"), their_monster_dice=10)) == []


def _screened(
    screen: tuple[str, str, str], other: str, striker: tuple[str, str], dice: int
) -> State:
    """Seat 0's unit activation with ``dice`` in its unit pool: its monster at E2, the enemy's
    at E6 with three of its units on ``screen`` (taking every nearest place where seat 0's
    monster could stand beside it), a fourth enemy unit at ``other``, and seat 0's unit
    ``striker`` (its id and square)."""
    units = dict(zip(("u15", "u16", "u17"), screen, strict=True))
    units |= {"u18": other, striker[0]: striker[1]}
    state = arranged(monsters=("E2", "E6"), units=units)
    state, _ = act(pools(state, 0, dice, 10 - dice, 0), ActivateUnits())
    return state


def test_a_blow_at_a_unit_goes_to_the_unit_in_the_monsters_way() -> None:
    """Where the normal bot's blow goes to an enemy unit out of the way (A5) and the same
    figure, a forgeborn at B4, hits one of the units screening the enemy monster as surely
    (C5, 81 %), the blow at the screen takes its place among the plans: the normal bot's blow
    is not weighed."""
    state = _screened(("C5", "E5", "G5"), "A5", ("u5", "B4"), dice=3)
    legal = engine.legal_actions(state, 0)
    aside = Attack(figure="u5", kind="brawl", target="u18", dice=3)
    assert aside in legal
    moves = engine.search_moves(state, 0, legal, aside)
    assert moves[0] == Attack(figure="u5", kind="brawl", target="u15", dice=3)
    assert aside not in moves


def test_no_blow_is_turned_from_the_enemy_monster_or_to_a_poor_shot() -> None:
    """A blow at the enemy monster stays the normal bot's, and so does a blow at a unit out of
    the way where the shot at the screen is poor: the screen stands beside the enemy monster,
    whose cover makes a sentinel's one-die blast at it hit 17 % of the time (2 dice: 38 %)."""
    state = _screened(("D5", "F5", "G5"), "A6", ("u0", "B3"), dice=1)
    legal = engine.legal_actions(state, 0)
    far = Attack(figure="u0", kind="blast", target="u18", dice=1)
    assert bot.bot_action(state, 0) == far
    assert engine.search_moves(state, 0, legal, far)[0] == far
    two = _screened(("D5", "F5", "G5"), "A6", ("u0", "B3"), dice=2)
    legal = engine.legal_actions(two, 0)
    at_monster = Attack(figure="u0", kind="blast", target="m1", dice=2)
    assert engine.search_moves(two, 0, legal, at_monster)[0] == at_monster
    far = Attack(figure="u0", kind="blast", target="u18", dice=2)
    assert engine.search_moves(two, 0, legal, far)[0] != far
