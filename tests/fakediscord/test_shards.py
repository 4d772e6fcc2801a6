"""The fake's gateway with several shards: each connection gets only the events of the guilds
its shard owns (``(guild_id >> 22) % shard_count``), and DMs go to shard 0, as on Discord."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import aiohttp

from tests.fakediscord import FakeDiscord, FakeGuild
from tests.fakediscord.gateway import shard_of

COUNT = 2


def guild_on(fake: FakeDiscord, shard: int, name: str) -> FakeGuild:
    """A new guild whose events belong to ``shard`` (ids carry the time: add until one fits)."""
    while True:
        guild = fake.add_guild(name)
        if shard_of(guild.id, COUNT) == shard:
            return guild


async def _identify(ws: aiohttp.ClientWebSocketResponse, token: str, shard: int) -> None:
    hello = await ws.receive_json()
    assert hello["op"] == 10
    await ws.send_json(
        {"op": 2, "d": {"token": token, "intents": 1, "properties": {}, "shard": [shard, COUNT]}}
    )


async def _events(ws: aiohttp.ClientWebSocketResponse, quiet: float = 0.3) -> list[dict[str, Any]]:
    """Every dispatch that arrives until the socket is quiet for ``quiet`` seconds."""
    events = []
    while True:
        try:
            msg = await asyncio.wait_for(ws.receive(), quiet)
        except TimeoutError:
            return events
        payload = json.loads(msg.data)
        if payload["op"] == 0:
            events.append(payload)


async def test_each_shard_gets_only_its_own_guilds_events_and_dms_go_to_shard_0() -> None:
    async with FakeDiscord() as fake:
        guilds = [guild_on(fake, 0, "zero"), guild_on(fake, 1, "one")]
        async with aiohttp.ClientSession() as http:
            sockets = [await http.ws_connect(fake.gateway_url) for _ in range(COUNT)]
            for shard, ws in enumerate(sockets):
                await _identify(ws, fake.token, shard)
            await fake.wait_until(fake.gateway.live.is_set, 5, what="both shards")
            for shard, ws in enumerate(sockets):
                ready, *created = await _events(ws)
                assert ready["t"] == "READY" and ready["d"]["shard"] == [shard, COUNT]
                ids = {int(e["d"]["id"]) for e in created}
                assert guilds[shard].id in ids and {e["t"] for e in created} == {"GUILD_CREATE"}
                assert ids == {g for g in fake.guilds if shard_of(g, COUNT) == shard}

            await fake.dispatch("TYPING_START", {"guild_id": str(guilds[1].id), "user_id": "1"})
            await fake.dispatch("TYPING_START", {"guild_id": str(guilds[0].id), "user_id": "2"})
            await fake.dispatch("TYPING_START", {"user_id": "3"})  # a DM
            got = [[e["d"]["user_id"] for e in await _events(ws)] for ws in sockets]
            assert got == [["2", "3"], ["1"]]
            for ws in sockets:
                await ws.close()
            await fake.wait_until(lambda: not fake.gateway.live.is_set(), 5, what="a drop")
