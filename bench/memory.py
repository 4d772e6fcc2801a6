"""The bot's resident memory with many stored games (issue 12: 100,000; ``--quick``: 10,000),
after start-up and after some commands; and how long start-up takes with them.

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
    workers_rss_mib,
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


def games_label(games: int) -> str:
    """``100k games``: for labels."""
    return f"{games // 1000}k games" if games >= 1000 else f"{games} games"


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


async def store_reads(path: Path, label: str, rng: random.Random) -> list[Result]:
    """The growing reads, timed through the store on the big file."""
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
        latency(SECTION, f"store open_in_channel, {label}", lookups, note),
        latency(SECTION, f"store list_active, {label}", actives, "runs at start-up"),
    ]


async def timed_plays(
    world: World, database: Path, plays: int, label: str, rng: random.Random
) -> Result:
    channel = world.channels[0]
    with closing(TableReader(database)) as reader:
        samples = [
            await play(world, channel, await next_move(world, reader, channel, rng))
            for _ in range(plays)
        ]
    return latency(SECTION, f"/monsterday play, {label}", samples, "1 in flight")


async def timed_commands(world: World, label: str) -> list[Result]:
    """The read-only commands, each a few times, at the channel's table."""
    results: list[Result] = []
    for name in OTHER_COMMANDS:
        timings = []
        for _ in range(REPEATS):
            start = time.perf_counter()
            await command(world, world.ann, world.channels[0], name)
            timings.append(time.perf_counter() - start)
        results.append(latency(SECTION, f"/{name}, {label}", timings, "1 in flight"))
    return results


async def serve(
    world: World, database: Path, plays: int, label: str, rng: random.Random
) -> list[Result]:
    """A few commands a busy server would send: open a table, play, look around."""
    await open_table(world, world.channels[0])
    return [
        await timed_plays(world, database, plays, label, rng),
        *await timed_commands(world, label),
    ]


async def loaded(profile: Profile, rng: random.Random) -> list[Result]:
    """Build the big database, then start the bot on it and use it."""
    games = profile.memory_games
    label = games_label(games)
    async with fake_world(1) as world:
        path = OUT_DIR / "memory-stored.sqlite3"
        info = await dataset.build(path, games, profile.memory_pool, world.guild.id, rng)
        results = _dataset_figures(info, label) + await store_reads(path, label, rng)
        async with bot_process(world, path) as (bot, startup):
            await asyncio.sleep(SETTLE_SECONDS)
            started, started_peak = rss_mib(bot.proc.pid)
            results += await serve(world, path, profile.memory_plays, label, rng)
            served, peak = rss_mib(bot.proc.pid)
            workers = workers_rss_mib(bot.proc.pid)
    commands = 3 + profile.memory_plays + REPEATS * len(OTHER_COMMANDS)
    rss, hwm = f"VmRSS, pid {bot.proc.pid}", f"VmHWM, pid {bot.proc.pid}"
    return [
        *results,
        Figure(SECTION, f"bot start-up until ready, {label}", startup, "s", "resumes active"),
        Figure(SECTION, f"bot RSS after start-up, {label}", started, "MiB", rss),
        Figure(SECTION, f"bot peak RSS in start-up, {label}", started_peak, "MiB", hwm),
        Figure(SECTION, f"bot RSS after {commands} commands, {label}", served, "MiB", rss),
        Figure(SECTION, f"bot peak RSS overall, {label}", peak, "MiB", hwm),
        Figure(
            SECTION,
            f"render workers' RSS after {commands} commands, {label}",
            workers,
            "MiB",
            "VmRSS summed over the bot's child processes",
        ),
    ]


def _dataset_figures(info: dataset.DatasetInfo, label: str) -> list[Result]:
    mix = ", ".join(f"{count} {status}" for status, count in sorted(info.statuses.items()))
    games = sum(info.statuses.values())
    return [
        Figure(SECTION, "stored games", games, "games", mix),
        Figure(SECTION, "stored actions", info.actions, "rows", f"built in {info.seconds:.1f} s"),
        Figure(SECTION, f"database file, {label}", info.size_mib, "MiB", str(info.path.name)),
    ]


async def run(profile: Profile, rng: random.Random) -> list[Result]:
    return await baseline() + await loaded(profile, rng)
