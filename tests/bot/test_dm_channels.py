"""A player's DM channel is asked of Discord once, not at every hand (bot.dm_channels)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import discord
import pytest

from bot.dm_channels import DmChannel, DmChannels
from bot.store import GameStore
from tests.bot.conftest import Reopen
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
    request opens each player's channel, none the second time.

    The fake's rate limits are off: this client is plain discord.py, without the bot's pacing
    (``bot/ratelimits.py``), and 600 requests at once would be retried after global 429s,
    each retry one more open counted here."""
    fake.limits.enabled = False
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


async def test_a_kept_channel_discord_does_not_know_is_opened_afresh(
    fake: FakeDiscord, client: discord.Client
) -> None:
    """A kept id answered 404: forgotten, and the message goes to the channel opened again."""
    player = fake.add_user("player")
    dms = DmChannels(client)
    dms._ids[player.id] = 1  # a channel id Discord does not know (as if deleted)
    await dms.using(player.id, lambda channel: channel.send("hand"))
    assert [m.content for m in fake.messages(player)] == ["hand"]
    assert dms._ids[player.id] == fake.dm_channel(player).id


async def test_a_404_on_a_channel_just_opened_is_the_callers(
    fake: FakeDiscord, client: discord.Client
) -> None:
    """Tried once more only when the channel was a kept one; the second 404 is raised."""
    player = fake.add_user("player")
    dms = DmChannels(client)
    tries = 0

    async def refused(channel: DmChannel) -> None:
        nonlocal tries
        tries += 1
        await channel.get_partial_message(1).edit(content="gone")  # no such message: 404

    with pytest.raises(discord.NotFound):
        await dms.using(player.id, refused)
    assert tries == 1
    with pytest.raises(discord.NotFound):
        await dms.using(player.id, refused)  # kept now: tried again on a fresh open
    assert tries == 3


async def test_dm_channels_are_remembered_across_a_restart(
    fake: FakeDiscord, client: discord.Client, store: GameStore, reopen: Reopen
) -> None:
    """Issue 27 §2: a restarted bot does not ask Discord again for every player's DM channel
    (one request each, under the same rate limits as the hands): the ids are stored. One that
    Discord no longer knows (404) is forgotten in the store too, and opened afresh."""
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    before = DmChannels(client, store=store)
    for player in (ann, bob):
        await before.using(player.id, lambda channel: channel.send("hand 1"))
    await store.close()
    async with connected(
        fake, discord.Client(intents=discord.Intents.default()), synced=False
    ) as restarted_client:
        restarted = DmChannels(restarted_client, store=await reopen())
        for player in (ann, bob):
            await restarted.using(player.id, lambda channel: channel.send("hand 2"))
        assert len(fake.requests_to(*OPENS)) == 2  # before the restart only
        for player in (ann, bob):
            assert [m.content for m in fake.messages(player)] == ["hand 1", "hand 2"]
        stale = restarted.store
        assert stale is not None
        await stale.set_dm_channel(ann.id, 1)  # a channel Discord does not know
        again = DmChannels(restarted_client, store=stale)
        await again.using(ann.id, lambda channel: channel.send("hand 3"))
        assert await stale.dm_channel(ann.id) == fake.dm_channel(ann).id
        assert fake.messages(ann)[-1].content == "hand 3"
