"""Fixtures for tests of clocks and tables over the real store: a clock the test moves by
hand (no test sleeps), a fresh SQLite store, the table service and the deadlines on them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.deadlines import Deadlines
from bot.store import SqliteStore
from bot.table import TableService


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
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    store = SqliteStore(tmp_path / "db.sqlite3")
    await store.open()
    try:
        yield store
    finally:
        await store.close()


@pytest.fixture
def tables(store: SqliteStore, now: Now) -> TableService:
    return TableService(store, seed_source=lambda: 4321, clock=now)


@pytest.fixture
def deadlines(tables: TableService) -> Deadlines:
    return Deadlines(tables)
