"""Point an unmodified in-process discord.py client at a FakeDiscord.

discord.py reads no environment variable for its endpoints; two class attributes decide them:
`discord.http.Route.BASE` (a str, read whenever a Route is built; webhooks and interaction
replies use it too) and `discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY` (a yarl.URL).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    import discord

    from .server import FakeDiscord

ClientT = TypeVar("ClientT", bound="discord.Client")


@contextlib.contextmanager
def pointed_at(fake: FakeDiscord) -> Iterator[None]:
    """Within the block, discord.py talks to `fake`; the real endpoints are restored after."""
    import discord.gateway
    import discord.http
    import yarl

    old_base = discord.http.Route.BASE
    old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = fake.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    try:
        yield
    finally:
        discord.http.Route.BASE = old_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway


@contextlib.asynccontextmanager
async def connected(
    fake: FakeDiscord, client: ClientT, *, synced: bool = True
) -> AsyncIterator[ClientT]:
    """``client`` (built by the caller) logged in to ``fake`` and ready, closed after the
    block; the fake must have seen no request it could not handle. ``synced``: wait for the
    client to sync its commands too (one with none to sync: False)."""
    with pointed_at(fake):
        task = asyncio.create_task(client.start(fake.token))
        try:
            await fake.wait_ready(timeout=5, synced=synced)
            await asyncio.wait_for(client.wait_until_ready(), 5)
            yield client
        finally:
            await client.close()
            await asyncio.wait_for(task, 5)
    assert fake.unhandled == [] and fake.server_errors == []
