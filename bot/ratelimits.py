"""The bot's side of Discord's rate limits: the global budget it keeps to, and discord.py's
buckets swept for idle ones at most once a minute instead of at every new bucket.

Global budget. Discord allows a bot 50 requests a second in all (interaction answers and
their follow-ups excepted, which carry no bot token); past it every request earns a 429, and
429s count toward the IP ban of 10,000 invalid requests in 10 minutes. discord.py paces each
route's bucket from the ``X-RateLimit-*`` headers, but it learns of the global limit only from
a 429 (after which it stops every request), and in a channel busy for several windows it
oversends: at a new window it sends the first requests before their answers come back and
trusts the first answer's count, not the ones still on their way (the load benchmark met 19
such 429s in 380 moves). :func:`rest_pacing` sends token-carrying requests at
:data:`GLOBAL_PER_SECOND`, evenly spaced, and :data:`CHANNEL_POSTS` new messages per channel,
retries included (it sits in aiohttp, under discord.py's retry loop); the margins cover
requests that bunch up on the way.

Sweeping. discord.py keeps one bucket per route and major parameter (each channel, each DM channel
and each interaction's webhook token), and once it holds 256 it scans all of them for idle
ones (5 minutes unused) every time it creates another. A busy bot creates several a move — a
followup's token is new every time — while its buckets number in thousands, none idle yet: under
the load benchmark (5,000 tables) those scans were 10 % of the bot's own CPU (py-spy). Sweeping
at most every :data:`SWEEP_SECONDS` drops the same idle buckets, at most that much later.

The sweep replaced is a private method of discord.py's ``HTTPClient``; when a version lacks it,
nothing is changed (and the bot still works, at the old cost).
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import math
import re
from collections import deque
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING, Any

import aiohttp

if TYPE_CHECKING:
    from bot.config import Settings

log = logging.getLogger(__name__)

SWEEP_SECONDS = 60.0
"""At most one scan for idle buckets this often (discord.py drops a bucket idle 300 s)."""

SWEPT_METHOD = "_try_clear_expired_ratelimits"
GLOBAL_PER_SECOND = 30
"""Token-carrying requests a second, evenly spaced: Discord allows 50. Why so far below: the
requests reach Discord bunched whenever the bot's process is not run for a moment (what
queued meanwhile goes at once), and a global 429 stops every request of the bot for its
``retry_after``. On the load benchmark's loaded 2-core machine (1,000 moves at 50/s, same
runs), 40 a second earned 49 global 429s per 1,000 moves and served 7.2 moves/s; 30 a second
earned none and served 9.0."""
GLOBAL_BURST = 5
"""Requests that may go at once after a quiet spell: at most 35 in any second in all. Why
spaced and not so many in any second however they come: a queue is never released in one go
(45-in-any-second earned 146 global 429s in 1,000 moves on that machine)."""


URGENT, NORMAL, LOW = 0, 1, 2
"""Priorities of held requests: what a move owes its players now (the table post, the next
player's DM), everything else, and what can wait (reminders, notices)."""
PRIORITY: ContextVar[int] = ContextVar("monster_table_rest_priority", default=NORMAL)
"""The priority of the requests the code running now makes (see :func:`priority`)."""


@contextlib.contextmanager
def priority(level: int) -> Iterator[None]:
    """Requests made inside this block wait for their turn at ``level``: when the pacer holds
    several, the lower levels go first (issue 27: the table post and the next player's DM
    before reminders and notices)."""
    token = PRIORITY.set(level)
    try:
        yield
    finally:
        PRIORITY.reset(token)


class Turn:
    """A lock handed to its waiters by :data:`PRIORITY` (lower first), then in the order they
    came; ``asyncio.Lock`` would serve them only in that order."""

    def __init__(self) -> None:
        self._held = False
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._arrivals = itertools.count()

    def locked(self) -> bool:
        return self._held

    async def __aenter__(self) -> None:
        if not self._held and not self._waiting:
            self._held = True
            return
        handed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (PRIORITY.get(), next(self._arrivals), handed))
        try:
            await handed
        except asyncio.CancelledError:
            if handed.done() and not handed.cancelled():
                self._release()  # handed over as it was cancelled: pass it on
            raise

    async def __aexit__(
        self,
        _type: type[BaseException] | None,
        _error: BaseException | None,
        _traceback: TracebackType | None,
    ) -> None:
        self._release()

    def _release(self) -> None:
        """Hand the turn to the first waiter still waiting, else free it."""
        while self._waiting:
            _, _, handed = heapq.heappop(self._waiting)
            if not handed.done():
                handed.set_result(None)
                return
        self._held = False


def sweep_buckets_less_often(http: Any, every: float = SWEEP_SECONDS) -> bool:
    """Make ``http`` (a ``discord.http.HTTPClient``) scan its buckets for idle ones at most
    once every ``every`` seconds of its event loop's clock; False when this discord.py has
    no such scan to replace."""
    sweep = getattr(http, SWEPT_METHOD, None)
    if sweep is None or not hasattr(http, "loop"):
        log.info("discord.py has no %s: rate-limit buckets are swept as it does", SWEPT_METHOD)
        return False
    last: float | None = None

    def sweep_now_and_then() -> None:
        nonlocal last
        now = http.loop.time()
        if last is not None and now - last < every:
            return
        last = now
        sweep()

    setattr(http, SWEPT_METHOD, sweep_now_and_then)
    return True


def global_share(settings: Settings) -> float:
    """This process's share of :data:`GLOBAL_PER_SECOND`: the global limit is per bot token,
    so several processes (``SHARD_IDS`` naming some of ``SHARD_COUNT``) split it by the
    shards each runs."""
    if settings.shard_count is None or not settings.shard_ids:
        return GLOBAL_PER_SECOND
    return GLOBAL_PER_SECOND * len(settings.shard_ids) / settings.shard_count


@dataclass(frozen=True)
class Budget:
    """``count`` sends in any ``period`` seconds."""

    count: int
    period: float


CHANNEL_POSTS = Budget(5, 5.5)
"""New messages in one channel (DM channels too): Discord's 5 per 5 s, plus half a second for
requests that bunch up on the way."""
POSTED_CHANNEL = re.compile(r"/channels/(\d+)/messages$")
KEPT_CHANNELS = 1024
"""Channel windows kept before the idle ones are dropped."""


class Window:
    """The sends of one budget within its last period, on the event loop's clock."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.sent: deque[float] = deque()
        self.turn = Turn()

    def delay(self, now: float) -> float:
        """Seconds until one more send keeps within the budget (0: now)."""
        while self.sent and self.sent[0] <= now - self.budget.period:
            self.sent.popleft()
        if len(self.sent) < self.budget.count:
            return 0.0
        return self.sent[0] + self.budget.period - now

    def take(self, now: float) -> None:
        """Count a send made at ``now``."""
        self.sent.append(now)

    def idle(self, now: float) -> bool:
        return not self.turn.locked() and self.delay(now) == 0.0 and not self.sent


class Spacing:
    """Sends spaced evenly at ``per_second``, ``burst`` of them at once at most (a generic
    cell rate algorithm: each send pushes the earliest time of the next by one interval)."""

    def __init__(self, per_second: float, burst: int) -> None:
        self.interval = 1.0 / per_second
        self.slack = (burst - 1) * self.interval
        self.due = -math.inf  # when the next send would be due with no burst allowed
        self.turn = Turn()

    def delay(self, now: float) -> float:
        """Seconds until one more send keeps the spacing (0: now)."""
        wait = self.due - self.slack - now
        return wait if wait > 1e-9 else 0.0  # rounding of the sums is no reason to wait

    def take(self, now: float) -> None:
        """Count a send made at ``now``."""
        self.due = max(self.due, now) + self.interval


class RestPacer:
    """What the bot may send now: token-carrying requests at ``per_second`` (evenly spaced,
    :data:`GLOBAL_BURST` at once at most), and at most ``channel_posts`` new messages per
    channel; the others wait their turn, by :data:`PRIORITY` and then first come first
    served."""

    def __init__(
        self, per_second: float = GLOBAL_PER_SECOND, channel_posts: Budget = CHANNEL_POSTS
    ) -> None:
        self.overall = Spacing(per_second, GLOBAL_BURST)
        self.channel_posts = channel_posts
        self.channels: dict[str, Window] = {}
        self.waited = 0
        """Sends that had to wait (a budget was spent): how often the bot meets a limit."""

    async def wait_turn(self, method: str, path: str) -> None:
        """Return when this request keeps within every budget, and count it as sent. A post
        holds its channel's turn while it waits for the global one, so its channel counts it
        from when it is really sent."""
        found = POSTED_CHANNEL.search(path) if method == "POST" else None
        if found is None:
            async with self.overall.turn:
                self.overall.take(await self._wait(self.overall))
            return
        channel = self._channel(found[1])
        async with channel.turn:
            await self._wait(channel)
            async with self.overall.turn:
                now = await self._wait(self.overall)
                self.overall.take(now)
                channel.take(now)

    async def _wait(self, window: Window | Spacing) -> float:
        """Sleep until ``window`` has room; the loop's time then."""
        loop = asyncio.get_running_loop()
        while (delay := window.delay(loop.time())) > 0:
            self.waited += 1
            await asyncio.sleep(delay)
        return loop.time()

    def _channel(self, channel_id: str) -> Window:
        window = self.channels.get(channel_id)
        if window is None:
            if len(self.channels) >= KEPT_CHANNELS:
                now = asyncio.get_running_loop().time()
                self.channels = {k: w for k, w in self.channels.items() if not w.idle(now)}
            window = self.channels[channel_id] = Window(self.channel_posts)
        return window


def rest_pacing(pacer: RestPacer | None = None) -> aiohttp.TraceConfig:
    """An aiohttp trace (discord.py's ``http_trace``) that makes every request carrying the
    bot's token wait for :class:`RestPacer`'s turn before it is sent. Interaction answers
    and their follow-ups carry no token, so they never wait."""
    pacer = pacer or RestPacer()
    trace = aiohttp.TraceConfig()

    async def before_send(
        _session: aiohttp.ClientSession,
        _context: Any,
        params: aiohttp.TraceRequestStartParams,
    ) -> None:
        if "Authorization" in params.headers:
            await pacer.wait_turn(params.method, params.url.path)

    trace.on_request_start.append(before_send)
    return trace
