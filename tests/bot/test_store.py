"""The stores: compare-and-swap, one open table per channel, the outbox, results and ratings
(each on SQLite and on PostgreSQL, through the ``store`` fixture); SQLite's migrations and
crash safety. PostgreSQL's own (migrations, two processes at once) are in
test_store_postgres.py."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.store import (
    ACTIVE,
    DM_NOTICE,
    FINISHED,
    HAND_DM,
    LOBBY_MESSAGE,
    PENDING,
    REPLY,
    TABLE_POST,
    Announcement,
    ChannelBusy,
    GameStore,
    GameTally,
    OpenReply,
    Prefs,
    Rating,
    ResultRow,
    Seat,
    SqliteStore,
    StoreError,
    VersionConflict,
)
from bot.store.migrations import MIGRATIONS

ROOT = Path(__file__).resolve().parents[2]


async def _new_store(path: Path) -> SqliteStore:
    store = SqliteStore(path)
    await store.open()
    return store


async def _lobby(store: GameStore, channel_id: int = 10):
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


async def test_a_sqlite_store_that_fails_to_open_leaves_no_thread_behind(tmp_path: Path) -> None:
    """A file that is no database: open() raises, and closes what it had opened. aiosqlite's
    thread is not a daemon, so one left waiting would keep the bot's process alive for ever
    after its start-up failed (seen in the benchmark: ten minutes, until killed)."""
    path = tmp_path / "not-a-database.sqlite3"
    path.write_bytes(b"this is not an SQLite file, " * 100)
    before = set(threading.enumerate())
    store = SqliteStore(path)
    with pytest.raises(sqlite3.DatabaseError):
        await store.open()
    # The thread hands back close()'s answer before it leaves its loop, so it may still be
    # running for a moment when open() has raised: it must end, not wait for ever.
    for thread in set(threading.enumerate()) - before:
        thread.join(timeout=10)
    assert not [t for t in set(threading.enumerate()) - before if t.is_alive()]
    with pytest.raises(StoreError, match="not open"):
        store.db  # noqa: B018 (the property raises)


async def test_one_open_table_per_channel(store: GameStore) -> None:
    first = await _lobby(store)
    with pytest.raises(ChannelBusy):
        await _lobby(store)
    await store.update(first, status=FINISHED)
    assert (await _lobby(store)).id != first.id


async def test_update_is_compare_and_swap(store: GameStore) -> None:
    record = await _lobby(store)
    updated = await store.update(record, seats=(*record.seats, Seat(8, "Bob")))
    assert updated.version == record.version + 1
    with pytest.raises(VersionConflict):
        await store.update(record, seats=(*record.seats, Seat(9, "Cy")))
    assert [s.name for s in (await store.get(record.id)).seats] == ["Ann", "Bob"]


async def test_two_simultaneous_moves_apply_once(store: GameStore) -> None:
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


def _reply(interaction_id: int, created_at: float) -> OpenReply:
    return OpenReply(interaction_id, 99, f"token-{interaction_id}", "it", created_at)


async def test_an_acknowledged_interaction_is_kept_until_answered_and_marked_by_its_change(
    store: GameStore,
) -> None:
    """Issue 27 §1: the token of every deferred interaction is kept, marked committed in the
    transaction of the change it made (the table and version written), so a restarted bot
    tells the player which it was; an answered one is forgotten, an expired one dropped."""
    record = await store.update(await _lobby(store), status=ACTIVE, state={"n": 0})
    now = time.time()
    for interaction_id in (1, 2, 3, 4):
        await store.open_reply(_reply(interaction_id, now))
    await store.open_reply(_reply(5, now - 3600))  # its token expired long ago
    await store.open_reply(_reply(1, now))  # written twice: kept once

    token = REPLY.set(_reply(1, now))  # the move of interaction 1 commits
    try:
        moved = await store.commit_move(
            record, seat=0, action={"n": 1}, events=[], state={"n": 1}, status=ACTIVE
        )
        with pytest.raises(VersionConflict):  # a second change it sets off: the first counts
            await store.commit_move(
                record, seat=0, action={"n": 2}, events=[], state={"n": 2}, status=ACTIVE
            )
    finally:
        REPLY.reset(token)
    token = REPLY.set(_reply(2, now))  # interaction 2's move lost the race: nothing changed
    try:
        with pytest.raises(VersionConflict):
            await store.commit_move(
                record, seat=0, action={"n": 3}, events=[], state={"n": 3}, status=ACTIVE
            )
    finally:
        REPLY.reset(token)
    token = REPLY.set(_reply(4, now))  # /game notify changes no table
    try:
        await store.set_prefs(7, Prefs(dm_on_turn=False))
    finally:
        REPLY.reset(token)
    await store.close_reply(3)  # answered
    token = REPLY.set(_reply(7, now))  # committed before its own write landed: written here
    try:
        await store.set_prefs(8, Prefs(reminders=False))
    finally:
        REPLY.reset(token)
    await store.open_reply(_reply(7, now))  # ... which then finds it and changes nothing

    replies = {r.interaction_id: r for r in await store.open_replies(since=now - 900)}
    assert sorted(replies) == [1, 2, 4, 7]
    assert replies[7].committed
    assert replies[1] == replace(
        _reply(1, replies[1].created_at), committed=True, game_id=record.id, version=moved.version
    )
    assert not replies[2].committed and replies[2].game_id is None
    assert replies[4].committed and replies[4].game_id is None
    assert [r.interaction_id for r in await store.open_replies(since=0)] == [1, 2, 4, 7]
    await store.open_reply(replace(_reply(6, now), shard=3))  # another process's shard
    assert [r.interaction_id for r in await store.open_replies(0, shards=(3, 4))] == [6]
    assert [r.interaction_id for r in await store.open_replies(0, shards=(0,))] == [1, 2, 4, 7]


async def test_how_an_interaction_was_deferred_is_kept_with_it(store: GameStore) -> None:
    """Issue 27 §1: a tap deferred as an update of the tapped message (the lobby, a hand DM)
    is answered after a restart by a followup, not by editing the tapped message; so the
    store keeps how it was deferred, whichever write lands first (the row's own, or the
    change's)."""
    await store.update(await _lobby(store), status=ACTIVE, state={"n": 0})
    now = time.time()
    await store.open_reply(replace(_reply(1, now), update=True))
    await store.open_reply(_reply(2, now))
    token = REPLY.set(replace(_reply(3, now), update=True))  # its change writes the row
    try:
        await store.set_prefs(7, Prefs(reminders=False))
    finally:
        REPLY.reset(token)
    replies = {r.interaction_id: r.update for r in await store.open_replies(since=0)}
    assert replies == {1: True, 2: False, 3: True}


async def test_notification_choices_default_on_and_are_kept(store: GameStore) -> None:
    assert await store.prefs(7) == Prefs(dm_on_turn=True, reminders=True)
    await store.set_prefs(7, Prefs(dm_on_turn=False, reminders=True))
    await store.set_prefs(7, Prefs(dm_on_turn=False, reminders=False))
    assert await store.prefs(7) == Prefs(dm_on_turn=False, reminders=False)
    assert await store.prefs(8) == Prefs()


async def test_the_text_mode_is_kept_with_the_other_choices(store: GameStore) -> None:
    """Issue 29: ``/game notify images:off`` is one more choice of the player's, for every
    table; images stay on until they choose."""
    assert (await store.prefs(9)).images
    await store.set_prefs(9, Prefs(dm_on_turn=False, images=False))
    assert await store.prefs(9) == Prefs(dm_on_turn=False, reminders=True, images=False)
    await store.set_prefs(9, Prefs(images=True))
    assert await store.prefs(9) == Prefs()


async def test_list_seated_finds_a_players_open_tables_in_every_server_and_dm(
    store: GameStore,
) -> None:
    """``/game mine`` reads one query for every server and DMs: only open tables where the
    user really has a seat (7, never 77), the one touched last first."""
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


async def test_the_outbox_from_announcement_to_purge(store: GameStore) -> None:
    """Announcements are written with their change; deliveries merge, send, retry, fail, and
    an announcement is forgotten only once all its deliveries are done."""
    lobby = await store.create(
        game="monster_day", guild_id=1, channel_id=10, host=Seat(7, "Ann"), host_id=7,
        options={}, locale="en", seed=1, seed_hash="h",
        announce=Announcement(deliveries=((LOBBY_MESSAGE, None),)),
    )  # fmt: skip
    started = await store.update(
        lobby, status=ACTIVE, state={"n": 0},
        announce=Announcement(((TABLE_POST, None), (HAND_DM, 0)), ({"e": 1},), ("start",)),
    )  # fmt: skip
    await store.commit_move(
        started, seat=0, action={"n": 1}, events=[], state={"n": 1}, status=ACTIVE,
        announce=Announcement(((TABLE_POST, None),)),
    )  # fmt: skip
    soon = time.time() + 60
    assert await store.tables_with_due_deliveries(soon) == [lobby.id]
    owed = await store.open_deliveries(lobby.id)
    assert [(d.version, d.kind, d.seat, d.status) for d in owed] == [
        (0, LOBBY_MESSAGE, None, PENDING), (1, TABLE_POST, None, PENDING),
        (1, HAND_DM, 0, PENDING), (2, TABLE_POST, None, PENDING),
    ]  # fmt: skip
    lobby_post, first_post, hand, second_post = owed
    shown = await store.announced(first_post.announcement_id)
    assert shown.snapshot.state == {"n": 0} and shown.events == [{"e": 1}]
    assert shown.notes == ["start"]
    versions = await store.announced_between(lobby.id, 0, 2)
    assert [a.version for a in versions] == [0, 1, 2]

    await store.merge_deliveries([first_post.id], into=second_post.id)
    await store.delivery_sent(second_post.id, 555)  # the merged one is sent with it
    await store.delivery_sent(hand.id, 777)
    assert [d.id for d in await store.open_deliveries(lobby.id)] == [lobby_post.id]
    assert await store.last_hand_message(lobby.id, 0) == 777
    assert await store.last_hand_message(lobby.id, 1) is None

    # The lobby goes as a followup of interaction 99: written first, an attempt (issue 27).
    await store.delivery_by_followup(lobby_post.id, 99)
    (tried,) = await store.open_deliveries(lobby.id)
    assert (tried.followup_of, tried.attempts) == (99, 1) and lobby_post.followup_of is None
    await store.delivery_retry(lobby_post.id, soon + 3600, "Discord is down")
    assert await store.tables_with_due_deliveries(soon) == []
    await store.add_delivery(first_post.announcement_id, DM_NOTICE, 0)
    assert await store.delivered_kinds(lobby.id, DM_NOTICE) == [0]
    assert await store.undelivered(lobby.id, 2) == 2  # the lobby message and the notice
    await store.delivery_failed(lobby_post.id, "gone")
    assert await store.undelivered(lobby.id, 2) == 1
    # Versions 0 and 2 are done; version 1 still owes the notice.
    assert await store.purge_announcements(time.time() + 1) == 2
    assert [a.version for a in await store.announced_between(lobby.id, 0, 2)] == [1]


def _result(game_id: int, seat: int, user: int | None, rank: int, **kwargs: Any) -> ResultRow:
    return ResultRow(
        game_id=game_id, seat=seat, game="monster_day", guild_id=kwargs.pop("guild_id", 1),
        user_id=user, name=f"P{user}", score=kwargs.pop("score", None), rank=rank,
        winner=rank == 1, taken_over=False, rated=kwargs.pop("rated", True),
        finished_at=kwargs.pop("at", 100.0), **kwargs,
    )  # fmt: skip


async def _finished(store: GameStore, channel_id: int) -> int:
    record = await _lobby(store, channel_id)
    return (await store.update(record, status=FINISHED)).id


async def test_results_and_ratings_are_recorded_once_per_game(store: GameStore) -> None:
    first, second = await _finished(store, 10), await _finished(store, 11)
    assert [r.id for r in await store.unrecorded_finished()] == [first, second]

    def rate(current: Mapping[int, Rating]) -> list[Rating]:
        """Winner +2, loser -1, from 25 when unrated."""

        def moved(user: int, by: float, won: int) -> Rating:
            old = current.get(user) or Rating(user, "monster_day", 25.0, 8.0, 0, 0, 0.0)
            return Rating(user, "monster_day", old.mu + by, old.sigma - 1, old.games + 1,
                          old.wins + won, 100.0)  # fmt: skip

        return [moved(1, 2.0, 1), moved(2, -1.0, 0)]

    rows = [_result(first, 0, 1, 1), _result(first, 1, 2, 2)]
    assert await store.record_result(rows, rate) is True
    assert await store.record_result(rows, rate) is False  # never counted twice
    assert await store.record_result([_result(second, 0, 1, 1, at=200.0),
                                      _result(second, 1, 2, 2, at=200.0)], rate)  # fmt: skip
    assert await store.unrecorded_finished() == []
    assert [(r.user_id, r.winner) for r in await store.results_of(first)] == [(1, True), (2, False)]
    winner = await store.rating(1, "monster_day")
    assert winner is not None and (winner.mu, winner.games, winner.wins) == (29.0, 2, 2)
    assert [p.mu for p in await store.rating_history(2, "monster_day")] == [24.0, 23.0]
    assert await store.tallies(2) == [GameTally("monster_day", 2, 0)]
    assert [r.user_id for r in await store.leaderboard("monster_day", 1)] == [1, 2]
    assert await store.server_rank(2, "monster_day", 1) == (2, 2)
    assert await store.server_rank(2, "monster_day", 99) is None
    assert await store.player_name(1) == "P1"


async def test_solo_scores_are_kept_per_board(store: GameStore) -> None:
    games = [await _finished(store, channel) for channel in (10, 11, 12)]
    for game_id, board, score in zip(games, ["easy", "hard", "easy"], [3.0, 9.0, 5.0], strict=True):
        row = _result(game_id, 0, 7, 1, rated=False, score=score, board=board, at=float(game_id))
        assert await store.record_result([row], None)
    assert [(s.board, s.score) for s in await store.solo_scores(7)] == [
        ("easy", 3.0), ("hard", 9.0), ("easy", 5.0)
    ]  # fmt: skip
    assert [s.score for s in await store.solo_scores(7, "monster_day")] == [3.0, 9.0, 5.0]
    assert await store.solo_scores(7, "other_game") == []


async def test_the_outbox_path_finds_its_rows_by_index(tmp_path: Path) -> None:
    """Every statement a move, its deliveries and the periodic sweeps run finds its rows
    through an index, never by reading a whole table: the outbox grows with every move until
    purged, and the games with every table played, so a statement that scanned them (before
    schema 10: the deliveries merged into one sent, a seat's newest hand, the active tables;
    before 11: the hourly purge of old announcements, the leases a stopping process gives
    back) cost more with every table a server plays."""
    store = await _new_store(tmp_path / "games.sqlite3")
    statements: list[str] = []
    connection = store.db
    await connection._execute(lambda: connection._conn.set_trace_callback(statements.append))
    try:
        record = await store.update(
            await _lobby(store), status=ACTIVE, state={"n": 0},
            announce=Announcement(((TABLE_POST, None), (HAND_DM, 0))),
        )  # fmt: skip
        for n in (1, 2):
            record = await store.commit_move(
                record, seat=0, action={"n": n}, events=[], state={"n": n}, status=ACTIVE,
                announce=Announcement(((TABLE_POST, None), (HAND_DM, 0))),
            )  # fmt: skip
        first_post, _, second_post, hand, *_ = await store.open_deliveries(record.id)
        await store.announced(second_post.announcement_id)
        await store.merge_deliveries([first_post.id], into=second_post.id)
        await store.delivery_sent(second_post.id, 555)
        await store.last_hand_message(record.id, 0)
        await store.delivery_sent(hand.id, 777)
        await store.undelivered(record.id, record.version)
        await store.delivered_kinds(record.id, DM_NOTICE)
        await store.tables_with_due_deliveries(time.time())
        await store.waking(time.time())
        await store.list_active(with_bots=True)
        await store.list_active(idle_since=time.time())
        await store.purge_announcements(time.time() - 86_400)
        await store.release_tables("process 1")
    finally:
        await store.close()
    plain = sqlite3.connect(tmp_path / "games.sqlite3")
    try:
        scans = {
            sql: detail
            for sql in statements
            if sql.lstrip().upper().startswith(("SELECT", "UPDATE", "DELETE", "INSERT"))
            for *_, detail in plain.execute("EXPLAIN QUERY PLAN " + sql)
            if detail.startswith("SCAN")
        }
    finally:
        plain.close()
    assert len(statements) > 10 and scans == {}


def _clone_games(path: Path, rows: list[tuple[str, float | None]]) -> None:
    """Copies of game 1, one per ``(status, wake_at)``, each in its own channel: many tables
    without thousands of commits through the store."""
    with sqlite3.connect(path) as plain:
        columns = [c[1] for c in plain.execute("PRAGMA table_info(games)") if c[1] != "id"]
        given = ("status", "wake_at", "channel_id")
        picked = ", ".join("?" if c in given else c for c in columns)
        plain.executemany(
            f"INSERT INTO games ({', '.join(columns)}) SELECT {picked} FROM games WHERE id = 1",
            [
                tuple({"status": status, "wake_at": wake, "channel_id": 1000 + n}[c]
                      for c in columns if c in given)
                for n, (status, wake) in enumerate(rows)
            ],
        )  # fmt: skip


@pytest.mark.parametrize("statistics", ["none", "analyzed", "status_looks_unique"])
async def test_i27_the_waking_query_uses_games_wake_whatever_the_statistics(
    tmp_path: Path, statistics: str
) -> None:
    """Issue 27 §3: ``bench --quick`` found the scheduler's waking query searching
    ``games_by_status`` (every active table, then sorted) instead of ``games_wake``: without
    statistics SQLite prefers an equality on an index to a range, and statistics can make
    ``status`` look selective. The statement keeps ``status`` out of any index's reach, so
    ``games_wake`` (in ``wake_at`` order, no sort) is its only plan whatever the statistics."""
    path = tmp_path / "games.sqlite3"
    store = await _new_store(path)
    try:
        await _lobby(store)
    finally:
        await store.close()
    _clone_games(path, [("finished", None) if n % 50 else (ACTIVE, float(n)) for n in range(2000)])
    with sqlite3.connect(path) as plain:
        if statistics != "none":
            plain.execute("ANALYZE")
        if statistics == "status_looks_unique":
            plain.execute("UPDATE sqlite_stat1 SET stat = '2001 1 1' WHERE idx = 'games_by_status'")
    store = await _new_store(path)
    statements: list[str] = []
    connection = store.db
    await connection._execute(lambda: connection._conn.set_trace_callback(statements.append))
    try:
        due = await store.waking(500.0)
    finally:
        await store.close()
    assert due == list(range(2, 503, 50))  # game 1 is the lobby; its copies from id 2 on
    [sql] = [s for s in statements if "wake_at <=" in s]
    with sqlite3.connect(path) as plain:
        plan = [detail for *_, detail in plain.execute("EXPLAIN QUERY PLAN " + sql)]
    assert plan == ["SEARCH games USING INDEX games_wake (wake_at<?)"], plan
