"""The real bot (``python -m bot`` in a subprocess) against the repo's fake Discord.

Why a subprocess: it is the process users run, with its own event loop, its own core and its
own memory; the fake and the benchmark driver share the other core, so their overhead does
not sit inside the bot's latency, and ``/proc/<pid>/status`` gives the bot's RSS alone.

The driver picks moves the way a player could, from what is on the table: it reads the bot's
database read-only (WAL lets it read while the bot writes) to learn whose turn it is and which
cards may go where; that read happens between timed interactions, never inside one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sqlite3
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import REPO_ROOT
from bench.playouts import ENGINE, GAME, random_action
from tests.fakediscord import (
    BotProcess,
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeUser,
    InteractionResult,
    run_bot_process,
)

REPLY_TIMEOUT = 60.0
READY_TIMEOUT = 120.0
# No timers that could fire mid-run; only the bot's own level of logging noise.
# DATABASE_URL empty: SQLite at DATABASE_PATH even when the bench's own environment names a
# PostgreSQL server (only the load section uses that, and says so).
BOT_ENV = {
    "REMINDER_CHECK_SECONDS": "0",
    "BOT_MOVE_DELAY_SECONDS": "0",
    "LOG_LEVEL": "WARNING",
    "DATABASE_URL": "",
}
REFUSALS = ("⚠️", "😵")


class BenchError(RuntimeError):
    """The bot did not do what a move needs; the run stops rather than time a failure."""


@dataclass
class World:
    """A guild with two players and one channel per table."""

    fake: FakeDiscord
    guild: FakeGuild
    ann: FakeUser
    bob: FakeUser
    channels: list[FakeChannel]

    def user(self, user_id: int | None) -> FakeUser:
        return self.ann if user_id == self.ann.id else self.bob


@dataclass(frozen=True, slots=True)
class Move:
    """Who plays what where, as the slash command takes it (space is 1-based there)."""

    user: FakeUser
    card: str
    space: int


@contextlib.asynccontextmanager
async def fake_world(channels: int) -> AsyncIterator[World]:
    """A started fake with the guild, both players and ``channels`` text channels."""
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Bench")
        ann, bob = fake.add_user("ann"), fake.add_user("bob")
        rooms = [fake.add_text_channel(guild, f"table-{i}") for i in range(channels)]
        yield World(fake, guild, ann, bob, rooms)


@contextlib.asynccontextmanager
async def bot_process(world: World, database: Path) -> AsyncIterator[tuple[BotProcess, float]]:
    """The bot running on ``database``, ready (connected, commands synced); also how long
    that took from spawning the process, start-up work like resuming tables included."""
    started = time.perf_counter()
    async with run_bot_process(
        world.fake, cwd=REPO_ROOT, database_path=database, dev_guild=world.guild, env=BOT_ENV
    ) as bot:
        await bot.wait_ready(world.fake, timeout=READY_TIMEOUT)
        yield bot, time.perf_counter() - started


def rss_mib(pid: int) -> tuple[float, float]:
    """(VmRSS, VmHWM) of a process in MiB: resident now, and the peak so far."""
    fields: dict[str, float] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, rest = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = int(rest.split()[0]) / 1024
    return fields["VmRSS"], fields["VmHWM"]


def descendants(pid: int) -> list[int]:
    """Every process started by ``pid``, directly or not (the render workers, their fork
    server and multiprocessing's resource tracker)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found: list[int] = []
    todo = list(children.get(pid, []))
    while todo:
        child = todo.pop()
        found.append(child)
        todo += children.get(child, [])
    return found


def workers_rss_mib(pid: int) -> float:
    """The resident memory of the bot's helper processes, summed (VmRSS each: pages they
    share with each other are counted once per process, so this is an upper bound)."""
    total = 0.0
    for child in descendants(pid):
        try:
            total += rss_mib(child)[0]
        except (OSError, KeyError):  # ended meanwhile, or a zombie without memory lines
            continue
    return total


def error_lines(bot: BotProcess) -> list[str]:
    """Lines where the bot logged an error or a traceback."""
    return [ln for ln in bot.lines if " ERROR " in ln or ln.startswith("Traceback")]


def reported_problems(bot: BotProcess, fake: FakeDiscord, shown: int = 40) -> int:
    """How many errors the bot logged and the fake saw (its own errors, routes it lacks);
    each is also written to stderr (the first ``shown`` lines of the bot's from the first
    error on), since a count alone says nothing about what to fix."""
    errors = error_lines(bot)
    found = len(errors) + len(fake.server_errors) + len(fake.unhandled)
    if errors:
        first = bot.lines.index(errors[0])
        for line in bot.lines[first : first + shown]:
            sys.stderr.write(f"[bench] bot: {line}\n")
    for problem in [*fake.server_errors, *map(str, fake.unhandled)]:
        sys.stderr.write(f"[bench] fake: {problem}\n")
    return found


async def command(
    world: World, user: FakeUser, channel: FakeChannel, name: str, **values: Any
) -> InteractionResult:
    """A slash command answered without a refusal; :class:`BenchError` otherwise."""
    # As a mapping: /game new has an option called "options", which slash() also takes.
    result = await world.fake.slash(user, channel, name, timeout=REPLY_TIMEOUT, options=values)
    if not result.ephemeral or result.text.startswith(REFUSALS):
        raise BenchError(f"/{name} in #{channel.name}: {result.text!r}")
    return result


async def open_table(world: World, channel: FakeChannel) -> list[tuple[str, float]]:
    """``/game new``, ``/game join``, ``/game start``, as players do; each one's latency."""
    steps = (
        (world.ann, "game new", {"game": GAME}),
        (world.bob, "game join", {}),
        (world.ann, "game start", {}),
    )
    timings: list[tuple[str, float]] = []
    for user, name, values in steps:
        start = time.perf_counter()
        await command(world, user, channel, name, **values)
        timings.append((name, time.perf_counter() - start))
    return timings


async def open_tables(
    world: World, channels: list[FakeChannel], concurrency: int
) -> list[tuple[str, float]]:
    """Open a table in each channel, ``concurrency`` channels at a time (set-up, so it may
    overlap: the bot renders while the fake parses the last upload)."""
    gate = asyncio.Semaphore(concurrency)

    async def one(channel: FakeChannel) -> list[tuple[str, float]]:
        async with gate:
            return await open_table(world, channel)

    batches = await asyncio.gather(*(one(c) for c in channels))
    return [timing for batch in batches for timing in batch]


class TableReader:
    """Read-only view of the bot's database: the active table in a channel and its state."""

    def __init__(self, database: Path) -> None:
        self.db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)

    def close(self) -> None:
        self.db.close()

    def active(self, channel_id: int) -> tuple[list[dict[str, Any]], Any] | None:
        """Seats and decoded state of the channel's active table, or None."""
        row = self.db.execute(
            "SELECT seats, state FROM games WHERE channel_id = ? AND status = 'active'",
            (channel_id,),
        ).fetchone()
        if row is None or row[1] is None:
            return None
        return json.loads(row[0]), ENGINE.load(json.loads(row[1]))

    def next_move(self, world: World, channel: FakeChannel, rng: random.Random) -> Move | None:
        """A legal random move for whoever must play at the channel's table, or None when
        no game is in progress there."""
        found = self.active(channel.id)
        if found is None:
            return None
        seats, state = found
        seat = ENGINE.pending(state)[0]
        action = random_action(state, seat, rng)
        return Move(world.user(seats[seat]["user_id"]), action.card, action.space + 1)


async def next_move(
    world: World, reader: TableReader, channel: FakeChannel, rng: random.Random
) -> Move:
    """The next move at the channel's table; a game that has ended there is followed by a new
    one, opened through the commands (untimed), so the channel always has a game in play."""
    move = reader.next_move(world, channel, rng)
    if move is None:
        await open_table(world, channel)
        move = reader.next_move(world, channel, rng)
    if move is None:
        raise BenchError(f"no game in progress in #{channel.name} after opening one")
    return move


async def play(world: World, channel: FakeChannel, move: Move) -> float:
    """One timed ``/monsterday play``: from sending INTERACTION_CREATE until the ephemeral
    followup arrives. Checked afterwards: the followup confirms the move and a new public table
    message with the board image was posted in the channel."""
    return (await played(world, channel, move))[1]


async def played(world: World, channel: FakeChannel, move: Move) -> tuple[InteractionResult, float]:
    """:func:`play`, also returning the interaction (for the fake's server-side stamps)."""
    mark = world.fake.mark()
    start = time.perf_counter()
    result = await world.fake.slash(
        move.user,
        channel,
        "monsterday play",
        card=move.card,
        space=move.space,
        timeout=REPLY_TIMEOUT,
    )
    elapsed = time.perf_counter() - start
    if not result.ephemeral or "Done" not in result.text:
        raise BenchError(f"play in #{channel.name} refused: {result.text!r}")
    posted = [
        m
        for m in world.fake.messages_since(mark)
        if m.channel is channel and not m.ephemeral and m.attachments
    ]
    if not posted:
        raise BenchError(f"play in #{channel.name} answered but posted no table message")
    return result, elapsed
