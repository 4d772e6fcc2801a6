"""discord.py's rate-limit buckets swept for idle ones at most once a minute (bot.ratelimits),
on discord.py's own HTTP client and buckets."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import discord.http
import pytest

from bot.config import Settings
from bot.ratelimits import (
    CHANNEL_POSTS,
    GLOBAL_BURST,
    GLOBAL_PER_SECOND,
    LOW,
    NORMAL,
    SWEEP_SECONDS,
    URGENT,
    Budget,
    RestPacer,
    Spacing,
    Window,
    global_share,
    priority,
    rest_pacing,
    sweep_buckets_less_often,
)
from tests.fakediscord import FakeDiscord, pointed_at
from tests.fakediscord.edge import Edge
from tests.fakediscord.ratelimits import GLOBAL_LIMIT, ROUTE_LIMITS, Limit, busiest, quicker

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


# ----- the bot's own pacing, against the fake Discord's limits ------------------------------


@contextlib.asynccontextmanager
async def _http_at(
    fake: FakeDiscord,
    *,
    paced: bool,
    channel_period: float = CHANNEL_POSTS.period,
    edge: Edge | None = None,
) -> AsyncIterator[discord.http.HTTPClient]:
    """discord.py's HTTP client logged in to ``fake`` (through ``edge`` when given), as the
    bot sets it up (``paced``; a channel's window ``channel_period`` seconds) or as
    discord.py comes."""
    posts = Budget(CHANNEL_POSTS.count, channel_period)
    trace = rest_pacing(RestPacer(channel_posts=posts)) if paced else None
    with pointed_at(fake), _based_at(edge):
        http = discord.http.HTTPClient(asyncio.get_running_loop(), http_trace=trace)
        await http.static_login(fake.token)
        try:
            yield http
        finally:
            await http.close()


@contextlib.contextmanager
def _based_at(edge: Edge | None) -> Iterator[None]:
    """discord.py's REST sent to ``edge`` within the block (to the fake as it was when None)."""
    old = discord.http.Route.BASE
    if edge is not None:
        discord.http.Route.BASE = edge.api_base
    try:
        yield
    finally:
        discord.http.Route.BASE = old


def _post(channel: int) -> discord.http.Route:
    return discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=channel)


async def _sixty_posts_at_once(http: discord.http.HTTPClient, fake: FakeDiscord) -> None:
    """Sixty messages at once, in sixty channels: more than Discord's 50 a second."""
    guild = fake.add_guild("busy")
    channels = [fake.add_text_channel(guild, f"t{n}").id for n in range(60)]
    await asyncio.gather(*(http.request(_post(c), json={"content": "x"}) for c in channels))


async def test_discord_py_alone_passes_the_global_limit() -> None:
    """Why the bot paces itself: discord.py learns of the global limit from a 429."""
    logger = logging.getLogger("discord.http")
    logger.disabled = True  # its "we are being rate limited" warnings are the point here
    try:
        async with FakeDiscord() as fake, _http_at(fake, paced=False) as http:
            await _sixty_posts_at_once(http, fake)
    finally:
        logger.disabled = False
    assert fake.limits.limited["global"] > 0


async def test_the_bot_keeps_under_the_global_limit() -> None:
    async with FakeDiscord() as fake, _http_at(fake, paced=True) as http:
        await _sixty_posts_at_once(http, fake)
        assert sum(len(fake.messages(c)) for c in fake.channels.values()) == 60
    assert not fake.limits.limited and fake.limits.invalid == 0


async def test_many_posts_to_one_channel_wait_their_turn() -> None:
    """Eight messages at once in one channel (a window where everyone taps): five go, the
    rest wait for the channel's bucket instead of earning a 429. The fake's window is 0.5 s
    here instead of Discord's 5 s (the bot's 0.6 s), to keep the test short."""
    async with FakeDiscord() as fake, _http_at(fake, paced=True, channel_period=0.6) as http:
        fake.limits.route_limits = {("POST", "/channels/{channel}/messages"): Limit(5, 0.5)}
        table = fake.add_text_channel(fake.add_guild("g"), "table")
        posts = [http.request(_post(table.id), json={"content": str(n)}) for n in range(8)]
        await asyncio.gather(*posts)
        assert len(fake.messages(table)) == 8
    assert not fake.limits.limited and fake.limits.invalid == 0


async def test_a_channel_busy_for_several_windows_earns_no_429() -> None:
    """Twenty messages at once in one channel: four windows' worth, each waiting its turn.
    On an idle machine discord.py's buckets alone manage this too; on a loaded one they did
    not (the load benchmark met 19 such 429s in 380 moves: a request sent at the end of a
    window and counted by Discord in the next one), hence the bot's own count per channel,
    with a margin (see ``test_a_channels_window_counts_posts_from_when_they_were_sent``)."""
    async with FakeDiscord() as fake, _http_at(fake, paced=True, channel_period=0.6) as http:
        fake.limits.route_limits = {("POST", "/channels/{channel}/messages"): Limit(5, 0.5)}
        table = fake.add_text_channel(fake.add_guild("g"), "table")
        posts = [http.request(_post(table.id), json={"content": str(n)}) for n in range(20)]
        await asyncio.gather(*posts)
        assert len(fake.messages(table)) == 20
    assert not fake.limits.limited and fake.limits.invalid == 0


async def test_a_stalled_bot_sends_no_burst_once_it_runs_again() -> None:
    """Discord counts a request when it arrives: a bot whose process is not run for a while
    (a loaded machine, a garbage collection) must not release what queued meanwhile at once.
    Ninety posts wait for the pacer, and the bot's loop stalls for 1.5 s in the middle; the
    fake counts by the arrival at its edge (a process of its own), so only the bot's bunching
    could pass the limit."""
    async with (
        FakeDiscord() as fake,
        Edge(fake.http_base) as edge,
        _http_at(fake, paced=True, edge=edge) as http,
    ):
        guild = fake.add_guild("busy")
        channels = [fake.add_text_channel(guild, f"t{n}").id for n in range(90)]
        asyncio.get_running_loop().call_later(1.0, time.sleep, 1.5)  # the bot is not run
        await asyncio.gather(*(http.request(_post(c), json={"content": "x"}) for c in channels))
    posts = [r.arrived_at for r in fake.requests if r.method == "POST" and r.arrived_at]
    assert len(posts) == 90
    # The pacer's own bound is GLOBAL_PER_SECOND + GLOBAL_BURST (34 when the machine is
    # idle); on a loaded one the edge's stamps bunch a little too, so Discord's 50 is asserted.
    assert busiest(posts) <= GLOBAL_LIMIT, busiest(posts)
    assert not fake.limits.limited and fake.limits.invalid == 0, fake.limits.refusals


def test_processes_share_the_global_budget_by_their_shards() -> None:
    """The limit is per bot token: two processes of four shards each half of it."""
    assert global_share(Settings.model_construct(shard_count=None, shard_ids=None)) == 30
    assert global_share(Settings.model_construct(shard_count=4, shard_ids=(0, 1))) == 15
    assert global_share(Settings.model_construct(shard_count=4, shard_ids=None)) == 30


def test_a_channels_window_counts_posts_from_when_they_were_sent() -> None:
    """Five posts in a channel, then the sixth waits until the first is 5.5 s old: Discord's
    5 per 5 s, plus half a second for a post that reaches Discord late."""
    window = Window(CHANNEL_POSTS)
    for at in (0.0, 1.0, 2.0, 3.0, 4.0):
        assert window.delay(at) == 0.0
        window.sent.append(at)
    assert window.delay(4.9) == pytest.approx(0.6)
    assert window.delay(5.5) == 0.0 and list(window.sent) == [1.0, 2.0, 3.0, 4.0]


def test_requests_are_spaced_evenly_after_a_short_burst() -> None:
    """Five at once, then one every 1/30 s: never more than 35 in a second, and a process
    that was not run for a moment does not send its queue all at once."""
    spacing = Spacing(GLOBAL_PER_SECOND, GLOBAL_BURST)
    for _ in range(GLOBAL_BURST):
        assert spacing.delay(10.0) == 0.0
        spacing.take(10.0)
    assert spacing.delay(10.0) == pytest.approx(1 / 30)
    sent = GLOBAL_BURST
    now = 10.0
    while (now := now + spacing.delay(now)) <= 11.0 + 1e-9:  # one second, both ends
        spacing.take(now)
        sent += 1
    assert sent == 35
    assert spacing.delay(20.0) == 0.0  # idle for long: a burst again, no more


async def test_the_bot_keeps_to_the_channel_window_its_settings_name(tmp_path: Path) -> None:
    """CHANNEL_POST_WINDOW_SECONDS sets the pacer's window (the smoke tests shorten it together
    with the fake's); its default is Discord's 5 s plus the margin."""
    from bot.client import MonsterTableBot

    settings = Settings(_env_file=None, discord_token="x", database_path=tmp_path / "db.sqlite3")
    assert MonsterTableBot(settings).rest_pacer.channel_posts == CHANNEL_POSTS
    quick = settings.model_copy(update={"channel_post_window_seconds": 1.1})
    assert MonsterTableBot(quick).rest_pacer.channel_posts == Budget(CHANNEL_POSTS.count, 1.1)


def test_quicker_limits_keep_the_counts_and_shorten_the_windows() -> None:
    quick = quicker(ROUTE_LIMITS, 5)
    assert quick.keys() == ROUTE_LIMITS.keys()
    for route, limit in ROUTE_LIMITS.items():
        assert quick[route] == Limit(limit.count, limit.period / 5)


async def test_held_requests_go_by_priority_then_in_order() -> None:
    """Issue 27 §2: when the pacer holds several requests, the table post and the next
    player's DM (``URGENT``) go before reminders and notices (``LOW``), whatever came first;
    within one priority, first come first served."""
    pacer = RestPacer(per_second=200)
    sent: list[str] = []

    async def send(name: str, level: int, path: str = "/api/v10/channels/1/typing") -> None:
        with priority(level):
            await pacer.wait_turn("POST", path)
        sent.append(name)

    fillers = [asyncio.create_task(send(f"filler {n}", NORMAL)) for n in range(GLOBAL_BURST)]
    await asyncio.gather(*fillers)  # the burst is spent: what follows is held
    held = [
        asyncio.create_task(send("reminder", LOW)),
        asyncio.create_task(send("notice", LOW)),
        asyncio.create_task(send("table post", URGENT, "/api/v10/channels/2/messages")),
        asyncio.create_task(send("next player's DM", URGENT, "/api/v10/channels/3/messages")),
    ]
    await asyncio.gather(*held)
    # The reminder came first and already held the turn, waiting for its time; behind it,
    # the queue goes by priority.
    assert sent[GLOBAL_BURST:] == ["reminder", "table post", "next player's DM", "notice"]
