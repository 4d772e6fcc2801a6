"""Entities of the fake Discord and their wire payloads.

The payloads follow Discord's v10 JSON shapes closely enough for an unmodified discord.py
client to parse them without warnings; fields the client never reads are left out.
"""

from __future__ import annotations

import copy
import datetime as dt
import itertools
import mimetypes
import re
import struct
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000

# Channel types.
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
THREAD_TYPES = frozenset({10, 11, 12})  # announcement, public and private threads

# Message flags.
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15
EDITABLE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_COMPONENTS_V2

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADMINISTRATOR = 1 << 3
ALL_PERMISSIONS = (1 << 51) - 1
EVERYONE_PERMISSIONS = (
    (1 << 6)  # ADD_REACTIONS
    | (1 << 10)  # VIEW_CHANNEL
    | (1 << 11)  # SEND_MESSAGES
    | (1 << 14)  # EMBED_LINKS
    | (1 << 15)  # ATTACH_FILES
    | (1 << 16)  # READ_MESSAGE_HISTORY
    | (1 << 18)  # USE_EXTERNAL_EMOJIS
    | (1 << 31)  # USE_APPLICATION_COMMANDS
    | (1 << 35)  # CREATE_PUBLIC_THREADS
    | (1 << 38)  # SEND_MESSAGES_IN_THREADS
)
BOT_ROLE_PERMISSIONS = EVERYONE_PERMISSIONS | (1 << 13)  # + MANAGE_MESSAGES
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38

_counter = itertools.count(1)


def snowflake() -> int:
    """A unique id carrying the current time, as discord.py derives created_at from ids."""
    now_ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (now_ms << 22) | (next(_counter) & 0x3FFFFF)


def iso_now() -> str:
    """The current time in the ISO-8601 form Discord uses for timestamps."""
    return dt.datetime.now(dt.UTC).isoformat()


@dataclass(eq=False)
class FakeUser:
    """A Discord user; `locale` is the client language sent with each interaction."""

    id: int
    username: str
    locale: str = "en-US"
    bot: bool = False
    dms_open: bool = True
    global_name: str | None = None

    @property
    def mention(self) -> str:
        """The `<@id>` form a bot uses to ping this user."""
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        """The user object as Discord sends it."""
        return {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name or self.username,
            "avatar": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
        }


@dataclass(eq=False)
class FakeRole:
    """A guild role; the @everyone role shares the guild's id."""

    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def payload(self) -> dict[str, Any]:
        """The role object as Discord sends it."""
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class FakeMember:
    """A user's membership of a guild."""

    user: FakeUser
    guild_id: int
    roles: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)

    def payload(self, *, with_user: bool = True) -> dict[str, Any]:
        """The guild member object; interaction `resolved.members` omit the user."""
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        return data


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel, a DM channel (then `recipient` is set and `guild_id` is None) or
    a thread (then `parent_id` is its text channel and the thread fields below apply)."""

    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    recipient: FakeUser | None = None
    position: int = 0
    topic: str | None = None
    last_message_id: int | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    members: set[int] = field(default_factory=set)
    message_count: int = 0
    created_at: str = field(default_factory=iso_now)

    @property
    def is_dm(self) -> bool:
        """True for a DM channel between the bot and one user."""
        return self.type == DM

    @property
    def is_thread(self) -> bool:
        """True for a thread of a text channel."""
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        """The `<#id>` form."""
        return f"<#{self.id}>"

    def payload(self, *, with_guild_id: bool = True) -> dict[str, Any]:
        """The channel object as Discord sends it."""
        last = str(self.last_message_id) if self.last_message_id else None
        if self.is_thread:
            return self._thread_payload(last, with_guild_id=with_guild_id)
        if self.is_dm:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": last,
                "flags": 0,
                "recipients": [self.recipient.payload()],
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [],
            "parent_id": None,
            "topic": self.topic,
            "nsfw": False,
            "rate_limit_per_user": 0,
            "last_message_id": last,
            "flags": 0,
        }
        if with_guild_id:
            data["guild_id"] = str(self.guild_id)
        return data

    def _thread_payload(self, last: str | None, *, with_guild_id: bool) -> dict[str, Any]:
        """A thread channel object: its parent, owner, counts and `thread_metadata`."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "parent_id": str(self.parent_id),
            "owner_id": str(self.owner_id),
            "last_message_id": last,
            "rate_limit_per_user": 0,
            "message_count": self.message_count,
            "total_message_sent": self.message_count,
            "member_count": min(len(self.members), 50),
            "flags": 0,
            "thread_metadata": {
                "archived": self.archived,
                "auto_archive_duration": self.auto_archive_duration,
                "archive_timestamp": self.created_at,
                "locked": self.locked,
                "create_timestamp": self.created_at,
            },
        }
        if with_guild_id:
            data["guild_id"] = str(self.guild_id)
        return data


@dataclass(eq=False)
class FakeGuild:
    """A guild with its channels, members and roles."""

    id: int
    name: str
    owner_id: int
    preferred_locale: str = "en-US"
    channels: dict[int, FakeChannel] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    roles: dict[int, FakeRole] = field(default_factory=dict)
    threads: dict[int, FakeChannel] = field(default_factory=dict)

    def permissions_of(self, user_id: int) -> int:
        """Guild-level permissions (no channel overwrites): owner and admins get all."""
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        member = self.members.get(user_id)
        if member is None:
            return 0
        perms = self.roles[self.id].permissions
        for role_id in member.roles:
            perms |= self.roles[role_id].permissions
        return ALL_PERMISSIONS if perms & ADMINISTRATOR else perms

    def rest_payload(self) -> dict[str, Any]:
        """The guild object of `GET /guilds/{id}` (no channels, members)."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.preferred_locale,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
        }

    def create_payload(self) -> dict[str, Any]:
        """The GUILD_CREATE payload: complete member list so discord.py needs no chunking."""
        data = self.rest_payload()
        data.update(
            {
                "joined_at": iso_now(),
                "large": False,
                "unavailable": False,
                "member_count": len(self.members),
                "members": [m.payload() for m in self.members.values()],
                "channels": [c.payload(with_guild_id=False) for c in self.channels.values()],
                "threads": [t.payload() for t in self.threads.values() if not t.archived],
                "voice_states": [],
                "presences": [],
                "stage_instances": [],
                "guild_scheduled_events": [],
                "soundboard_sounds": [],
            }
        )
        return data


def png_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from a PNG's IHDR, as Discord reports them for images."""
    if len(data) >= 24 and data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        width, height = struct.unpack(">II", data[16:24])
        return width, height
    return None


@dataclass(eq=False)
class FakeAttachment:
    """An uploaded file; `data` holds the bytes so tests can open the image."""

    id: int
    filename: str
    data: bytes
    url: str
    description: str | None = None
    content_type: str | None = None

    def __post_init__(self) -> None:
        if self.content_type is None:
            self.content_type = mimetypes.guess_type(self.filename)[0]

    @property
    def size(self) -> int:
        """Size in bytes."""
        return len(self.data)

    def payload(self) -> dict[str, Any]:
        """The attachment object as Discord sends it."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
            "flags": 0,
        }
        if self.description is not None:
            data["description"] = self.description
        dims = png_size(self.data)
        if dims is not None:
            data["width"], data["height"] = dims
        return data


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first, including v2 containers, sections and accessories."""
    for comp in components:
        yield comp
        yield from walk_components(comp.get("components", []))
        accessory = comp.get("accessory")
        if accessory:
            yield from walk_components([accessory])


@dataclass(eq=False)
class FakeMessage:
    """A message; edits mutate it in place and push the old state onto `history`."""

    id: int
    channel: FakeChannel
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    deleted: bool = False
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_id: int | None = None
    interaction_user: FakeUser | None = None
    interaction_type: int | None = None
    message_reference: dict[str, Any] | None = None
    member: FakeMember | None = None
    history: list[dict[str, Any]] = field(default_factory=list)
    pinged: list[int] = field(default_factory=list)
    """The users this message notified: mentions in its content that its allowed mentions
    let through (Discord's default when none are sent: everyone mentioned)."""

    @property
    def ephemeral(self) -> bool:
        """Only the interaction's user sees it; not in channel history, no gateway event."""
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred response still showing 'thinking...'."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def custom_ids(self) -> list[str]:
        """custom_id of every interactive component, in layout order."""
        return [c["custom_id"] for c in walk_components(self.components) if "custom_id" in c]

    def component(self, custom_id: str) -> dict[str, Any] | None:
        """The component with this custom_id, or None."""
        for comp in walk_components(self.components):
            if comp.get("custom_id") == custom_id:
                return comp
        return None

    @property
    def text(self) -> str:
        """Content plus embed titles, descriptions and fields: handy for `in` assertions."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title", ""), embed.get("description", "")]
            for fld in embed.get("fields", []):
                parts += [fld.get("name", ""), fld.get("value", "")]
            parts.append((embed.get("footer") or {}).get("text", ""))
        for comp in walk_components(self.components):
            if comp.get("type") == 10:  # v2 text display
                parts.append(comp.get("content", ""))
        return "\n".join(p for p in parts if p)

    @property
    def mentioning(self) -> str:
        """The texts whose mentions notify: the content, and a v2 message's text displays
        (an embed's mentions notify nobody)."""
        shown = [
            c.get("content") or "" for c in walk_components(self.components) if c.get("type") == 10
        ]
        return "\n".join([self.content, *shown])

    @property
    def filenames(self) -> list[str]:
        """The names of its attachments (what ``attachment://`` may name in an edit)."""
        return [att.filename for att in self.attachments]

    @property
    def layout(self) -> bool:
        """Sent with the IS_COMPONENTS_V2 flag (components v2): components, no content."""
        return bool(self.flags & FLAG_COMPONENTS_V2)

    def attachment(self, filename: str) -> FakeAttachment:
        """The attachment with this filename (KeyError if absent)."""
        for att in self.attachments:
            if att.filename == filename:
                return att
        raise KeyError(filename)

    def snapshot(self) -> dict[str, Any]:
        """The editable state, kept in `history` before each edit."""
        return {
            "content": self.content,
            "embeds": copy.deepcopy(self.embeds),
            "components": copy.deepcopy(self.components),
            "attachments": list(self.attachments),
            "flags": self.flags,
        }

    def payload(self) -> dict[str, Any]:
        """The message object as Discord sends it."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": copy.deepcopy(self.embeds),
            "components": copy.deepcopy(self.components),
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
        }
        if self.channel.guild_id is not None:
            data["guild_id"] = str(self.channel.guild_id)
        if self.member is not None:
            data["member"] = self.member.payload(with_user=False)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.message_reference is not None:
            data["message_reference"] = self.message_reference
        if self.interaction_id is not None and self.interaction_user is not None:
            data["interaction_metadata"] = {
                "id": str(self.interaction_id),
                "type": self.interaction_type,
                "user": self.interaction_user.payload(),
                "authorizing_integration_owners": {},
            }
        return data


USER_MENTION = re.compile(r"<@!?(\d{15,21})>")


def pinged_users(content: str | None, allowed: dict[str, Any] | None) -> list[int]:
    """Who a new message's content notifies, given its ``allowed_mentions`` (Discord's rules:
    without the field every mention pings; ``parse: ["users"]`` lets every user mention
    through; else only the ``users`` listed)."""
    mentioned = [int(m) for m in USER_MENTION.findall(content or "")]
    if allowed is None:
        return mentioned
    if "users" in (allowed.get("parse") or []):
        return mentioned
    listed = {int(u) for u in allowed.get("users") or []}
    return [u for u in mentioned if u in listed]


@dataclass(eq=False)
class Revision:
    """One version of a message as people saw it: ``seq`` orders every version the fake
    made, creations and edits alike."""

    seq: int
    message: FakeMessage
    state: dict[str, Any]

    @property
    def content(self) -> str:
        return str(self.state["content"])

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.state["embeds"])

    @property
    def components(self) -> list[dict[str, Any]]:
        return list(self.state["components"])

    @property
    def attachments(self) -> list[FakeAttachment]:
        return list(self.state["attachments"])

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in walk_components(self.components) if "custom_id" in c]

    def attachment(self, filename: str) -> FakeAttachment:
        return next(a for a in self.attachments if a.filename == filename)
