"""The attack preview's odds against the engine's own resolution (issue 26 item 4).

For every attack the seat may make on a few arranged boards — brawls and blasts at units,
monsters and buildings, a unit's attacks, slams whose push collides at once, after one square
or never, with and without extra red dice — the chance to hit and the chance of super damage
the preview quotes must equal the engine's exact odds: each possible number of hits weighted by
its probability (from the dice faces) and resolved by the engine itself, with a seed that rolls
exactly those hits.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from bot.games.monsterpocalypse.commands import preview_text
from bot.games.monsterpocalypse.odds import attack_odds
from bot.games.monsterpocalypse.words import percent
from rules.base import Rng
from rules.monsterpocalypse import board as mp_board
from rules.monsterpocalypse.dice import roll
from rules.monsterpocalypse.model import (
    ActivateMonster,
    ActivateUnits,
    Attack,
    State,
    dump_action,
    figure,
)
from rules.monsterpocalypse.odds import p_at_least
from tests.rules.monsterpocalypse_helpers import MP, act, arranged, pools, unit_of

BASE = arranged()
SENTINEL = unit_of(BASE, 0, "sentinel")
SKITTERS = [unit_of(BASE, 1, "skitter", n) for n in range(2)]


def _distribution(white: int, blue: int, red: int) -> list[float]:
    """P(exactly k hits), from the dice faces (D1's test checks those odds on their own)."""
    top = 2 * (white + blue + red)
    return [
        p_at_least(white, blue, k, red) - p_at_least(white, blue, k + 1, red)
        for k in range(top + 1)
    ]


@cache
def _seeds(white: int, blue: int, red: int) -> dict[int, Rng]:
    """For each number of hits, a seed whose next roll of these dice shows it (the rarest
    ones may be missing: more hits than a few seeds roll change no outcome)."""
    found: dict[int, Rng] = {}
    for seed in range(12_000):
        _, total, _ = roll(Rng(seed), white, blue, red)
        found.setdefault(total, Rng(seed))
    return found


def _boards() -> dict[str, State]:
    """Seat 0 to act: the Warden (E5) beside the Empress (E7), a Skitterling beside it, another
    and a tower in blast range; the pushed Empress meets a tower at once, after one square, or
    nothing; and a units activation with a Sentinel beside a Skitterling."""
    near = {SKITTERS[0]: "G5", SKITTERS[1]: "I6"}
    found: dict[str, State] = {}
    for name, towers in (
        ("collides_at_once", (("tower", 1, "E9"), ("tower", 1, "A5"))),
        ("collides_after_one", (("tower", 1, "E10"),)),
        ("free_push", ()),
    ):
        board = arranged(monsters=("E5", "E7"), units=near, buildings=towers)
        state, _ = act(pools(board, 0, 0, 10, 4), ActivateMonster())
        found[name] = state
    units = arranged(
        monsters=("E5", "E9"),
        units={SENTINEL: "B8", SKITTERS[0]: "C8"},
        buildings=(("tower", 1, "A5"),),
    )
    found["units"], _ = act(pools(units, 0, 10, 0), ActivateUnits())
    return found


def _exact(state: State, action: Attack) -> tuple[float, float]:
    """P(damage) and P(super damage) as the engine resolves each number of hits."""
    fig = figure(state, action.figure)
    boost = mp_board.attack_stat(state, fig, action.kind)[1]
    dist = _distribution(action.dice, boost, action.power)
    hit = sup = 0.0
    outcome, defense = (False, False), 0
    for hits, p in enumerate(dist):
        if p == 0:
            continue
        rng = _seeds(action.dice, boost, action.power).get(hits)
        if rng is None:  # too rare to seed: resolved as the fewer hits were (never worse)
            assert hits > 2 * defense + 3 or p < 1e-5, (action, hits)
        else:
            _, events = MP.apply(replace(state, rng=rng), 0, action)
            attack = next(e for e in events if e["type"] == "attack")
            outcome = (attack["result"] == "hit", bool(attack.get("super")))
            defense = attack["defense"]
        hit += p * outcome[0]
        sup += p * outcome[1]
    return hit, sup


def _cases() -> list[tuple[str, Attack]]:
    cases = []
    for name, state in _boards().items():
        legal = [a for a in MP.legal_actions(state, 0) if isinstance(a, Attack)]
        most: dict[tuple[str, str, str], int] = {}
        for a in legal:
            key = (a.figure, a.kind, a.target)
            most[key] = max(most.get(key, 0), a.dice)
        for a in legal:  # a stomp has no single DEF, so no odds
            if a.manoeuvre != "stomp" and a.dice == min(2, most[(a.figure, a.kind, a.target)]):
                cases.append((name, a))
    return cases


BOARDS = _boards()
CASES = _cases()


def test_the_cases_cover_every_attack_kind() -> None:
    kinds = {(a.kind, a.manoeuvre, a.target[:1], a.figure[:1], a.power > 0) for _, a in CASES}
    assert {("brawl", "", "u", "m", False), ("brawl", "", "m", "m", False)} <= kinds
    assert ("brawl", "", "u", "u", False) in kinds
    assert {("blast", "", "b", "m", False), ("blast", "", "u", "m", False)} <= kinds
    assert {("blast", "", "m", "u", False), ("blast", "", "b", "u", False)} <= kinds
    assert {("power", "slam", "m", "m", False), ("power", "slam", "m", "m", True)} <= kinds
    assert ("power", "slam", "u", "m", False) in kinds
    assert {name for name, a in CASES if a.manoeuvre == "slam"} >= {
        "collides_at_once",
        "collides_after_one",
        "free_push",
    }


@pytest.mark.parametrize(("board", "action"), CASES, ids=[f"{n}-{a}" for n, a in CASES])
def test_I20_I6_the_preview_quotes_the_engines_exact_odds(board: str, action: Attack) -> None:
    state = BOARDS[board]
    view = MP.view(state, 0)
    quoted = attack_odds(view, dump_action(action))
    assert quoted is not None
    hit, sup = _exact(state, action)
    assert quoted.hit == pytest.approx(hit, abs=1e-4)
    assert quoted.super == pytest.approx(sup, abs=1e-4)
    text = preview_text(view, dump_action(action), "en")
    assert f"super damage: **{percent(sup)}**" in text


def test_I6_a_slam_that_collides_at_once_always_scores_super_damage() -> None:
    """The issue's case: the push meets the tower at once, so every hit is a super damage."""
    state = BOARDS["collides_at_once"]
    slam = Attack("m0", "power", "m1", 1, "slam")
    quoted = attack_odds(MP.view(state, 0), dump_action(slam))
    assert quoted is not None and quoted.super == pytest.approx(quoted.hit)
