"""Discord counts a request when it reaches its edge, not when a busy server gets round to it.

Why: in the load benchmark the fake shares its process with the load's driver; when that
process is not run for a second or two (the driver's CPU, a garbage collection), the requests
the bot sent meanwhile wait in the socket and are read at once, and the fake counted that
backlog as a burst the bot never sent (issue 27 §2: 64 and 113 global 429s per 1,000 moves at
the full size, while the bot sent about 20 paced calls a second).
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter

import aiohttp

from tests.fakediscord import FakeDiscord
from tests.fakediscord.edge import Edge
from tests.fakediscord.ratelimits import RateLimiter, busiest

PACED = 30.0
"""Requests a second the paced client sends: the bot's pacing, well within Discord's 50."""
SENT = 66
"""Over two seconds: more than 50 wait in the socket while the fake's process stalls."""
STALL = 2.4
"""Seconds the fake's process is not run (what the load's driver and a GC cost it)."""


def paced_statuses(url: str, token: str) -> list[int]:
    """``SENT`` requests at ``PACED`` a second, each on its way without waiting for the
    answers before it (as the bot's tasks send them); their statuses. Runs its own event
    loop, in a thread, so it keeps its pace while the fake's loop is stalled."""

    async def run() -> list[int]:
        headers = {"Authorization": f"Bot {token}"}
        async with aiohttp.ClientSession(headers=headers) as http:

            async def one() -> int:
                async with http.get(url + "/users/@me") as resp:
                    return resp.status

            loop = asyncio.get_running_loop()
            start = loop.time()
            tasks = []
            for i in range(SENT):
                await asyncio.sleep(max(0.0, start + i / PACED - loop.time()))
                tasks.append(asyncio.create_task(one()))
            return list(await asyncio.gather(*tasks))

    return asyncio.run(run())


async def stalled_run(fake: FakeDiscord, url: str) -> Counter[int]:
    """The paced client against ``url`` while the fake's event loop is blocked."""
    client = asyncio.ensure_future(asyncio.to_thread(paced_statuses, url, fake.token))
    await asyncio.sleep(0.05)  # the thread is started and sending
    time.sleep(STALL)  # noqa: ASYNC251 -- the stall is the point: the fake's loop is not run
    return Counter(await client)


async def test_a_stalled_fake_alone_counts_paced_requests_read_late_as_a_burst(
    fake: FakeDiscord,
) -> None:
    """The artefact itself: straight to the fake, the backlog is read at once and counted in
    one window (what the load's fake did before its edge)."""
    statuses = await stalled_run(fake, fake.api_base)
    assert statuses[429] > 0
    assert fake.limits.limited["global"] == statuses[429]


async def test_paced_requests_read_late_by_a_stalled_fake_are_no_burst(
    fake: FakeDiscord,
) -> None:
    async with Edge(fake.http_base) as edge:
        statuses = await stalled_run(fake, edge.api_base)
    assert statuses == Counter({200: SENT})
    assert fake.limits.limited["global"] == 0
    assert all(r.arrived_at is not None for r in fake.requests)


def test_the_limiter_counts_each_request_at_its_arrival() -> None:
    """A hundred requests handled at one instant of the fake's clock, but arrived over two
    seconds at 50 a second: within the limit, as Discord counts them."""
    limits = RateLimiter(clock=lambda: 1000.0)
    route = ("GET", "/users/@me")
    verdicts = [
        limits.check(*route, {}, counts_globally=True, at=10.0 + i / 50) for i in range(100)
    ]
    assert not any(v.limited for v in verdicts)
    assert limits.check(*route, {}, counts_globally=True, at=11.99).scope == "global"


def test_requests_read_out_of_their_arrival_order_are_counted_by_arrival() -> None:
    """A stalled fake reads a backlog in the order its sockets come up, not the order the
    requests arrived: one stamped 11.0 read first, then thirty from 10.1-10.9, then thirty
    from 11.5-11.9. No second holds more than 31 of them, so none is refused (a window
    started at 11.0 that took the earlier thirty refused eleven: the load's 429s with the
    edge, 35 and 20 per 1,000 moves with the busiest second at 36 and 35)."""
    limits = RateLimiter(clock=lambda: 1000.0)
    route = ("GET", "/users/@me")
    stamps = [11.0] + [10.1 + i * 0.8 / 29 for i in range(30)]
    stamps += [11.5 + i * 0.4 / 29 for i in range(30)]
    verdicts = [limits.check(*route, {}, counts_globally=True, at=at) for at in stamps]
    assert busiest(stamps) == 31
    assert [v.scope for v in verdicts if v.limited] == []


def test_the_busiest_second_slides_over_the_stamps() -> None:
    """Fixed windows from the first request would see 3 and 3; a second sliding over them
    finds the 4 that Discord's windows could catch together, whichever way they fall."""
    assert busiest([0.0, 0.1, 0.6, 0.7, 1.2, 1.3]) == 4
    assert busiest([]) == 0
