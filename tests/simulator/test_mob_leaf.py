"""The refit of Monsters on Board's leaf (``simulator/mob_leaf.py``): its least squares."""

from __future__ import annotations

import pytest

from rules.monsters_on_board import leaf
from simulator.mob_leaf import fit, play, solve


def test_the_refit_solves_least_squares_exactly_without_a_penalty() -> None:
    """Rows made from known weights give those weights back (the normal equations solved by
    hand, as the venv has no numpy), a bias column first, which may be negative."""
    weights = [-2.0, 1.5, 0.25]
    rows = [[1.0, x, (x * 7) % 5] for x in range(12)]
    targets = [sum(w * v for w, v in zip(weights, row, strict=True)) for row in rows]
    assert solve(rows, targets, ridge=0.0) == pytest.approx(weights)


def test_no_good_is_weighed_below_zero() -> None:
    """A good the normal bot's games happen to end lower with gets weight 0, not a negative
    one the search would play for (giving the good up would look like a gain)."""
    rows = [[1.0, float(x), float(x % 3)] for x in range(12)]
    targets = [30.0 - 2.0 * x + 3.0 * (x % 3) for x in range(12)]
    _, good, other = solve(rows, targets, 0.0)
    assert good == 0.0
    assert other > 0.0


def test_the_penalty_shrinks_the_weights_but_not_the_bias() -> None:
    """A ridge penalty pulls a weight toward 0 (a stage with few games over-fits less)."""
    rows = [[1.0, float(x)] for x in range(10)]
    targets = [5.0 + 3.0 * x for x in range(10)]
    free, shrunk = solve(rows, targets, 0.0), solve(rows, targets, 50.0)
    assert abs(shrunk[1]) < abs(free[1])


def test_a_refit_from_played_games_weighs_every_good_at_zero_or_more() -> None:
    """The script end to end on two short samples of normal-bot games: weights per stage,
    only for the leaf's goods, none below zero but the bias."""
    rows = play(21, every=25) + play(22, every=25)
    weights = fit(rows, leaf.GAINS, "own", sweeps=100)
    assert {row["stage"] for row in rows} == set(weights)
    for stage in weights.values():
        assert set(stage) <= set(leaf.GAINS)
        assert all(w >= 0 for name, w in stage.items() if name != "bias")
