"""Fixtures for tests of clocks and tables over the real store: a clock the test moves by
hand (no test sleeps), a fresh store, the table service and the deadlines on them.

Every test that uses the ``store`` fixture (directly or through ``tables``) runs twice: on
SQLite and on a real PostgreSQL server the tests start themselves (:mod:`tests.pg_server`),
one per pytest worker, a fresh database per test. Tests of something only SQLite has (its
online backup API) run on SQLite alone: ``@pytest.mark.sqlite_only``, or their module named in
:data:`SQLITE_ONLY_MODULES`."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from bot.deadlines import Deadlines
from bot.store import GameStore, SqliteStore
from bot.store.postgres import PostgresStore
from bot.table import TableService
from tests.pg_server import PgServer

BACKENDS = ("sqlite", "postgres")
Reopen = Callable[[], Awaitable[GameStore]]
"""The ``reopen`` fixture: opens another store on the test's database (a restart)."""
SQLITE_ONLY_MODULES = {"test_backup"}
"""Modules testing SQLite's own online backups (bot/backup.py): nothing to run on PostgreSQL."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sqlite_only: the store fixture runs on SQLite alone")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "store" not in metafunc.fixturenames:
        return
    sqlite_only = (
        metafunc.definition.get_closest_marker("sqlite_only") is not None
        or metafunc.module.__name__.rsplit(".", 1)[-1] in SQLITE_ONLY_MODULES
    )
    metafunc.parametrize("store", BACKENDS[:1] if sqlite_only else BACKENDS, indirect=True)


class Now:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def now() -> Now:
    return Now()


@pytest.fixture
async def store(
    request: pytest.FixtureRequest, tmp_path: Path, pg_server: PgServer
) -> AsyncIterator[GameStore]:
    store: GameStore
    if request.param == "postgres":
        store = PostgresStore(await pg_server.database(), max_connections=4)
    else:
        store = SqliteStore(tmp_path / "db.sqlite3")
    await store.open()
    try:
        yield store
    finally:
        await store.close()


def _same_database(store: GameStore) -> GameStore:
    """A new, unopened store of the same kind on ``store``'s database."""
    if isinstance(store, PostgresStore):
        return PostgresStore(store.url, max_connections=4)
    if isinstance(store, SqliteStore):
        return SqliteStore(store.path)
    raise TypeError(f"no second store on a {type(store).__name__}'s database")


@pytest.fixture
async def reopen(store: GameStore) -> AsyncIterator[Reopen]:
    """A restart: ``await reopen()`` opens another store on the ``store`` fixture's database
    (the same SQLite file, the same PostgreSQL database), as the bot does when it starts again,
    and closes it when the test ends. A restart test closes ``store`` first: that is the
    process that died. Why a new store rather than ``store`` opened again: nothing the dead
    process held in memory may carry over."""
    opened: list[GameStore] = []

    async def again() -> GameStore:
        other = _same_database(store)
        await other.open()
        opened.append(other)
        return other

    try:
        yield again
    finally:
        for other in opened:
            await other.close()


@pytest.fixture
def tables(store: GameStore, now: Now) -> TableService:
    return TableService(store, seed_source=lambda: 4321, clock=now)


@pytest.fixture
def deadlines(tables: TableService) -> Deadlines:
    return Deadlines(tables)
