"""Clocks at scale (issue 8): 10,000 tables with a running deadline, after a 1-hour outage.

What it answers: how long the bot takes to come back (open the store, give every running clock
back the time it was down), what that costs in memory, how long each scheduler tick takes to
find the ~1% of tables that are due, and what acting on them costs (opening the votes).

Why the rows are cloned: a few real tables are opened through :class:`TableService` with
``Clock(per_move=3600)``, then copied with SQL (10,000 through the service would be minutes of
fsyncs). Each copy gets its own channel and a clock moved along its hour (``since``, ``due``,
the reminders already sent, ``wake_at``) through :class:`bot.clock.Clock` and encoded as the
store encodes it, so the rows are what the bot would have written.

Why the start-up runs in a child process: its resident memory is then the store's alone, not
the leftovers of building 10,000 rows here. It imports what this module does (the store, the
table service, discord.py with it), not the rest of the bot, so its RSS is a floor (the
``memory`` section measures the bot process itself).

The waking query must use the ``games_wake`` index: the plan of the exact statement the store
runs (caught with a trace callback) is checked, and the run fails if it scans.
"""

from __future__ import annotations

import asyncio
import json
import random
import resource
import shutil
import sqlite3
import sys
import time
from collections.abc import Awaitable, Callable
from contextlib import closing
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypeVar

from bench import OUT_DIR, REPO_ROOT
from bench.profile import Profile
from bench.report import Figure, Result, latency, scale_label
from bench.store import fresh_path, store_json
from bot.clock import Clock, shifted_clock
from bot.deadlines import DOWNTIME_GRACE_SECONDS, Deadlines
from bot.store import SqliteStore
from bot.table import TableService

SECTION = "clocks"
PER_MOVE = 3600
OUTAGE = 3600.0
DUE_SHARE = 0.01
LATE = 600.0  # a due deadline fell due up to this long before the bot went down
TEMPLATES = 3  # real tables opened through the service; the rest are their copies
STARTUPS = 3  # child processes, each on a fresh copy of the file
ALIVE_AT = 1_700_000_000.0  # the last heartbeat before the outage
BACK_AT = ALIVE_AT + OUTAGE  # the instant every measurement is taken at
BASE_CHANNEL = 10**12
_VARIED = ("channel_id", "clock", "wake_at")  # what differs between a copy and its template
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class _Placed:
    """One table to write: its number, the template it copies, how far into its hour it is."""

    index: int
    template: int
    elapsed: float


def _clock_at(template: Clock, elapsed: float) -> tuple[str, float | None]:
    """The template's move deadline, ``elapsed`` seconds into it at :data:`ALIVE_AT`, with
    the reminders a running bot would have sent by then; the clock JSON and its wake_at."""
    [deadline] = template.deadlines
    since = ALIVE_AT - elapsed
    moved = replace(deadline, since=since, due=since + PER_MOVE)
    sent = sum(1 for moment in moved.reminder_times() if moment <= ALIVE_AT)
    moved = replace(moved, reminded=sent)
    clock = replace(template, deadlines=(moved,))
    return store_json(clock.dump()), clock.wake_at()


async def _templates(path: Path, rng: random.Random) -> None:
    """Real Monster Day tables, two players each, clock started at :data:`ALIVE_AT`."""
    store = SqliteStore(path)
    await store.open()
    tables = TableService(store, seed_source=lambda: rng.getrandbits(62), clock=lambda: ALIVE_AT)
    try:
        for channel in range(BASE_CHANNEL, BASE_CHANNEL + TEMPLATES):
            lobby = await tables.new_table(
                "monster_day",
                guild_id=1,
                channel_id=channel,
                user_id=101,
                name="ann",
                locale="en",
                time_control=Clock(per_move=PER_MOVE),
            )
            await tables.join(lobby.id, 102, "bob", "en")
            await tables.start(lobby.id, 101)
    finally:
        await store.close()


def _spread(count: int, templates: list[int], rng: random.Random) -> list[_Placed]:
    """Where each of ``count`` tables stands in its hour at :data:`ALIVE_AT`: a share
    :data:`DUE_SHARE` (at random ids) already past due, the rest anywhere before it."""
    due = set(rng.sample(range(count), round(count * DUE_SHARE)))
    placed = []
    for index in range(count):
        late = index in due
        elapsed = PER_MOVE + rng.uniform(0, LATE) if late else rng.uniform(0, PER_MOVE - 1)
        placed.append(_Placed(index, templates[index % len(templates)], elapsed))
    return placed


def _clone(db: sqlite3.Connection, count: int, rng: random.Random) -> list[int]:
    """Spread the templates' clocks and copy them up to ``count`` tables; the due ids."""
    rows = db.execute("SELECT id, clock FROM games ORDER BY id").fetchall()
    templates = {int(game_id): Clock.load(json.loads(text)) for game_id, text in rows}
    for game_id, text in rows:  # the store's encoding, byte for byte
        assert store_json(templates[game_id].dump()) == text, "clock JSON differs from the store's"
    columns = [r[1] for r in db.execute("PRAGMA table_info(games)") if r[1] != "id"]
    copied = ", ".join("?" if c in _VARIED else c for c in columns)
    insert = f"INSERT INTO games ({', '.join(columns)}) SELECT {copied} FROM games WHERE id = ?"
    for spot in _spread(count, list(templates), rng):
        clock, wake_at = _clock_at(templates[spot.template], spot.elapsed)
        if spot.index < len(rows):  # a template itself
            db.execute(
                "UPDATE games SET clock = ?, wake_at = ? WHERE id = ?",
                (clock, wake_at, spot.template),
            )
            continue
        values = {"channel_id": BASE_CHANNEL + spot.index, "clock": clock, "wake_at": wake_at}
        db.execute(insert, (*(values[c] for c in columns if c in _VARIED), spot.template))
    wakes = db.execute("SELECT id FROM games WHERE wake_at <= ?", (ALIVE_AT,)).fetchall()
    return sorted(int(row[0]) for row in wakes)


async def build(path: Path, count: int, rng: random.Random) -> int:
    """The file before the outage: ``count`` active clocked tables, a heartbeat at
    :data:`ALIVE_AT`. Returns how many are due."""
    await _templates(fresh_path(path), rng)
    with closing(sqlite3.connect(path)) as db:
        with db:
            due = _clone(db, count, rng)
            db.execute("INSERT OR REPLACE INTO heartbeat (id, alive_at) VALUES (1, ?)", (ALIVE_AT,))
        active = db.execute("SELECT COUNT(*) FROM games WHERE status = 'active'").fetchone()[0]
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    if active != count:
        raise RuntimeError(f"{active} active tables, expected {count}")
    return len(due)


# -- start-up, in a child process ------------------------------------------------------------


def _rss_mib() -> float:
    """Resident set size of this process (``/proc/self/statm``, in pages)."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * resource.getpagesize() / 2**20


async def _startup(path: Path) -> dict[str, float]:
    """What the bot does first: open the store, give the downtime back (child side)."""
    before = _rss_mib()
    started = time.perf_counter()
    store = SqliteStore(path)
    await store.open()
    opened = time.perf_counter()
    rss_open = _rss_mib()
    gap = await store.give_back_downtime(BACK_AT, DOWNTIME_GRACE_SECONDS, shifted_clock)
    given = time.perf_counter()
    await store.close()
    return {
        "open": opened - started,
        "give_back": given - opened,
        "gap": gap,
        "rss_before": before,
        "rss_open": rss_open,
        "rss_after": _rss_mib(),
    }


async def _child_startup(path: Path) -> dict[str, float]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bench.clocks",
        str(path),
        cwd=REPO_ROOT,
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await proc.communicate()
    if proc.returncode != 0:
        raise RuntimeError(f"start-up child failed ({proc.returncode})")
    figures: dict[str, float] = json.loads(out)
    if figures["gap"] != OUTAGE:
        raise RuntimeError(f"gave back {figures['gap']} s, expected {OUTAGE}")
    return figures


async def startups(pristine: Path, work: Path, label: str) -> list[Result]:
    """:data:`STARTUPS` start-ups, each on a fresh copy; ``work`` is left shifted."""
    runs = []
    for _ in range(STARTUPS):
        shutil.copyfile(pristine, fresh_path(work))
        runs.append(await _child_startup(work))
    last = runs[-1]
    grown = f"{last['rss_before']:.1f} MiB before the open: +{{:.1f}} MiB (child VmRSS)"
    return [
        latency(
            SECTION,
            f"start-up: open the store, {label}",
            [r["open"] for r in runs],
            "migrations already applied",
        ),
        latency(
            SECTION,
            f"start-up: give_back_downtime, {label}",
            [r["give_back"] for r in runs],
            f"every clock shifted by a {OUTAGE:.0f} s outage",
        ),
        Figure(
            SECTION,
            f"RSS after opening the store, {label}",
            last["rss_open"],
            "MiB",
            grown.format(last["rss_open"] - last["rss_before"]),
        ),
        Figure(
            SECTION,
            f"RSS after give_back_downtime, {label}",
            last["rss_after"],
            "MiB",
            grown.format(last["rss_after"] - last["rss_before"]),
        ),
    ]


# -- the scheduler's work --------------------------------------------------------------------


async def query_plan(store: SqliteStore) -> str:
    """The plan of the statement ``store.waking`` really runs; raises unless it searches the
    ``games_wake`` index."""
    traced: list[str] = []
    await store.db.set_trace_callback(traced.append)
    try:
        await store.waking(BACK_AT)
    finally:
        await store.db.set_trace_callback(None)  # type: ignore[arg-type]  # None: no callback
    [sql] = [s for s in traced if "wake_at <=" in s]
    cursor = await store.db.execute(f"EXPLAIN QUERY PLAN {sql}")
    plan = " / ".join(str(row[3]) for row in await cursor.fetchall())
    await cursor.close()
    if "INDEX games_wake" not in plan or "SCAN games" in plan:
        raise RuntimeError(f"the waking query does not use games_wake: {plan}")
    return plan


async def _timed_waking(store: SqliteStore, now: float, calls: int, found: int) -> list[float]:
    samples = []
    for _ in range(calls):
        start = time.perf_counter()
        ids = await store.waking(now)
        samples.append(time.perf_counter() - start)
        if len(ids) != found:
            raise RuntimeError(f"waking found {len(ids)}, expected {found}")
    return samples


async def finding(store: SqliteStore, calls: int, due: int, label: str) -> list[Result]:
    """``store.waking`` at the instant the bot is back (``due`` found) and just before the
    first wake_at (none found)."""
    plan = await query_plan(store)
    cursor = await store.db.execute("SELECT MIN(wake_at) FROM games")
    row = await cursor.fetchone()
    await cursor.close()
    assert row is not None
    quiet = float(row[0]) - 1.0
    return [
        latency(
            SECTION,
            f"waking(now), {due} due of {label}",
            await _timed_waking(store, BACK_AT, calls, due),
            plan,
        ),
        latency(
            SECTION,
            f"waking(now), 0 due of {label}",
            await _timed_waking(store, quiet, calls, 0),
            "uses games_wake (plan checked)",
        ),
    ]


async def waking_each(store: SqliteStore, label: str) -> Result:
    """``Deadlines.wake`` on each due table: the player's time is up, a vote opens."""
    deadlines = Deadlines(TableService(store, clock=lambda: BACK_AT))
    samples = []
    for game_id in await store.waking(BACK_AT):
        start = time.perf_counter()
        woken = await deadlines.wake(game_id)
        samples.append(time.perf_counter() - start)
        if not woken.changed:
            raise RuntimeError(f"table {game_id} woke without its deadline falling due")
    return latency(SECTION, f"Deadlines.wake per due table, {label}", samples, "opens a vote")


async def scheduler_pass(store: SqliteStore, label: str) -> Result:
    """What one :meth:`bot.scheduler.Scheduler.tick` does with the store (heartbeat, waking,
    wake each); the courier and the DMs are left out (no Discord here)."""
    deadlines = Deadlines(TableService(store, clock=lambda: BACK_AT))
    start = time.perf_counter()
    await store.heartbeat(BACK_AT)
    woken = [await deadlines.wake(game_id) for game_id in await store.waking(BACK_AT)]
    elapsed = time.perf_counter() - start
    if await store.waking(BACK_AT):
        raise RuntimeError("a due table is still due after the pass")
    note = f"{len(woken)} tables woken, {elapsed / max(len(woken), 1) * 1e3:.2f} ms each"
    return Figure(SECTION, f"one tick over the due tables, {label}", elapsed, "s", note)


async def _on(path: Path, label: str, work: Callable[[SqliteStore, str], Awaitable[T]]) -> T:
    """``work`` on the store opened on ``path``, closed after."""
    store = SqliteStore(path)
    await store.open()
    try:
        return await work(store, label)
    finally:
        await store.close()


async def run(profile: Profile, rng: random.Random) -> list[Result]:
    count = profile.clock_tables
    label = scale_label(count)
    pristine, work = OUT_DIR / "clocks-pristine.sqlite3", OUT_DIR / "clocks.sqlite3"
    due = await build(pristine, count, rng)
    results = await startups(pristine, work, label)
    pass_copy = fresh_path(OUT_DIR / "clocks-pass.sqlite3")
    shutil.copyfile(work, pass_copy)  # the shifted file, before anything is woken

    async def find_and_wake(store: SqliteStore, label: str) -> list[Result]:
        return [
            *await finding(store, profile.clock_waking_calls, due, label),
            await waking_each(store, label),
        ]

    results += await _on(work, label, find_and_wake)
    results.append(await _on(pass_copy, label, scheduler_pass))
    return results


if __name__ == "__main__":  # the start-up child: python -m bench.clocks FILE
    print(json.dumps(asyncio.run(_startup(Path(sys.argv[1])))))
