"""Fixtures for the smoke tests: a fake Discord with one server and two people in it.

The bot under test is the real ``python -m bot`` in a subprocess (see ``bot_process.bot_running``);
its own log is checked for tracebacks and warnings when it stops.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.smoke.bot_process import World, smoke_fake


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    """A started fake with "Monster Club" / #tables; alice (Italian) and bob (English)."""
    async with smoke_fake() as fake:
        guild = fake.add_guild("Monster Club", locale="en-US")
        channel = fake.add_text_channel(guild, "tables")
        alice = fake.add_user("alice", locale="it")
        bob = fake.add_user("bob", locale="en-US")
        yield World(fake, guild, channel, alice, bob, tmp_path)
