"""Monsters on Board through the real bot and the fake Discord: ``/game new`` to the first pick.

Why this figure: a Monsters on Board table post is five images (the main board and one board
per seat), so opening and starting a table costs more than in the other games, and the first
thing each player does is pick a die, by ``/game move`` (or a DM button). One sample is one
table: ``/game new``, ``/game join``, ``/game start``, the first pick's autocomplete list and
the ``/game move`` that plays its first suggestion, each timed from the interaction sent to
the ephemeral reply received; "round trip" is their sum.
"""

from __future__ import annotations

import random
import time
from typing import Any

from bench import OUT_DIR
from bench.loopback import REPLY_TIMEOUT, BenchError, World, bot_process, command, reported_problems
from bench.profile import Profile
from bench.report import Figure, Result, latency
from bench.store import fresh_path
from tests.fakediscord import FakeChannel, FakeDiscord

SECTION = "mob-interaction"
GAME = "monsters_on_board"


async def _timed(world: World, user: Any, channel: FakeChannel, name: str, **values: Any) -> float:
    start = time.perf_counter()
    await command(world, user, channel, name, **values)
    return time.perf_counter() - start


async def _first_pick(world: World, channel: FakeChannel) -> tuple[float, float]:
    """The autocomplete list of ann's first pick, then the move it suggests first."""
    start = time.perf_counter()
    listed = await world.fake.autocomplete(
        world.ann, channel, "game move", "move", timeout=REPLY_TIMEOUT, move=""
    )
    listing = time.perf_counter() - start
    if not listed:
        raise BenchError(f"no move offered to ann in #{channel.name}")
    start = time.perf_counter()
    result = await world.fake.slash(
        world.ann, channel, "game move", timeout=REPLY_TIMEOUT, move=listed[0]["value"]
    )
    if not result.ephemeral or "Done" not in result.text:
        raise BenchError(f"/game move in #{channel.name}: {result.text!r}")
    return listing, time.perf_counter() - start


async def run(profile: Profile, rng: random.Random) -> list[Result]:
    database = fresh_path(OUT_DIR / "mob-interaction.sqlite3")
    tables = max(4, profile.interaction_turns // 20)
    steps: dict[str, list[float]] = {
        name: [] for name in ("/game new", "/game join", "/game start", "move list", "/game move")
    }
    trips: list[float] = []
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Bench")
        ann, bob = fake.add_user("ann"), fake.add_user("bob")
        channels = [fake.add_text_channel(guild, f"town-{i}") for i in range(tables)]
        world = World(fake, guild, ann, bob, channels)
        async with bot_process(world, database) as (bot, _):
            for channel in channels:
                times = [
                    await _timed(world, ann, channel, "game new", game=GAME),
                    await _timed(world, bob, channel, "game join"),
                    await _timed(world, ann, channel, "game start"),
                    *await _first_pick(world, channel),
                ]
                for name, seconds in zip(steps, times, strict=True):
                    steps[name].append(seconds)
                trips.append(sum(times))
    note = f"{tables} tables of 2 people, one at a time; bot: `python -m bot` subprocess"
    problems = reported_problems(bot, fake)
    return [
        latency(SECTION, "/game new -> first pick, round trip", trips, note),
        *(latency(SECTION, name, group, "same run") for name, group in steps.items()),
        Figure(SECTION, "bot errors + fake server errors", problems, "lines", "should be 0"),
    ]
