"""The fake's message store: channels' messages (DMs included), their versions, attachments and
nonces; what the REST routes and the users' actions create, edit and delete, and the queries
tests read them with.

A mixin of :class:`~tests.fakediscord.server.FakeDiscord` (above :mod:`.waiting`); the
attributes it declares are set by ``FakeDiscord.__init__``.
"""

# A `timeout` argument on each wait is the point of this test API (every wait is bounded).
# ruff: noqa: ASYNC109

from __future__ import annotations

import copy
import time
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any

from . import interactions as ix
from .interactions import InteractionResult
from .models import (
    DM,
    EDITABLE_FLAGS,
    FLAG_LOADING,
    FakeAttachment,
    FakeChannel,
    FakeMessage,
    FakeUser,
    Revision,
    iso_now,
    pinged_users,
    snowflake,
    walk_components,
)
from .waiting import DEFAULT_TIMEOUT, Waiting

if TYPE_CHECKING:
    from .records import Upload

NONCE_WINDOW = 300.0
"""Discord keeps an enforced nonce for a few minutes."""
GUILD_MESSAGES, DIRECT_MESSAGES, GUILD_MEMBERS, MESSAGE_CONTENT = 9, 12, 1, 15
Target = FakeChannel | FakeUser | int


class MessageStore(Waiting):
    """Messages, DM channels and attachments, and the changes to them (with their gateway
    events and the waits they wake)."""

    port: int
    bot: FakeUser
    application_id: int
    channels: dict[int, FakeChannel]
    interactions: dict[int, InteractionResult]
    revisions: list[Revision]
    _dms: dict[int, FakeChannel]
    _messages: dict[int, FakeMessage]
    _message_log: list[FakeMessage]
    _nonces: dict[tuple[int, int, str], tuple[float, FakeMessage]]
    _attachments: dict[int, FakeAttachment]

    @property
    def http_base(self) -> str:
        """http://127.0.0.1:PORT"""
        return f"http://127.0.0.1:{self.port}"

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between the bot and `user` (created on first use, stable id)."""
        channel = self._dms.get(user.id)
        if channel is None:
            channel = FakeChannel(snowflake(), DM, recipient=user)
            self._dms[user.id] = channel
            self.channels[channel.id] = channel
        return channel

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
