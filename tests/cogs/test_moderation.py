"""The host's and the moderators' tools through Discord (simcord): ending an abandoned table,
taking a player off it, passing the host role on (issue 8)."""

from __future__ import annotations

import discord

from bot.store import ABANDONED, ACTIVE
from tests.cogs.helpers import followup_text, make_world, open_table, text_of


async def test_a_moderator_ends_an_abandoned_table_and_the_channel_hosts_a_new_one(
    simcord_env,
) -> None:
    world = make_world(simcord_env)
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    stranger = world.guild.add_member(simcord_env.create_user("cy"))
    refused = await stranger.slash(world.channel, "game end")
    assert "Only the table's host" in followup_text(refused) and refused.ephemeral
    assert (await world.record()).status == ACTIVE

    mods = world.guild.create_role("mods", permissions=discord.Permissions(manage_channels=True))
    moderator = world.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    ended = await moderator.slash(world.channel, "game end")
    assert "is ended" in followup_text(ended), followup_text(ended)
    record = await world.record()
    assert record.status == ABANDONED and record.state is not None  # kept, with its history
    assert "ended the table" in text_of(world.channel.history()[-1])

    opened = await world.bob.slash(world.channel, "game new", game="monster_day")
    assert "Table #2 is open" in followup_text(opened), followup_text(opened)
    history = await world.ann.slash(world.channel, "game history", table=1)
    assert "Table #1" in followup_text(history)


async def test_the_host_takes_a_player_off_a_game_and_a_bot_plays_on(simcord_env) -> None:
    world = make_world(simcord_env)
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    mine = await world.ann.slash(world.channel, "game expel", player=world.ann.user)
    assert "can't expel yourself" in followup_text(mine)
    taken = await world.ann.slash(world.channel, "game expel", player=world.bob.user)
    assert "A bot now plays" in followup_text(taken), followup_text(taken)
    record = await world.record()
    assert record.seats[1].is_bot and record.extra["taken_over"] == [1]
    await world.bot.scheduler.wait_idle()
    await world.bot.courier.wait_idle()
    assert "taken off the table" in "\n".join(text_of(m) for m in world.channel.history())


async def test_the_host_role_passes_on_in_the_lobby(simcord_env) -> None:
    world = make_world(simcord_env)
    await open_table(world)
    handed = await world.ann.slash(world.channel, "game host", player=world.bob.user)
    assert "now hosts" in followup_text(handed)
    refused = await world.ann.slash(world.channel, "game start")
    assert "Only the player who opened the table" in followup_text(refused)
    started = await world.bob.slash(world.channel, "game start")
    assert "has started" in followup_text(started)
