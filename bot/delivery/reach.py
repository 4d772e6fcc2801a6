"""Whom a DM reaches: Discord's refusals remembered, so a DM known closed is not tried again.

Why: every DM Discord refuses (403, 50007: the player's DMs are closed) is an invalid request,
and 10,000 of them in 10 minutes ban the bot's IP (issue 27 §2). So a refusal is remembered
for :data:`RETRY_AFTER_SECONDS`; a table that told its channel a player's DMs are closed (its
stored closed-DM notice) is believed by a restarted bot too; and the DMs to a player this
process has not reached yet go one at a time, so the first refusal is known before the next
is sent. Under load the pacer holds requests for seconds (bot/ratelimits.py): a closed-DM
player at ten tables was sent all ten tables' DMs before the first 403 came back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable

from bot.store import DM_NOTICE, GameStore

log = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 3600
"""A closed DM is not tried again for an hour (then once, in case they were opened)."""
KEPT = 4096
"""Players known reached, and tables and seats whose notice was looked up, remembered before
being forgotten (then one DM goes alone again, or one query more: never a refused DM more)."""


class DmReach:
    """What this process knows of whose DMs are open: refusals, players reached, and the
    first DM to each player not yet reached, sent alone."""

    def __init__(self, store: GameStore, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.clock = clock
        """Seconds, for the hour a refusal is believed: bound when this module is imported,
        so a test harness that swaps ``time.monotonic`` for a virtual clock in some tasks
        only (simcord does) leaves one clock for every task."""
        self._closed: dict[int, float] = {}
        self._reached: set[int] = set()
        self._notices_read: set[tuple[int, int]] = set()
        self._first: dict[int, asyncio.Lock] = {}
        self._waiting: Counter[int] = Counter()

    def is_closed(self, user_id: int) -> bool:
        """Whether Discord refused this player's DMs within the last hour."""
        closed_at = self._closed.get(user_id)
        return closed_at is not None and self.clock() - closed_at < RETRY_AFTER_SECONDS

    async def known_closed(self, game_id: int, seat: int, user_id: int) -> bool:
        """Whether the player's DMs are known closed: refused lately, or this table told its
        channel so (read once per table and seat; a refusal it recalls counts from now)."""
        if self.is_closed(user_id):
            return True
        if (game_id, seat) in self._notices_read:
            return False
        if len(self._notices_read) >= KEPT:
            self._notices_read.clear()
        self._notices_read.add((game_id, seat))
        if seat not in await self.store.delivered_kinds(game_id, DM_NOTICE):
            return False
        self.refused(user_id)
        return True

    def refused(self, user_id: int) -> None:
        """Discord refused a DM to this player (or a table recalls it)."""
        self._closed[user_id] = self.clock()
        self._reached.discard(user_id)

    def reached(self, user_id: int) -> None:
        """A DM to this player went through: later ones need not go alone."""
        if self._closed.pop(user_id, None) is not None:
            log.info("DMs of user %d are open again", user_id)
        if len(self._reached) >= KEPT:
            self._reached.clear()
        self._reached.add(user_id)

    @contextlib.asynccontextmanager
    async def turn(self, user_id: int) -> AsyncIterator[None]:
        """Hold while a DM to ``user_id`` is sent: at once for a player reached already,
        else after the other DMs to them under way (check :meth:`is_closed` inside)."""
        if user_id in self._reached:
            yield
            return
        lock = self._first.setdefault(user_id, asyncio.Lock())
        self._waiting[user_id] += 1
        try:
            async with lock:
                yield
        finally:
            self._waiting[user_id] -= 1
            if not self._waiting[user_id]:
                del self._waiting[user_id], self._first[user_id]
