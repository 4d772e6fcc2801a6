"""The bot client: wires settings, store, table service, publisher, courier, scheduler, and loads
the Discord adapters as discord.py extensions (by name, from the settings: ``bot/`` imports
nothing from ``cogs/``).

Several processes (README "Several processes"): with ``SHARD_COUNT`` (and ``SHARD_IDS``) the
client is discord.py's ``AutoShardedBot`` connecting just those shards, and the scheduled work
is leased table by table (:mod:`bot.leases`); without them it is a plain ``Bot``, as ever.

Intents: only ``guilds`` (for server and channel names in DMs). Slash commands and buttons
arrive as interactions, which need no intent; no privileged intent is used.
"""

from __future__ import annotations

import asyncio
import gc
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot import render_pool, replies
from bot.backup import CHECK_SECONDS, backups_for
from bot.config import Settings
from bot.delivery.courier import Courier
from bot.i18n import CommandTranslator
from bot.leases import Claims
from bot.metrics import Metrics
from bot.publisher import Publisher
from bot.ratelimits import (
    CHANNEL_POSTS,
    Budget,
    RestPacer,
    global_share,
    rest_pacing,
    sweep_buckets_less_often,
)
from bot.ratings import Ratings
from bot.scheduler import SWEEP_SECONDS, Scheduler
from bot.store import GameStore, store_for
from bot.table import TableService

STOP_GRACE = 5.0
"""Seconds a clean stop gives the answers under way (bot/replies.py); what is left then is
answered by the next run."""
GC_THRESHOLDS = (700, 10, 100)
"""The collector's thresholds: Python's young generations (700, 10), and a full collection
considered after 100 middle ones instead of 10. Why: what lives long is frozen at start-up,
but a busy bot still grows (the tables it touches, the work it queues), and each full
collection walks all of it in the middle of someone's move. Measured (bench, one bot each):
at 500 tables, full collections of 8-75 ms every ~8 s, 5 in the last bot's minute, against 1
of 35 ms; under the load (5,000 tables), 15-16 of up to 0.35-0.48 s, 3.1-4.2 s in all,
against 2 (0.57 s). Still collected: a full collection still waits for the long-lived
objects to grow by a quarter, as Python's own rule says, and the young ones are as before."""

log = logging.getLogger(__name__)


class MonsterTableBot(commands.Bot):
    def __new__(cls, settings: Settings, store: GameStore | None = None) -> MonsterTableBot:
        """With shard settings, the sharded flavour (:class:`ShardedMonsterTableBot`), so every
        caller keeps writing ``MonsterTableBot(settings)``."""
        if cls is MonsterTableBot and settings.shard_count is not None:
            cls = ShardedMonsterTableBot
        return super().__new__(cls)

    def __init__(self, settings: Settings, store: GameStore | None = None) -> None:
        self.rest_pacer = RestPacer(  # bot.ratelimits
            global_share(settings),
            Budget(CHANNEL_POSTS.count, settings.channel_post_window_seconds),
        )
        intents = discord.Intents.none()
        intents.guilds = True
        shards: dict[str, Any] = {}
        if settings.shard_count is not None:  # AutoShardedBot's own options
            ids = list(settings.shard_ids) if settings.shard_ids is not None else None
            shards = {"shard_count": settings.shard_count, "shard_ids": ids}
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            # Nobody is pinged unless a message names them (bot.publisher.pings).
            allowed_mentions=discord.AllowedMentions.none(),
            # Discord's global 50/s is kept before it is passed, not learned from a 429.
            http_trace=rest_pacing(self.rest_pacer),
            **shards,
        )
        self.settings = settings
        sweep_buckets_less_often(self.http)  # see bot.ratelimits: 10 % of the CPU under load
        self.metrics = Metrics()  # served only when METRICS_PORT is set (setup_hook)
        self.metrics.guilds.set_function(lambda: len(self.guilds))
        self.store: GameStore = store or store_for(settings)
        self.tables = TableService(self.store, metrics=self.metrics)
        self.ratings = Ratings(self.store, self.tables)
        self.publisher = Publisher(self, self.tables)
        self.courier = Courier(
            self,
            self.store,
            self.publisher,
            metrics=self.metrics,
            coalesce_seconds=settings.edit_coalesce_seconds,
        )
        self.in_flight = replies.InFlight()
        self._answer_open: asyncio.Task[int] | None = None
        # Several processes: each does the scheduled work of the tables it holds a lease on.
        self.claims: Claims | None = None
        sweep_every = SWEEP_SECONDS
        if settings.shard_count is not None:
            self.claims = Claims(self.store, ttl=settings.lease_seconds)
            self.courier.claims = self.claims
            # Renewed at least three times a lease, so a live holder never loses one, and a
            # dead one's tables are swept up soon after its leases run out.
            sweep_every = min(SWEEP_SECONDS, settings.lease_seconds / 3)
        self.scheduler = Scheduler(
            self.tables,
            self.publisher,
            self.courier,
            bot_delay=settings.bot_move_delay_seconds,
            reminder_after=settings.reminder_after_seconds,
            claims=self.claims,
        )
        # A game's end updates the ratings at once (they also catch up at start-up and on
        # every /game stats, so a crash in between loses nothing).
        self.scheduler.on_finished.append(lambda _record: self.ratings.catch_up())
        # Periodic duties, as discord.ext.tasks loops (they survive reconnects, and test
        # harnesses recognise their sleeps).
        self._loops: list[tasks.Loop[Any]] = [
            tasks.loop(seconds=settings.delivery_poll_seconds)(self.courier.poll),
            tasks.loop(seconds=sweep_every)(self.scheduler.sweep),
            tasks.loop(seconds=settings.clock_check_seconds)(self.scheduler.tick),
            # Games that finished while ratings were not kept (a first start after an
            # upgrade may have thousands): in the background, never delaying the start.
            tasks.loop(seconds=SWEEP_SECONDS)(self._catch_up_ratings),
        ]
        if settings.reminder_check_seconds > 0:
            self._loops.append(
                tasks.loop(seconds=settings.reminder_check_seconds)(self.scheduler.remind)
            )
        # Online SQLite backups (BACKUP_DIR), the first one BACKUP_EVERY after start-up.
        self.backups = backups_for(settings, self.store)
        if self.backups is not None:
            self._loops.append(tasks.loop(seconds=CHECK_SECONDS)(self.backups.tick))
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        if self.settings.metrics_port is not None:
            self.metrics.serve(self.settings.metrics_port, self.settings.metrics_addr)
        await self.store.open()
        workers = self.settings.render_processes
        render_pool.use_processes(render_pool.auto_processes() if workers is None else workers)
        self._render_start = asyncio.create_task(render_pool.start(), name="render-start")
        self._render_start.add_done_callback(_log_failure)
        await self.tree.set_translator(CommandTranslator())
        for extension in self.settings.extensions:  # the Discord adapters, by name
            await self.load_extension(extension)
        await self.sync_commands()
        await self.scheduler.give_back_downtime()  # before any deadline is looked at
        await self.scheduler.resume()
        # The first poll delivers what a previous run committed but did not show.
        for loop in self._loops:
            loop.start()
        # The replies a previous run acknowledged and never sent (a crash, a stop): answered
        # in the background, each once the outbox showed what it committed (bot/replies.py).
        self._answer_open = asyncio.create_task(replies.answer_open(self, self), name="answer-open")
        self._answer_open.add_done_callback(_log_failure)
        # Everything loaded so far (modules, settings, the resumed tables) lives as long as the
        # process: out of the collector's sight, a full collection walks only what came after.
        # The benchmark saw one take 76 ms, in the middle of a move.
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)

    async def _release_claims(self) -> None:
        """A clean stop gives its tables back, so the other processes take them at once
        instead of after ``LEASE_SECONDS``."""
        if self.claims is None:
            return
        try:
            await self.claims.release()
        except Exception:
            log.exception("could not release the table leases; they run out by themselves")

    async def _catch_up_ratings(self) -> None:
        try:
            await self.ratings.catch_up()
        except Exception:
            log.exception("ratings catch-up failed; the next pass retries")

    async def sync_commands(self) -> None:
        """Dev guild: instant sync there; otherwise global (can take a while to appear)."""
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d slash commands", len(synced))

    async def close(self) -> None:
        # The answers under way finish first, while the outbox still shows their moves.
        await self.in_flight.drain(STOP_GRACE)
        if self._answer_open is not None:
            self._answer_open.cancel()  # what it did not answer stays for the next run
        for loop in self._loops:
            loop.cancel()
        if self.backups is not None:
            await self.backups.stop()  # a copy in progress ends before the store closes
        await self.scheduler.stop()
        await self.courier.stop()
        await self._release_claims()
        # discord.py dispatches READY from a task that outlives close() when the bot stops
        # within guild_ready_timeout of connecting; it then fails on the closed loop.
        ready = getattr(self._connection, "_ready_task", None)
        if ready is not None:
            ready.cancel()
        await super().close()
        await self.store.close()
        render_pool.shutdown()
        self.metrics.stop_serving()

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        # Every interaction passes here as discord.py parses it, before any handler can answer.
        if event_name == "interaction":
            self.metrics.interaction_received(args[0])
        super().dispatch(event_name, *args, **kwargs)

    async def on_ready(self) -> None:
        log.info(
            "logged in as %s (%s) in %d servers",
            self.user,
            getattr(self.user, "id", "?"),
            len(self.guilds),
        )

    async def _on_tree_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        log.error(
            "command %s failed", getattr(interaction.command, "qualified_name", "?"), exc_info=error
        )
        self.metrics.discord_error(error)
        await replies.apology(interaction)


def _log_failure(task: asyncio.Task[Any]) -> None:
    """A background start-up step that failed says so (the bot goes on without it)."""
    if not task.cancelled() and task.exception() is not None:
        log.error("%s failed", task.get_name(), exc_info=task.exception())


class ShardedMonsterTableBot(MonsterTableBot, commands.AutoShardedBot):
    """The bot as one of several processes: discord.py's ``AutoShardedBot`` (only the shards
    in ``SHARD_IDS``), everything else :class:`MonsterTableBot`."""
