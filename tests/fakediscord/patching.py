"""Point an unmodified in-process discord.py client at a FakeDiscord.

discord.py reads no environment variable for its endpoints; two class attributes decide them:
`discord.http.Route.BASE` (a str, read whenever a Route is built; webhooks and interaction
replies use it too) and `discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY` (a yarl.URL).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .server import FakeDiscord


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
