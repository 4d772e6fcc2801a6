"""A whole interaction: ``/monsterday play`` in, ephemeral followup out, through the fake Discord.

One bot process serves every scale in turn (1, then 100, then 500 tables in play), each table
in its own channel and opened with the real ``/game new``, ``/game join``, ``/game start``.
Turns are then sent one at a time, round-robin over the live tables in shuffled order, so each
sample is the latency of one move with that many games alive, not a queueing figure. A game
that ends is reopened in its channel (untimed) so the number in play holds.

What one sample covers, in the bot: the gateway event, the command tree, the table lookup, the
move and its commit, the board and two hand images, the public table post, the two hand DMs
and the followup; in the fake: parsing those uploads.
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
    error_lines,
    fake_world,
    next_move,
    open_tables,
    play,
    rss_mib,
)
from bench.profile import Profile
from bench.report import Figure, Result, latency, scale_label
from bench.store import fresh_path
from tests.fakediscord import BotProcess

SECTION = "interaction"


async def play_turns(
    world: World, reader: TableReader, tables: int, turns: int, rng: random.Random
) -> list[float]:
    """``turns`` timed plays over the first ``tables`` channels."""
    channels = world.channels[:tables]
    samples: list[float] = []
    order: list[int] = []
    while len(samples) < turns:
        if not order:
            order = rng.sample(range(tables), tables)
        channel = channels[order.pop()]
        move = await next_move(world, reader, channel, rng)
        samples.append(await play(world, channel, move))
    return samples


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
    samples = await play_turns(world, reader, tables, turns, rng)
    rss, _ = rss_mib(bot.proc.pid)
    scale = scale_label(tables)
    note = "1 in flight; bot: `python -m bot` subprocess"
    rss_note = f"VmRSS, pid {bot.proc.pid}"
    return [
        latency(SECTION, f"/monsterday play, {scale}", samples, note),
        Figure(SECTION, f"bot RSS after the turns at {scale}", rss, "MiB", rss_note),
    ]


async def run(profile: Profile, rng: random.Random) -> list[Result]:
    database = fresh_path(OUT_DIR / "interaction.sqlite3")
    results: list[Result] = []
    setup: list[tuple[str, float]] = []
    async with (
        fake_world(max(profile.interaction_scales)) as world,
        bot_process(world, database) as (bot, _),
    ):
        opened = 0
        with closing(TableReader(database)) as reader:
            for tables in profile.interaction_scales:
                new = world.channels[opened:tables]
                setup += await open_tables(world, new, profile.setup_concurrency)
                opened = tables
                turns = profile.interaction_turns
                results += await measure_scale(world, reader, bot, tables, turns, rng)
    problems = len(error_lines(bot)) + len(world.fake.server_errors) + len(world.fake.unhandled)
    return [
        *results,
        *setup_results(setup, profile.setup_concurrency),
        Figure(SECTION, "bot errors + fake server errors", problems, "lines", "should be 0"),
    ]
