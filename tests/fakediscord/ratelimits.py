"""Discord's rate limits, as the fake applies them: per-route buckets, the global 50/s, 429s,
and the count of invalid requests.

Why: a fake that lets everything through never shows the bot at Discord's real ceiling, and
discord.py paces itself only from the ``X-RateLimit-*`` headers it is sent. What Discord does
(its rate-limit docs and /work/shared/notes/discord-testing.md):

- every answer carries ``X-RateLimit-Limit``, ``-Remaining``, ``-Reset`` (epoch seconds),
  ``-Reset-After`` and ``-Bucket``; a bucket is one route template (method + path) counted
  apart for each top-level resource (channel, guild, webhook id + token, interaction);
- creating messages is limited per channel (DM channels too) to 5 per 5 seconds;
- a bot token has 50 requests per second in all, interaction callbacks and the webhook
  follow-ups of its interactions excepted (they carry no token);
- past a limit the answer is a 429 with ``{"message", "retry_after", "global"}``,
  ``Retry-After`` and ``X-RateLimit-Scope`` (``X-RateLimit-Global`` when global);
- 401, 403 and 429 answers are invalid requests (10,000 in 10 minutes ban the IP).

Windows are fixed: a bucket's starts at its first request and lasts its period, so with an
injected clock the tests are exact. A request counts when it reached the fake's edge
(:mod:`.edge`), in the window of that time, however late the fake reads it. ``enabled =
False`` lets everything through (the headers stay) for the few tests that need an unlimited
Discord.
"""

from __future__ import annotations

import bisect
import hashlib
import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

API_PREFIX = "/api/v10"
GLOBAL_LIMIT = 50
"""Requests per second per bot token (interaction answers excepted)."""
GLOBAL_PERIOD = 1.0
INVALID_STATUSES = frozenset({401, 403, 429})
ARRIVED_HEADER = "X-Fake-Arrived"
"""``time.monotonic()`` when the fake's edge (:mod:`.edge`) had the request's headers: when
Discord counts it."""
EXEMPT_PREFIXES = ("/interactions/", "/webhooks/")
"""Interaction callbacks and webhook follow-ups: not counted against the global limit."""
MAJOR_PARAMETERS = ("channel", "guild", "app", "token", "interaction")
"""Route parameters that split a bucket (Discord's "major parameters")."""
KEPT_SECONDS = 60.0
"""How far back a bucket keeps its windows, for requests the fake learns of late."""


@dataclass(frozen=True)
class Limit:
    """``count`` requests per ``period`` seconds in one bucket."""

    count: int
    period: float


DEFAULT_LIMIT = Limit(50, 1.0)
ROUTE_LIMITS: Mapping[tuple[str, str], Limit] = {
    ("POST", "/channels/{channel}/messages"): Limit(5, 5.0),
    ("PATCH", "/channels/{channel}/messages/{message}"): Limit(5, 5.0),
    ("DELETE", "/channels/{channel}/messages/{message}"): Limit(5, 1.0),
}
"""Discord's per-route limits worth modelling (the rest get :data:`DEFAULT_LIMIT`)."""


def quicker(limits: Mapping[tuple[str, str], Limit], factor: float) -> dict[tuple[str, str], Limit]:
    """``limits`` with every window ``factor`` times shorter: the same counts, so a bot that
    keeps to them is paced the same way, in less time (the smoke tests' whole games)."""
    return {route: Limit(limit.count, limit.period / factor) for route, limit in limits.items()}


@dataclass
class Span:
    """One fixed window of a bucket: ``used`` requests since ``start``."""

    start: float
    used: int = 0


@dataclass
class Window:
    """A bucket's fixed windows: each starts at the first request after the last one ended
    and lasts its period. A request counts in the window of when it arrived, and the fake may
    learn of arrivals out of order (a backlog read from many sockets at once, stamped by its
    edge): one that arrived in an earlier window counts there, one that arrived between two
    windows starts one of its own, as it would have at Discord; not in the window in use."""

    limit: Limit
    spans: list[Span] = field(default_factory=list)
    """The recent windows, by start (the last :data:`KEPT_SECONDS` of them)."""
    span: Span = field(default_factory=lambda: Span(-math.inf))
    """The window :meth:`roll` chose: the one the request being checked counts in."""

    def roll(self, now: float) -> None:
        """Choose the window that holds ``now``, starting a new one when none does."""
        period = self.limit.period
        index = bisect.bisect_right(self.spans, now, key=lambda span: span.start)
        if index and now < self.spans[index - 1].start + period:
            self.span = self.spans[index - 1]
            return
        self.span = Span(now)
        self.spans.insert(index, self.span)
        while self.spans[0].start + period < now - KEPT_SECONDS:
            del self.spans[0]

    @property
    def start(self) -> float:
        return self.span.start

    @property
    def used(self) -> int:
        return self.span.used

    @used.setter
    def used(self, value: int) -> None:
        self.span.used = value

    def reset_after(self, now: float) -> float:
        """Seconds until this window ends."""
        return max(0.0, self.start + self.limit.period - now)

    @property
    def remaining(self) -> int:
        return max(0, self.limit.count - self.used)


@dataclass(frozen=True)
class Verdict:
    """What the limiter says of one request: its headers, and the 429's scope when refused."""

    headers: dict[str, str]
    scope: str | None = None
    retry_after: float = 0.0

    @property
    def limited(self) -> bool:
        return self.scope is not None

    def body(self) -> dict[str, Any]:
        """A 429's JSON body, as Discord writes it."""
        return {
            "message": "You are being rate limited.",
            "retry_after": round(self.retry_after, 3),
            "global": self.scope == "global",
        }


@dataclass(frozen=True)
class Entry:
    """One request in the per-route log."""

    at: float
    method: str
    route: str
    major: str
    status: int


@dataclass
class RateLimiter:
    """Buckets, the global window and the counters of one fake Discord."""

    clock: Callable[[], float] = time.monotonic
    enabled: bool = True
    global_limit: Limit = field(default_factory=lambda: Limit(GLOBAL_LIMIT, GLOBAL_PERIOD))
    route_limits: Mapping[tuple[str, str], Limit] = field(default_factory=lambda: ROUTE_LIMITS)
    """Limits by (method, route template); a test may shorten them (new buckets only)."""
    buckets: dict[tuple[str, str], Window] = field(default_factory=dict)
    global_window: Window | None = None
    log: list[Entry] = field(default_factory=list)
    """Every answered request, with its route template and major parameters."""
    limited: Counter[str] = field(default_factory=Counter)
    """429s the limiter answered, by scope (``user``, ``global``)."""
    refusals: list[tuple[str, str]] = field(default_factory=list)
    """Each 429 the limiter answered: its scope and route (``POST /channels/{channel}/...``)."""
    invalid: int = 0
    """Answers of 401, 403 or 429 (the limiter's and injected faults alike)."""

    def __post_init__(self) -> None:
        self._epoch = time.time() - self.clock()
        self.global_window = Window(self.global_limit)

    def check(
        self,
        method: str,
        route: str,
        params: Mapping[str, str],
        *,
        counts_globally: bool,
        at: float | None = None,
    ) -> Verdict:
        """Spend one request of its bucket (and of the global window when it counts there),
        or refuse it; the headers describe the bucket either way. ``at``: when the request
        reached Discord's edge (:mod:`.edge`, on ``time.monotonic``'s clock), counted then
        and not when the fake got round to it; the limiter's clock when not given."""
        now = self.clock() if at is None else at
        window = self._bucket(method, route, params)
        window.roll(now)
        glob = self.global_window
        assert glob is not None
        glob.roll(now)
        scope: str | None = None
        retry_after = 0.0
        if self.enabled and counts_globally and glob.remaining == 0:
            scope, retry_after = "global", glob.reset_after(now)
        elif self.enabled and window.remaining == 0:
            scope, retry_after = "user", window.reset_after(now)
        else:
            window.used += 1
            if counts_globally:
                glob.used += 1
        if scope is not None:
            self.limited[scope] += 1
            self.refusals.append((scope, f"{method} {route}"))
        return Verdict(self._headers(method, route, window, now), scope, retry_after)

    def answered(self, method: str, route: str, params: Mapping[str, str], status: int) -> None:
        """Log an answer and count it when it is an invalid request."""
        self.log.append(Entry(self.clock(), method, route, major_of(params), status))
        if status in INVALID_STATUSES:
            self.invalid += 1

    def _bucket(self, method: str, route: str, params: Mapping[str, str]) -> Window:
        key = (bucket_id(method, route), major_of(params))
        window = self.buckets.get(key)
        if window is None:
            window = self.buckets[key] = Window(
                self.route_limits.get((method, route), DEFAULT_LIMIT)
            )
        return window

    def _headers(self, method: str, route: str, window: Window, now: float) -> dict[str, str]:
        reset_after = window.reset_after(now)
        return {
            "X-RateLimit-Limit": str(window.limit.count),
            "X-RateLimit-Remaining": str(window.remaining),
            "X-RateLimit-Reset": f"{self._epoch + now + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket_id(method, route),
        }


def busiest(stamps: Iterable[float], period: float = GLOBAL_PERIOD) -> int:
    """The most of ``stamps`` within any ``period`` seconds (a window sliding over them): a
    count Discord's fixed windows cannot exceed whichever way they fall."""
    ordered = sorted(stamps)
    most, first = 0, 0
    for last, stamp in enumerate(ordered):
        while ordered[first] <= stamp - period:
            first += 1
        most = max(most, last - first + 1)
    return most


def global_refusals(stamps: Iterable[float], limit: Limit | None = None) -> int:
    """How many of the token-carrying requests at ``stamps`` (in the order they were
    counted) the global window refuses: the fake's count replayed on other times (when it read
    them instead of when they arrived, say) for the same requests."""
    window = Window(limit or Limit(GLOBAL_LIMIT, GLOBAL_PERIOD))
    refused = 0
    for stamp in stamps:
        window.roll(stamp)
        if window.remaining == 0:
            refused += 1
        else:
            window.used += 1
    return refused


def bucket_id(method: str, route: str) -> str:
    """A stable opaque id for a route template (``X-RateLimit-Bucket``)."""
    return hashlib.sha1(f"{method} {route}".encode()).hexdigest()[:16]


def major_of(params: Mapping[str, str]) -> str:
    """The route's major parameters, joined (the part of a bucket's key that splits it)."""
    return ":".join(params[name] for name in MAJOR_PARAMETERS if name in params)


def rate_limited_headers(verdict: Verdict) -> dict[str, str]:
    """Headers of a 429 from the limiter: the bucket's, plus Retry-After and the scope."""
    headers = dict(verdict.headers)
    headers.update(
        {
            "Retry-After": str(math.ceil(verdict.retry_after)),
            "X-RateLimit-Scope": verdict.scope or "user",
            # discord.py treats a 429 without Via as a Cloudflare ban and does not retry.
            "Via": "1.1 google",
        }
    )
    if verdict.scope == "global":
        headers["X-RateLimit-Global"] = "true"
    return headers


def route_of(request: web.Request, rel: str) -> tuple[str, str, dict[str, str]]:
    """Method, route template below /api/v10 and path parameters of a request (its path
    ``rel`` when no route matched): what a bucket is keyed by."""
    resource = request.match_info.route.resource
    if resource is None or request.match_info.http_exception is not None:
        return request.method, rel, {}
    canonical = resource.canonical.removeprefix(API_PREFIX)
    return request.method, canonical, dict(request.match_info)
