"""Each player's DM channel, found once and kept: a hand or a reminder is sent to it without
asking Discord for it again.

Why: ``Client.create_dm`` asks Discord (``POST /users/@me/channels``) for any user whose DM
channel is not among the 128 that discord.py keeps. A bot serving more players than that
asked once for nearly every hand it sent: one more request a DM, under the same rate limits.
A user's DM channel with the bot does not change, so its id is kept here (ints, bounded) and a
message goes straight to it (a :class:`discord.PartialMessageable`). Should Discord ever not
know a kept channel (404), :meth:`DmChannels.using` forgets it and tries once more on the
channel opened afresh: the cache's miss is never the player's lost hand.

The ids are stored too (``store``: :meth:`~bot.store.base.GameStore.dm_channel`), so a restart
does not ask Discord again for every player's channel (issue 27's REST budget); one Discord
no longer knows is forgotten there as well.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

import discord

if TYPE_CHECKING:
    from bot.store import GameStore

T = TypeVar("T")

KEPT = 20_000
"""DM channel ids kept, the least recently used dropped first: about 3 MB."""

DmChannel = discord.DMChannel | discord.PartialMessageable


class DmChannels:
    """Where to send a user's DMs."""

    def __init__(
        self, client: discord.Client, kept: int = KEPT, store: GameStore | None = None
    ) -> None:
        self.client = client
        self.kept = kept
        self.store = store
        self._ids: dict[int, int] = {}

    async def open(self, user_id: int) -> DmChannel:
        """The user's DM channel: from the ids kept here, else the store's, else from
        ``Client.create_dm`` (its cache, or one request), then kept (and stored)."""
        channel, _known = await self._open(user_id)
        return channel

    async def _open(self, user_id: int) -> tuple[DmChannel, bool]:
        """The channel, and whether its id was known (kept or stored) rather than asked for."""
        channel_id = self._ids.pop(user_id, None)
        if channel_id is None and self.store is not None:
            channel_id = await self.store.dm_channel(user_id)
        if channel_id is not None:
            self._keep(user_id, channel_id)
            private = discord.ChannelType.private
            return self.client.get_partial_messageable(channel_id, type=private), True
        channel = await self.client.create_dm(discord.Object(id=user_id))
        self._keep(user_id, channel.id)
        if self.store is not None:
            await self.store.set_dm_channel(user_id, channel.id)
        return channel, False

    def _keep(self, user_id: int, channel_id: int) -> None:
        """Kept as the most recently used (last); the least recently used one beyond
        ``kept`` is dropped (the store still has it)."""
        self._ids[user_id] = channel_id
        if len(self._ids) > self.kept:
            del self._ids[next(iter(self._ids))]

    async def using(self, user_id: int, act: Callable[[DmChannel], Awaitable[T]]) -> T:
        """``act(channel)`` on the user's DM channel. When Discord answers 404 on a kept
        channel, the id is forgotten and ``act`` runs once more on the channel opened afresh
        (any other refusal, or a 404 there, is the caller's)."""
        channel, kept = await self._open(user_id)
        try:
            return await act(channel)
        except discord.NotFound:
            if not kept:
                raise
            self.forget(user_id)
            if self.store is not None:
                await self.store.set_dm_channel(user_id, None)
            return await act(await self.open(user_id))

    def forget(self, user_id: int) -> None:
        """Open the user's DM channel again next time."""
        self._ids.pop(user_id, None)

    def __len__(self) -> int:
        return len(self._ids)
