"""FakeDiscord: a protocol-level Discord (REST + gateway) on 127.0.0.1 for smoke tests.

The server imports nothing from discord.py: it speaks the wire protocol, so the bot under test
runs its real HTTP, gateway, parser, command-tree and view code. Tests drive it with sync
builders (`add_guild`, `add_user`, ...) and async actions (`slash`, `click`, ...) and read what
the bot did with the queries (`messages`, `synced_commands`, `requests`, ...).

Its methods live in a chain of mixins, one concern each, every one importing only those below
it: :mod:`.waiting` (waits and diagnostics), :mod:`.store` (messages, DM channels,
attachments), :mod:`.actions` (what users do, and the interactions' bookkeeping),
:mod:`.controls` (builders, faults, commands, addresses); this module adds the state and the
lifecycle.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Hashable, Mapping
from typing import Any

from aiohttp import web

from .controls import Controls
from .faults import Fault
from .gateway import PRIVILEGED_INTENTS, Gateway
from .interactions import InteractionResult
from .models import (
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeUser,
    Revision,
    snowflake,
)
from .ratelimits import ROUTE_LIMITS, Limit, RateLimiter
from .records import RequestRecord
from .rest import Rest
from .threads import Threads
from .waiting import _Waiter


class FakeDiscord(Controls):
    """The fake. `await start()`, point the client at `api_base` / `gateway_url`, drive it."""

    def __init__(
        self,
        token: str = "fake-token",
        *,
        bot_name: str = "Monster Table",
        heartbeat_interval: float = 41.25,
        privileged_intents: int = PRIVILEGED_INTENTS,
        attachment_size_limit: int = 10 * 1024 * 1024,
        rate_limits: bool = True,
        clock: Callable[[], float] = time.monotonic,
        route_limits: Mapping[tuple[str, str], Limit] = ROUTE_LIMITS,
    ) -> None:
        self.token = token
        self.limits = RateLimiter(clock, enabled=rate_limits, route_limits=route_limits)
        """Discord's rate limits (tests/fakediscord/ratelimits.py): its counters and log are
        what tests and benchmarks read; ``clock`` drives its windows."""
        self.privileged_intents = privileged_intents
        self.attachment_size_limit = attachment_size_limit
        self.bot = FakeUser(snowflake(), bot_name, bot=True)
        self.owner = FakeUser(snowflake(), "owner")
        self.application_id = self.bot.id
        self.users: dict[int, FakeUser] = {u.id: u for u in (self.bot, self.owner)}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.sync_log: list[tuple[int | None, list[dict[str, Any]]]] = []
        self.interactions: dict[int, InteractionResult] = {}
        self.requests: list[RequestRecord] = []
        self.unhandled: list[RequestRecord] = []
        self.server_errors: list[str] = []
        self.abandoned: list[RequestRecord] = []
        """Requests whose client went away before their body had arrived: nothing done."""
        self.faults: list[Fault] = []
        self.gateway = Gateway(self, int(heartbeat_interval * 1000))
        self.rest = Rest(self)
        self.threads = Threads(self)
        self._tokens: dict[str, InteractionResult] = {}
        self._dms: dict[int, FakeChannel] = {}
        self._messages: dict[int, FakeMessage] = {}
        self._message_log: list[FakeMessage] = []
        self.revisions: list[Revision] = []
        """Every version of every message (its creation, then each edit), in the order the
        fake made them: what people saw, and when."""
        self._nonces: dict[tuple[int, int, str], tuple[float, FakeMessage]] = {}
        self._attachments: dict[int, FakeAttachment] = {}
        self._waiters: dict[int, _Waiter] = {}  # checked after every change
        self._keyed: dict[Hashable, dict[int, _Waiter]] = {}  # checked after their keys' changes
        self._touched: set[Hashable] = set()  # keys changed since the last check
        self._touched_all = False  # a change told without a key since the last check
        self._check_soon = False
        self._runner: web.AppRunner | None = None
        self.stopping = asyncio.Event()
        """Set as the fake stops: a request it stalls (a fault's ``stall``) is answered then,
        rather than holding the server's shutdown for its 2 s grace (a stall outlives a
        killed bot in the smoke tests)."""
        self.port = 0

    # ----- lifecycle --------------------------------------------------------------------

    async def start(self) -> FakeDiscord:
        """Listen on 127.0.0.1 on a free port."""
        app = web.Application(middlewares=[self.rest.middleware], client_max_size=64 * 1024**2)
        app.add_routes(self.rest.routes())
        app.add_routes(self.threads.routes())
        app.router.add_get("/", self.gateway.handle, name="gateway")
        app.router.add_get("/attachments/{channel}/{attachment}/{filename}", self._cdn, name="cdn")
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=2.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        return self

    async def stop(self) -> None:
        """Close gateway connections and the server."""
        self.stopping.set()
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def _cdn(self, request: web.Request) -> web.Response:
        """Serve attachment bytes, so `Attachment.read()` works in the bot."""
        att = self._attachments.get(int(request.match_info["attachment"]))
        if att is None:
            raise web.HTTPNotFound()
        return web.Response(
            body=att.data, content_type=att.content_type or "application/octet-stream"
        )
