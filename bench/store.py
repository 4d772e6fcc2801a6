"""The store alone: ``commit_move`` on a real SQLite file (WAL) with 1, 100, 500 tables in play.

Why interleaved tables: a move touches one row and appends to a shared action log, so what
matters at scale is a file with many live rows and a log growing from many games at once, not
one game played to the end. Tables are opened through :class:`TableService` (as the bot does)
and each move's engine work happens outside the timer, so only the transaction is measured.

The file lives under ``bench/out/`` on the same disk as the bot's ``data/``: with WAL and the
default ``synchronous`` every commit waits for the disk, and /tmp could be memory.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import OUT_DIR
from bench.playouts import ENGINE, GAME, random_action
from bench.profile import Profile
from bench.report import Figure, Result, latency, scale_label
from bot.store import ACTIVE, FINISHED, GameRecord, SqliteStore
from bot.store.encoding import dumps
from bot.table import TableService

SECTION = "store"
GUILD_ID = 1
ANN, BOB = 101, 102


@dataclass
class Table:
    """A live table and its decoded state, kept beside the record so no load is timed."""

    record: GameRecord
    state: Any


store_json = dumps
"""JSON as the store encodes it, for rows written around it."""


def fresh_path(path: Path) -> Path:
    """Remove a database and its WAL side files from an earlier run."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


async def open_table(service: TableService, channel_id: int) -> Table:
    """New table, second player joins, host starts: the three writes of the real lobby."""
    opened = await service.new_table(
        GAME, guild_id=GUILD_ID, channel_id=channel_id, user_id=ANN, name="ann", locale="en"
    )
    # By the table's id: once a finished game is replaced, ids and channels differ.
    await service.join(opened.id, BOB, "bob", "en")
    record = await service.start(opened.id, ANN)
    return Table(record, service.state(record))


async def commit_one(
    store: SqliteStore, table: Table, rng: random.Random, samples: list[float]
) -> None:
    """Compute a random move (untimed), then time exactly the store's commit of it."""
    seat = ENGINE.pending(table.state)[0]
    action = random_action(table.state, seat, rng)
    state, events = ENGINE.apply(table.state, seat, action)
    status = FINISHED if ENGINE.outcome(state) is not None else ACTIVE
    dumped_action, snapshot = ENGINE.dump_action(action), ENGINE.dump(state)
    start = time.perf_counter()
    record = await store.commit_move(
        table.record, seat=seat, action=dumped_action, events=events, state=snapshot, status=status
    )
    samples.append(time.perf_counter() - start)
    table.record, table.state = record, state


async def timed_lookup(store: SqliteStore, channel_id: int, samples: list[float]) -> None:
    """``open_in_channel`` starts every slash command (which table is in this channel?)."""
    start = time.perf_counter()
    await store.open_in_channel(channel_id)
    samples.append(time.perf_counter() - start)


async def measure_scale(tables: int, commits: int, rng: random.Random) -> list[Result]:
    """``commits`` moves spread over ``tables`` live tables, round-robin in shuffled order; a
    finished game is replaced by a new one in its channel, so ``tables`` stay in play."""
    store = SqliteStore(fresh_path(OUT_DIR / f"store-{tables}.sqlite3"))
    await store.open()
    service = TableService(store, seed_source=lambda: rng.getrandbits(62))
    try:
        live = {channel: await open_table(service, channel) for channel in range(1, tables + 1)}
        commit_samples: list[float] = []
        lookup_samples: list[float] = []
        order: list[int] = []
        while len(commit_samples) < commits:
            if not order:
                order = rng.sample(list(live), len(live))
            channel = order.pop()
            await timed_lookup(store, channel, lookup_samples)
            await commit_one(store, live[channel], rng, commit_samples)
            if live[channel].record.status == FINISHED:
                live[channel] = await open_table(service, channel)
        rows = await _row_count(store)
    finally:
        await store.close()
    size = store.path.stat().st_size / 2**20
    scale = scale_label(tables)
    note = f"{scale} in play, {rows} games in file"
    return [
        latency(SECTION, f"commit_move, {scale}", commit_samples, note),
        latency(SECTION, f"open_in_channel, {scale}", lookup_samples, note),
        Figure(SECTION, f"database file, {scale}", size, "MiB", note),
    ]


async def _row_count(store: SqliteStore) -> int:
    cursor = await store.db.execute("SELECT COUNT(*) FROM games")
    try:
        row = await cursor.fetchone()
    finally:
        await cursor.close()
    return int(row[0]) if row else 0


async def run(profile: Profile, rng: random.Random) -> list[Result]:
    results: list[Result] = []
    for tables in profile.store_scales:
        results += await measure_scale(tables, profile.store_commits, rng)
    return results
