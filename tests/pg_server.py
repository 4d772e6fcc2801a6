"""A real PostgreSQL server for the tests, started by the tests themselves.

The server is the ``pgserver`` wheel's (PostgreSQL's own binaries inside a Python wheel, from
the ``[test]`` extra), so a fresh machine needs nothing but ``pip install``. PostgreSQL refuses
to run as root: as root, pgserver runs it as a system user it creates (``pgserver``). It listens
on a Unix socket in its own temporary directory only (no TCP port), so the two pytest-xdist
workers each start their own without clashing.

Each worker session starts one server and migrates a template database once; every test gets
a fresh database copied from it (``CREATE DATABASE ... TEMPLATE``, a file copy), so tests stay
independent. Durability is switched off (``fsync``, ``synchronous_commit``): a test server
never survives a power cut, and the tests run faster without it.
"""

from __future__ import annotations

import fcntl
import itertools
import os
import pwd
import subprocess
import tempfile
import warnings
from pathlib import Path
from typing import Any

import asyncpg

from bot.store.postgres import PostgresStore

TEMPLATE = "monster_table_template"
SERVER_USER = "pgserver"
"""The system user pgserver runs PostgreSQL as when started by root (its name, fixed)."""
_FAST = ("fsync", "synchronous_commit", "full_page_writes")


def _ensure_server_user() -> None:
    """As root, create pgserver's system user once, under a file lock. pgserver creates it
    itself, unlocked: on a fresh machine both xdist workers found it missing, both ran
    ``useradd``, and the second one's failure failed every PostgreSQL test of that worker."""
    if os.geteuid() != 0:
        return
    with open(Path(tempfile.gettempdir()) / "monster-table-pg-user.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            pwd.getpwnam(SERVER_USER)
        except KeyError:
            subprocess.run(["useradd", "-s", "/bin/bash", SERVER_USER], check=True)


class PgServer:
    """One running server: :meth:`database` makes a fresh migrated database's URL."""

    def __init__(self) -> None:
        # Not under pytest's tmp_path: every pytest process that starts (the other xdist
        # worker, too) resets /tmp/pytest-of-<user> to mode 0700, which would lock the server's
        # own user out of its data directory mid-run.
        self._home = Path(tempfile.mkdtemp(prefix="monster-table-pg-"))
        self._data_dir = self._home / "data"
        self._server: Any = None  # started by the first test that needs it
        self._names = itertools.count(1)
        self._ready = False

    def url(self, database: str = "postgres") -> str:
        if self._server is None:
            with warnings.catch_warnings():  # platformdirs warns when XDG_RUNTIME_DIR is unset
                warnings.simplefilter("ignore")
                import pgserver

                _ensure_server_user()
                self._server = pgserver.get_server(self._data_dir, cleanup_mode="stop")
        return str(self._server.get_uri(database))

    async def _prepare(self) -> None:
        """Durability off, and the migrated template (once per server)."""
        admin = await asyncpg.connect(self.url())
        try:
            for setting in _FAST:
                await admin.execute(f"ALTER SYSTEM SET {setting} = off")
            await admin.execute("SELECT pg_reload_conf()")
            await admin.execute(f"CREATE DATABASE {TEMPLATE}")
        finally:
            await admin.close()
        store = PostgresStore(self.url(TEMPLATE), max_connections=1)
        await store.open()  # runs the migrations
        await store.close()  # a template must have no connections when copied
        self._ready = True

    async def empty_database(self) -> str:
        """A new database with no schema at all (for migration tests)."""
        return await self._create("")

    async def database(self) -> str:
        """A new database, already migrated, that no other test uses."""
        if not self._ready:
            await self._prepare()
        return await self._create(f" TEMPLATE {TEMPLATE}")

    async def _create(self, template: str) -> str:
        name = f"test_{next(self._names)}"
        admin = await asyncpg.connect(self.url())
        try:
            await admin.execute(f"CREATE DATABASE {name}{template}")
        finally:
            await admin.close()
        return self.url(name)

    def stop(self) -> None:
        """Stop the server, then delete its files in the background.

        A session's databases are a few hundred copies of the template, some 12,000 files:
        deleting them took 15-30 s at the end of each xdist worker, in the middle of the CI
        run. ``rm`` in a session of its own finishes after pytest has moved on."""
        if self._server is not None:
            self._server.cleanup()
        subprocess.Popen(
            ["rm", "-rf", str(self._home)],
            start_new_session=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
