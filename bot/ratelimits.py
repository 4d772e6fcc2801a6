"""The bot's side of Discord's rate limits: the global budget it keeps to, and discord.py's
buckets swept for idle ones at most once a minute instead of at every new bucket.

Global budget. Discord allows a bot 50 requests a second in all (interaction answers and
their follow-ups excepted, which carry no bot token); past it every request earns a 429, and
429s count toward the IP ban of 10,000 invalid requests in 10 minutes. discord.py paces each
route's bucket from the ``X-RateLimit-*`` headers (so a channel's 5 messages per 5 seconds are
kept), but it learns of the global limit only from a 429, after which it stops every request.
:func:`rest_pacing` sends at most :data:`GLOBAL_PER_SECOND` token-carrying requests in any
second, retries included (it sits in aiohttp, under discord.py's retry loop); the margin
covers requests that bunch up on the way.

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
import logging
from collections import deque
from typing import TYPE_CHECKING, Any

import aiohttp

if TYPE_CHECKING:
    from bot.config import Settings

log = logging.getLogger(__name__)

SWEEP_SECONDS = 60.0
"""At most one scan for idle buckets this often (discord.py drops a bucket idle 300 s)."""

SWEPT_METHOD = "_try_clear_expired_ratelimits"
GLOBAL_PER_SECOND = 45
"""Token-carrying requests sent in any one second: Discord's 50, less a margin."""


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


def global_share(settings: Settings) -> int:
    """This process's share of :data:`GLOBAL_PER_SECOND`: the global limit is per bot token,
    so several processes (``SHARD_IDS`` naming some of ``SHARD_COUNT``) split it by the
    shards each runs."""
    if settings.shard_count is None or not settings.shard_ids:
        return GLOBAL_PER_SECOND
    return max(1, GLOBAL_PER_SECOND * len(settings.shard_ids) // settings.shard_count)


class GlobalPacer:
    """At most ``per_second`` sends in any sliding second of the event loop's clock; the
    others wait their turn, first come first served."""

    def __init__(self, per_second: int = GLOBAL_PER_SECOND) -> None:
        self.per_second = per_second
        self.sent: deque[float] = deque()
        self.waited = 0
        """Sends that had to wait (the budget was spent): how often the bot meets it."""
        self._turn = asyncio.Lock()

    async def wait_turn(self) -> None:
        """Return when one more send keeps within the budget, and count it as sent."""
        async with self._turn:
            loop = asyncio.get_running_loop()
            while True:
                now = loop.time()
                while self.sent and self.sent[0] <= now - 1.0:
                    self.sent.popleft()
                if len(self.sent) < self.per_second:
                    break
                self.waited += 1
                await asyncio.sleep(self.sent[0] + 1.0 - now)
            self.sent.append(now)


def rest_pacing(pacer: GlobalPacer | None = None) -> aiohttp.TraceConfig:
    """An aiohttp trace (discord.py's ``http_trace``) that makes every request carrying the
    bot's token wait for :class:`GlobalPacer`'s turn before it is sent. Interaction answers
    and their follow-ups carry no token, so they never wait."""
    pacer = pacer or GlobalPacer()
    trace = aiohttp.TraceConfig()

    async def before_send(
        _session: aiohttp.ClientSession,
        _context: Any,
        params: aiohttp.TraceRequestStartParams,
    ) -> None:
        if "Authorization" in params.headers:
            await pacer.wait_turn()

    trace.on_request_start.append(before_send)
    return trace
