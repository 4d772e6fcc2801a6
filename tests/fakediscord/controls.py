"""What a test sets up and controls in the fake: guilds, channels, users, members and roles (the
builders), faults and gateway drops, the commands as synced, and the fake's addresses.

A mixin of :class:`~tests.fakediscord.server.FakeDiscord` (above :mod:`.actions`); the
attributes it declares are set by ``FakeDiscord.__init__``.
"""

# A `timeout` argument on each wait is the point of this test API (every wait is bounded).
# ruff: noqa: ASYNC109

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .actions import Actions
from .faults import Fault
from .models import (
    BOT_ROLE_PERMISSIONS,
    EVERYONE_PERMISSIONS,
    GUILD_TEXT,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeRole,
    FakeUser,
    snowflake,
)
from .ratelimits import API_PREFIX
from .records import RequestRecord
from .store import GUILD_MEMBERS

if TYPE_CHECKING:
    import asyncio

    from .ratelimits import RateLimiter
    from .threads import Threads


class Controls(Actions):
    """The builders, faults and commands of the fake, and its addresses: with what it declares,
    the fake as its REST routes (:mod:`.rest`) see it."""

    token: str
    owner: FakeUser
    users: dict[int, FakeUser]
    faults: list[Fault]
    limits: RateLimiter
    abandoned: list[RequestRecord]
    stopping: asyncio.Event
    threads: Threads

    @property
    def api_base(self) -> str:
        """REST base for discord.http.Route.BASE (a str)."""
        return self.http_base + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """Gateway URL (wrap in yarl.URL for DiscordWebSocket.DEFAULT_GATEWAY)."""
        return f"ws://127.0.0.1:{self.port}/"

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
