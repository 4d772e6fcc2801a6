"""discord.py's rate-limit buckets, swept for idle ones at most once a minute instead of at
every new bucket.

Why: discord.py keeps one bucket per route and major parameter (each channel, each DM channel
and each interaction's webhook token), and once it holds 256 it scans all of them for idle
ones (5 minutes unused) every time it creates another. A busy bot creates several a move — a
followup's token is new every time — while its buckets number in thousands, none idle yet: under
the load benchmark (5,000 tables) those scans were 10 % of the bot's own CPU (py-spy). Sweeping
at most every :data:`SWEEP_SECONDS` drops the same idle buckets, at most that much later.

The sweep replaced is a private method of discord.py's ``HTTPClient``; when a version lacks it,
nothing is changed (and the bot still works, at the old cost).
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)

SWEEP_SECONDS = 60.0
"""At most one scan for idle buckets this often (discord.py drops a bucket idle 300 s)."""

SWEPT_METHOD = "_try_clear_expired_ratelimits"


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
