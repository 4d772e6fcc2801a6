"""The bot's resident memory with 10,000 stored games, after start-up and after some commands.

Measured on the ``python -m bot`` subprocess (``/proc/<pid>/status``: VmRSS now, VmHWM peak),
never on this process, which also holds the fake Discord. A bot on an empty database is the
baseline, so the difference is what the stored games cost. Start-up matters because the
scheduler resumes every active table (reads and decodes them all) before the bot connects.

Also timed here, in this process on the same file: the store reads whose cost grows with the
number of stored games (the channel lookup every command starts with, and the active list).
"""

from __future__ import annotations

import asyncio
import random
import time
from contextlib import closing
from pathlib import Path

from bench import OUT_DIR, dataset
from bench.loopback import (
    TableReader,
    World,
    bot_process,
    command,
    fake_world,
    next_move,
    open_table,
    play,
    rss_mib,
)
from bench.profile import Profile
from bench.report import Figure, Result, latency
from bench.store import fresh_path
from bot.store import SqliteStore

SECTION = "memory"
SETTLE_SECONDS = 1.0  # let the last start-up events (GUILD_CREATE, on_ready) be handled
READ_SAMPLES = 200
OTHER_COMMANDS = ("game status", "game hand", "game history", "game list")
REPEATS = 3
STORED_GAMES = 10_000
GAMES_LABEL = "10k games"


async def baseline() -> list[Result]:
    """The same bot on an empty database."""
    async with fake_world(1) as world:
        database = fresh_path(OUT_DIR / "memory-empty.sqlite3")
        async with bot_process(world, database) as (bot, startup):
            await asyncio.sleep(SETTLE_SECONDS)
            rss, _ = rss_mib(bot.proc.pid)
    pid = f"VmRSS, pid {bot.proc.pid}"
    return [
        Figure(SECTION, "bot start-up until ready, empty DB", startup, "s", "baseline"),
        Figure(SECTION, "bot RSS after start-up, empty DB", rss, "MiB", pid),
    ]


async def store_reads(path: Path, rng: random.Random) -> list[Result]:
    """The growing reads, timed through the store on the 10,000-game file."""
    store = SqliteStore(path)
    await store.open()
    lookups: list[float] = []
    actives: list[float] = []
    try:
        channels = [record.channel_id for record in await store.list_active()]
        for channel in rng.choices(channels, k=READ_SAMPLES):
            start = time.perf_counter()
            await store.open_in_channel(channel)
            lookups.append(time.perf_counter() - start)
        for _ in range(5):
            start = time.perf_counter()
            await store.list_active()
            actives.append(time.perf_counter() - start)
    finally:
        await store.close()
    note = "in this process, on the bot's file"
    return [
        latency(SECTION, f"store open_in_channel, {GAMES_LABEL}", lookups, note),
        latency(SECTION, f"store list_active, {GAMES_LABEL}", actives, "runs at start-up"),
    ]


async def timed_plays(world: World, database: Path, plays: int, rng: random.Random) -> Result:
    channel = world.channels[0]
    with closing(TableReader(database)) as reader:
        samples = [
            await play(world, channel, await next_move(world, reader, channel, rng))
            for _ in range(plays)
        ]
    return latency(SECTION, f"/monsterday play, {GAMES_LABEL}", samples, "1 in flight")


async def timed_commands(world: World) -> list[Result]:
    """The read-only commands, each a few times, at the channel's table."""
    results: list[Result] = []
    for name in OTHER_COMMANDS:
        timings = []
        for _ in range(REPEATS):
            start = time.perf_counter()
            await command(world, world.ann, world.channels[0], name)
            timings.append(time.perf_counter() - start)
        results.append(latency(SECTION, f"/{name}, {GAMES_LABEL}", timings, "1 in flight"))
    return results


async def serve(world: World, database: Path, plays: int, rng: random.Random) -> list[Result]:
    """A few commands a busy server would send: open a table, play, look around."""
    await open_table(world, world.channels[0])
    return [await timed_plays(world, database, plays, rng), *await timed_commands(world)]


async def loaded(profile: Profile, rng: random.Random) -> list[Result]:
    """Build the 10,000-game database, then start the bot on it and use it."""
    async with fake_world(1) as world:
        path = OUT_DIR / "memory-10k.sqlite3"
        info = await dataset.build(path, STORED_GAMES, profile.memory_pool, world.guild.id, rng)
        results = _dataset_figures(info) + await store_reads(path, rng)
        async with bot_process(world, path) as (bot, startup):
            await asyncio.sleep(SETTLE_SECONDS)
            started, started_peak = rss_mib(bot.proc.pid)
            results += await serve(world, path, profile.memory_plays, rng)
            served, peak = rss_mib(bot.proc.pid)
    commands = 3 + profile.memory_plays + REPEATS * len(OTHER_COMMANDS)
    rss, hwm = f"VmRSS, pid {bot.proc.pid}", f"VmHWM, pid {bot.proc.pid}"
    return [
        *results,
        Figure(SECTION, f"bot start-up until ready, {GAMES_LABEL}", startup, "s", "resumes active"),
        Figure(SECTION, f"bot RSS after start-up, {GAMES_LABEL}", started, "MiB", rss),
        Figure(SECTION, f"bot peak RSS in start-up, {GAMES_LABEL}", started_peak, "MiB", hwm),
        Figure(SECTION, f"bot RSS after {commands} commands, {GAMES_LABEL}", served, "MiB", rss),
        Figure(SECTION, f"bot peak RSS overall, {GAMES_LABEL}", peak, "MiB", hwm),
    ]


def _dataset_figures(info: dataset.DatasetInfo) -> list[Result]:
    mix = ", ".join(f"{count} {status}" for status, count in sorted(info.statuses.items()))
    games = sum(info.statuses.values())
    return [
        Figure(SECTION, "stored games", games, "games", mix),
        Figure(SECTION, "stored actions", info.actions, "rows", f"built in {info.seconds:.1f} s"),
        Figure(SECTION, f"database file, {GAMES_LABEL}", info.size_mib, "MiB", str(info.path.name)),
    ]


async def run(profile: Profile, rng: random.Random) -> list[Result]:
    return await baseline() + await loaded(profile, rng)
