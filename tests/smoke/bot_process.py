"""The real bot process against the fake Discord, as the smoke tests run it.

One :class:`World` (a server, a #tables channel and two people), the settings every smoke run
shares, and the bot started (and stopped cleanly, or killed) around a test's body. Waits are
all bounded; every failure message carries the fake's diagnostics or the bot's output.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.delivery.courier import COALESCE_SECONDS
from bot.ratelimits import CHANNEL_POSTS
from tests.fakediscord import (
    BotProcess,
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeUser,
    run_bot_process,
)
from tests.fakediscord.ratelimits import ROUTE_LIMITS, quicker

REPO = Path(__file__).resolve().parents[2]
WAIT = 15.0
"""Generous bound for anything the bot does after a click (boards are drawn in a thread)."""

LIMITS_FACTOR = 5
"""Discord's rate-limit windows run this many times faster here, on the fake and in the bot's
pacer alike (the same counts: 5 posts per 1 s per channel): a whole night of ~150 channel
posts then waits ~30 s for its windows instead of ~3 minutes, and the bot must still keep to
every limit (the smoke tests allow no 429). The real windows are tested at their real length
in ``tests/bot/test_ratelimits.py`` and ``tests/fakediscord/test_ratelimits.py``."""
SMOKE_ROUTE_LIMITS = quicker(ROUTE_LIMITS, LIMITS_FACTOR)


def smoke_fake() -> FakeDiscord:
    """A fake Discord whose windows are :data:`LIMITS_FACTOR` times shorter."""
    return FakeDiscord(route_limits=SMOKE_ROUTE_LIMITS)


# Lines the bot process may print that are not problems.
ENVIRONMENT_NOISE = (r"PyNaCl is not installed", r"davey is not installed")
PROBLEM = re.compile(r"Traceback|\b(WARNING|ERROR|CRITICAL)\b")


@dataclass
class World:
    """One server with a #tables channel; alice speaks Italian, bob English."""

    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser
    tmp: Path

    @property
    def database(self) -> Path:
        return self.tmp / "monster_table.sqlite3"


def output_problems(output: str, allow: Iterable[str] = ()) -> list[str]:
    """Lines of the bot's output that show a traceback or a WARNING+ record, except the
    environment noise and the patterns a test expects (e.g. a retried 429)."""
    allowed = [re.compile(p) for p in (*ENVIRONMENT_NOISE, *allow)]
    return [
        line
        for line in output.splitlines()
        if PROBLEM.search(line) and not any(p.search(line) for p in allowed)
    ]


def subprocess_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """Settings every smoke run shares: the repo importable from an empty working directory
    (so no stray .env is read), reminders off, bots without a pause, drawings in threads."""
    path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    return {
        "PYTHONPATH": path,
        "LOG_LEVEL": "INFO",
        "REMINDER_CHECK_SECONDS": "0",
        "BOT_MOVE_DELAY_SECONDS": "0",
        "DEFAULT_LOCALE": "en",
        "CHANNEL_POST_WINDOW_SECONDS": str(CHANNEL_POSTS.period / LIMITS_FACTOR),
        # The edit window too runs LIMITS_FACTOR times quicker: a move's reply waits for its
        # table edit, and 0.25 s a move made a whole Munchkin Fu game 16 s longer.
        "EDIT_COALESCE_SECONDS": str(COALESCE_SECONDS / LIMITS_FACTOR),
        # No drawing worker process: its start (the fork server importing render and rules,
        # then the warm-up) is CPU a busy 2-core machine shares with the other smoke test.
        # A stop no longer waits for it (0.3 s, bot/render_pool.py), but the start still
        # costs: test_delivery.py and a restart test, two at a time, took 179 and 178 s
        # without the worker, 239 and 219 s with it (interleaved runs, load ~11). The
        # worker, and the hard bot deciding in it, are smoke-tested with a whole
        # game in test_solo_game_against_a_bot_seat (RENDER_PROCESSES=1) and in
        # tests/bot/test_render_pool.py and tests/bot/test_bot_worker.py.
        "RENDER_PROCESSES": "0",
        **(extra or {}),
    }


def empty_dir(tmp: Path, name: str) -> Path:
    path = tmp / name
    path.mkdir(exist_ok=True)
    return path


def _process(
    world: World, env: dict[str, str] | None
) -> contextlib.AbstractAsyncContextManager[BotProcess]:
    """``python -m bot`` on the world's database, from an empty working directory, with the
    smoke settings (:func:`subprocess_env`) and ``env`` over them."""
    return run_bot_process(
        world.fake,
        env=subprocess_env(env),
        cwd=empty_dir(world.tmp, "cwd"),
        database_path=world.database,
        dev_guild=world.guild,
    )


@contextlib.asynccontextmanager
async def bot_running(
    world: World, *, allow: Sequence[str] = (), env: dict[str, str] | None = None
) -> AsyncIterator[BotProcess]:
    """The real ``python -m bot`` logged in and synced; on exit it is stopped with SIGINT and
    must have shut down cleanly without a traceback or an unexpected warning."""
    fake = world.fake
    identifies, syncs = len(fake.gateway.identify_payloads), len(fake.sync_log)
    async with _process(world, env) as proc:
        await proc.wait_ready(fake, timeout=30)

        def fresh() -> bool:
            gateway = fake.gateway
            return (
                len(gateway.identify_payloads) > identifies
                and len(fake.sync_log) > syncs
                and gateway.live.is_set()
            )

        await fake.wait_until(fresh, 30, what="this bot process to identify and sync")
        yield proc
    assert proc.returncode == 0, f"bot did not stop cleanly ({proc.returncode}):\n{proc.output}"
    problems = output_problems(proc.output, allow)
    assert not problems, "bot printed problems:\n" + "\n".join(problems) + "\n\n" + proc.output
    assert fake.unhandled == [], fake.diagnostics()
    assert fake.server_errors == [], fake.server_errors


@contextlib.asynccontextmanager
async def bot_to_kill(
    world: World, *, env: dict[str, str] | None = None
) -> AsyncIterator[BotProcess]:
    """The real bot, logged in and synced, that the test will SIGKILL (as a crash or an
    out-of-memory kill would): on exit it is killed if still running, and its output is not
    checked (a killed process cannot shut down cleanly)."""
    fake = world.fake
    identifies = len(fake.gateway.identify_payloads)
    async with _process(world, env) as proc:
        await proc.wait_ready(fake, timeout=30)
        await fake.wait_until(
            lambda: len(fake.gateway.identify_payloads) > identifies and fake.gateway.live.is_set(),
            30,
            what="the bot to identify",
        )
        try:
            yield proc
        finally:
            await kill(proc)


async def kill(proc: BotProcess) -> None:
    """SIGKILL: no clean-up of any kind runs in the bot."""
    with contextlib.suppress(ProcessLookupError):
        proc.proc.kill()
    await proc.proc.wait()
