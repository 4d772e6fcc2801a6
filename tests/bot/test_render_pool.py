"""Images drawn in worker processes are the images drawn in threads, and a worker that dies
costs no post (bot/render_pool.py, issue 12's "move off the event loop's core")."""

from __future__ import annotations

import asyncio
import contextlib
import os
import pickle
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import render
from bot import render_pool
from rules import GAMES

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def one_worker() -> Iterator[None]:
    render_pool.use_processes(1)
    yield
    render_pool.use_processes(0)


def _view() -> dict[str, object]:
    engine = GAMES["monster_day"]
    return engine.view(engine.setup(2, dict(engine.options), 5), None)


def test_one_worker_per_core_beyond_the_event_loops_at_most_two() -> None:
    assert [render_pool.auto_processes(cpus) for cpus in (1, 2, 3, 8)] == [0, 1, 2, 2]


async def test_without_workers_the_drawing_stays_in_this_process() -> None:
    render_pool.use_processes(0)
    assert await render_pool.drawn(os.getpid) == os.getpid()


async def test_a_worker_draws_in_another_process_the_same_bytes(one_worker: None) -> None:
    view = _view()
    here = render.render_table("monster_day", view, locale="it", players=["Ann", "Bob"])
    there = await render_pool.drawn(
        render.render_table, "monster_day", view, locale="it", players=["Ann", "Bob"]
    )
    assert there == here
    assert await render_pool.drawn(os.getpid) != os.getpid()


async def test_a_dead_worker_costs_no_drawing_and_a_new_pool_takes_over(
    one_worker: None, caplog: pytest.LogCaptureFixture
) -> None:
    worker = await render_pool.drawn(os.getpid)
    os.kill(worker, signal.SIGKILL)
    view = _view()
    drawn = await render_pool.drawn(render.render_hand, "monster_day", view, locale="en")
    assert drawn == render.render_hand("monster_day", view, locale="en")
    assert "a render process died" in caplog.text
    fresh = await render_pool.drawn(os.getpid)
    assert fresh not in (worker, os.getpid())


KILLED_BOT = """
import asyncio, os, signal
from bot import render_pool

async def main() -> None:
    render_pool.use_processes(1)
    print(await render_pool.drawn(os.getpid), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)

asyncio.run(main())
"""


def _gone(pid: int) -> bool:
    """Ended: no such process, or a zombie nobody reaped yet (a container's first process
    may not reap)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return True
    return "\nState:\tZ" in status


def test_a_bot_killed_outright_leaves_no_drawing_process_behind() -> None:
    """SIGKILL runs no clean-up: the workers and the fork server must end by themselves, or
    they keep the bot's output open (a supervisor waiting for it would wait for ever)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", KILLED_BOT],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
    )
    output, _ = proc.communicate(timeout=60)  # the pipe closes once every holder has ended
    assert proc.returncode == -signal.SIGKILL
    worker = int(output.split()[0])
    for _ in range(300):
        if _gone(worker):
            break
        time.sleep(0.1)
    assert _gone(worker), "the drawing process outlived the bot"


HELD_START = """
import asyncio, os
from pathlib import Path
from bot import render_pool

async def main() -> None:
    render_pool.FORKSERVER_PRELOAD.append("tests.bot.held_import")
    render_pool.use_processes(1)
    starting = asyncio.ensure_future(render_pool.start())
    while not Path(os.environ["HELD_START_DIR"], "holding").exists():
        await asyncio.sleep(0.05)
    render_pool.shutdown()
    print("stopped", flush=True)

asyncio.run(main())
print("ended", flush=True)
"""

HANG_SECONDS = 120
"""How long the run may take (start, the fork server's imports up to the hold, the stop) before
the stop counts as hung: seconds on a busy machine; a stop that waits for the hold never ends."""


def test_a_bot_stopped_while_its_worker_still_starts_does_not_wait_for_it(tmp_path: Path) -> None:
    """The fork server's imports (the first worker's start: seconds on a busy machine) are held
    until the test lets them go, which it does only once the bot's process has ended: the stop
    waits neither for the start nor for the fork server, which holds the bot's output (the
    pipe closes once every holder has ended). It waited for both, 4-8 s a stop in the smoke
    tests; held for ever, for ever."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HELD_START],
        cwd=REPO,
        env={**os.environ, "HELD_START_DIR": str(tmp_path)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # the fork server too, killed below should the stop hang
    )
    try:
        output, errors = proc.communicate(timeout=HANG_SECONDS)
    finally:
        (tmp_path / "release").touch()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
    assert (proc.returncode, output.split()) == (0, ["stopped", "ended"]), errors
    assert "Traceback" not in errors, errors


async def test_the_workers_start_with_the_bot_not_with_the_first_drawing(one_worker: None) -> None:
    await render_pool.start()
    pool = render_pool._processes
    assert pool is not None
    assert len(pool.workers) == 1  # a worker is up before any move needs it


async def test_more_drawings_than_workers_wait_their_turn_and_all_come_back(
    one_worker: None,
) -> None:
    view = _view()
    languages = ("en", "it", "en", "it", "en")
    drawings = [render_pool.drawn(render.render_hand, "monster_day", view, locale=lang)
                for lang in languages]  # fmt: skip
    hands = await asyncio.gather(*drawings)
    assert hands[0] == hands[2] == hands[4] == render.render_hand("monster_day", view, locale="en")
    assert hands[1] == hands[3] == render.render_hand("monster_day", view, locale="it")


async def test_a_worker_holds_a_second_small_drawing_in_its_pipe_but_not_a_large_one(
    one_worker: None,
) -> None:
    """A finished worker reads its next drawing at once, without waiting for the event loop
    (Workers' docstring); one too large for the pipe waits in the pool's queue instead, so
    that writing it never makes the loop wait for the worker. Answers come back in order."""
    await render_pool.start()
    pool = render_pool._processes
    assert pool is not None
    view = _view()
    languages = ("en", "it", "en")
    draw = render.render_hand
    hands = [
        asyncio.ensure_future(render_pool.drawn(draw, "monster_day", view, locale=lang))
        for lang in languages
    ]
    await asyncio.sleep(0)  # each submitted
    worker = pool.workers[0]
    assert len(worker.jobs) == render_pool.PIPELINE_DEPTH == 2 and len(pool.queue) == 1
    assert await asyncio.gather(*hands) == [
        render.render_hand("monster_day", view, locale=lang) for lang in languages
    ]
    large = {"padding": "x" * (render_pool.AHEAD_BYTES + 1)}
    counts = [asyncio.ensure_future(render_pool.drawn(len, large)) for _ in range(2)]
    await asyncio.sleep(0)
    assert len(worker.jobs) == 1 and len(pool.queue) == 1
    assert await asyncio.gather(*counts) == [1, 1]


async def test_a_drawing_that_fails_raises_its_error_here_and_the_worker_goes_on(
    one_worker: None,
) -> None:
    worker = await render_pool.drawn(os.getpid)
    with pytest.raises(KeyError, match="no renderer"):
        await render_pool.drawn(render.render_hand, "no such game", {}, locale="en")
    # a lambda cannot travel to a worker: said, not hung
    with pytest.raises((AttributeError, pickle.PicklingError)):
        await render_pool.drawn(lambda: 1)
    assert await render_pool.drawn(os.getpid) == worker


async def test_a_drawing_held_at_shutdown_is_cancelled_not_left_to_outlive_the_loop(
    one_worker: None,
) -> None:
    """Drawn in a thread instead, it would still be running when the bot's event loop closes
    ("Task was destroyed but it is pending")."""
    await render_pool.drawn(os.getpid)  # the worker is up
    drawing = asyncio.ensure_future(render_pool.drawn(time.sleep, 0.5))
    waiting = asyncio.ensure_future(render_pool.drawn(os.getpid))  # queued behind it
    await asyncio.sleep(0.05)
    render_pool.shutdown()
    for task in (drawing, waiting):
        with pytest.raises(asyncio.CancelledError):
            await task


async def test_shutting_down_ends_the_workers(one_worker: None) -> None:
    worker = await render_pool.drawn(os.getpid)
    render_pool.shutdown()
    assert _gone(worker)
    assert await render_pool.drawn(os.getpid) not in (worker, os.getpid())  # a fresh pool


def test_a_drawing_that_arrives_ends_the_warm_up() -> None:
    """The warm-up asks before each game whether a drawing is waiting, and stops if so."""
    asked: list[int] = []

    def waiting() -> bool:
        asked.append(1)
        return len(asked) > 1  # a drawing arrives while the first game warms up

    render.MEMO.clear()
    render_pool.warm_up(until=waiting)
    assert len(asked) == 2 and render.MEMO.misses + render.MEMO.hits == 2  # one game's hands


@pytest.mark.parametrize("game", sorted(render.RENDERERS))
def test_a_new_worker_warms_up_on_every_game(game: str) -> None:
    """Each game's warm-up draws (a worker skips a game whose warm-up fails, so a broken one
    would otherwise go unseen): its table and its hands in both languages, the hands looked
    up in the memo."""
    render.MEMO.clear()
    render_pool._warm_up_game(render, GAMES[game], game)
    assert render.MEMO.misses + render.MEMO.hits >= 2
