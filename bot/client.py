"""The bot client: wires settings, store, table service, publisher, scheduler and cogs.

Intents: only ``guilds`` (for server and channel names in DMs). Slash commands and buttons
arrive as interactions, which need no intent; no privileged intent is used.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Settings
from bot.flows import apology
from bot.i18n import CommandTranslator
from bot.publisher import Publisher
from bot.scheduler import Scheduler
from bot.store import GameStore, SqliteStore
from bot.table import TableService

log = logging.getLogger(__name__)


class MonsterTableBot(commands.Bot):
    def __init__(self, settings: Settings, store: GameStore | None = None) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
        )
        self.settings = settings
        self.store: GameStore = store or SqliteStore(settings.database_path)
        self.tables = TableService(self.store)
        self.publisher = Publisher(self, self.tables)
        self.scheduler = Scheduler(
            self.tables,
            self.publisher,
            bot_delay=settings.bot_move_delay_seconds,
            reminder_after=settings.reminder_after_seconds,
        )
        self._background: list[asyncio.Task[None]] = []
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        await self.store.open()
        await self.tree.set_translator(CommandTranslator())
        from cogs import setup_cogs

        await setup_cogs(self)
        await self.sync_commands()
        await self.scheduler.resume()
        if self.settings.reminder_check_seconds > 0:
            self._background.append(
                asyncio.create_task(
                    self.scheduler.reminder_loop(self.settings.reminder_check_seconds),
                    name="reminders",
                )
            )

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
        for task in self._background:
            task.cancel()
        await asyncio.gather(*self._background, return_exceptions=True)
        await self.scheduler.stop()
        await super().close()
        await self.store.close()

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
        await apology(interaction)
