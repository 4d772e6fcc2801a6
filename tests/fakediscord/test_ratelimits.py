"""The fake's rate limits, one by one, on a clock the test drives (so every figure is exact).

Requests are plain HTTP (aiohttp), not discord.py: these tests show what the fake answers,
not how a client copes with it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord


@dataclass
class Clock:
    """The limiter's clock: still until the test moves it."""

    now: float = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Api:
    """Plain HTTP against the fake, as the bot's token."""

    fake: FakeDiscord
    http: aiohttp.ClientSession

    async def call(
        self, method: str, path: str, body: Any = None, *, auth: bool = True
    ) -> tuple[int, dict[str, str], Any]:
        headers = {"Authorization": f"Bot {self.fake.token}"} if auth else {}
        url = self.fake.api_base + path
        async with self.http.request(method, url, json=body, headers=headers) as resp:
            data = await resp.json() if resp.content_length else None
            return resp.status, dict(resp.headers), data

    async def post(self, channel: int, n: int = 1) -> list[int]:
        """Post ``n`` messages in a channel; their statuses."""
        statuses = []
        for i in range(n):
            status, _, _ = await self.call(
                "POST", f"/channels/{channel}/messages", {"content": str(i)}
            )
            statuses.append(status)
        return statuses


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def api(clock: Clock) -> AsyncIterator[Api]:
    async with FakeDiscord(clock=clock) as fake, aiohttp.ClientSession() as http:
        yield Api(fake, http)


async def test_bucket_headers_count_down_and_reset(api: Api, clock: Clock) -> None:
    seen = [(await api.call("GET", "/users/@me"))[1] for _ in range(3)]
    assert [h["X-RateLimit-Remaining"] for h in seen] == ["49", "48", "47"]
    assert {h["X-RateLimit-Limit"] for h in seen} == {"50"}
    assert len({h["X-RateLimit-Bucket"] for h in seen}) == 1
    assert seen[0]["X-RateLimit-Reset-After"] == "1.000"
    clock.now += 0.25
    _, later, _ = await api.call("GET", "/users/@me")
    assert later["X-RateLimit-Reset-After"] == "0.750"
    assert float(later["X-RateLimit-Reset"]) == pytest.approx(float(seen[0]["X-RateLimit-Reset"]))
    clock.now += 0.75
    _, fresh, _ = await api.call("GET", "/users/@me")
    assert fresh["X-RateLimit-Remaining"] == "49"


async def test_sixth_message_in_a_channel_within_five_seconds_is_refused(
    api: Api, clock: Clock
) -> None:
    fake = api.fake
    guild = fake.add_guild("g")
    tables, other = fake.add_text_channel(guild, "tables"), fake.add_text_channel(guild, "other")
    dm = fake.dm_channel(fake.add_user("alice"))
    assert await api.post(tables.id, 5) == [200] * 5
    clock.now += 4.9
    status, headers, body = await api.call(
        "POST", f"/channels/{tables.id}/messages", {"content": "6"}
    )
    assert status == 429 and len(fake.messages(tables)) == 5
    assert headers["X-RateLimit-Scope"] == "user" and "X-RateLimit-Global" not in headers
    assert headers["X-RateLimit-Remaining"] == "0" and headers["Retry-After"] == "1"
    assert body["global"] is False and body["retry_after"] == pytest.approx(0.1)
    assert await api.post(other.id, 5) == [200] * 5  # one bucket per channel
    assert await api.post(dm.id, 6) == [200] * 5 + [429]  # DM channels alike
    clock.now += 0.1
    assert await api.post(tables.id) == [200]
    assert fake.limits.limited == {"user": 2}
    assert fake.limits.refusals == [("user", "POST /channels/{channel}/messages")] * 2


async def test_fifty_first_request_in_a_second_is_refused_globally(api: Api, clock: Clock) -> None:
    for _ in range(25):
        await api.call("GET", "/users/@me")
        await api.call("GET", "/gateway")
    status, headers, body = await api.call("GET", "/oauth2/applications/@me")
    assert status == 429 and body["global"] is True
    assert headers["X-RateLimit-Scope"] == "global" and headers["X-RateLimit-Global"] == "true"
    assert body["retry_after"] == pytest.approx(1.0)
    clock.now += 1.0
    assert (await api.call("GET", "/oauth2/applications/@me"))[0] == 200
    assert api.fake.limits.limited == {"global": 1}


async def test_interaction_answers_are_outside_the_global_limit(api: Api) -> None:
    app = api.fake.application_id
    for _ in range(50):
        await api.call("GET", "/users/@me")
    # Unknown interactions: refused by the routes (404), never by the global limit.
    answers = [
        await api.call("POST", "/interactions/1/tok/callback", {"type": 5}, auth=False),
        await api.call("POST", f"/webhooks/{app}/tok", {"content": "x"}, auth=False),
        await api.call("PATCH", f"/webhooks/{app}/tok/messages/@original", {}, auth=False),
    ]
    assert [status for status, _, _ in answers] == [404, 404, 404]
    assert all("X-RateLimit-Bucket" in headers for _, headers, _ in answers)
    assert (await api.call("GET", "/users/@me"))[0] == 429


async def test_invalid_requests_are_counted(api: Api) -> None:
    other_app = api.fake.application_id + 1
    assert (await api.call("GET", "/users/@me", auth=False))[0] == 401
    assert (await api.call("GET", f"/applications/{other_app}/commands"))[0] == 403
    for _ in range(49):  # the 403 spent one of the second's 50
        await api.call("GET", "/gateway")
    assert (await api.call("GET", "/gateway"))[0] == 429
    assert api.fake.limits.invalid == 3
    routes = {(e.route, e.status) for e in api.fake.limits.log}
    assert ("/applications/{app}/commands", 403) in routes and ("/gateway", 429) in routes


async def test_limits_can_be_switched_off_for_a_test(api: Api) -> None:
    api.fake.limits.enabled = False
    guild = api.fake.add_guild("g")
    tables = api.fake.add_text_channel(guild, "tables")
    assert await api.post(tables.id, 60) == [200] * 60
    assert not api.fake.limits.limited and api.fake.limits.invalid == 0
