"""Things that happen without a click: moves the table makes itself, and reminders.

Bot seats are played through the same :meth:`TableService.act_automatically` path as a
human's move (same lock, same compare-and-swap, same announcement), after a short pause so
people can follow. (A player's only possible move, when public information alone forces it, is
made by the table service with the move that forced it; the runner plays one only if a table
was left so by an older version.)
The courier holds the table's messages while a chain of such moves is made, so the channel
sees one update for the whole chain.

Nothing waits for ever: a change made while a runner is finishing makes it look again, and a
sweep every minute (and at start-up) starts a runner for any table where a bot seat must act,
whatever raced. Clocks (:mod:`bot.deadlines`): every few seconds :meth:`Scheduler.tick` wakes
the tables whose ``wake_at`` came (a deadline, or a reminder before one) and writes the
heartbeat that lets a restart give back the time the bot was down.

Several processes (``claims``, :mod:`bot.leases`): the sweep, the clock tick and the reminder
pass act only on the tables this process holds a lease on, renewed on every pass, so one
process does each table's scheduled work and another takes it over when that one dies. A
runner started by a change this process committed plays at once, lease or not (it claims the
table as it starts, so the others leave it alone); the compare-and-swap keeps the table right
whoever plays.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine, Iterable
from typing import Any

import discord

from bot import timing
from bot.clock import Clock
from bot.deadlines import Reminder
from bot.delivery.attempts import DISCORD_CANNOT_DM
from bot.delivery.courier import Courier
from bot.i18n import t
from bot.leases import Claims
from bot.narration import game_name, humans, jump_url, mention
from bot.payload import pings
from bot.publisher import Publisher
from bot.ratelimits import LOW, priority
from bot.store import ACTIVE, FINISHED, GameRecord
from bot.table import TableError, TableService

log = logging.getLogger(__name__)

MAX_AUTOMATIC_MOVES_PER_RUN = 10_000
SWEEP_SECONDS = 60.0


class Scheduler:
    def __init__(
        self,
        tables: TableService,
        publisher: Publisher,
        courier: Courier,
        *,
        bot_delay: float,
        reminder_after: float,
        clock: Callable[[], float] = time.time,
        claims: Claims | None = None,
    ) -> None:
        self.tables = tables
        self.claims = claims
        """This process's leases (several processes); None: it does every table's work."""
        self.publisher = publisher
        self.courier = courier
        self.bot_delay = bot_delay
        self.reminder_after = reminder_after
        self.clock = clock
        self._runners: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self.deadlines = publisher.deadlines
        self.on_finished: list[Callable[[GameRecord], Coroutine[Any, Any, object]]] = []
        """Called (in the background) after a change that finished a game: ratings."""
        self._background: set[asyncio.Task[object]] = set()

    # -- automatic moves ------------------------------------------------------------------

    def due(self, record: GameRecord) -> list[int]:
        """Seats whose move the table makes now (bots, forced moves)."""
        if record.status != ACTIVE:
            return []
        return self.tables.automatic_seats(record)

    def after_change(self, record: GameRecord) -> None:
        """Call after any committed change: makes sure a runner plays what is due."""
        if record.status == FINISHED:
            self._finished(record)
        if record.status != ACTIVE:
            return
        running = self._runners.get(record.id)
        if running is not None and not running.done():
            self._again.add(record.id)  # it may be past its last look: make it look again
            return
        if not self.due(record):
            return
        task = asyncio.create_task(self._run(record.id), name=f"automatic-{record.id}")
        self._runners[record.id] = task
        task.add_done_callback(lambda done: self._forget_runner(record.id, done))

    def _forget_runner(self, game_id: int, task: asyncio.Task[None]) -> None:
        """A finished runner is not kept: one per table ever played would grow for ever."""
        if self._runners.get(game_id) is task:
            del self._runners[game_id]

    def _finished(self, record: GameRecord) -> None:
        """A game ended: run the hooks (ratings) in the background."""
        for hook in self.on_finished:
            task: asyncio.Task[object] = asyncio.create_task(
                hook(record), name=f"finished-{record.id}"
            )
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    async def _run(self, game_id: int) -> None:
        """Play every automatic move that is due, then look again if something changed while
        it finished."""
        try:
            while True:
                self._again.discard(game_id)
                await self._mine([game_id])  # take or renew it: the others leave it alone
                await asyncio.sleep(self.bot_delay)
                with self.courier.hold(game_id):
                    await self._play_chain(game_id)
                if game_id not in self._again:
                    return
        except Exception:
            log.exception("automatic moves of table %d failed; the sweep will retry", game_id)

    async def _play_chain(self, game_id: int) -> None:
        for _ in range(MAX_AUTOMATIC_MOVES_PER_RUN):
            record = await self.tables.get(game_id)
            due = self.due(record)
            if not due:
                return
            try:
                moved = await self.tables.act_automatically(game_id, due[0], record.version)
                if moved.finished:
                    self._finished(moved.after)
            except TableError as error:
                if error.code == "stale":
                    continue  # a person moved meanwhile: look again
                log.warning("automatic move at table %d refused: %s", game_id, error.code)
                return

    async def resume(self) -> None:
        """Start a runner wherever a bot seat must act (at start-up, and every sweep). A
        player's forced move is made with the move that forced it, in the same transaction,
        so only bot seats can be left waiting."""
        waiting = [r for r in await self.tables.store.list_active(with_bots=True) if self._due(r)]
        mine = set(await self._mine(r.id for r in waiting))
        for record in waiting:
            if record.id not in mine:
                continue  # another live process holds it
            try:
                self.after_change(record)
            except Exception:
                log.exception("could not look at table %d", record.id)

    def _due(self, record: GameRecord) -> bool:
        try:
            return bool(self.due(record))
        except Exception:
            log.exception("could not look at table %d", record.id)
            return False

    async def _mine(self, game_ids: Iterable[int]) -> list[int]:
        """Of these tables, the ones this process acts on: every one in a single process;
        with several, those it holds a lease on (taken or renewed now), in the given order."""
        ids = list(game_ids)
        if self.claims is None:
            return ids
        held = await self.claims.claim(ids)
        return [game_id for game_id in ids if game_id in held]

    async def sweep(self) -> None:
        """What the client runs every :data:`SWEEP_SECONDS`: no bot seat stays stuck."""
        try:
            await self.resume()
        except Exception:
            log.exception("sweep failed")

    async def stop(self) -> None:
        """Cancel the runners and the finishing hooks still running (a hook caught by a
        shutdown, such as a ratings catch-up, is redone at the next start), before the store
        closes under them."""
        tasks = [*self._runners.values(), *self._background]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._runners.clear()
        self._background.clear()

    async def wait_idle(self) -> None:
        """Wait until no runner is busy (used by tests and the benchmark)."""
        while any(not task.done() for task in self._runners.values()):
            await asyncio.gather(*self._runners.values(), return_exceptions=True)

    # -- clocks ---------------------------------------------------------------------------

    async def tick(self) -> list[int]:
        """What the client runs every ``CLOCK_CHECK_SECONDS``: act on every table whose
        deadline or reminder came. Returns the ids of the tables woken."""
        woken: list[int] = []
        try:
            await self.tables.store.heartbeat(self.tables.clock())
            for game_id in await self._mine(await self.tables.store.waking(self.tables.clock())):
                await self._wake(game_id)
                woken.append(game_id)
        except Exception:
            log.exception("clock pass failed")
        return woken

    async def _wake(self, game_id: int) -> None:
        try:
            woken = await self.deadlines.wake(game_id)
        except Exception:
            log.exception("deadline of table %d failed; the next tick retries", game_id)
            return
        if woken.changed and woken.record is not None:
            self.courier.kick(game_id)
            self.after_change(woken.record)
        for reminder in woken.reminders:
            await self._send_reminder(reminder)

    async def _send_reminder(self, reminder: Reminder) -> None:
        """A DM with a jump link, unless the player turned reminders off or their DMs are
        known closed (a refused DM is an invalid request; the table shows the deadline). At
        most once: the clock records it before it is sent."""
        record, seat = reminder.record, reminder.seat
        info = record.seats[seat]
        if info.user_id is None or not await self._wants_reminders(record, seat):
            return
        reach = self.courier.reach
        if await reach.known_closed(record.id, seat, info.user_id):
            return
        text = timing.reminder_text(
            info.locale, game_name(record, info.locale), record.id, reminder.due, jump_url(record)
        )
        try:
            with priority(LOW):  # after any table post and hand the pacer holds
                await self.publisher.dms.using(info.user_id, lambda channel: channel.send(text))
        except discord.HTTPException as error:  # closed DMs: the table shows the deadline
            if isinstance(error, discord.Forbidden) and error.code == DISCORD_CANNOT_DM:
                reach.refused(info.user_id)
            log.info("reminder to %s for table %d not sent: %s", info.user_id, record.id, error)

    async def give_back_downtime(self) -> float:
        """At start-up, before anything is due: time the bot was down is added to every
        running clock."""
        gap = await self.deadlines.give_back_downtime()
        if gap:
            log.info("gave every running clock back %.0f s of downtime", gap)
        return gap

    # -- reminders ------------------------------------------------------------------------

    async def remind_idle(self) -> list[int]:
        """Remind once, in the table's channel, every human who has left a move waiting
        longer than the configured time. Returns the ids of the tables reminded."""
        reminded: list[int] = []
        now = self.clock()
        idle = await self.tables.store.list_active(idle_since=now - self.reminder_after)
        mine = set(await self._mine(record.id for record in idle))
        for record in idle:
            if record.id not in mine or Clock.load(record.clock).enabled:
                continue  # a clocked table reminds by DM before each deadline
            waiting = [
                s for s in self.tables.pending(record) if await self._wants_reminders(record, s)
            ]
            if not waiting:
                continue
            await self._remind(record, waiting)
            await self.tables.store.mark_reminded(record.id, record.version)
            reminded.append(record.id)
        return reminded

    async def _wants_reminders(self, record: GameRecord, seat: int) -> bool:
        user_id = record.seats[seat].user_id
        return user_id is not None and (await self.tables.store.prefs(user_id)).reminders

    async def _remind(self, record: GameRecord, seats: list[int]) -> None:
        who = ", ".join(mention(record, seat) for seat in seats)
        text = t(
            record.locale, "⏰ {who}, table #{id} is waiting for your move.", who=who, id=record.id
        )
        channel = self.publisher.client.get_partial_messageable(
            record.channel_id, guild_id=record.guild_id
        )
        url = jump_url(record)
        await channel.send(
            f"{text} {url}" if url else text, allowed_mentions=pings(humans(record, seats))
        )

    async def remind(self) -> None:
        """What the client runs every ``REMINDER_CHECK_SECONDS``."""
        try:
            await self.remind_idle()
        except Exception:
            log.exception("reminder pass failed")
