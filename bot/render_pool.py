"""Where the bot draws its images: in worker processes, or in two threads.

Why processes: drawing is CPU work (Pillow and the renderers' Python), ~15 ms a board and
~5 ms a hand. In a thread it shares the interpreter's lock with the event loop, so one
process uses one core however many it has, and every gateway event, database answer and
HTTP request waits behind the drawing's turn on the lock. A worker process draws on another
core: a move's board no longer slows the next move's commit, and a busy bot uses every core it
is given (issue 12: 50 moves a second). ``RENDER_PROCESSES`` sets how many (default: one per
core beyond the first, at most two; ``0``: threads, as the in-process tests use).

Why a pipe per worker, read by the event loop itself, and not a ``ProcessPoolExecutor``: the
executor hands each drawing to its manager thread, which hands it to a feeder thread, which
writes it to the workers' queue; the answer comes back through the manager thread. Each
hand-off waits for the interpreter's lock, which the busy event loop holds for up to 5 ms at a
time. Measured alone with a 70 KB answer, a round trip cost 0.54-0.59 ms at the median and
0.75-0.88 ms at the 99th percentile on an idle machine, 0.57 / 4.2 ms on a busy one; written to
the worker's pipe by the event loop and read back by it (``add_reader``), 0.15-0.22 / 0.31-0.36
ms idle, 0.19 / 0.42 ms busy. Traced in the benchmark at 500 tables, a board's trips to the
worker and back went from 1.1 + 0.7 ms to 0.4 + 0.4 ms (medians).

Everything drawn here is a pure function of picklable arguments (views are JSON) returning
PNG bytes; a drawing that returns Pillow images (the replay's frames) stays in
:func:`in_threads`. A worker that dies (killed, out of memory) breaks the pool: the drawings
it held are made again in a thread and a fresh pool serves the next ones, so no post waits
for ever.

The same machinery runs the bots' costly decisions (:func:`decided`, the hard level: up to
~300 ms of CPU each) in a worker of their own, never in a drawing worker: a search there would
hold up the boards of every table behind it, here it holds up only the next bot decision.
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
import pickle
import signal
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing import forkserver
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

log = logging.getLogger(__name__)

R = TypeVar("R")

MAX_AUTO_PROCESSES = 2
PIPELINE_DEPTH = 2  # drawings a worker holds: one drawn, one waiting in its pipe (Workers)
AHEAD_BYTES = 32 * 1024  # the largest drawing sent ahead; a pipe holds 64 KiB on Linux
FORKSERVER_PRELOAD = ["render", "rules", __name__]  # imported once, by the fork server
REAP_SECONDS = 5.0  # a killed worker is gone at once; bounded all the same (a stuck kernel)

# Two threads only: the default executor grows to many threads, and each gives glibc another
# memory arena (the benchmark saw RSS double with no more tables).
_THREADS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="render")
_processes: Workers | None = None
_process_count = 0
# Bot decisions: one worker process when drawings have workers, else one thread of their own.
_BOT_THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
_deciding: Workers | None = None


@dataclass(eq=False)
class _Job:
    call: Callable[[], Any]
    future: asyncio.Future[Any]
    data: bytes | None = None  # the call, pickled (kept while it waits to be sent)


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    conn: Connection
    jobs: deque[_Job] = field(default_factory=deque)  # sent, oldest first: answered in order


@dataclass(eq=False)
class Workers:
    """``count`` drawing processes, each fed through its own pipe by ``loop``'s thread: a
    drawing goes to the worker holding the fewest (up to :data:`PIPELINE_DEPTH`), or waits
    its turn in :attr:`queue`.

    Why a worker holds two: with one, a worker that finishes waits for the event loop to
    read its answer and send the next drawing, and a busy loop gets to it only after what it
    is doing (milliseconds, as long as a hand now takes to draw). The second drawing waits in
    the worker's pipe, read the moment the first is done. Only a small one is sent ahead
    (:data:`AHEAD_BYTES`): the loop writes to the pipe without waiting, and a drawing larger
    than the pipe holds would make it wait for the worker."""

    count: int
    loop: asyncio.AbstractEventLoop
    role: str = "render"
    """``"render"`` (drawings: its workers warm up on every game's boards) or ``"bot"``."""
    workers: list[_Worker] = field(default_factory=list)
    queue: deque[_Job] = field(default_factory=deque)
    starting: int = 0  # workers being started (in threads)
    spawning: set[asyncio.Future[Any]] = field(default_factory=set)  # their starts, awaited
    closed: bool = False
    error: BrokenProcessPool | None = None  # why it closed: None, the bot stops

    def spawn(self) -> tuple[BaseProcess, Connection]:
        """Start one worker (blocking: run it in a thread when the loop should not wait)."""
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(FORKSERVER_PRELOAD)
        ours, theirs = context.Pipe()
        warm = self.role == "render"
        process = context.Process(target=_serve, args=(theirs, warm), name=self.role, daemon=True)
        process.start()
        theirs.close()
        return process, ours

    def adopt(self, process: BaseProcess, conn: Connection) -> None:
        """Take a started worker into the pool (on the loop's thread)."""
        if self.closed:
            _stop(process, conn)
            return
        worker = _Worker(process, conn)
        self.workers.append(worker)
        self.loop.add_reader(conn.fileno(), self._readable, worker)
        self._dispatch()

    def missing(self) -> int:
        return 0 if self.closed else self.count - len(self.workers) - self.starting

    def submit(self, call: Callable[[], R]) -> asyncio.Future[R]:
        """``call`` for a worker. On a pool closed since the caller started its workers, it
        ends at once as what the pool held at its close did (cancelled, or broken: to the
        threads)."""
        future: asyncio.Future[R] = self.loop.create_future()
        self.queue.append(_Job(call, future))
        if self.closed:
            self._fail(self.error)
            return future
        self._dispatch()
        return future

    def _dispatch(self) -> None:
        while self.queue and self.workers:
            worker = min(self.workers, key=lambda w: len(w.jobs))
            if len(worker.jobs) >= PIPELINE_DEPTH:
                return
            job = self.queue.popleft()
            if job.future.done():  # cancelled while it waited: never drawn
                continue
            try:
                data = job.data = job.data or pickle.dumps(job.call, pickle.HIGHEST_PROTOCOL)
            except Exception as error:  # an argument that cannot travel: the caller's bug
                job.future.set_exception(error)
                continue
            if worker.jobs and len(data) > AHEAD_BYTES:  # it would wait for the worker to read
                self.queue.appendleft(job)  # (the least busy worker: every worker is busy)
                return
            try:
                worker.conn.send_bytes(data)
            except OSError:  # the worker is gone
                self.queue.appendleft(job)
                self._lost(worker)
                return
            worker.jobs.append(job)

    def _readable(self, worker: _Worker) -> None:
        try:
            data = worker.conn.recv_bytes()
        except (EOFError, OSError):
            self._lost(worker)
            return
        job = worker.jobs.popleft() if worker.jobs else None
        if job is not None and not job.future.done():
            try:
                ok, value = pickle.loads(data)
            except Exception as error:  # the answer is the caller's to see
                ok, value = False, error
            if ok:
                job.future.set_result(value)
            else:
                job.future.set_exception(value)
        self._dispatch()

    def _lost(self, worker: _Worker) -> None:
        """A worker died: every drawing this pool holds fails over to the threads, and the
        next drawing starts a fresh pool (as ``ProcessPoolExecutor`` breaks). The others end
        as their pipes close, unwaited: the event loop goes on."""
        self._close(BrokenProcessPool(f"{self.role} process {worker.process.pid} died"), kill=False)

    def close(self) -> None:
        """End the workers (the bot is closing), without waiting for what they do. The
        drawings and decisions still held are cancelled, as the executor did: made in a thread
        instead, they would outlive the event loop ("Task was destroyed but it is pending", one
        load run in six). Nothing is lost: each is of a change already committed (a post the
        courier sends again after the restart) or of a bot move not yet made (the scheduler
        resumes the seat), so a worker's answer would be thrown away; the workers are killed,
        not waited for (a hard decision takes up to ~300 ms, a new worker's warm-up longer).
        Starts under way are cancelled too: the threads end them (:func:`_spawned`)."""
        self._close(None, kill=True)

    def broken(self, error: BaseException) -> None:
        """No worker could be started: what waits fails over to the threads."""
        failed = BrokenProcessPool(f"no {self.role} process could start: {error!r}")
        self._close(failed, kill=False)

    def _close(self, error: BrokenProcessPool | None, *, kill: bool) -> None:
        """Fail what the pool holds with ``error`` (None: cancel it) and end the workers:
        killed and reaped (the bot stops), or left to end as their pipes close (the bot goes
        on: a worker's last drawing finishes, unwaited)."""
        if self.closed:
            return
        self.closed, self.error = True, error
        self._fail(error)
        for worker in self.workers:
            if not self.loop.is_closed():
                self.loop.remove_reader(worker.conn.fileno())
            if kill:
                _stop(worker.process, worker.conn)
            else:
                worker.conn.close()
        self.workers.clear()

    def _fail(self, error: BrokenProcessPool | None) -> None:
        """End what waits on the pool (its drawings, its workers' starts) with ``error``, or
        cancel it; on a loop that has closed, nothing awaits any more."""
        held = [job.future for w in self.workers for job in w.jobs]
        held += [job.future for job in self.queue]
        held += self.spawning
        self.queue.clear()
        self.spawning.clear()
        for future in held if not self.loop.is_closed() else ():
            if future.done():
                continue
            if error is None:
                future.cancel()
            else:
                future.set_exception(error)


def _stop(process: BaseProcess, conn: Connection) -> None:
    """End a worker now and reap it: whatever it does, its answer would be thrown away
    (:meth:`Workers.close`)."""
    conn.close()
    process.kill()
    process.join(REAP_SECONDS)


def _serve(conn: Connection, warm: bool = True) -> None:
    """A worker: warm up (a drawing one), then run what comes down the pipe and send back
    ``(ok, result or error)``, until the pipe closes."""
    _die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the bot, which stops us
    if warm:
        warm_up(until=functools.partial(_has_work, conn))
    while True:
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[bool, Any] = (True, pickle.loads(data)())
        except Exception as error:  # sent to the caller, who raises it
            answer = (False, error)
        try:
            reply = pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as error:  # an answer that cannot travel
            reply = pickle.dumps((False, RuntimeError(f"unpicklable drawing: {error!r}")))
        try:
            conn.send_bytes(reply)
        except OSError:
            return


WARM_UP_MOVES = 6


def _has_work(conn: Connection) -> bool:
    """A drawing (or the pipe's end) is waiting to be read."""
    try:
        return conn.poll()
    except OSError:
        return True


def warm_up(until: Callable[[], bool] = lambda: False) -> None:
    """Draw a table and a hand of every game, in both languages, a few moves in: what a first
    drawing loads or fills once (fonts, suit masks, the stored palettes' colour lookups,
    card faces) is ready before the first move after a restart needs it. Why: those first
    moves were the slowest of the benchmark's single table (p99 34-36 ms against a p50 of
    19-20). A worker starts while the bot connects; a drawing that arrives meanwhile ends the
    warm-up (``until()`` is true), so it waits for one game's warm-up at most (~0.2 s cold),
    never all of them (~0.6 s). A game that fails to draw is left for the real drawing to
    report."""
    import render
    from rules import GAMES

    for game, engine in GAMES.items():
        if until():
            return
        if game not in render.RENDERERS:
            continue
        with contextlib.suppress(Exception):
            _warm_up_game(render, engine, game)


def _warm_up_game(render: Any, engine: Any, game: str) -> None:
    options = dict(engine.options)
    state = engine.setup(engine.seat_range(options)[0], options, 0)
    for _ in range(WARM_UP_MOVES):
        pending = engine.pending(state)
        if not pending:
            break
        state, _events = engine.apply(state, pending[0], engine.bot_action(state, pending[0]))
    for locale in ("en", "it"):
        render.render_table(game, engine.view(state, None), locale=locale)
        render.render_hand(game, engine.view(state, 0), locale=locale)


def auto_processes(cpus: int | None = None) -> int:
    """One worker per core beyond the event loop's, at most :data:`MAX_AUTO_PROCESSES`."""
    cpus = cpus if cpus is not None else (os.cpu_count() or 1)
    return max(0, min(MAX_AUTO_PROCESSES, cpus - 1))


def use_processes(count: int) -> None:
    """Draw in ``count`` worker processes from now on (``0``: in the two threads). Workers
    start on the first drawing (or :func:`start`), from a fork server that has imported the
    renderers once."""
    global _process_count
    shutdown()
    _process_count = count


def processes() -> int:
    """How many worker processes draw (0: threads)."""
    return _process_count


def shutdown() -> None:
    """End the worker processes (the bot is closing) at once; threads stay for any late
    drawing. A worker still starting ends too, with the fork server (:func:`_end_fork_server`).
    """
    global _processes, _deciding
    pools = [pool for pool in (_processes, _deciding) if pool is not None]
    _processes = _deciding = None
    starting = any(pool.starting for pool in pools)
    for pool in pools:
        pool.close()
    if starting:
        _end_fork_server()


def _end_fork_server() -> None:
    """Kill the fork server while a worker's start waits for it: it imports the renderers
    and the engines first (seconds on a busy machine), and it holds the bot's output, so the
    bot's end would wait for it (its supervisor's, the smoke tests', 4-8 s a stop). The start
    then fails in its thread, unseen (the pool has closed); a later pool (tests) starts a new
    fork server, as ``ensure_running`` finds this one dead."""
    pid = getattr(forkserver._forkserver, "_forkserver_pid", None)
    if pid is not None:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _pool() -> Workers | None:
    """This loop's pool of drawing workers (made on first use), or None: drawing in threads."""
    global _processes
    _processes = _serving(_processes, _process_count, "render")
    return _processes


def _bot_pool() -> Workers | None:
    """This loop's bot worker (made on first use), or None: deciding in a thread."""
    global _deciding
    _deciding = _serving(_deciding, min(_process_count, 1), "bot")
    return _deciding


def _serving(pool: Workers | None, count: int, role: str) -> Workers | None:
    """``pool`` if it still serves this loop, else a new one of ``count`` workers (None when
    ``count`` is 0: threads). A broken pool, or one left by another event loop (a test's),
    is closed."""
    if not count:
        return None
    loop = asyncio.get_running_loop()
    if pool is not None and (pool.closed or pool.loop is not loop):
        pool.close()
        pool = None
    return pool if pool is not None else Workers(count, loop, role)


async def _staffed(pool: Workers) -> None:
    """Start the pool's missing workers, from a thread: the first start also starts the fork
    server and waits for it (~1 s), which the event loop must not. Drawings submitted
    meanwhile wait in the pool's queue; if no worker can start, they go to the threads."""
    missing = pool.missing()
    pool.starting += missing
    try:
        for _ in range(missing):
            process, conn = await _spawned(pool)
            pool.starting -= 1
            missing -= 1
            pool.adopt(process, conn)
    except Exception as error:
        if not pool.closed:  # else the bot stopped it (:func:`_end_fork_server`)
            log.exception("could not start a render process; drawing in threads")
            pool.broken(error)
    finally:
        pool.starting -= missing


async def _spawned(pool: Workers) -> tuple[BaseProcess, Connection]:
    """``pool.spawn()`` in a daemon thread of its own, awaited (cancelled if the pool closes
    first). Why not ``asyncio.to_thread``: the default executor's threads are waited for
    when the event loop ends (``asyncio.run``), so a bot stopped during a start waited for
    it: 4-8 s a stop in the smoke tests, for ever behind a fork server that hangs. A worker
    started for nobody (the pool closed, the loop ended) is ended by the thread."""
    loop = pool.loop
    start: asyncio.Future[tuple[BaseProcess, Connection]] = loop.create_future()
    pool.spawning.add(start)

    def spawn() -> None:
        try:
            started: tuple[BaseProcess, Connection] | BaseException = pool.spawn()
        except Exception as error:
            started = error
        try:
            loop.call_soon_threadsafe(_settle, start, started)
        except RuntimeError:  # the event loop has closed
            if not isinstance(started, BaseException):
                _stop(*started)

    threading.Thread(target=spawn, name=f"{pool.role}-start", daemon=True).start()
    try:
        return await start
    finally:
        pool.spawning.discard(start)


def _settle(
    start: asyncio.Future[tuple[BaseProcess, Connection]],
    started: tuple[BaseProcess, Connection] | BaseException,
) -> None:
    """A start's outcome, on the loop: the worker, its error, or (nobody waits) its end."""
    if start.done():
        if not isinstance(started, BaseException):
            _stop(*started)
    elif isinstance(started, BaseException):
        start.set_exception(started)
    else:
        start.set_result(started)


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
    call = functools.partial(function, *args, **kwargs)
    return await _run(_pool(), _THREADS, call)


async def decided(function: Callable[..., R], *args: Any, **kwargs: Any) -> R:
    """``function(*args, **kwargs)`` in the bot worker process (or the bot thread), awaited:
    a bot's costly decision, off the event loop and out of the drawings' way."""
    call = functools.partial(function, *args, **kwargs)
    return await _run(_bot_pool(), _BOT_THREAD, call)


async def _run(pool: Workers | None, threads: ThreadPoolExecutor, call: Callable[[], R]) -> R:
    """``call()`` in ``pool`` (started if need be), or in ``threads`` without one or when a
    worker dies holding it."""
    if pool is None:
        return await asyncio.get_running_loop().run_in_executor(threads, call)
    if not pool.workers:
        await _staffed(pool)
    try:
        return await pool.submit(call)
    except BrokenProcessPool:
        log.warning("a %s process died; running it in a thread, a new pool comes next", pool.role)
        return await asyncio.get_running_loop().run_in_executor(threads, call)


async def start() -> None:
    """Have the workers started now (the bot is connecting), not by the first move after a
    restart: starting the fork server and a worker takes ~1-2 s, which that move's post would
    wait (the benchmark saw 1.9 s)."""
    pool = _pool()
    if pool is not None:
        await _staffed(pool)


async def in_threads(function: Callable[..., R], *args: Any, **kwargs: Any) -> R:
    """``function(*args, **kwargs)`` in one of the two render threads: for drawings whose
    arguments or results are Pillow images (not worth pickling between processes)."""
    call = functools.partial(function, *args, **kwargs)
    return await asyncio.get_running_loop().run_in_executor(_THREADS, call)
