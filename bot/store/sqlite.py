"""The embedded default store: one SQLite file through aiosqlite, WAL mode.

aiosqlite serialises calls on one connection, but two coroutines could still interleave the
statements of their transactions; a single asyncio lock makes every operation atomic with
respect to the others in this process, and ``BEGIN IMMEDIATE`` plus the version guard make it
atomic with respect to other processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

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
from bot.store.encoding import ANNOUNCED_COLUMNS as _ANNOUNCED_COLUMNS
from bot.store.encoding import COLUMNS as _COLUMNS
from bot.store.encoding import DELIVERY_COLUMNS as _DELIVERY_COLUMNS
from bot.store.encoding import MOVE_CHANGES as _MOVE_CHANGES
from bot.store.encoding import UPDATABLE as _UPDATABLE
from bot.store.encoding import announced as _announced
from bot.store.encoding import dumps as _dumps
from bot.store.encoding import encode as _encode
from bot.store.encoding import record as _record
from bot.store.encoding import seated_params as _seated_params
from bot.store.migrations import MIGRATIONS
from bot.store.sqlite_clocks import ClockSql
from bot.store.sqlite_results import ResultsMixin

log = logging.getLogger(__name__)

_SEATED = "(seats LIKE ? OR seats LIKE ?)"
"""Rows where a user may have a seat: a cheap SQL prefilter, confirmed by ``seat_of``."""


class SqliteStore(ClockSql, ResultsMixin):
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
        await self._db.execute("PRAGMA journal_mode=WAL")
        await self._db.execute("PRAGMA foreign_keys=ON")
        await self._db.execute("PRAGMA busy_timeout=5000")
        await self._migrate()

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

    async def _announce(self, game_id: int, announce: Announcement | None, now: float) -> None:
        """Store what the change just written must show (inside its transaction)."""
        if announce is None:
            return
        record = await self._get(game_id)
        assert record is not None
        _, announcement_id = await self._run(
            "INSERT INTO announcements (game_id, version, snapshot, events, notes, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                game_id,
                record.version,
                _dumps(record.dump()),
                _dumps(list(announce.events)),
                _dumps(list(announce.notes)),
                now,
            ),
        )
        for kind, seat in announce.deliveries:
            await self._run(
                "INSERT INTO deliveries (announcement_id, game_id, version, kind, seat, due_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (announcement_id, game_id, record.version, kind, seat, now),
            )

    # -- reads ----------------------------------------------------------------------------

    async def get(self, game_id: int) -> GameRecord | None:
        async with self._lock:
            return await self._get(game_id)

    async def _get(self, game_id: int) -> GameRecord | None:
        rows = await self._fetchall(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _record(rows[0]) if rows else None

    async def open_in_channel(self, channel_id: int) -> GameRecord | None:
        async with self._lock:
            rows = await self._fetchall(
                # Literal statuses, so SQLite can use the partial index (bound ones cannot).
                f"SELECT {_COLUMNS} FROM games WHERE channel_id = ? "
                "AND status IN ('lobby', 'active')",
                (channel_id,),
            )
        return _record(rows[0]) if rows else None

    async def latest_in_channel(self, channel_id: int) -> GameRecord | None:
        async with self._lock:
            rows = await self._fetchall(
                f"SELECT {_COLUMNS} FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
                (channel_id,),
            )
        return _record(rows[0]) if rows else None

    async def list_games(
        self,
        guild_id: int | None,
        statuses: tuple[str, ...] = OPEN_STATUSES,
        limit: int = 25,
        *,
        seated: int | None = None,
    ) -> list[GameRecord]:
        marks = ",".join("?" * len(statuses))
        where = f"guild_id IS ? AND status IN ({marks})"
        params: list[Any] = [guild_id, *statuses]
        if seated is not None:
            where += f" AND {_SEATED}"
            params += _seated_params(seated)
        async with self._lock:
            rows = await self._fetchall(
                f"SELECT {_COLUMNS} FROM games WHERE {where} ORDER BY updated_at DESC LIMIT ?",
                (*params, limit),
            )
        records = [_record(row) for row in rows]
        if seated is not None:
            records = [r for r in records if r.seat_of(seated) is not None]
        return records

    async def list_seated(
        self, user_id: int, statuses: tuple[str, ...] = OPEN_STATUSES, limit: int = 200
    ) -> list[GameRecord]:
        marks = ",".join("?" * len(statuses))
        async with self._lock:
            rows = await self._fetchall(
                f"SELECT {_COLUMNS} FROM games WHERE status IN ({marks}) AND {_SEATED} "
                "ORDER BY updated_at DESC, id DESC LIMIT ?",
                (*statuses, *_seated_params(user_id), limit),
            )
        records = [_record(row) for row in rows]
        return [r for r in records if r.seat_of(user_id) is not None]

    async def list_active(
        self, *, idle_since: float | None = None, with_bots: bool = False
    ) -> list[GameRecord]:
        # Filter in SQL: decoding every active row on the event loop freezes the bot for a
        # noticeable time once there are thousands (seen in the benchmark).
        where: list[str] = ["status = ?"]
        params: list[Any] = [ACTIVE]
        if idle_since is not None:
            where.append("updated_at < ? AND reminded_version != version")
            params.append(idle_since)
        if with_bots:
            where.append("""seats LIKE '%"user_id":null%'""")
        async with self._lock:
            rows = await self._fetchall(
                f"SELECT {_COLUMNS} FROM games WHERE {' AND '.join(where)}", tuple(params)
            )
        return [_record(row) for row in rows]

    async def actions(self, game_id: int) -> list[ActionRecord]:
        async with self._lock:
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
        try:
            async with self._transaction():
                _, game_id = await self._run(
                    "INSERT INTO games (game, guild_id, channel_id, host_id, status, options, "
                    "seats, locale, seed, seed_hash, created_at, updated_at, clock) "
                    "VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        game,
                        guild_id,
                        channel_id,
                        host_id,
                        _dumps(options),
                        _dumps([host.dump()]),
                        locale,
                        seed,
                        seed_hash,
                        now,
                        now,
                        _dumps(clock or {}),
                    ),
                )
                await self._announce(int(game_id or 0), announce, now)
        except aiosqlite.IntegrityError as error:
            raise ChannelBusy(str(channel_id)) from error
        return await self._must_get(int(game_id or 0))

    async def update(
        self, record: GameRecord, *, announce: Announcement | None = None, **changes: Any
    ) -> GameRecord:
        unknown = set(changes) - _UPDATABLE
        if unknown:
            raise StoreError(f"not updatable: {sorted(unknown)}")
        assignments = ", ".join(f"{name} = ?" for name in changes)
        values = [_encode(name, value) for name, value in changes.items()]
        now = time.time()
        try:
            async with self._transaction():
                rowcount, _ = await self._run(
                    f"UPDATE games SET {assignments}, version = version + 1, updated_at = ? "
                    "WHERE id = ? AND version = ?",
                    (*values, now, record.id, record.version),
                )
                if rowcount != 1:
                    raise VersionConflict(f"game {record.id} is past version {record.version}")
                await self._announce(record.id, announce, now)
        except aiosqlite.IntegrityError as error:
            raise ChannelBusy(str(record.channel_id)) from error
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
        unknown = set(changes) - _MOVE_CHANGES
        if unknown:
            raise StoreError(f"not changed by a move: {sorted(unknown)}")
        assignments = "".join(f"{name} = ?, " for name in changes)
        values = [_encode(name, value) for name, value in changes.items()]
        now = time.time()
        moves = [(seat, action, events), *then]
        async with self._transaction():
            rowcount, _ = await self._run(
                f"UPDATE games SET state = ?, status = ?, {assignments}version = version + ?, "
                "updated_at = ? WHERE id = ? AND version = ?",
                (_dumps(state), status, *values, len(moves), now, record.id, record.version),
            )
            if rowcount != 1:
                raise VersionConflict(f"game {record.id} is past version {record.version}")
            if self.crash_point is not None:
                self.crash_point()
            for seq, (who, what, happened) in enumerate(moves, start=record.version + 1):
                await self._run(
                    "INSERT INTO actions (game_id, seq, seat, action, events, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (record.id, seq, who, _dumps(what), _dumps(happened), now),
                )
            await self._announce(record.id, announce, now)
        return await self._must_get(record.id)

    async def _must_get(self, game_id: int) -> GameRecord:
        record = await self.get(game_id)
        if record is None:
            raise StoreError(f"game {game_id} vanished")
        return record

    async def set_message(
        self,
        game_id: int,
        message_id: int,
        *,
        key: str | None = None,
        at: float | None = None,
        since: int | None = None,
    ) -> None:
        async with self._lock:
            await self._run(
                "UPDATE games SET message_id = ?, message_key = ?, message_at = ?, "
                "message_from = ? WHERE id = ?",
                (message_id, key, at, since, game_id),
            )

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        async with self._lock:
            await self._run(
                "UPDATE games SET lobby_message_id = ? WHERE id = ?", (message_id, game_id)
            )

    async def mark_reminded(self, game_id: int, version: int) -> None:
        async with self._lock:
            await self._run(
                "UPDATE games SET reminded_version = ? WHERE id = ?", (version, game_id)
            )

    async def prefs(self, user_id: int) -> Prefs:
        async with self._lock:
            rows = await self._fetchall(
                "SELECT dm_on_turn, reminders FROM user_prefs WHERE user_id = ?", (user_id,)
            )
        return Prefs(bool(rows[0][0]), bool(rows[0][1])) if rows else Prefs()

    async def set_prefs(self, user_id: int, prefs: Prefs) -> None:
        async with self._lock:
            await self._run(
                "INSERT INTO user_prefs (user_id, dm_on_turn, reminders, updated_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT(user_id) DO UPDATE SET "
                "dm_on_turn = excluded.dm_on_turn, reminders = excluded.reminders, "
                "updated_at = excluded.updated_at",
                (user_id, int(prefs.dm_on_turn), int(prefs.reminders), time.time()),
            )

    # -- the outbox -------------------------------------------------------------------------

    async def tables_with_due_deliveries(self, now: float) -> list[int]:
        async with self._lock:
            rows = await self._fetchall(
                "SELECT DISTINCT game_id FROM deliveries "
                "WHERE status = 'pending' AND due_at <= ? ORDER BY game_id",
                (now,),
            )
        return [row[0] for row in rows]

    async def open_deliveries(self, game_id: int) -> list[Delivery]:
        async with self._lock:
            rows = await self._fetchall(
                f"SELECT {_DELIVERY_COLUMNS} FROM deliveries "
                "WHERE game_id = ? AND status IN ('pending', 'merged') ORDER BY id",
                (game_id,),
            )
        return [Delivery(*row) for row in rows]

    async def announced(self, announcement_id: int) -> Announced:
        async with self._lock:
            rows = await self._fetchall(
                f"SELECT {_ANNOUNCED_COLUMNS} FROM announcements WHERE id = ?",
                (announcement_id,),
            )
        if not rows:
            raise StoreError(f"announcement {announcement_id} is gone")
        return _announced(rows[0])

    async def announced_between(self, game_id: int, first: int, last: int) -> list[Announced]:
        async with self._lock:
            rows = await self._fetchall(
                f"SELECT {_ANNOUNCED_COLUMNS} FROM announcements "
                "WHERE game_id = ? AND version BETWEEN ? AND ? ORDER BY version, id",
                (game_id, first, last),
            )
        return [_announced(row) for row in rows]

    async def merge_deliveries(self, ids: list[int], into: int) -> None:
        if not ids:
            return
        marks = ",".join("?" * len(ids))
        async with self._transaction():
            await self._run(
                f"UPDATE deliveries SET status = '{MERGED}', merged_into = ? "
                f"WHERE id IN ({marks}) OR merged_into IN ({marks})",
                (into, *ids, *ids),
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
        async with self._lock:
            await self._run(
                "UPDATE deliveries SET attempts = attempts + 1, due_at = ?, error = ? "
                f"WHERE id = ? AND status = '{PENDING}'",
                (due_at, error[:500], delivery_id),
            )

    async def add_delivery(self, announcement_id: int, kind: str, seat: int | None) -> None:
        async with self._lock:
            await self._run(
                "INSERT INTO deliveries (announcement_id, game_id, version, kind, seat, due_at) "
                "SELECT id, game_id, version, ?, ?, ? FROM announcements WHERE id = ?",
                (kind, seat, time.time(), announcement_id),
            )

    async def last_hand_message(self, game_id: int, seat: int) -> int | None:
        async with self._lock:
            rows = await self._fetchall(
                "SELECT message_id FROM deliveries WHERE game_id = ? AND seat = ? "
                "AND kind IN ('hand', 'hand_update') AND status = 'sent' "
                "AND message_id IS NOT NULL ORDER BY id DESC LIMIT 1",
                (game_id, seat),
            )
        return int(rows[0][0]) if rows else None

    async def delivered_kinds(self, game_id: int, kind: str) -> list[int | None]:
        async with self._lock:
            rows = await self._fetchall(
                "SELECT DISTINCT seat FROM deliveries WHERE game_id = ? AND kind = ?",
                (game_id, kind),
            )
        return [row[0] for row in rows]

    async def undelivered(self, game_id: int, through_version: int) -> int:
        async with self._lock:
            rows = await self._fetchall(
                "SELECT COUNT(*) FROM deliveries WHERE game_id = ? AND version <= ? "
                "AND status IN ('pending', 'merged')",
                (game_id, through_version),
            )
        return int(rows[0][0])

    async def purge_announcements(self, before: float) -> int:
        async with self._transaction():
            rowcount, _ = await self._run(
                "DELETE FROM announcements WHERE created_at < ? AND NOT EXISTS ("
                "SELECT 1 FROM deliveries d WHERE d.announcement_id = announcements.id "
                "AND d.status IN ('pending', 'merged'))",
                (before,),
            )
        return rowcount


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
