"""REST routes under /api/v10 and the middleware that logs, injects faults and checks auth.

Handlers answer with Discord's status codes and error codes (10003 Unknown Channel, 10008
Unknown Message, 10062 Unknown interaction, 40060 already acknowledged, 50007 cannot DM,
50035 invalid form body, ...) so the bot's error handling meets what production sends.
"""

from __future__ import annotations

import asyncio
import contextlib
import traceback
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from .faults import discord_error, json_response
from .interaction_routes import InteractionRoutes
from .ratelimits import API_PREFIX, EXEMPT_PREFIXES, rate_limited_headers, route_of
from .records import RECORD, BadBody, RequestRecord, Upload, _int, arrival, form_error, read_body
from .validation import validate_commands

# What other modules import from here (the request's record and body live in .records).
__all__ = ["API_PREFIX", "RequestRecord", "Rest", "Upload", "read_body"]

NO_AUTH_PREFIXES = ("/interactions/", "/webhooks/")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Rest(InteractionRoutes):
    """The route table: the plumbing (log, faults, auth, rate limits), users, application,
    gateway, application commands and guilds, above the interaction and message routes;
    state lives in FakeDiscord."""

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
