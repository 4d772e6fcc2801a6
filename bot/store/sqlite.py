"""The embedded default store: one SQLite file through aiosqlite, WAL mode.

aiosqlite serialises calls on one connection, but two coroutines could still interleave the
statements of their transactions; a single asyncio lock makes every operation atomic with
respect to the others in this process, and ``BEGIN IMMEDIATE`` plus the version guard make it
atomic with respect to other processes.

The tables and the outbox are :class:`bot.store.sql_games.GamesSql` (SQL PostgreSQL runs too);
this module is how SQLite runs it.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.base import ChannelBusy, StoreError
from bot.store.guild_settings import GuildSettingsSql
from bot.store.migrations import MIGRATIONS
from bot.store.sql_dm_channels import DmChannelsSql
from bot.store.sql_games import GamesSql
from bot.store.sqlite_clocks import ClockSql
from bot.store.sqlite_results import ResultsMixin
from bot.store.tournaments_sql import TournamentsSql

log = logging.getLogger(__name__)


class SqliteStore(
    GamesSql, GuildSettingsSql, ClockSql, ResultsMixin, TournamentsSql, DmChannelsSql
):
    """:class:`bot.store.base.GameStore` on SQLite."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        # Tests set this to simulate a crash between the two writes of a move.
        self.crash_point: Callable[[], None] | None = None

    # -- lifecycle ------------------------------------------------------------------------

    async def open(self) -> None:
        if str(self.path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            # Through _run, like every statement: aiosqlite's own execute hands back a cursor,
            # and "PRAGMA journal_mode" returns a row, so a cursor kept alive in a reference
            # cycle left that statement active and the first migration's COMMIT failed ("SQL
            # statements in progress"; seen once in CI under simcord).
            await self._run("PRAGMA journal_mode=WAL")
            await self._run("PRAGMA foreign_keys=ON")
            await self._run("PRAGMA busy_timeout=5000")
            await self._migrate()
        except BaseException:
            # aiosqlite's thread is no daemon: left open, it would keep the process alive
            # for ever after a failed start (a file that is no database, a failed migration).
            await self.close()
            raise

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreError("store is not open")
        return self._db

    async def _run(self, sql: str, params: tuple[Any, ...] = ()) -> tuple[int, int | None]:
        """Execute one statement; its rowcount and lastrowid."""
        _, rowcount, lastrowid = await self._statement(sql, params)
        return rowcount, lastrowid

    async def _run_many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        """Execute one statement for every row, in one call on aiosqlite's worker thread (one
        round trip, not one per row)."""
        connection = self.db

        def run() -> None:
            connection._conn.executemany(sql, rows).close()

        await connection._execute(run)  # type: ignore[no-untyped-call]

    async def _fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        rows, _, _ = await self._statement(sql, params)
        return rows

    async def _statement(
        self, sql: str, params: tuple[Any, ...]
    ) -> tuple[list[Any], int, int | None]:
        """Run, fetch and close a statement in one call on aiosqlite's worker thread.

        No sqlite3 cursor ever reaches the event loop: a cursor kept alive there (a future in
        a reference cycle holds its result) can leave its statement active, and an active
        statement makes the next COMMIT fail with "SQL statements in progress".
        """
        connection = self.db

        def run() -> tuple[list[Any], int, int | None]:
            cursor = _execute_releasing_garbage(connection._conn, sql, params)
            try:
                return cursor.fetchall(), cursor.rowcount, cursor.lastrowid
            finally:
                cursor.close()

        # aiosqlite's own runner (untyped): one call on its worker thread, no cursor escapes.
        result: tuple[list[Any], int, int | None] = await connection._execute(run)  # type: ignore[no-untyped-call]
        return result

    async def schema_version(self) -> int:
        rows = await self._fetchall("PRAGMA user_version")
        return int(rows[0][0])

    async def _migrate(self) -> None:
        current = await self.schema_version()
        for number, statements in enumerate(MIGRATIONS[current:], start=current + 1):
            await self._run("BEGIN IMMEDIATE")
            try:
                for statement in statements:
                    await self._run(statement)
                await self._run(f"PRAGMA user_version = {number}")
                await self._run("COMMIT")
            except BaseException:
                await self._run("ROLLBACK")
                raise
            log.info("database %s migrated to schema %d", self.path, number)

    async def _insert_id(self, sql: str, params: tuple[Any, ...]) -> int:
        _, rowid = await self._run(sql, params)
        return int(rowid or 0)

    @contextlib.asynccontextmanager
    async def _channel_guard(self, channel_id: int) -> AsyncIterator[None]:
        """The only constraint a table write can break is one open table per channel."""
        try:
            yield
        except aiosqlite.IntegrityError as error:
            raise ChannelBusy(str(channel_id)) from error

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[None]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT`` under the store's lock; ROLLBACK on any error."""
        async with self._lock:
            await self._run("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                await self._run("ROLLBACK")
                raise
            await self._run("COMMIT")


def _execute_releasing_garbage(
    connection: sqlite3.Connection, sql: str, params: tuple[Any, ...]
) -> sqlite3.Cursor:
    """Execute ``sql``; if a COMMIT is refused because a statement is still active, collect
    garbage once and retry.

    Seen under the simcord test harness: statements owned by objects in unreachable reference
    cycles (futures and frames the harness keeps in cycles) stay active until the cycle
    collector runs, and SQLite refuses to COMMIT while any write statement is active. Releasing
    them cannot change what this transaction wrote; it only lets the COMMIT proceed.
    """
    try:
        return connection.execute(sql, params)
    except sqlite3.OperationalError as error:
        if "statements in progress" not in str(error):
            raise
        log.info("COMMIT waited for unreachable statements; collecting garbage")
        gc.collect()
        return connection.execute(sql, params)
