"""Leases on tables' scheduled work (bot/leases.py), on both stores: one holder at a time,
taken over after expiry, kept by renewing, freed by release; and two schedulers on one
PostgreSQL database, where exactly one plays a due bot seat and the other takes over when
the first dies."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord.ext import commands
from pydantic import ValidationError

from bot import leases
from bot.client import MonsterTableBot
from bot.clock import Clock
from bot.config import Settings
from bot.delivery.courier import Courier
from bot.leases import Claims
from bot.publisher import Publisher
from bot.scheduler import Scheduler
from bot.store import GameStore, Prefs
from bot.store.postgres import PostgresStore
from bot.table import TableService
from tests.bot.conftest import Now
from tests.pg_server import PgServer

TTL = 30.0


async def _tables(tables: TableService, count: int) -> list[int]:
    """``count`` open tables (one per channel)."""
    ids = []
    for channel in range(count):
        record = await tables.new_table("monster_day", guild_id=1, channel_id=100 + channel,
                                        user_id=1, name="Ann", locale="en")  # fmt: skip
        ids.append(record.id)
    return ids


async def test_one_holder_gets_a_table_and_the_other_none(
    store: GameStore, tables: TableService, now: Now
) -> None:
    ids = await _tables(tables, 2)
    first = Claims(store, ttl=TTL, holder="a", clock=now)
    second = Claims(store, ttl=TTL, holder="b", clock=now)
    assert await first.claim(ids[:1]) == {ids[0]}
    assert await second.claim(ids) == {ids[1]}  # the free one only
    assert await first.claim(ids) == {ids[0]}


async def test_an_expired_lease_is_taken_over_and_renewing_keeps_it(
    store: GameStore, tables: TableService, now: Now
) -> None:
    ids = await _tables(tables, 1)
    first = Claims(store, ttl=TTL, holder="a", clock=now)
    second = Claims(store, ttl=TTL, holder="b", clock=now)
    assert await first.claim(ids) == set(ids)
    now.t += TTL * 0.9
    assert await second.claim(ids) == set()
    assert await first.claim(ids) == set(ids)  # renewed: another TTL from now
    now.t += TTL * 0.9
    assert await second.claim(ids) == set()
    now.t += TTL * 0.2  # past the renewed lease: the holder is taken to be dead
    assert await second.claim(ids) == set(ids)
    assert await first.claim(ids) == set()


async def test_release_frees_every_lease_of_its_holder_only(
    store: GameStore, tables: TableService, now: Now
) -> None:
    ids = await _tables(tables, 3)
    first = Claims(store, ttl=TTL, holder="a", clock=now)
    second = Claims(store, ttl=TTL, holder="b", clock=now)
    third = Claims(store, ttl=TTL, holder="c", clock=now)
    assert await first.claim(ids[:2]) == set(ids[:2])
    assert await second.claim(ids[2:]) == set(ids[2:])
    await first.release()
    assert await third.claim(ids) == set(ids[:2])


async def test_more_tables_than_one_statement_claims(
    store: GameStore, tables: TableService, now: Now, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(leases, "CHUNK", 2)
    ids = await _tables(tables, 5)
    assert await Claims(store, ttl=TTL, holder="a", clock=now).claim(ids) == set(ids)
    assert await Claims(store, ttl=TTL, holder="b", clock=now).claim(ids) == set()


async def test_a_lease_does_not_touch_the_tables_version(
    store: GameStore, tables: TableService, now: Now
) -> None:
    """A claim is no change to the table: a move in flight from its version still commits."""
    ids = await _tables(tables, 1)
    before = await tables.get(ids[0])
    await Claims(store, ttl=TTL, holder="a", clock=now).claim(ids)
    after = await tables.get(ids[0])
    assert after.version == before.version and after.updated_at == before.updated_at


class _Process:
    """What one bot process runs on the shared database: its own store connection, table
    service, courier and scheduler, with its own leases (the clock is the test's)."""

    def __init__(self, url: str, name: str, now: Now) -> None:
        self.store = PostgresStore(url, max_connections=2)
        self.tables = TableService(self.store, seed_source=lambda: 4321, clock=now)
        client = discord.Client(intents=discord.Intents(guilds=True))  # never connected
        publisher = Publisher(client, self.tables)
        self.courier = Courier(client, self.store, publisher, clock=now)
        self.claims = Claims(self.store, ttl=TTL, holder=name, clock=now)
        self.scheduler = Scheduler(
            self.tables, publisher, self.courier, bot_delay=0, reminder_after=3600,
            clock=now, claims=self.claims,
        )  # fmt: skip

    async def die(self) -> None:
        """Stop working without giving the leases back (a killed process)."""
        await self.scheduler.stop()
        await self.courier.stop()
        await self.store.close()


def _bot_moves(actions: list[Any], record_seats: list[Any]) -> int:
    return sum(1 for entry in actions if record_seats[entry.seat].is_bot)


async def test_two_schedulers_play_a_due_bot_seat_once_and_take_over_from_a_dead_one(
    pg_server: PgServer, now: Now
) -> None:
    url = await pg_server.database()
    first, second = _Process(url, "first", now), _Process(url, "second", now)
    await first.store.open()
    await second.store.open()
    try:
        tables = first.tables
        record = await tables.new_table("monster_day", guild_id=1, channel_id=100, user_id=1,
                                        name="Ann", locale="en")  # fmt: skip
        await tables.add_bot(record.id, 1)
        record = await tables.start(record.id, 1)
        if not first.scheduler.due(record):  # the human opens: their move, made by hand
            seat = tables.pending(record)[0]
            action = tables.engine(record.game).legal_actions(tables.state(record), seat)[-1]
            record = (await tables.act(record.id, 1, action)).after
        assert first.scheduler.due(record)
        bots_before = _bot_moves(await first.store.actions(record.id), record.seats)

        await asyncio.gather(first.scheduler.resume(), second.scheduler.resume())
        runners = [*first.scheduler._runners, *second.scheduler._runners]  # a runner is
        holder = first if first.scheduler._runners else second  # forgotten once it is done
        other = second if holder is first else first
        await first.scheduler.wait_idle()
        await second.scheduler.wait_idle()
        record = await tables.get(record.id)
        assert len(runners) == 1  # exactly one process looked at the table
        assert _bot_moves(await first.store.actions(record.id), record.seats) == bots_before + 1

        # The human moves (any process); the bot is due again. Its holder dies.
        seat = tables.pending(record)[0]
        action = tables.engine(record.game).legal_actions(tables.state(record), seat)[-1]
        record = (await tables.act(record.id, 1, action)).after
        assert other.scheduler.due(record)
        await holder.die()

        await other.scheduler.resume()  # the dead one's lease still runs: left alone
        assert not other.scheduler._runners  # (one started would be there until it is done)
        await other.scheduler.wait_idle()
        assert (await other.tables.get(record.id)).version == record.version

        now.t += TTL + 1  # the lease ran out: the other takes the table over and plays
        await other.scheduler.resume()
        await other.scheduler.wait_idle()
        after = await other.tables.get(record.id)
        assert after.version > record.version
        actions = await other.store.actions(record.id)
        assert _bot_moves(actions, record.seats) == bots_before + 2
    finally:
        for process in (first, second):
            await process.scheduler.stop()
            await process.courier.stop()
            await process.store.close()


@pytest.fixture
async def pair(pg_server: PgServer, now: Now) -> AsyncIterator[tuple[_Process, _Process]]:
    """Two processes on one fresh PostgreSQL database."""
    url = await pg_server.database()
    first, second = _Process(url, "first", now), _Process(url, "second", now)
    await first.store.open()
    await second.store.open()
    try:
        yield first, second
    finally:
        for process in (first, second):
            await process.scheduler.stop()
            await process.courier.stop()
            await process.store.close()


async def test_a_deadline_is_acted_on_only_by_the_tables_holder(
    pair: tuple[_Process, _Process], now: Now
) -> None:
    first, second = pair
    record = await first.tables.new_table("monster_day", guild_id=1, channel_id=100, user_id=1,
                                          name="Ann", locale="en",
                                          time_control=Clock(per_move=3600))  # fmt: skip
    await first.tables.join(record.id, 2, "Bob", "en")
    record = await first.tables.start(record.id, 1)
    for user in (1, 2):  # a due reminder would be a DM, and this client is not connected
        await first.store.set_prefs(user, Prefs(reminders=False))
    assert record.wake_at is not None
    now.t = record.wake_at + 1  # a reminder or deadline is due
    assert await second.claims.claim([record.id]) == {record.id}
    assert await first.scheduler.tick() == []
    assert await second.scheduler.tick() == [record.id]


async def test_the_outbox_poll_delivers_only_at_tables_it_holds(
    pair: tuple[_Process, _Process], now: Now
) -> None:
    first, second = pair
    now.t = time.time() + 1  # the outbox's due times are the real clock's
    record = await first.tables.new_table("monster_day", guild_id=1, channel_id=100, user_id=1,
                                          name="Ann", locale="en")  # fmt: skip
    assert await first.store.tables_with_due_deliveries(now.t) == [record.id]  # the lobby post
    first.courier.claims, second.courier.claims = first.claims, second.claims
    assert await second.claims.claim([record.id]) == {record.id}
    await first.courier.poll()
    assert record.id not in first.courier._drains
    await second.courier.poll()
    assert record.id in second.courier._drains


def test_shard_settings_make_a_sharded_client_with_leases(tmp_path: Path) -> None:
    """``SHARD_COUNT``/``SHARD_IDS`` (as operators write them) give discord.py's sharded bot
    and table leases; without them the plain bot without leases, as before."""
    base = {"discord_token": "x", "database_path": tmp_path / "db.sqlite3"}
    sharded = MonsterTableBot(Settings(**base, shard_count=2, shard_ids="1"))  # type: ignore[arg-type]
    assert isinstance(sharded, commands.AutoShardedBot)
    assert sharded.shard_count == 2 and sharded.shard_ids == [1]
    assert sharded.claims is not None and sharded.courier.claims is sharded.claims
    plain = MonsterTableBot(Settings(**base))  # type: ignore[arg-type]
    assert not isinstance(plain, commands.AutoShardedBot) and plain.claims is None
    with pytest.raises(ValidationError):
        Settings(**base, shard_count=2, shard_ids="2")  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        Settings(**base, shard_ids="0")  # type: ignore[arg-type]
