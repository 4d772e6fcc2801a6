"""A busy channel within Discord's limits (issue 27): six people at a Munchkin Fu table, and a
window where everyone taps at once.

The real ``python -m bot`` plays against the fake Discord with its rate limits on (a channel
takes 5 messages per 5 s; tests/fakediscord/ratelimits.py). Everyone makes the move the
engine's bot would choose, typed as ``/game move`` with the value autocomplete offers, one at
a time, until a fight's interference window waits for several players; then all of them tap
at the same moment. Figures per burst: the channel's busiest 5 s of requests, the 429s of the
whole run, and the seconds from the taps until every tap is answered and until the table
stops changing (its last post or edit).
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import time
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import rules
from bench import OUT_DIR
from bench.loopback import REPLY_TIMEOUT, BenchError, World, bot_process, command, reported_problems
from bench.profile import Profile
from bench.report import Figure, Result, latency
from bench.store import fresh_path
from bot.games import PRESENTERS
from tests.fakediscord import FakeChannel, FakeDiscord, FakeUser

SECTION = "burst"
GAME = "munchkin_fu"
ENGINE = rules.GAMES[GAME]
PRESENTER = PRESENTERS[GAME]
PLAYERS = 6
BURST_SEATS = 4
"""A window waiting for at least this many people is a burst."""
MAX_MOVES = 2_000
CHANNEL_WINDOW = 5.0  # s: Discord's per-channel message limit is counted over this
QUIET = 2.0  # s without a change in the channel: the table is up to date


@dataclass
class Burst:
    """One window where everyone tapped at once."""

    taps: int
    answered: float  # s from the taps to the last answer
    shown: float  # s from the taps to the table's last change


class Table:
    """The bot's database, read-only: the state of the one table and each seat's move."""

    def __init__(self, database: Path) -> None:
        self.db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)

    def close(self) -> None:
        self.db.close()

    def read(self) -> tuple[str, Any, list[dict[str, Any]]]:
        status, state, seats = self.db.execute(
            "SELECT status, state, seats FROM games ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return status, ENGINE.load(json.loads(state)), json.loads(seats)

    @staticmethod
    def label(state: Any, seats: list[dict[str, Any]], seat: int) -> str:
        """The move's name as autocomplete offers it (the engine bot's choice)."""
        view = {**ENGINE.view(state, seat), "names": [s["name"] for s in seats]}
        action = ENGINE.dump_action(ENGINE.bot_action(state, seat))
        return str(PRESENTER.action_label(view, action, "en"))


async def tap(fake: FakeDiscord, user: FakeUser, channel: FakeChannel, name: str) -> None:
    """``/game move`` with the choice autocomplete offers under ``name``."""
    offered = await fake.autocomplete(user, channel, "game move", "move", move=name)
    values = [c["value"] for c in offered if c["name"] == name]
    if not values:
        raise BenchError(f"autocomplete did not offer {name!r} to {user.username}")
    result = await fake.slash(user, channel, "game move", move=values[0], timeout=REPLY_TIMEOUT)
    if not result.ephemeral or "✅" not in result.text:
        raise BenchError(f"{user.username}'s {name!r}: {result.text!r}")


async def shown_after(fake: FakeDiscord, channel: FakeChannel, start: float) -> float:
    """Seconds from ``start`` to the channel's last change, once it is quiet for QUIET s."""
    last = len(fake.revisions)
    changed = time.perf_counter()
    while True:
        await asyncio.sleep(0.1)
        seen = len(fake.revisions)
        mine = [r for r in fake.revisions[last:seen] if r.message.channel.id == channel.id]
        if mine:
            changed = time.perf_counter()
        last = seen
        if time.perf_counter() - changed >= QUIET:
            return changed - start


async def burst(
    world: World, table: Table, people: dict[int, FakeUser], waiting: list[int]
) -> Burst:
    """Everyone the window waits for taps at once."""
    _, state, seats = table.read()
    names = [(people[seats[s]["user_id"]], table.label(state, seats, s)) for s in waiting]
    channel = world.channels[0]
    start = time.perf_counter()
    await asyncio.gather(*(tap(world.fake, user, channel, name) for user, name in names))
    answered = time.perf_counter() - start
    return Burst(len(names), answered, await shown_after(world.fake, channel, start))


async def play(world: World, table: Table, people: dict[int, FakeUser], bursts: int) -> list[Burst]:
    """Move by move until ``bursts`` windows waited for several people (or the game ends)."""
    found: list[Burst] = []
    for _ in range(MAX_MOVES):
        status, state, seats = table.read()
        if status != "active" or len(found) >= bursts:
            return found
        waiting = ENGINE.pending(state)
        if not waiting:
            await asyncio.sleep(0.05)  # the table's own step (a clock, a bot seat)
            continue
        fight = getattr(state, "fight", None)
        if fight is not None and fight.stage == "window" and len(waiting) >= BURST_SEATS:
            found.append(await burst(world, table, people, waiting))
            continue
        user = people[seats[waiting[0]]["user_id"]]
        await tap(world.fake, user, world.channels[0], table.label(state, seats, waiting[0]))
    raise BenchError("the game did not end")


def busiest_window(fake: FakeDiscord, channel: FakeChannel, method: str | None = None) -> int:
    """Most requests to the channel within any CHANNEL_WINDOW s: posts, edits and deletes,
    or those of one ``method`` (Discord counts posts and edits in buckets of their own)."""
    prefix = f"/channels/{channel.id}/"
    times = sorted(
        r.received_at
        for r in fake.requests
        if r.path.startswith(prefix) and r.method != "GET" and method in (None, r.method)
    )
    best, first = 0, 0
    for last, at in enumerate(times):
        while at - times[first] >= CHANNEL_WINDOW:
            first += 1
        best = max(best, last - first + 1)
    return best


async def run(profile: Profile, rng: random.Random) -> list[Result]:
    del rng  # the game's seed is the bot's own; the moves follow from it
    bursts = 3 if profile.interaction_turns >= 100 else 1
    database = fresh_path(OUT_DIR / "burst.sqlite3")
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Bench")
        users = [fake.add_user(f"p{i}") for i in range(PLAYERS)]
        channel = fake.add_text_channel(guild, "munchkin")
        world = World(fake, guild, users[0], users[1], [channel])
        async with bot_process(world, database) as (bot, _):
            await command(world, users[0], channel, "game new", game=GAME)
            for user in users[1:]:
                await command(world, user, channel, "game join")
            await command(world, users[0], channel, "game start")
            with closing(Table(database)) as table:
                found = await play(world, table, {u.id: u for u in users}, bursts)
        problems = reported_problems(bot, fake)
        limited, invalid = sum(fake.limits.limited.values()), fake.limits.invalid
        busiest = busiest_window(fake, channel)
        posts, edits = (busiest_window(fake, channel, method) for method in ("POST", "PATCH"))
    if not found:
        raise BenchError("no window waited for several people")
    note = f"{PLAYERS} people, {len(found)} bursts of {max(b.taps for b in found)} taps"
    return [
        latency(SECTION, "taps at once -> every tap answered", [b.answered for b in found], note),
        latency(SECTION, "taps at once -> table up to date", [b.shown for b in found], note),
        Figure(SECTION, "channel requests in its busiest 5 s", busiest, "requests",
               "posts, edits, deletes; Discord takes 5 posts per 5 s"),
        Figure(SECTION, "channel posts in their busiest 5 s", posts, "requests",
               "Discord's limit: 5 per 5 s"),
        Figure(SECTION, "channel edits in their busiest 5 s", edits, "requests",
               "a bucket of their own: 5 per 5 s"),
        Figure(SECTION, "429s", limited, "count", "the whole game, the fake's limits on"),
        Figure(SECTION, "invalid requests", invalid, "count", "401, 403, 429"),
        Figure(SECTION, "bot errors", problems, "lines", "should be 0"),
    ]  # fmt: skip
