"""HTTP plumbing shared by the routes: exact JSON responses, Discord errors, injected faults.

discord.py decodes a body only when Content-Type is exactly `application/json` (aiohttp's
`json_response` appends `; charset=utf-8`, which makes login fail), so every JSON answer is
built here.
"""

from __future__ import annotations

import fnmatch
import json
import math
import time
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

from aiohttp import web

from .ratelimits import bucket_id


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """A JSON response with Content-Type exactly `application/json`."""
    response = web.Response(body=json.dumps(data).encode(), status=status, headers=headers)
    response.headers["Content-Type"] = "application/json"
    return response


def discord_error(status: int, code: int, message: str) -> web.Response:
    """Discord's error body: {"message", "code"}."""
    return json_response({"message": message, "code": code}, status=status)


def no_content() -> web.Response:
    """204, as Discord answers deletes."""
    return web.Response(status=204)


def rate_limit_headers(bucket: str, remaining: int, reset_after: float) -> dict[str, str]:
    """X-RateLimit-* headers of an injected 429 (the limiter's own are in ratelimits.py)."""
    return {
        "X-RateLimit-Limit": "1",
        "X-RateLimit-Remaining": str(remaining),
        "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": bucket,
    }


@dataclass(eq=False)
class Fault:
    """An injected failure for the next `times` requests matching method + path glob.

    `path_glob` is matched (fnmatch) against the path below /api/v10, e.g.
    "/channels/*/messages"; method "*" matches any.

    `effect`: "refuse" answers the fault instead of doing the request; "lost" does the request
    at once (a message is posted) and then answers the fault, as when Discord's answer is lost
    on the way back; "reset" does the request and then closes the connection without an
    answer (a connection reset after Discord stored the message: the client cannot tell
    whether it was). `stall` seconds pass before the answer (a slow Discord, or time to kill
    the bot while its request is in flight). `after`: this many matching requests pass
    untouched first (the second followup of an interaction, its first being a reply).
    """

    method: str
    path_glob: str
    status: int
    retry_after: float = 0.05
    is_global: bool = False
    times: int = 1
    code: int | None = None
    message: str | None = None
    effect: str = "refuse"
    stall: float = 0.0
    after: int = 0
    fired: list[str] = field(default_factory=list)
    passed: int = 0

    @property
    def exhausted(self) -> bool:
        """True once it fired `times` times."""
        return len(self.fired) >= self.times

    def matches(self, method: str, path: str) -> bool:
        """Whether this fault applies to the request."""
        method_ok = self.method == "*" or self.method.upper() == method.upper()
        return not self.exhausted and method_ok and fnmatch.fnmatchcase(path, self.path_glob)

    def lets_pass(self) -> bool:
        """Whether this matching request still passes untouched (``after``), counting it."""
        if self.passed >= self.after:
            return False
        self.passed += 1
        return True

    def respond(self, method: str, path: str) -> web.Response:
        """Fire once and build the response."""
        self.fired.append(f"{method} {path}")
        if self.status == 429:
            return self._rate_limited(method, path)
        reason = (
            HTTPStatus(self.status).phrase if self.status in HTTPStatus._value2member_map_ else ""
        )
        message = self.message or f"{self.status}: {reason}"
        return discord_error(self.status, self.code or 0, message)

    def _rate_limited(self, method: str, path: str) -> web.Response:
        headers = rate_limit_headers(bucket_id(method, path), 0, self.retry_after)
        headers.update(
            {
                "Retry-After": str(math.ceil(self.retry_after)),
                "X-RateLimit-Scope": "global" if self.is_global else "user",
                # discord.py treats a 429 without Via as a Cloudflare ban and does not retry.
                "Via": "1.1 google",
            }
        )
        if self.is_global:
            headers["X-RateLimit-Global"] = "true"
        body = {
            "message": self.message or "You are being rate limited.",
            "retry_after": self.retry_after,
            "global": self.is_global,
        }
        if self.code is not None:
            body["code"] = self.code
        return json_response(body, status=429, headers=headers)
