"""The store for growing past one process: PostgreSQL through an asyncpg connection pool.

Chosen by ``DATABASE_URL`` (``postgresql://...``, see :func:`bot.store.factory.store_for`).
The guarantees are the database's, never this process's: a move is one transaction whose
``UPDATE ... WHERE version = ?`` is the compare-and-swap (under READ COMMITTED a second writer
waits for the first, re-reads the row, matches nothing and gets :class:`VersionConflict`), and
one open table per channel is a partial unique index (:class:`ChannelBusy`). So any number of
bot processes may share one database.

The operations are the SQL both databases run (:class:`bot.store.sql_games.GamesSql`, and
SQLite's clock and results mixins, which :mod:`bot.store.postgres_clocks` and
:mod:`bot.store.postgres_results` override only where PostgreSQL differs); this module is how
PostgreSQL runs it. Statements keep SQLite's ``?`` marks, numbered for PostgreSQL by
:func:`_pg`, and rows decode through :mod:`bot.store.encoding` as SQLite's do. A
transaction pins one pooled connection in a context variable; every statement run inside it
goes through that connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import AsyncIterator, Callable
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Literal

import asyncpg

from bot.store.base import ChannelBusy, StoreError
from bot.store.guild_settings import GuildSettingsSql
from bot.store.pg_migrations import MIGRATION_LOCK, MIGRATIONS, SCHEMA_TABLE
from bot.store.postgres_clocks import PgClocks
from bot.store.postgres_results import PgResults
from bot.store.sql_dm_channels import DmChannelsSql
from bot.store.sql_games import GamesSql
from bot.store.tournaments_sql import TournamentsSql

if TYPE_CHECKING:
    from asyncpg.pool import PoolConnectionProxy

    _Connection = PoolConnectionProxy[asyncpg.Record]

log = logging.getLogger(__name__)

_ONE_OPEN_PER_CHANNEL = "games_one_open_per_channel"


@functools.lru_cache(maxsize=1024)
def _pg(sql: str) -> str:
    """``?`` marks (outside quoted literals) as PostgreSQL's ``$1``, ``$2``..."""
    parts = sql.split("'")
    count = 0
    for index in range(0, len(parts), 2):  # the even parts are outside quotes
        pieces = parts[index].split("?")
        numbered = [pieces[0]]
        for piece in pieces[1:]:
            count += 1
            numbered.append(f"${count}{piece}")
        parts[index] = "".join(numbered)
    return "'".join(parts)


def _rowcount(status: str) -> int:
    """Rows a command touched, from its status (``UPDATE 1``, ``INSERT 0 3``)."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _Unlocked(asyncio.Lock):
    """A lock never held: on PostgreSQL, reads need none (each runs on a pooled connection of
    its own, and the database isolates it), so the shared mixins' reads run side by side."""

    async def acquire(self) -> Literal[True]:
        return True

    def release(self) -> None:
        pass


class PostgresStore(GamesSql, GuildSettingsSql, PgClocks, PgResults, TournamentsSql, DmChannelsSql):
    """:class:`bot.store.base.GameStore` on PostgreSQL."""

    _NULL_SAFE_EQUAL = "IS NOT DISTINCT FROM"

    def __init__(self, url: str, *, min_connections: int = 1, max_connections: int = 10) -> None:
        self.url = url
        self._sizes = (min_connections, max_connections)
        self._pool: asyncpg.Pool | None = None
        # The connection of the transaction this task is in (None: outside any).
        self._current: ContextVar[_Connection | None] = ContextVar(
            f"pg_transaction_{id(self)}", default=None
        )
        # The shared mixins' reads take it; never held here (the database isolates them).
        self._lock: asyncio.Lock = _Unlocked()
        # Tests set this to simulate a crash between the two writes of a move.
        self.crash_point: Callable[[], None] | None = None

    # -- lifecycle ------------------------------------------------------------------------

    async def open(self) -> None:
        low, high = self._sizes
        self._pool = await asyncpg.create_pool(self.url, min_size=low, max_size=high)
        await self._migrate()

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise StoreError("store is not open")
        return self._pool

    @contextlib.asynccontextmanager
    async def _connection(self) -> AsyncIterator[_Connection]:
        """The current transaction's connection, or one from the pool for one statement."""
        current = self._current.get()
        if current is not None:
            yield current
            return
        async with self.pool.acquire() as connection:
            yield connection

    async def _run(self, sql: str, params: tuple[Any, ...] = ()) -> tuple[int, int | None]:
        """Execute one statement; its rowcount (no lastrowid: inserts say ``RETURNING id``)."""
        async with self._connection() as connection:
            status = await connection.execute(_pg(sql), *params)
        return _rowcount(status), None

    async def _run_many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        """One statement for every row, pipelined in one round trip."""
        if rows:
            async with self._connection() as connection:
                await connection.executemany(_pg(sql), rows)

    async def _fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        async with self._connection() as connection:
            return list(await connection.fetch(_pg(sql), *params))

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[None]:
        """One transaction on one pooled connection; joined, not nested, by an inner call (so
        an override can take a lock first and then run the SQLite mixin's own transaction)."""
        if self._current.get() is not None:
            yield
            return
        async with self.pool.acquire() as connection, connection.transaction():
            token = self._current.set(connection)
            try:
                yield
            finally:
                self._current.reset(token)

    async def _insert_id(self, sql: str, params: tuple[Any, ...]) -> int:
        rows = await self._fetchall(f"{sql} RETURNING id", params)
        return int(rows[0][0])

    @contextlib.asynccontextmanager
    async def _channel_guard(self, channel_id: int) -> AsyncIterator[None]:
        """The one-open-table-per-channel index refusing a write, as :class:`ChannelBusy`
        (another unique index refusing one is a bug, and stays itself)."""
        try:
            yield
        except asyncpg.UniqueViolationError as error:
            if error.constraint_name != _ONE_OPEN_PER_CHANNEL:
                raise
            raise ChannelBusy(str(channel_id)) from error

    async def schema_version(self) -> int:
        rows = await self._fetchall("SELECT version FROM schema_version")
        return int(rows[0][0]) if rows else 0

    async def _migrate(self) -> None:
        """Every migration not yet run, in one transaction behind an advisory lock: a second
        process opening at the same time waits, then finds the schema current."""
        async with self._transaction():
            await self._run("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
            await self._run(SCHEMA_TABLE)
            current = await self.schema_version()
            for statements in MIGRATIONS[current:]:
                for statement in statements:
                    await self._run(statement)
            if current == 0:
                await self._run("INSERT INTO schema_version (version) VALUES (?)", (0,))
            await self._run("UPDATE schema_version SET version = ?", (len(MIGRATIONS),))
        if current < len(MIGRATIONS):
            log.info("PostgreSQL database migrated to schema %d", len(MIGRATIONS))
