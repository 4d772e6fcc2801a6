"""``/monsterday play``: play a card beside an Ace, with autocomplete of legal choices only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import flows
from bot.flows import active_table_of, answer, seat_here
from bot.games.monster_day import card_label, space_label
from bot.i18n import normalise

if TYPE_CHECKING:
    from bot.client import MonsterTableBot

GAME = "monster_day"
MAX_CHOICES = 25


class MonsterDayCog(
    commands.GroupCog, group_name="monsterday", group_description="Monster Day moves"
):
    def __init__(self, bot: MonsterTableBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="play", description="Play a card from your hand beside an Ace")
    @app_commands.describe(card="A card from your hand", space="The space (Ace) to play it on")
    async def play(self, interaction: discord.Interaction[Any], card: str, space: int) -> None:
        async def work(locale: str) -> str:
            record = await active_table_of(self.bot, interaction, GAME)
            return await flows.play(
                self.bot, interaction, record.id, {"card": card, "space": space - 1}
            )

        await answer(interaction, work)

    async def _legal(self, interaction: discord.Interaction[Any]) -> tuple[Any, list[Any]]:
        """The caller's view and legal plays, or empty when they cannot play here now."""
        here = await seat_here(self.bot, interaction, GAME)
        if here is None:
            return None, []
        record, seat = here
        state = self.bot.tables.state(record)
        engine = self.bot.tables.engine(GAME)
        if seat not in engine.pending(state):
            return None, []
        return engine.view(state, seat), engine.legal_actions(state, seat)

    @play.autocomplete("card")
    async def card_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        view, legal = await self._legal(interaction)
        if view is None:
            return []
        locale = normalise(interaction.locale)
        playable = {action.card for action in legal}
        choices = [
            app_commands.Choice(name=card_label(card, locale)[:100], value=card["id"])
            for card in view["hand"]
            if card["id"] in playable
        ]
        needle = current.lower()
        return [c for c in choices if needle in c.name.lower() or needle in c.value][:MAX_CHOICES]

    @play.autocomplete("space")
    async def space_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        view, legal = await self._legal(interaction)
        if view is None:
            return []
        locale = normalise(interaction.locale)
        card = getattr(interaction.namespace, "card", None)
        spaces = sorted({a.space for a in legal if card in (None, "", a.card)})
        return [
            app_commands.Choice(name=space_label(view, s, locale)[:100], value=s + 1)
            for s in spaces
        ][:MAX_CHOICES]


async def setup(bot: MonsterTableBot) -> None:
    await bot.add_cog(MonsterDayCog(bot))
