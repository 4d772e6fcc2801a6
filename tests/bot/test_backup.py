"""Online SQLite backups (bot/backup.py) over the real store, with real games played through
the table service: a backup taken mid-game finishes that game once restored, a copy taken while
moves commit is whole and consistent, old copies are pruned, temporary files never count, and
the schedule follows the clock it is given."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import shlex
import shutil
import sqlite3
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from bot.backup import (
    PARTIAL_MAX_AGE,
    Backups,
    backup_name,
    backups_for,
    backups_in,
    copy_database,
    prune,
)
from bot.config import Settings
from bot.store import ACTIVE, FINISHED, GameRecord, SqliteStore
from bot.table import TableService
from tests.bot.conftest import Now

HOUR = 3600.0


async def _started(tables: TableService, channel: int = 100) -> GameRecord:
    """A two-person Monster Day table, started."""
    record = await tables.new_table("monster_day", guild_id=1, channel_id=channel, user_id=1,
                                    name="Ann", locale="en")  # fmt: skip
    await tables.join(record.id, 2, "Bob", "en")
    return await tables.start(record.id, 1)


async def _move(tables: TableService, record: GameRecord) -> GameRecord:
    """One of the engine's legal moves for whoever must act."""
    engine = tables.engine(record.game)
    seat = tables.pending(record)[0]
    action = engine.legal_actions(tables.state(record), seat)[-1]
    return (await tables.act(record.id, record.seats[seat].user_id, action)).after


def _backups(store: SqliteStore, directory: Path, now: Now, **kwargs: Any) -> Backups:
    return Backups(store, directory, every=HOUR, keep=kwargs.pop("keep", 7), clock=now, **kwargs)


async def test_a_backup_taken_mid_game_restores_and_finishes_that_game(
    tables: TableService, store: SqliteStore, now: Now, tmp_path: Path
) -> None:
    record = await _started(tables)
    for _ in range(5):
        record = await _move(tables, record)
    backup = await _backups(store, tmp_path / "backups", now).take(now())
    at_backup = record
    for _ in range(3):  # play goes on after the backup; the copy keeps the moment it was taken
        record = await _move(tables, record)

    restored_path = tmp_path / "restored.sqlite3"
    shutil.copyfile(backup, restored_path)  # the README's restore: cp BACKUP DATABASE_PATH
    restored = SqliteStore(restored_path)
    await restored.open()
    try:
        again = TableService(restored, seed_source=lambda: 4321, clock=now)
        record = await again.store.get(at_backup.id)
        assert record is not None and record.status == ACTIVE
        assert (record.version, record.state) == (at_backup.version, at_backup.state)
        while record.status == ACTIVE:
            record = await _move(again, record)
        assert record.status == FINISHED and again.outcome(record) is not None
        # The restored move log replays, from the seed, to the finished state.
        engine = again.engine(record.game)
        state = engine.setup(2, record.options, record.seed)
        for entry in await restored.actions(record.id):
            state, _ = engine.apply(state, entry.seat, engine.load_action(entry.action))
        assert engine.dump(state) == record.state
    finally:
        await restored.close()


async def test_the_readme_restore_over_a_crashed_database_gives_the_backup(
    tables: TableService, store: SqliteStore, now: Now, tmp_path: Path
) -> None:
    record = await _started(tables)
    backup = await _backups(store, tmp_path / "backups", now).take(now())
    at_backup = record.version
    for _ in range(4):
        record = await _move(tables, record)
    crashed = tmp_path / "crashed" / "db.sqlite3"
    crashed.parent.mkdir()

    def restored_version(restore: str) -> int:
        """Crash (the files as a killed process leaves them: its last moves in the -wal),
        then run a restore command where the database lives; the version it then holds."""
        for suffix in ("", "-wal", "-shm"):
            shutil.copyfile(f"{store.path}{suffix}", f"{crashed}{suffix}")
        subprocess.run(["sh", "-c", restore], check=True, cwd=crashed.parent)
        copy = sqlite3.connect(crashed)
        try:
            return int(copy.execute("SELECT version FROM games").fetchone()[0])
        finally:
            copy.close()

    the_readmes = f"rm -f db.sqlite3-wal db.sqlite3-shm && cp {shlex.quote(str(backup))} db.sqlite3"
    assert restored_version(the_readmes) == at_backup
    # Why the README deletes them: a bare cp gets the crashed run's moves replayed onto it.
    assert restored_version(f"cp {shlex.quote(str(backup))} db.sqlite3") == record.version


async def test_moves_commit_during_a_stepped_backup_and_the_copy_is_a_consistent_snapshot(
    tables: TableService, store: SqliteStore, now: Now, tmp_path: Path
) -> None:
    committed: dict[tuple[int, int], Any] = {}  # (table, version) -> state, as the writer saw
    steps: list[int] = []  # moves committed so far, read at each step of the copy
    moved = threading.Event()

    def step(_remaining: int, _total: int) -> None:
        # On the copying thread, its snapshot held: each step waits for a move to commit.
        steps.append(len(committed))
        moved.clear()
        assert moved.wait(10), "a move could not commit while the copy ran"

    for channel in range(200, 240):  # enough pages for many one-page steps
        await tables.new_table("monster_day", guild_id=1, channel_id=channel, user_id=1,
                               name="Ann", locale="en")  # fmt: skip
    backups = _backups(store, tmp_path / "backups", now, pages=1, progress=step)
    channel = 100
    record = await _started(tables, channel)

    async def play() -> None:
        nonlocal record, channel
        record = await _move(tables, record)
        committed[record.id, record.version] = record.state
        moved.set()
        if record.status != ACTIVE:
            channel += 1
            record = await _started(tables, channel)

    for _ in range(3):
        await play()
    before = len(committed)
    copying = asyncio.create_task(backups.take(now()))
    while not copying.done():
        await play()
    backup = await copying

    assert len(steps) > 10
    assert steps[-1] >= steps[0] + len(steps) - 1, "a move committed between every two steps"
    copy = sqlite3.connect(backup)
    try:
        assert copy.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        rows = copy.execute(
            "SELECT g.id, g.version, g.state, (SELECT MAX(seq) FROM actions a "
            "WHERE a.game_id = g.id) FROM games g WHERE g.id IN "
            f"({','.join(str(game) for game, _ in committed)})"
        ).fetchall()
    finally:
        copy.close()
    moved = [row for row in rows if row[3] is not None]
    assert moved, "the copy holds the moves made before it began"
    for game_id, version, state, last_seq in moved:
        # Each table's snapshot and its move log agree, at a version the writer committed.
        assert last_seq == version
        assert committed[game_id, version] == json.loads(state)
    in_copy = sum(
        1 for game, version in committed for row in moved if row[0] == game and version <= row[1]
    )
    assert before <= in_copy < len(committed), "the copy is one moment during play"


def test_pruning_keeps_the_newest_n(tmp_path: Path) -> None:
    times = [1_000_000.0 + day * 86_400 for day in (3, 0, 5, 1, 4, 2)]
    for at in times:
        (tmp_path / backup_name(at)).write_bytes(b"copy")
    (tmp_path / "notes.txt").write_text("kept")

    removed = prune(tmp_path, keep=3)

    newest = [backup_name(at) for at in sorted(times)[-3:]]
    assert [p.name for p in backups_in(tmp_path)] == newest
    assert sorted(p.name for p in removed) == [backup_name(at) for at in sorted(times)[:3]]
    assert (tmp_path / "notes.txt").exists()
    assert backup_name(1_000_000.0) == "monster_table-19700112T134640Z.sqlite3"


def test_temporary_and_foreign_names_never_count(tmp_path: Path) -> None:
    real = tmp_path / backup_name(2_000_000.0)
    real.write_bytes(b"copy")
    fresh = tmp_path / f".{backup_name(2_100_000.0)}.77.partial"  # a copy in progress
    stale = tmp_path / f".{backup_name(1_000_000.0)}.76.partial"  # left by a crash
    others = [f"{real.name}-journal", f"{real.name}.tmp", "monster_table-latest.sqlite3"]
    for path in [fresh, stale, *(tmp_path / name for name in others)]:
        path.write_bytes(b"half")
    old = time.time() - PARTIAL_MAX_AGE - 60
    os.utime(stale, (old, old))

    assert backups_in(tmp_path) == [real]
    removed = prune(tmp_path, keep=1)
    assert removed == [stale]
    assert fresh.exists() and real.exists()
    assert all((tmp_path / name).exists() for name in others)


def test_a_copy_that_fails_midway_leaves_nothing(store: SqliteStore, tmp_path: Path) -> None:
    target = tmp_path / backup_name(1_000_000.0)

    def crash(remaining: int, _total: int) -> None:
        raise RuntimeError("power cut")

    with pytest.raises(RuntimeError, match="power cut"):
        copy_database(store.path, target, pages=1, progress=crash)
    assert list(tmp_path.glob("*monster_table*")) == []


async def test_the_schedule_follows_its_clock(store: SqliteStore, now: Now, tmp_path: Path) -> None:
    directory = tmp_path / "backups"
    backups = _backups(store, directory, now, keep=2)
    assert await backups.tick() is None  # not at start-up
    now.t += HOUR - 1
    assert await backups.tick() is None
    now.t += 1
    first = await backups.tick()
    assert first is not None and first.name == backup_name(now.t)
    assert backups_in(directory) == [first]
    assert await backups.tick() is None  # the next is a period away
    taken = [first]
    for _ in range(3):
        now.t += HOUR
        path = await backups.tick()
        assert path is not None
        taken.append(path)
    assert backups_in(directory) == taken[-2:]  # keep=2
    copy = sqlite3.connect(taken[-1])
    try:
        assert copy.execute("PRAGMA journal_mode").fetchone() == ("delete",)  # stands alone
        assert copy.execute("PRAGMA user_version").fetchone() == (await store.schema_version(),)
    finally:
        copy.close()


async def test_a_failed_backup_is_logged_and_retried_next_period(
    store: SqliteStore, now: Now, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    directory = tmp_path / "backups"
    directory.write_text("a file where the folder should be")
    backups = _backups(store, directory, now)
    now.t += HOUR
    with caplog.at_level(logging.ERROR, logger="bot.backup"):
        assert await backups.tick() is None
    assert "backup failed" in caplog.text
    directory.unlink()
    now.t += HOUR - 1
    assert await backups.tick() is None  # not before the next period
    now.t += 1
    assert await backups.tick() == directory / backup_name(now.t)


async def test_no_backup_while_there_is_no_database(now: Now, tmp_path: Path) -> None:
    never_opened = SqliteStore(tmp_path / "data" / "db.sqlite3")
    backups = _backups(never_opened, tmp_path / "backups", now)
    now.t += HOUR
    assert await backups.tick() is None
    assert not (tmp_path / "backups").exists()


async def test_stopping_ends_a_copy_in_progress_and_leaves_nothing(
    store: SqliteStore, now: Now, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    begun, release = threading.Event(), threading.Event()

    def step(_remaining: int, _total: int) -> None:
        begun.set()
        release.wait(10)  # the copy is held at its first step until the bot is closing

    directory = tmp_path / "backups"
    backups = _backups(store, directory, now, pages=1, progress=step)
    now.t += HOUR
    ticking = asyncio.create_task(backups.tick())
    assert await asyncio.to_thread(begun.wait, 10)
    stopping = asyncio.create_task(backups.stop())
    await asyncio.sleep(0)  # stop() has asked the copy to end and waits for it
    release.set()
    with caplog.at_level(logging.INFO, logger="bot.backup"):
        await stopping
        assert list(directory.iterdir()) == []  # stop() returns once the copy is ended, gone
        assert await ticking is None  # the tick ends quietly: closing is no failure
    assert "backup stopped" in caplog.text
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    now.t += HOUR
    assert await backups.tick() is None  # a stopped scheduler takes no more


def test_backups_only_with_a_folder_and_a_sqlite_store(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    sqlite = SqliteStore(tmp_path / "db.sqlite3")
    assert backups_for(Settings(backup_dir=None), sqlite) is None
    chosen = backups_for(Settings(backup_dir=tmp_path, backup_every=120, backup_keep=3), sqlite)
    assert chosen is not None and (chosen.every, chosen.keep) == (120, 3)

    class ServerStore:  # any store that is not SQLite (PostgreSQL)
        pass

    server: Any = ServerStore()
    with caplog.at_level(logging.INFO, logger="bot.backup"):
        assert backups_for(Settings(backup_dir=tmp_path), server) is None
    assert "pg_dump" in caplog.text
