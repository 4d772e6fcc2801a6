"""Every interaction is acknowledged before it waits for the store (issue 27 §2).

Discord fails an interaction that is not answered or deferred within 3 s. Under the load
benchmark's overload (50 moves a second sent to a bot that serves 3-8) the store is busy
for minutes: PostgreSQL's pool has no connection free, SQLite's one connection has a queue.
So the deferral must never wait for the store: here the store is held busy while an
interaction arrives, and its deferral must reach Discord before the store is let go
(ordering, not time). Then, once the store is free, the interaction gets its answer as ever.

The real bot runs in this process against the fake Discord, on both stores (SQLite, and a
real PostgreSQL server the tests start: :mod:`tests.pg_server`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import threading
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.client import MonsterTableBot
from bot.components import parse
from bot.store import GameStore
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore
from tests.cogs.conftest import make_settings
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser, connected
from tests.fakediscord.interactions import InteractionResult
from tests.pg_server import PgServer

WAIT = 15.0
"""A bound on each wait, never a time asserted: a deferral that waits for the store never
comes while the store is held, however long the test waited."""


@pytest.fixture(params=["sqlite", "postgres"])
async def database_url(request: pytest.FixtureRequest, pg_server: PgServer) -> str | None:
    """None: SQLite (at the settings' path); else a fresh PostgreSQL database."""
    return None if request.param == "sqlite" else await pg_server.database()


@pytest.fixture
def collector_restored() -> Iterator[None]:
    """The bot freezes what it loaded and changes the collector's thresholds at start-up
    (bot/client.py); undone here, so the tests after this one run as before."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


@dataclass
class Table:
    fake: FakeDiscord
    bot: MonsterTableBot
    channel: FakeChannel
    ann: FakeUser
    bob: FakeUser
    lobby: FakeMessage


@pytest.fixture
async def table(
    tmp_path: Path, database_url: str | None, collector_restored: None
) -> AsyncIterator[Table]:
    """The real bot with a Monster Day lobby opened by ann in #tables."""
    async with FakeDiscord() as fake:
        guild = fake.add_guild("club")
        channel = fake.add_text_channel(guild, "tables")
        ann, bob = fake.add_user("ann"), fake.add_user("bob")
        settings = make_settings(tmp_path, dev_guild_id=guild.id, database_url=database_url)
        async with connected(fake, MonsterTableBot(settings)) as bot:
            opened = await fake.slash(ann, channel, "game new", game="monster_day", timeout=WAIT)
            assert opened.ephemeral and "⚠️" not in opened.text, opened.text
            lobby = await fake.wait_for_message(channel, lambda m: bool(m.embeds), timeout=WAIT)
            yield Table(fake, bot, channel, ann, bob, lobby)


@contextlib.asynccontextmanager
async def store_held(store: GameStore) -> AsyncIterator[None]:
    """Every store call waits until the block ends, as under an overload: on PostgreSQL every
    pooled connection is taken, on SQLite its one connection runs a statement that lasts."""
    if isinstance(store, PostgresStore):
        pool = store.pool
        taken = [await pool.acquire() for _ in range(pool.get_max_size())]
        try:
            yield
        finally:
            for connection in taken:
                await pool.release(connection)
        return
    assert isinstance(store, SqliteStore)
    let_go = threading.Event()
    running = threading.Event()

    def busy() -> None:
        running.set()
        let_go.wait()

    # aiosqlite's own runner (untyped), as the store runs its statements: its one queue.
    held = asyncio.create_task(store.db._execute(busy))  # type: ignore[no-untyped-call]
    try:
        await _started(running)
        yield
    finally:
        let_go.set()
        await held


async def _started(running: threading.Event) -> None:
    """Wait (yielding to the loop) until the store's thread runs the long statement."""
    for _ in range(1000):
        if running.is_set():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the store's thread never ran the held statement")


async def _deferred(tap: InteractionResult) -> None:
    """Wait for the interaction's first callback (its deferral or answer)."""
    await tap.wait_until(lambda result: result.callback_type is not None, WAIT)


def _button(message: FakeMessage, kind: str) -> str:
    return next(c for c in message.custom_ids if c.startswith(f"mt:{kind}:"))


async def test_a_lobby_button_is_deferred_while_the_store_is_busy(table: Table) -> None:
    """Join on the lobby looked the table up before it deferred: behind a busy store, its
    deferral waited for the store (and on Discord, past 3 s, the tap failed)."""
    async with store_held(table.bot.store):
        join = _button(table.lobby, "join")
        tap = await table.fake.click(table.bob, table.lobby, join, wait=False)
        await _deferred(tap)
    await tap.wait_answered(WAIT)
    assert "⚠️" not in tap.text, tap.text
    ref = parse(join)
    assert ref is not None
    record = await table.bot.store.get(ref.game_id)
    assert record is not None and record.seat_of(table.bob.id) is not None


async def test_a_command_is_deferred_while_the_store_is_busy(table: Table) -> None:
    """/game join: deferred before its work reads the store."""
    async with store_held(table.bot.store):
        tap = await table.fake.slash(table.bob, table.channel, "game join", wait=False)
        await _deferred(tap)
    await tap.wait_answered(WAIT)
    assert tap.ephemeral and "⚠️" not in tap.text, tap.text


async def test_an_overloaded_bot_still_defers_each_interaction_at_once(table: Table) -> None:
    """More interactions waiting for the store than it has connections (PostgreSQL's pool
    holds 10; SQLite serves one statement at a time): each one that arrives is deferred
    all the same, however far behind the bot is, and each is answered once the store is
    free. A lobby tap arrives last, behind them all."""
    behind = 12
    async with store_held(table.bot.store):
        taps = [
            await table.fake.slash(user, table.channel, "game status", wait=False)
            for user in (table.ann, table.bob) * (behind // 2)
        ]
        leave = _button(table.lobby, "leave")
        taps.append(await table.fake.click(table.ann, table.lobby, leave, wait=False))
        for tap in taps:
            await _deferred(tap)
    for tap in taps:
        await tap.wait_answered(WAIT)
        assert tap.answered and tap.text.strip(), tap.describe()
