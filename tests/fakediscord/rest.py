"""REST routes under /api/v10 and the middleware that logs, injects faults and checks auth.

Handlers answer with Discord's status codes and error codes (10003 Unknown Channel, 10008
Unknown Message, 10062 Unknown interaction, 40060 already acknowledged, 50007 cannot DM,
50035 invalid form body, ...) so the bot's error handling meets what production sends.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from . import interactions as ix
from .faults import discord_error, json_response, no_content
from .models import FLAG_EPHEMERAL, FakeMessage
from .ratelimits import (
    API_PREFIX,
    ARRIVED_HEADER,
    EXEMPT_PREFIXES,
    rate_limited_headers,
    route_of,
)
from .validation import FormErrors, validate_choices, validate_commands, validate_message

if TYPE_CHECKING:
    from .faults import Fault
    from .server import FakeDiscord

NO_AUTH_PREFIXES = ("/interactions/", "/webhooks/")
FILE_FIELD = re.compile(r"^files\[(\d+)\]$")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(eq=False)
class Upload:
    """A file part of a multipart request (`files[n]`)."""

    filename: str
    data: bytes
    content_type: str | None = None


@dataclass(eq=False)
class RequestRecord:
    """One HTTP request the bot made, as the fake saw it."""

    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str] = field(repr=False)
    json: Any = field(default=None, repr=False)
    files: list[Upload] = field(default_factory=list, repr=False)
    status: int | None = None
    fault: Fault | None = field(default=None, repr=False)
    received_at: float = field(default_factory=time.perf_counter, repr=False)
    """``time.perf_counter()`` when the request's headers had arrived (before its body was
    read): when the bot sent it, as near as the fake can tell (the benchmark's server-side
    latencies)."""
    arrived_at: float | None = field(default=None, repr=False)
    """``time.monotonic()`` when the request reached the fake's edge (:mod:`.edge`), which
    is when Discord counts it against the limits; None when it came straight to the fake."""

    @property
    def reached_at(self) -> float:
        """When the request reached Discord: its edge's stamp, else when the fake had its
        headers (both on ``time.monotonic``'s clock on Linux, which ``perf_counter`` is)."""
        return self.arrived_at if self.arrived_at is not None else self.received_at

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status}"


RECORD = web.RequestKey("record", RequestRecord)


class BadBody(Exception):
    """The body could not be parsed (Discord: 50109 invalid JSON)."""


async def read_body(request: web.Request) -> tuple[Any, dict[int, Upload]]:
    """JSON body or multipart `payload_json` + `files[n]`; records both on the request log."""
    files: dict[int, Upload] = {}
    payload: Any = None
    try:
        # The raw header, not request.content_type: aiohttp parses that with the email
        # package, which cost the load benchmark's fake more than reading the body.
        if request.headers.get("Content-Type", "").lower().startswith("multipart/"):
            reader = await request.multipart()
            async for part in reader:
                if not isinstance(part, BodyPartReader):
                    continue
                match = FILE_FIELD.match(part.name or "")
                if part.name == "payload_json":
                    payload = json.loads(await part.read())  # UTF-8, as Discord reads it
                elif match:
                    data = bytes(await part.read())
                    ctype = part.headers.get("Content-Type")
                    files[int(match[1])] = Upload(part.filename or "file", data, ctype)
        else:
            raw = await request.read()
            payload = json.loads(raw) if raw else None
    except ValueError as exc:
        raise BadBody(str(exc)) from exc
    record = request.get(RECORD)
    if record is not None:
        record.json, record.files = payload, [files[k] for k in sorted(files)]
    return payload, files


def arrival(request: web.Request) -> float | None:
    """When the fake's edge had the request (its stamp), or None when it came straight in."""
    stamp = request.headers.get(ARRIVED_HEADER)
    return float(stamp) if stamp is not None else None


def uploaded(body: dict[str, Any], files: dict[int, Upload]) -> list[str]:
    """The names of the files a request uploads (an ``attachments`` entry may rename one)."""
    named = {
        int(e["id"]): e["filename"]
        for e in body.get("attachments") or []
        if isinstance(e, dict) and str(e.get("id", "")).isdigit() and e.get("filename")
    }
    return [named.get(index, upload.filename) for index, upload in files.items()]


def form_error(errors: FormErrors) -> web.Response:
    """400 Invalid Form Body."""
    return json_response(errors.body(), status=400)


def empty_message() -> web.Response:
    """400 Cannot send an empty message."""
    return discord_error(400, 50006, "Cannot send an empty message")


def is_empty(body: dict[str, Any], files: dict[int, Upload]) -> bool:
    """No content, embeds, components, files, stickers or poll."""
    keys = ("content", "embeds", "components", "sticker_ids", "poll", "attachments")
    return not files and not any(body.get(k) for k in keys)


class Rest:
    """The route table; state lives in FakeDiscord."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    # ----- plumbing -------------------------------------------------------------------------

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Log every API request, fire faults, check auth, record unhandled routes."""
        if request.match_info.route.name in ("gateway", "cdn"):
            return await handler(request)
        path = request.path
        rel = path[len(API_PREFIX) :] if path.startswith(API_PREFIX + "/") else path
        record = RequestRecord(request.method, rel, dict(request.query), dict(request.headers))
        record.arrived_at = arrival(request)
        request[RECORD] = record
        self.fake.requests.append(record)
        try:
            response = await self._respond(request, handler, record)
        except BadBody as exc:
            response = discord_error(400, 50109, f"The request body contains invalid JSON. {exc}")
        except ConnectionResetError:  # the client went away mid-body (a bot killed mid-upload)
            self.fake.abandoned.append(record)  # Discord acts on nothing it did not get whole
            response = discord_error(400, 0, "the request's body was cut short")
        except Exception:  # a bug in the fake: keep it visible to the test, answer 500
            self.fake.server_errors.append(f"{record}: {traceback.format_exc()}")
            response = discord_error(500, 0, "500: fake server error")
        record.status = response.status
        method, route, params = route_of(request, rel)
        self.fake.limits.answered(method, route, params, response.status)
        self.fake.notify(*_changed(request))
        return response

    async def _respond(
        self, request: web.Request, handler: Handler, record: RequestRecord
    ) -> web.StreamResponse:
        fault = self.fake.take_fault(record.method, record.path)
        if fault is not None:
            record.fault = fault
            fault.fired.append("in flight")  # taken: the next request is not faulted
            if fault.effect in ("lost", "reset"):  # done at once; the answer fails
                await self._respond_normally(request, handler, record)
            self.fake.notify()  # tests may act while it is in flight (e.g. kill the bot)
            if fault.stall:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.fake.stopping.wait(), fault.stall)
            fault.fired.pop()
            if fault.effect == "reset" and request.transport is not None:
                request.transport.abort()  # no answer at all: the client's connection drops
            return fault.respond(record.method, record.path)
        return await self._respond_normally(request, handler, record)

    async def _respond_normally(
        self, request: web.Request, handler: Handler, record: RequestRecord
    ) -> web.StreamResponse:
        if request.match_info.http_exception is not None:
            self.fake.unhandled.append(record)
            return discord_error(404, 0, "404: Not Found")
        authorized = request.headers.get("Authorization") == f"Bot {self.fake.token}"
        if not authorized and not record.path.startswith(NO_AUTH_PREFIXES):
            return discord_error(401, 0, "401: Unauthorized")
        method, route, params = route_of(request, record.path)
        counts = authorized and not record.path.startswith(EXEMPT_PREFIXES)
        verdict = self.fake.limits.check(
            method, route, params, counts_globally=counts, at=record.arrived_at
        )
        if verdict.limited:
            return json_response(verdict.body(), status=429, headers=rate_limited_headers(verdict))
        response = await handler(request)
        for key, value in verdict.headers.items():
            response.headers.setdefault(key, value)
        return response

    def routes(self) -> list[web.RouteDef]:
        """All REST routes, prefixed with /api/v10."""
        p = API_PREFIX
        app = "/applications/{app}"
        hook = "/webhooks/{app}/{token}"
        chan_msg = "/channels/{channel}/messages/{message}"
        return [
            web.get(p + "/users/@me", self.get_me),
            web.get(p + "/users/{user}", self.get_user),
            web.post(p + "/users/@me/channels", self.open_dm),
            web.get(p + "/oauth2/applications/@me", self.get_application),
            web.get(p + "/applications/@me", self.get_application),
            web.get(p + "/gateway", self.get_gateway),
            web.get(p + "/gateway/bot", self.get_gateway_bot),
            web.get(p + app + "/commands", self.get_commands),
            web.put(p + app + "/commands", self.put_commands),
            web.get(p + app + "/guilds/{guild}/commands", self.get_commands),
            web.put(p + app + "/guilds/{guild}/commands", self.put_commands),
            web.post(p + "/interactions/{interaction}/{token}/callback", self.callback),
            web.post(p + hook, self.followup),
            web.get(p + hook + "/messages/{message}", self.get_webhook_message),
            web.patch(p + hook + "/messages/{message}", self.edit_webhook_message),
            web.delete(p + hook + "/messages/{message}", self.delete_webhook_message),
            web.get(p + "/channels/{channel}", self.get_channel),
            web.get(p + "/channels/{channel}/messages", self.get_history),
            web.post(p + "/channels/{channel}/messages", self.create_message),
            web.post(p + "/channels/{channel}/typing", self.typing),
            web.get(p + chan_msg, self.get_message),
            web.patch(p + chan_msg, self.edit_message),
            web.delete(p + chan_msg, self.delete_message),
            web.get(p + "/guilds/{guild}", self.get_guild),
            web.get(p + "/guilds/{guild}/channels", self.get_guild_channels),
            web.get(p + "/guilds/{guild}/members/{user}", self.get_member),
        ]

    # ----- users, application, gateway ----------------------------------------------------

    async def get_me(self, request: web.Request) -> web.Response:
        """The bot user (login calls this first)."""
        return json_response(self.fake.bot.payload() | {"verified": True, "mfa_enabled": False})

    async def get_user(self, request: web.Request) -> web.Response:
        """A user by id."""
        user = self.fake.users.get(_int(request.match_info["user"]))
        if user is None:
            return discord_error(404, 10013, "Unknown User")
        return json_response(user.payload())

    async def open_dm(self, request: web.Request) -> web.Response:
        """Create or get the DM channel; works even when the user's DMs are closed."""
        body, _ = await read_body(request)
        user = self.fake.users.get(_int((body or {}).get("recipient_id")))
        if user is None or user.bot:
            return discord_error(400, 50033, "Invalid Recipient(s)")
        return json_response(self.fake.dm_channel(user).payload())

    async def get_application(self, request: web.Request) -> web.Response:
        """Application info (login calls this second)."""
        fake = self.fake
        return json_response(
            {
                "id": str(fake.application_id),
                "name": fake.bot.username,
                "icon": None,
                "description": "",
                "summary": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": fake.owner.payload(),
                "team": None,
                "verify_key": "0" * 64,
                "flags": 0,
                "bot": fake.bot.payload(),
                "tags": [],
                "redirect_uris": [],
                "interactions_endpoint_url": None,
                "approximate_guild_count": len(fake.guilds),
            }
        )

    async def get_gateway(self, request: web.Request) -> web.Response:
        """Gateway URL."""
        return json_response({"url": self.fake.gateway_url})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        """Gateway URL with shard advice (AutoShardedClient)."""
        limit = {"total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1}
        return json_response(
            {"url": self.fake.gateway_url, "shards": 1, "session_start_limit": limit}
        )

    # ----- application commands -----------------------------------------------------------

    def _command_scope(self, request: web.Request) -> tuple[int | None, web.Response | None]:
        if _int(request.match_info["app"]) != self.fake.application_id:
            return None, discord_error(403, 20012, "You are not authorized for this application")
        guild = request.match_info.get("guild")
        if guild is None:
            return None, None
        if _int(guild) not in self.fake.guilds:
            return None, discord_error(403, 50001, "Missing Access")
        return _int(guild), None

    async def get_commands(self, request: web.Request) -> web.Response:
        """The commands last synced (global or one guild)."""
        guild_id, error = self._command_scope(request)
        if error is not None:
            return error
        return json_response(self.fake.synced_commands(guild_id))

    async def put_commands(self, request: web.Request) -> web.Response:
        """Bulk overwrite (tree.sync); validated like Discord, ids kept per name + type."""
        guild_id, error = self._command_scope(request)
        if error is not None:
            return error
        body, _ = await read_body(request)
        errors = validate_commands(body)
        if errors:
            return form_error(errors)
        return json_response(self.fake.store_commands(guild_id, body))

    # ----- interactions --------------------------------------------------------------------

    async def callback(self, request: web.Request) -> web.Response:
        """POST /interactions/{id}/{token}/callback: the initial response."""
        fake = self.fake
        rec = fake.interactions.get(_int(request.match_info["interaction"]))
        if rec is None or rec.token != request.match_info["token"]:
            return discord_error(404, 10062, "Unknown interaction")
        if rec.callback_type is not None:
            rec.errors.append("second callback")
            return discord_error(400, 40060, "Interaction has already been acknowledged.")
        body, files = await read_body(request)
        body = body or {}
        ctype, data = body.get("type"), body.get("data") or {}
        errors = self._check_callback(rec, ctype, data, files)
        if errors:
            rec.errors.append(errors.summary())
            return form_error(errors)
        if ctype == ix.CHANNEL_MESSAGE and is_empty(data, files):
            rec.errors.append("empty message")
            return empty_message()
        message = fake.apply_callback(rec, ctype, data, files)
        return json_response(self._callback_body(rec, ctype, message))

    def _check_callback(
        self, rec: ix.InteractionResult, ctype: Any, data: dict[str, Any], files: dict[int, Upload]
    ) -> FormErrors:
        errors = FormErrors()
        if ctype not in ix.VALID_CALLBACKS[rec.type]:
            errors.add(("type",), "INTERACTION_RESPONSE_TYPE_INVALID", f"Bad type {ctype}")
            return errors
        if ctype in (ix.CHANNEL_MESSAGE, ix.UPDATE_MESSAGE):
            errors = validate_message(data, files=uploaded(data, files))
        elif ctype == ix.AUTOCOMPLETE_RESULT:
            errors = validate_choices(data.get("choices"))
        elif ctype == ix.MODAL and not (data.get("custom_id") and data.get("title")):
            errors.add(("data",), "BASE_TYPE_REQUIRED", "A modal needs custom_id and title")
        self._check_files(errors, files)
        return errors

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

    def _callback_body(
        self, rec: ix.InteractionResult, ctype: int, message: FakeMessage | None
    ) -> dict[str, Any]:
        interaction: dict[str, Any] = {"id": str(rec.id), "type": rec.type}
        resource: dict[str, Any] = {"type": ctype}
        if message is not None:
            interaction.update(
                response_message_id=str(message.id),
                response_message_loading=message.loading,
                response_message_ephemeral=message.ephemeral,
            )
            if ctype != ix.DEFERRED_UPDATE:
                resource["message"] = message.payload()
        return {"interaction": interaction, "resource": resource}

    def _webhook_interaction(
        self, request: web.Request
    ) -> tuple[ix.InteractionResult | None, web.Response | None]:
        rec = self.fake.interaction_by_token(request.match_info["token"])
        app_ok = _int(request.match_info["app"]) == self.fake.application_id
        if rec is None or not app_ok or rec.callback_type is None:
            return None, discord_error(404, 10015, "Unknown Webhook")
        return rec, None

    def _webhook_target(
        self, request: web.Request, rec: ix.InteractionResult
    ) -> FakeMessage | None:
        ref = request.match_info["message"]
        if ref == "@original":
            return rec.original
        msg = self.fake.message_by_id(_int(ref))
        if msg is None or msg.deleted:
            return None
        mine = msg.id == rec.original_id or msg.interaction_id == rec.id
        return msg if mine else None

    async def followup(self, request: web.Request) -> web.Response:
        """POST /webhooks/{app}/{token}: a followup (the first one after a thinking defer
        replaces the loading message, as on Discord)."""
        rec, error = self._webhook_interaction(request)
        if error is not None:
            return error
        assert rec is not None
        body, files, errors = await self._message_body(request)
        if errors:
            rec.errors.append(errors.summary())
            return form_error(errors)
        if is_empty(body, files):
            rec.errors.append("empty followup")
            return empty_message()
        message = self.fake.add_followup(rec, body, files)
        if request.query.get("wait", "false").lower() in ("1", "true"):
            return json_response(message.payload())
        return no_content()

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        """GET @original or a followup."""
        rec, error = self._webhook_interaction(request)
        if error is not None:
            return error
        assert rec is not None
        msg = self._webhook_target(request, rec)
        if msg is None:
            return discord_error(404, 10008, "Unknown Message")
        return json_response(msg.payload())

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        """PATCH @original or a followup (also completes a deferred response)."""
        rec, error = self._webhook_interaction(request)
        if error is not None:
            return error
        assert rec is not None
        msg = self._webhook_target(request, rec)
        if msg is None:
            return discord_error(404, 10008, "Unknown Message")
        body, files, errors = await self._message_body(request, msg)
        if errors:
            rec.errors.append(errors.summary())
            return form_error(errors)
        self.fake.edit_message(msg, body, files)
        rec.updates += 1
        return json_response(msg.payload())

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        """DELETE @original or a followup."""
        rec, error = self._webhook_interaction(request)
        if error is not None:
            return error
        assert rec is not None
        msg = self._webhook_target(request, rec)
        if msg is None:
            return discord_error(404, 10008, "Unknown Message")
        self.fake.delete_message(msg)
        rec.updates += 1
        return no_content()

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

    # ----- guilds --------------------------------------------------------------------------

    async def get_guild(self, request: web.Request) -> web.Response:
        """A guild (with approximate counts when asked)."""
        guild = self.fake.guilds.get(_int(request.match_info["guild"]))
        if guild is None:
            return discord_error(404, 10004, "Unknown Guild")
        data = guild.rest_payload()
        if request.query.get("with_counts", "").lower() in ("1", "true"):
            data["approximate_member_count"] = len(guild.members)
            data["approximate_presence_count"] = 0
        return json_response(data)

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        """A guild's channels."""
        guild = self.fake.guilds.get(_int(request.match_info["guild"]))
        if guild is None:
            return discord_error(404, 10004, "Unknown Guild")
        return json_response([c.payload() for c in guild.channels.values()])

    async def get_member(self, request: web.Request) -> web.Response:
        """A guild member."""
        guild = self.fake.guilds.get(_int(request.match_info["guild"]))
        if guild is None:
            return discord_error(404, 10004, "Unknown Guild")
        member = guild.members.get(_int(request.match_info["user"]))
        if member is None:
            return discord_error(404, 10007, "Unknown Member")
        return json_response(member.payload())


def _int(value: Any) -> int:
    """A snowflake from a path segment or JSON value; 0 when it is not a number."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def _changed(request: web.Request) -> list[tuple[str, Any]]:
    """What a request may have changed, for :meth:`FakeDiscord.notify`: nothing but the
    request log (a read), one interaction (a callback or webhook route: its token), one
    channel's messages, a DM channel opened (no message in it yet), or anything (no key).

    Why the reads and DM channels have keys of their own, which no waiter is keyed on: a change
    told without a key checks every keyed waiter, and the load's bot opens a DM channel for
    most of its hand DMs (discord.py keeps 128): two scans of thousands of waiting moves at
    every move, a sixth of the benchmark's own CPU. The unkeyed waiters still look after
    each of them (a test waiting for a request to be logged)."""
    match = request.match_info
    if request.method in ("GET", "HEAD"):
        return [("read", request.path)]
    if request.path.endswith("/users/@me/channels"):
        return [("dm opened", request.path)]
    if "token" in match:
        return [("token", match["token"])]
    if "channel" in match and match["channel"].isdigit():
        return [("channel", int(match["channel"]))]
    return []
