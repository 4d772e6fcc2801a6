"""discord.py's rate-limit buckets swept for idle ones at most once a minute (bot.ratelimits),
on discord.py's own HTTP client and buckets."""

from __future__ import annotations

import asyncio

import discord.http
import pytest

from bot.ratelimits import SWEEP_SECONDS, sweep_buckets_less_often

IDLE = 301.0  # s: discord.py drops a bucket unused this long


class Clock:
    """The event loop's clock, moved by hand."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.now = loop.time()

    def time(self) -> float:
        return self.now


async def _client_with_buckets(
    count: int, monkeypatch: pytest.MonkeyPatch
) -> tuple[discord.http.HTTPClient, Clock]:
    loop = asyncio.get_running_loop()
    clock = Clock(loop)
    monkeypatch.setattr(loop, "time", clock.time)
    http = discord.http.HTTPClient(loop)
    for n in range(count):
        http.get_ratelimit(f"channel {n}")
    return http, clock


def _scans(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the idle checks discord.py makes (one per bucket a scan looks at)."""
    checks = [0]
    inactive = discord.http.Ratelimit.is_inactive

    def counted(self: discord.http.Ratelimit) -> bool:
        checks[0] += 1
        return inactive(self)

    monkeypatch.setattr(discord.http.Ratelimit, "is_inactive", counted)
    return checks


async def test_new_buckets_do_not_scan_the_others_within_a_minute(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    http, _ = await _client_with_buckets(300, monkeypatch)
    assert sweep_buckets_less_often(http)
    checks = _scans(monkeypatch)
    for n in range(100):
        http.get_ratelimit(f"webhook {n}")
    assert checks[0] <= 400  # one scan (of ~300 buckets), not a hundred
    assert len(http._buckets) == 400


async def test_idle_buckets_are_still_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    http, clock = await _client_with_buckets(300, monkeypatch)
    assert sweep_buckets_less_often(http)
    http.get_ratelimit("first new bucket")  # the first scan: nothing idle yet
    clock.now += IDLE
    http.get_ratelimit("busy channel")
    assert len(http._buckets) == 1  # every bucket idle for 5 minutes is gone
    assert "busy channel" in http._buckets


async def test_a_sweep_waits_a_minute_after_the_last(monkeypatch: pytest.MonkeyPatch) -> None:
    http, clock = await _client_with_buckets(300, monkeypatch)
    assert sweep_buckets_less_often(http)
    clock.now += IDLE - 50
    http.get_ratelimit("swept, nothing idle yet")
    clock.now += 50  # the first 300 are idle now, but the last sweep was 50 s ago
    http.get_ratelimit("within the minute")
    assert len(http._buckets) == 302
    clock.now += SWEEP_SECONDS - 50
    http.get_ratelimit("a minute after the last sweep")
    assert len(http._buckets) == 3  # the idle 300 are gone


def test_a_client_without_the_scan_is_left_as_it_is() -> None:
    class Other:
        loop = None

    assert not sweep_buckets_less_often(Other())
