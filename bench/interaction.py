"""A whole interaction: ``/monsterday play`` in, ephemeral followup out, through the fake Discord.

One bot process serves every scale in turn (1, then 100, then 500 tables in play), each table
in its own channel and opened with the real ``/game new``, ``/game join``, ``/game start``.
Turns are then sent one at a time, round-robin over the live tables in shuffled order, so each
sample is the latency of one move with that many games alive, not a queueing figure. A game
that ends is reopened in its channel (untimed) so the number in play holds.

What one sample covers, in the bot: the gateway event, the command tree, the table lookup, the
move and its commit, the board and two hand images, the public table post, the two hand DMs
and the followup; in the fake: parsing those uploads.

Server side (issue 12's figure), from the fake's stamps (:mod:`bench.serverside`): interaction
out -> the table post's request in, per move, and how many hand DMs came before that post
(should be none). ``/game start`` is timed the same way, one table at a time, with the largest
scale in play.
"""

from __future__ import annotations

import random
from collections import defaultdict
from contextlib import closing

from bench import OUT_DIR
from bench.loopback import (
    TableReader,
    World,
    bot_process,
    command,
    fake_world,
    next_move,
    open_tables,
    played,
    reported_problems,
    rss_mib,
    workers_rss_mib,
)
from bench.playouts import GAME
from bench.profile import Profile
from bench.report import Figure, Result, latency, scale_label
from bench.serverside import Trace, dm_channel_ids, trace
from bench.store import fresh_path
from tests.fakediscord import BotProcess, FakeChannel

SECTION = "interaction"


async def play_turns(
    world: World, reader: TableReader, tables: int, turns: int, rng: random.Random
) -> tuple[list[float], list[Trace]]:
    """``turns`` timed plays over the first ``tables`` channels: the driver's round trips and
    the server-side traces."""
    channels = world.channels[:tables]
    dms = dm_channel_ids(world.fake, (world.ann, world.bob))
    samples: list[float] = []
    traces: list[Trace] = []
    order: list[int] = []
    while len(samples) < turns:
        if not order:
            order = rng.sample(range(tables), tables)
        channel = channels[order.pop()]
        move = await next_move(world, reader, channel, rng)
        since = len(world.fake.requests)
        result, elapsed = await played(world, channel, move)
        samples.append(elapsed)
        traces.append(trace(world.fake, result, since, dms))
    return samples, traces


def trace_results(label: str, traces: list[Trace], note: str) -> list[Result]:
    """Server-side figures of ``traces``: the public reply (issue 12's figure), the ephemeral
    answer, and the DMs that went out before the public reply."""
    early = sum(1 for t in traces if t.dms_before_public)
    return [
        latency(SECTION, f"server: {label} -> public reply", [t.public for t in traces], note),
        latency(SECTION, f"server: {label} -> ephemeral answer", [t.followup for t in traces]),
        Figure(SECTION, f"{label}: a DM before the public reply", early, "moves", "should be 0"),
    ]


async def timed_starts(world: World, channels: list[FakeChannel]) -> list[Trace]:
    """``/game start`` one table at a time (``/game new`` and ``/game join`` untimed)."""
    dms = dm_channel_ids(world.fake, (world.ann, world.bob))
    traces: list[Trace] = []
    for channel in channels:
        await command(world, world.ann, channel, "game new", game=GAME)
        await command(world, world.bob, channel, "game join")
        since = len(world.fake.requests)
        result = await command(world, world.ann, channel, "game start")
        traces.append(trace(world.fake, result, since, dms))
    return traces


def setup_results(timings: list[tuple[str, float]], concurrency: int) -> list[Result]:
    """Latency of the lobby commands while tables were being opened ``concurrency`` at once."""
    by_command: dict[str, list[float]] = defaultdict(list)
    for name, seconds in timings:
        by_command[name].append(seconds)
    note = f"during set-up, {concurrency} channels at once"
    return [latency(SECTION, f"/{name}", samples, note) for name, samples in by_command.items()]


async def measure_scale(
    world: World, reader: TableReader, bot: BotProcess, tables: int, turns: int, rng: random.Random
) -> list[Result]:
    """Timed turns with the first ``tables`` channels in play, then the bot's RSS."""
    samples, traces = await play_turns(world, reader, tables, turns, rng)
    rss, _ = rss_mib(bot.proc.pid)
    scale = scale_label(tables)
    note = "1 in flight; bot: `python -m bot` subprocess"
    rss_note = f"VmRSS, pid {bot.proc.pid}"
    return [
        latency(SECTION, f"/monsterday play, {scale}", samples, note),
        *trace_results(f"/monsterday play, {scale}", traces, "table post's request in"),
        Figure(SECTION, f"bot RSS after the turns at {scale}", rss, "MiB", rss_note),
        Figure(
            SECTION,
            f"render workers' RSS after the turns at {scale}",
            workers_rss_mib(bot.proc.pid),
            "MiB",
            "summed over the bot's children",
        ),
    ]


async def run(profile: Profile, rng: random.Random) -> list[Result]:
    database = fresh_path(OUT_DIR / "interaction.sqlite3")
    results: list[Result] = []
    setup: list[tuple[str, float]] = []
    largest = max(profile.interaction_scales)
    async with (
        fake_world(largest + profile.start_samples) as world,
        bot_process(world, database) as (bot, _),
    ):
        opened = 0
        with closing(TableReader(database)) as reader:
            for tables in profile.interaction_scales:
                new = world.channels[opened:tables]
                setup += await open_tables(world, new, profile.setup_concurrency)
                opened = tables
                turns = profile.interaction_turns
                if tables == largest:
                    turns = profile.largest_scale_turns
                results += await measure_scale(world, reader, bot, tables, turns, rng)
        starts = await timed_starts(world, world.channels[largest:])
        label = f"/game start, {scale_label(largest)}"
        results += trace_results(label, starts, "1 at a time; table post's request in")
    found = reported_problems(bot, world.fake)
    return [
        *results,
        *setup_results(setup, profile.setup_concurrency),
        Figure(SECTION, "bot errors + fake server errors", found, "lines", "should be 0"),
    ]
