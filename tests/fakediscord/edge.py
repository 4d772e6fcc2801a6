"""Discord's edge for the fake: a small process of its own that notes when each REST request
arrives and passes it on to the fake, which counts its rate limits by that time.

Why: Discord counts a request when it reaches its edge, which never stalls. The fake serves
from one event loop, shared in the load benchmark with the load's driver; when that process is
not run for a second or two (the driver's CPU, a garbage collection of its large logs), the
requests sent meanwhile wait in the socket and are read at once, and the fake counted the
backlog as a burst the bot never sent (issue 27 §2: 64 and 113 global 429s per 1,000 moves at
the full size while the bot sent about 20 paced calls a second). This process does nothing but
read and pass on, so the operating system runs it as soon as a request arrives; its stamp is
``time.monotonic()``, which on Linux is one clock for every process of the machine.

Only REST goes through it (the bot's ``DISCORD_API_BASE``); the gateway and attachments stay
on the fake. Run as ``python -m tests.fakediscord.edge TARGET``, it prints ``port N`` once it
listens.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import yarl
from aiohttp import web
from multidict import CIMultiDict, CIMultiDictProxy

from .ratelimits import API_PREFIX, ARRIVED_HEADER

HOP_BY_HOP = frozenset(
    {"host", "content-length", "transfer-encoding", "connection", "keep-alive", "upgrade"}
)
"""Headers of one connection, not of the request: each side sets its own."""
START_TIMEOUT = 20.0
REPO_ROOT = Path(__file__).resolve().parents[2]


def passed_on(headers: CIMultiDictProxy[str]) -> CIMultiDict[str]:
    """``headers`` without the hop-by-hop ones."""
    return CIMultiDict((k, v) for k, v in headers.items() if k.lower() not in HOP_BY_HOP)


def edge_app(target: str) -> web.Application:
    """An application passing every request on to ``target`` (``http://host:port``), stamped
    with its arrival; the answer comes back as the fake gave it."""
    app = web.Application(client_max_size=64 * 1024**2)
    session_key = web.AppKey("session", aiohttp.ClientSession)

    async def open_session(app: web.Application) -> AsyncIterator[None]:
        connector = aiohttp.TCPConnector(limit=0)  # the bot's own connections are unbounded
        async with aiohttp.ClientSession(connector=connector, auto_decompress=False) as session:
            app[session_key] = session
            yield

    async def forward(request: web.Request) -> web.Response:
        arrived = time.monotonic()
        body = await request.read()
        headers = passed_on(request.headers)
        headers[ARRIVED_HEADER] = repr(arrived)
        url = yarl.URL(target + str(request.rel_url), encoded=True)
        async with app[session_key].request(
            request.method, url, headers=headers, data=body or None, allow_redirects=False
        ) as answer:
            payload = await answer.read()
            return web.Response(
                status=answer.status, body=payload, headers=passed_on(answer.headers)
            )

    app.cleanup_ctx.append(open_session)
    app.router.add_route("*", "/{tail:.*}", forward)
    return app


async def serve(target: str) -> None:
    """Listen on a free port of 127.0.0.1, say which, and serve until SIGTERM or SIGINT."""
    runner = web.AppRunner(edge_app(target), access_log=None, shutdown_timeout=1.0)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0, backlog=1024)
    await site.start()
    print(f"port {runner.addresses[0][1]}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    await stop.wait()
    await runner.cleanup()


class Edge:
    """The edge process in front of a fake: ``async with Edge(fake.http_base) as edge:``,
    then point the bot's ``DISCORD_API_BASE`` at ``edge.api_base``."""

    def __init__(self, target: str) -> None:
        self.target = target
        self.port = 0
        self._proc: asyncio.subprocess.Process | None = None

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    async def __aenter__(self) -> Edge:
        self._proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            __name__,
            self.target,
            cwd=REPO_ROOT,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
        )
        assert self._proc.stdout is not None
        line = await asyncio.wait_for(self._proc.stdout.readline(), START_TIMEOUT)
        if not line.startswith(b"port "):
            await self.__aexit__()
            raise RuntimeError(f"the fake's edge did not start: {line!r}")
        self.port = int(line.split()[1])
        return self

    async def __aexit__(self, *exc: object) -> None:
        proc, self._proc = self._proc, None
        if proc is None or proc.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            proc.terminate()
        try:
            await asyncio.wait_for(proc.wait(), 5.0)
        except TimeoutError:
            proc.kill()
            await proc.wait()


if __name__ == "__main__":
    asyncio.run(serve(sys.argv[1]))
