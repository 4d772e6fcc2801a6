"""REST routes of channels and their messages (create, read, edit, delete, typing), and how a
message's body and files are read and checked for every route that sends one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from .faults import discord_error, json_response, no_content
from .models import FLAG_EPHEMERAL, FakeMessage
from .records import Upload, _int, empty_message, form_error, is_empty, read_body, uploaded
from .validation import FormErrors, validate_message

if TYPE_CHECKING:
    from .controls import Controls


class MessageRoutes:
    """The channel and message routes; state lives in FakeDiscord."""

    def __init__(self, fake: Controls) -> None:
        self.fake = fake

    async def _message_body(
        self, request: web.Request, edited: FakeMessage | None = None
    ) -> tuple[dict[str, Any], dict[int, Upload], FormErrors]:
        """A message's body and files as a create (or an edit of ``edited``) sends them, and
        what Discord would refuse in them: the body's fields, the files' sizes."""
        body, files = await read_body(request)
        body = body or {}
        errors = validate_message(body, edited, uploaded(body, files))
        self._check_files(errors, files)
        return body, files, errors

    def _check_files(self, errors: FormErrors, files: dict[int, Upload]) -> None:
        for index, upload in files.items():
            if len(upload.data) > self.fake.attachment_size_limit:
                errors.add((f"files[{index}]",), "BASE_TYPE_MAX_LENGTH", "File too large")

    # ----- channels and messages ----------------------------------------------------------

    def _channel(self, request: web.Request) -> Any:
        return self.fake.channels.get(_int(request.match_info["channel"]))

    def _message(self, request: web.Request) -> FakeMessage | None:
        channel = self._channel(request)
        msg = self.fake.message_by_id(_int(request.match_info["message"]))
        if channel is None or msg is None or msg.channel is not channel:
            return None
        return None if msg.deleted or msg.ephemeral else msg

    async def get_channel(self, request: web.Request) -> web.Response:
        """A channel by id."""
        channel = self._channel(request)
        if channel is None:
            return discord_error(404, 10003, "Unknown Channel")
        return json_response(channel.payload())

    async def get_history(self, request: web.Request) -> web.Response:
        """Newest first, `limit` (default 50) messages."""
        channel = self._channel(request)
        if channel is None:
            return discord_error(404, 10003, "Unknown Channel")
        limit = min(int(request.query.get("limit", 50)), 100)
        history = self.fake.messages(channel)[::-1][:limit]
        return json_response([m.payload() for m in history])

    async def create_message(self, request: web.Request) -> web.Response:
        """POST /channels/{id}/messages (JSON or multipart with files)."""
        channel = self._channel(request)
        if channel is None:
            return discord_error(404, 10003, "Unknown Channel")
        if channel.is_dm and channel.recipient is not None and not channel.recipient.dms_open:
            return discord_error(403, 50007, "Cannot send messages to this user")
        body, files, errors = await self._message_body(request)
        if errors:
            return form_error(errors)
        if is_empty(body, files):
            return empty_message()
        if (refused := self.fake.threads.before_send(channel)) is not None:
            return refused
        body["flags"] = (body.get("flags") or 0) & ~FLAG_EPHEMERAL
        earlier = self.fake.message_by_nonce(channel, body)
        if earlier is not None:  # enforce_nonce: the same send again returns the first message
            return json_response(earlier.payload())
        msg = self.fake.create_message(channel, body, files)
        return json_response(msg.payload())

    async def typing(self, request: web.Request) -> web.Response:
        """Typing indicator."""
        if self._channel(request) is None:
            return discord_error(404, 10003, "Unknown Channel")
        return no_content()

    async def get_message(self, request: web.Request) -> web.Response:
        """A message by id (ephemeral ones are not reachable here)."""
        msg = self._message(request)
        if msg is None:
            return discord_error(404, 10008, "Unknown Message")
        return json_response(msg.payload())

    async def edit_message(self, request: web.Request) -> web.Response:
        """PATCH a message the bot wrote; attachments may be kept, dropped or replaced."""
        msg = self._message(request)
        if msg is None:
            return discord_error(404, 10008, "Unknown Message")
        if msg.author is not self.fake.bot:
            return discord_error(403, 50005, "Cannot edit a message authored by another user")
        if (refused := self.fake.threads.before_edit(msg.channel)) is not None:
            return refused
        body, files, errors = await self._message_body(request, msg)
        if errors:
            return form_error(errors)
        self.fake.edit_message(msg, body, files)
        return json_response(msg.payload())

    async def delete_message(self, request: web.Request) -> web.Response:
        """DELETE a message."""
        msg = self._message(request)
        if msg is None:
            return discord_error(404, 10008, "Unknown Message")
        self.fake.delete_message(msg)
        return no_content()
