"""simcord fixtures: the real bot (real store on a temp file, real engines) in a fake Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator
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


@pytest.fixture
async def simcord_bot(settings: Settings) -> AsyncIterator[MonsterTableBot]:
    """The bot under test. simcord detaches it without ``close()``, so release its store and
    scheduler here, as a process exit would."""
    bot = MonsterTableBot(settings)
    yield bot
    await bot.scheduler.stop()
    await bot.courier.stop()
    await bot.store.close()
