"""A table in its own thread (``/game new ... thread:true``, issue 8) through Discord
(simcord, whose REST layer serves discord.py's real ``TextChannel.create_thread`` call)."""

from __future__ import annotations

from typing import Any

import discord

from bot import threads
from bot.errors import error_text
from bot.store import ACTIVE, LOBBY
from bot.table import TableError
from tests.cogs.helpers import World, followup_text, make_world, text_of


async def _open_in_thread(world: World, actor: Any, table_id: int) -> Any:
    """``/game new thread:true`` from the world's channel; the new thread's handle."""
    before = {thread.id for thread in world.channel.threads}
    result = await actor.slash(world.channel, "game new", game="monster_day", thread=True)
    reply = followup_text(result)
    assert f"Table #{table_id} is open in its own thread" in reply, reply
    assert result.ephemeral
    (thread,) = [thread for thread in world.channel.threads if thread.id not in before]
    assert thread.mention in reply  # the reply links to the thread
    return thread


async def _play_by_slash(actor: Any, channel: Any) -> None:
    """A legal Monster Day move, picked from the autocomplete lists where it is typed."""
    cards = await actor.autocomplete(channel, "monsterday play", "card", "")
    card = cards[-1]["value"]
    spaces = await actor.autocomplete(channel, "monsterday play", "space", "", card=card)
    played = await actor.slash(channel, "monsterday play", card=card, space=spaces[0]["value"])
    assert "Done" in followup_text(played), followup_text(played)


def _texts(channel: Any) -> str:
    return "\n".join(text_of(message) for message in channel.history()).lower()


async def test_a_thread_table_plays_while_its_channel_hosts_another(simcord_env) -> None:
    """Issue 8: a table can be played in its own thread, so one channel hosts many tables; one
    open table per channel still holds where no thread is used."""
    world = make_world(simcord_env)
    thread = await _open_in_thread(world, world.ann, 1)
    first = await world.bot.store.get(1)
    assert first is not None and first.channel_id == thread.id and first.status == LOBBY
    assert thread.name == "Monster Day · #1"
    cached = world.bot.get_channel(thread.id)
    assert isinstance(cached, discord.Thread)
    assert cached.auto_archive_duration == threads.AUTO_ARCHIVE_MINUTES
    assert (await cached.fetch_member(world.ann.id)).id == world.ann.id  # the host is in it
    assert "table #1" in _texts(thread) and "table #1" not in _texts(world.channel)

    here = await world.bob.slash(world.channel, "game new", game="monster_day")
    assert "Table #2 is open" in followup_text(here), followup_text(here)
    busy = await world.ann.slash(world.channel, "game new", game="monster_day")
    assert "already has an open table (#2)" in followup_text(busy)
    await _open_in_thread(world, world.bob, 3)  # and any number of threads besides

    await world.ann.slash(thread, "game addbot")
    started = await world.ann.slash(thread, "game start")
    assert "has started" in followup_text(started), followup_text(started)
    await _play_by_slash(world.ann, thread)
    await world.bot.scheduler.wait_idle()
    await world.bot.courier.wait_idle()
    record = await world.bot.store.get(1)
    assert record is not None and record.status == ACTIVE
    assert {move.seat for move in await world.bot.store.actions(1)} == {0, 1}  # and the bot's
    assert record.message_id in {message.id for message in thread.history()}
    assert (await world.bot.store.get(2)).status == LOBBY  # type: ignore[union-attr]

    status = followup_text(await world.ann.slash(thread, "game status")).lower()
    assert "table #1" in status and "table #2" not in status
    elsewhere = followup_text(await world.ann.slash(world.channel, "game status")).lower()
    assert "table #2" in elsewhere and "table #1" not in elsewhere


async def test_every_link_to_a_thread_table_leads_into_the_thread(simcord_env) -> None:
    """``/game list`` and ``/game mine`` lines and the hand DM's jump link name the thread."""
    world = make_world(simcord_env)
    thread = await _open_in_thread(world, world.ann, 1)
    await world.bob.slash(thread, "game join")
    await world.ann.slash(thread, "game start")
    await world.bot.courier.wait_idle()
    record = await world.bot.store.get(1)
    assert record is not None and record.message_id is not None
    link = f"https://discord.com/channels/{world.guild.id}/{thread.id}/{record.message_id}"

    listed = followup_text(await world.bob.slash(world.channel, "game list"))
    assert f"#1 **Monster Day** — {thread.mention}" in listed, listed
    mover = world.actor_for(record.seats[(await _pending(world, 1))[0]].user_id)
    assert link in followup_text(await mover.slash(world.channel, "game mine"))
    assert link in text_of(mover.user.dm_channel.history()[-1])


async def _pending(world: World, game_id: int) -> list[int]:
    record = await world.bot.store.get(game_id)
    assert record is not None
    return world.bot.tables.pending(record)


async def test_no_thread_from_a_thread_or_a_dm(simcord_env) -> None:
    """A thread can't open a thread, nor can a DM: a clear refusal, and nothing is created.
    Inside a thread, ``/game new`` without ``thread`` opens a table there as in a channel."""
    world = make_world(simcord_env)
    thread = await _open_in_thread(world, world.ann, 1)
    await world.ann.slash(thread, "game leave")  # the host leaves: table #1 is closed

    nested = await world.bob.slash(thread, "game new", game="monster_day", thread=True)
    assert "A thread can't hold another thread" in followup_text(nested) and nested.ephemeral
    in_dm = await world.bob.user.slash("game new", game="monster_day", thread=True)
    assert "Threads exist only in a server's channels" in followup_text(in_dm)
    assert len(world.channel.threads) == 1 and await world.bot.store.get(2) is None

    plain = await world.bob.slash(thread, "game new", game="monster_day")
    assert "Table #2 is open" in followup_text(plain), followup_text(plain)
    assert (await world.bot.store.get(2)).channel_id == thread.id  # type: ignore[union-attr]


async def test_without_thread_permissions_no_thread_and_no_table(simcord_env) -> None:
    """Missing *Create Public Threads* or *Send Messages in Threads*: a clear localised
    refusal, no thread, no table."""
    world = make_world(simcord_env)
    me = world.guild.me
    assert me is not None
    for denied in ("create_public_threads", "send_messages_in_threads"):
        channel = world.guild.create_text_channel(
            f"no-{denied}", overwrites={me: discord.PermissionOverwrite(**{denied: False})}
        )
        refused = await world.ann.slash(channel, "game new", game="monster_day", thread=True)
        assert "I may not open a thread here" in followup_text(refused), followup_text(refused)
        assert channel.threads == []
    assert await world.bot.store.get(1) is None
    italian = error_text(TableError("thread_forbidden"), "it")  # simcord speaks en-US only
    assert italian.startswith("Qui non posso aprire una discussione")


async def test_a_thread_whose_table_failed_is_deleted_or_says_so(simcord_env) -> None:
    """When the table can't be stored after its thread was made, the thread is deleted; the
    bot lacking the permission, the thread says it has no table; a thread where a table did
    open meanwhile (someone typed ``/game new`` in it first) keeps it."""
    world = make_world(simcord_env)
    me = world.guild.me
    assert me is not None
    parent = world.bot.get_channel(world.channel.id)
    assert isinstance(parent, discord.TextChannel)
    empty = await threads.open_thread(parent, "Monster Day")
    await threads.discard(empty, world.bot.store, "en")
    assert world.channel.threads == []

    raced = await threads.open_thread(parent, "Monster Day")
    handle = world.channel.threads[0]
    opened = await world.ann.slash(handle, "game new", game="monster_day")
    assert "Table #1 is open" in followup_text(opened)
    await threads.discard(raced, world.bot.store, "en")
    assert [thread.id for thread in world.channel.threads] == [raced.id]

    cannot = discord.PermissionOverwrite(manage_threads=False, manage_channels=False)
    locked = world.guild.create_text_channel("no-manage", overwrites={me: cannot})
    parent = world.bot.get_channel(locked.id)
    assert isinstance(parent, discord.TextChannel)
    kept = await threads.open_thread(parent, "Monster Day")
    await threads.discard(kept, world.bot.store, "en")
    (handle,) = locked.threads
    assert "could not be opened" in _texts(handle)  # (simcord archives only with Manage Channels)


async def test_no_thread_for_a_member_who_may_not_open_threads(simcord_env) -> None:
    """The bot opens no thread for a member the server does not let open threads there."""
    world = make_world(simcord_env)
    no_threads = discord.PermissionOverwrite(create_public_threads=False)
    channel = world.guild.create_text_channel("no-threads", overwrites={world.ann: no_threads})
    refused = await world.ann.slash(channel, "game new", game="monster_day", thread=True)
    assert "You may not open threads in this channel" in followup_text(refused)
    assert channel.threads == [] and await world.bot.store.get(1) is None
    opened = await world.bob.slash(channel, "game new", game="monster_day", thread=True)
    assert "Table #1 is open in its own thread" in followup_text(opened)


async def test_a_voice_channel_chat_can_hold_no_thread(simcord_env) -> None:
    """Only a text channel opens threads: from a voice channel's chat, a clear refusal and
    nothing created."""
    world = make_world(simcord_env)
    voice = world.guild.create_voice_channel("voice")
    refused = await world.ann.slash(voice, "game new", game="monster_day", thread=True)
    assert "only from a text channel" in followup_text(refused), followup_text(refused)
    assert voice.threads == [] and await world.bot.store.get(1) is None
