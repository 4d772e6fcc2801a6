"""The gateway websocket: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME.

Every dispatch of the current session is kept so a client that reconnects with RESUME gets the
events it missed (including interactions sent while it was away), as on real Discord.
Frames are JSON; with `compress=zlib-stream` they are sent as one shared zlib stream flushed
with Z_SYNC_FLUSH per message, which is what discord.py decompresses.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import uuid
import zlib
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .models import FakeGuild, FakeUser

_log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME, RECONNECT = 0, 1, 2, 3, 4, 6, 7
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11

ACK_DELAY = 0.25
"""Seconds before a heartbeat is acknowledged: about a slow round trip to Discord (see
:meth:`Gateway._ack_later`)."""
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)  # members, presences, message_content


class GatewayHost(Protocol):
    """What the gateway reads of the fake that owns it, named here so the fake's modules that
    declare a ``gateway`` (:mod:`.waiting`) can import this one without a circle."""

    token: str
    privileged_intents: int
    application_id: int
    bot: FakeUser
    guilds: dict[int, FakeGuild]

    @property
    def gateway_url(self) -> str: ...

    def notify(self, *keys: Hashable) -> None: ...


class Connection:
    """One websocket connection; sends are serialised so the zlib stream stays ordered."""

    def __init__(self, ws: web.WebSocketResponse, query: dict[str, str]) -> None:
        self.ws = ws
        self.query = query
        self.lock = asyncio.Lock()
        self._zlib = zlib.compressobj() if query.get("compress") == "zlib-stream" else None

    async def send(self, payload: dict[str, Any]) -> None:
        """Send one gateway payload; raises ConnectionError if the socket is gone."""
        text = json.dumps(payload)
        async with self.lock:
            if self.ws.closed:
                raise ConnectionResetError("gateway connection closed")
            if self._zlib is None:
                await self.ws.send_str(text)
            else:
                data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(data)


@dataclass
class Session:
    """A gateway session: what RESUME can continue. One per shard (unsharded: shard 0 of 1)."""

    id: str
    intents: int | None
    shard: int = 0
    shard_count: int = 1
    seq: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    resumable: bool = True
    conn: Connection | None = None


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """Discord's rule: a guild's events go to shard ``(guild_id >> 22) % shard_count``; DMs
    (no guild) to shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


def _guild_of(event: str, data: dict[str, Any]) -> int | None:
    """The guild an event belongs to (a guild event names itself by ``id``)."""
    key = "id" if event in ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE") else "guild_id"
    value = data.get(key)
    return int(value) if value is not None else None


class Gateway:
    """Gateway state and the websocket handler, owned by FakeDiscord.

    Each shard is a session of its own (IDENTIFY's ``shard``: [id, count]), and each event goes
    only to the shard owning its guild (:func:`shard_of`), as on Discord: several bot
    processes, each with some of the shards, each see their own guilds' events and
    interactions, and DMs reach the one with shard 0."""

    def __init__(self, fake: GatewayHost, heartbeat_interval_ms: int) -> None:
        self.fake = fake
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.sessions: dict[int, Session] = {}
        self.shard_count = 1
        self.connections: list[Connection] = []
        self.identify_payloads: list[dict[str, Any]] = []
        self.resume_count = 0
        self.heartbeats = 0
        self._acks: set[asyncio.Task[None]] = set()
        self.received: list[dict[str, Any]] = []
        self.live = asyncio.Event()
        """Set while every shard has a live connection."""
        self._dispatch_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def session(self) -> Session | None:
        """Shard 0's session (the only one unsharded), else any identified one."""
        return self.sessions.get(0) or next(iter(self.sessions.values()), None)

    @property
    def conn(self) -> Connection | None:
        session = self.session
        return session.conn if session is not None else None

    def shard_of(self, guild_id: int | None) -> int:
        """The shard that gets this guild's events, in the layout the bot identified with."""
        return shard_of(guild_id, self.shard_count)

    def _update_live(self) -> None:
        connected = all(
            (session := self.sessions.get(shard)) is not None and session.conn is not None
            for shard in range(self.shard_count)
        )
        if connected:
            self.live.set()
        else:
            self.live.clear()

    @property
    def intents(self) -> int | None:
        """Intents of the current session (None if the client sent none)."""
        return self.session.intents if self.session else None

    def wants(self, intent_bit: int) -> bool:
        """Whether the current session subscribed to events of this intent."""
        intents = self.intents
        return intents is None or bool(intents & (1 << intent_bit))

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """aiohttp handler for the websocket endpoint."""
        ws = web.WebSocketResponse(autoping=True, compress=False, max_msg_size=0)
        await ws.prepare(request)
        conn = Connection(ws, dict(request.query))
        self.connections.append(conn)
        try:
            await conn.send({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    await self._on_payload(conn, json.loads(msg.data))
                elif msg.type is WSMsgType.BINARY:
                    await ws.close(code=4002, message=b"ETF is not supported by the fake")
        except ConnectionError:
            pass
        finally:
            for session in self.sessions.values():
                if session.conn is conn:
                    session.conn = None
            self._update_live()
            self.fake.notify()
        return ws

    def _ack_later(self, conn: Connection) -> None:
        """Acknowledge a heartbeat after :data:`ACK_DELAY`, as a round trip to Discord takes.

        Why not at once: discord.py's keep-alive thread notes when it sent a heartbeat only
        after the event loop has sent it, and the loop measures the latency when the ack
        arrives. On 127.0.0.1 an immediate ack can be read before that thread runs again (on
        a busy machine it waits for the GIL), and the latency is then taken from the beat
        before: exactly one interval, logged as "Can't keep up ... 41.3s behind", which the
        smoke harness rightly counts as a problem though nothing was late."""

        async def ack() -> None:
            await asyncio.sleep(ACK_DELAY)
            with contextlib.suppress(ConnectionError):
                await conn.send({"op": HEARTBEAT_ACK})

        task = asyncio.get_running_loop().create_task(ack())
        self._acks.add(task)
        task.add_done_callback(self._acks.discard)

    async def _on_payload(self, conn: Connection, payload: dict[str, Any]) -> None:
        op, data = payload.get("op"), payload.get("d")
        self.received.append(payload)
        if op == HEARTBEAT:
            self.heartbeats += 1
            self._ack_later(conn)
        elif op == IDENTIFY:
            await self._identify(conn, data or {})
        elif op == RESUME:
            await self._resume(conn, data or {})
        elif op == REQUEST_MEMBERS:
            await self._request_members(data or {})
        elif op not in (PRESENCE, VOICE):
            _log.info("fake gateway ignored op %s", op)

    async def _identify(self, conn: Connection, data: dict[str, Any]) -> None:
        if data.get("token") != self.fake.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        intents = data.get("intents")
        if intents and intents & PRIVILEGED_INTENTS & ~self.fake.privileged_intents:
            await conn.ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        shard, count = data.get("shard") or (0, 1)
        if not 0 <= shard < count:
            await conn.ws.close(code=4010, message=b"Invalid shard.")
            return
        self.identify_payloads.append(data)
        async with self._dispatch_lock:
            if count != self.shard_count:  # a new layout: the old shards' sessions are over
                self.sessions.clear()
                self.shard_count = count
            session = Session(uuid.uuid4().hex, intents, shard, count, conn=conn)
            self.sessions[shard] = session
            await self._emit(session, "READY", self._ready_payload(session, data))
            for guild in list(self.fake.guilds.values()):
                if self.shard_of(guild.id) == shard:
                    await self._emit(session, "GUILD_CREATE", guild.create_payload())
        self._update_live()
        self.fake.notify()

    def _ready_payload(self, session: Session, identify: dict[str, Any]) -> dict[str, Any]:
        guilds = [g for g in self.fake.guilds if self.shard_of(g) == session.shard]
        ready: dict[str, Any] = {
            "v": 10,
            "user": self.fake.bot.payload() | {"verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.fake.gateway_url,
            "application": {"id": str(self.fake.application_id), "flags": 0},
            "private_channels": [],
            "presences": [],
            "relationships": [],
            "user_settings": {},
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
        }
        if "shard" in identify:
            ready["shard"] = identify["shard"]
        return ready

    async def _resume(self, conn: Connection, data: dict[str, Any]) -> None:
        session = next((s for s in self.sessions.values() if s.id == data.get("session_id")), None)
        ok = session is not None and session.resumable and data.get("token") == self.fake.token
        if not ok:
            await conn.send({"op": INVALID_SESSION, "d": False})
            return
        assert session is not None
        last = data.get("seq") or 0
        async with self._dispatch_lock:
            session.conn = conn
            for event in session.events:
                if event["s"] > last:
                    await conn.send(event)
            await self._emit(session, "RESUMED", {})
        self.resume_count += 1
        self._update_live()
        self.fake.notify()

    async def _request_members(self, data: dict[str, Any]) -> None:
        guild_ids = data.get("guild_id")
        for gid in guild_ids if isinstance(guild_ids, list) else [guild_ids]:
            guild = self.fake.guilds.get(int(gid))
            if guild is None:
                continue
            chunk = {
                "guild_id": str(guild.id),
                "members": [m.payload() for m in guild.members.values()],
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": [],
            }
            if data.get("nonce"):
                chunk["nonce"] = data["nonce"]
            await self.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send an event to the shard owning its guild, with that session's next sequence
        number, or keep it for RESUME if that shard is offline."""
        async with self._dispatch_lock:
            session = self.sessions.get(self.shard_of(_guild_of(event, data)))
            await self._emit(session, event, data)

    async def _emit(self, session: Session | None, event: str, data: dict[str, Any]) -> None:
        """Send one event on a session (the dispatch lock held)."""
        if session is None:
            return
        session.seq += 1
        payload = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.events.append(payload)
        if session.conn is not None:
            try:
                await session.conn.send(payload)
            except ConnectionError:
                session.conn = None
                self._update_live()

    def dispatch_soon(self, event: str, data: dict[str, Any]) -> None:
        """Dispatch from synchronous code (builders); order is kept by the FIFO lock."""
        if not self.sessions:
            return
        task = asyncio.get_running_loop().create_task(self.dispatch(event, data))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def flush(self) -> None:
        """Wait for events queued by dispatch_soon."""
        if self._tasks:
            await asyncio.gather(*self._tasks)

    async def drop(self, code: int, resumable: bool) -> None:
        """Close every live connection; with resumable=False the next RESUME is refused."""
        conns = []
        async with self._dispatch_lock:
            for session in self.sessions.values():
                if not resumable:
                    session.resumable = False
                if session.conn is not None:
                    conns.append(session.conn)
                session.conn = None
            self.live.clear()
        for conn in conns:
            await conn.ws.close(code=code, message=b"dropped by the test")

    async def send_reconnect(self) -> None:
        """Ask the client to reconnect (op 7), as Discord does before maintenance."""
        for session in list(self.sessions.values()):
            if session.conn is not None:
                await session.conn.send({"op": RECONNECT, "d": None})

    async def close_all(self) -> None:
        """Close every connection (server shutdown)."""
        await self.flush()
        for conn in self.connections:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.ws.close(code=1001, message=b"shutdown"), 2)
