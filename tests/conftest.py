"""Shared test set-up.

discord.py only *logs* errors raised inside commands and views, so a broken bot can pass a
test that looks at the wrong thing. Every test therefore fails on a WARNING or worse from the
``discord`` logger.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from hypothesis import settings

from bot.snapshots import Decoded
from tests.pg_server import PgServer

Decoded.verify = True  # a reader that changes a shared view fails the test that made it do so

# Property tests judge rules, not speed: no per-example deadline (Hypothesis' 200 ms default
# failed correct engines on a loaded machine). See tests/test_hypothesis_profile.py.
settings.register_profile("monster_table", deadline=None)
settings.load_profile("monster_table")


class _Collector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(autouse=True)
def fail_on_discord_warnings() -> Iterator[None]:
    collector = _Collector()
    logger = logging.getLogger("discord")
    logger.addHandler(collector)
    try:
        yield
    finally:
        logger.removeHandler(collector)
    if collector.records:
        lines = [f"{r.name} {r.levelname}: {r.getMessage()}" for r in collector.records]
        pytest.fail("discord logged warnings or errors:\n" + "\n".join(lines))


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """This pytest process's PostgreSQL server (one per xdist worker), started when a test
    first asks it for a database: the store tests' and the smoke tests' (tests/pg_server.py)."""
    server = PgServer()
    try:
        yield server
    finally:
        server.stop()
