"""What only PostgreSQL must show: several processes on one database. Each "process" here is
a store with a connection pool of its own (or a real subprocess, for the crash), so the
guarantees tested are the database's, never a lock inside one store.

The store behaviour both databases share is tested on both through the ``store`` fixture
(test_store.py, test_deadlines.py...)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import textwrap
from collections.abc import AsyncIterator, Mapping
from pathlib import Path

import asyncpg
import pytest

from bot.config import Settings
from bot.store import (
    ACTIVE,
    ChannelBusy,
    GameRecord,
    PostgresStore,
    Rating,
    ResultRow,
    VersionConflict,
    store_for,
)
from bot.store.pg_migrations import MIGRATIONS
from bot.store.postgres import _pg
from bot.store.sqlite_clocks import WAKING
from tests.bot.test_store import _lobby
from tests.pg_server import PgServer

ROOT = Path(__file__).resolve().parents[2]


async def _opened(url: str) -> PostgresStore:
    store = PostgresStore(url, max_connections=4)
    await store.open()
    return store


@pytest.fixture
async def url(pg_server: PgServer) -> str:
    return await pg_server.database()


@pytest.fixture
async def two(url: str) -> AsyncIterator[tuple[PostgresStore, PostgresStore]]:
    """Two stores on one database, as two bot processes would be."""
    first, second = await _opened(url), await _opened(url)
    try:
        yield first, second
    finally:
        await first.close()
        await second.close()


async def test_the_same_move_through_two_processes_applies_once(
    two: tuple[PostgresStore, PostgresStore],
) -> None:
    """Both processes read version n and commit a move from it, at the same moment, twenty
    times over: every time exactly one lands and the other is told the table moved on."""
    first, second = two
    record = await first.update(await _lobby(first, 10), status=ACTIVE, state={"n": 0})
    for n in range(1, 21):

        async def move(
            store: PostgresStore, by: str, seen: GameRecord = record, n: int = n
        ) -> GameRecord:
            return await store.commit_move(
                seen, seat=0, action={"by": by}, events=[], state={"n": n}, status=ACTIVE
            )

        outcomes = await asyncio.gather(
            move(first, "first"), move(second, "second"), return_exceptions=True
        )
        applied = [o for o in outcomes if isinstance(o, GameRecord)]
        assert len(applied) == 1, outcomes
        assert sum(isinstance(o, VersionConflict) for o in outcomes) == 1
        record = applied[0]
        assert record.version == n + 1 and record.state == {"n": n}
    log = await second.actions(record.id)
    assert [a.seq for a in log] == list(range(2, 22))  # one logged move per version, no gap


async def test_one_open_table_per_channel_across_processes(
    two: tuple[PostgresStore, PostgresStore],
) -> None:
    """Both processes open a table in each of ten channels at once: the database's index lets
    one in per channel and refuses the other with ChannelBusy."""
    first, second = two
    for channel in range(100, 110):
        outcomes = await asyncio.gather(
            _lobby(first, channel), _lobby(second, channel), return_exceptions=True
        )
        assert sum(isinstance(o, GameRecord) for o in outcomes) == 1, outcomes
        assert sum(isinstance(o, ChannelBusy) for o in outcomes) == 1
        assert (await first.open_in_channel(channel)) is not None


async def test_a_game_is_recorded_once_when_two_processes_catch_up_at_once(
    two: tuple[PostgresStore, PostgresStore],
) -> None:
    first, second = two
    game_id = (await first.update(await _lobby(first, 10), status="finished")).id
    rows = [
        ResultRow(game_id, seat, "monster_day", 1, user, f"P{user}", None, seat + 1,
                  seat == 0, False, True, 1.0)
        for seat, user in enumerate((1, 2))
    ]  # fmt: skip

    def rate(current: Mapping[int, Rating]) -> list[Rating]:
        return [
            Rating(user, "monster_day", (current[user].mu if user in current else 25.0) + 1,
                   8.0, (current[user].games if user in current else 0) + 1, 0, 1.0)
            for user in (1, 2)
        ]  # fmt: skip

    outcomes = await asyncio.gather(
        first.record_result(rows, rate), second.record_result(rows, rate)
    )
    assert sorted(outcomes) == [False, True]
    rating = await second.rating(1, "monster_day")
    assert rating is not None and (rating.mu, rating.games) == (26.0, 1)


async def test_downtime_is_given_back_once_when_two_processes_start_at_once(
    two: tuple[PostgresStore, PostgresStore],
) -> None:
    first, second = two
    await first.heartbeat(1000.0)

    def shift(clock: dict[str, float], gap: float) -> tuple[dict[str, float], float | None]:
        return clock, None

    gaps = await asyncio.gather(
        first.give_back_downtime(5000.0, 60.0, shift),
        second.give_back_downtime(5000.0, 60.0, shift),
    )
    assert sorted(gaps) == [0.0, 4000.0]


async def test_migrations_run_once_when_two_processes_open_an_empty_database(
    pg_server: PgServer,
) -> None:
    url = await pg_server.empty_database()
    stores = await asyncio.gather(_opened(url), _opened(url))
    try:
        assert [await s.schema_version() for s in stores] == [len(MIGRATIONS)] * 2
        await _lobby(stores[0], 10)
    finally:
        for store in stores:
            await store.close()
    again = await _opened(url)  # re-opening a current database changes nothing
    try:
        assert await again.schema_version() == len(MIGRATIONS)
        assert (await again.open_in_channel(10)) is not None
        rows = await again._fetchall("SELECT version FROM schema_version")
        assert len(rows) == 1
    finally:
        await again.close()


async def test_database_url_picks_postgresql(url: str, tmp_path: Path) -> None:
    store = store_for(Settings(_env_file=None, database_url=url))
    assert isinstance(store, PostgresStore)
    await store.open()
    try:
        assert (await _lobby(store, 10)).version == 0
    finally:
        await store.close()
    sqlite = store_for(Settings(_env_file=None, database_path=tmp_path / "db.sqlite3"))
    assert not isinstance(sqlite, PostgresStore)
    with pytest.raises(ValueError, match="postgresql://"):
        store_for(Settings(_env_file=None, database_url="mysql://x@y/z"))


CRASH_SCRIPT = textwrap.dedent(
    """
    import asyncio, os, sys
    sys.path.insert(0, {root!r})
    from bot.store import ACTIVE, PostgresStore

    async def main():
        store = PostgresStore({url!r})
        await store.open()
        record = await store.get({game_id})
        store.crash_point = lambda: os._exit(9)   # the process dies mid-transaction
        await store.commit_move(record, seat=0, action={{"n": 1}}, events=[],
                                state={{"n": 1}}, status=ACTIVE)

    asyncio.run(main())
    """
)


async def test_a_process_dying_mid_move_leaves_the_old_state(url: str) -> None:
    store = await _opened(url)
    try:
        record = await store.update(await _lobby(store, 10), status=ACTIVE, state={"n": 0})
        script = CRASH_SCRIPT.format(root=str(ROOT), url=url, game_id=record.id)
        done = await asyncio.to_thread(
            subprocess.run, [sys.executable, "-c", script], check=False, timeout=60
        )
        assert done.returncode == 9
        # The dead connection's transaction is rolled back: the row is not even locked.
        after = await store.commit_move(
            record, seat=0, action={"n": 2}, events=[], state={"n": 2}, status=ACTIVE
        )
        assert after.version == 2 and after.state == {"n": 2}
        assert [a.action for a in await store.actions(record.id)] == [{"n": 2}]
    finally:
        await store.close()


async def test_a_missing_database_fails_at_open(pg_server: PgServer) -> None:
    """A wrong DATABASE_URL stops the bot at start-up, loudly, not at the first move."""
    store = PostgresStore(pg_server.url("no_such_database"))
    with pytest.raises(asyncpg.InvalidCatalogNameError):
        await store.open()


def test_marks_are_numbered_outside_quoted_text_only() -> None:
    """The shared SQL keeps SQLite's ``?``; a ``?`` inside a quoted literal is text."""
    sql = "UPDATE t SET a = ?, b = 'why?' WHERE c = ? AND d LIKE '%?%' AND e = ?"
    assert _pg(sql) == "UPDATE t SET a = $1, b = 'why?' WHERE c = $2 AND d LIKE '%?%' AND e = $3"


@pytest.mark.parametrize("active_share", [50, 1])
async def test_i27_the_waking_query_uses_games_wake_after_analyze(
    url: str, active_share: int
) -> None:
    """Issue 27 §3, PostgreSQL's side: the statement the store runs (the same text as SQLite's)
    finds the due tables through ``games_wake`` once the planner has statistics, whether most
    tables are finished (one in 50 active with a clock) or every one is active with a clock."""
    store = await _opened(url)
    try:
        await _lobby(store, 10)
    finally:
        await store.close()
    connection = await asyncpg.connect(url)
    try:
        columns = [
            row["column_name"]
            for row in await connection.fetch(
                "SELECT column_name FROM information_schema.columns "
                "WHERE table_name = 'games' AND column_name <> 'id'"
            )
        ]
        given = {
            "status": f"CASE WHEN n % {active_share} = 0 THEN 'active' ELSE 'finished' END",
            "wake_at": f"CASE WHEN n % {active_share} = 0 THEN n ELSE NULL END",
            "channel_id": "1000 + n",
        }
        picked = ", ".join(given.get(c, c) for c in columns)
        await connection.execute(
            f"INSERT INTO games ({', '.join(columns)}) SELECT {picked} "
            "FROM games, generate_series(1, 5000) AS n WHERE id = 1"
        )
        await connection.execute("ANALYZE games")
        plan = "\n".join(
            row[0] for row in await connection.fetch("EXPLAIN " + _pg(WAKING), 100.0, 500)
        )
    finally:
        await connection.close()
    assert "games_wake" in plan and "Seq Scan" not in plan and "Sort" not in plan, plan
