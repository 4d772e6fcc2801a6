"""``/game``: everything common to all games (lobby, status, hand, history, rules)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import flows, moderation, moves, server_config, threads, timing
from bot import replay as replay_flow
from bot import stats as stats_flow
from bot.flows import answer, show_hand, table_in_channel
from bot.games.texts import rules_text
from bot.i18n import normalise, t
from bot.limits import CONTENT, clip, clip_lines, safe_name
from bot.narration import game_name, jump_url
from bot.payload import Payload
from bot.store import LOBBY, OPEN_STATUSES, GameRecord
from bot.table import TableError
from bot.table_options import chosen_options, option_suggestions, variant_choices
from cogs.config import BANK_CHOICES, CLOCK_CHOICES, ConfigCommands
from rules import GAMES

if TYPE_CHECKING:
    from bot.client import MonsterTableBot

LIST_LIMIT = 200
"""Tables read for ``/game list``; as many as fit in one message are shown."""

LEVEL_CHOICES = [
    app_commands.Choice(name=name, value=value)
    for value, name in (("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard"))
]
GAME_CHOICES = [
    app_commands.Choice(name=engine.names["en"], value=game_id) for game_id, engine in GAMES.items()
]


class GameCog(
    ConfigCommands,
    commands.GroupCog,
    group_name="game",
    group_description="Play board games here",
):
    def __init__(self, bot: MonsterTableBot) -> None:
        self.bot = bot
        super().__init__()

    # -- lobby ----------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a new table in this channel")
    @app_commands.describe(
        game="Which game",
        variant="A way to play it (default: the standard game)",
        options="More options as name=value, e.g. places=5 victory=home_first",
        thread="Play it in a new thread of this channel, so the channel can host many tables",
        clock="Time per move (default: the server's); when it runs out, the others vote",
        bank="Extra time each player may spend over the game, once a move's time is used up",
    )
    @app_commands.choices(game=GAME_CHOICES, clock=CLOCK_CHOICES, bank=BANK_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        variant: str | None = None,
        options: str | None = None,
        thread: bool | None = None,
        clock: str | None = None,
        bank: str | None = None,
    ) -> None:
        """Every game's options come from its declared schema (``bot.table_options``): a
        variant picked from autocomplete or typed in either language, then ``name=value`` text.
        With ``thread``, the table opens in a new thread of this channel (``bot.threads``).
        The server's settings (``bot.server_config``) may refuse it, and give what the table
        does not choose itself: its language, clock and thread."""

        async def work(locale: str) -> str | None:
            if interaction.channel_id is None:
                raise TableError("no_table_here")
            chosen = chosen_options(game, variant, options, locale)
            table = await server_config.new_table_choices(
                self.bot, interaction, game, clock=clock, bank=bank, thread=thread
            )
            if table.thread:
                record = await threads.new_table_in_thread(
                    self.bot,
                    interaction,
                    game=game,
                    options=chosen,
                    locale=table.locale,
                    time_control=table.time_control,
                )
                await flows.committed(self.bot, interaction, record)
                return threads.opened_reply(locale, record)
            record = await flows.open_table(
                self.bot,
                interaction,
                interaction.channel_id,
                game=game,
                options=chosen,
                locale=table.locale,
                time_control=table.time_control,
            )
            opened = t(locale, "✅ Table #{id} is open. Others join with `/game join`.",
                       id=record.id)  # fmt: skip
            await flows.opened(self.bot, interaction, record, opened)
            return None

        await answer(interaction, work)

    @new.autocomplete("variant")
    async def new_variant(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The chosen game's variants, named in the player's language."""
        return variant_choices(interaction.namespace.game, current, normalise(interaction.locale))

    @new.autocomplete("options")
    async def new_options(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The typed options with their last word completed: an option's name, or its values
        (a set option's parts joined by ``+``), in the player's language."""
        found = option_suggestions(
            interaction.namespace.game, current, normalise(interaction.locale)
        )
        return [app_commands.Choice(name=text, value=text) for text in found]

    async def _here(
        self, interaction: discord.Interaction[Any], flow: Callable[..., Awaitable[str]], *args: Any
    ) -> None:
        """A command that acts on the open table of the channel it is typed in:
        ``flow(bot, interaction, locale, table id, *args)``."""

        async def work(locale: str) -> str:
            record = await table_in_channel(self.bot, interaction)
            return await flow(self.bot, interaction, locale, record.id, *args)

        await answer(interaction, work)

    @app_commands.command(name="join", description="Take a seat at the table in this channel")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await self._here(interaction, flows.LOBBY_STEPS["join"])

    @app_commands.command(name="leave", description="Leave the table (resigns a started game)")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self._here(interaction, flows.LOBBY_STEPS["leave"])

    @app_commands.command(name="addbot", description="Seat a bot player (host, before start)")
    @app_commands.describe(level="How well it plays (default: normal)")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def addbot(self, interaction: discord.Interaction[Any], level: str = "normal") -> None:
        await self._here(interaction, flows.add_bot, level)

    @app_commands.command(name="start", description="Start the game (host)")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await self._here(interaction, flows.LOBBY_STEPS["start"])

    # -- during a game --------------------------------------------------------------------

    @app_commands.command(name="status", description="Show the table in this channel")
    @app_commands.describe(text="The table in words instead of a picture (and your own hand)")
    async def status(self, interaction: discord.Interaction[Any], text: bool | None = None) -> None:
        await answer(interaction, lambda locale: flows.status(self.bot, interaction, locale, text))

    @app_commands.command(name="hand", description="See your hand (only you can see it)")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        async def work(locale: str) -> Payload:
            record = await table_in_channel(self.bot, interaction)
            return await show_hand(self.bot, record, interaction.user.id, locale)

        await answer(interaction, work)

    @app_commands.command(name="move", description="Make any of your moves, picked from a list")
    @app_commands.describe(move="Start typing to narrow the list to the move you want")
    async def move(self, interaction: discord.Interaction[Any], move: str) -> None:
        """Every legal move of every game, for choices too many for buttons (``bot.moves``)."""
        await answer(interaction, lambda locale: moves.play_listed(self.bot, interaction, move))

    @move.autocomplete("move")
    async def move_suggestions(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await moves.suggestions(self.bot, interaction, current)

    @app_commands.command(name="resign", description="Concede the game in this channel")
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        await self._here(interaction, flows.resign)

    # -- the host's and the moderators' tools ------------------------------------------------

    @app_commands.command(
        name="end", description="End the table in this channel for good (host or moderator)"
    )
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        await self._here(interaction, moderation.end_table)

    @app_commands.command(
        name="expel", description="Take a player off this table; a bot plays on (host or mod)"
    )
    @app_commands.describe(player="The player to take off the table")
    async def expel(self, interaction: discord.Interaction[Any], player: discord.User) -> None:
        await self._here(interaction, moderation.expel, player)

    @app_commands.command(
        name="giveseat", description="Offer your seat at this table to someone else"
    )
    @app_commands.describe(player="Who should take your seat (they accept with a button)")
    async def giveseat(self, interaction: discord.Interaction[Any], player: discord.User) -> None:
        await self._here(interaction, moderation.offer_seat, player)

    @app_commands.command(
        name="host", description="Make another seated player the host (host or moderator)"
    )
    @app_commands.describe(player="The seated player who will host")
    async def host(self, interaction: discord.Interaction[Any], player: discord.User) -> None:
        await self._here(interaction, moderation.hand_host, player)

    @app_commands.command(name="notify", description="Your DM and reminder settings")
    @app_commands.describe(
        dm="DM you your hand and moves when it is your turn",
        reminders="Remind you when a table waits for your move",
        images="Off: your hands and private replies come as text, with the same buttons",
    )
    async def notify(
        self,
        interaction: discord.Interaction[Any],
        dm: bool | None = None,
        reminders: bool | None = None,
        images: bool | None = None,
    ) -> None:
        await answer(
            interaction,
            lambda locale: flows.notify_settings(
                self.bot, interaction, locale, dm=dm, reminders=reminders, images=images
            ),
        )

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
            if interaction.guild_id is None:  # in DMs: only the caller's own DM tables
                records = await self.bot.store.list_games(
                    None, OPEN_STATUSES, LIST_LIMIT, seated=interaction.user.id
                )
            else:
                records = await self.bot.store.list_games(
                    interaction.guild_id, OPEN_STATUSES, LIST_LIMIT
                )
            if not records:
                return t(locale, "No open tables here. Start one with `/game new`.")
            return clip_lines(
                [self._list_line(record, locale) for record in records],
                CONTENT,
                lambda n: t(locale, "…and {n} more tables.", n=n),
            )

        await answer(interaction, work)

    def _list_line(self, record: GameRecord, locale: str) -> str:
        status = (
            t(locale, "waiting for players") if record.status == LOBBY else t(locale, "playing")
        )
        players = ", ".join(safe_name(seat.name) for seat in record.seats)
        name = game_name(record, locale)
        where = f"<#{record.channel_id}>" if record.guild_id is not None else t(locale, "DM")
        return clip(f"• #{record.id} **{name}** — {where} — {status} — {players}", 300)

    @app_commands.command(name="mine", description="Every table where it is your move")
    async def mine(self, interaction: discord.Interaction[Any]) -> None:
        """Wherever it is typed (any server or a DM), the caller's open tables everywhere: those
        waiting for their move first, with jump links, then those waiting for others."""

        async def work(locale: str) -> str:
            user_id = interaction.user.id
            records = await self.bot.store.list_seated(user_id, OPEN_STATUSES, LIST_LIMIT)
            if not records:
                return t(locale, "You have no open tables. Start one with `/game new`.")
            my_move: list[str] = []
            waiting: list[str] = []
            for record in records:
                pending = self.bot.tables.pending(record)
                if any(record.seats[seat].user_id == user_id for seat in pending):
                    my_move.append(self._my_move_line(record, pending, user_id, locale))
                else:
                    waiting.append(self._waiting_line(record, pending, locale))
            lines = (
                [t(locale, "**Your move** ({n})", n=len(my_move)), *my_move]
                if my_move
                else [t(locale, "No table is waiting for your move.")]
            )
            if waiting:
                lines += [t(locale, "**Waiting for others** ({n})", n=len(waiting)), *waiting]

            def more(n: int) -> str:  # lines are cut from the end: past the waiting ones,
                n -= 1 if waiting and n > len(waiting) else 0  # the header is not a table
                return t(locale, "…and {n} more tables.", n=n)

            return clip_lines(lines, CONTENT, more)

        await answer(interaction, work)

    def _my_move_line(
        self, record: GameRecord, pending: list[int], user_id: int, locale: str
    ) -> str:
        """Game, place, who else must move with the caller, and a link to the table message."""
        others = [
            safe_name(record.seats[s].name) for s in pending if record.seats[s].user_id != user_id
        ]
        whose = (
            t(locale, "your move (also {others})", others=clip(", ".join(others), 100))
            if others
            else t(locale, "your move")
        )
        name, where = game_name(record, locale), self._where(record, locale)
        line = f"• #{record.id} **{name}** — {where} — {whose}"
        seat = record.seat_of(user_id)
        due = timing.due_of(record, seat) if seat is not None else None
        if due is not None:  # a clocked table: by when
            line += " " + t(locale, "⏳ by {when}", when=timing.timestamp(due))
        url = jump_url(record)
        label = t(locale, "go to the table")
        return f"{line} — [{label}](<{url}>)" if url else line

    def _waiting_line(self, record: GameRecord, pending: list[int], locale: str) -> str:
        """A shorter line: game, place and whom the table waits for."""
        if record.status == LOBBY:
            status = t(locale, "waiting for the start")
        elif pending:
            names = clip(", ".join(safe_name(record.seats[s].name) for s in pending), 100)
            status = t(locale, "waiting for {who}", who=names)
        else:
            status = t(locale, "playing")
        return (
            f"• #{record.id} {game_name(record, locale)} — {self._where(record, locale)} — {status}"
        )

    def _where(self, record: GameRecord, locale: str) -> str:
        """The server (from the client's cache, escaped) and channel, or "DM"."""
        if record.guild_id is None:
            return t(locale, "DM")
        guild = self.bot.get_guild(record.guild_id)
        channel = f"<#{record.channel_id}>"
        return f"{safe_name(guild.name)} › {channel}" if guild is not None else channel

    @app_commands.command(name="stats", description="A player's games, wins, rating and chart")
    @app_commands.describe(user="Whose stats (default: yours)", game="Only this game")
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        user: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        await answer(
            interaction,
            lambda locale: stats_flow.stats(self.bot, interaction, locale, user, game),
        )

    @app_commands.command(name="leaderboard", description="The best players of a game here")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction[Any], game: str) -> None:
        await answer(
            interaction, lambda locale: stats_flow.leaderboard(self.bot, interaction, locale, game)
        )

    @app_commands.command(
        name="history", description="The move log of a table, to check every roll"
    )
    @app_commands.describe(table="Table number (default: the one in this channel)")
    async def history(
        self, interaction: discord.Interaction[Any], table: int | None = None
    ) -> None:
        async def work(locale: str) -> Payload:
            record = (
                await flows.table_by_id(self.bot, interaction, table)
                if table is not None
                else await flows.latest_table_here(self.bot, interaction)
            )
            return await flows.history(self.bot, record, locale)

        await answer(interaction, work)

    @app_commands.command(name="replay", description="A finished game told again, as an animation")
    @app_commands.describe(table="Table number (default: the one in this channel)")
    async def replay(self, interaction: discord.Interaction[Any], table: int | None = None) -> None:
        """Only a finished table the caller may look at; the animation, then the move log."""

        async def work(locale: str) -> flows.Reply:
            record = (
                await flows.table_by_id(self.bot, interaction, table)
                if table is not None
                else await flows.latest_table_here(self.bot, interaction)
            )
            return await replay_flow.replay(self.bot, interaction, record, locale)

        await answer(interaction, work)


async def setup(bot: MonsterTableBot) -> None:
    await bot.add_cog(GameCog(bot))
