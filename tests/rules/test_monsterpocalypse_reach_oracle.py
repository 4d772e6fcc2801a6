"""The faster legal moves of Monsterpocalypse are the same legal moves (issue 28).

Why: the hard bot's search spends most of its time listing legal moves, so the reachable-squares
search and the caches around it were rewritten; a replay or a seeded battle must not change.
The oracle is the search as it was (``monsterpocalypse_reach_oracle.py``), asked the same
questions as the new one on the figures of seeded battles, random and by the bots, both maps.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from rules import GAMES
from rules.base import Rng
from rules.monsterpocalypse import attacks, board, engine, reach
from rules.monsterpocalypse.model import Attack, Figure, State, sq
from tests.rules import monsterpocalypse_reach_oracle as oracle

MP = GAMES["monsterpocalypse"]
SEEDS = range(6)


def battle_states(seed: int, every: int) -> Iterator[State]:
    """Every ``every``-th state inside an activation of a seeded battle: random moves on odd
    seeds, the normal bot's on even ones (they reach different boards: the bots fight, random
    players wander and knock buildings down into hazards)."""
    rng = random.Random(seed)
    options = {"map": ("harbour", "downtown")[seed % 2 == 0 and seed % 4 != 0]}
    state: State = MP.setup(2, options, seed)
    step = 0
    while pending := MP.pending(state):
        seat = pending[0]
        legal = MP.legal_actions(state, seat)
        if state.activation is not None and step % every == 0:
            yield state
        step += 1
        action = MP.bot_action(state, seat) if seed % 2 == 0 else rng.choice(legal)
        state, _ = MP.apply(state, seat, action)


def questions(state: State) -> Iterator[tuple[object, ...]]:
    """The searches a move, a run, a flight and a jump of each figure on the map would ask."""
    for fig in board.on_map(state):
        terrain = board.terrain_for(state, fig)
        speed = board.speed(state, fig)
        start = sq(fig.at)
        yield start, fig.size, speed, terrain, False, False, 1, True
        yield start, fig.size, 3, terrain, False, False, 3, False
        yield start, fig.size, speed, terrain, fig.kind == "monster", fig.kind != "monster", 1, True


@pytest.mark.parametrize("seed", SEEDS)
def test_reachable_is_the_old_search(seed: int) -> None:
    asked = 0
    for state in battle_states(seed, every=6):
        for start, size, budget, terrain, fly, jump, diagonals, safest in questions(state):
            args = (start, size, budget, terrain)
            kw = {"fly": fly, "jump": jump, "diagonals": diagonals, "safest": safest}
            assert reach.reachable(*args, **kw) == oracle.reachable(*args, **kw), (seed, kw)
            asked += 1
    assert asked > 100


@pytest.mark.parametrize("seed", SEEDS)
def test_legal_moves_do_not_depend_on_the_dice_to_come(seed: int) -> None:
    """Legal moves are cached without the state's dice (the hard bot re-deals them at every
    iteration): a state with other dice to come has the same moves, in the same order, as
    the list worked out afresh."""
    for state in battle_states(seed, every=4):
        seat = state.turn
        fresh = engine.activation_actions(state, seat)
        for dice in (1, 2):
            other = replace(state, rng=Rng(dice), last=())
            assert engine.legal_actions(other, seat) == fresh


def _old_options(state: State, fig: Figure) -> list[Attack]:
    """:func:`attacks.options` as it was before one pass over the enemies served every kind
    of attack (issue 28): each kind's targets, then a stomp if any unit is stomped."""
    if not attacks.may_attack(state, fig):
        return []
    budget = attacks.left(state)
    found: list[Attack] = []
    for kind in ("brawl", "blast"):
        most = min(board.attack_stat(state, fig, kind)[0], budget)
        for target in attacks.targets(state, fig, kind) if most else []:
            found += [Attack(fig.id, kind, target.id, d) for d in range(1, most + 1)]
    power = state.players[fig.owner].power
    most = min(board.attack_stat(state, fig, "power")[0], budget)
    if fig.kind != "monster" or power < 1 or not most:
        return found
    reds = range(min(attacks.MAX_EXTRA_POWER, power - 1) + 1)
    for target in attacks.targets(state, fig, "slam"):
        found += [
            Attack(fig.id, "power", target.id, d, "slam", r)
            for d in range(1, most + 1)
            for r in reds
        ]
    if attacks.stomped(state, fig):
        found += [
            Attack(fig.id, "power", "", d, "stomp", r) for d in range(1, most + 1) for r in reds
        ]
    return found


@pytest.mark.parametrize("seed", SEEDS)
def test_attack_options_are_the_old_ones(seed: int) -> None:
    """Every figure's attacks, in order, as :func:`attacks.targets` and
    :func:`attacks.stomped` find them, whether the enemies are looked up for it alone or
    once for all its side's figures."""
    asked = 0
    for state in battle_states(seed, every=2):
        seat = state.turn
        enemies = attacks.foes(state, seat)
        for fig in board.on_map(state):
            old = _old_options(state, fig)
            assert attacks.options(state, fig) == old, (seed, fig.id)
            if fig.owner == seat:
                assert attacks.options(state, fig, enemies) == old, (seed, fig.id)
            asked += bool(old)
    assert asked > 20
