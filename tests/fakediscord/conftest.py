"""Fixtures for tests that run a discord.py client against FakeDiscord.

Any WARNING+ from the `discord` logger fails the test (discord.py only logs exceptions raised
inside commands, views and event handlers); `discord_log_guard.allow(regex)` accepts one.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from tests.fakediscord import DiscordLogGuard, FakeDiscord


@pytest.fixture(autouse=True)
def fail_on_discord_warnings() -> Iterator[DiscordLogGuard]:
    """Overrides the shared autouse fixture of this name (tests/conftest.py) with the same
    rule plus an allow-list, since some tests here provoke expected warnings (429 retries)."""
    guard = DiscordLogGuard().install()
    try:
        yield guard
    finally:
        guard.uninstall()
    if guard.unexpected():
        pytest.fail("discord logged warnings/errors:\n" + guard.report(), pytrace=False)


@pytest.fixture
def discord_log_guard(fail_on_discord_warnings: DiscordLogGuard) -> DiscordLogGuard:
    """The active guard: call `.allow(regex)` for warnings a test expects."""
    return fail_on_discord_warnings


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A started FakeDiscord, stopped after the test."""
    async with FakeDiscord() as server:
        yield server
