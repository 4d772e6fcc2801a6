"""Threads in the fake: the bot opens one from a text channel, renames, archives or deletes it,
adds members, and posts in it as in any channel.

What Discord does and the fake copies (https://discord.com/developers/docs/topics/threads):
- ``POST /channels/{id}/threads`` needs *Create Public Threads* on a text channel; the name is
  1-100 characters; the creator is the thread's owner and first member; THREAD_CREATE follows
  (``newly_created``), and active threads are listed in GUILD_CREATE.
- ``PATCH /channels/{thread}``: the owner or a member with *Manage Threads* may rename, archive
  or lock it; unarchiving an unlocked thread needs only to be able to post in it.
- ``DELETE /channels/{thread}`` needs *Manage Threads*.
- Sending a message to an archived, unlocked thread unarchives it (THREAD_UPDATE); editing a
  message of an archived thread is refused (400, 50083), as is adding a member to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from .faults import discord_error, json_response, no_content
from .models import (
    CREATE_PUBLIC_THREADS,
    GUILD_TEXT,
    MANAGE_THREADS,
    SEND_MESSAGES_IN_THREADS,
    FakeChannel,
    iso_now,
    snowflake,
)
from .ratelimits import API_PREFIX
from .records import read_body

if TYPE_CHECKING:
    from .actions import Actions

ARCHIVED = 50083
"""Discord: "Operation cannot be performed on an archived thread"."""
NAME_LIMIT = 100
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)


def _missing_permissions() -> web.Response:
    return discord_error(403, 50013, "Missing Permissions")


def _archived() -> web.Response:
    return discord_error(400, ARCHIVED, "Cannot perform this operation on an archived thread")


def _bad_field(name: str, message: str) -> web.Response:
    body = {
        "message": "Invalid Form Body",
        "code": 50035,
        "errors": {name: {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH", "message": message}]}},
    }
    return json_response(body, status=400)


class Threads:
    """Thread state changes and routes; the threads themselves live in ``fake.channels`` and
    their guild's ``threads``."""

    def __init__(self, fake: Actions) -> None:
        self.fake = fake

    # ----- queries and test actions ------------------------------------------------------

    def of(self, parent: FakeChannel) -> list[FakeChannel]:
        """The threads opened from ``parent`` (deleted ones excluded), oldest first."""
        guild = self.fake.guilds[parent.guild_id] if parent.guild_id else None
        found = guild.threads.values() if guild is not None else []
        return [thread for thread in found if thread.parent_id == parent.id]

    def archive(self, thread: FakeChannel, *, locked: bool = False) -> None:
        """What Discord does after ``auto_archive_duration`` minutes without a message (or a
        moderator does by hand)."""
        thread.archived, thread.locked = True, locked
        self._updated(thread)

    # ----- hooks of the message routes ---------------------------------------------------

    def before_send(self, channel: FakeChannel) -> web.Response | None:
        """A send to an archived thread unarchives it, unless it is locked."""
        if not channel.is_thread:
            return None
        if channel.archived and channel.locked:
            return _archived()
        if channel.archived:
            channel.archived = False
            self._updated(channel)
        channel.message_count += 1
        return None

    def before_edit(self, channel: FakeChannel) -> web.Response | None:
        """An archived thread's messages can't be edited."""
        return _archived() if channel.is_thread and channel.archived else None

    # ----- state changes -----------------------------------------------------------------

    def create(
        self, parent: FakeChannel, name: str, *, kind: int, auto_archive_duration: int
    ) -> FakeChannel:
        """A thread the bot opened from ``parent`` (THREAD_CREATE)."""
        bot_id = self.fake.bot.id
        thread = FakeChannel(
            snowflake(),
            kind,
            name,
            parent.guild_id,
            parent_id=parent.id,
            owner_id=bot_id,
            auto_archive_duration=auto_archive_duration,
            members={bot_id},
        )
        assert parent.guild_id is not None
        self.fake.guilds[parent.guild_id].threads[thread.id] = thread
        self.fake.channels[thread.id] = thread
        member = {
            "id": str(thread.id),
            "user_id": str(bot_id),
            "join_timestamp": iso_now(),
            "flags": 0,
        }
        created = thread.payload() | {"newly_created": True, "member": member}
        self.fake.gateway.dispatch_soon("THREAD_CREATE", created)
        return thread

    def _updated(self, thread: FakeChannel) -> None:
        self.fake.gateway.dispatch_soon("THREAD_UPDATE", thread.payload())
        self.fake.notify()

    def delete(self, thread: FakeChannel) -> None:
        """The thread and its messages are gone (THREAD_DELETE)."""
        assert thread.guild_id is not None
        del self.fake.guilds[thread.guild_id].threads[thread.id]
        del self.fake.channels[thread.id]
        data = {
            "id": str(thread.id),
            "guild_id": str(thread.guild_id),
            "parent_id": str(thread.parent_id),
            "type": thread.type,
        }
        self.fake.gateway.dispatch_soon("THREAD_DELETE", data)
        self.fake.notify()

    # ----- routes ------------------------------------------------------------------------

    def routes(self) -> list[web.RouteDef]:
        p = API_PREFIX + "/channels/{channel}"
        return [
            web.post(p + "/threads", self.create_thread),
            web.patch(p, self.edit_channel),
            web.delete(p, self.delete_channel),
            web.put(p + "/thread-members/{user}", self.add_member),
        ]

    def _bot_may(self, channel: FakeChannel, permission: int) -> bool:
        guild = self.fake.guilds.get(channel.guild_id) if channel.guild_id else None
        return guild is not None and bool(guild.permissions_of(self.fake.bot.id) & permission)

    def _thread(self, request: web.Request) -> FakeChannel | None:
        channel = self.fake.channels.get(_int(request.match_info["channel"]))
        return channel if channel is not None and channel.is_thread else None

    async def create_thread(self, request: web.Request) -> web.Response:
        """POST /channels/{id}/threads: a thread without a starter message."""
        parent = self.fake.channels.get(_int(request.match_info["channel"]))
        if parent is None:
            return discord_error(404, 10003, "Unknown Channel")
        if parent.type != GUILD_TEXT:
            return discord_error(400, 50024, "Cannot execute action on this channel type")
        if not self._bot_may(parent, CREATE_PUBLIC_THREADS):
            return _missing_permissions()
        body, _files = await read_body(request)
        body = body or {}
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= NAME_LIMIT:
            return _bad_field("name", f"Must be between 1 and {NAME_LIMIT} in length.")
        duration = int(body.get("auto_archive_duration") or 1440)
        if duration not in ARCHIVE_DURATIONS:
            return _bad_field("auto_archive_duration", f"Must be one of {ARCHIVE_DURATIONS}.")
        kind = int(body.get("type") or 12)  # Discord's default is a private thread
        thread = self.create(parent, name, kind=kind, auto_archive_duration=duration)
        return json_response(thread.payload())

    async def edit_channel(self, request: web.Request) -> web.Response:
        """PATCH /channels/{thread}: name, archived, locked, auto_archive_duration."""
        thread = self._thread(request)
        if thread is None:  # the fake models no other channel edits: the bot may not
            return _missing_permissions()
        body, _files = await read_body(request)
        body = body or {}
        owner = thread.owner_id == self.fake.bot.id
        unarchive_only = set(body) <= {"archived"} and body.get("archived") is False
        allowed = owner or self._bot_may(thread, MANAGE_THREADS)
        if unarchive_only and not thread.locked:
            allowed = self._bot_may(thread, SEND_MESSAGES_IN_THREADS)
        if not allowed:
            return _missing_permissions()
        if thread.archived and body.get("archived") is not False:
            return _archived()
        if "name" in body and not 1 <= len(str(body["name"] or "")) <= NAME_LIMIT:
            return _bad_field("name", f"Must be between 1 and {NAME_LIMIT} in length.")
        self._apply(thread, body)
        return json_response(thread.payload())

    def _apply(self, thread: FakeChannel, body: dict[str, Any]) -> None:
        if "name" in body:
            thread.name = str(body["name"])
        if "auto_archive_duration" in body:
            thread.auto_archive_duration = int(body["auto_archive_duration"])
        if "locked" in body:
            thread.locked = bool(body["locked"])
        if "archived" in body:
            thread.archived = bool(body["archived"])
        self._updated(thread)

    async def delete_channel(self, request: web.Request) -> web.Response:
        """DELETE /channels/{thread}: needs Manage Threads."""
        thread = self._thread(request)
        if thread is None or not self._bot_may(thread, MANAGE_THREADS):
            return _missing_permissions()
        self.delete(thread)
        return json_response(thread.payload())

    async def add_member(self, request: web.Request) -> web.Response:
        """PUT /channels/{thread}/thread-members/{user}."""
        thread = self._thread(request)
        if thread is None:
            return discord_error(404, 10003, "Unknown Channel")
        if thread.archived:
            return _archived()
        user_id = _int(request.match_info["user"])
        guild = self.fake.guilds[thread.guild_id] if thread.guild_id else None
        if guild is None or user_id not in guild.members:
            return discord_error(404, 10007, "Unknown Member")
        thread.members.add(user_id)
        self.fake.notify()
        return no_content()


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0
