"""``/game``: everything common to all games (lobby, status, hand, history, rules)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import flows
from bot.flows import answer, display_name, show_hand, table_in_channel
from bot.games.texts import rules_text
from bot.i18n import normalise, t
from bot.publisher import Payload, game_name
from bot.store import LOBBY, OPEN_STATUSES
from bot.table import TableError
from rules import GAMES

if TYPE_CHECKING:
    from bot.client import MonsterTableBot

GAME_CHOICES = [
    app_commands.Choice(name=engine.names["en"], value=game_id) for game_id, engine in GAMES.items()
]

VICTORY_CHOICES = [
    app_commands.Choice(name="Fewest Terror (the player home wins ties)", value="least_terror"),
    app_commands.Choice(name="First home wins", value="home_first"),
]


class GameCog(commands.GroupCog, group_name="game", group_description="Play board games here"):
    def __init__(self, bot: MonsterTableBot) -> None:
        self.bot = bot
        super().__init__()

    # -- lobby ----------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a new table in this channel")
    @app_commands.describe(
        game="Which game",
        extended_deck="Monster Day: add the extended Decktet",
        places="Night of Terror: Places to cross on the way home (3-6, default 4)",
        victory="Night of Terror: who wins when someone gets home",
        necronomicon_removed="Night of Terror: a Necronomicon used as a Weapon leaves the game",
    )
    @app_commands.choices(game=GAME_CHOICES, victory=VICTORY_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        extended_deck: bool | None = None,
        places: app_commands.Range[int, 3, 6] | None = None,
        victory: str | None = None,
        necronomicon_removed: bool | None = None,
    ) -> None:
        async def work(locale: str) -> str:
            if interaction.channel_id is None:
                raise TableError("no_table_here")
            given = {
                "extended_deck": extended_deck,
                "places": places,
                "victory": victory,
                "necronomicon_removed": necronomicon_removed,
            }
            options = {name: value for name, value in given.items() if value is not None}
            record = await self.bot.tables.new_table(
                game,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                user_id=interaction.user.id,
                name=display_name(interaction.user),
                locale=self._table_locale(interaction),
                options=options,
            )
            await self.bot.publisher.post_lobby(record)
            return t(locale, "✅ Table #{id} is open. Others join with `/game join`.", id=record.id)

        await answer(interaction, work)

    def _table_locale(self, interaction: discord.Interaction[Any]) -> str:
        """Public messages speak the server's language when we know it, else the opener's."""
        if interaction.guild_locale is not None and interaction.guild_id is not None:
            guild = normalise(interaction.guild_locale)
            if guild == "it":
                return "it"
        user = normalise(interaction.locale)
        return user if user == "it" else self.bot.settings.default_locale

    @app_commands.command(name="join", description="Take a seat at the table in this channel")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await answer(interaction, lambda locale: flows.join(self.bot, interaction, locale))

    @app_commands.command(name="leave", description="Leave the table (resigns a started game)")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await answer(interaction, lambda locale: flows.leave(self.bot, interaction, locale))

    @app_commands.command(name="addbot", description="Seat a bot player (host, before start)")
    async def addbot(self, interaction: discord.Interaction[Any]) -> None:
        await answer(interaction, lambda locale: flows.add_bot(self.bot, interaction, locale))

    @app_commands.command(name="start", description="Start the game (host)")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await answer(interaction, lambda locale: flows.start(self.bot, interaction, locale))

    # -- during a game --------------------------------------------------------------------

    @app_commands.command(name="status", description="Show the table in this channel")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        async def work(locale: str) -> Payload:
            record = await table_in_channel(self.bot, interaction)
            if record.status == LOBBY:
                return self.bot.publisher.lobby_payload(record)
            return await self.bot.publisher.table_payload(record)

        await answer(interaction, work)

    @app_commands.command(name="hand", description="See your hand (only you can see it)")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        async def work(locale: str) -> Payload:
            record = await table_in_channel(self.bot, interaction)
            return await show_hand(self.bot, record, interaction.user.id, locale)

        await answer(interaction, work)

    @app_commands.command(name="resign", description="Concede the game in this channel")
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        await answer(interaction, lambda locale: flows.resign(self.bot, interaction, locale))

    # -- information ----------------------------------------------------------------------

    @app_commands.command(name="rules", description="How to play a game")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction[Any], game: str) -> None:
        async def work(locale: str) -> Payload:
            if game not in GAMES:
                raise TableError("unknown_game", game=game)
            embed = discord.Embed(
                title=GAMES[game].names[locale], description=rules_text(game, locale)
            )
            return Payload(embed=embed)

        await answer(interaction, work)

    @app_commands.command(name="list", description="Tables open in this server")
    async def list_tables(self, interaction: discord.Interaction[Any]) -> None:
        async def work(locale: str) -> str:
            records = await self.bot.store.list_games(interaction.guild_id, OPEN_STATUSES)
            if not records:
                return t(locale, "No open tables in this server. Start one with `/game new`.")
            return "\n".join(self._list_line(record, locale) for record in records)

        await answer(interaction, work)

    def _list_line(self, record: Any, locale: str) -> str:
        status = (
            t(locale, "waiting for players") if record.status == LOBBY else t(locale, "playing")
        )
        players = ", ".join(seat.name for seat in record.seats)
        name = game_name(record, locale)
        return f"• #{record.id} **{name}** — <#{record.channel_id}> — {status} — {players}"

    @app_commands.command(
        name="history", description="The move log of a table, to check every roll"
    )
    @app_commands.describe(table="Table number (default: the one in this channel)")
    async def history(
        self, interaction: discord.Interaction[Any], table: int | None = None
    ) -> None:
        async def work(locale: str) -> Payload:
            record = (
                await self.bot.tables.get(table)
                if table is not None
                else await flows.latest_table_here(self.bot, interaction)
            )
            if record.guild_id != interaction.guild_id:
                raise TableError("no_such_table", game_id=table)
            return await flows.history(self.bot, record, locale)

        await answer(interaction, work)


async def setup(bot: MonsterTableBot) -> None:
    await bot.add_cog(GameCog(bot))
