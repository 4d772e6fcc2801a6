"""A whole Notte di Terrore interaction: a ``/terror`` command in, the ephemeral reply out,
through the fake Discord, with three people at every table.

Tables (one per channel, opened with the real ``/game new``, ``/game join`` and ``/game start``)
are played round-robin, one command in flight. Whoever must act makes the move the engine's bot
would choose, typed as the ``/terror`` command a player would type (``command_for``); the move
is read from the bot's database (read-only), as :mod:`bench.interaction` does for Monster Day.

What one sample covers, in the bot: the command tree, the table lookup, the move and its commit,
the public board (a strip per seat), the hand DM of whoever must act next, and the reply.
"""

from __future__ import annotations

import json
import random
import sqlite3
import time
from collections import defaultdict
from contextlib import closing
from pathlib import Path
from typing import Any

from bench import OUT_DIR
from bench.loopback import REPLY_TIMEOUT, BenchError, World, bot_process, command, reported_problems
from bench.profile import Profile
from bench.report import Figure, Result, latency
from bench.store import fresh_path
from cogs.notte_di_terrore import command_for
from rules import GAMES
from tests.fakediscord import FakeChannel, FakeDiscord, FakeUser

SECTION = "notte-interaction"
GAME = "notte_di_terrore"
ENGINE = GAMES[GAME]
TABLES = 10
MOVES_PER_TURN = 4
"""A Notte di Terrore turn is several commands (Apparition rounds, fight, refill): time this
many per Monster Day turn of the profile, so the sample reaches past the opening splits."""


class Reader:
    """The bot's database, read-only: the channel's active table, its seats and state."""

    def __init__(self, database: Path) -> None:
        self.db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)

    def close(self) -> None:
        self.db.close()

    def next_move(self, channel: FakeChannel) -> tuple[int, dict[str, Any]] | None:
        """(user id, dumped action) of the bot's choice for the seat to act, or None."""
        row = self.db.execute(
            "SELECT seats, state FROM games WHERE channel_id = ? AND status = 'active'",
            (channel.id,),
        ).fetchone()
        if row is None or row[1] is None:
            return None
        seats, state = json.loads(row[0]), ENGINE.load(json.loads(row[1]))
        seat = ENGINE.pending(state)[0]
        return seats[seat]["user_id"], ENGINE.dump_action(ENGINE.bot_action(state, seat))


async def open_table(world: World, users: list[FakeUser], channel: FakeChannel) -> None:
    """A night of three Places for three people, opened as players do (untimed)."""
    await command(world, users[0], channel, "game new", game=GAME, options="places=3")
    for user in users[1:]:
        await command(world, user, channel, "game join")
    await command(world, users[0], channel, "game start")


async def timed_move(
    fake: FakeDiscord, users: dict[int, FakeUser], channel: FakeChannel, move: tuple[int, Any]
) -> tuple[str, float]:
    user_id, action = move
    name, options = command_for(action)
    start = time.perf_counter()
    result = await fake.slash(users[user_id], channel, name, timeout=REPLY_TIMEOUT, **options)
    elapsed = time.perf_counter() - start
    if not result.ephemeral or "✅" not in result.text:
        raise BenchError(f"/{name} {options} in #{channel.name}: {result.text!r}")
    return name, elapsed


async def run(profile: Profile, rng: random.Random) -> list[Result]:
    database = fresh_path(OUT_DIR / "notte-interaction.sqlite3")
    samples: dict[str, list[float]] = defaultdict(list)
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Bench")
        people = [fake.add_user(name) for name in ("ann", "bob", "cy")]
        channels = [fake.add_text_channel(guild, f"night-{i}") for i in range(TABLES)]
        users = {u.id: u for u in people}
        world = World(fake, guild, people[0], people[1], channels)
        async with bot_process(world, database) as (bot, _):
            with closing(Reader(database)) as reader:
                for channel in channels:
                    await open_table(world, people, channel)
                while (
                    sum(len(s) for s in samples.values())
                    < MOVES_PER_TURN * profile.interaction_turns
                ):
                    channel = rng.choice(channels)
                    move = reader.next_move(channel)
                    if move is None:
                        await open_table(world, people, channel)
                        continue
                    name, seconds = await timed_move(fake, users, channel, move)
                    samples[name].append(seconds)
    every = [s for group in samples.values() for s in group]
    note = f"{TABLES} tables of 3 people, 1 in flight; bot: `python -m bot` subprocess"
    problems = reported_problems(bot, fake)
    return [
        latency(SECTION, "any /terror move", every, note),
        *(
            latency(SECTION, f"/{name}", group, "same run")
            for name, group in sorted(samples.items())
        ),
        Figure(SECTION, "bot errors + fake server errors", problems, "lines", "should be 0"),
    ]
