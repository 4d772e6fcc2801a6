"""Tables and the outbox in SQL that SQLite and PostgreSQL both run: one mixin, so a change to
how a game or a delivery is stored is made once for both stores.

Each store brings the plumbing: how a statement runs and a transaction is held, how an insert
returns its id, and how the one-open-table-per-channel index refusing a write is recognised.
Statements use ``?`` marks; :class:`bot.store.postgres.PostgresStore` numbers them for
PostgreSQL. Reads take the store's ``_lock``: SQLite's serialises its one connection;
PostgreSQL's is never held (each read runs on a pooled connection of its own).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any, ClassVar

from bot.store.base import (
    ACTIVE,
    FAILED,
    MERGED,
    OPEN_STATUSES,
    PENDING,
    REPLY,
    SENT,
    ActionRecord,
    Announced,
    Announcement,
    Delivery,
    OpenReply,
    Prefs,
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
from bot.store.records import GameRecord, Seat

_SEATED = "(seats LIKE ? OR seats LIKE ?)"
"""Rows where a user may have a seat: a cheap SQL prefilter, confirmed by ``seat_of``."""


def _assignments(
    changes: dict[str, Any], allowed: set[str], refusal: str
) -> tuple[list[str], list[Any]]:
    """``column = ?`` for each change, and its stored value, for a write's SET list.

    Why the check: column names go into the SQL text itself (values are bound), so only the
    columns this write may change are accepted; any other is refused as ``refusal``.
    """
    unknown = set(changes) - allowed
    if unknown:
        raise StoreError(f"{refusal}: {sorted(unknown)}")
    columns = [f"{name} = ?" for name in changes]
    return columns, [_encode(name, value) for name, value in changes.items()]


class GamesSql:
    """The table and outbox operations of :class:`bot.store.base.GameStore`."""

    _NULL_SAFE_EQUAL: ClassVar[str] = "IS"
    """How a bound value that may be NULL is matched: SQLite's ``IS``; PostgreSQL says
    ``IS NOT DISTINCT FROM``."""

    if TYPE_CHECKING:  # each store's plumbing
        _lock: asyncio.Lock
        crash_point: Callable[[], None] | None

        async def _run(self, sql: str, params: tuple[Any, ...] = ()) -> tuple[int, int | None]: ...

        async def _run_many(self, sql: str, rows: list[tuple[Any, ...]]) -> None: ...

        async def _fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]: ...

        async def _insert_id(self, sql: str, params: tuple[Any, ...]) -> int:
            """Run an ``INSERT`` of one row; the new row's id."""
            ...

        def _transaction(self) -> AbstractAsyncContextManager[None]: ...

        def _channel_guard(self, channel_id: int) -> AbstractAsyncContextManager[None]:
            """The one-open-table-per-channel index refusing a write, as ChannelBusy."""
            ...

    async def _announce(
        self, game_id: int, announce: Announcement | None, now: float
    ) -> GameRecord | None:
        """Store what the change just written must show (inside its transaction); the table
        as written, read for it (None: nothing to announce, nothing read)."""
        if announce is None:
            return None
        record = await self._get(game_id)
        assert record is not None
        announcement_id = await self._insert_id(
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
        await self._run_many(
            "INSERT INTO deliveries (announcement_id, game_id, version, kind, seat, due_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [(announcement_id, game_id, record.version, kind, seat, now)
             for kind, seat in announce.deliveries],
        )  # fmt: skip
        return record

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
        where = f"guild_id {self._NULL_SAFE_EQUAL} ? AND status IN ({marks})"
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
        extra: dict[str, Any] | None = None,
    ) -> GameRecord:
        now = time.time()
        async with self._channel_guard(channel_id), self._transaction():
            game_id = await self._insert_id(
                "INSERT INTO games (game, guild_id, channel_id, host_id, status, options, "
                "seats, locale, seed, seed_hash, created_at, updated_at, clock, extra) "
                "VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game, guild_id, channel_id, host_id, _dumps(options), _dumps([host.dump()]),
                 locale, seed, seed_hash, now, now, _dumps(clock or {}), _dumps(extra or {})),
            )  # fmt: skip
            written = await self._announce(game_id, announce, now)
            await self._reply_committed(game_id)
        return written or await self._must_get(game_id)

    async def update(
        self, record: GameRecord, *, announce: Announcement | None = None, **changes: Any
    ) -> GameRecord:
        columns, values = _assignments(changes, _UPDATABLE, "not updatable")
        assignments = ", ".join([*columns, "version = version + 1", "updated_at = ?"])
        now = time.time()
        async with self._channel_guard(record.channel_id), self._transaction():
            rowcount, _ = await self._run(
                f"UPDATE games SET {assignments} WHERE id = ? AND version = ?",
                (*values, now, record.id, record.version),
            )
            if rowcount != 1:
                raise VersionConflict(f"game {record.id} is past version {record.version}")
            written = await self._announce(record.id, announce, now)
            await self._reply_committed(record.id)
        return written or await self._must_get(record.id)

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
        columns, values = _assignments(changes, _MOVE_CHANGES, "not changed by a move")
        assignments = ", ".join(
            ["state = ?", "status = ?", *columns, "version = version + ?", "updated_at = ?"]
        )
        now = time.time()
        moves = [(seat, action, events), *then]
        async with self._transaction():
            rowcount, _ = await self._run(
                f"UPDATE games SET {assignments} WHERE id = ? AND version = ?",
                (_dumps(state), status, *values, len(moves), now, record.id, record.version),
            )
            if rowcount != 1:
                raise VersionConflict(f"game {record.id} is past version {record.version}")
            if self.crash_point is not None:
                self.crash_point()
            await self._run_many(
                "INSERT INTO actions (game_id, seq, seat, action, events, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(record.id, seq, who, _dumps(what), _dumps(happened), now)
                 for seq, (who, what, happened) in enumerate(moves, start=record.version + 1)],
            )  # fmt: skip
            written = await self._announce(record.id, announce, now)
            await self._reply_committed(record.id)
        return written or await self._must_get(record.id)

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
                "SELECT dm_on_turn, reminders, images FROM user_prefs WHERE user_id = ?",
                (user_id,),
            )
        return Prefs(*(bool(value) for value in rows[0])) if rows else Prefs()

    async def set_prefs(self, user_id: int, prefs: Prefs) -> None:
        async with self._transaction():
            await self._run(
                "INSERT INTO user_prefs (user_id, dm_on_turn, reminders, images, updated_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT(user_id) DO UPDATE SET "
                "dm_on_turn = excluded.dm_on_turn, reminders = excluded.reminders, "
                "images = excluded.images, updated_at = excluded.updated_at",
                (
                    user_id,
                    int(prefs.dm_on_turn),
                    int(prefs.reminders),
                    int(prefs.images),
                    time.time(),
                ),
            )
            await self._reply_committed(None)

    # -- replies a crash may interrupt ------------------------------------------------------

    async def _reply_committed(self, game_id: int | None) -> None:
        """Inside a change's transaction: the interaction it answers (:data:`REPLY`) changed
        something, and which table, as written (the row is written here if the interaction's
        own write has not landed yet). The first change counts (an automatic move it set off
        may commit later in the same context)."""
        reply = REPLY.get()
        if reply is None:
            return
        await self._run(
            "INSERT INTO replies (interaction_id, application_id, token, locale, created_at, "
            "shard, is_update, committed, game_id, version) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, (SELECT version FROM games WHERE id = ?)) "
            "ON CONFLICT(interaction_id) DO UPDATE SET committed = 1, "
            "game_id = excluded.game_id, version = excluded.version "
            "WHERE replies.committed = 0",
            (reply.interaction_id, reply.application_id, reply.token, reply.locale,
             reply.created_at, reply.shard, int(reply.update), game_id, game_id),
        )  # fmt: skip

    async def open_reply(self, reply: OpenReply) -> None:
        async with self._lock:
            await self._run(
                "INSERT INTO replies (interaction_id, application_id, token, locale, created_at, "
                "shard, is_update) VALUES (?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT(interaction_id) DO NOTHING",
                (reply.interaction_id, reply.application_id, reply.token, reply.locale,
                 reply.created_at, reply.shard, int(reply.update)),
            )  # fmt: skip

    async def close_reply(self, interaction_id: int) -> None:
        async with self._lock:
            await self._run("DELETE FROM replies WHERE interaction_id = ?", (interaction_id,))

    async def open_replies(
        self, since: float, shards: Sequence[int] | None = None
    ) -> list[OpenReply]:
        if shards is not None and not shards:
            return []
        where = "" if shards is None else f"WHERE shard IN ({', '.join('?' * len(shards))}) "
        params = () if shards is None else tuple(shards)
        async with self._transaction():
            await self._run("DELETE FROM replies WHERE created_at < ?", (since,))
            rows = await self._fetchall(
                "SELECT interaction_id, application_id, token, locale, created_at, shard, "
                f"committed, game_id, version, is_update FROM replies {where}"
                "ORDER BY created_at, interaction_id",
                params,
            )
        return [
            OpenReply(int(i), int(app), token, locale, float(at), int(shard), bool(done), game,
                      version, bool(update))
            for i, app, token, locale, at, shard, done, game, version, update in rows
        ]  # fmt: skip

    # -- the outbox -------------------------------------------------------------------------

    async def tables_with_due_deliveries(self, now: float) -> list[int]:
        # Deduplicated and sorted here: asked to, SQLite reads an index in game order from
        # end to end rather than the few due rows (the due index is by time).
        async with self._lock:
            rows = await self._fetchall(
                "SELECT game_id FROM deliveries WHERE status = 'pending' AND due_at <= ?", (now,)
            )
        return sorted({int(row[0]) for row in rows})

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
        async with self._lock:  # one statement: a transaction of its own
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
        """The delivery and those merged into it, in one statement: one round trip to the
        database, not four (a transaction's BEGIN and COMMIT, two updates), three times a
        move. The delivery's own row counts the attempt and keeps the error."""
        async with self._lock:
            await self._run(
                "UPDATE deliveries SET status = ?, message_id = ?, done_at = ?, "
                "error = CASE WHEN id = ? THEN ? ELSE error END, "
                "attempts = attempts + CASE WHEN id = ? THEN 1 ELSE 0 END "
                f"WHERE id = ? OR (merged_into = ? AND status = '{MERGED}')",
                (status, message_id, time.time(), delivery_id, error, delivery_id, delivery_id,
                 delivery_id),
            )  # fmt: skip

    async def delivery_retry(self, delivery_id: int, due_at: float, error: str) -> None:
        async with self._lock:
            await self._run(
                "UPDATE deliveries SET attempts = attempts + 1, due_at = ?, error = ? "
                f"WHERE id = ? AND status = '{PENDING}'",
                (due_at, error[:500], delivery_id),
            )

    async def delivery_by_followup(self, delivery_id: int, interaction_id: int) -> None:
        async with self._lock:
            await self._run(
                "UPDATE deliveries SET attempts = attempts + 1, followup_of = ? "
                f"WHERE id = ? AND status = '{PENDING}'",
                (interaction_id, delivery_id),
            )

    async def add_delivery(self, announcement_id: int, kind: str, seat: int | None) -> None:
        async with self._lock:
            await self._run(
                "INSERT INTO deliveries (announcement_id, game_id, version, kind, seat, due_at) "
                # Typed: PostgreSQL cannot tell a mark's type in a SELECT list otherwise.
                "SELECT id, game_id, version, CAST(? AS TEXT), CAST(? AS INTEGER), "
                "CAST(? AS DOUBLE PRECISION) FROM announcements WHERE id = ?",
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

    # -- leases (bot/leases.py) ---------------------------------------------------------------

    async def claim_tables(
        self, game_ids: list[int], holder: str, now: float, ttl: float
    ) -> list[int]:
        if not game_ids:
            return []
        marks = ",".join("?" * len(game_ids))
        async with self._lock:  # one statement: atomic on both databases
            rows = await self._fetchall(
                "UPDATE games SET lease_holder = ?, lease_until = ? "
                f"WHERE id IN ({marks}) "
                "AND (lease_until IS NULL OR lease_until < ? OR lease_holder = ?) RETURNING id",
                (holder, now + ttl, *game_ids, now, holder),
            )
        return sorted(int(row[0]) for row in rows)

    async def release_tables(self, holder: str) -> None:
        async with self._lock:
            await self._run(
                "UPDATE games SET lease_holder = NULL, lease_until = NULL WHERE lease_holder = ?",
                (holder,),
            )
