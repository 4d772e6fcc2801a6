"""Two real bot processes on one PostgreSQL, each serving one of two shards of the fake
Discord (README "Several processes").

The server's guild is on shard 1, so its channel's commands reach process 1, while DMs
(shard 0) reach process 0. The same move clicked at once from a player's hand DM and picked in
the channel through ``/game move`` is applied once and refused once as stale: the
compare-and-swap in the database decides, whichever process got which click. Then the process
holding a table's lease is killed while the table's bot seat is due, and the other plays it
once the lease runs out.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg

from tests.fakediscord import BotProcess, FakeDiscord, FakeGuild, run_bot_process
from tests.fakediscord.gateway import shard_of
from tests.pg_server import PgServer
from tests.smoke.bot_process import (
    WAIT,
    World,
    empty_dir,
    kill,
    output_problems,
    smoke_fake,
    subprocess_env,
)
from tests.smoke.monster_day_driver import TableDriver, open_game
from tests.smoke.seen import assert_accepted, assert_refused, expected_refusal, reply_text

SHARDS = 2
LEASE_SECONDS = 3.0
BOT_DELAY = 2.0
"""Long enough to find the runner's lease and kill its holder before the bot moves."""


async def _guild_on_shard(fake: FakeDiscord, shard: int) -> FakeGuild:
    """A guild whose events Discord sends to ``shard`` (its id carries the time: a new one
    each millisecond until one fits)."""
    while True:
        guild = fake.add_guild("Monster Club", locale="en-US")
        if shard_of(guild.id, SHARDS) == shard:
            return guild
        await asyncio.sleep(0.001)


@contextlib.asynccontextmanager
async def _processes(world: World, url: str) -> AsyncIterator[list[BotProcess]]:
    """``python -m bot`` twice, shard 0 and shard 1, both connected and synced."""
    async with contextlib.AsyncExitStack() as stack:
        procs = []
        for shard in range(SHARDS):
            env = subprocess_env(
                {
                    "DATABASE_URL": url,
                    "SHARD_COUNT": str(SHARDS),
                    "SHARD_IDS": str(shard),
                    "LEASE_SECONDS": str(LEASE_SECONDS),
                    "BOT_MOVE_DELAY_SECONDS": str(BOT_DELAY),
                }
            )
            cwd = empty_dir(world.tmp, f"cwd{shard}")
            procs.append(
                await stack.enter_async_context(
                    run_bot_process(world.fake, env=env, cwd=cwd, dev_guild=world.guild)
                )
            )
        for proc in procs:
            await proc.wait_ready(world.fake, timeout=30)
        identified = {p["shard"][0] for p in world.fake.gateway.identify_payloads}
        assert identified == set(range(SHARDS)), world.fake.gateway.identify_payloads
        yield procs


async def _lease_holder(url: str, table_id: int) -> str:
    """Who holds the table's lease, once someone does (read straight from the database)."""
    connection = await asyncpg.connect(url)
    try:
        for _ in range(200):
            holder = await connection.fetchval(
                "SELECT lease_holder FROM games WHERE id = $1", table_id
            )
            if holder:
                return str(holder)
            await asyncio.sleep(0.02)
    finally:
        await connection.close()
    raise AssertionError(f"nobody claimed table {table_id}")


async def test_two_processes_one_move_applied_and_a_dead_holders_bot_seat_taken_over(
    tmp_path: Path, pg_server: PgServer
) -> None:
    url = await pg_server.database()
    async with smoke_fake() as fake:
        guild = await _guild_on_shard(fake, 1)
        channel = fake.add_text_channel(guild, "tables")
        solo = fake.add_text_channel(guild, "solo")
        alice = fake.add_user("alice", locale="it")
        bob = fake.add_user("bob", locale="en-US")
        world = World(fake, guild, channel, alice, bob, tmp_path)
        async with _processes(world, url) as procs:
            # 1. One move, from the DM (process 0) and the channel (process 1) at once.
            driver = TableDriver(world, [alice, bob])
            await open_game(world, alice, bob)
            user = await driver.next_turn()
            assert user is not None
            dm, buttons = driver.move_buttons(user)
            listed = await fake.autocomplete(user, channel, "game move", focused="move")
            assert buttons and listed
            tables_before = len(driver.table_messages())
            by_dm, in_channel = await asyncio.gather(
                fake.click(user, dm, buttons[0], timeout=WAIT),
                fake.slash(user, channel, "game move", move=listed[-1]["value"], timeout=WAIT),
            )
            both = [by_dm, in_channel]
            stale = expected_refusal("stale", user.locale)
            refused = [r for r in both if "⚠️" in reply_text(r)]
            assert len(refused) == 1, [reply_text(r) for r in both]
            assert_refused(refused[0], stale)
            (applied,) = [r for r in both if r is not refused[0]]
            assert_accepted(applied)
            await fake.wait_until(
                lambda: len(driver.table_messages()) > tables_before, WAIT, what="the move"
            )
            await asyncio.sleep(1)  # a second move would have been shown by now
            assert len(driver.table_messages()) == tables_before + 1, "both moves were applied"
            assert driver.turn_of(driver.latest_table()) not in (user, None)

            # 2. A bot seat due at a table whose holder dies: the other process plays it.
            against_bot = dataclasses.replace(world, channel=solo)
            solo_driver = TableDriver(against_bot, [alice, None])
            _, table_id = await open_game(against_bot, alice, None)
            assert await solo_driver.next_turn(timeout=30) is alice
            await solo_driver.play_by_command(alice)  # the bot seat is due now
            shown = len(solo_driver.table_messages())
            holder = await _lease_holder(url, table_id)
            (dead,) = [p for p in procs if f"-{p.proc.pid}-" in holder]
            await kill(dead)
            await fake.wait_until(
                lambda: len(solo_driver.table_messages()) > shown,
                LEASE_SECONDS + BOT_DELAY + 15,
                what="the other process to play the dead one's bot seat",
            )
            assert solo_driver.turn_of(solo_driver.latest_table()) in (alice, None)
            (alive,) = [p for p in procs if p is not dead]
        assert alive.returncode == 0, alive.output
        problems = output_problems(alive.output)
        assert not problems, "\n".join(problems) + "\n\n" + alive.output
