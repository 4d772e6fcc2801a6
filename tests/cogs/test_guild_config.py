"""A server's own settings through Discord (``/game config``, issue 30): only its managers
change or see them, they are stored per server, and a new table takes them (its own
``/game new`` choices still override)."""

from __future__ import annotations

from typing import Any

import discord

from bot.clock import Clock
from bot.store import LOBBY, GuildSettings
from tests.cogs.helpers import World, followup_text, make_world, text_of


def _manager(world: World, name: str = "boss") -> Any:
    role = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    return world.guild.add_member(world.env.create_user(name), roles=[role])


async def test_only_a_manager_sees_or_changes_the_settings_and_never_in_dms(simcord_env) -> None:
    world = make_world(simcord_env)
    for asked in ({}, {"clock": "1h"}):
        refused = await world.bob.slash(world.channel, "game config", **asked)
        assert "Manage Server" in followup_text(refused) and refused.ephemeral
    assert await world.bot.store.guild_settings(world.guild.id) == GuildSettings()
    in_dm = await world.ann.user.slash("game config")
    assert "per server" in followup_text(in_dm) and in_dm.ephemeral


async def test_the_servers_language_and_clock_open_every_new_table(simcord_env) -> None:
    world = make_world(simcord_env)
    boss = _manager(world)
    changed = await boss.slash(world.channel, "game config", language="it", clock="1h", bank="1d")
    assert changed.ephemeral
    shown = followup_text(await boss.slash(world.channel, "game config"))
    assert "Italiano" in shown and "1 hour" in shown and "1 day" in shown, shown

    opened = await world.ann.slash(world.channel, "game new", game="monster_day")
    assert "Table #1 is open" in followup_text(opened)  # the opener's own language
    record = await world.bot.store.get(1)
    assert record is not None and record.locale == "it"
    assert Clock.load(record.clock).per_move == 3600 and Clock.load(record.clock).bank == 86400
    await world.bot.courier.wait_idle()
    assert "tavolo #1" in text_of(world.channel.history()[-1]).lower()

    other = world.guild.create_text_channel("quick")
    await world.ann.slash(other, "game new", game="monster_day", clock="10m", bank="none")
    mine = await world.bot.store.get(2)
    assert mine is not None and Clock.load(mine.clock).per_move == 600  # the table's choice
    assert Clock.load(mine.clock).bank == 0


async def test_a_game_the_server_does_not_offer_is_refused(simcord_env) -> None:
    world = make_world(simcord_env)
    boss = _manager(world)
    await boss.slash(world.channel, "game config", games="monster_day, Munchkin Fu")
    assert "Munchkin Fu" in followup_text(await boss.slash(world.channel, "game config"))
    refused = await world.ann.slash(world.channel, "game new", game="monsterpocalypse")
    assert "doesn't offer" in followup_text(refused) and refused.ephemeral
    assert await world.bot.store.get(1) is None
    bad = await boss.slash(world.channel, "game config", games="chess")
    assert "chess" in followup_text(bad)
    await boss.slash(world.channel, "game config", games="all")
    opened = await world.ann.slash(world.channel, "game new", game="monsterpocalypse")
    assert "is open" in followup_text(opened)


async def test_tables_open_only_in_the_games_channel_and_only_for_the_host_role(
    simcord_env,
) -> None:
    world = make_world(simcord_env)
    boss = _manager(world)
    games = world.guild.create_text_channel("games")
    hosts = world.guild.create_role("hosts")
    await boss.slash(world.channel, "game config", channel=games, host_role=hosts)
    elsewhere = await world.ann.slash(world.channel, "game new", game="monster_day")
    assert f"<#{games.id}>" in followup_text(elsewhere) and elsewhere.ephemeral
    no_role = await world.ann.slash(games, "game new", game="monster_day")
    assert "hosts" in followup_text(no_role) or "role" in followup_text(no_role)
    host = world.guild.add_member(world.env.create_user("hostess"), roles=[hosts])
    opened = await host.slash(games, "game new", game="monster_day")
    assert "Table #1 is open" in followup_text(opened)
    second = world.guild.create_text_channel("more")
    await boss.slash(world.channel, "game config", channel=second)
    opened = await boss.slash(second, "game new", game="monster_day")
    assert "Table #2 is open" in followup_text(opened)

    await boss.slash(world.channel, "game config", clear="channel")
    await boss.slash(world.channel, "game config", clear="host_role")
    opened = await world.ann.slash(world.channel, "game new", game="monster_day")
    assert "Table #3 is open" in followup_text(opened)


async def test_tables_open_in_threads_by_default_unless_the_table_says_not(simcord_env) -> None:
    world = make_world(simcord_env)
    boss = _manager(world)
    await boss.slash(world.channel, "game config", threads=True)
    threaded = await world.ann.slash(world.channel, "game new", game="monster_day")
    assert "in its own thread" in followup_text(threaded)
    (thread,) = world.channel.threads
    first = await world.bot.store.get(1)
    assert first is not None and first.channel_id == thread.id and first.status == LOBBY
    here = await world.bob.slash(world.channel, "game new", game="monster_day", thread=False)
    assert "Table #2 is open." in followup_text(here)
    second = await world.bot.store.get(2)
    assert second is not None and second.channel_id == world.channel.id
    await world.ann.slash(thread, "game end")  # a thread whose table ended hosts the next one
    inside = await world.ann.slash(thread, "game new", game="monster_day")
    assert "Table #3 is open." in followup_text(inside), followup_text(inside)
