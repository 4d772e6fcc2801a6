"""Run the real bot (`python -m bot`) in a subprocess against a FakeDiscord.

The bot reads DISCORD_TOKEN, DISCORD_API_BASE, DISCORD_GATEWAY_URL, DATABASE_PATH and
DEV_GUILD_ID from the environment (bot/config.py); this helper sets them from the fake,
collects stdout+stderr, and always stops the process: SIGINT (a clean shutdown), then
terminate, then kill, each bounded in time so a hung bot cannot hang CI.
"""

# A `timeout` argument on each wait is the point of this test API (every wait is bounded).
# ruff: noqa: ASYNC109

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import AsyncIterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .models import FakeGuild
    from .server import FakeDiscord

SCRUBBED_PREFIXES = ("DISCORD_",)


class BotProcess:
    """A running bot process and its combined output."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.lines: list[str] = []
        self._changed = asyncio.Event()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @property
    def output(self) -> str:
        """Everything the process printed so far."""
        return "\n".join(self.lines)

    @property
    def returncode(self) -> int | None:
        """Exit status, or None while running."""
        return self.proc.returncode

    async def _read(self) -> None:
        assert self.proc.stdout is not None
        async for raw in self.proc.stdout:
            self.lines.append(raw.decode(errors="replace").rstrip("\n"))
            self._changed.set()
        self._changed.set()

    async def wait_for_output(self, text: str, timeout: float = 10.0) -> str:
        """The first output line containing `text`; AssertionError on timeout or exit."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            line = next((ln for ln in self.lines if text in ln), None)
            if line is not None:
                return line
            remaining = deadline - loop.time()
            if remaining <= 0 or self._reader.done():
                raise AssertionError(f"bot never printed {text!r}; output:\n{self.output}")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), remaining)

    async def wait_ready(
        self, fake: FakeDiscord, timeout: float = 20.0, *, synced: bool = True
    ) -> None:
        """fake.wait_ready(), but fail at once (with the output) if the process exits."""
        ready = asyncio.ensure_future(fake.wait_ready(timeout, synced=synced))
        exited = asyncio.ensure_future(self.proc.wait())
        try:
            await asyncio.wait({ready, exited}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            exited.cancel()
        if not ready.done():
            ready.cancel()
            await self._reader
            raise AssertionError(f"bot exited with {self.returncode} before ready:\n{self.output}")
        try:
            ready.result()
        except AssertionError as exc:
            raise AssertionError(f"{exc}\nbot output:\n{self.output}") from None

    async def stop(self, grace: float = 10.0) -> int:
        """SIGINT, then terminate, then kill; returns the exit status."""
        for step in (self._interrupt, self.proc.terminate, self.proc.kill):
            if self.proc.returncode is not None:
                break
            with contextlib.suppress(ProcessLookupError):
                step()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.proc.wait(), grace)
        await self.proc.wait()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._reader, 5)
        return self.proc.returncode or 0

    def _interrupt(self) -> None:
        self.proc.send_signal(signal.SIGINT)


def bot_env(
    fake: FakeDiscord,
    *,
    database_path: str | os.PathLike[str] | None = None,
    dev_guild: FakeGuild | int | None = None,
    env: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """The subprocess environment: ours minus any real DISCORD_* settings, plus the fake's."""
    full = {k: v for k, v in os.environ.items() if not k.startswith(SCRUBBED_PREFIXES)}
    full.update(
        DISCORD_TOKEN=fake.token,
        DISCORD_API_BASE=fake.api_base,
        DISCORD_GATEWAY_URL=fake.gateway_url,
        PYTHONUNBUFFERED="1",
    )
    if database_path is not None:
        full["DATABASE_PATH"] = str(database_path)
    if dev_guild is not None:
        full["DEV_GUILD_ID"] = str(dev_guild if isinstance(dev_guild, int) else dev_guild.id)
    full.update(env or {})
    return full


@contextlib.asynccontextmanager
async def run_bot_process(
    fake: FakeDiscord,
    *,
    env: Mapping[str, str] | None = None,
    cwd: str | os.PathLike[str] | None = None,
    args: Sequence[str] = ("-m", "bot"),
    database_path: str | os.PathLike[str] | None = None,
    dev_guild: FakeGuild | int | None = None,
    grace: float = 10.0,
) -> AsyncIterator[BotProcess]:
    """`async with run_bot_process(fake, cwd=repo) as bot: await bot.wait_ready(fake)`.

    `env` entries override the defaults (e.g. DATABASE_PATH, DEV_GUILD_ID, LOG_LEVEL).
    """
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        *args,
        cwd=Path(cwd) if cwd is not None else None,
        env=bot_env(fake, database_path=database_path, dev_guild=dev_guild, env=env),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    bot = BotProcess(proc)
    try:
        yield bot
    finally:
        await bot.stop(grace)
