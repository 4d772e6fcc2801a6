"""Results and ratings on PostgreSQL: SQLite's (:class:`bot.store.sqlite_results.ResultsMixin`),
whose statements PostgreSQL runs as they are, with one difference.

Recording a game relies, on SQLite, on ``BEGIN IMMEDIATE`` letting one writer in at a time:
the "no results yet" check and the ratings read then cannot race another process. PostgreSQL
lets concurrent transactions in, so recording takes an advisory lock first; two processes
catching up at once still record each game once and never overwrite a rating the other moved.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any

from bot.store.results import Rate, ResultRow
from bot.store.sqlite_results import ResultsMixin

if TYPE_CHECKING:
    from bot.store.records import GameRecord

RESULTS_LOCK = 0x4D54_0003
"""The advisory lock key of :meth:`PgResults.record_result`."""


class PgResults(ResultsMixin):
    """The results and ratings half of the PostgreSQL store."""

    if TYPE_CHECKING:  # provided by PostgresStore
        _lock: asyncio.Lock

        async def _run(self, sql: str, params: tuple[Any, ...] = ()) -> tuple[int, int | None]: ...

        async def _fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]: ...

        def _transaction(self) -> AbstractAsyncContextManager[None]: ...

        async def get(self, game_id: int) -> GameRecord | None: ...

    async def record_result(self, rows: Sequence[ResultRow], rate: Rate | None) -> bool:
        if not rows:
            return False
        # The mixin's transaction joins this one: the lock is held until it commits.
        async with self._transaction():
            await self._run("SELECT pg_advisory_xact_lock(?)", (RESULTS_LOCK,))
            return await super().record_result(rows, rate)
