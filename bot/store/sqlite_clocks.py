"""SQLite for clocks: finding the tables whose deadlines or reminders are due, writing a clock
without making it a game change, and giving back the time the bot was down.

A mixin of :class:`bot.store.sqlite.SqliteStore` (the store's operations by concern, one
module each); it runs its statements through the store's own lock and transactions.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from bot.store.base import VersionConflict
from bot.store.encoding import dumps as _dumps
from bot.store.records import GameRecord

ClockShift = Callable[[dict[str, Any], float], tuple[dict[str, Any], float | None]]
"""``(stored clock, seconds) -> (clock moved that much later, its new wake_at)``."""
_HEARTBEAT = (
    "INSERT INTO heartbeat (id, alive_at) VALUES (1, ?) "
    "ON CONFLICT(id) DO UPDATE SET alive_at = excluded.alive_at"
)


class _Sql(Protocol):
    """What these operations need of the store they are mixed into."""

    _lock: asyncio.Lock

    async def _run(self, sql: str, params: tuple[Any, ...] = ()) -> tuple[int, int | None]: ...

    async def _fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]: ...

    async def _run_many(self, sql: str, rows: list[tuple[Any, ...]]) -> None: ...

    def _transaction(self) -> AbstractAsyncContextManager[None]: ...

    async def get(self, game_id: int) -> GameRecord | None: ...


WAKING = (
    "SELECT id FROM games WHERE wake_at <= ? AND status || '' = 'active' ORDER BY wake_at LIMIT ?"
)
"""The tables due to wake (the scheduler's query, run every tick on every table a server plays).

Why ``status || ''``: the same text on SQLite and PostgreSQL, and an expression no index holds,
so the planner's only index is ``games_wake`` (in ``wake_at`` order: no sort, and it holds just
the tables with a clock). With a plain ``status = 'active'`` SQLite chose ``games_by_status``
(every active table, then sorted) when it had no statistics or statistics that made status look
selective (issue 27; ``bench --quick`` failed its clocks section on it). SQLite's ``INDEXED BY``
would say it too, but PostgreSQL has no such clause. The tables due are few, so checking their
status row by row costs nothing."""


class ClockSql:
    """The clock operations of :class:`bot.store.base.GameStore` on SQLite."""

    async def waking(self: _Sql, now: float, limit: int = 500) -> list[int]:
        async with self._lock:  # a read: no write transaction
            rows = await self._fetchall(WAKING, (now, limit))
        return [int(row[0]) for row in rows]

    async def set_clock(
        self: _Sql, record: GameRecord, clock: dict[str, Any], wake_at: float | None
    ) -> GameRecord:
        async with self._transaction():
            # The clock read is part of the guard: two votes written at once from the same
            # version (no bump) must not overwrite each other.
            rowcount, _ = await self._run(
                "UPDATE games SET clock = ?, wake_at = ? "
                "WHERE id = ? AND version = ? AND clock = ?",
                (_dumps(clock), wake_at, record.id, record.version, _dumps(record.clock)),
            )
        if rowcount != 1:
            raise VersionConflict(f"game {record.id} is past version {record.version}")
        return record.with_changes(clock=clock, wake_at=wake_at)

    async def heartbeat(self: _Sql, now: float | None = None) -> None:
        async with self._transaction():
            await self._run(_HEARTBEAT, (time.time() if now is None else now,))

    async def give_back_downtime(self: _Sql, now: float, grace: float, shift: ClockShift) -> float:
        async with self._transaction():
            rows = await self._fetchall("SELECT alive_at FROM heartbeat WHERE id = 1")
            gap = now - float(rows[0][0]) if rows else 0.0
            if gap > grace:
                await _shift_every_clock(self, gap, shift)
            else:
                gap = 0.0
            await self._run(_HEARTBEAT, (now,))
        return gap


async def _shift_every_clock(store: _Sql, gap: float, shift: ClockShift) -> None:
    rows = await store._fetchall(
        "SELECT id, clock FROM games WHERE wake_at IS NOT NULL AND status = 'active'"
    )
    moved = []
    for game_id, clock in rows:
        later, wake_at = shift(json.loads(clock), gap)
        moved.append((_dumps(later), wake_at, game_id))
    await store._run_many("UPDATE games SET clock = ?, wake_at = ? WHERE id = ?", moved)
