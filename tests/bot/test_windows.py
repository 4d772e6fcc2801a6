"""Windows and "at any time" plays at real tables (the table service, clocks and deadlines over
the real store), with the small real engine of :mod:`tests.bot.reaction_game` and a clock the
tests move by hand: a window asks every other player, whatever they hold; it runs the table's
window time with or without a time control; a play reopens it for everyone; when it runs out
the silent seats' defaults are played, exactly once, even after a restart; a seat nobody waits
for may still play what the rules allow at any time. No test sleeps."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

import rules
from bot.clock import MOVE, WINDOW, Clock
from bot.deadlines import Deadlines
from bot.games import PRESENTERS
from bot.store import FINISHED, GameRecord, GameStore
from bot.table import TableError, TableService
from rules.options import WINDOW_CHOICES, window_seconds
from tests.bot import reaction_game
from tests.bot.conftest import Now, Reopen
from tests.bot.reaction_game import Act

TABLE = 1
WINDOW_SECONDS = WINDOW_CHOICES["10m"]


@pytest.fixture(autouse=True)
def reaction_registered() -> Iterator[None]:
    rules.GAMES["reaction"] = reaction_game.ENGINE
    PRESENTERS["reaction"] = reaction_game.Presenter()
    try:
        yield
    finally:
        del rules.GAMES["reaction"], PRESENTERS["reaction"]


async def _table(
    tables: TableService, people: int = 3, *, per_move: int = 0, bots: int = 0
) -> GameRecord:
    """A started reaction table of ``people`` players (user ids 1..people) and ``bots``."""
    clock = Clock(per_move=per_move) if per_move else None
    await tables.new_table("reaction", guild_id=1, channel_id=10, user_id=1, name="P1",
                           locale="en", options={"window": "10m"}, time_control=clock)  # fmt: skip
    for user in range(2, people + 1):
        await tables.join(TABLE, user, f"P{user}", "en")
    for _ in range(bots):
        await tables.add_bot(TABLE, 1)
    return await tables.start(TABLE, 1)


def _windows(record: GameRecord) -> dict[int, float]:
    """Seat -> when its window deadline falls due."""
    return {d.seat: d.due for d in Clock.load(record.clock).deadlines if d.kind == WINDOW}


async def _open(tables: TableService) -> GameRecord:
    """The current player (seat 0, user 1, at the start) opens a window (at a new table of
    three if there is none yet)."""
    if await tables.store.get(TABLE) is None:
        await _table(tables)
    return (await tables.act(TABLE, 1, Act("open"))).after


def test_the_window_option_is_the_same_for_every_game() -> None:
    assert window_seconds({"window": "10m"}) == 600
    assert window_seconds({"window": "12h"}) == 12 * 3600
    assert window_seconds({"places": 5}) == 0


async def test_a_window_asks_every_other_player_whatever_they_hold(
    tables: TableService, now: Now
) -> None:
    record = await _open(tables)
    state = tables.state(record)
    assert state.cards != (0, 0, 0)  # some hold a reaction card, some do not
    assert tables.pending(record) == [1, 2]
    assert _windows(record) == {1: now.t + WINDOW_SECONDS, 2: now.t + WINDOW_SECONDS}


async def test_a_window_runs_without_a_time_control_and_the_turn_has_none(
    tables: TableService,
) -> None:
    record = await _table(tables)
    assert record.clock == {} and record.wake_at is None  # the turn itself is untimed
    opened = await _open(tables)
    assert set(_windows(opened)) == {1, 2} and opened.wake_at is not None
    assert Clock.load(opened.clock).get(MOVE, 0) is None


async def test_with_a_time_control_the_turn_runs_it_and_the_window_its_own_time(
    tables: TableService, now: Now
) -> None:
    record = await _table(tables, per_move=3600)
    assert Clock.load(record.clock).get(MOVE, 0) is not None
    opened = await _open(tables)
    clock = Clock.load(opened.clock)
    assert clock.get(MOVE, 1) is None and clock.get(MOVE, 2) is None
    assert _windows(opened) == {1: now.t + WINDOW_SECONDS, 2: now.t + WINDOW_SECONDS}


async def test_a_pass_leaves_the_others_time_as_it_was(tables: TableService, now: Now) -> None:
    opened = await _open(tables)
    now.t += 100
    after = (await tables.act(TABLE, 2, Act("pass"))).after
    assert _windows(after) == {2: _windows(opened)[2]}


async def test_a_play_reopens_the_window_and_everyone_gets_the_whole_time_again(
    tables: TableService, now: Now
) -> None:
    await _open(tables)
    record = await tables.get(TABLE)
    holder = next(s for s in (1, 2) if tables.state(record).cards[s])
    other = 3 - holder
    user = {1: 2, 2: 3}
    now.t += 100
    await tables.act(TABLE, user[other], Act("pass"))
    now.t += 100
    reopened = (await tables.act(TABLE, user[holder], Act("play"))).after
    assert tables.pending(reopened) == [1, 2]  # the passes are cleared
    assert _windows(reopened) == {1: now.t + WINDOW_SECONDS, 2: now.t + WINDOW_SECONDS}


async def test_when_the_window_runs_out_each_silent_player_passes_once(
    tables: TableService, deadlines: Deadlines, now: Now
) -> None:
    opened = await _open(tables)
    now.t = max(_windows(opened).values())
    woken = await deadlines.wake(TABLE)
    assert woken.changed
    after = await tables.get(TABLE)
    assert tables.state(after).current == 1 and tables.state(after).phase == "turn"
    assert _windows(after) == {}
    assert not (await deadlines.wake(TABLE)).changed  # nothing is due twice
    moves = await tables.store.actions(TABLE)
    assert [m.action["type"] for m in moves] == ["open", "pass", "pass"]


async def test_the_window_closing_is_narrated_before_the_pass_it_plays(
    tables: TableService, deadlines: Deadlines, now: Now
) -> None:
    opened = await _open(tables)
    await tables.act(TABLE, 2, Act("pass"))
    now.t = _windows(opened)[2]
    after = (await deadlines.wake(TABLE)).record
    assert after is not None
    [told] = await tables.store.announced_between(TABLE, after.version, after.version)
    types = [e["type"] for e in told.events]
    assert types.index("window_closed") < types.index("passed")


async def test_a_window_left_open_across_a_restart_closes_after_it_once(
    store: GameStore, tables: TableService, reopen: Reopen, now: Now
) -> None:
    opened = await _open(tables)
    await store.close()
    now.t = max(_windows(opened).values())
    again = await reopen()
    restarted = TableService(again, clock=now)
    assert await again.waking(now.t) == [TABLE]
    assert (await Deadlines(restarted).wake(TABLE)).changed
    after = await restarted.get(TABLE)
    assert restarted.state(after).phase == "turn" and restarted.pending(after) == [1]


async def test_a_pass_and_the_window_closing_at_once_apply_one_pass(
    store: GameStore, tables: TableService, deadlines: Deadlines, now: Now
) -> None:
    opened = await _open(tables)
    now.t = max(_windows(opened).values())
    other_process = TableService(store, clock=now)
    results = await asyncio.gather(
        other_process.act(TABLE, 2, Act("pass")), deadlines.wake(TABLE), return_exceptions=True
    )
    assert not any(isinstance(r, BaseException) and not isinstance(r, TableError) for r in results)
    moves = await store.actions(TABLE)
    assert moves[0].action["type"] == "open"
    assert [m.seat for m in moves].count(1) == 1  # one pass for seat 1, by whichever came first


async def test_a_player_nobody_waits_for_may_play_at_any_time(tables: TableService) -> None:
    record = await _table(tables)
    assert tables.pending(record) == [0]
    poked = await tables.act(TABLE, 3, Act("poke"))
    assert poked.seat == 2 and tables.state(poked.after).pokes == (0, 0, 1)
    assert tables.pending(poked.after) == [0]  # still the current player's turn


async def test_a_play_no_longer_allowed_is_refused_clearly(tables: TableService) -> None:
    await _table(tables)
    await tables.act(TABLE, 3, Act("poke"))
    await tables.act(TABLE, 3, Act("poke"))
    with pytest.raises(TableError) as refused:
        await tables.act(TABLE, 3, Act("poke"))
    assert refused.value.code == "not_your_turn"


async def test_bots_answer_a_window_and_have_no_deadline(tables: TableService) -> None:
    record = await _table(tables, people=1, bots=2)
    opened = (await tables.act(record.id, 1, Act("open"))).after
    assert _windows(opened) == {}  # bots are played by the scheduler, not timed out
    assert tables.automatic_seats(opened) == [1, 2]


async def test_a_game_played_to_its_end_by_windows_running_out(
    tables: TableService, deadlines: Deadlines, now: Now
) -> None:
    record = await _table(tables)
    for _turn in range(reaction_game.TURNS):
        current = tables.state(record).current
        user = record.seats[current].user_id
        assert user is not None
        opened = (await tables.act(TABLE, user, Act("open"))).after
        now.t = max(_windows(opened).values())
        await deadlines.wake(TABLE)
        record = await tables.get(TABLE)
    assert record.status == FINISHED and record.wake_at is None
