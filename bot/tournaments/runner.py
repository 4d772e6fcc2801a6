"""What a tournament does by itself on Discord: open each round's tables in threads of its
channel (seats filled, started at once with the tournament's clock), count each table's result
when its game ends, post the standings image after each round and pair the next.

Two ways in, both idempotent (:meth:`TournamentRunner.advance` reads the stored tournament and
the stored games and does only what is left): the scheduler's hook when a game ends
(``on_finished``, the same path that updates the ratings), and a sweep every minute, which also
starts a tournament whose registration deadline passed, counts tables ended by other paths (a
host's ``/game end``), opens a table a failure left unopened, and catches up after a restart.

Each table opens exactly once: its thread is noted in the tournament before the table opens
there, and the table carries its pairing's key, so after a crash between opening a table and
noting its game the next pass finds that table in that thread and only notes it
(:meth:`Tournaments.open_board`). A crash between creating a thread and noting it leaves an
empty thread behind, never a second game.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import weakref
from typing import TYPE_CHECKING, Any

import discord

from bot import threads
from bot.i18n import N_, t
from bot.store import (
    ABANDONED,
    FINISHED,
    OPEN_TOURNAMENTS,
    REGISTRATION,
    RUNNING,
    GameRecord,
    TournamentRecord,
)
from bot.table import TableError
from bot.tournaments.model import Tournament
from bot.tournaments.service import Tournaments
from bot.tournaments.show import standings_payload

if TYPE_CHECKING:
    from bot.client import MonsterTableBot

log = logging.getLogger(__name__)

SWEEP_LIMIT = 500
"""Open tournaments the sweep looks at per pass."""


class TournamentRunner:
    """Drives every tournament of this bot (one per process; the store keeps it right)."""

    def __init__(self, bot: MonsterTableBot) -> None:
        self.bot = bot
        self.service = Tournaments(bot.store, bot.tables)
        self._advancing: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )
        self._background: set[asyncio.Task[None]] = set()

    async def on_finished(self, record: GameRecord) -> None:
        """The scheduler's hook: a game ended; if it was a tournament's table, go on."""
        tournament_id = record.extra.get("tournament")
        if tournament_id is not None:
            # Outside the finishing move's context: the tables it opens answer no command.
            loop = asyncio.get_running_loop()
            await loop.create_task(self.advance(int(tournament_id)), context=contextvars.Context())

    async def sweep(self) -> None:
        """Every open tournament: start those whose deadline passed, advance the running."""
        for record in await self.bot.store.tournaments(None, OPEN_TOURNAMENTS, SWEEP_LIMIT):
            try:
                if record.status == REGISTRATION and record.deadline is not None:
                    if record.deadline <= self.service.clock():
                        await self.start_by_deadline(record)
                elif record.status == RUNNING:
                    await self.advance(record.id)
            except Exception:
                log.exception("tournament %d: the sweep failed; the next one retries", record.id)

    async def start_by_deadline(self, record: TournamentRecord) -> None:
        """Registration closed by its deadline: round 1, or, with too few entrants, the end."""
        try:
            await self.service.start(record, None)
        except TableError as error:
            if error.code != "too_few_entrants":
                raise
            ended = await self.service.end(
                record, Tournament.load(record.data).host_id, moderator=True
            )
            await self._say(
                ended, N_("⚠️ Tournament #{id} had too few entrants by its deadline and is closed.")
            )
            return
        await self.advance(record.id)

    def start_soon(self, tournament_id: int) -> None:
        """Advance in the background, outside the command's context (the tables opened are
        the tournament's doing, not an answer to the command)."""
        task = self.bot.loop.create_task(
            self._advance_logged(tournament_id), context=contextvars.Context()
        )
        self._background.add(task)  # kept until done: the loop holds tasks only weakly
        task.add_done_callback(self._background.discard)

    async def _advance_logged(self, tournament_id: int) -> None:
        try:
            await self.advance(tournament_id)
        except Exception:
            log.exception("tournament %d could not advance; the sweep retries", tournament_id)

    async def advance(self, tournament_id: int) -> None:
        """Count the ended tables, turn the round over when it is decided (posting its
        standings), and open the tables of the round in play that are not open yet; one pass
        at a time per tournament (the hook and the sweep may both call), so no table opens
        twice."""
        lock = self._advancing.get(tournament_id)
        if lock is None:
            lock = self._advancing[tournament_id] = asyncio.Lock()
        async with lock:
            await self._advance(tournament_id)

    async def _advance(self, tournament_id: int) -> None:
        record = await self.service.get(tournament_id, None)
        if record.status != RUNNING:
            return
        for board in Tournament.load(record.data).played[-1].boards:
            if board.game_id is not None and not board.decided:
                game = await self.bot.store.get(board.game_id)
                if game is not None and game.status in (FINISHED, ABANDONED):
                    await self.service.decide(tournament_id, game)
        while True:
            record, due = await self.service.turn_over(tournament_id)
            if due is None:
                break
            await self.post_standings(record, due + 1)
        if record.status == RUNNING:
            await self.open_round(record)

    async def open_round(self, record: TournamentRecord) -> None:
        """Open, one after the other, the current round's tables not open yet: each in its
        own thread, noted in the tournament before the table opens there, so the table opens
        once even if this process dies half-way (:meth:`Tournaments.open_board`)."""
        t_ = Tournament.load(record.data)
        number = len(t_.played) - 1
        for index, board in enumerate(t_.played[number].boards):
            if board.game_id is None:
                channel_id = board.channel_id or await self._reserve_thread(record, number, index)
                if channel_id is None:
                    return
                try:
                    game = await self.service.open_board(record.id, number, index)
                except TableError as busy:
                    if busy.code != "channel_busy":
                        raise
                    # Someone opened their own table in the (empty) thread after a crash.
                    moved = await self._reserve_thread(record, number, index, channel_id)
                    if moved is None:
                        return
                    game = await self.service.open_board(record.id, number, index)
                await self._welcome(game, [t_.entrants[e].user_id for e in board.entrants])
                self._show(game)

    async def _reserve_thread(
        self, record: TournamentRecord, number: int, index: int, instead_of: int | None = None
    ) -> int | None:
        """A new thread of the tournament's channel, noted as the table's; None when the
        channel is gone. (A crash before the note leaves an empty thread, never a game.)"""
        parent = self.bot.get_channel(record.channel_id)
        if not isinstance(parent, discord.TextChannel):
            log.warning("tournament %d: channel %d is gone", record.id, record.channel_id)
            return None
        t_ = Tournament.load(record.data)
        thread = await threads.open_thread(parent, threads.thread_name(t_.game, t_.locale))
        try:
            reserved = await self.service.reserve(
                record.id, number, index, thread.id, instead_of=instead_of
            )
        except Exception:
            await threads.discard(thread, self.bot.store, t_.locale)  # no empty thread left
            raise
        if reserved != thread.id:  # another pass noted its own thread first
            await threads.discard(thread, self.bot.store, t_.locale)
        return reserved

    async def _welcome(self, game: GameRecord, people: list[int | None]) -> None:
        """The table's thread named after it, its players added to it (again after a
        retry: both are harmless twice)."""
        thread = self.bot.get_channel(game.channel_id)
        if thread is None:  # not cached yet (or not since a restart)
            with contextlib.suppress(discord.HTTPException):
                thread = await self.bot.fetch_channel(game.channel_id)
        if not isinstance(thread, discord.Thread):
            return
        with contextlib.suppress(discord.HTTPException):
            await thread.edit(name=threads.thread_name(game.game, game.locale, game.id))
        for user_id in people:
            if user_id is not None:
                with contextlib.suppress(discord.HTTPException):
                    await thread.add_user(discord.Object(user_id))

    def _show(self, game: GameRecord) -> None:
        """Have the new table shown and its bots play, as after any committed change."""
        self.bot.publisher.prepare_table(game)
        self.bot.courier.kick(game.id)
        self.bot.scheduler.after_change(game)

    async def post_standings(self, record: TournamentRecord, rounds: int) -> None:
        """The standings image after round ``rounds``, in the tournament's channel."""
        channel = self.bot.get_channel(record.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return
        payload = await standings_payload(record, rounds, Tournament.load(record.data).locale)
        try:
            await channel.send(**payload.send_kwargs())
        except discord.HTTPException as error:
            log.warning("tournament %d: standings not posted: %s", record.id, error)

    async def announce_created(self, record: TournamentRecord) -> None:
        """Tell the channel a tournament is open, so others can enter."""
        t_ = Tournament.load(record.data)
        engine = self.bot.tables.engine(t_.game)
        await self._say(
            record,
            N_("🏆 Tournament #{id} of {game} is open: enter with `/tournament join`."),
            game=engine.names.get(t_.locale, t_.game),
        )

    async def _say(self, record: TournamentRecord, text: str, **params: Any) -> None:
        channel = self.bot.get_channel(record.channel_id)
        if isinstance(channel, discord.abc.Messageable):
            locale = Tournament.load(record.data).locale
            with contextlib.suppress(discord.HTTPException):
                await channel.send(t(locale, text, id=record.id, **params))
