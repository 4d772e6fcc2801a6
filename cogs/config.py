"""``/game config``: a server's own settings (issue 30), a command of the ``/game`` group.

Why a mixin and not a cog of its own: Discord shows one ``/game`` group, and discord.py builds
a group cog's commands from its class and bases, so :class:`cogs.game.GameCog` takes this
class as a base and the command lives here, apart from the table commands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.flows import answer
from bot.layout import CLASSIC, MODERN
from bot.server_config import SERVER_LANGUAGE, configure

if TYPE_CHECKING:
    from bot.client import MonsterTableBot

CLOCK_CHOICES = [
    app_commands.Choice(name=name, value=value)
    for value, name in (
        ("none", "No clock"),
        ("10m", "10 minutes"),
        ("1h", "1 hour"),
        ("12h", "12 hours"),
        ("24h", "24 hours"),
        ("3d", "3 days"),
    )
]
BANK_CHOICES = [
    app_commands.Choice(name=name, value=value)
    for value, name in (("none", "No bank"), ("1h", "1 hour"), ("1d", "1 day"), ("3d", "3 days"))
]
LANGUAGE_CHOICES = [
    app_commands.Choice(name=name, value=value)
    for value, name in (
        (SERVER_LANGUAGE, "The server's Discord language"),
        ("en", "English"),
        ("it", "Italiano"),
    )
]
LAYOUT_CHOICES = [
    app_commands.Choice(name=name, value=value)
    for value, name in (
        (CLASSIC, "Classic: embeds, every client shows them"),
        (MODERN, "Modern: one container (Discord's newer layout)"),
    )
]
CLEAR_CHOICES = [
    app_commands.Choice(name=name, value=value)
    for value, name in (
        ("channel", "The games channel (tables open anywhere)"),
        ("host_role", "The host role (anyone opens tables)"),
        ("all", "Every setting (back to the defaults)"),
    )
]


class ConfigCommands(commands.Cog):
    """The ``/game config`` command, for :class:`cogs.game.GameCog`."""

    bot: MonsterTableBot

    @app_commands.command(name="config", description="This server's settings (Manage Server)")
    @app_commands.describe(
        language="The language of the tables' public messages",
        clock="Default time per move of a new table",
        bank="Default time bank of a new table",
        games="The games offered: names or ids separated by commas, or all",
        channel="The only channel where tables open",
        threads="Open tables in a thread by default",
        host_role="Only members with this role (or Manage Server) open tables",
        layout="How a new table's message is laid out (a table keeps its own)",
        clear="Take a setting away",
    )
    @app_commands.choices(
        language=LANGUAGE_CHOICES,
        clock=CLOCK_CHOICES,
        bank=BANK_CHOICES,
        layout=LAYOUT_CHOICES,
        clear=CLEAR_CHOICES,
    )
    async def config(
        self,
        interaction: discord.Interaction[Any],
        language: str | None = None,
        clock: str | None = None,
        bank: str | None = None,
        games: str | None = None,
        channel: discord.TextChannel | None = None,
        threads: bool | None = None,
        host_role: discord.Role | None = None,
        layout: str | None = None,
        clear: str | None = None,
    ) -> None:
        """Without arguments it shows the settings; with some, it changes those and shows
        them all (:mod:`bot.server_config`)."""
        await answer(
            interaction,
            lambda locale: configure(
                self.bot,
                interaction,
                locale,
                language=language,
                clock=clock,
                bank=bank,
                games=games,
                channel=channel.id if channel is not None else None,
                threads=threads,
                host_role=host_role.id if host_role is not None else None,
                layout=layout,
                clear=clear,
            ),
        )
