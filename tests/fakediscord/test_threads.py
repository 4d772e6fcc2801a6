"""The fake's threads proven against an unmodified discord.py client: create, rename, post, add a
member, archive (posting unarchives, editing is refused), delete, and the permissions each needs."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import discord
import pytest

from tests.fakediscord import FakeChannel, FakeDiscord, FakeGuild, connected
from tests.fakediscord.models import CREATE_PUBLIC_THREADS, MANAGE_THREADS

A_WEEK = 10080


@dataclass
class Club:
    guild: FakeGuild
    tables: FakeChannel


@pytest.fixture
def club(fake: FakeDiscord) -> Club:
    guild = fake.add_guild("Club")
    return Club(guild, fake.add_text_channel(guild, "tables"))


@pytest.fixture
async def client(fake: FakeDiscord, club: Club) -> AsyncIterator[discord.Client]:
    bot = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)
    async with connected(fake, bot, synced=False):
        yield bot


async def _listening(client: discord.Client, event: str) -> asyncio.Task[Any]:
    """Wait for the client's ``event`` from now on (a task to await after the action)."""
    task = asyncio.create_task(client.wait_for(event, timeout=5))
    await asyncio.sleep(0)  # the listener is registered before the action starts
    return task


def _parent(client: discord.Client, club: Club) -> discord.TextChannel:
    parent = client.get_channel(club.tables.id)
    assert isinstance(parent, discord.TextChannel)
    return parent


async def test_a_thread_through_its_life(
    fake: FakeDiscord, club: Club, client: discord.Client
) -> None:
    guild, tables = club.guild, club.tables
    alice = fake.add_user("alice")
    created = await _listening(client, "thread_create")
    made = await _parent(client, club).create_thread(
        name="Monster Day", type=discord.ChannelType.public_thread, auto_archive_duration=A_WEEK
    )
    (thread,) = fake.threads.of(tables)
    assert (made.id, made.parent_id, made.owner_id) == (thread.id, tables.id, fake.bot.id)
    cached = await created
    assert isinstance(cached, discord.Thread) and client.get_channel(made.id) is cached
    assert cached.auto_archive_duration == A_WEEK and not cached.archived

    await made.edit(name="Monster Day · #1")
    assert thread.name == "Monster Day · #1"
    await made.add_user(discord.Object(alice.id))
    assert thread.members == {fake.bot.id, alice.id}
    sent = await made.send("the lobby")
    assert [m.text for m in fake.messages(thread)] == ["the lobby"]

    fake.threads.archive(thread)
    with pytest.raises(discord.HTTPException) as refused:
        await sent.edit(content="edited")
    assert refused.value.code == 50083
    await made.send("a new turn")
    assert not thread.archived  # posting brought it back

    with pytest.raises(discord.Forbidden):
        await made.delete()  # Manage Threads is not the bot's by default
    guild.roles[guild.id].permissions |= MANAGE_THREADS
    deleted = await _listening(client, "thread_delete")
    await made.delete()
    assert fake.threads.of(tables) == [] and thread.id not in fake.channels
    assert (await deleted).id == made.id and client.get_channel(made.id) is None


async def test_no_thread_without_the_permission(
    fake: FakeDiscord, club: Club, client: discord.Client
) -> None:
    guild, tables = club.guild, club.tables
    for role in guild.roles.values():
        role.permissions &= ~CREATE_PUBLIC_THREADS
    parent = _parent(client, club)
    with pytest.raises(discord.Forbidden) as refused:
        await parent.create_thread(name="x", type=discord.ChannelType.public_thread)
    assert refused.value.code == 50013 and fake.threads.of(tables) == []
    with pytest.raises(discord.HTTPException) as bad:
        guild.roles[guild.id].permissions |= CREATE_PUBLIC_THREADS
        await parent.create_thread(name="x" * 101, type=discord.ChannelType.public_thread)
    assert bad.value.code == 50035
