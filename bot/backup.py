"""Online backups of the SQLite database, on a schedule, while play goes on.

The copy is made with SQLite's backup API from a connection of its own, never the store's:
aiosqlite runs every call of a connection on one thread, so a backup there would hold up every
move until it finished. That connection first opens a read transaction and keeps it for the
whole copy. In WAL mode a reader never blocks a writer, so moves commit while the copy runs;
and the held snapshot is what lets the copy go in steps at all: a stepped backup whose source
is written by *another* connection starts again from the first page after every commit, and
under steady play it may never finish (measured: over 5,000 restarts in 22 s against a busy
writer, where the held snapshot copied the same file in 0.2 s without one). The copy is
therefore exactly the database as of the moment the read transaction began. (With WAL the
steps do not make room for writers, who never wait for the copy; they let :meth:`Backups.stop`
end a copy within one step when the bot closes.)

A backup is written under a temporary name, switched out of WAL mode (so the file stands
alone, with no ``-wal`` beside it), checked with ``PRAGMA quick_check``, flushed to disk and
only then renamed to ``monster_table-<UTC time>.sqlite3``: a crash at any point leaves at most
a ``.partial`` file, which never counts as a backup and is removed once it is a day old.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import sqlite3
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from bot.config import Settings
from bot.store import GameStore, SqliteStore

log = logging.getLogger(__name__)

CHECK_SECONDS = 60.0
"""How often the client asks :meth:`Backups.tick` whether a backup is due."""
PAGES_PER_STEP = 256
"""Pages copied per step of the backup (1 MiB at SQLite's default 4 KiB page)."""
PARTIAL_MAX_AGE = 24 * 3600.0
"""A ``.partial`` file older than this is left over from a crash, not a copy in progress."""

_PREFIX = "monster_table-"
_SUFFIX = ".sqlite3"
_STAMP = "%Y%m%dT%H%M%SZ"
_NAME = re.compile(r"monster_table-\d{8}T\d{6}Z\.sqlite3")
_PARTIAL = re.compile(r"\.monster_table-\d{8}T\d{6}Z\.sqlite3\.\d+\.partial")

Progress = Callable[[int, int], None]
"""Called after each step with the pages left and the pages in all (on the copying thread)."""


class BackupError(Exception):
    """A copy that must not count: it failed its integrity check, or it was stopped."""


def backup_name(at: float) -> str:
    """The file name of a backup taken at ``at`` (Unix time): names sort as times do."""
    return f"{_PREFIX}{datetime.fromtimestamp(at, UTC).strftime(_STAMP)}{_SUFFIX}"


def backups_in(directory: Path) -> list[Path]:
    """The finished backups in ``directory``, oldest first (temporary files never count)."""
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.iterdir() if _NAME.fullmatch(p.name) and p.is_file())


def prune(directory: Path, keep: int) -> list[Path]:
    """Delete all but the newest ``keep`` backups, and partial files left by a crash; the
    paths deleted."""
    finished = backups_in(directory)
    old = finished[: max(len(finished) - keep, 0)]
    stale = time.time() - PARTIAL_MAX_AGE  # file times are wall-clock times
    old += [
        p for p in directory.iterdir() if _PARTIAL.fullmatch(p.name) and p.stat().st_mtime < stale
    ]
    for path in old:
        path.unlink(missing_ok=True)
    return old


def copy_database(
    source: Path,
    target: Path,
    *,
    pages: int = PAGES_PER_STEP,
    progress: Progress | None = None,
    stop: threading.Event | None = None,
) -> None:
    """Copy the live database ``source`` to ``target`` (blocking: run it in a thread).

    ``target`` appears only once the copy is whole and checked; on any failure, or when
    ``stop`` is set, nothing is left behind and :class:`BackupError` (or the SQLite error)
    is raised.
    """
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        _copy(source, partial, pages, progress, stop)
        _fsync(partial)
        os.replace(partial, target)
        if hasattr(os, "O_DIRECTORY"):  # POSIX: make the rename itself durable
            _fsync(target.parent)
    finally:
        partial.unlink(missing_ok=True)


def _copy(
    source: Path,
    partial: Path,
    pages: int,
    progress: Progress | None,
    stop: threading.Event | None,
) -> None:
    def step(_status: int, remaining: int, total: int) -> None:
        if stop is not None and stop.is_set():
            raise BackupError("backup stopped")  # sqlite3 aborts the copy
        if progress is not None:
            progress(remaining, total)

    partial.unlink(missing_ok=True)
    # Read-only: whatever goes wrong here, the live database is never written.
    uri = f"{source.resolve().as_uri()}?mode=ro"
    reader = sqlite3.connect(uri, uri=True, isolation_level=None)
    writer = sqlite3.connect(partial, isolation_level=None)
    try:
        # The snapshot the whole copy is taken from (see the module's docstring).
        reader.execute("BEGIN")
        reader.execute("SELECT COUNT(*) FROM sqlite_master").fetchall()
        reader.backup(writer, pages=pages, progress=step)
        reader.execute("ROLLBACK")
        writer.execute("PRAGMA journal_mode=DELETE").fetchall()  # one self-contained file
        verdict = [row[0] for row in writer.execute("PRAGMA quick_check").fetchall()]
        if verdict != ["ok"]:
            raise BackupError(f"copy failed its integrity check: {verdict[:5]}")
    finally:
        reader.close()
        writer.close()


def _fsync(path: Path) -> None:
    """Flush a file (or a directory, so a rename in it survives a power cut)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class Backups:
    """Backs up a :class:`SqliteStore` every ``every`` seconds into ``directory``, keeping
    the newest ``keep``.

    :meth:`tick` is called often (every :data:`CHECK_SECONDS`) and acts when ``clock`` says a
    backup is due; the first is due ``every`` seconds after this object is made (at start-up,
    so a bot restarted in a crash loop does not fill the disk with copies). A failure is
    logged and the next period tries again; nothing here ever raises into the client.
    """

    def __init__(
        self,
        store: SqliteStore,
        directory: Path,
        *,
        every: float,
        keep: int,
        clock: Callable[[], float] = time.time,
        pages: int = PAGES_PER_STEP,
        progress: Progress | None = None,
    ) -> None:
        self.store = store
        self.directory = directory
        self.every = every
        self.keep = keep
        self.clock = clock
        self.pages = pages
        self.progress = progress
        self.due = clock() + every
        self._stop = threading.Event()
        self._running: asyncio.Future[None] | None = None

    async def tick(self) -> Path | None:
        """Take a backup if one is due; the new backup's path, or ``None``."""
        now = self.clock()
        if now < self.due or self._stop.is_set():
            return None
        self.due = now + self.every
        if not self.store.path.is_file():
            log.info("no backup: there is no database file at %s yet", self.store.path)
            return None
        try:
            return await self.take(now)
        except Exception:
            if self._stop.is_set():
                log.info("backup stopped: the bot is closing")
            else:
                log.exception("backup failed; the next one is due in %.0f s", self.every)
            return None

    async def take(self, now: float) -> Path:
        """Back up now (named after ``now``), check the copy, then prune old ones."""
        self.directory.mkdir(parents=True, exist_ok=True)
        target = self.directory / backup_name(now)
        started = time.monotonic()
        self._running = asyncio.get_running_loop().run_in_executor(
            None,
            lambda: copy_database(
                self.store.path,
                target,
                pages=self.pages,
                progress=self.progress,
                stop=self._stop,
            ),
        )
        # Shielded: a cancelled tick leaves the copy running for :meth:`stop` to end and
        # wait for (a thread cannot be cancelled).
        await asyncio.shield(self._running)
        size = target.stat().st_size
        removed = prune(self.directory, self.keep)
        log.info(
            "backed up %s to %s (%d bytes, %.1f s); %d old backups removed",
            self.store.path,
            target,
            size,
            time.monotonic() - started,
            len(removed),
        )
        return target

    async def stop(self) -> None:
        """End a copy in progress at its next step (its partial file removed) and take no
        more; called when the bot closes, before the store does."""
        self._stop.set()
        running = self._running
        if running is not None:
            with contextlib.suppress(Exception):
                await running


def backups_for(settings: Settings, store: GameStore) -> Backups | None:
    """The client's backups: none without ``BACKUP_DIR``, and none for a store that is not
    SQLite (a server database is backed up with its own tools: said once, at start-up)."""
    if settings.backup_dir is None:
        return None
    if not isinstance(store, SqliteStore):
        log.info(
            "BACKUP_DIR is set but the games are not in SQLite: no backups are taken here; "
            "back the database up with its own tools (PostgreSQL: pg_dump, see the README)"
        )
        return None
    return Backups(
        store, settings.backup_dir, every=settings.backup_every, keep=settings.backup_keep
    )
