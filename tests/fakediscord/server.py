"""FakeDiscord: a protocol-level Discord (REST + gateway) on 127.0.0.1 for smoke tests.

The server imports nothing from discord.py: it speaks the wire protocol, so the bot under test
runs its real HTTP, gateway, parser, command-tree and view code. Tests drive it with sync
builders (`add_guild`, `add_user`, ...) and async actions (`slash`, `click`, ...) and read what
the bot did with the queries (`messages`, `synced_commands`, `requests`, ...).
"""

# A `timeout` argument on each wait is the point of this test API (every wait is bounded).
# ruff: noqa: ASYNC109

from __future__ import annotations

import asyncio
import copy
import secrets
import time
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from aiohttp import web

from . import interactions as ix
from .faults import Fault
from .gateway import PRIVILEGED_INTENTS, Gateway
from .interactions import FakeTimeout, InteractionResult, OptionBuilder
from .models import (
    BOT_ROLE_PERMISSIONS,
    DM,
    EDITABLE_FLAGS,
    EVERYONE_PERMISSIONS,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    GUILD_TEXT,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    Revision,
    iso_now,
    pinged_users,
    snowflake,
    walk_components,
)
from .ratelimits import ROUTE_LIMITS, Limit, RateLimiter
from .rest import API_PREFIX, RequestRecord, Rest, Upload
from .threads import Threads

T = TypeVar("T")
DEFAULT_TIMEOUT = 5.0
NONCE_WINDOW = 300.0
"""Discord keeps an enforced nonce for a few minutes."""
GUILD_MESSAGES, DIRECT_MESSAGES, GUILD_MEMBERS, MESSAGE_CONTENT = 9, 12, 1, 15
Target = FakeChannel | FakeUser | int


@dataclass(eq=False)
class _Waiter:
    """A :meth:`FakeDiscord.wait_until` in progress: what it waits for, its answer, and the
    changes it is checked after (``keys``: only those, and any change told without a key;
    empty: every change)."""

    predicate: Callable[[], Any]
    future: asyncio.Future[Any]
    keys: tuple[Hashable, ...] = ()


class FakeDiscord:
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
    def http_base(self) -> str:
        """http://127.0.0.1:PORT"""
        return f"http://127.0.0.1:{self.port}"

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

    # ----- waiting ----------------------------------------------------------------------

    def notify(self, *keys: Hashable) -> None:
        """Something changed (``keys``: what, if only that: see :meth:`wait_until`): check
        what :meth:`wait_until` waits for, once this turn of the event loop is over however
        many changes it makes.

        Why not wake every waiter: a load keeps thousands of moves waiting, and each woken
        waiter cost a task and a timer at every request the fake logged; the benchmark's
        driver then took as much CPU as the bot it measures. A predicate costs far less, and
        one checked only after its own interaction's or channel's requests less again."""
        if not keys:
            self._touched_all = self._touched_all or bool(self._keyed)
        self._touched.update(key for key in keys if key in self._keyed)
        if self._check_soon or not (self._waiters or self._touched or self._touched_all):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # changed outside the loop: nobody can be waiting on it now
            return
        self._check_soon = True
        loop.call_soon(self._check_waiters)

    def _check_waiters(self) -> None:
        self._check_soon = False
        waiters = list(self._waiters.values())
        if self._touched_all:
            keyed = (w for by_id in self._keyed.values() for w in by_id.values())
        else:
            keyed = (w for key in self._touched for w in self._keyed.get(key, {}).values())
        waiters += {id(w): w for w in keyed}.values()  # a waiter under two keys: once
        self._touched.clear()
        self._touched_all = False
        for waiter in waiters:
            if waiter.future.done():
                continue
            try:
                value = waiter.predicate()
            except Exception as error:  # the waiter raises it, as if it had checked itself
                waiter.future.set_exception(error)
                continue
            if value:
                waiter.future.set_result(value)

    async def wait_until(
        self,
        predicate: Callable[[], T],
        timeout: float = DEFAULT_TIMEOUT,
        *,
        what: str = "",
        keys: Iterable[Hashable] = (),
    ) -> T:
        """Return predicate() once truthy; FakeTimeout (with diagnostics) after `timeout` s.
        The predicate is checked now and after each change (:meth:`notify`); with ``keys``,
        only after changes told with one of them (``("token", t)``: a request to interaction
        ``t``'s callback or webhook; ``("channel", id)``: to a channel's routes) or without a
        key, so a predicate given keys must read nothing that other requests change."""
        value = predicate()
        if value:
            return value
        waiter = _Waiter(predicate, asyncio.get_running_loop().create_future(), tuple(keys))
        for key in waiter.keys:
            self._keyed.setdefault(key, {})[id(waiter)] = waiter
        if not waiter.keys:
            self._waiters[id(waiter)] = waiter
        try:
            result: T = await asyncio.wait_for(waiter.future, timeout)
        except TimeoutError:
            raise FakeTimeout(
                f"timed out after {timeout}s waiting for {what}\n{self.diagnostics()}"
            ) from None
        finally:
            self._forget(waiter)
        return result

    def _forget(self, waiter: _Waiter) -> None:
        self._waiters.pop(id(waiter), None)
        for key in waiter.keys:
            by_id = self._keyed.get(key, {})
            by_id.pop(id(waiter), None)
            if not by_id:
                self._keyed.pop(key, None)

    def diagnostics(self) -> str:
        """What the fake saw lately, for failure messages."""
        last = "\n  ".join(str(r) for r in self.requests[-8:]) or "(none)"
        unhandled = ", ".join(str(r) for r in self.unhandled) or "none"
        if self.server_errors:
            unhandled += "\nFAKE SERVER ERRORS:\n" + "\n".join(self.server_errors)
        live = "live" if self.gateway.live.is_set() else "not connected"
        return f"gateway: {live}; unhandled: {unhandled}; last requests:\n  {last}"

    async def wait_ready(self, timeout: float = 10.0, *, synced: bool = True) -> None:
        """Wait until the bot identified (READY + GUILD_CREATEs sent) and, if `synced`,
        bulk-overwrote commands at least once."""

        def ready() -> bool:
            return self.gateway.live.is_set() and (not synced or bool(self.sync_log))

        await self.wait_until(ready, timeout, what="the bot to connect" + " and sync" * synced)

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

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between the bot and `user` (created on first use, stable id)."""
        channel = self._dms.get(user.id)
        if channel is None:
            channel = FakeChannel(snowflake(), DM, recipient=user)
            self._dms[user.id] = channel
            self.channels[channel.id] = channel
        return channel

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

    # ----- queries ----------------------------------------------------------------------

    def message_by_id(self, message_id: int | None) -> FakeMessage | None:
        """Any message the fake knows, including ephemeral and deleted ones."""
        return self._messages.get(message_id) if message_id else None

    def _channel_of(self, target: Target) -> FakeChannel | None:
        if isinstance(target, FakeChannel):
            return target
        if isinstance(target, FakeUser):
            return self._dms.get(target.id)
        return self.channels.get(target)

    def messages(
        self, target: Target, *, ephemeral: bool = False, deleted: bool = False
    ) -> list[FakeMessage]:
        """Messages in a channel (or a user's DM), oldest first; ephemeral and deleted ones
        only when asked."""
        channel = self._channel_of(target)
        return [
            m
            for m in self._message_log
            if m.channel is channel
            and (ephemeral or not m.ephemeral)
            and (deleted or not m.deleted)
        ]

    def mark(self) -> int:
        """A position in the message log, for `wait_for_message(since=...)`."""
        return len(self._message_log)

    def messages_since(self, mark: int) -> list[FakeMessage]:
        """Every message created after `mark` (any channel, ephemeral included)."""
        return self._message_log[mark:]

    async def wait_for_message(
        self,
        target: Target,
        predicate: Callable[[FakeMessage], bool] = lambda m: True,
        *,
        since: int = 0,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> FakeMessage:
        """The first message in `target` created after `since` that matches."""

        def find() -> FakeMessage | None:
            channel = self._channel_of(target)
            return next(
                (m for m in self._message_log[since:] if m.channel is channel and predicate(m)),
                None,
            )

        return await self.wait_until(find, timeout, what=f"a message in {target!r}")

    def synced_commands(self, guild: FakeGuild | int | None = None) -> list[dict[str, Any]]:
        """Commands as last bulk-overwritten (global when guild is None), as Discord stores them."""
        guild_id = guild.id if isinstance(guild, FakeGuild) else guild
        return copy.deepcopy(self.commands.get(guild_id, []))

    def requests_to(self, method: str, path_glob: str) -> list[RequestRecord]:
        """Logged requests matching method ("*" for any) and an fnmatch path glob."""
        probe = Fault(method, path_glob, 0)
        return [r for r in self.requests if probe.matches(r.method, r.path)]

    def interaction_by_token(self, token: str) -> InteractionResult | None:
        """The interaction a webhook token belongs to."""
        return self._tokens.get(token)

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

    def create_message(
        self,
        channel: FakeChannel,
        body: dict[str, Any],
        files: dict[int, Upload],
        *,
        author: FakeUser | None = None,
        interaction: InteractionResult | None = None,
        flags: int | None = None,
    ) -> FakeMessage:
        """Store a new message and send MESSAGE_CREATE (not for ephemeral ones)."""
        msg = FakeMessage(
            snowflake(),
            channel,
            author or self.bot,
            content=body.get("content") or "",
            embeds=copy.deepcopy(body.get("embeds") or []),
            components=copy.deepcopy(body.get("components") or []),
            flags=(body.get("flags") or 0) & EDITABLE_FLAGS if flags is None else flags,
            message_reference=body.get("message_reference"),
        )
        if msg.message_reference is not None:
            msg.type = 19  # REPLY
        if interaction is not None:
            msg.type = 20 if interaction.type == ix.APPLICATION_COMMAND else 0
            msg.webhook_id = msg.application_id = self.application_id
            msg.interaction_id, msg.interaction_user = interaction.id, interaction.user
            msg.interaction_type = interaction.type
        msg.attachments = self._attachments_for(msg, body, files, [])
        self._resolve_embed_files(msg)
        msg.pinged = pinged_users(msg.mentioning, body.get("allowed_mentions"))
        self._messages[msg.id] = msg
        self._message_log.append(msg)
        self._revise(msg)
        if body.get("nonce") and body.get("enforce_nonce"):
            key = (msg.author.id, channel.id, str(body["nonce"]))
            self._nonces[key] = (time.monotonic(), msg)
        if not msg.ephemeral:
            channel.last_message_id = msg.id
            self._dispatch_message("MESSAGE_CREATE", msg)
        self.notify(*self._changes_of(msg))
        return msg

    def edit_message(
        self, msg: FakeMessage, body: dict[str, Any], files: dict[int, Upload]
    ) -> None:
        """Apply a PATCH: given fields replace, attachments kept/replaced per `attachments`."""
        msg.history.append(msg.snapshot())
        if "content" in body:
            msg.content = body["content"] or ""
        if "embeds" in body:
            msg.embeds = copy.deepcopy(body["embeds"] or [])
        if "components" in body:
            msg.components = copy.deepcopy(body["components"] or [])
        if body.get("flags") is not None:
            msg.flags = (msg.flags & ~EDITABLE_FLAGS) | (body["flags"] & EDITABLE_FLAGS)
        if "attachments" in body or files:
            msg.attachments = self._attachments_for(msg, body, files, msg.attachments)
        msg.flags &= ~FLAG_LOADING
        msg.edited_timestamp = iso_now()
        self._resolve_embed_files(msg)
        self._revise(msg)
        if not msg.ephemeral:
            self._dispatch_message("MESSAGE_UPDATE", msg)
        self.notify(*self._changes_of(msg))

    def _changes_of(self, msg: FakeMessage) -> list[Hashable]:
        """The keys a change to ``msg`` is told by (see :meth:`wait_until`): its channel's,
        and its interaction's."""
        keys: list[Hashable] = [("channel", msg.channel.id)]
        interaction = self.interactions.get(msg.interaction_id or 0)
        if interaction is not None:
            keys.append(interaction.changes)
        return keys

    def _revise(self, msg: FakeMessage) -> None:
        self.revisions.append(Revision(len(self.revisions), msg, msg.snapshot()))

    def message_by_nonce(self, channel: FakeChannel, body: dict[str, Any]) -> FakeMessage | None:
        """The message the bot already created in ``channel`` with this ``nonce`` in the last
        few minutes, when ``enforce_nonce`` asks Discord to send it only once."""
        if not (body.get("nonce") and body.get("enforce_nonce")):
            return None
        found = self._nonces.get((self.bot.id, channel.id, str(body["nonce"])))
        if found is None or time.monotonic() - found[0] > NONCE_WINDOW:
            return None
        return found[1]

    def revisions_of(self, messages: Iterable[FakeMessage]) -> list[Revision]:
        """The versions of these messages, in the order they were shown."""
        ids = {m.id for m in messages}
        return [r for r in self.revisions if r.message.id in ids]

    def delete_message(self, msg: FakeMessage) -> None:
        """Mark deleted and send MESSAGE_DELETE."""
        msg.deleted = True
        if not msg.ephemeral:
            data = {"id": str(msg.id), "channel_id": str(msg.channel.id)}
            if msg.channel.guild_id is not None:
                data["guild_id"] = str(msg.channel.guild_id)
            self._dispatch_if_subscribed(msg.channel, "MESSAGE_DELETE", data)
        self.notify(*self._changes_of(msg))

    def _dispatch_message(self, event: str, msg: FakeMessage) -> None:
        self._dispatch_if_subscribed(msg.channel, event, msg.payload())

    def _dispatch_if_subscribed(
        self, channel: FakeChannel, event: str, data: dict[str, Any]
    ) -> None:
        if self.gateway.wants(DIRECT_MESSAGES if channel.is_dm else GUILD_MESSAGES):
            self.gateway.dispatch_soon(event, data)

    def _new_attachment(
        self, msg: FakeMessage, upload: Upload, entry: dict[str, Any]
    ) -> FakeAttachment:
        att_id = snowflake()
        filename = entry.get("filename") or upload.filename
        url = f"{self.http_base}/attachments/{msg.channel.id}/{att_id}/{filename}"
        generic = upload.content_type in (None, "application/octet-stream")
        att = FakeAttachment(
            att_id,
            filename,
            upload.data,
            url,
            description=entry.get("description"),
            content_type=None if generic else upload.content_type,
        )
        self._attachments[att.id] = att
        return att

    def _attachments_for(
        self,
        msg: FakeMessage,
        body: dict[str, Any],
        files: dict[int, Upload],
        existing: list[FakeAttachment],
    ) -> list[FakeAttachment]:
        """`attachments` lists what to keep (existing ids) and describes new files (ids =
        file index); without it new files are appended to the existing ones."""
        entries = body.get("attachments")
        if entries is None:
            return existing + [self._new_attachment(msg, files[i], {}) for i in sorted(files)]
        out: list[FakeAttachment] = []
        used: set[int] = set()
        for entry in entries:
            key = int(entry.get("id", -1))
            if key in files and key not in used:
                out.append(self._new_attachment(msg, files[key], entry))
                used.add(key)
            else:
                out += [a for a in existing if a.id == key]
        out += [self._new_attachment(msg, files[i], {}) for i in sorted(files) if i not in used]
        return out

    def _resolve_embed_files(self, msg: FakeMessage) -> None:
        """Rewrite `attachment://name` in embeds to the file's URL, as Discord does."""
        by_name = {a.filename: a for a in msg.attachments}
        for embed in msg.embeds:
            for key in ("image", "thumbnail"):
                self._resolve_ref(embed.get(key), "url", by_name)
            for key in ("author", "footer"):
                self._resolve_ref(embed.get(key), "icon_url", by_name)
        for comp in walk_components(msg.components):  # components v2: galleries, thumbnails
            media = [item.get("media") for item in comp.get("items") or []]
            for medium in [*media, comp.get("media"), comp.get("file")]:
                if isinstance(medium, dict) and medium.get("url", "").startswith("attachment://"):
                    found = by_name.get(medium["url"].removeprefix("attachment://"))
                    medium["attachment_id"] = str(found.id) if found else None
                    self._resolve_ref(medium, "url", by_name)

    @staticmethod
    def _resolve_ref(obj: Any, key: str, by_name: dict[str, FakeAttachment]) -> None:
        if not isinstance(obj, dict) or not str(obj.get(key, "")).startswith("attachment://"):
            return
        att = by_name.get(obj[key].removeprefix("attachment://"))
        if att is None:
            return
        obj[key] = att.url
        obj["proxy_" + key] = att.url
        size = att.payload()
        if "width" in size and key == "url":
            obj["width"], obj["height"] = size["width"], size["height"]

    def apply_callback(
        self, rec: InteractionResult, ctype: int, data: dict[str, Any], files: dict[int, Upload]
    ) -> FakeMessage | None:
        """Carry out an (already validated) interaction callback."""
        rec.callback_type, rec.callback_data = ctype, copy.deepcopy(data)
        keep = FLAG_EPHEMERAL | EDITABLE_FLAGS
        msg: FakeMessage | None = None
        if ctype == ix.CHANNEL_MESSAGE:
            flags = (data.get("flags") or 0) & keep
            msg = self.create_message(rec.channel, data, files, interaction=rec, flags=flags)
        elif ctype == ix.DEFERRED_CHANNEL_MESSAGE:
            flags = FLAG_LOADING | ((data.get("flags") or 0) & FLAG_EPHEMERAL)
            msg = self.create_message(rec.channel, {}, {}, interaction=rec, flags=flags)
        elif ctype in (ix.DEFERRED_UPDATE, ix.UPDATE_MESSAGE):
            msg = rec.source_message
            if msg is not None and ctype == ix.UPDATE_MESSAGE:
                self.edit_message(msg, data, files)
        rec.original_id = msg.id if msg is not None else None
        self.notify(rec.changes, *(self._changes_of(msg) if msg is not None else ()))
        return msg

    def add_followup(
        self, rec: InteractionResult, body: dict[str, Any], files: dict[int, Upload]
    ) -> FakeMessage:
        """A followup; the first after a thinking defer fills the loading message instead."""
        original = rec.original
        if (
            rec.callback_type == ix.DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
        ):
            self.edit_message(original, {k: v for k, v in body.items() if k != "flags"}, files)
            msg = original
        else:
            flags = (body.get("flags") or 0) & (FLAG_EPHEMERAL | EDITABLE_FLAGS)
            msg = self.create_message(rec.channel, body, files, interaction=rec, flags=flags)
        rec.followup_ids.append(msg.id)
        rec.updates += 1
        self.notify(rec.changes)
        return msg

    # ----- actions: what users do -------------------------------------------------------

    async def slash(
        self,
        user: FakeUser,
        channel: FakeChannel | None,
        command: str,
        /,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        wait: bool = True,
        locale: str | None = None,
        options: Mapping[str, Any] | None = None,
        **values: Any,
    ) -> InteractionResult:
        """Run `/command` ("game new" = group + subcommand) in `channel` (None = the user's
        DM with the bot). Option values are typed from the synced schema: str, int, bool,
        float, FakeUser, FakeChannel, FakeRole, FakeAttachment; None means "not given".
        Use `options={...}` for option names that clash with these keywords.
        With `wait`, return once answered (after a deferral: once the edit/followup came)."""
        values = {**(options or {}), **values}
        channel = self._check_channel(user, channel)
        path = command.lstrip("/").split()
        definition = self._find_command(path[0], channel)
        guild = self.guilds.get(channel.guild_id) if channel.guild_id else None
        data = OptionBuilder(guild, None, user.id).build(definition, path, values)
        name = "/" + " ".join(path)
        rec = await self._interact(ix.APPLICATION_COMMAND, user, channel, data, name, locale=locale)
        return await rec.wait_answered(timeout) if wait else rec

    async def autocomplete(
        self,
        user: FakeUser,
        channel: FakeChannel | None,
        command: str,
        /,
        focused: str,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        locale: str | None = None,
        options: Mapping[str, Any] | None = None,
        **values: Any,
    ) -> list[dict[str, Any]]:
        """Type into option `focused` of /command and return the bot's choices
        ([{"name", "value", ...}]). The focused value is sent as the typed string."""
        values = {**(options or {}), **values}
        channel = self._check_channel(user, channel)
        path = command.lstrip("/").split()
        definition = self._find_command(path[0], channel)
        guild = self.guilds.get(channel.guild_id) if channel.guild_id else None
        data = OptionBuilder(guild, focused, user.id).build(definition, path, values)
        name = f"autocomplete /{' '.join(path)} {focused}"
        rec = await self._interact(ix.AUTOCOMPLETE, user, channel, data, name, locale=locale)
        await rec.wait_answered(timeout)
        return rec.choices

    async def click(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        /,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        wait: bool = True,
        locale: str | None = None,
    ) -> InteractionResult:
        """Press the button `custom_id` on `message` (guild channel or DM). Raises
        ValueError if the user could not: no such button, disabled, message not visible.
        With `wait`, return once answered; a deferred update (callback 6) counts as answered
        only once the bot edited the message or sent a followup (else use wait=False and
        `result.wait_until(...)`)."""
        comp = self._component(user, message, custom_id)
        if comp.get("type") != 2:
            raise ValueError(
                f"{custom_id!r} is not a button (type {comp.get('type')}); use select()"
            )
        data = {"custom_id": custom_id, "component_type": 2}
        rec = await self._interact(
            ix.COMPONENT, user, message.channel, data, f"click {custom_id}", message, locale=locale
        )
        return await rec.wait_answered(timeout) if wait else rec

    async def select(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        values: list[str],
        /,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        wait: bool = True,
        locale: str | None = None,
    ) -> InteractionResult:
        """Choose `values` in the select menu `custom_id` (string selects are checked
        against their options and min/max_values)."""
        comp = self._component(user, message, custom_id)
        if comp.get("type") not in (3, 5, 6, 7, 8):
            raise ValueError(f"{custom_id!r} is not a select menu")
        chosen = ix.component_values(comp, [str(v) for v in values])
        data = {"custom_id": custom_id, "component_type": comp["type"], "values": chosen}
        rec = await self._interact(
            ix.COMPONENT, user, message.channel, data, f"select {custom_id}", message, locale=locale
        )
        return await rec.wait_answered(timeout) if wait else rec

    async def submit_modal(
        self,
        user: FakeUser,
        opened: InteractionResult,
        values: Mapping[str, str | list[str]],
        /,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        wait: bool = True,
    ) -> InteractionResult:
        """Fill and submit the modal the bot opened in `opened` (callback type 9);
        `values` maps text-input custom_id -> text (select custom_id -> list)."""
        modal = opened.modal
        if modal is None:
            raise ValueError(f"{opened.name} did not open a modal")
        components = _modal_submission(modal.get("components", []), dict(values))
        data = {"custom_id": modal["custom_id"], "components": components}
        rec = await self._interact(
            ix.MODAL_SUBMIT,
            user,
            opened.channel,
            data,
            f"modal {modal['custom_id']}",
            opened.source_message,
        )
        return await rec.wait_answered(timeout) if wait else rec

    async def post_message(self, user: FakeUser, channel: FakeChannel, content: str) -> FakeMessage:
        """A user writes in a channel (MESSAGE_CREATE; content hidden from the bot without
        the message_content intent, except in DMs and mentions, as on Discord)."""
        guild = self.guilds.get(channel.guild_id) if channel.guild_id else None
        msg = FakeMessage(snowflake(), channel, user, content=content)
        msg.member = guild.members.get(user.id) if guild else None
        self._messages[msg.id] = msg
        self._message_log.append(msg)
        channel.last_message_id = msg.id
        data = msg.payload()
        can_read = (
            self.gateway.wants(MESSAGE_CONTENT) or channel.is_dm or self.bot.mention in content
        )
        if not can_read:
            data["content"] = ""
        await self.gateway.flush()
        if self.gateway.wants(DIRECT_MESSAGES if channel.is_dm else GUILD_MESSAGES):
            await self.gateway.dispatch("MESSAGE_CREATE", data)
        self.notify()
        return msg

    # ----- action helpers ---------------------------------------------------------------

    def _check_channel(self, user: FakeUser, channel: FakeChannel | None) -> FakeChannel:
        if channel is None:
            return self.dm_channel(user)
        if channel.is_dm and channel.recipient is not user:
            raise ValueError(f"{user.username} is not in DM channel {channel.id}")
        if channel.guild_id is not None and user.id not in self.guilds[channel.guild_id].members:
            raise ValueError(f"{user.username} is not a member of guild {channel.guild_id}")
        return channel

    def _find_command(self, name: str, channel: FakeChannel) -> dict[str, Any]:
        scopes: list[int | None] = [channel.guild_id, None] if channel.guild_id else [None]
        for scope in scopes:
            for cmd in self.commands.get(scope, []):
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    if channel.is_dm and not _dm_allowed(cmd):
                        raise ValueError(f"/{name} is not available in DMs")
                    return cmd
        synced = {s: [c["name"] for c in cmds] for s, cmds in self.commands.items()}
        raise LookupError(f"/{name} was not synced for channel {channel.id}; synced: {synced}")

    def _component(self, user: FakeUser, message: FakeMessage, custom_id: str) -> dict[str, Any]:
        if message.deleted:
            raise ValueError(f"message {message.id} was deleted")
        if message.ephemeral and message.interaction_user is not user:
            raise ValueError(f"{user.username} cannot see ephemeral message {message.id}")
        self._check_channel(user, message.channel)
        comp = message.component(custom_id)
        if comp is None:
            raise ValueError(f"no component {custom_id!r} on message; has {message.custom_ids}")
        if comp.get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled")
        return comp

    async def _interact(
        self,
        itype: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        name: str,
        message: FakeMessage | None = None,
        *,
        locale: str | None = None,
    ) -> InteractionResult:
        await self.gateway.flush()
        if self.gateway.session is None:
            raise RuntimeError("the bot has not identified yet: await fake.wait_ready() first")
        rec = InteractionResult(
            fake=self,
            id=snowflake(),
            token=secrets.token_urlsafe(48),
            type=itype,
            user=user,
            channel=channel,
            name=name,
            payload={},
            source_message=message,
            mark=self.mark(),
        )
        rec.payload = self._interaction_payload(rec, data, locale)
        self.interactions[rec.id] = rec
        self._tokens[rec.token] = rec
        await self.gateway.dispatch("INTERACTION_CREATE", rec.payload)
        rec.dispatched_at = time.perf_counter()
        return rec

    def _interaction_payload(
        self, rec: InteractionResult, data: dict[str, Any], locale: str | None
    ) -> dict[str, Any]:
        channel, user = rec.channel, rec.user
        guild = self.guilds.get(channel.guild_id) if channel.guild_id else None
        payload: dict[str, Any] = {
            "id": str(rec.id),
            "application_id": str(self.application_id),
            "type": rec.type,
            "token": rec.token,
            "version": 1,
            "data": data,
            "channel_id": str(channel.id),
            "channel": channel.payload(),
            "locale": locale or user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": {"0": str(guild.id) if guild else "0"},
            "context": 0 if guild else 1,
            "attachment_size_limit": self.attachment_size_limit,
        }
        if guild is not None:
            member = guild.members[user.id].payload()
            member["permissions"] = str(guild.permissions_of(user.id))
            payload["channel"]["permissions"] = member["permissions"]
            payload |= {
                "guild_id": str(guild.id),
                "guild": {"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
                "guild_locale": guild.preferred_locale,
                "member": member,
                "app_permissions": str(guild.permissions_of(self.bot.id)),
            }
        else:
            payload |= {"user": user.payload(), "app_permissions": str(EVERYONE_PERMISSIONS)}
        if rec.source_message is not None:
            payload["message"] = rec.source_message.payload()
        return payload


def _dm_allowed(cmd: dict[str, Any]) -> bool:
    """Whether a global command may run in a bot DM (contexts / legacy dm_permission)."""
    contexts = cmd.get("contexts")
    if contexts is not None:
        return 1 in contexts
    return cmd.get("dm_permission") is not False


def _modal_submission(
    components: list[dict[str, Any]], values: dict[str, Any]
) -> list[dict[str, Any]]:
    """The modal-submit `components` tree mirroring the modal's rows / labels."""
    out: list[dict[str, Any]] = []
    for comp in components:
        ctype = comp.get("type")
        if ctype == 1:
            out.append(
                {"type": 1, "components": _modal_submission(comp.get("components", []), values)}
            )
        elif ctype == 18:
            inner = _modal_submission([comp["component"]], values)
            if inner:
                out.append({"type": 18, "component": inner[0]})
        elif "custom_id" in comp:
            out.append(_modal_value(comp, values))
    return out


def _modal_value(comp: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    cid, ctype = comp["custom_id"], comp["type"]
    value = values.get(cid)
    if ctype == 4:
        if value is None and comp.get("required", True):
            raise ValueError(f"modal text input {cid!r} is required")
        return {"type": 4, "custom_id": cid, "value": value or ""}
    chosen = [str(v) for v in (value or [])]
    return {"type": ctype, "custom_id": cid, "values": chosen}
