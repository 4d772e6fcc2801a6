"""Clocks at real tables (bot.deadlines over the real store and engines), with a clock the
tests move by hand: reminders, time running out, votes, skips, bot takeovers, races, restarts
and outages. No test sleeps."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.clock import BOT, MOVE, SKIP, VOTE, WAIT, Clock, Deadline
from bot.deadlines import Deadlines
from bot.store import ACTIVE, FINISHED, GameRecord, GameStore
from bot.table import TableError, TableService
from tests.bot.conftest import Now, Reopen

HOUR = 3600.0
TABLE = 1


async def _table(
    tables: TableService, game: str, people: int, bots: int = 0, *, per_move: int = 3600
) -> GameRecord:
    await tables.new_table(game, guild_id=1, channel_id=10, user_id=1, name="P1",
                           locale="en", time_control=Clock(per_move=per_move))  # fmt: skip
    for user in range(2, people + 1):
        await tables.join(TABLE, user, f"P{user}", "en")
    for _ in range(bots):
        await tables.add_bot(TABLE, 1)
    return await tables.start(TABLE, 1)


def _clock(record: GameRecord) -> Clock:
    return Clock.load(record.clock)


def _vote(record: GameRecord, seat: int) -> Deadline:
    """The open vote on ``seat`` (there must be one)."""
    vote = _clock(record).get(VOTE, seat)
    assert vote is not None, record.clock
    return vote


async def _play(tables: TableService, record: GameRecord, seat: int) -> GameRecord:
    """``seat``'s player makes a move (the bot's choice, as a person would)."""
    engine = tables.engine(record.game)
    action = engine.bot_action(tables.state(record), seat)
    user = record.seats[seat].user_id
    assert user is not None
    return (await tables.act(record.id, user, action)).after


async def _time_out(deadlines: Deadlines, tables: TableService, now: Now, seat: int) -> GameRecord:
    """Move time to ``seat``'s deadline and wake the table."""
    record = await tables.get(TABLE)
    deadline = _clock(record).get(MOVE, seat)
    assert deadline is not None
    now.t = deadline.due
    woken = await deadlines.wake(TABLE)
    assert woken.changed
    return await tables.get(TABLE)


# -- the clock follows the game ---------------------------------------------------------------


async def test_the_clock_starts_with_the_game_for_whoever_must_act(
    tables: TableService, now: Now
) -> None:
    record = await _table(tables, "monster_day", 2)
    [seat] = tables.pending(record)
    deadline = _clock(record).get(MOVE, seat)
    assert deadline is not None and deadline.due == now.t + HOUR
    assert record.wake_at == now.t + HOUR / 2  # the first reminder


async def test_a_move_hands_the_clock_to_the_next_player(tables: TableService, now: Now) -> None:
    record = await _table(tables, "monster_day", 2)
    [seat] = tables.pending(record)
    now.t += 60
    after = await _play(tables, record, seat)
    clock = _clock(after)
    assert clock.get(MOVE, seat) is None and clock.get(MOVE, 1 - seat) is not None


async def test_a_table_without_a_clock_has_no_deadline(tables: TableService) -> None:
    await tables.new_table("monster_day", guild_id=1, channel_id=10, user_id=1, name="A",
                           locale="en")  # fmt: skip
    await tables.join(TABLE, 2, "B", "en")
    record = await tables.start(TABLE, 1)
    assert record.clock == {} and record.wake_at is None


async def test_a_finished_or_ended_table_needs_no_waking(tables: TableService) -> None:
    await _table(tables, "monster_day", 2)
    ended = await tables.end_table(TABLE, 1, "P1", moderator=False)
    assert ended.wake_at is None and await tables.store.waking(float("inf")) == []


# -- reminders --------------------------------------------------------------------------------


async def test_reminders_at_half_time_and_near_the_end_each_once(
    tables: TableService, deadlines: Deadlines, now: Now
) -> None:
    record = await _table(tables, "monster_day", 2)
    [seat] = tables.pending(record)
    now.t += HOUR / 2
    woken = await deadlines.wake(TABLE)
    assert [(r.seat, r.number) for r in woken.reminders] == [(seat, 1)] and not woken.changed
    assert (await deadlines.wake(TABLE)).reminders == []  # sent once
    now.t += HOUR * 0.4
    assert [r.number for r in (await deadlines.wake(TABLE)).reminders] == [2]
    after = await tables.get(TABLE)
    assert after.version == record.version  # a reminder is not a game change


# -- time runs out ----------------------------------------------------------------------------


async def test_time_running_out_opens_a_vote_of_the_others(
    tables: TableService, deadlines: Deadlines, now: Now
) -> None:
    record = await _table(tables, "notte_di_terrore", 3)
    seat = tables.pending(record)[0]
    after = await _time_out(deadlines, tables, now, seat)
    vote = _clock(after).get(VOTE, seat)
    assert vote is not None and vote.opened == after.version
    assert len(deadlines.voters(after, seat)) == 2
    [announced] = await tables.store.announced_between(TABLE, after.version, after.version)
    assert announced.events[0]["type"] == "vote_opened"


async def test_a_player_alone_with_bots_is_only_told(
    tables: TableService, deadlines: Deadlines, now: Now
) -> None:
    record = await _table(tables, "notte_di_terrore", 1, bots=2)
    people = [s for s in tables.pending(record) if not record.seats[s].is_bot]
    after = await _time_out(deadlines, tables, now, people[0])
    clock = _clock(after)
    assert clock.get(VOTE, people[0]) is None and clock.get(MOVE, people[0]) is None
    [announced] = await tables.store.announced_between(TABLE, after.version, after.version)
    assert announced.events[0]["type"] == "time_up"


async def test_a_majority_for_a_bot_gives_the_seat_to_a_bot_and_the_result_says_so(
    tables: TableService, deadlines: Deadlines, now: Now
) -> None:
    record = await _table(tables, "notte_di_terrore", 3)
    seat = tables.pending(record)[0]
    after = await _time_out(deadlines, tables, now, seat)
    voters = deadlines.voters(after, seat)
    opened = _vote(after, seat).opened
    first = await deadlines.vote(TABLE, voters[-1], seat, opened, BOT)
    assert first.decision is None and first.votes == 1 and first.voters == 2
    second = await deadlines.vote(TABLE, voters[0], seat, opened, BOT)
    assert second.decision == BOT
    taken = await tables.get(TABLE)
    assert taken.seats[seat].is_bot and taken.extra["taken_over"] == [seat]
    assert _clock(taken).get(VOTE, seat) is None
    finished = await _finish(tables, taken)
    assert finished.extra["taken_over"] == [seat]


async def _finish(tables: TableService, record: GameRecord) -> GameRecord:
    """Play the game to its end: bots by the table, people by their own choice."""
    for _ in range(5000):
        record = await tables.get(record.id)
        if record.status != ACTIVE:
            return record
        seat = tables.pending(record)[0]
        if record.seats[seat].is_bot:
            await tables.act_automatically(record.id, seat, record.version)
        else:
            await _play(tables, record, seat)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game, people", [("monster_day", 2), ("notte_di_terrore", 4)])
async def test_the_host_decides_alone_and_a_bot_finishes_the_game(
    tables: TableService, deadlines: Deadlines, now: Now, game: str, people: int
) -> None:
    record = await _table(tables, game, people)
    _, seat, opened = await _guest_voted_on(deadlines, tables, now, record)
    result = await deadlines.vote(TABLE, 1, seat, opened, BOT)
    assert result.decision == BOT
    finished = await _finish(tables, result.record)
    assert finished.status == FINISHED and finished.extra["taken_over"] == [seat]
    assert finished.extra["replaced"] == {str(seat): seat + 1}


async def test_wait_gives_the_player_another_move_time_without_bank(
    tables: TableService, deadlines: Deadlines, now: Now
) -> None:
    record = await _table(tables, "monster_day", 2)
    _, seat, opened = await _guest_voted_on(deadlines, tables, now, record)
    now.t += 60
    result = await deadlines.vote(TABLE, 1, seat, opened, WAIT)
    deadline = _clock(result.record).get(MOVE, seat)
    assert result.decision == WAIT and deadline is not None and deadline.due == now.t + HOUR
    assert not result.record.seats[seat].is_bot


async def test_skip_plays_the_games_pass_for_the_absent_player(
    tables: TableService, deadlines: Deadlines, now: Now
) -> None:
    record = await _table(tables, "notte_di_terrore", 3)
    record = await _until_apparition(tables, record)
    after, seat, opened = await _guest_voted_on(deadlines, tables, now, record)
    assert SKIP in deadlines.choices(after, seat)
    result = await deadlines.vote(TABLE, 1, seat, opened, SKIP)
    assert result.decision == SKIP and result.move is not None
    log = await tables.store.actions(TABLE)
    assert log[-1].seat == seat and log[-1].action == {"type": "pass"}
    assert result.move.events[0]["type"] == "vote_skip"


async def _not_the_hosts_turn(tables: TableService, record: GameRecord) -> tuple[GameRecord, int]:
    """Play until a seat other than the host's (user 1) must act; that seat."""
    for _ in range(50):
        others = [s for s in tables.pending(record) if record.seats[s].user_id != 1]
        if others:
            return record, others[0]
        record = await _play(tables, record, tables.pending(record)[0])
    raise AssertionError("the host plays for ever")


async def _guest_voted_on(
    deadlines: Deadlines, tables: TableService, now: Now, record: GameRecord
) -> tuple[GameRecord, int, int]:
    """Play on until a guest (not the host) must act, let their time run out: the table with
    the vote open on them, their seat, and the version that opened the vote."""
    record, seat = await _not_the_hosts_turn(tables, record)
    after = await _time_out(deadlines, tables, now, seat)
    return after, seat, _vote(after, seat).opened


async def _until_apparition(tables: TableService, record: GameRecord) -> GameRecord:
    for _ in range(200):
        state = tables.state(record)
        if state.phase == "apparition" and any(
            record.seats[s].user_id != 1 for s in tables.pending(record)
        ):
            return record
        record = await _play(tables, record, tables.pending(record)[0])
    raise AssertionError("no apparition phase reached")


async def test_a_vote_nobody_casts_ends_with_a_bot_in_the_seat(
    tables: TableService, deadlines: Deadlines, now: Now
) -> None:
    record = await _table(tables, "notte_di_terrore", 3)
    seat = tables.pending(record)[0]
    after = await _time_out(deadlines, tables, now, seat)
    now.t = _vote(after, seat).due
    assert (await deadlines.wake(TABLE)).changed
    assert (await tables.get(TABLE)).seats[seat].is_bot


async def test_the_absent_player_moving_during_the_vote_ends_it(
    tables: TableService, deadlines: Deadlines, now: Now
) -> None:
    record = await _table(tables, "monster_day", 2)
    seat = tables.pending(record)[0]
    after = await _time_out(deadlines, tables, now, seat)
    back = await _play(tables, after, seat)
    assert _clock(back).get(VOTE, seat) is None and not back.seats[seat].is_bot


# -- refusals ---------------------------------------------------------------------------------


async def test_votes_refused_change_nothing(
    tables: TableService, deadlines: Deadlines, now: Now
) -> None:
    record = await _table(tables, "notte_di_terrore", 4)
    after, seat, opened = await _guest_voted_on(deadlines, tables, now, record)
    voter = next(u for u in deadlines.voters(after, seat) if u != 1)
    await deadlines.vote(TABLE, voter, seat, opened, WAIT)
    cases: list[tuple[int, int, str, str]] = [
        (voter, opened, BOT, "already_voted"),
        (after.seats[seat].user_id or 0, opened, BOT, "vote_on_yourself"),
        (999, opened, BOT, "not_seated"),
        (1, opened - 1, BOT, "no_vote"),  # a button of an older vote
    ]
    if SKIP not in deadlines.choices(after, seat):
        cases.append((1, opened, SKIP, "cannot_skip"))
    before = await tables.get(TABLE)
    for user, stamp, choice, code in cases:
        with pytest.raises(TableError) as refused:
            await deadlines.vote(TABLE, user, seat, stamp, choice)
        assert refused.value.code == code
    assert (await tables.get(TABLE)) == before


async def test_monster_day_has_no_skip(tables: TableService, deadlines: Deadlines) -> None:
    record = await _table(tables, "monster_day", 2)
    assert deadlines.choices(record, tables.pending(record)[0]) == [WAIT, BOT]


# -- exactly once -----------------------------------------------------------------------------


async def test_a_deadline_fires_once_however_many_wake_it(
    store: GameStore, tables: TableService, deadlines: Deadlines, now: Now
) -> None:
    record = await _table(tables, "monster_day", 2)
    seat = tables.pending(record)[0]
    now.t = _clock(record).get(MOVE, seat).due  # type: ignore[union-attr]
    other_process = Deadlines(TableService(store, clock=now))  # its own locks: CAS decides
    await asyncio.gather(*(d.wake(TABLE) for d in (deadlines, other_process, deadlines)))
    after = await tables.get(TABLE)
    assert after.version == record.version + 1
    assert len(await store.announced_between(TABLE, after.version, after.version)) == 1


async def test_a_move_and_its_deadline_at_the_same_instant_apply_one(
    tables: TableService, deadlines: Deadlines, now: Now
) -> None:
    record = await _table(tables, "monster_day", 2)
    seat = tables.pending(record)[0]
    now.t = _clock(record).get(MOVE, seat).due  # type: ignore[union-attr]
    results = await asyncio.gather(
        _play(tables, record, seat), deadlines.wake(TABLE), return_exceptions=True
    )
    after = await tables.get(TABLE)
    moves = [a for a in await tables.store.actions(TABLE) if a.seat == seat]
    assert len(moves) == 1 and _clock(after).get(VOTE, seat) is None
    assert not any(isinstance(r, BaseException) for r in results)


async def test_a_skip_vote_and_the_players_move_at_once_apply_one(
    tables: TableService, deadlines: Deadlines, now: Now
) -> None:
    record = await _table(tables, "notte_di_terrore", 3)
    record = await _until_apparition(tables, record)
    after, seat, opened = await _guest_voted_on(deadlines, tables, now, record)
    actions_before = len(await tables.store.actions(TABLE))
    results: list[Any] = await asyncio.gather(
        deadlines.vote(TABLE, 1, seat, opened, SKIP),
        _play(tables, after, seat),
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, TableError)]
    assert len(refused) == 1, results
    made = [a for a in (await tables.store.actions(TABLE))[actions_before:] if a.seat == seat]
    assert len(made) == 1


# -- restarts and outages ---------------------------------------------------------------------


async def test_a_deadline_survives_a_restart_and_fires_once(
    store: GameStore, tables: TableService, reopen: Reopen, now: Now
) -> None:
    record = await _table(tables, "monster_day", 2)
    seat = tables.pending(record)[0]
    await store.close()
    now.t = _clock(record).get(MOVE, seat).due  # type: ignore[union-attr]
    again = await reopen()
    restarted = Deadlines(TableService(again, clock=now))
    assert await again.waking(now.t) == [TABLE]
    assert (await restarted.wake(TABLE)).changed
    assert not (await restarted.wake(TABLE)).changed
    assert _clock(await again.get(TABLE) or record).get(VOTE, seat) is not None


async def test_time_the_bot_was_down_is_given_back_once(
    store: GameStore, tables: TableService, deadlines: Deadlines, now: Now
) -> None:
    record = await _table(tables, "monster_day", 2)
    seat = tables.pending(record)[0]
    due = _clock(record).get(MOVE, seat).due  # type: ignore[union-attr]
    await store.heartbeat(now.t)
    now.t += 10 * HOUR  # down for ten hours
    assert await deadlines.give_back_downtime() == pytest.approx(10 * HOUR)
    shifted = await tables.get(TABLE)
    assert _clock(shifted).get(MOVE, seat).due == pytest.approx(due + 10 * HOUR)  # type: ignore[union-attr]
    assert shifted.wake_at == pytest.approx(record.wake_at + 10 * HOUR)  # type: ignore[operator]
    assert shifted.version == record.version
    assert await deadlines.give_back_downtime() == 0  # the heartbeat moved with it


async def test_a_quick_restart_gives_nothing_back(
    store: GameStore, tables: TableService, deadlines: Deadlines, now: Now
) -> None:
    record = await _table(tables, "monster_day", 2)
    await store.heartbeat(now.t)
    now.t += 5
    assert await deadlines.give_back_downtime() == 0
    assert (await tables.get(TABLE)).clock == record.clock


async def test_two_votes_from_two_processes_at_once_are_both_counted_or_one_is_refused(
    store: GameStore, tables: TableService, deadlines: Deadlines, now: Now
) -> None:
    record = await _table(tables, "notte_di_terrore", 4)
    after, seat, opened = await _guest_voted_on(deadlines, tables, now, record)
    voters = [u for u in deadlines.voters(after, seat) if u != 1]
    other_process = Deadlines(TableService(store, clock=now))
    results = await asyncio.gather(
        deadlines.vote(TABLE, voters[0], seat, opened, WAIT),
        other_process.vote(TABLE, voters[1], seat, opened, WAIT),
        return_exceptions=True,
    )
    counted = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, TableError)]
    assert len(counted) + len(refused) == 2 and all(r.code == "stale" for r in refused)
    final = await tables.get(TABLE)
    vote = _clock(final).get(VOTE, seat)
    decided = any(r.decision is not None for r in counted)
    assert decided or (vote is not None and len(vote.votes) == len(counted))
