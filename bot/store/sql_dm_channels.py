"""Each player's DM channel id, stored (both stores: the SQL is the same).

A mixin of the stores (their operations by concern, one module each). Why stored: a
restarted bot would otherwise ask Discord for every player's DM channel again
(``POST /users/@me/channels``, one request each under the same rate limits as the hands sent
there); see :mod:`bot.dm_channels`.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol


class _Sql(Protocol):
    """What these operations need of the store they are mixed into."""

    _lock: asyncio.Lock

    async def _run(self, sql: str, params: tuple[Any, ...] = ()) -> tuple[int, int | None]: ...

    async def _fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]: ...


class DmChannelsSql:
    """:meth:`~bot.store.base.GameStore.dm_channel` and ``set_dm_channel``."""

    async def dm_channel(self: _Sql, user_id: int) -> int | None:
        async with self._lock:
            rows = await self._fetchall(
                "SELECT channel_id FROM dm_channels WHERE user_id = ?", (user_id,)
            )
        return int(rows[0][0]) if rows else None

    async def set_dm_channel(self: _Sql, user_id: int, channel_id: int | None) -> None:
        async with self._lock:
            if channel_id is None:
                await self._run("DELETE FROM dm_channels WHERE user_id = ?", (user_id,))
                return
            await self._run(
                "INSERT INTO dm_channels (user_id, channel_id) VALUES (?, ?) "
                "ON CONFLICT(user_id) DO UPDATE SET channel_id = excluded.channel_id",
                (user_id, channel_id),
            )
