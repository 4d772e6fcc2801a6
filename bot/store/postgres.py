"""The store for growing past one process: PostgreSQL through an asyncpg connection pool.

Chosen by ``DATABASE_URL`` (``postgresql://...``, see :func:`bot.store.factory.store_for`).
The guarantees are the database's, never this process's: a move is one transaction whose
``UPDATE ... WHERE version = ?`` is the compare-and-swap (under READ COMMITTED a second writer
waits for the first, re-reads the row, matches nothing and gets :class:`VersionConflict`), and
one open table per channel is a partial unique index (:class:`ChannelBusy`). So any number of
bot processes may share one database.

Statements are written with SQLite's ``?`` marks and numbered for PostgreSQL by :func:`_pg`:
the clock and results operations are SQLite's own mixins (:mod:`bot.store.postgres_clocks`,
:mod:`bot.store.postgres_results` override only what differs), and rows decode through
:mod:`bot.store.encoding` like SQLite's. A transaction pins one pooled connection in a context
variable; every statement run inside it (the mixins' too) goes through that connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

import asyncpg

from bot.store.base import (
    ACTIVE,
    FAILED,
    MERGED,
    OPEN_STATUSES,
    PENDING,
    SENT,
    ActionRecord,
    Announced,
    Announcement,
    ChannelBusy,
    Delivery,
    GameRecord,
    Prefs,
    Seat,
    StoreError,
    VersionConflict,
)
from bot.store.encoding import (
    ANNOUNCED_COLUMNS,
    COLUMNS,
    DELIVERY_COLUMNS,
    MOVE_CHANGES,
    UPDATABLE,
    dumps,
    encode,
    seated_params,
)
from bot.store.encoding import announced as announced_row
from bot.store.encoding import record as record_row
from bot.store.pg_migrations import MIGRATION_LOCK, MIGRATIONS, SCHEMA_TABLE
from bot.store.postgres_clocks import PgClocks
from bot.store.postgres_results import PgResults

if TYPE_CHECKING:
    from asyncpg.pool import PoolConnectionProxy

    _Connection = PoolConnectionProxy[asyncpg.Record]

log = logging.getLogger(__name__)

_SEATED = "(seats LIKE ? OR seats LIKE ?)"
"""Rows where a user may have a seat: a cheap SQL prefilter, confirmed by ``seat_of``."""
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


class PostgresStore(PgClocks, PgResults):
    """:class:`bot.store.base.GameStore` on PostgreSQL."""

    def __init__(self, url: str, *, min_connections: int = 1, max_connections: int = 10) -> None:
        self.url = url
        self._sizes = (min_connections, max_connections)
        self._pool: asyncpg.Pool | None = None
        # The connection of the transaction this task is in (None: outside any).
        self._current: ContextVar[_Connection | None] = ContextVar(
            f"pg_transaction_{id(self)}", default=None
        )
        # Only the shared SQLite mixins' reads take it (they were written for one connection);
        # the database, not this lock, makes writes safe.
        self._lock = asyncio.Lock()
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

    async def _announce(self, game_id: int, announce: Announcement | None, now: float) -> None:
        """Store what the change just written must show (inside its transaction)."""
        if announce is None:
            return
        written = await self._get(game_id)
        assert written is not None
        rows = await self._fetchall(
            "INSERT INTO announcements (game_id, version, snapshot, events, notes, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            (
                game_id,
                written.version,
                dumps(written.dump()),
                dumps(list(announce.events)),
                dumps(list(announce.notes)),
                now,
            ),
        )
        await self._run_many(
            "INSERT INTO deliveries (announcement_id, game_id, version, kind, seat, due_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [(rows[0][0], game_id, written.version, kind, seat, now)
             for kind, seat in announce.deliveries],
        )  # fmt: skip

    # -- reads ----------------------------------------------------------------------------

    async def get(self, game_id: int) -> GameRecord | None:
        return await self._get(game_id)

    async def _get(self, game_id: int) -> GameRecord | None:
        rows = await self._fetchall(f"SELECT {COLUMNS} FROM games WHERE id = ?", (game_id,))
        return record_row(rows[0]) if rows else None

    async def open_in_channel(self, channel_id: int) -> GameRecord | None:
        rows = await self._fetchall(
            f"SELECT {COLUMNS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return record_row(rows[0]) if rows else None

    async def latest_in_channel(self, channel_id: int) -> GameRecord | None:
        rows = await self._fetchall(
            f"SELECT {COLUMNS} FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return record_row(rows[0]) if rows else None

    async def list_games(
        self,
        guild_id: int | None,
        statuses: tuple[str, ...] = OPEN_STATUSES,
        limit: int = 25,
        *,
        seated: int | None = None,
    ) -> list[GameRecord]:
        where = "guild_id IS NOT DISTINCT FROM ? AND status = ANY(?)"
        params: list[Any] = [guild_id, list(statuses)]
        if seated is not None:
            where += f" AND {_SEATED}"
            params += seated_params(seated)
        rows = await self._fetchall(
            f"SELECT {COLUMNS} FROM games WHERE {where} ORDER BY updated_at DESC LIMIT ?",
            (*params, limit),
        )
        records = [record_row(row) for row in rows]
        if seated is not None:
            records = [r for r in records if r.seat_of(seated) is not None]
        return records

    async def list_seated(
        self, user_id: int, statuses: tuple[str, ...] = OPEN_STATUSES, limit: int = 200
    ) -> list[GameRecord]:
        rows = await self._fetchall(
            f"SELECT {COLUMNS} FROM games WHERE status = ANY(?) AND {_SEATED} "
            "ORDER BY updated_at DESC, id DESC LIMIT ?",
            (list(statuses), *seated_params(user_id), limit),
        )
        records = [record_row(row) for row in rows]
        return [r for r in records if r.seat_of(user_id) is not None]

    async def list_active(
        self, *, idle_since: float | None = None, with_bots: bool = False
    ) -> list[GameRecord]:
        where: list[str] = ["status = ?"]
        params: list[Any] = [ACTIVE]
        if idle_since is not None:
            where.append("updated_at < ? AND reminded_version != version")
            params.append(idle_since)
        if with_bots:
            where.append("""seats LIKE '%"user_id":null%'""")
        rows = await self._fetchall(
            f"SELECT {COLUMNS} FROM games WHERE {' AND '.join(where)}", tuple(params)
        )
        return [record_row(row) for row in rows]

    async def actions(self, game_id: int) -> list[ActionRecord]:
        rows = await self._fetchall(
            "SELECT game_id, seq, seat, action, events, created_at FROM actions "
            "WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [
            ActionRecord(r[0], r[1], r[2], json.loads(r[3]), json.loads(r[4]), r[5]) for r in rows
        ]

    # -- writes ---------------------------------------------------------------------------

    async def create(
        self,
        *,
        game: str,
        guild_id: int | None,
        channel_id: int,
        host: Seat,
        host_id: int,
        options: dict[str, Any],
        locale: str,
        seed: int,
        seed_hash: str,
        announce: Announcement | None = None,
        clock: dict[str, Any] | None = None,
    ) -> GameRecord:
        now = time.time()
        async with self._channel_guard(channel_id), self._transaction():
            rows = await self._fetchall(
                "INSERT INTO games (game, guild_id, channel_id, host_id, status, options, "
                "seats, locale, seed, seed_hash, created_at, updated_at, clock) "
                "VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (game, guild_id, channel_id, host_id, dumps(options), dumps([host.dump()]),
                 locale, seed, seed_hash, now, now, dumps(clock or {})),
            )  # fmt: skip
            game_id = int(rows[0][0])
            await self._announce(game_id, announce, now)
        return await self._must_get(game_id)

    @contextlib.asynccontextmanager
    async def _channel_guard(self, channel_id: int) -> AsyncIterator[None]:
        """The one-open-table-per-channel index refusing a write, as :class:`ChannelBusy`."""
        try:
            yield
        except asyncpg.UniqueViolationError as error:
            if error.constraint_name != _ONE_OPEN_PER_CHANNEL:
                raise
            raise ChannelBusy(str(channel_id)) from error

    async def update(
        self, record: GameRecord, *, announce: Announcement | None = None, **changes: Any
    ) -> GameRecord:
        unknown = set(changes) - UPDATABLE
        if unknown:
            raise StoreError(f"not updatable: {sorted(unknown)}")
        assignments = ", ".join(f"{name} = ?" for name in changes)
        values = [encode(name, value) for name, value in changes.items()]
        now = time.time()
        async with self._channel_guard(record.channel_id), self._transaction():
            rowcount, _ = await self._run(
                f"UPDATE games SET {assignments}, version = version + 1, updated_at = ? "
                "WHERE id = ? AND version = ?",
                (*values, now, record.id, record.version),
            )
            if rowcount != 1:
                raise VersionConflict(f"game {record.id} is past version {record.version}")
            await self._announce(record.id, announce, now)
        return await self._must_get(record.id)

    async def commit_move(
        self,
        record: GameRecord,
        *,
        seat: int,
        action: dict[str, Any],
        events: list[dict[str, Any]],
        state: dict[str, Any],
        status: str,
        announce: Announcement | None = None,
        then: Sequence[tuple[int, dict[str, Any], list[dict[str, Any]]]] = (),
        **changes: Any,
    ) -> GameRecord:
        unknown = set(changes) - MOVE_CHANGES
        if unknown:
            raise StoreError(f"not changed by a move: {sorted(unknown)}")
        assignments = "".join(f"{name} = ?, " for name in changes)
        values = [encode(name, value) for name, value in changes.items()]
        now = time.time()
        moves = [(seat, action, events), *then]
        async with self._transaction():
            rowcount, _ = await self._run(
                f"UPDATE games SET state = ?, status = ?, {assignments}version = version + ?, "
                "updated_at = ? WHERE id = ? AND version = ?",
                (dumps(state), status, *values, len(moves), now, record.id, record.version),
            )
            if rowcount != 1:
                raise VersionConflict(f"game {record.id} is past version {record.version}")
            if self.crash_point is not None:
                self.crash_point()
            await self._run_many(
                "INSERT INTO actions (game_id, seq, seat, action, events, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(record.id, seq, who, dumps(what), dumps(happened), now)
                 for seq, (who, what, happened) in enumerate(moves, start=record.version + 1)],
            )  # fmt: skip
            await self._announce(record.id, announce, now)
        return await self._must_get(record.id)

    async def _must_get(self, game_id: int) -> GameRecord:
        found = await self.get(game_id)
        if found is None:
            raise StoreError(f"game {game_id} vanished")
        return found

    async def set_message(
        self,
        game_id: int,
        message_id: int,
        *,
        key: str | None = None,
        at: float | None = None,
        since: int | None = None,
    ) -> None:
        await self._run(
            "UPDATE games SET message_id = ?, message_key = ?, message_at = ?, "
            "message_from = ? WHERE id = ?",
            (message_id, key, at, since, game_id),
        )

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        await self._run("UPDATE games SET lobby_message_id = ? WHERE id = ?", (message_id, game_id))

    async def mark_reminded(self, game_id: int, version: int) -> None:
        await self._run("UPDATE games SET reminded_version = ? WHERE id = ?", (version, game_id))

    async def prefs(self, user_id: int) -> Prefs:
        rows = await self._fetchall(
            "SELECT dm_on_turn, reminders FROM user_prefs WHERE user_id = ?", (user_id,)
        )
        return Prefs(bool(rows[0][0]), bool(rows[0][1])) if rows else Prefs()

    async def set_prefs(self, user_id: int, prefs: Prefs) -> None:
        await self._run(
            "INSERT INTO user_prefs (user_id, dm_on_turn, reminders, updated_at) "
            "VALUES (?, ?, ?, ?) ON CONFLICT(user_id) DO UPDATE SET "
            "dm_on_turn = excluded.dm_on_turn, reminders = excluded.reminders, "
            "updated_at = excluded.updated_at",
            (user_id, int(prefs.dm_on_turn), int(prefs.reminders), time.time()),
        )

    # -- the outbox -------------------------------------------------------------------------

    async def tables_with_due_deliveries(self, now: float) -> list[int]:
        rows = await self._fetchall(
            "SELECT DISTINCT game_id FROM deliveries "
            "WHERE status = 'pending' AND due_at <= ? ORDER BY game_id",
            (now,),
        )
        return [int(row[0]) for row in rows]

    async def open_deliveries(self, game_id: int) -> list[Delivery]:
        rows = await self._fetchall(
            f"SELECT {DELIVERY_COLUMNS} FROM deliveries "
            "WHERE game_id = ? AND status IN ('pending', 'merged') ORDER BY id",
            (game_id,),
        )
        return [Delivery(*row) for row in rows]

    async def announced(self, announcement_id: int) -> Announced:
        rows = await self._fetchall(
            f"SELECT {ANNOUNCED_COLUMNS} FROM announcements WHERE id = ?", (announcement_id,)
        )
        if not rows:
            raise StoreError(f"announcement {announcement_id} is gone")
        return announced_row(rows[0])

    async def announced_between(self, game_id: int, first: int, last: int) -> list[Announced]:
        rows = await self._fetchall(
            f"SELECT {ANNOUNCED_COLUMNS} FROM announcements "
            "WHERE game_id = ? AND version BETWEEN ? AND ? ORDER BY version, id",
            (game_id, first, last),
        )
        return [announced_row(row) for row in rows]

    async def merge_deliveries(self, ids: list[int], into: int) -> None:
        if ids:
            await self._run(
                f"UPDATE deliveries SET status = '{MERGED}', merged_into = ? "
                "WHERE id = ANY(?) OR merged_into = ANY(?)",
                (into, ids, ids),
            )

    async def delivery_sent(self, delivery_id: int, message_id: int | None) -> None:
        await self._finish(delivery_id, SENT, message_id=message_id, error=None)

    async def delivery_failed(self, delivery_id: int, error: str) -> None:
        await self._finish(delivery_id, FAILED, message_id=None, error=error)

    async def _finish(
        self, delivery_id: int, status: str, *, message_id: int | None, error: str | None
    ) -> None:
        async with self._transaction():
            await self._run(
                "UPDATE deliveries SET status = ?, message_id = ?, error = ?, done_at = ?, "
                "attempts = attempts + 1 WHERE id = ?",
                (status, message_id, error, time.time(), delivery_id),
            )
            await self._run(
                "UPDATE deliveries SET status = ?, message_id = ?, done_at = ? "
                f"WHERE merged_into = ? AND status = '{MERGED}'",
                (status, message_id, time.time(), delivery_id),
            )

    async def delivery_retry(self, delivery_id: int, due_at: float, error: str) -> None:
        await self._run(
            "UPDATE deliveries SET attempts = attempts + 1, due_at = ?, error = ? "
            f"WHERE id = ? AND status = '{PENDING}'",
            (due_at, error[:500], delivery_id),
        )

    async def add_delivery(self, announcement_id: int, kind: str, seat: int | None) -> None:
        # Typed marks: in a SELECT list PostgreSQL cannot tell a parameter's type otherwise.
        await self._run(
            "INSERT INTO deliveries (announcement_id, game_id, version, kind, seat, due_at) "
            "SELECT id, game_id, version, ?::text, ?::integer, ?::double precision "
            "FROM announcements WHERE id = ?",
            (kind, seat, time.time(), announcement_id),
        )

    async def last_hand_message(self, game_id: int, seat: int) -> int | None:
        rows = await self._fetchall(
            "SELECT message_id FROM deliveries WHERE game_id = ? AND seat = ? "
            "AND kind IN ('hand', 'hand_update') AND status = 'sent' "
            "AND message_id IS NOT NULL ORDER BY id DESC LIMIT 1",
            (game_id, seat),
        )
        return int(rows[0][0]) if rows else None

    async def delivered_kinds(self, game_id: int, kind: str) -> list[int | None]:
        rows = await self._fetchall(
            "SELECT DISTINCT seat FROM deliveries WHERE game_id = ? AND kind = ?",
            (game_id, kind),
        )
        return [row[0] for row in rows]

    async def undelivered(self, game_id: int, through_version: int) -> int:
        rows = await self._fetchall(
            "SELECT COUNT(*) FROM deliveries WHERE game_id = ? AND version <= ? "
            "AND status IN ('pending', 'merged')",
            (game_id, through_version),
        )
        return int(rows[0][0])

    async def purge_announcements(self, before: float) -> int:
        rowcount, _ = await self._run(
            "DELETE FROM announcements WHERE created_at < ? AND NOT EXISTS ("
            "SELECT 1 FROM deliveries d WHERE d.announcement_id = announcements.id "
            "AND d.status IN ('pending', 'merged'))",
            (before,),
        )
        return rowcount
