"""Monsterpocalypse geometry (issue 11): squares, footprints, distances, movement, pushes.

Each test is named after the rulebook line it checks (the Italian rulebook, quoted in
rules/monsterpocalypse/geometry.py, and the decisions of the interfaces page).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.monsterpocalypse.geometry import (
    SIZE,
    Reach,
    Square,
    Terrain,
    adjacent,
    aligned,
    attack_distance,
    base_contact,
    footprint,
    in_bounds,
    in_range,
    name,
    neighbours,
    parse,
    push_line,
    step_is_diagonal,
)
from rules.monsterpocalypse.reach import reachable


def terrain(
    *,
    cost: Mapping[Square, int] | None = None,
    impassable: Iterable[Square] = (),
    blocked: Iterable[Square] = (),
    occupied: Iterable[Square] = (),
    hazards: Mapping[Square, str] | None = None,
    buildings: Iterable[Square] = (),
) -> Terrain:
    """A 12×12 terrain; blocked and building squares are occupied too, as the engine builds it."""
    blocked_set = frozenset(blocked) | frozenset(buildings)
    return Terrain(
        size=SIZE,
        cost=dict(cost or {}),
        impassable=frozenset(impassable),
        blocked=blocked_set,
        occupied=frozenset(occupied) | blocked_set,
        hazards=dict(hazards or {}),
        buildings=frozenset(buildings),
    )


OPEN = terrain()


def unit(sq: Square) -> tuple[Square, ...]:
    return footprint(sq, 1)


def big(anchor: Square) -> tuple[Square, ...]:
    return footprint(anchor, 2)


def diagonal_steps(reach: Reach) -> int:
    return sum(step_is_diagonal(a, b) for a, b in zip(reach.path, reach.path[1:], strict=False))


# --- squares and footprints -------------------------------------------------------------------


def test_G6_coordinates_a1_to_l12() -> None:
    assert name((0, 0)) == "A1"
    assert name((11, 11)) == "L12"
    assert name((2, 9)) == "C10"


@pytest.mark.parametrize(("text", "sq"), [("a1", (0, 0)), (" A1 ", (0, 0)), ("l12", (11, 11))])
def test_G6_parse_accepts_any_case_and_spaces(text: str, sq: Square) -> None:
    assert parse(text) == sq


NOT_SQUARES = ["", "A", "1A", "M1", "A0", "A13", "A01", "AA1", "A-1", "A 1", "A\u0663", "A\u00b2"]


@pytest.mark.parametrize("text", NOT_SQUARES)
def test_G6_parse_rejects_malformed_or_off_map(text: str) -> None:
    with pytest.raises(ValueError, match="not a square"):
        parse(text)


@given(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1))
def test_G6_name_parse_round_trip(col: int, row: int) -> None:
    assert parse(name((col, row))) == (col, row)
    assert parse(name((col, row)).lower()) == (col, row)


def test_B4_monster_footprint_is_2x2() -> None:
    assert set(footprint((3, 4), 2)) == {(3, 4), (4, 4), (3, 5), (4, 5)}
    # a monster's every square blocks: a unit may not end on its lower-right square
    reach = reachable((6, 6), 1, 2, terrain(blocked=big((3, 4))))
    assert (4, 5) not in reach and (5, 5) in reach


def test_B7_unit_footprint_is_one_square() -> None:
    assert footprint((3, 4), 1) == ((3, 4),)
    assert attack_distance(unit((3, 4)), unit((3, 4))) == 0


def test_B9_building_footprint_is_2x2() -> None:
    # a building anchored at C3 covers C3, D3, C4, D4: each stops a push
    building = terrain(buildings=big((2, 2)))
    for target, pusher, end in [
        ((0, 2), (0, 1), (0, 5)),  # beside its column: passes by
        ((1, 3), (0, 3), (1, 3)),  # runs into C4 at once
        ((5, 2), (6, 2), (4, 2)),  # runs into D3 from the east
    ]:
        got, hit = push_line(target, 1, unit(pusher), 3, building)
        assert got == end
        assert hit == (None if target == (0, 2) else "building")


def test_M6_never_off_the_map() -> None:
    assert in_bounds((0, 0)) and in_bounds((11, 11))
    assert not in_bounds((-1, 0)) and not in_bounds((0, 12)) and not in_bounds((12, 5))


def test_A2_neighbours_are_eight_inside_and_three_in_a_corner() -> None:
    assert len(neighbours((5, 5))) == 8
    assert set(neighbours((0, 0))) == {(1, 0), (0, 1), (1, 1)}


# --- adjacency, base contact, alignment, attack distance --------------------------------------


@pytest.mark.parametrize(
    "d", [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]
)
def test_A2_adjacent_includes_diagonal(d: Square) -> None:
    other = (5 + d[0], 5 + d[1])
    assert adjacent(unit((5, 5)), unit(other))
    assert base_contact(unit((5, 5)), unit(other)) == (0 in d)


def test_A2_adjacent_excludes_two_away_and_overlap() -> None:
    assert not adjacent(unit((5, 5)), unit((7, 5)))
    assert not adjacent(unit((5, 5)), unit((5, 5)))
    assert not adjacent(big((5, 5)), unit((6, 6)))


def test_A2_adjacent_2x2_every_square_of_the_footprint_counts() -> None:
    ring = {(c, r) for c in range(4, 8) for r in range(4, 8) if not (5 <= c <= 6 and 5 <= r <= 6)}
    for sq in ring:
        assert adjacent(big((5, 5)), unit(sq)), sq
        assert attack_distance(big((5, 5)), unit(sq)) == 1
    corners = {(4, 4), (7, 4), (4, 7), (7, 7)}
    for sq in ring:
        assert base_contact(big((5, 5)), unit(sq)) == (sq not in corners), sq


def test_A3_base_contact_is_orthogonal() -> None:
    assert base_contact(big((0, 0)), big((2, 1)))
    assert not base_contact(big((0, 0)), big((2, 2)))
    assert adjacent(big((0, 0)), big((2, 2)))


def test_A4_aligned_needs_a_full_side() -> None:
    assert aligned(big((0, 0)), big((2, 0)))
    assert aligned(big((3, 3)), big((3, 5)))
    assert not aligned(big((0, 0)), big((2, 1)))  # base contact, half a side
    assert not aligned(big((0, 0)), big((2, 2)))  # corner only
    assert not aligned(big((0, 0)), big((3, 0)))  # a square apart


def test_A1_aligned_only_between_2x2() -> None:
    assert base_contact(unit((0, 0)), unit((1, 0)))
    assert not aligned(unit((0, 0)), unit((1, 0)))
    assert not aligned(big((0, 0)), unit((2, 0)))


@pytest.mark.parametrize(
    ("a", "b", "d"),
    [
        (unit((0, 0)), unit((0, 0)), 0),
        (unit((0, 0)), unit((3, 0)), 3),
        (unit((0, 0)), unit((3, 2)), 4),  # one diagonal only: 1 + 3 more
        (unit((0, 0)), unit((5, 5)), 9),
        (big((0, 0)), unit((4, 1)), 3),  # from the nearest square of the footprint
        (big((0, 0)), big((4, 4)), 5),
        (big((0, 0)), big((1, 1)), 0),
    ],
)
def test_K8_attack_distance_counts_one_diagonal(
    a: tuple[Square, ...], b: tuple[Square, ...], d: int
) -> None:
    assert attack_distance(a, b) == d
    assert attack_distance(b, a) == d


def test_I7_blast_never_at_an_adjacent_target() -> None:
    shooter = unit((5, 5))
    assert not in_range(shooter, unit((6, 6)), 2, 3)
    assert not in_range(big((3, 3)), big((5, 5)), 2, 5)
    assert in_range(shooter, unit((7, 5)), 2, 3)
    assert in_range(shooter, unit((8, 5)), 2, 3)
    assert not in_range(shooter, unit((9, 5)), 2, 3)
    assert in_range(shooter, unit((10, 5)), 2, 5)
    assert in_range(shooter, unit((6, 5)), 1, 1)  # brawl


footprints = st.builds(
    footprint,
    st.tuples(st.integers(0, SIZE - 2), st.integers(0, SIZE - 2)),
    st.sampled_from([1, 2]),
)


@given(footprints, footprints)
def test_A2_K8_adjacency_and_distance_are_symmetric(
    a: tuple[Square, ...], b: tuple[Square, ...]
) -> None:
    assert adjacent(a, b) == adjacent(b, a)
    assert base_contact(a, b) == base_contact(b, a)
    assert aligned(a, b) == aligned(b, a)
    assert attack_distance(a, b) == attack_distance(b, a)
    assert adjacent(a, b) == (attack_distance(a, b) == 1)
    brute = min(max(abs(p[0] - q[0]), abs(p[1] - q[1])) for p in a for q in b)
    assert adjacent(a, b) == (brute == 1)


# --- movement -----------------------------------------------------------------------------------


def test_M3_one_diagonal_step_per_move() -> None:
    reach = reachable((3, 3), 1, 3, OPEN)
    assert reach[(5, 5)].cost == 3 and reach[(5, 5)].diagonal
    assert (6, 6) not in reach  # three diagonals would be needed within 3 points
    assert (6, 3) in reach and not reach[(6, 3)].diagonal
    assert all(diagonal_steps(r) <= 1 for r in reach.values())
    assert (3, 3) not in reach  # staying put is no move


def test_I10_run_steps_may_all_be_diagonal() -> None:
    assert reachable((3, 3), 1, 3, OPEN, diagonals=3)[(6, 6)].cost == 3


def test_M3_open_field_cost_is_the_one_diagonal_distance() -> None:
    for anchor, r in reachable((5, 5), 1, 8, OPEN).items():
        assert r.cost == attack_distance(unit((5, 5)), unit(anchor))


def test_I10_rough_costs_double() -> None:
    rough = terrain(cost={(4, 3): 2})
    reach = reachable((3, 3), 1, 2, rough)
    assert reach[(4, 3)].cost == 2
    assert (5, 3) not in reach  # 3 points across, or round it with the one diagonal
    assert reachable((3, 3), 1, 3, rough)[(5, 3)].cost == 3


def test_I10_boost_space_costs_nothing() -> None:
    boost = terrain(cost={(4, 3): 0, (5, 3): 0})
    assert reachable((3, 3), 1, 1, boost)[(6, 3)].cost == 1


def test_I10_2x2_pays_the_dearest_square_it_enters() -> None:
    rough = terrain(cost={(5, 4): 2})  # only the lower of the two squares entered to the east
    reach = reachable((3, 3), 2, 2, rough)
    assert reach[(4, 3)].cost == 2
    assert reach[(3, 2)].cost == 1


def test_I11_impassable_never_entered() -> None:
    wall = terrain(impassable=[(4, r) for r in range(SIZE)])
    reach = reachable((3, 3), 1, 6, wall)
    assert all(a[0] < 4 for a in reach)


def test_I11_flyer_crosses_and_may_end_on_impassable() -> None:
    wall = terrain(impassable=[(4, r) for r in range(SIZE)])
    reach = reachable((3, 3), 1, 2, wall, fly=True)
    assert (5, 3) in reach and (4, 3) in reach


def test_I11_jumper_crosses_but_never_ends_on_impassable() -> None:
    wall = terrain(impassable=[(4, r) for r in range(SIZE)])
    reach = reachable((3, 3), 1, 2, wall, jump=True)
    assert (5, 3) in reach and (4, 3) not in reach


def test_I11_never_through_an_enemy_or_building() -> None:
    enemies = terrain(blocked=[(4, 2), (4, 3), (4, 4)])
    reach = reachable((3, 3), 1, 2, enemies)
    assert (5, 3) not in reach
    assert (5, 3) not in reachable((3, 3), 1, 4, enemies)
    assert reachable((3, 3), 1, 5, enemies)[(5, 3)].cost == 5  # round the line, one diagonal


def test_I11_flyer_and_jumper_pass_over_enemies() -> None:
    enemies = terrain(blocked=[(4, 2), (4, 3), (4, 4)])
    assert reachable((3, 3), 1, 2, enemies, fly=True)[(5, 3)].cost == 2
    assert reachable((3, 3), 1, 2, enemies, jump=True)[(5, 3)].cost == 2


def test_I11_through_own_figures_never_ending_on_them() -> None:
    friends = terrain(occupied=[(4, 2), (4, 3), (4, 4)])
    reach = reachable((3, 3), 1, 2, friends)
    assert reach[(5, 3)].path == ((3, 3), (4, 3), (5, 3))
    assert (4, 3) not in reach


def test_I2_2x2_blocked_under_the_far_column() -> None:
    # the enemy sits under the right-hand column of the footprint's way south
    enemy = terrain(blocked=[(1, 3)])
    reach = reachable((0, 0), 2, 4, enemy)
    for anchor in reach:
        assert (1, 3) not in big(anchor)
    for r in reach.values():
        for step in r.path:
            assert (1, 3) not in big(step), r
    assert (0, 2) not in reach and (0, 1) in reach


def test_I2_2x2_impassable_under_one_square_stops_it() -> None:
    pit = terrain(impassable=[(3, 1)])
    reach = reachable((0, 0), 2, 3, pit)
    assert (2, 0) not in reach and (2, 1) not in reach and (1, 0) in reach
    assert (2, 0) in reachable((0, 0), 2, 3, pit, jump=False, fly=True)


@pytest.mark.parametrize("corner", [(0, 0), (10, 0), (0, 10), (10, 10)])
def test_M6_2x2_at_every_corner_stays_on_the_map(corner: Square) -> None:
    reach = reachable(corner, 2, 8, OPEN)
    assert reach
    for anchor, r in reach.items():
        assert all(in_bounds(sq) for sq in big(anchor)), anchor
        assert all(all(in_bounds(sq) for sq in big(step)) for step in r.path)
    assert max(a[0] for a in reach) <= 10 and max(a[1] for a in reach) <= 10


@pytest.mark.parametrize("edge", [(5, 0), (0, 5), (10, 5), (5, 10)])
def test_M6_2x2_along_every_edge_checks_every_square(edge: Square) -> None:
    # a friend (occupied) next to the edge under where the far column would end
    col, row = edge
    friend = (col + 1, row) if row in (0, 10) else (col, row + 1)
    reach = reachable(edge, 2, 3, terrain(occupied=[friend]))
    assert all(friend not in big(a) for a in reach)
    assert all(in_bounds(sq) for a in reach for sq in big(a))


def test_M6_start_off_the_map_reaches_nothing() -> None:
    assert reachable((11, 11), 2, 4, OPEN) == {}
    assert reachable((3, 3), 1, -1, OPEN) == {}
    assert reachable((3, 3), 1, 0, OPEN) == {}


# --- hazards ------------------------------------------------------------------------------------


def test_I12_hazard_once_per_token() -> None:
    token = "fire@E5"
    fire = dict.fromkeys(big((4, 4)), token)
    reach = reachable((3, 4), 1, 4, terrain(hazards=fire, cost={(3, 3): 9, (3, 5): 9}))
    # walking east through both squares of the 2x2 token: one token, once
    assert reach[(6, 4)].hazards == (token,)


def test_I12_hazard_avoided_when_a_path_of_equal_cost_exists() -> None:
    fire = terrain(hazards={(4, 3): "fire@E4"})
    reach = reachable((3, 3), 1, 2, fire)
    assert reach[(5, 4)].hazards == ()
    assert reach[(5, 4)].path == ((3, 3), (4, 4), (5, 4))
    assert reach[(5, 3)].hazards == ("fire@E4",)  # the only 2-point way goes through it
    assert reach[(4, 3)].hazards == ("fire@E4",)


def test_I12_standing_on_a_hazard_does_not_count() -> None:
    fire = terrain(hazards={(3, 3): "fire@D4"})
    assert reachable((3, 3), 1, 2, fire)[(5, 3)].hazards == ()


def test_I12_2x2_any_square_of_the_footprint_enters_it() -> None:
    fire = terrain(hazards={(5, 4): "chemical@F5"}, impassable=[(3, 2), (4, 2), (2, 2), (3, 1)])
    reach = reachable((3, 3), 2, 1, fire)
    assert reach[(4, 3)].hazards == ("chemical@F5",)  # only its lower square enters it


def test_I12_two_tokens_both_count() -> None:
    lane = {(c, r): "fire@E1" if c == 4 else "radioactive@F1" for c in (4, 5) for r in range(SIZE)}
    assert reachable((3, 3), 1, 3, terrain(hazards=lane))[(6, 3)].hazards == (
        "fire@E1",
        "radioactive@F1",
    )


def test_I12_flyer_hurt_only_where_it_lands() -> None:
    lane = {(4, r): "fire@E1" for r in range(SIZE)}
    lane[(6, 3)] = "fire@G4"
    reach = reachable((3, 3), 1, 3, terrain(hazards=lane), fly=True)
    assert reach[(5, 3)].hazards == ()
    assert reach[(4, 3)].hazards == ("fire@E1",)
    assert reach[(6, 3)].hazards == ("fire@G4",)


def test_I12_jumper_is_hurt_crossing() -> None:
    lane = terrain(hazards={(4, r): "fire@E1" for r in range(SIZE)})
    assert reachable((3, 3), 1, 2, lane, jump=True)[(5, 3)].hazards == ("fire@E1",)


def test_I10_ties_are_deterministic() -> None:
    a = reachable((5, 5), 2, 6, terrain(cost={(8, 5): 2}, hazards={(3, 3): "fire@D4"}))
    b = reachable((5, 5), 2, 6, terrain(cost={(8, 5): 2}, hazards={(3, 3): "fire@D4"}))
    assert a == b
    assert reachable((3, 3), 1, 2, OPEN)[(5, 3)].path == ((3, 3), (4, 3), (5, 3))


# --- properties of reachable --------------------------------------------------------------------

squares = st.tuples(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1))


@dataclass(frozen=True)
class World:
    """A random figure on random terrain, for the properties of ``reachable``."""

    start: Square
    size: int
    budget: int
    terrain: Terrain
    fly: bool
    jump: bool


TOKENS = ["fire@A1", "chemical@B2", "radioactive@C3"]


@st.composite
def worlds(draw: st.DrawFn, budgets: tuple[int, int], starts: tuple[int, int]) -> World:
    start = draw(st.tuples(st.integers(*starts), st.integers(*starts)))
    size = draw(st.sampled_from([1, 2]))
    own = set(footprint(start, size))

    def some(most: int) -> frozenset[Square]:
        return draw(st.frozensets(squares, max_size=most)) - own

    t = terrain(
        cost=dict.fromkeys(some(20), 2),
        impassable=some(12),
        blocked=some(8),
        occupied=some(8),
        hazards=draw(st.dictionaries(squares, st.sampled_from(TOKENS), max_size=10)),
    )
    mode = draw(st.sampled_from(["walk", "fly", "jump"]))
    return World(start, size, draw(st.integers(*budgets)), t, mode == "fly", mode == "jump")


@settings(max_examples=60, deadline=None)
@given(worlds(budgets=(0, 8), starts=(0, SIZE - 2)))
def test_I10_I11_reachable_properties(w: World) -> None:
    start, size, budget, t, fly, jump = w.start, w.size, w.budget, w.terrain, w.fly, w.jump
    for anchor, r in reachable(start, size, budget, t, fly=fly, jump=jump).items():
        fp = footprint(anchor, size)
        assert 0 < r.cost <= budget or (r.cost == 0 and anchor != start)
        assert all(in_bounds(sq) for sq in fp)
        assert not set(fp) & (t.occupied | t.blocked)
        assert fly or not set(fp) & t.impassable
        assert r.path[0] == start and r.path[-1] == anchor
        assert diagonal_steps(r) <= 1 and r.diagonal == (diagonal_steps(r) == 1)
        spent = 0
        for a, b in zip(r.path, r.path[1:], strict=False):
            assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
            entered = set(footprint(b, size)) - set(footprint(a, size))
            spent += max(t.cost.get(sq, 1) for sq in entered)
            if not (fly or jump):
                assert not entered & (t.blocked | t.impassable)
        assert spent == r.cost


def brute_force(
    start: Square, size: int, budget: int, t: Terrain, fly: bool, jump: bool, safest: bool = False
) -> dict[Square, tuple[int, int, int, tuple[Square, ...]]]:
    """Every walk of up to ``budget`` steps (costs ≥ 1), the best (cost, hazards, steps, path);
    with ``safest``, the best by (hazards, cost, steps, path)."""
    best: dict[Square, tuple[int, int, int, tuple[Square, ...]]] = {}

    def walk(path: tuple[Square, ...], cost: int, diag: int, tokens: frozenset[str]) -> None:
        here = path[-1]
        end_fp = set(footprint(here, size))
        if here != start and not end_fp & (
            t.occupied | t.blocked | (set() if fly else t.impassable)
        ):
            if fly:
                tokens = frozenset(
                    t.hazards[q] for q in end_fp - set(footprint(start, size)) if q in t.hazards
                )
            key = (cost, len(tokens), len(path) - 1, path)
            rank = (len(tokens), *key) if safest else key
            if here not in best or rank < ((best[here][1], *best[here]) if safest else best[here]):
                best[here] = key
        for dc, dr in [(0, -1), (-1, 0), (1, 0), (0, 1), (-1, -1), (1, -1), (-1, 1), (1, 1)]:
            nxt = (here[0] + dc, here[1] + dr)
            fp = footprint(nxt, size)
            entered = set(fp) - end_fp
            step_diag = diag + (1 if dc and dr else 0)
            if step_diag > 1 or not all(in_bounds(q) for q in fp):
                continue
            step = max(t.cost.get(q, 1) for q in entered)
            if cost + step > budget:
                continue
            if not (fly or jump) and entered & (t.blocked | t.impassable):
                continue
            more = (
                frozenset() if fly else frozenset(t.hazards[q] for q in entered if q in t.hazards)
            )
            walk((*path, nxt), cost + step, step_diag, tokens | more)

    walk((start,), 0, 0, frozenset())
    return best


@settings(max_examples=40, deadline=None)
@given(worlds(budgets=(1, 4), starts=(2, 8)))
def test_I10_I12_cheapest_then_safest_then_shortest_then_first_path(w: World) -> None:
    start, size, budget, t, fly, jump = w.start, w.size, w.budget, w.terrain, w.fly, w.jump
    got = reachable(start, size, budget, t, fly=fly, jump=jump)
    want = brute_force(start, size, budget, t, fly, jump)
    assert set(got) == set(want)
    for anchor, (cost, n_haz, _steps, path) in want.items():
        assert (got[anchor].cost, len(got[anchor].hazards), got[anchor].path) == (cost, n_haz, path)


@settings(max_examples=40, deadline=None)
@given(worlds(budgets=(1, 4), starts=(2, 8)))
def test_I12_safest_then_cheapest_then_shortest_then_first_path(w: World) -> None:
    """A move's search (``safest``): the path through fewest hazards within the budget, then
    the cheapest, the shortest, the first."""
    start, size, budget, t, fly, jump = w.start, w.size, w.budget, w.terrain, w.fly, w.jump
    got = reachable(start, size, budget, t, fly=fly, jump=jump, safest=True)
    want = brute_force(start, size, budget, t, fly, jump, safest=True)
    assert set(got) == set(want)
    for anchor, (cost, n_haz, _steps, path) in want.items():
        assert (got[anchor].cost, len(got[anchor].hazards), got[anchor].path) == (cost, n_haz, path)


# --- pushes ---------------------------------------------------------------------------------------


def test_G3_push_runs_its_whole_length_straight_away() -> None:
    assert push_line((5, 5), 1, unit((4, 5)), 3, OPEN) == ((8, 5), None)
    assert push_line((5, 5), 1, big((3, 3)), 2, OPEN) == ((7, 7), None)  # from a corner
    assert push_line((5, 5), 2, big((3, 5)), 1, OPEN) == ((6, 5), None)


def test_G3_push_stops_before_the_edge() -> None:
    assert push_line((10, 5), 1, unit((9, 5)), 3, OPEN) == ((11, 5), "edge")
    assert push_line((9, 5), 2, big((7, 5)), 3, OPEN) == ((10, 5), "edge")


def test_G3_push_stops_before_a_building() -> None:
    t = terrain(buildings=big((8, 6)))
    # the 2x2 target's lower row meets the building's upper row
    assert push_line((4, 5), 2, big((2, 5)), 3, t) == ((6, 5), "building")


def test_G3_push_stops_before_a_figure_friend_or_foe() -> None:
    assert push_line((5, 5), 1, unit((4, 5)), 3, terrain(occupied=[(7, 5)])) == ((6, 5), "figure")
    assert push_line((5, 5), 1, unit((4, 5)), 3, terrain(blocked=[(8, 5)])) == ((7, 5), "figure")


def test_G3_push_stops_before_impassable_terrain() -> None:
    t = terrain(impassable=[(7, 7)])
    assert push_line((5, 5), 1, unit((4, 4)), 3, t) == ((6, 6), "impassable")


def test_G3_push_zero_squares_or_overlap_goes_nowhere() -> None:
    assert push_line((5, 5), 1, unit((4, 5)), 0, OPEN) == ((5, 5), None)
    assert push_line((5, 5), 1, unit((5, 5)), 3, OPEN) == ((5, 5), None)


def test_G3_push_2x2_reports_the_building_before_the_edge() -> None:
    # pushed diagonally from its corner, the 2x2 at K6 would enter L7..M8: off the map and
    # onto a building at L8 at once; the building is what it hit (the collision destroys it)
    t = terrain(buildings=[(11, 7)])
    assert push_line((10, 5), 2, unit((9, 4)), 2, t) == ((10, 5), "building")
    assert push_line((10, 5), 2, unit((9, 4)), 2, OPEN) == ((10, 5), "edge")
    t = terrain(impassable=[(11, 6)], occupied=[(10, 7)])
    assert push_line((9, 5), 2, unit((8, 4)), 2, t) == ((9, 5), "figure")
