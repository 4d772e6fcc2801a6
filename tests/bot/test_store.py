"""The SQLite store: migrations, compare-and-swap, one open table per channel, crash safety."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bot.store import ACTIVE, FINISHED, ChannelBusy, Seat, SqliteStore, VersionConflict
from bot.store.migrations import MIGRATIONS

ROOT = Path(__file__).resolve().parents[2]


async def _new_store(path: Path) -> SqliteStore:
    store = SqliteStore(path)
    await store.open()
    return store


async def _lobby(store: SqliteStore, channel_id: int = 10):
    return await store.create(
        game="monster_day", guild_id=1, channel_id=channel_id, host=Seat(7, "Ann"),
        host_id=7, options={"extended_deck": False}, locale="en", seed=42, seed_hash="h",
    )  # fmt: skip


async def test_migrations_create_schema_on_empty_database(tmp_path: Path) -> None:
    store = await _new_store(tmp_path / "sub" / "db.sqlite3")
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        record = await _lobby(store)
        assert record.version == 0 and record.extra == {}
    finally:
        await store.close()


async def test_migrations_upgrade_an_existing_database(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:  # a database left by the first release: schema 1
        for statement in MIGRATIONS[0]:
            db.execute(statement)
        db.execute(
            "INSERT INTO games (game, channel_id, host_id, status, options, seats, locale, seed, "
            "seed_hash, created_at, updated_at) VALUES ('monster_day', 5, 1, 'lobby', '{}', "
            "'[{\"user_id\": 1, \"name\": \"Old\"}]', 'it', 3, 'x', 0, 0)"
        )
        db.execute("PRAGMA user_version = 1")
    store = await _new_store(path)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        kept = await store.open_in_channel(5)
        assert kept is not None and kept.seats[0].name == "Old" and kept.extra == {}
    finally:
        await store.close()
    again = await _new_store(path)  # re-opening a current database changes nothing
    try:
        assert await again.schema_version() == len(MIGRATIONS)
    finally:
        await again.close()


async def test_one_open_table_per_channel(tmp_path: Path) -> None:
    store = await _new_store(tmp_path / "db.sqlite3")
    try:
        first = await _lobby(store)
        with pytest.raises(ChannelBusy):
            await _lobby(store)
        await store.update(first, status=FINISHED)
        assert (await _lobby(store)).id != first.id
    finally:
        await store.close()


async def test_update_is_compare_and_swap(tmp_path: Path) -> None:
    store = await _new_store(tmp_path / "db.sqlite3")
    try:
        record = await _lobby(store)
        updated = await store.update(record, seats=(*record.seats, Seat(8, "Bob")))
        assert updated.version == record.version + 1
        with pytest.raises(VersionConflict):
            await store.update(record, seats=(*record.seats, Seat(9, "Cy")))
        assert [s.name for s in (await store.get(record.id)).seats] == ["Ann", "Bob"]
    finally:
        await store.close()


async def test_two_simultaneous_moves_apply_once(tmp_path: Path) -> None:
    store = await _new_store(tmp_path / "db.sqlite3")
    try:
        record = await store.update(await _lobby(store), status=ACTIVE, state={"n": 0})

        async def move(n: int):
            return await store.commit_move(
                record, seat=0, action={"n": n}, events=[], state={"n": n}, status=ACTIVE
            )

        results = await asyncio.gather(move(1), move(2), return_exceptions=True)
        assert sum(isinstance(r, VersionConflict) for r in results) == 1
        actions = await store.actions(record.id)
        stored = await store.get(record.id)
        assert len(actions) == 1 and actions[0].seq == stored.version
        assert stored.state == actions[0].action  # the snapshot matches the one logged move
    finally:
        await store.close()


CRASH_SCRIPT = textwrap.dedent(
    """
    import asyncio, os, sys
    sys.path.insert(0, {root!r})
    from bot.store import ACTIVE, Seat, SqliteStore

    async def main():
        store = SqliteStore({path!r})
        await store.open()
        record = await store.get(1)
        if record is None:
            record = await store.create(game="monster_day", guild_id=1, channel_id=1,
                host=Seat(1, "A"), host_id=1, options={{}}, locale="en", seed=1, seed_hash="h")
            record = await store.update(record, status=ACTIVE, state={{"n": 0}})
        if {crash!r}:
            store.crash_point = lambda: os._exit(9)   # the process dies mid-transaction
        await store.commit_move(record, seat=0, action={{"n": 1}}, events=[],
                                state={{"n": 1}}, status=ACTIVE)
        await store.close()

    asyncio.run(main())
    """
)


def _run_crash_script(path: Path, crash: bool) -> int:
    script = CRASH_SCRIPT.format(root=str(ROOT), path=str(path), crash=crash)
    return subprocess.run([sys.executable, "-c", script], check=False, timeout=60).returncode


async def test_crash_between_writes_leaves_the_old_state(tmp_path: Path) -> None:
    path = tmp_path / "crash.sqlite3"
    assert _run_crash_script(path, crash=True) == 9
    store = await _new_store(path)
    try:
        record = await store.get(1)
        assert record is not None and record.state == {"n": 0} and record.version == 1
        assert await store.actions(1) == []
    finally:
        await store.close()
    assert _run_crash_script(path, crash=False) == 0  # the same move, retried, now lands whole
    store = await _new_store(path)
    try:
        record = await store.get(1)
        assert record.state == {"n": 1} and record.version == 2
        assert [json.dumps(a.action) for a in await store.actions(1)] == ['{"n": 1}']
    finally:
        await store.close()


async def test_notification_choices_default_on_and_are_kept(tmp_path: Path) -> None:
    from bot.store import Prefs

    store = await _new_store(tmp_path / "db.sqlite3")
    try:
        assert await store.prefs(7) == Prefs(dm_on_turn=True, reminders=True)
        await store.set_prefs(7, Prefs(dm_on_turn=False, reminders=True))
        await store.set_prefs(7, Prefs(dm_on_turn=False, reminders=False))
        assert await store.prefs(7) == Prefs(dm_on_turn=False, reminders=False)
        assert await store.prefs(8) == Prefs()
    finally:
        await store.close()


async def test_list_seated_finds_a_players_open_tables_in_every_server_and_dm(
    tmp_path: Path,
) -> None:
    """``/game mine`` reads one query for every server and DMs: only open tables where the
    user really has a seat (7, never 77), the one touched last first."""
    store = await _new_store(tmp_path / "db.sqlite3")
    try:
        here = await _lobby(store, channel_id=10)
        there = await store.create(
            game="monster_day", guild_id=2, channel_id=20, host=Seat(77, "Other"),
            host_id=77, options={}, locale="en", seed=1, seed_hash="h",
        )  # fmt: skip
        there = await store.update(there, seats=(*there.seats, Seat(7, "Ann")))
        dm = await store.create(
            game="monster_day", guild_id=None, channel_id=30, host=Seat(7, "Ann"),
            host_id=7, options={}, locale="en", seed=2, seed_hash="h",
        )  # fmt: skip
        await store.update(dm, status=ACTIVE)
        finished = await _lobby(store, channel_id=40)
        await store.update(finished, status=FINISHED)
        await store.create(
            game="monster_day", guild_id=1, channel_id=50, host=Seat(77, "Other"),
            host_id=77, options={}, locale="en", seed=3, seed_hash="h",
        )  # fmt: skip
        await store.update(here, status=ACTIVE)  # touched last: listed first

        seated = await store.list_seated(7)
        assert [r.id for r in seated] == [here.id, dm.id, there.id]
        assert {r.guild_id for r in seated} == {1, 2, None}
        assert [r.id for r in await store.list_seated(7, limit=1)] == [here.id]
        assert [r.id for r in await store.list_seated(7, (FINISHED,))] == [finished.id]
        assert await store.list_seated(8) == []
    finally:
        await store.close()
