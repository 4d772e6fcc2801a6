"""FakeDiscord: a protocol-level Discord (REST + gateway) on 127.0.0.1 for smoke tests.

The server imports nothing from discord.py: it speaks the wire protocol, so the bot under test
runs its real HTTP, gateway, parser, command-tree and view code. Tests drive it with sync
builders (`add_guild`, `add_user`, ...) and async actions (`slash`, `click`, ...) and read what
the bot did with the queries (`messages`, `synced_commands`, `requests`, ...).

Its methods live in a chain of mixins, one concern each, every one importing only those below
it: :mod:`.waiting` (waits and diagnostics), :mod:`.store` (messages, DM channels,
attachments), :mod:`.actions` (what users do, and the interactions' bookkeeping); this module
adds the state, the lifecycle, the builders, the faults and the commands.
"""

# A `timeout` argument on each wait is the point of this test API (every wait is bounded).
# ruff: noqa: ASYNC109

from __future__ import annotations

import asyncio
import copy
import time
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any

from aiohttp import web

from .actions import Actions
from .faults import Fault
from .gateway import PRIVILEGED_INTENTS, Gateway
from .interactions import InteractionResult
from .models import (
    BOT_ROLE_PERMISSIONS,
    EVERYONE_PERMISSIONS,
    GUILD_TEXT,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    Revision,
    snowflake,
)
from .ratelimits import API_PREFIX, ROUTE_LIMITS, Limit, RateLimiter
from .records import RequestRecord
from .rest import Rest
from .store import GUILD_MEMBERS
from .threads import Threads
from .waiting import _Waiter


class FakeDiscord(Actions):
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

    @property
    def api_base(self) -> str:
        """REST base for discord.http.Route.BASE (a str)."""
        return self.http_base + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """Gateway URL (wrap in yarl.URL for DiscordWebSocket.DEFAULT_GATEWAY)."""
        return f"ws://127.0.0.1:{self.port}/"

    async def _cdn(self, request: web.Request) -> web.Response:
        """Serve attachment bytes, so `Attachment.read()` works in the bot."""
        att = self._attachments.get(int(request.match_info["attachment"]))
        if att is None:
            raise web.HTTPNotFound()
        return web.Response(
            body=att.data, content_type=att.content_type or "application/octet-stream"
        )

    # ----- builders ---------------------------------------------------------------------

    def add_guild(
        self, name: str, *, locale: str = "en-US", owner: FakeUser | None = None
    ) -> FakeGuild:
        """A guild with @everyone, the bot (with a managed role) and the owner as members."""
        owner = owner or self.owner
        guild = FakeGuild(snowflake(), name, owner.id, preferred_locale=locale)
        guild.roles[guild.id] = FakeRole(guild.id, "@everyone", EVERYONE_PERMISSIONS)
        bot_role = FakeRole(snowflake(), self.bot.username, BOT_ROLE_PERMISSIONS, 1, managed=True)
        guild.roles[bot_role.id] = bot_role
        guild.members[owner.id] = FakeMember(owner, guild.id)
        guild.members[self.bot.id] = FakeMember(self.bot, guild.id, roles=[bot_role.id])
        self.users.setdefault(owner.id, owner)
        self.guilds[guild.id] = guild
        self.gateway.dispatch_soon("GUILD_CREATE", guild.create_payload())
        return guild

    def add_text_channel(
        self, guild: FakeGuild, name: str, *, topic: str | None = None
    ) -> FakeChannel:
        """A text channel in the guild."""
        channel = FakeChannel(
            snowflake(), GUILD_TEXT, name, guild.id, position=len(guild.channels), topic=topic
        )
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        self.gateway.dispatch_soon("CHANNEL_CREATE", channel.payload())
        return channel

    def add_user(
        self,
        name: str,
        *,
        locale: str = "en-US",
        guilds: Iterable[FakeGuild] | None = None,
        dms_open: bool = True,
        bot: bool = False,
    ) -> FakeUser:
        """A user, member of `guilds` (default: every guild so far). `dms_open=False` makes
        messages to their DM channel fail with 403 / 50007."""
        user = FakeUser(snowflake(), name, locale=locale, bot=bot, dms_open=dms_open)
        self.users[user.id] = user
        for guild in self.guilds.values() if guilds is None else guilds:
            self.add_member(guild, user)
        return user

    def add_member(
        self, guild: FakeGuild, user: FakeUser, *, roles: Iterable[FakeRole] = ()
    ) -> FakeMember:
        """Make `user` a member of `guild` (GUILD_MEMBER_ADD if the bot has the intent)."""
        member = FakeMember(user, guild.id, roles=[r.id for r in roles])
        guild.members[user.id] = member
        if self.gateway.wants(GUILD_MEMBERS):
            self.gateway.dispatch_soon(
                "GUILD_MEMBER_ADD", member.payload() | {"guild_id": str(guild.id)}
            )
        return member

    def add_role(self, guild: FakeGuild, name: str, permissions: int = 0) -> FakeRole:
        """A role (give it with add_member(..., roles=[role]))."""
        role = FakeRole(snowflake(), name, permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        self.gateway.dispatch_soon(
            "GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()}
        )
        return role

    def upload(self, filename: str, data: bytes, content_type: str | None = None) -> FakeAttachment:
        """An uploaded file to pass as an attachment option value."""
        att_id = snowflake()
        url = f"{self.http_base}/attachments/0/{att_id}/{filename}"
        att = FakeAttachment(att_id, filename, data, url, content_type=content_type)
        self._attachments[att.id] = att
        return att

    # ----- faults -----------------------------------------------------------------------

    def fail_next(
        self,
        method: str,
        path_glob: str,
        status: int = 500,
        *,
        retry_after: float = 0.05,
        is_global: bool = False,
        times: int = 1,
        code: int | None = None,
        message: str | None = None,
        effect: str = "refuse",
        stall: float = 0.0,
        after: int = 0,
    ) -> Fault:
        """Answer the next `times` matching requests with `status` (429 carries retry_after,
        global and X-RateLimit-* headers). Path is below /api/v10, fnmatch glob. With
        ``effect="lost"`` the request takes effect first (its answer is what fails), with
        ``"reset"`` it takes effect and the connection closes unanswered; ``stall`` seconds pass
        before anything happens; the first ``after`` matching requests pass untouched."""
        fault = Fault(
            method,
            path_glob,
            status,
            retry_after,
            is_global,
            times,
            code,
            message,
            effect,
            stall,
            after,
        )
        self.faults.append(fault)
        return fault

    def take_fault(self, method: str, path: str) -> Fault | None:
        """The first armed fault matching this request (used by the middleware); None also
        when it lets this one pass (its ``after``)."""
        fault = next((f for f in self.faults if f.matches(method, path)), None)
        return None if fault is None or fault.lets_pass() else fault

    async def drop_gateway(
        self, code: int = 4000, *, resumable: bool = True, wait: bool = True, timeout: float = 10.0
    ) -> None:
        """Close the gateway socket; the client reconnects and RESUMEs (or, with
        resumable=False, is told INVALID_SESSION and identifies again). With `wait`,
        return once it is live again."""
        resumes, identifies = self.gateway.resume_count, len(self.gateway.identify_payloads)
        await self.gateway.drop(code, resumable)
        if wait:

            def back() -> bool:
                gw = self.gateway
                again = gw.resume_count > resumes or len(gw.identify_payloads) > identifies
                return again and gw.live.is_set()

            await self.wait_until(back, timeout, what="the gateway to reconnect")

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT, as Discord does before moving a session."""
        await self.gateway.send_reconnect()

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send a raw gateway event (for events the fake has no builder for)."""
        await self.gateway.dispatch(event, data)

    def synced_commands(self, guild: FakeGuild | int | None = None) -> list[dict[str, Any]]:
        """Commands as last bulk-overwritten (global when guild is None), as Discord stores them."""
        guild_id = guild.id if isinstance(guild, FakeGuild) else guild
        return copy.deepcopy(self.commands.get(guild_id, []))

    def requests_to(self, method: str, path_glob: str) -> list[RequestRecord]:
        """Logged requests matching method ("*" for any) and an fnmatch path glob."""
        probe = Fault(method, path_glob, 0)
        return [r for r in self.requests if probe.matches(r.method, r.path)]

    # ----- state changes used by the REST layer -----------------------------------------

    def store_commands(
        self, guild_id: int | None, body: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """Bulk overwrite: keep ids of commands with the same type + name, as Discord does."""
        old = {(c["type"], c["name"]): c["id"] for c in self.commands.get(guild_id, [])}
        stored = []
        for cmd in body:
            ctype = cmd.get("type", 1)
            item = {
                "id": old.get((ctype, cmd["name"])) or str(snowflake()),
                "application_id": str(self.application_id),
                "version": str(snowflake()),
                "type": ctype,
                "name_localizations": None,
                "description_localizations": None,
                "default_member_permissions": None,
                "nsfw": False,
                "options": [],
            } | copy.deepcopy(cmd)
            item["type"] = ctype
            if guild_id is not None:
                item["guild_id"] = str(guild_id)
            stored.append(item)
        self.commands[guild_id] = stored
        self.sync_log.append((guild_id, copy.deepcopy(body)))
        self.notify()
        return copy.deepcopy(stored)
