"""Things that happen without a click: bot players taking their turns, and reminders.

Bot seats move through the same :meth:`TableService.act_for_bot` path as a human's move
(same lock, same compare-and-swap), after a short pause so people can follow. After a restart,
:meth:`Scheduler.resume` picks up every game where a bot is due, so nothing waits forever.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from bot.i18n import t
from bot.publisher import Publisher, jump_url, mention
from bot.store import ACTIVE, GameRecord
from bot.table import MoveResult, TableError, TableService

log = logging.getLogger(__name__)

MAX_BOT_MOVES_PER_RUN = 10_000
MAX_BOT_MOVES_PER_MESSAGE = 40


class Scheduler:
    def __init__(
        self,
        tables: TableService,
        publisher: Publisher,
        *,
        bot_delay: float,
        reminder_after: float,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.tables = tables
        self.publisher = publisher
        self.bot_delay = bot_delay
        self.reminder_after = reminder_after
        self.clock = clock
        self._bot_tasks: dict[int, asyncio.Task[None]] = {}

    # -- bot players ----------------------------------------------------------------------

    def bots_due(self, record: GameRecord) -> list[int]:
        return [s for s in self.tables.pending(record) if record.seats[s].is_bot]

    def after_change(self, record: GameRecord) -> None:
        """Call after any committed change: starts the bot runner if a bot must act."""
        if record.status != ACTIVE or not self.bots_due(record):
            return
        running = self._bot_tasks.get(record.id)
        if running is not None and not running.done():
            return
        task = asyncio.create_task(self._run_bots(record.id), name=f"bots-{record.id}")
        self._bot_tasks[record.id] = task

    async def _run_bots(self, game_id: int) -> None:
        """Play every bot move that is due. A chain of bot moves (several bots in a row, or a
        bot's whole turn) is published as one table message when it ends, so a channel sees
        one update per human decision instead of a message per bot card."""
        chain: list[MoveResult] = []
        for _ in range(MAX_BOT_MOVES_PER_RUN):
            if not chain:
                await asyncio.sleep(self.bot_delay)
            record = await self.tables.get(game_id)
            due = self.bots_due(record)
            if not due:
                break
            try:
                chain.append(await self.tables.act_for_bot(game_id, due[0], record.version))
            except TableError as error:
                if error.code == "stale":
                    await self._publish(game_id, chain)  # a human moved meanwhile: show ours
                    chain = []
                    continue
                log.warning("bot seat of table %d refused: %s", game_id, error.code)
                break
            if len(chain) >= MAX_BOT_MOVES_PER_MESSAGE:
                await self._publish(game_id, chain)
                chain = []
        await self._publish(game_id, chain)

    async def _publish(self, game_id: int, chain: list[MoveResult]) -> None:
        if not chain:
            return
        try:
            await self.publisher.publish_move(MoveResult.merge(chain))
        except Exception:
            log.exception("could not publish bot moves of table %d", game_id)

    async def resume(self) -> None:
        """After a start-up: let every bot that is due move."""
        for record in await self.tables.store.list_active(with_bots=True):
            self.after_change(record)

    async def stop(self) -> None:
        for task in self._bot_tasks.values():
            task.cancel()
        await asyncio.gather(*self._bot_tasks.values(), return_exceptions=True)
        self._bot_tasks.clear()

    async def wait_idle(self) -> None:
        """Wait until no bot runner is busy (used by tests and the benchmark)."""
        while any(not task.done() for task in self._bot_tasks.values()):
            await asyncio.gather(*self._bot_tasks.values(), return_exceptions=True)

    # -- reminders ------------------------------------------------------------------------

    async def remind_idle(self) -> list[int]:
        """Remind once, in the table's channel, every human who has left a move waiting
        longer than the configured time. Returns the ids of the tables reminded."""
        reminded: list[int] = []
        now = self.clock()
        for record in await self.tables.store.list_active(idle_since=now - self.reminder_after):
            humans = [s for s in self.tables.pending(record) if not record.seats[s].is_bot]
            if not humans:
                continue
            await self._remind(record, humans)
            await self.tables.store.mark_reminded(record.id, record.version)
            reminded.append(record.id)
        return reminded

    async def _remind(self, record: GameRecord, seats: list[int]) -> None:
        who = ", ".join(mention(record, seat) for seat in seats)
        text = t(
            record.locale, "⏰ {who}, table #{id} is waiting for your move.", who=who, id=record.id
        )
        channel = self.publisher.client.get_partial_messageable(
            record.channel_id, guild_id=record.guild_id
        )
        url = jump_url(record)
        await channel.send(f"{text} {url}" if url else text)

    async def reminder_loop(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await self.remind_idle()
            except Exception:
                log.exception("reminder pass failed")
