"""The clock arithmetic (bot.clock): deadlines, banks, reminders, votes, outage shift."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.clock import (
    BOT,
    MOVE,
    SKIP,
    VOTE,
    WAIT,
    WINDOW,
    Clock,
    TimedWindow,
    decide,
    shifted_clock,
)

HOUR = 3600.0


def test_no_time_control_keeps_no_deadline() -> None:
    clock = Clock().follow([0, 1], now=0)
    assert clock.deadlines == () and clock.wake_at() is None and clock.dump() == {}


def test_a_window_runs_its_own_time_even_without_a_time_control() -> None:
    clock = Clock().follow([1, 2], now=0, window=TimedWindow(1, frozenset({1, 2}), 120))
    assert [(d.kind, d.seat, d.due, d.opened) for d in clock.deadlines] == [
        (WINDOW, 1, 120, 1),
        (WINDOW, 2, 120, 1),
    ]
    assert Clock.load(clock.dump()) == clock and clock.wake_at() == 120  # no reminders


def test_a_window_opened_anew_starts_every_seat_again_and_a_pass_stops_one() -> None:
    first = TimedWindow(1, frozenset({1, 2}), 120)
    clock = Clock(per_move=int(HOUR)).follow([1, 2], now=0, window=first)
    passed = clock.follow([2], now=30, acted=1, window=first)
    assert passed.get(WINDOW, 1) is None and passed.get(WINDOW, 2) == clock.get(WINDOW, 2)
    again = passed.follow([1, 2], now=60, acted=2, window=TimedWindow(2, frozenset({1, 2}), 120))
    assert {d.due for d in again.deadlines} == {180} and again.get(MOVE, 1) is None


def test_a_seat_leaving_a_window_for_its_turn_runs_its_move_clock() -> None:
    clock = Clock(per_move=int(HOUR)).follow([1], now=0, window=TimedWindow(1, frozenset({1}), 60))
    turn = clock.follow([1], now=10)
    assert turn.get(WINDOW, 1) is None and turn.get(MOVE, 1) is not None


def test_a_seat_that_must_act_gets_time_per_move_plus_its_bank() -> None:
    clock = Clock(per_move=int(HOUR), bank=int(2 * HOUR)).follow([1], now=100)
    deadline = clock.get(MOVE, 1)
    assert deadline is not None and deadline.due == 100 + 3 * HOUR


def test_a_seat_still_acting_keeps_its_deadline() -> None:
    clock = Clock(per_move=int(HOUR)).follow([0, 1], now=0)
    later = clock.follow([0], now=50, acted=1)
    assert later.get(MOVE, 0) == clock.get(MOVE, 0) and later.get(MOVE, 1) is None


def test_overtime_is_paid_from_the_bank() -> None:
    clock = Clock(per_move=int(HOUR), bank=int(HOUR)).follow([0], now=0)
    after = clock.follow([1], now=HOUR + 600, acted=0)
    assert after.bank_left(0) == HOUR - 600
    again = after.follow([0], now=HOUR + 700, acted=1)
    deadline = again.get(MOVE, 0)
    assert deadline is not None and deadline.due == HOUR + 700 + HOUR + (HOUR - 600)


def test_the_bank_never_goes_below_zero() -> None:
    clock = Clock(per_move=int(HOUR), bank=60).follow([0], now=0)
    assert clock.follow([], now=10 * HOUR, acted=0).bank_left(0) == 0


def test_reminders_at_half_time_and_the_last_tenth_then_due() -> None:
    clock = Clock(per_move=1000).follow([0], now=0)
    assert clock.wake_at() == 500
    assert clock.reminders_due(499) == []
    [(deadline, number)] = clock.reminders_due(500)
    assert number == 1
    clock = clock.reminded(deadline, 1)
    assert clock.wake_at() == 900
    [(deadline, number)] = clock.reminders_due(950)
    clock = clock.reminded(deadline, number)
    assert number == 2 and clock.wake_at() == 1000 and clock.due(1000)


def test_reminders_missed_while_away_are_sent_once_as_the_latest() -> None:
    clock = Clock(per_move=1000).follow([0], now=0)
    assert [number for _, number in clock.reminders_due(950)] == [2]


def test_a_vote_replaces_the_move_deadline_and_ends_when_the_player_acts() -> None:
    clock = Clock(per_move=int(HOUR)).follow([0], now=0).open_vote(0, now=HOUR, opened=7)
    vote = clock.get(VOTE, 0)
    assert clock.get(MOVE, 0) is None and vote is not None and vote.opened == 7
    assert vote.due == 2 * HOUR  # a vote lasts a move's time (at least 10 minutes)
    back = clock.follow([1], now=HOUR + 5, acted=0)
    assert back.get(VOTE, 0) is None and back.get(MOVE, 1) is not None


def test_a_vote_stays_open_while_others_act() -> None:
    clock = Clock(per_move=int(HOUR)).follow([0, 1], now=0).open_vote(0, now=HOUR, opened=3)
    assert clock.follow([0], now=HOUR + 1, acted=1).get(VOTE, 0) is not None


def test_votes_decide_by_majority_or_at_the_deadline() -> None:
    assert decide({1: WAIT}, voters=3) is None
    assert decide({1: BOT, 2: BOT}, voters=3) == BOT
    assert decide({}, voters=0) == BOT  # nobody voted: a bot plays on
    assert decide({1: SKIP, 2: WAIT}, voters=0) == WAIT  # a tie goes to the gentlest
    assert decide({1: SKIP, 2: SKIP, 3: BOT}, voters=0) == SKIP


@given(
    per_move=st.sampled_from([600, 3600, 86400]),
    bank=st.sampled_from([0, 3600]),
    now=st.floats(0, 1e9),
    gap=st.floats(0, 1e7),
)
def test_an_outage_moves_every_deadline_by_the_gap(
    per_move: int, bank: int, now: float, gap: float
) -> None:
    clock = Clock(per_move=per_move, bank=bank).follow([0, 2], now=now)
    moved, wake_at = shifted_clock(clock.dump(), gap)
    after = Clock.load(moved)
    for before_deadline, after_deadline in zip(clock.deadlines, after.deadlines, strict=True):
        assert after_deadline.due - before_deadline.due == pytest.approx(gap, abs=1e-6)
    assert wake_at == after.wake_at()


def test_a_clock_round_trips_through_json() -> None:
    clock = Clock(per_move=600, bank=3600, banks={1: 12.5}).follow([0], now=1)
    clock = clock.open_vote(0, now=700, opened=4).voted(0, 99, SKIP)
    assert Clock.load(clock.dump()) == clock
