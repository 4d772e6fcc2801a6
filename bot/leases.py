"""Claims on tables' scheduled work, so several bot processes sharing one database do not all
do it (README "Several processes").

Work nobody clicked for (a bot seat's move found by the sweep, a deadline, a reminder, an
outbox retry) is looked for by every process; each acts only on the tables it holds a lease
on. A lease is two columns of the table's row (holder, until), taken in one ``UPDATE`` when it
is free, expired, or already this holder's: exactly one process gets it, and renewing it on
every pass keeps it. A process that dies stops renewing, so another takes its tables over
once the lease runs out (``LEASE_SECONDS``).

Leases are an optimisation: they keep processes from doing the same work twice. What keeps a
table right is the compare-and-swap on its version, whoever writes.
"""

from __future__ import annotations

import os
import secrets
import socket
import time
from collections.abc import Callable, Iterable

from bot.store.base import GameStore

CHUNK = 500
"""Tables claimed per statement (a sweep may find thousands)."""


def new_holder() -> str:
    """This process's name on its leases: host, pid and a random part (a pid is reused)."""
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(4)}"


class Claims:
    """One process's leases on one store."""

    def __init__(
        self,
        store: GameStore,
        *,
        ttl: float,
        holder: str | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.ttl = ttl
        self.holder = holder or new_holder()
        self.clock = clock

    async def claim(self, game_ids: Iterable[int]) -> set[int]:
        """Of these tables, the ones this process holds now (taken or renewed)."""
        ids = sorted(set(game_ids))
        held: set[int] = set()
        now = self.clock()
        for start in range(0, len(ids), CHUNK):  # bound the statement's number of parameters
            chunk = ids[start : start + CHUNK]
            held.update(await self.store.claim_tables(chunk, self.holder, now, self.ttl))
        return held

    async def release(self) -> None:
        """Give every lease back (a clean shutdown): the others take over at once."""
        await self.store.release_tables(self.holder)
