"""PostgreSQL for clocks: SQLite's clock operations (:class:`bot.store.sqlite_clocks.ClockSql`),
whose statements PostgreSQL runs as they are, with one difference.

SQLite's ``BEGIN IMMEDIATE`` lets one writer in at a time, so two processes starting at once
cannot both give the downtime back. PostgreSQL lets them both in; an advisory lock taken first
in the transaction restores that: the second waits, then finds the heartbeat fresh.
"""

from __future__ import annotations

import asyncio
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any

from bot.store.sqlite_clocks import ClockShift, ClockSql

if TYPE_CHECKING:
    from bot.store.records import GameRecord

DOWNTIME_LOCK = 0x4D54_0002
"""The advisory lock key of :meth:`PgClocks.give_back_downtime`."""


class PgClocks(ClockSql):
    """The clock operations of :class:`bot.store.base.GameStore` on PostgreSQL."""

    if TYPE_CHECKING:  # provided by PostgresStore
        _lock: asyncio.Lock

        async def _run(self, sql: str, params: tuple[Any, ...] = ()) -> tuple[int, int | None]: ...

        async def _fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]: ...

        async def _run_many(self, sql: str, rows: list[tuple[Any, ...]]) -> None: ...

        def _transaction(self) -> AbstractAsyncContextManager[None]: ...

        async def get(self, game_id: int) -> GameRecord | None: ...

    async def give_back_downtime(self, now: float, grace: float, shift: ClockShift) -> float:
        # The mixin's own transaction joins this one (PostgresStore._transaction), so the lock
        # is held until its heartbeat is written and committed.
        async with self._transaction():
            await self._run("SELECT pg_advisory_xact_lock(?)", (DOWNTIME_LOCK,))
            return await super().give_back_downtime(now, grace, shift)
