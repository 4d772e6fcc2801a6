"""Each player's DM channel, found once and kept: a hand or a reminder is sent to it without
asking Discord for it again.

Why: ``Client.create_dm`` asks Discord (``POST /users/@me/channels``) for any user whose DM
channel is not among the 128 that discord.py keeps. A bot serving more players than that
asked once for nearly every hand it sent: one more request a DM, under the same rate limits.
A user's DM channel with the bot does not change, so its id is kept here (ints, bounded) and a
message goes straight to it (a :class:`discord.PartialMessageable`).
"""

from __future__ import annotations

import discord

KEPT = 20_000
"""DM channel ids kept, the least recently used dropped first: about 3 MB."""

DmChannel = discord.DMChannel | discord.PartialMessageable


class DmChannels:
    """Where to send a user's DMs; :meth:`forget` one that Discord says is gone."""

    def __init__(self, client: discord.Client, kept: int = KEPT) -> None:
        self.client = client
        self.kept = kept
        self._ids: dict[int, int] = {}

    async def open(self, user_id: int) -> DmChannel:
        """The user's DM channel: from the ids kept here, else from ``Client.create_dm`` (its
        cache, or one request), then kept."""
        channel_id = self._ids.pop(user_id, None)
        if channel_id is not None:
            self._ids[user_id] = channel_id  # the most recently used, last
            return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        channel = await self.client.create_dm(discord.Object(id=user_id))
        self._ids[user_id] = channel.id
        if len(self._ids) > self.kept:
            del self._ids[next(iter(self._ids))]
        return channel

    def forget(self, user_id: int) -> None:
        """Open the user's DM channel again next time (Discord did not know the kept one)."""
        self._ids.pop(user_id, None)

    def __len__(self) -> int:
        return len(self._ids)
