"""Where the bot draws its images: in worker processes, or in two threads.

Why processes: drawing is CPU work (Pillow and the renderers' Python), ~20 ms a board and
~7 ms a hand. In a thread it shares the interpreter's lock with the event loop, so one
process uses one core however many it has, and every gateway event, database answer and
HTTP request waits behind the drawing's turn on the lock. A worker process draws on another
core: a move's board no longer slows the next move's commit, and a busy bot uses every core it
is given (issue 12: 50 moves a second). ``RENDER_PROCESSES`` sets how many (default: one per
core beyond the first, at most two; ``0``: threads, as the in-process tests use).

Everything drawn here is a pure function of picklable arguments (views are JSON) returning
PNG bytes; a drawing that returns Pillow images (the replay's frames) stays in
:func:`in_threads`. A worker that dies (killed, out of memory) breaks the pool: the drawing is
made again in a thread and a fresh pool serves the next one, so no post waits for ever.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import functools
import logging
import multiprocessing
import os
import signal
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import forkserver
from typing import Any, TypeVar

log = logging.getLogger(__name__)

R = TypeVar("R")

MAX_AUTO_PROCESSES = 2

# Two threads only: the default executor grows to many threads, and each gives glibc another
# memory arena (the benchmark saw RSS double with no more tables).
_THREADS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="render")
_processes: ProcessPoolExecutor | None = None
_process_count = 0


def auto_processes(cpus: int | None = None) -> int:
    """One worker per core beyond the event loop's, at most :data:`MAX_AUTO_PROCESSES`."""
    cpus = cpus if cpus is not None else (os.cpu_count() or 1)
    return max(0, min(MAX_AUTO_PROCESSES, cpus - 1))


def use_processes(count: int) -> None:
    """Draw in ``count`` worker processes from now on (``0``: in the two threads). Workers
    start on the first drawing, from a fork server that has imported the renderers once."""
    global _process_count
    shutdown()
    _process_count = count


def processes() -> int:
    """How many worker processes draw (0: threads)."""
    return _process_count


def shutdown() -> None:
    """Stop the worker processes (the bot is closing); threads stay for any late drawing.

    Waits for the workers to end (a drawing under way finishes: milliseconds). Not waiting
    left the pool's wake-up pipe closed under its exit hook, which then failed at interpreter
    exit ("Bad file descriptor", seen in a smoke test's output)."""
    global _processes
    pool, _processes = _processes, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


def _pool() -> Executor:
    global _processes
    if not _process_count:
        return _THREADS
    if _processes is None:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["render", __name__])
        _processes = ProcessPoolExecutor(
            _process_count, mp_context=context, initializer=_die_with_parent
        )
    return _processes


PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """A worker ends with the bot, however the bot ends: a bot killed outright (a crash, an
    out-of-memory kill) must leave no drawing processes behind, holding its output and its
    memory.

    The fork server ends when the bot does, unless something still holds its "bot alive"
    pipe; each worker inherits that pipe (to start processes of its own, which it never does),
    so it closes it. A worker is the fork server's child, and asks Linux to end it when the
    fork server ends (``PR_SET_PDEATHSIG``): waiting for work, it would otherwise wait for
    ever."""
    server = forkserver._forkserver  # this process's view of the fork server (CPython 3.4+)
    alive = getattr(server, "_forkserver_alive_fd", None)
    if alive is not None:
        with contextlib.suppress(OSError):
            os.close(alive)
        setattr(server, "_forkserver_alive_fd", None)  # noqa: B010 (a private attribute)
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):  # not Linux: workers end when their queue closes
        return
    if os.getppid() == 1:  # the parent died before the call
        os._exit(0)


async def drawn(function: Callable[..., R], *args: Any, **kwargs: Any) -> R:
    """``function(*args, **kwargs)`` in a worker process (or thread), awaited."""
    loop = asyncio.get_running_loop()
    call = functools.partial(function, *args, **kwargs)
    pool = _pool()
    try:
        return await loop.run_in_executor(pool, call)
    except BrokenProcessPool:
        log.warning("a render process died; drawing in a thread, a new pool comes next")
        if _processes is pool:
            shutdown()
        return await loop.run_in_executor(_THREADS, call)


def _ready() -> bool:
    return True


async def start() -> None:
    """Have the workers started now (the bot is connecting), not by the first move after a
    restart: starting the fork server and a worker takes ~1-2 s, which that move's post would
    wait (the benchmark saw 1.9 s). Started from a thread: the first submission starts the
    fork server and waits for it, which on the event loop delayed the bot's start-up by as
    much (0.95 -> 1.8 s until ready)."""
    if not _process_count:
        return
    pool = _pool()

    def started() -> None:
        for job in [pool.submit(_ready) for _ in range(_process_count)]:
            job.result()

    await asyncio.to_thread(started)


async def in_threads(function: Callable[..., R], *args: Any, **kwargs: Any) -> R:
    """``function(*args, **kwargs)`` in one of the two render threads: for drawings whose
    arguments or results are Pillow images (not worth pickling between processes)."""
    call = functools.partial(function, *args, **kwargs)
    return await asyncio.get_running_loop().run_in_executor(_THREADS, call)
