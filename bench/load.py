"""Load (issue 12): 5,000 live tables, 50 moves a second for a minute, through the real bot.

Open loop: each move is sent at its time on the schedule (move i at i/rate seconds), whether or
not the earlier ones were answered, as players do; a bot that falls behind shows it in the
latencies instead of being given time to catch up. Each timed move goes to a different table,
so no move waits for another table's answer and the driver never reads the database.

The tables are seeded straight into the store (raw rows, as :mod:`bench.dataset` writes them)
at a mid-game state, with two players who are in every guild; opening 5,000 tables through the
commands would take longer than the minute of load. The fake spreads the channels over guilds
of 500 (Discord's limit per guild), so the bot syncs its commands globally. Each pair of
players sits at ten tables, so the hand DMs go to many DM channels, as on a real bot (two
players at every table would queue thousands of DMs on two channels).

The fake answers with Discord's rate limits (tests/fakediscord/ratelimits.py): the global
50 requests a second and each channel's 5 posts per 5 s; its 429s and invalid requests are
reported per 1,000 moves (zero expected: the bot paces itself, bot/ratelimits.py). The bot's
REST goes through the fake's edge (tests/fakediscord/edge.py, a process of its own), which
stamps each request on arrival, and the limits count by that stamp, as Discord counts: the
fake shares this process with the driver, and when the process is not run for a moment, what
it reads late must not count as a burst the bot never sent.

Latencies are server side (:mod:`bench.serverside`): INTERACTION_CREATE out -> the table
post's request in. Errors: moves refused or never answered, requests the fake refused, and
lines the bot logged as errors; zero expected.

On SQLite and on PostgreSQL (``--store`` picks one or both), each store given the same
tables and the same moves. PostgreSQL is a throwaway server started as the tests start theirs
(tests/pg_server.py: the ``pgserver`` wheel of the test extra, durability off, a fresh migrated
database), or the empty database ``DATABASE_URL`` names (``--database-url``; the section refuses
one that holds games). Per store: moves a second achieved, p50/p99 of the move, REST calls per
move outside interaction answers, 429s by scope and invalid requests per 1,000 moves.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import math
import os
import random
import re
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from bench import OUT_DIR, REPO_ROOT, dataset
from bench.loopback import (
    BOT_ENV,
    READY_TIMEOUT,
    REFUSALS,
    BenchError,
    Move,
    descendants,
    reported_problems,
    rss_mib,
    workers_rss_mib,
)
from bench.playouts import ENGINE, random_action
from bench.profile import Profile
from bench.report import Figure, Result, latency
from bench.serverside import TraceError, Trackers
from bench.store import fresh_path
from bot.store import Seat
from tests.fakediscord import (
    BotProcess,
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeTimeout,
    FakeUser,
    RequestRecord,
    run_bot_process,
)
from tests.fakediscord.edge import Edge
from tests.fakediscord.ratelimits import (
    EXEMPT_PREFIXES,
    GLOBAL_LIMIT,
    INVALID_STATUSES,
    busiest,
    global_refusals,
)
from tests.pg_server import PgServer

SECTION = "load"
CHANNELS_PER_GUILD = 500
TABLES_PER_PAIR = 10
PROGRESS_SECONDS = 30.0  # untimed, one at a time, on tables the timed moves do not use
LOAD_TIMEOUT = 900.0  # s: an interaction token's life; a backlog is measured, not cut short
INTERACTION_DEADLINE = 3.0  # s: Discord fails an interaction answered (deferred) later
PGSERVER = "pgserver"
"""``DATABASE_URL=pgserver`` (the old spelling): the throwaway server, as when it is unset."""
STORE_NAMES = {"sqlite": "SQLite", "postgres": "PostgreSQL"}
DM_POST = re.compile(r"/channels/(\d+)/messages")
SCOPES = ("global", "user")
"""The fake's 429 scopes: the bot's 50 a second, and a route's bucket (a channel's posts)."""


@dataclass(frozen=True, slots=True)
class Mark:
    """How far the fake's logs were when the timed moves began: requests, answers, 429s."""

    requests: int
    answers: int
    refusals: int

    @classmethod
    def now(cls, fake: FakeDiscord) -> Mark:
        return cls(len(fake.requests), len(fake.limits.log), len(fake.limits.refusals))


@dataclass
class LoadWorld:
    fake: FakeDiscord
    guilds: list[FakeGuild]
    players: list[FakeUser]
    channels: list[FakeChannel]
    trackers: Trackers
    edge: Edge | None = None
    """Where the bot sends its REST: the fake's edge, which counts each request on arrival."""

    @functools.cached_property
    def table_ids(self) -> frozenset[int]:
        return frozenset(channel.id for channel in self.channels)

    def seated(self, table: int) -> tuple[FakeUser, FakeUser]:
        """The two players at the ``table``-th channel: pair ``table`` modulo the pairs."""
        pair = table % (len(self.players) // 2)
        return self.players[2 * pair], self.players[2 * pair + 1]


@dataclass(frozen=True, slots=True)
class Live:
    """A seeded table: its channel and its stored state (JSON, decoded only when needed)."""

    channel: FakeChannel
    state: str
    users: tuple[FakeUser, FakeUser]


@dataclass
class Outcome:
    """One timed move: server-side trace (None on failure), round trip, and what went wrong."""

    public: float | None = None
    answer: float | None = None
    round_trip: float | None = None
    error: str | None = None
    slow: bool = False  # answered "saved, on its way": not shown within the bot's wait
    late: bool = False  # deferred after Discord's 3 s: on Discord the interaction would fail
    deferral: float | None = None  # INTERACTION_CREATE out -> its callback at the edge


@contextlib.asynccontextmanager
async def load_world(tables: int, closed_every: int = 0) -> AsyncIterator[LoadWorld]:
    """A started fake with guilds of up to 500 channels, one per table, and a pair of
    players per ten tables (members of every guild); every ``closed_every``-th player's DMs
    are closed (0: none)."""
    async with FakeDiscord() as fake, Edge(fake.http_base) as edge:
        count = math.ceil(tables / CHANNELS_PER_GUILD)
        guilds = [fake.add_guild(f"Load {i}") for i in range(count)]
        pairs = max(1, tables // TABLES_PER_PAIR)
        players = [
            fake.add_user(f"player{i}", dms_open=not closed_every or i % closed_every != 0)
            for i in range(2 * pairs)
        ]
        channels = [
            fake.add_text_channel(guilds[i // CHANNELS_PER_GUILD], f"table-{i}")
            for i in range(tables)
        ]
        yield LoadWorld(fake, guilds, players, channels, Trackers(fake), edge)


def seed_rows(
    world: LoadWorld, pool_size: int, rng: random.Random
) -> tuple[dataset.Writer, list[Live]]:
    """Rows for one live table per channel, each somewhere in the middle of a real playout."""
    pool = [dataset.pooled(60_000 + i, rng) for i in range(pool_size)]
    writer = dataset.Writer(rng, world.guilds[0].id)
    live: list[Live] = []
    for index, channel in enumerate(world.channels):
        game = rng.choice(pool)
        users = world.seated(index)
        seats = [Seat(user.id, user.username, "en") for user in users]
        assert channel.guild_id is not None
        moves = writer.add_live(index + 1, game, channel.guild_id, channel.id, seats)
        live.append(Live(channel, game.states[moves], users))
    return writer, live


async def seed_sqlite(path: Path, writer: dataset.Writer) -> None:
    await dataset.create_schema(fresh_path(path))
    dataset.insert_sqlite(path, writer)


async def seed_postgres(url: str, writer: dataset.Writer) -> None:
    """The store's migrations, then the rows in one transaction (COPY); an empty database
    only, so the bench never mixes its tables into someone's data."""
    import asyncpg

    from bot.store.postgres import PostgresStore

    store = PostgresStore(url)
    await store.open()  # runs the migrations
    await store.close()
    db = await asyncpg.connect(url)
    try:
        if await db.fetchval("SELECT count(*) FROM games"):
            raise BenchError("the load needs an empty PostgreSQL database (it holds games)")
        async with db.transaction():
            await db.copy_records_to_table(
                "games", records=writer.games, columns=list(dataset.GAME_COLUMNS)
            )
            await db.copy_records_to_table(
                "actions", records=writer.actions, columns=list(dataset.ACTION_COLUMNS)
            )
            await db.execute(
                "SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT max(id) FROM games))"
            )
    finally:
        await db.close()


def next_move(live: Live, rng: random.Random) -> Move:
    """A legal random move for whoever must play at this seeded table."""
    state = ENGINE.load(json.loads(live.state))
    seat = ENGINE.pending(state)[0]
    action = random_action(state, seat, rng)
    return Move(live.users[seat], action.card, action.space + 1)


async def send(world: LoadWorld, channel: FakeChannel, move: Move) -> Outcome:
    """One move; never raises (a failure is the outcome's ``error``)."""
    since = len(world.fake.requests)
    start = time.perf_counter()
    try:
        result = await world.fake.slash(
            move.user,
            channel,
            "monsterday play",
            card=move.card,
            space=move.space,
            timeout=LOAD_TIMEOUT,
        )
    except FakeTimeout:
        return Outcome(error="no answer")
    round_trip = time.perf_counter() - start
    if not result.ephemeral or result.text.startswith(REFUSALS):
        return Outcome(round_trip=round_trip, error=f"refused: {result.text[:60]!r}")
    # "Saved, on its way": the bot answered before the table post went out; wait for it.
    trackers = world.trackers
    tracker = trackers.track(result, since)
    with contextlib.suppress(FakeTimeout):  # then trace() says what is missing
        await world.fake.wait_until(
            lambda: trackers.complete(tracker),
            LOAD_TIMEOUT,
            what="the table post",
            keys=[result.changes, ("channel", channel.id)],
        )
    try:
        found = tracker.trace()
    except TraceError as error:
        return Outcome(round_trip=round_trip, error=f"{error}; answer {result.text[:80]!r}")
    slow = "Done" not in result.text
    late = found.response > INTERACTION_DEADLINE
    return Outcome(
        found.public, found.followup, round_trip, slow=slow, late=late, deferral=found.response
    )


async def drive(
    world: LoadWorld, moves: list[tuple[FakeChannel, Move]], rate: float
) -> tuple[list[Outcome], list[float], float]:
    """Send the moves on the schedule; their outcomes, how late each send was, and the
    seconds from the first send to the last answer."""
    loop = asyncio.get_running_loop()
    t0 = loop.time() + 0.5
    tasks: list[asyncio.Task[Outcome]] = []
    lags: list[float] = []
    for index, (channel, move) in enumerate(moves):
        due = t0 + index / rate
        delay = due - loop.time()
        if delay > 0:
            await asyncio.sleep(delay)
        lags.append(max(0.0, loop.time() - due))
        tasks.append(asyncio.create_task(send(world, channel, move)))
    reporter = asyncio.create_task(report_progress(tasks))
    outcomes = list(await asyncio.gather(*tasks))
    reporter.cancel()
    return outcomes, lags, loop.time() - t0


async def report_progress(tasks: list[asyncio.Task[Outcome]]) -> None:
    """How many moves are answered, every so often (a backlog can take minutes to clear)."""
    while True:
        await asyncio.sleep(PROGRESS_SECONDS)
        done = sum(task.done() for task in tasks)
        sys.stderr.write(f"[bench] load: {done} of {len(tasks)} moves answered\n")


@contextlib.asynccontextmanager
async def load_bot(
    world: LoadWorld, database: Path, url: str | None
) -> AsyncIterator[tuple[BotProcess, float]]:
    """The bot on the seeded store (SQLite file, or PostgreSQL at ``url``), ready; and how
    long that took (it resumes every active table before it connects)."""
    started = time.perf_counter()
    env = BOT_ENV | {"DATABASE_URL": url or ""}
    if world.edge is not None:
        env["DISCORD_API_BASE"] = world.edge.api_base
    async with run_bot_process(world.fake, cwd=REPO_ROOT, database_path=database, env=env) as bot:
        await bot.wait_ready(world.fake, timeout=READY_TIMEOUT)
        yield bot, time.perf_counter() - started


async def warm_up(world: LoadWorld, live: list[Live], rng: random.Random) -> None:
    """A few moves one at a time, so the first timed ones do not pay for cold caches."""
    for table in live:
        outcome = await send(world, table.channel, next_move(table, rng))
        if outcome.error is not None:
            raise BenchError(f"warm-up move in #{table.channel.name}: {outcome.error}")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far, all its threads (``/proc/<pid>/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def workers_cpu_seconds(pid: int) -> float:
    """The CPU time of the bot's helper processes so far (the render workers)."""
    total = 0.0
    for child in descendants(pid):
        with contextlib.suppress(OSError, IndexError):
            total += cpu_seconds(child)
    return total


async def settled(world: LoadWorld, quiet: float = 2.0, limit: float = 120.0) -> None:
    """Return once the fake has had no request for ``quiet`` seconds (the hand DMs go out
    after the last public reply), or ``limit`` seconds on."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    seen = -1
    while seen != len(world.fake.requests) and loop.time() < end:
        seen = len(world.fake.requests)
        await asyncio.sleep(quiet)


def request_figures(fake: FakeDiscord, since: Mark, moves: int, store_name: str) -> list[Result]:
    """What a move cost in requests to Discord, hands included; how many of them count
    against the bot's 50 a second (all but interaction answers and their follow-ups: what
    bounds the moves a second one bot serves); and how many only asked for a DM channel."""
    made = fake.requests[since.requests :]
    paced = sum(1 for r in made if not r.path.startswith(EXEMPT_PREFIXES))
    opens = sum(1 for r in made if r.method == "POST" and r.path.endswith("/users/@me/channels"))
    return [
        Figure(SECTION, f"{store_name}: Discord requests per move", len(made) / moves,
               "requests", "every request of the load, hand DMs included"),
        Figure(SECTION, f"{store_name}: REST calls per move outside interaction answers",
               paced / moves, "requests", "what Discord's global 50/s counts"),
        Figure(SECTION, f"{store_name}: DM channels opened per move", opens / moves,
               "requests", "POST /users/@me/channels"),
    ]  # fmt: skip


def rate_limit_figures(fake: FakeDiscord, since: Mark, moves: int, store_name: str) -> list[Result]:
    """429s (in all and by scope) and invalid requests (401, 403, 429: Discord bans an IP at
    10,000 in 10 minutes) per 1,000 moves, as the fake's limiter counted them since ``since``."""
    refusals = fake.limits.refusals[since.refusals :]
    invalid = sum(1 for e in fake.limits.log[since.answers :] if e.status in INVALID_STATUSES)
    per = 1000 / moves
    kinds = Counter(refusals).most_common(3)
    where = "; ".join(f"{n} {scope} on {route}" for (scope, route), n in kinds)
    scopes = Counter(scope for scope, _ in refusals)
    return [
        Figure(SECTION, f"{store_name}: 429s per 1,000 moves", len(refusals) * per, "count",
               f"{len(refusals)} in all, the fake's limits on" + (f" ({where})" if where else "")),
        *(Figure(SECTION, f"{store_name}: 429s per 1,000 moves, {scope} scope",
                 scopes[scope] * per, "count", f"{scopes[scope]} in all") for scope in SCOPES),
        Figure(SECTION, f"{store_name}: invalid requests per 1,000 moves", invalid * per,
               "count", f"{invalid} answers of 401, 403 or 429"),
    ]  # fmt: skip


def arrival_figures(fake: FakeDiscord, since: Mark, moves: int, store_name: str) -> list[Result]:
    """The paced calls' busiest second when they reached the fake's edge (as Discord counts
    them) and as the fake's loop read them, and the global 429s the fake would have counted
    by its reading, from the same requests: a stall of the fake's own process (shared with
    the driver) shows as the gap between the two (issue 27 §2)."""
    paced = [r for r in fake.requests[since.requests :] if not r.path.startswith(EXEMPT_PREFIXES)]
    arrived = [r.arrived_at for r in paced if r.arrived_at is not None]
    read = [r.received_at for r in paced]
    misread = global_refusals(read)
    return [
        Figure(SECTION, f"{store_name}: busiest second of paced calls, on arrival",
               busiest(arrived), "requests",
               f"at the fake's edge (its own process); Discord allows {GLOBAL_LIMIT}"),
        Figure(SECTION, f"{store_name}: busiest second of paced calls, as the fake read them",
               busiest(read), "requests", "by the fake's loop, shared with the driver"),
        Figure(SECTION, f"{store_name}: global 429s per 1,000 moves counted as read",
               misread * 1000 / moves, "count",
               f"{misread} in all: the fake's count without its edge, same requests"),
    ]  # fmt: skip


def refused_requests(world: LoadWorld, since: Mark) -> int:
    """Requests the fake refused, but for DMs to players whose DMs are closed (counted by
    :func:`closed_dm_figures`)."""
    made = world.fake.requests[since.requests :]
    return sum(
        1 for r in made if r.status is not None and r.status >= 400 and not refused_dm(world, r)
    )


def refused_dm(world: LoadWorld, request: RequestRecord) -> bool:
    """A message to a DM channel Discord refused (403: that player's DMs are closed)."""
    found = DM_POST.fullmatch(request.path) if request.method == "POST" else None
    return found is not None and request.status == 403 and int(found[1]) not in world.table_ids


def closed_dm_figures(world: LoadWorld, since: Mark, moves: int, store_name: str) -> list[Result]:
    """Refused DMs since the bot started (``since``): each closed-DM player's first is how
    the bot learns; any other is a DM retried though known closed (zero expected)."""
    refused = [r.path for r in world.fake.requests[since.requests :] if refused_dm(world, r)]
    again = len(refused) - len(set(refused))
    closed = sum(not user.dms_open for user in world.players)
    return [
        Figure(SECTION, f"{store_name}: DMs refused, first per player", len(set(refused)),
               "count", f"{closed} of {len(world.players)} players' DMs closed"),
        Figure(SECTION, f"{store_name}: closed DMs tried again per 1,000 moves",
               again * 1000 / moves, "count", f"{again} in all, warm-up included; 0 expected"),
    ]  # fmt: skip


async def measure(
    profile: Profile, rng: random.Random, store_name: str, url: str | None
) -> list[Result]:
    """Seed, start the bot, warm up, run the schedule; the figures for one store."""
    tables = profile.load_tables
    count = min(int(profile.load_rate * profile.load_seconds), tables - profile.load_warm_up)
    async with load_world(tables, profile.load_closed_every) as world:
        seeding = time.perf_counter()
        writer, live = seed_rows(world, profile.memory_pool, rng)
        database = OUT_DIR / "load.sqlite3"
        if url is None:
            await seed_sqlite(database, writer)
        else:
            await seed_postgres(url, writer)
        seeded = time.perf_counter() - seeding
        order = rng.sample(live, len(live))
        warm, timed = order[: profile.load_warm_up], order[profile.load_warm_up :][:count]
        moves = [(table.channel, next_move(table, rng)) for table in timed]
        async with load_bot(world, database, url) as (bot, startup):
            started = Mark.now(world.fake)
            await warm_up(world, warm, rng)
            since = Mark.now(world.fake)
            cpu = cpu_seconds(bot.proc.pid)
            drawing = workers_cpu_seconds(bot.proc.pid)
            outcomes, lags, seconds = await drive(world, moves, profile.load_rate)
            cpu = cpu_seconds(bot.proc.pid) - cpu
            drawing = workers_cpu_seconds(bot.proc.pid) - drawing
            workers_rss = workers_rss_mib(bot.proc.pid)
            refused = refused_requests(world, since)
            rss, peak = rss_mib(bot.proc.pid)
            await settled(world)
            requests = request_figures(world.fake, since, len(outcomes), store_name)
            requests += rate_limit_figures(world.fake, since, len(outcomes), store_name)
            requests += arrival_figures(world.fake, since, len(outcomes), store_name)
            requests += closed_dm_figures(world, started, len(outcomes), store_name)
    logged = reported_problems(bot, world.fake)
    return [
        *summarise(store_name, outcomes, lags, seconds, (refused, logged)),
        *requests,
        Figure(SECTION, f"{store_name}: seeding {tables} live tables", seeded, "s", "raw rows"),
        Figure(SECTION, f"{store_name}: bot start-up, {tables} live", startup, "s", "until ready"),
        Figure(SECTION, f"{store_name}: bot RSS after the load", rss, "MiB", f"peak {peak:.0f}"),
        Figure(SECTION, f"{store_name}: render workers' RSS", workers_rss, "MiB", "summed"),
        Figure(
            SECTION,
            f"{store_name}: bot CPU per move",
            1000 * cpu / len(outcomes),
            "ms",
            "user+system, all threads of the bot's own process",
        ),
        Figure(
            SECTION,
            f"{store_name}: render workers' CPU per move",
            1000 * drawing / len(outcomes),
            "ms",
            "user+system of the bot's child processes (boards and hands)",
        ),
    ]


def summarise(
    store_name: str,
    outcomes: list[Outcome],
    lags: list[float],
    seconds: float,
    problems: tuple[int, int],
) -> list[Result]:
    """The load's latencies (answered moves only) and its error count (zero expected)."""
    refused, logged = problems
    failed = [o for o in outcomes if o.error is not None]
    good = [o for o in outcomes if o.error is None]
    label = f"{store_name}, {len(outcomes)} moves"
    late = sum(o.late for o in good)
    errors = len(failed) + late + refused + logged
    detail = (
        f"{len(failed)} moves failed, {late} deferred after 3 s, {refused} requests refused, "
        f"{logged} error lines"
    )
    if failed:
        detail += f"; first: {failed[0].error}"
    public = [o.public for o in good if o.public is not None]
    answers = [o.answer for o in good if o.answer is not None]
    trips = [o.round_trip for o in good if o.round_trip is not None]
    deferrals = [o.deferral for o in good if o.deferral is not None]
    slow = sum(o.slow for o in good)
    return [
        latency(SECTION, f"server: {label} -> public reply", public, "open loop"),
        latency(SECTION, f"server: {label} -> ephemeral answer", answers),
        latency(SECTION, f"server: {label} -> deferral", deferrals, "at the edge; Discord: 3 s"),
        latency(SECTION, f"driver: {label}, round trip", trips),
        latency(SECTION, f"driver: {label}, send behind schedule", lags),
        Figure(
            SECTION,
            f"{store_name}: moves per second achieved",
            len(outcomes) / seconds,
            "/s",
            "first send to last answer",
        ),
        Figure(SECTION, f"{store_name}: errors", errors, "count", detail),
        Figure(
            SECTION,
            f"{store_name}: answered 'saved, on its way'",
            slow,
            "moves",
            "table not shown within the bot's wait",
        ),
    ]


@contextlib.asynccontextmanager
async def postgres_url(server: PgServer | None = None) -> AsyncIterator[str]:
    """``DATABASE_URL`` when the bench's environment names a database; else a fresh migrated
    database on ``server``, or on a throwaway server started as the tests start theirs."""
    url = os.environ.get("DATABASE_URL") or PGSERVER
    if url != PGSERVER:
        yield url
        return
    own = server is None
    server = server or PgServer()
    try:
        yield await server.database()
    finally:
        if own:
            server.stop()


async def run(
    profile: Profile, rng: random.Random, *, server: PgServer | None = None
) -> list[Result]:
    """The load on each of the profile's stores, each with the same tables and moves (one
    seed drawn from ``rng``), so the stores compare on the same work."""
    seed = rng.getrandbits(64)
    results: list[Result] = []
    for store in profile.load_stores:
        name = STORE_NAMES[store]
        if store == "sqlite":
            results += await measure(profile, random.Random(seed), name, None)
            continue
        async with postgres_url(server) as url:
            results += await measure(profile, random.Random(seed), name, url)
    return results
