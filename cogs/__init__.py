"""Discord adapters: slash commands and components, thin over :mod:`bot`.

The package is a discord.py extension: the bot loads it by name (``Settings.extensions``), so
nothing in ``bot/`` imports it and the layers point one way only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.client import MonsterTableBot


async def setup_cogs(bot: MonsterTableBot) -> None:
    from cogs import game, monster_day, monsterpocalypse, notte_di_terrore, tournament
    from cogs.components import TableComponent

    await game.setup(bot)
    await monster_day.setup(bot)
    await notte_di_terrore.setup(bot)
    await monsterpocalypse.setup(bot)
    await tournament.setup(bot)
    bot.add_dynamic_items(TableComponent)


async def setup(bot: MonsterTableBot) -> None:
    """The extension entry point (``await bot.load_extension("cogs")``)."""
    await setup_cogs(bot)
