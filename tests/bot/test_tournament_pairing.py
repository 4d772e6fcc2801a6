"""Tournament pairing (issue 30): Swiss with Buchholz, round robin, table sizes, byes, seats."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments.pairing import (
    History,
    Played,
    meetings,
    round_robin,
    round_robin_rounds,
    standings,
    swiss,
    swiss_rounds,
    table_points,
    table_sizes,
)


def _play(history: History, tables: tuple[tuple[int, ...], ...], byes: tuple[int, ...]) -> History:
    """The round decided by seat order (the first seat wins), as a test's stand-in result."""
    played = tuple(Played(t, table_points(list(range(1, len(t) + 1)))) for t in tables)
    return History(history.tables + tables, history.played + played, history.byes + byes)


def test_points_are_the_share_of_the_others_beaten() -> None:
    assert table_points([1, 2]) == (1.0, 0.0)
    assert table_points([1, 1]) == (0.5, 0.5)
    assert table_points([1, 2, 3, 4]) == (1.0, 2 / 3, 1 / 3, 0.0)
    assert table_points([1, 1, 3]) == (0.75, 0.75, 0.0)


def test_default_rounds() -> None:
    assert [swiss_rounds(n) for n in (2, 3, 4, 5, 8, 9)] == [1, 2, 2, 3, 3, 4]
    assert round_robin_rounds(4, 2) == 3 and round_robin_rounds(5, 2) == 5
    # 7 at tables of 4 and 3 meet 9 pairs a round of the 21: at least 3 rounds; it takes 4.
    assert round_robin_rounds(7, 4) == 4


def test_table_sizes_are_even_and_byes_fill_the_rest() -> None:
    assert table_sizes(4, 2, 2) == ([2, 2], 0)
    assert table_sizes(5, 2, 2) == ([2, 2], 1)
    assert table_sizes(7, 6, 3) == ([4, 3], 0)
    assert table_sizes(4, 5, 3) == ([4], 0)
    assert table_sizes(2, 5, 3) == ([], 2)


def test_swiss_pairs_leaders_together_and_breaks_ties_by_buchholz() -> None:
    """Round 2 of 4: the two round-1 winners meet, and the losers; the standings order winners
    by Buchholz, the sum of their opponents' points."""
    everyone = [0, 1, 2, 3]
    first = swiss(everyone, everyone, History(), 2, 2)
    assert first.tables == ((0, 1), (2, 3)) and first.byes == ()
    history = _play(History(), first.tables, first.byes)
    second = swiss(everyone, everyone, history, 2, 2)
    assert {frozenset(t) for t in second.tables} == {frozenset((0, 2)), frozenset((1, 3))}
    history = _play(history, second.tables, second.byes)
    lines = standings(everyone, history)
    assert [line.points for line in lines] == [2.0, 1.0, 1.0, 0.0]
    # 1 and 2 both have a point: 2 lost to 0 (2 points), 1 lost to 0 too; Buchholz decides.
    assert lines[1].buchholz >= lines[2].buchholz


def test_an_odd_swiss_gives_the_bye_to_the_lowest_placed_without_one() -> None:
    everyone = [0, 1, 2, 3, 4]
    first = swiss(everyone, everyone, History(), 2, 2)
    assert first.byes == (4,)
    history = _play(History(), first.tables, first.byes)
    second = swiss(everyone, everyone, history, 2, 2)
    assert len(second.byes) == 1 and second.byes != (4,)


def test_a_dropped_entrant_is_not_paired() -> None:
    everyone = [0, 1, 2, 3]
    first = swiss(everyone, everyone, History(), 2, 2)
    history = _play(History(), first.tables, first.byes)
    second = swiss([0, 2, 3], everyone, history, 2, 2)
    seated = [e for t in second.tables for e in t] + list(second.byes)
    assert sorted(seated) == [0, 2, 3] and len(second.byes) == 1


def test_round_robin_of_two_meets_everyone_once() -> None:
    for n in (4, 5, 6):
        players = list(range(n))
        history = History()
        for number in range(1, round_robin_rounds(n, 2) + 1):
            paired = round_robin(players, history, 2, 2, number)
            history = _play(history, paired.tables, paired.byes)
        met = meetings(history.tables)
        assert all(met[frozenset(pair)] == 1 for pair in combinations(players, 2))
        assert sorted(Counter(history.byes).values()) == ([1] * n if n % 2 else [])


def test_seats_rotate_across_rounds() -> None:
    """Over a round robin of four, everyone has the first seat of a table of two at least once."""
    players = [0, 1, 2, 3]
    history = History()
    for number in (1, 2, 3):
        paired = round_robin(players, history, 2, 2, number)
        history = _play(history, paired.tables, paired.byes)
    firsts = Counter(table[0] for table in history.tables)
    assert set(firsts) == set(players)


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=2, max_value=14),
    seats=st.integers(min_value=2, max_value=6),
    fewest=st.integers(min_value=2, max_value=3),
    rounds=st.integers(min_value=1, max_value=4),
    roundrobin=st.booleans(),
)
def test_every_round_seats_each_active_entrant_once(
    n: int, seats: int, fewest: int, rounds: int, roundrobin: bool
) -> None:
    """Whatever the numbers, every entrant still in sits at exactly one table or has a bye,
    tables keep to the size limits, and a round is the same when asked again."""
    fewest = min(fewest, seats)
    players = list(range(n))
    history = History()
    for number in range(1, rounds + 1):
        if roundrobin:
            paired = round_robin(players, history, seats, fewest, number)
        else:
            paired = swiss(players, players, history, seats, fewest)
        again = (
            round_robin(players, history, seats, fewest, number)
            if roundrobin
            else swiss(players, players, history, seats, fewest)
        )
        assert paired == again
        seated = [e for t in paired.tables for e in t] + list(paired.byes)
        assert sorted(seated) == players
        assert all(fewest <= len(t) <= seats for t in paired.tables)
        history = _play(history, paired.tables, paired.byes)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(min_value=4, max_value=12).filter(lambda n: n % 2 == 0))
def test_swiss_avoids_rematches_while_it_can(n: int) -> None:
    """⌈log2 n⌉ Swiss rounds at tables of two never repeat a pairing (n even: always possible)."""
    players = list(range(n))
    history = History()
    for _ in range(swiss_rounds(n)):
        paired = swiss(players, players, history, 2, 2)
        history = _play(history, paired.tables, paired.byes)
    assert max(meetings(history.tables).values()) == 1


def _swap_helps(tables: tuple[tuple[int, ...], ...], met: Counter[frozenset[int]]) -> bool:
    """Whether swapping two entrants of different tables would seat fewer pairs who met
    before, or as many who met less often."""

    def cost(round_: list[list[int]]) -> tuple[int, int]:
        counts = [met[frozenset(p)] for t in round_ for p in combinations(t, 2)]
        return sum(1 for c in counts if c), sum(counts)

    base = cost([list(t) for t in tables])
    for a, b in combinations(range(len(tables)), 2):
        for x in tables[a]:
            for y in tables[b]:
                swapped = [list(t) for t in tables]
                swapped[a][swapped[a].index(x)], swapped[b][swapped[b].index(y)] = y, x
                if cost(swapped) < base:
                    return True
    return False


@settings(max_examples=60, deadline=None)
@given(
    seats=st.integers(min_value=3, max_value=6),
    more=st.integers(min_value=1, max_value=10),
    fewest=st.integers(min_value=2, max_value=3),
)
def test_a_round_robin_at_larger_tables_meets_everyone(seats: int, more: int, fewest: int) -> None:
    """Tables of three or more: within its rounds every pair of entrants meets at least once;
    no round could seat fewer pairs who met before by swapping two entrants (nor as many who
    met less often); and everyone sits out at most one round more than anyone else."""
    n = seats + more
    players = list(range(n))
    history = History()
    rounds = round_robin_rounds(n, seats, fewest)
    for number in range(1, rounds + 1):
        paired = round_robin(players, history, seats, fewest, number)
        assert not _swap_helps(paired.tables, meetings(history.tables)), (number, paired)
        history = _play(history, paired.tables, paired.byes)
    met = meetings(history.tables)
    never = [pair for pair in combinations(players, 2) if not met[frozenset(pair)]]
    assert not never, (rounds, never)
    byes = Counter(history.byes)
    assert max(byes[p] for p in players) - min(byes[p] for p in players) <= 1
