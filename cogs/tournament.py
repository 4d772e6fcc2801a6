"""``/tournament``: create, join, addbot, leave, start, standings, end (issue 30), thin over
:mod:`bot.tournaments`. The cog also wires the runner in: the scheduler's hook when a game
ends, and the minutely sweep (deadlines, tables ended by other paths, catching up)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot import server_config
from bot.flows import answer, display_name
from bot.i18n import normalise, t
from bot.payload import Payload
from bot.scheduler import SWEEP_SECONDS
from bot.store import DONE, ENDED, OPEN_TOURNAMENTS, TournamentRecord
from bot.table_options import chosen_options, variant_choices
from bot.tournaments.model import SWISS, Tournament
from bot.tournaments.runner import TournamentRunner
from bot.tournaments.show import standings_payload
from cogs.config import BANK_CHOICES, CLOCK_CHOICES
from cogs.game import GAME_CHOICES, LEVEL_CHOICES

if TYPE_CHECKING:
    from bot.client import MonsterTableBot

FORMAT_CHOICES = [
    app_commands.Choice(name="Swiss", value="swiss"),
    app_commands.Choice(name="Round robin", value="roundrobin"),
]
TOURNAMENT = "Tournament number (default: the open one in this channel)"


def is_manager(interaction: discord.Interaction[Any]) -> bool:
    """Manage Server: may run any tournament of the server, as its host may."""
    return bool(getattr(interaction.permissions, "manage_guild", False))


class TournamentCog(
    commands.GroupCog, group_name="tournament", group_description="Swiss or round robin events"
):
    def __init__(self, bot: MonsterTableBot) -> None:
        self.bot = bot
        self.runner = TournamentRunner(bot)
        self._sweep = tasks.loop(seconds=SWEEP_SECONDS)(self._sweep_when_ready)
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.scheduler.on_finished.append(self.runner.on_finished)
        self._sweep.start()

    async def cog_unload(self) -> None:
        self._sweep.cancel()
        self.bot.scheduler.on_finished.remove(self.runner.on_finished)

    async def _sweep_when_ready(self) -> None:
        """The runner's sweep, once connected (the store is open by then)."""
        if self.bot.is_ready():
            await self.runner.sweep()

    async def _find(
        self, interaction: discord.Interaction[Any], tournament: int | None
    ) -> TournamentRecord:
        return await self.runner.service.find(
            interaction.guild_id, interaction.channel_id or 0, tournament
        )

    @app_commands.command(name="create", description="Open a tournament in this channel")
    @app_commands.describe(
        game="Which game",
        variant="A way to play it (default: the standard game)",
        options="More options as name=value",
        format="Swiss (default) or round robin",
        rounds="How many rounds (default: Swiss ⌈log2 entrants⌉, round robin everyone meets)",
        seats="Players per table (default: the most the game seats)",
        deadline="Minutes until registration closes and round 1 starts (default: the host starts)",
        clock="Time per move at its tables (default: the server's, see /game config)",
        bank="Extra time each player may spend over a game (default: the server's)",
    )
    @app_commands.choices(
        game=GAME_CHOICES, format=FORMAT_CHOICES, clock=CLOCK_CHOICES, bank=BANK_CHOICES
    )
    async def create(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        variant: str | None = None,
        options: str | None = None,
        format: str = SWISS,
        rounds: int | None = None,
        seats: int | None = None,
        deadline: int | None = None,
        clock: str | None = None,
        bank: str | None = None,
    ) -> None:
        async def work(locale: str) -> str:
            # The server's settings as for a /game new: its games, channel and host role
            # checked, its language and clock the tables' unless the host chose one.
            table = await server_config.new_table_choices(
                self.bot, interaction, game, clock=clock, bank=bank, thread=True
            )
            record = await self.runner.service.create(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id or 0,
                host_id=interaction.user.id,
                game=game,
                options=chosen_options(game, variant, options, locale),
                format=format,
                rounds=rounds,
                seats=seats,
                deadline_minutes=deadline,
                clock=table.time_control,
                locale=table.locale,
            )
            await self.runner.announce_created(record)
            return t(
                locale,
                "✅ Tournament #{id} is open. Players join with `/tournament join`; "
                "you start it with `/tournament start`.",
                id=record.id,
            )

        await answer(interaction, work)

    @create.autocomplete("variant")
    async def create_variant(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return variant_choices(interaction.namespace.game, current, normalise(interaction.locale))

    @app_commands.command(name="join", description="Enter the tournament")
    @app_commands.describe(tournament=TOURNAMENT)
    async def join(
        self, interaction: discord.Interaction[Any], tournament: int | None = None
    ) -> None:
        async def work(locale: str) -> str:
            record = await self._find(interaction, tournament)
            name = display_name(interaction.user)
            record = await self.runner.service.join(record, interaction.user.id, name, locale)
            return t(
                locale,
                "✅ You are in tournament #{id} ({n} entrants).",
                id=record.id,
                n=len(Tournament.load(record.data).entrants),
            )

        await answer(interaction, work)

    @app_commands.command(name="addbot", description="Add a bot entrant (host, before the start)")
    @app_commands.describe(level="How well it plays (default: normal)", tournament=TOURNAMENT)
    @app_commands.choices(level=LEVEL_CHOICES)
    async def addbot(
        self,
        interaction: discord.Interaction[Any],
        level: str = "normal",
        tournament: int | None = None,
    ) -> None:
        async def work(locale: str) -> str:
            record = await self._find(interaction, tournament)
            record = await self.runner.service.add_bot(
                record, interaction.user.id, level, moderator=is_manager(interaction)
            )
            bot = Tournament.load(record.data).entrants[-1]
            return t(locale, "🤖 {name} enters tournament #{id}.", name=bot.name, id=record.id)

        await answer(interaction, work)

    @app_commands.command(name="leave", description="Leave the tournament (no more rounds)")
    @app_commands.describe(tournament=TOURNAMENT)
    async def leave(
        self, interaction: discord.Interaction[Any], tournament: int | None = None
    ) -> None:
        async def work(locale: str) -> str:
            record = await self._find(interaction, tournament)
            record = await self.runner.service.leave(record, interaction.user.id)
            return t(
                locale,
                "👋 You left tournament #{id}: you are in none of its next rounds.",
                id=record.id,
            )

        await answer(interaction, work)

    @app_commands.command(name="start", description="Close registration and pair round 1 (host)")
    @app_commands.describe(tournament=TOURNAMENT)
    async def start(
        self, interaction: discord.Interaction[Any], tournament: int | None = None
    ) -> None:
        async def work(locale: str) -> str:
            record = await self._find(interaction, tournament)
            record = await self.runner.service.start(
                record, interaction.user.id, moderator=is_manager(interaction)
            )
            self.runner.start_soon(record.id)
            return t(
                locale,
                "✅ Tournament #{id} has started: round 1's tables are opening in "
                "threads of this channel.",
                id=record.id,
            )

        await answer(interaction, work)

    @app_commands.command(name="standings", description="A tournament's standings after a round")
    @app_commands.describe(round="After which round (default: the latest)", tournament=TOURNAMENT)
    async def standings(
        self,
        interaction: discord.Interaction[Any],
        tournament: int | None = None,
        round: int | None = None,
    ) -> None:
        async def work(locale: str) -> Payload:
            if tournament is None and interaction.guild_id is not None:
                record = await self._latest(interaction)
            else:
                record = await self._find(interaction, tournament)
            return await standings_payload(record, round, locale)

        await answer(interaction, work)

    async def _latest(self, interaction: discord.Interaction[Any]) -> TournamentRecord:
        """The channel's open tournament, else its newest one (the standings of one just over)."""
        every = await self.bot.store.tournaments(
            interaction.guild_id, (*OPEN_TOURNAMENTS, DONE, ENDED), 200
        )
        here = [r for r in every if r.channel_id == interaction.channel_id]
        return here[0] if here else await self._find(interaction, None)

    @app_commands.command(name="end", description="Close the tournament early (host)")
    @app_commands.describe(tournament=TOURNAMENT)
    async def end(
        self, interaction: discord.Interaction[Any], tournament: int | None = None
    ) -> None:
        async def work(locale: str) -> str:
            record = await self._find(interaction, tournament)
            record = await self.runner.service.end(
                record, interaction.user.id, moderator=is_manager(interaction)
            )
            played = len(Tournament.load(record.data).played)
            if played:  # a tournament ended before its start has no standings to show
                await self.runner.post_standings(record, played)
            return t(
                locale,
                "🏁 Tournament #{id} is closed; its tables in play finish as ordinary games.",
                id=record.id,
            )

        await answer(interaction, work)


async def setup(bot: MonsterTableBot) -> None:
    await bot.add_cog(TournamentCog(bot))
