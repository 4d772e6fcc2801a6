"""Monsters on Board's card data: the 72 Arch Monster cards and the 12 prophecy cards.

Each test checks one constraint of "Components as data" in docs/rules/monsters_on_board.md
(I25, I26, I29) on ``rules/monsters_on_board/data/arch_cards.json`` and ``prophecy.json``.
"""

from __future__ import annotations

import itertools
import json
import shutil
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.monsters_on_board.arch import (
    BACK_ICONS,
    DATA_DIR,
    KIND_COUNTS,
    CardDataError,
    arch_cards,
    load_arch_cards,
)
from rules.monsters_on_board.content import COLOURS, content, icon_kind
from rules.monsters_on_board.prophecy import (
    LINE_TESTS,
    PROPHECY_CAP,
    Cells,
    Placed,
    evaluate,
    load_prophecy_cards,
    prophecy_cards,
    prophecy_max,
    prophecy_score,
)
from tests.rules.test_monsters_on_board_scoring import grid

CARDS = arch_cards()
PROPHECY = prophecy_cards()


def _copy_data(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copy(DATA_DIR / name, target)
    return target


# --- Arch Monster cards -------------------------------------------------------------------------


def test_content_arch_cards_72_cards() -> None:
    assert len(CARDS) == 72
    assert list(CARDS) == [f"m{n:02d}" for n in range(1, 73)]
    assert load_arch_cards() == CARDS


def test_content_arch_cards_kinds_and_counts() -> None:
    assert Counter(c.kind for c in CARDS.values()) == Counter(KIND_COUNTS)
    assert sum(KIND_COUNTS.values()) == 72
    once = {c.kind: c.once for c in CARDS.values()}
    assert once == {
        "pairs": False,
        "scared": False,
        "ghosts_all": False,
        "ghosts_one": True,
        "columns30": True,
        "servants": True,
        "champion": False,
        "three_in_row": True,
    }


def test_content_arch_cards_each_colour_pair_once_among_pairs() -> None:
    pairs = [frozenset(c.params["colours"]) for c in CARDS.values() if c.kind == "pairs"]
    assert sorted(map(sorted, pairs)) == sorted(
        sorted(p) for p in itertools.combinations(COLOURS, 2)
    )


def test_content_arch_cards_scared_and_champion_two_per_colour() -> None:
    for kind in ("scared", "champion"):
        colours = Counter(c.params["colour"] for c in CARDS.values() if c.kind == kind)
        assert colours == Counter(dict.fromkeys(COLOURS, 2))


def test_content_arch_cards_three_in_row_variants() -> None:
    variants = [dict(c.params) for c in CARDS.values() if c.kind == "three_in_row"]
    expected = [{"colour": c} for c in COLOURS] + [{"rank": 1}, {"rank": 6}, {"parity": "even"}]
    assert sorted(map(str, variants)) == sorted(map(str, expected))


def test_content_arch_cards_back_pairs_two_or_three_times() -> None:
    backs = Counter(frozenset(c.back) for c in CARDS.values())
    assert all(len(b) == 2 for b in backs)
    assert set(backs) == {frozenset(p) for p in itertools.combinations(BACK_ICONS, 2)}
    assert sorted(Counter(backs.values()).items()) == [(2, 12), (3, 16)]


def test_content_arch_cards_back_icons_are_known_icons() -> None:
    known = set(content().icons)
    assert {icon_kind(i) for c in CARDS.values() for i in c.back} <= known
    assert {"juice:4", "evil:2"} <= {i for c in CARDS.values() for i in c.back}


def test_content_arch_cards_names_unique() -> None:
    for lang in ("it", "en"):
        names = [getattr(c, lang) for c in CARDS.values()]
        assert all(n.strip() for n in names)
        assert len(set(names)) == 72


def test_content_arch_cards_loader_names_every_broken_entry(tmp_path: Path) -> None:
    path = _copy_data(tmp_path, "arch_cards.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["cards"][0]["kind"] = "sparkles"
    data["cards"][5]["back"] = ["swap", "swap"]
    data["cards"][30]["once"] = not data["cards"][30]["once"]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CardDataError) as error:
        load_arch_cards(path)
    problems = "\n".join(error.value.problems)
    assert "'m01'" in problems and "sparkles" in problems
    assert "'m06'" in problems and "back" in problems
    assert "'m31'" in problems and "once" in problems


def test_content_arch_cards_loader_checks_the_whole_deck(tmp_path: Path) -> None:
    path = _copy_data(tmp_path, "arch_cards.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["cards"][1]["en"] = data["cards"][0]["en"]
    data["cards"][1]["params"] = {"colours": ["pink", "blue"]}
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CardDataError) as error:
        load_arch_cards(path)
    problems = "\n".join(error.value.problems)
    assert "repeated" in problems and "colour pair" in problems


# --- prophecy cards -------------------------------------------------------------------------------


BEST = {
    "01": grid("p6 p5 p4 p3 b1 g2", "b2 b2 b2 b2 b2 b2", "k1 k2 k4 k5 o6 o3"),
    "02": grid("b1 b2 b3 b4 b5 b6", "b3 b4 b5 b6 b1 b2", "b5 b6 b1 b2 b3 b4"),
    "03": grid("p1 p2 p3 p4 b6 g5", "b2 b2 b2 b2 b2 b2", "k1 k2 k4 k5 o6 o3"),
    "04": grid("b3 b3 b3 b3 b3 b3", "b3 b3 b3 b3 b3 b3", "b4 b4 b4 b4 b4 b4"),
    "05": grid("b1 b1 b1 b1 b1 b1", "b2 b2 b2 b2 b2 b2", "b3 b3 b3 b3 b3 b3"),
    "06": grid("b1 g4 p3 b6 o2 b5", "g1 g2 p3 b6 o2 g5", "k1 g6 p3 k6 o2 p5"),
    "07": grid("b6 b6 b6 b6 b6 b6", "b1 b2 b3 b4 b5 b6", "b1 b1 b1 b1 b1 b1"),
    "08": grid("b1 b2 b3 b1 b1 b1", "b1 b1 b1 b2 b3 b1", "b1 b1 b1 b2 b3 b5"),
    "09": grid("p1 b1 g1 o1 v1 k1", "p2 b2 g2 o2 v2 k2", "p3 b3 g3 o3 v3 k3"),
    "10": grid("p1 b1 p1 b1 p1 b1", "g1 o1 g1 o1 g1 o1", "v1 k1 v1 k1 v1 k1"),
    "11": grid("b1 b1 b1 b1 b1 b1", "b2 b2 b2 b2 b2 b2", "b3 b3 b3 b3 b3 b3"),
    "12": grid("b3 b3 b3 b3 b3 b3", "b3 b3 b3 b3 b3 b3", "b4 b4 b4 b4 b4 b4"),
}
"""For each card, an Order that reaches its declared max (the max is reachable)."""


def test_content_prophecy_numbers_01_to_12_once() -> None:
    assert list(PROPHECY) == [f"{n:02d}" for n in range(1, 13)]
    assert load_prophecy_cards() == PROPHECY
    assert len({c.en for c in PROPHECY.values()}) == len({c.it for c in PROPHECY.values()}) == 12


def test_content_prophecy_printed_numbers_present() -> None:
    def juice(number: str) -> list[int]:
        return [c.juice for c in PROPHECY[number].conditions]

    card01 = PROPHECY["01"].conditions
    assert juice("01") == [20, 10, 14]
    assert dict(card01[1].params["juice_by_count"]) == {"3": 4, "4": 6, "5": 8, "6": 10}
    groups = PROPHECY["02"].conditions[0].params["juice_by_groups"]
    assert (groups["1"], groups["2"]) == (10, 25)
    assert juice("04")[-1] == 18  # "la colonna più a destra ... 18"
    assert juice("10") == [15, 15, 15]
    assert juice("12") == [8] * 6
    assert all(c.params["total"] == 10 for n in ("04", "12") for c in PROPHECY[n].conditions)


def test_content_prophecy_max_at_most_50() -> None:
    for card in PROPHECY.values():
        assert card.max == prophecy_max(card.number)
        assert 0 < card.max <= PROPHECY_CAP == 50
        assert card.max == min(PROPHECY_CAP, sum(c.juice for c in card.conditions))


@pytest.mark.parametrize("number", list(BEST))
def test_content_prophecy_max_is_reached(number: str) -> None:
    assert prophecy_score(number, BEST[number]) == prophecy_max(number)


def _lines(length: int, colours: tuple[str, ...], ranks: tuple[int, ...]) -> list[Cells]:
    cells = [None, *(Placed(c, r) for c in colours for r in ranks)]
    return [tuple(line) for line in itertools.product(cells, repeat=length)]


def test_content_prophecy_no_order_scores_above_max() -> None:
    """Proof by exhaustion per line: no condition gives more than its ``juice`` on any line.

    A card's score is a sum of its conditions, each once (PR1; rows are assigned one condition
    each, columns and groups are fixed), capped at 50; so with every condition bounded by its
    juice, no Order of 18 dice scores above ``min(50, sum of juice)`` = the declared max. Lines
    are enumerated over every pattern the tests can tell apart: columns (3 dice) with 3 colours
    and 6 ranks; rows (6 dice) by rank alone for the rank tests and by colour alone for the
    colour tests.
    """
    columns = _lines(3, COLOURS[:3], (1, 2, 3, 4, 5, 6))
    rank_rows = _lines(6, ("pink",), (1, 2, 3, 4, 5, 6))
    colour_rows = _lines(6, COLOURS, (1,))
    rank_tests = {"ranks_at", "same_rank", "total", "sum_spaces"}
    checked: set[str] = set()
    for card in PROPHECY.values():
        if card.scope == "group":
            assert max(card.conditions[0].params["juice_by_groups"].values()) <= card.max
            continue
        for cond in card.conditions:
            key = json.dumps([card.scope, cond.test, dict(cond.params), cond.juice])
            if key in checked:
                continue
            checked.add(key)
            if card.scope == "column":
                lines = columns
            else:
                lines = rank_rows if cond.test in rank_tests else colour_rows
            best = max(LINE_TESTS[cond.test](cond, line) for line in lines)
            assert best <= cond.juice, (card.number, cond.id)


placed = st.builds(Placed, st.sampled_from(COLOURS), st.integers(1, 6))
orders = st.lists(st.lists(placed | st.none(), min_size=6, max_size=6), min_size=3, max_size=3)


@settings(max_examples=300, deadline=None)
@given(order=orders, number=st.sampled_from(list(PROPHECY)))
def test_content_prophecy_random_orders_stay_within_max(
    order: list[list[Placed | None]], number: str
) -> None:
    result = evaluate(number, order)
    assert 0 <= result.score <= prophecy_max(number) <= 50
    assert result.raw == sum(m.juice for m in result.met)
    assert len({m.condition for m in result.met}) == len(result.met)
