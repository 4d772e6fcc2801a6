"""A player's DM channel is asked of Discord once, not at every hand (bot.dm_channels)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import discord
import pytest

from bot.dm_channels import DmChannels
from tests.fakediscord import FakeDiscord, connected

OPENS = ("POST", "*/users/@me/channels")


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as server:
        yield server


@pytest.fixture
async def client(fake: FakeDiscord) -> AsyncIterator[discord.Client]:
    async with connected(
        fake, discord.Client(intents=discord.Intents.default()), synced=False
    ) as bot:
        yield bot


async def test_each_players_dm_channel_is_opened_once(
    fake: FakeDiscord, client: discord.Client
) -> None:
    """More players than the 128 DM channels discord.py keeps, each sent two hands: one
    request opens each player's channel, none the second time."""
    players = [fake.add_user(f"player {n}") for n in range(150)]
    dms = DmChannels(client)
    for round_ in (1, 2):
        for player in players:
            channel = await dms.open(player.id)
            await channel.send(f"hand {round_}")
    assert len(fake.requests_to(*OPENS)) == len(players)
    for player in players:
        assert [m.content for m in fake.messages(player)] == ["hand 1", "hand 2"]


async def test_kept_channels_are_bounded(fake: FakeDiscord, client: discord.Client) -> None:
    players = [fake.add_user(f"player {n}") for n in range(5)]
    dms = DmChannels(client, kept=3)
    for player in players:
        await dms.open(player.id)
    assert len(dms) == 3


async def test_a_channel_discord_does_not_know_is_forgotten(
    fake: FakeDiscord, client: discord.Client
) -> None:
    """What the courier does on a 404: forget the kept id; the next open finds the real one."""
    player = fake.add_user("player")
    dms = DmChannels(client)
    dms._ids[player.id] = 1  # a channel id Discord does not know (as if deleted)
    stale = await dms.open(player.id)
    with pytest.raises(discord.NotFound):
        await stale.send("hand")
    dms.forget(player.id)
    await (await dms.open(player.id)).send("hand")
    assert [m.content for m in fake.messages(player)] == ["hand"]
