"""The tournament operations both stores run (:mod:`bot.store.tournament_records` says how a
tournament is kept): ``?`` marks, which PostgreSQL's store numbers; writes are one statement
each, the change a compare-and-swap on ``version``."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any, Protocol

from bot.store.base import VersionConflict
from bot.store.tournament_records import (
    OPEN_TOURNAMENTS,
    REGISTRATION,
    TournamentRecord,
    decoded,
)

_COLUMNS = "id, guild_id, channel_id, status, deadline, version, data, created_at, updated_at"


class _Sql(Protocol):
    """What these operations need of the store they are mixed into."""

    _lock: asyncio.Lock

    async def _run(self, sql: str, params: tuple[Any, ...] = ()) -> tuple[int, int | None]: ...

    async def _fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]: ...

    async def _insert_id(self, sql: str, params: tuple[Any, ...]) -> int: ...


class TournamentsSql:
    """The tournament operations of :class:`bot.store.base.GameStore`, for both stores."""

    async def create_tournament(
        self: _Sql,
        *,
        guild_id: int,
        channel_id: int,
        deadline: float | None,
        data: dict[str, Any],
    ) -> TournamentRecord:
        now = time.time()
        async with self._lock:
            tournament_id = await self._insert_id(
                "INSERT INTO tournaments (guild_id, channel_id, status, deadline, version, data, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?, ?)",
                (guild_id, channel_id, REGISTRATION, deadline, json.dumps(data), now, now),
            )
        return TournamentRecord(
            tournament_id, guild_id, channel_id, REGISTRATION, deadline, 0, data, now, now
        )

    async def get_tournament(self: _Sql, tournament_id: int) -> TournamentRecord | None:
        async with self._lock:
            rows = await self._fetchall(
                f"SELECT {_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,)
            )
        return decoded(rows[0]) if rows else None

    async def update_tournament(
        self: _Sql,
        record: TournamentRecord,
        *,
        status: str,
        deadline: float | None,
        data: dict[str, Any],
    ) -> TournamentRecord:
        """Write the tournament as it follows from ``record``, only if nobody wrote it since
        (else :class:`VersionConflict`)."""
        now = time.time()
        async with self._lock:
            changed, _ = await self._run(
                "UPDATE tournaments SET status = ?, deadline = ?, data = ?, version = version + 1, "
                "updated_at = ? WHERE id = ? AND version = ?",
                (status, deadline, json.dumps(data), now, record.id, record.version),
            )
        if changed != 1:
            raise VersionConflict(f"tournament {record.id} is past version {record.version}")
        return TournamentRecord(
            record.id, record.guild_id, record.channel_id, status, deadline,
            record.version + 1, data, record.created_at, now,
        )  # fmt: skip

    async def tournaments(
        self: _Sql,
        guild_id: int | None,
        statuses: tuple[str, ...] = OPEN_TOURNAMENTS,
        limit: int = 25,
    ) -> list[TournamentRecord]:
        """A server's tournaments in ``statuses``, newest first; every server's with
        ``guild_id`` None (the sweep)."""
        marks = ",".join("?" * len(statuses))
        where = f"status IN ({marks})"
        params: tuple[Any, ...] = statuses
        if guild_id is not None:
            where += " AND guild_id = ?"
            params = (*statuses, guild_id)
        async with self._lock:
            rows = await self._fetchall(
                f"SELECT {_COLUMNS} FROM tournaments WHERE {where} ORDER BY id DESC LIMIT ?",
                (*params, limit),
            )
        return [decoded(row) for row in rows]
