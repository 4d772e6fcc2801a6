"""A server's own settings (``/game config``): the typed record and the SQL both stores run.

Why one JSON column and not a column a setting: the settings are read whole (when a table
opens, when ``/game config`` shows them) and written whole, never queried by a field, so a
setting added later needs no migration; an unknown key (written by a newer version) is ignored.
"""

from __future__ import annotations

import asyncio
import json
import time
from contextlib import AbstractAsyncContextManager
from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING, Any

from bot.layout import DEFAULT_LAYOUT


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """What a server's managers chose; each default is what a server that chose nothing gets.

    ``locale``: the language of the server's tables (None: the server's Discord language,
    as before settings existed). ``clock`` and ``bank``: choice ids of ``bot.clock``.
    ``games``: the games offered (None: all). ``channel_id``: where tables open (None:
    anywhere). ``threads``: tables open in a thread by default. ``host_role_id``: only its
    members (and managers) may open a table (None: anyone). ``layout``: how a table's message
    is laid out (:mod:`bot.layout`: classic, or modern, Discord's components v2), from its
    first post on."""

    locale: str | None = None
    clock: str = "none"
    bank: str = "none"
    games: tuple[str, ...] | None = None
    channel_id: int | None = None
    threads: bool = False
    host_role_id: int | None = None
    layout: str = DEFAULT_LAYOUT

    def dump(self) -> dict[str, Any]:
        data = asdict(self)
        data["games"] = list(self.games) if self.games is not None else None
        return data

    @classmethod
    def load(cls, data: dict[str, Any]) -> GuildSettings:
        known = {f.name for f in fields(cls)}
        values = {name: value for name, value in data.items() if name in known}
        if values.get("games") is not None:
            values["games"] = tuple(values["games"])
        return cls(**values)


class GuildSettingsSql:
    """``guild_settings`` and ``set_guild_settings`` of :class:`bot.store.base.GameStore`."""

    if TYPE_CHECKING:  # each store's plumbing
        _lock: asyncio.Lock

        async def _run(self, sql: str, params: tuple[Any, ...] = ()) -> tuple[int, int | None]: ...

        async def _fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]: ...

        def _transaction(self) -> AbstractAsyncContextManager[None]: ...

        async def _reply_committed(self, game_id: int | None) -> None: ...

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        async with self._lock:
            rows = await self._fetchall(
                "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
            )
        return GuildSettings.load(json.loads(rows[0][0])) if rows else GuildSettings()

    async def set_guild_settings(self, guild_id: int, settings: GuildSettings) -> None:
        async with self._transaction():
            await self._run(
                "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT(guild_id) DO UPDATE SET settings = excluded.settings, "
                "updated_at = excluded.updated_at",
                (guild_id, json.dumps(settings.dump()), time.time()),
            )
            await self._reply_committed(None)
