"""simcord fixtures: the real bot (real store on a temp file, real engines) in a fake Discord."""

from __future__ import annotations

import os
import random
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.client import MonsterTableBot
from bot.config import Settings


def make_settings(tmp_path: Path, **overrides) -> Settings:
    values = {
        "discord_token": "test-token",
        "database_path": tmp_path / "tables.sqlite3",
        "bot_move_delay_seconds": 0.0,
        "reminder_check_seconds": 0,
        "reminder_after_seconds": 3600,
        "render_processes": 0,  # in-process tests draw in threads; tests/bot/test_render_pool
        "edit_coalesce_seconds": 0.0,  # see Courier.coalesce_seconds; restarted bots too
    }
    values.update(overrides)
    return Settings(_env_file=None, **values)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path)


SETTLE_SECONDS = 30.0
"""How long simcord waits for the bot to settle after each step, unless a module's
``pytest.mark.simcord`` says otherwise. simcord's own 5 s is a busy machine's drawing or a few
bot moves in a row: three MONSTER_TABLE_TEST_SEEDS runs of tests/cogs (alpha, beta, gamma; two
at a time, under a load of ~10) failed three tests on it (and one on a module's 30 s), each of
which passes alone with the same seeds. Settling ends as soon as the bot is idle, so a passing
test takes no longer."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "simcord_env" in getattr(item, "fixturenames", ()) and (
            item.get_closest_marker("simcord") is None
        ):
            item.add_marker(pytest.mark.simcord(settle_timeout=SETTLE_SECONDS))


SEEDS_ENV = "MONSTER_TABLE_TEST_SEEDS"
"""Set it (any text) to draw other table seeds than CI's: a test whose assertions hold for one
first mover only fails under some of them (``MONSTER_TABLE_TEST_SEEDS=1 pytest tests/cogs``)."""


def seeds_for(nodeid: str) -> Callable[[], int]:
    """Table seeds for one test: the same on every run (CI is never red by the draw), other
    for each test, and other again under :data:`SEEDS_ENV`. A test that needs one first mover
    sets ``world.bot.tables.seed_source`` itself."""
    draw = random.Random(f"{nodeid}:{os.environ.get(SEEDS_ENV, '')}")
    return lambda: draw.getrandbits(62)


@pytest.fixture
async def simcord_bot(
    settings: Settings, request: pytest.FixtureRequest
) -> AsyncIterator[MonsterTableBot]:
    """The bot under test, its table seeds drawn by :func:`seeds_for`. simcord detaches it
    without ``close()``, so release its store and scheduler here, as a process exit would."""
    bot = MonsterTableBot(settings)
    bot.tables.seed_source = seeds_for(request.node.nodeid)
    yield bot
    await bot.scheduler.stop()
    await bot.courier.stop()
    await bot.store.close()
