"""``/mp``: Monsterpocalypse's moves as slash commands, with legal-only autocomplete.

``/mp move figure to``, ``/mp run to``, ``/mp spawn unit at``, ``/mp place at [building]``
turn their options into the engine's action and hand it to :func:`bot.flows.play`; the
engine decides legality, so anything illegal gets its localised refusal and changes nothing.
``/mp attack figure target dice`` does not roll at once: it answers with a preview of the
odds (dice, boost, DEF, the chance to hit and of super damage) and Confirm / Cancel buttons,
seen by the caller alone. Confirm is a move button (``act``: the digest of the caller's legal
moves and the attack's index), so a confirm shown before the table moved on is refused as
stale, as any DM button is.

``/mp card figure`` answers, to the caller alone, with a figure's card (its printed stat
line, both forms of a monster, its health and abilities): anyone may look, seated or not, and
its autocomplete lists every figure of the table, on the map or in a reserve.

Autocomplete offers only the caller's legal moves, from their own view: the figures that may
move, then the chosen figure's reachable squares with cost and hazards; the attackers, then
their targets with the odds, then 1..max dice. A square typed by hand ("c4", "C 4") is read
by the engine's :func:`rules.monsterpocalypse.geometry.parse`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import flows
from bot.choices import shown
from bot.components import ComponentRef, choices_digest
from bot.flows import active_table_of, answer, seat_here, table_in_channel
from bot.games.monsterpocalypse.card import Card, choices, figure_card, find_figure
from bot.games.monsterpocalypse.commands import (
    Asked,
    attack_action,
    attackers,
    building_kinds,
    command_for,
    dice_counts,
    figure_id,
    index_of,
    movers,
    place_squares,
    preview_text,
    reachable,
    read_target,
    runs,
    spawn_squares,
    spawn_units,
    square,
    targets,
)
from bot.games.monsterpocalypse.words import DIE, Action, View
from bot.i18n import normalise, t
from bot.limits import BUTTON_LABEL, CHOICE_NAME, clip
from bot.payload import COLOUR, Payload
from bot.store import GameRecord
from bot.table import TableError

if TYPE_CHECKING:
    from bot.client import MonsterTableBot

GAME = "monsterpocalypse"
MAX_CHOICES = 25


def preview_payload(
    record: GameRecord, view: View, legal: list[Action], index: int, locale: str
) -> Payload:
    """The preview with Confirm (the attack's move button) and Cancel."""
    action = legal[index]
    embed = discord.Embed(
        title=clip(t(locale, "Attack preview"), 256),
        description=preview_text(view, action, locale),
        colour=COLOUR,
    )
    buttons = discord.ui.View(timeout=None)
    confirm = ComponentRef("act", record.id, index=index, digest=choices_digest(legal))
    buttons.add_item(
        discord.ui.Button(
            label=clip(
                t(locale, "Confirm: roll {n} {die}", n=action["dice"], die=DIE), BUTTON_LABEL
            ),
            custom_id=confirm.custom_id,
            style=discord.ButtonStyle.danger,
        )
    )
    cancel = ComponentRef("dismiss", record.id)
    buttons.add_item(
        discord.ui.Button(
            label=clip(t(locale, "Cancel"), BUTTON_LABEL),
            custom_id=cancel.custom_id,
            style=discord.ButtonStyle.secondary,
        )
    )
    return Payload(embed=embed, view=buttons)


def card_payload(card: Card) -> Payload:
    """A figure's card as an embed (its texts are already within Discord's limits)."""
    embed = discord.Embed(title=card.title, description=card.description, colour=COLOUR)
    for name, value in card.fields:
        embed.add_field(name=name, value=value, inline=False)
    return Payload(embed=embed)


class MonsterpocalypseCog(
    commands.GroupCog, group_name="mp", group_description="Monsterpocalypse moves"
):
    def __init__(self, bot: MonsterTableBot) -> None:
        self.bot = bot
        super().__init__()

    # -- playing ----------------------------------------------------------------------------

    def _legal(self, record: GameRecord, seat: int) -> list[Action]:
        engine = self.bot.tables.engine(GAME)
        state = self.bot.tables.state(record)
        return [engine.dump_action(a) for a in engine.legal_actions(state, seat)]

    async def _play(
        self,
        interaction: discord.Interaction[Any],
        build: Callable[[View | None, str], Action],
    ) -> None:
        """Answer in time, build the action from the caller's view, play it."""

        async def work(locale: str) -> str:
            record = await active_table_of(self.bot, interaction, GAME)
            seat = record.seat_of(interaction.user.id)
            started = record.state is not None and seat is not None
            view = self.bot.tables.view(record, seat) if started else None
            return await flows.play(self.bot, interaction, record.id, build(view, locale))

        await answer(interaction, work)

    @app_commands.command(name="move", description="Move one of your figures")
    @app_commands.describe(figure="The figure to move", to="The square it ends on (e.g. C4)")
    async def move(self, interaction: discord.Interaction[Any], figure: str, to: str) -> None:
        await self._play(
            interaction,
            lambda view, locale: {
                "type": "move",
                "figure": figure_id(view, figure, locale),
                "to": square(to),
            },
        )

    @app_commands.command(name="run", description="Your monster runs: one die per extra square")
    @app_commands.describe(to="The square it runs to (e.g. C4)")
    async def run(self, interaction: discord.Interaction[Any], to: str) -> None:
        await self._play(interaction, lambda view, locale: {"type": "run", "to": square(to)})

    @app_commands.command(name="spawn", description="Bring a unit from your reserve into play")
    @app_commands.describe(unit="The unit type", at="The spawn square (e.g. C4)")
    async def spawn(self, interaction: discord.Interaction[Any], unit: str, at: str) -> None:
        await self._play(
            interaction,
            lambda view, locale: {"type": "spawn", "unit": unit.strip(), "at": square(at)},
        )

    @app_commands.command(name="place", description="Setup: place a building, or your monster")
    @app_commands.describe(
        at="The square of its top-left corner (e.g. C4)",
        building="While placing buildings: which building",
    )
    async def place(
        self, interaction: discord.Interaction[Any], at: str, building: str | None = None
    ) -> None:
        def build(view: View | None, locale: str) -> Action:
            if building:
                return {"type": "place_building", "building": building.strip(), "at": square(at)}
            return {"type": "place_monster", "at": square(at)}

        await self._play(interaction, build)

    @app_commands.command(name="attack", description="Attack: see the odds, then confirm")
    @app_commands.describe(
        figure="Your attacking figure",
        target="What it attacks (and how)",
        dice="How many action dice to roll (each is spent)",
        power="Power attack only: extra power dice to roll",
    )
    async def attack(
        self,
        interaction: discord.Interaction[Any],
        figure: str,
        target: str,
        dice: app_commands.Range[int, 0, 10],
        power: app_commands.Range[int, 0, 2] = 0,
    ) -> None:
        async def work(locale: str) -> flows.Reply:
            record = await active_table_of(self.bot, interaction, GAME)
            seat = record.seat_of(interaction.user.id)
            started = record.state is not None and seat is not None
            view = self.bot.tables.view(record, seat) if started else None
            who = figure_id(view, figure, locale)
            aimed, kind, manoeuvre = read_target(view, who, target.strip(), locale)
            action = attack_action(who, aimed, kind, manoeuvre, dice, power)
            legal = self._legal(record, seat) if view is not None and seat is not None else []
            index = index_of(legal, action)
            if view is None or index is None:
                # Not a legal attack: the engine says why, and nothing changes.
                return await flows.play(self.bot, interaction, record.id, action)
            return preview_payload(record, view, legal, index, locale)

        await answer(interaction, work)

    # -- looking ----------------------------------------------------------------------------

    async def _public_view(self, interaction: discord.Interaction[Any], locale: str) -> View:
        """The public view of this channel's started Monsterpocalypse table (anyone may look:
        the game hides nothing); a clear refusal when there is none."""
        record = await table_in_channel(self.bot, interaction)
        if record.game != GAME:
            raise TableError(
                "other_game",
                game=self.bot.tables.engine(record.game).names.get(locale, record.game),
                wanted=self.bot.tables.engine(GAME).names.get(locale, GAME),
            )
        if record.state is None:
            raise TableError("not_started")
        return self.bot.tables.view(record, None)

    @app_commands.command(name="card", description="A figure's stats: both forms of a monster")
    @app_commands.describe(figure="A figure on the map or in a reserve")
    async def card(self, interaction: discord.Interaction[Any], figure: str) -> None:
        async def work(locale: str) -> flows.Reply:
            view = await self._public_view(interaction, locale)
            found = find_figure(view, figure, locale)
            if found is None:
                raise TableError("unknown_figure", typed=shown(figure))
            return card_payload(figure_card(view, found, locale))

        await answer(interaction, work)

    # -- autocomplete -----------------------------------------------------------------------

    async def _suggest(
        self,
        interaction: discord.Interaction[Any],
        current: str,
        make: Callable[[Asked], Iterable[tuple[str, str]]],
    ) -> list[app_commands.Choice[str]]:
        """Suggestions from the caller's own view and legal moves (none when they have no
        seat at a started table here), filtered by what they typed."""
        here = await seat_here(self.bot, interaction, GAME)
        if here is None:
            return []
        asked = Asked(
            self.bot.tables.view(*here),
            self._legal(*here),
            normalise(interaction.locale),
            interaction.namespace,
        )
        return _choices(current, make(asked))

    @move.autocomplete("figure")
    async def move_figure_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, movers)

    @move.autocomplete("to")
    async def move_to_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, reachable)

    @run.autocomplete("to")
    async def run_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, runs)

    @spawn.autocomplete("unit")
    async def spawn_unit_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, spawn_units)

    @spawn.autocomplete("at")
    async def spawn_at_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, spawn_squares)

    @place.autocomplete("building")
    async def place_building_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, building_kinds)

    @place.autocomplete("at")
    async def place_at_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, place_squares)

    @attack.autocomplete("figure")
    async def attack_figure_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, attackers)

    @attack.autocomplete("target")
    async def attack_target_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, targets)

    @card.autocomplete("figure")
    async def card_figure_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Every figure of this channel's table, seated or not (nothing is hidden)."""
        try:
            record = await active_table_of(self.bot, interaction, GAME)
        except TableError:
            return []
        if record.state is None:
            return []
        view = self.bot.tables.view(record, None)
        return _choices(current, choices(view, normalise(interaction.locale)))

    @attack.autocomplete("dice")
    async def attack_dice_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        here = await seat_here(self.bot, interaction, GAME)
        if here is None:
            return []
        view, legal = self.bot.tables.view(*here), self._legal(*here)
        asked = Asked(view, legal, normalise(interaction.locale), interaction.namespace)
        choices = [
            app_commands.Choice(name=name[:CHOICE_NAME], value=n)
            for name, n in dice_counts(asked)
            if current.strip() in str(n)
        ]
        return choices[:MAX_CHOICES]


def _choices(current: str, named: Iterable[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    """Suggestions whose name or value contains what the caller typed (any case, spaces
    ignored), at most 25."""
    typed = current.strip().lower().replace(" ", "")
    found = []
    for name, value in named:
        if typed in name.lower().replace(" ", "") or typed in value.lower():
            found.append(app_commands.Choice(name=name[:CHOICE_NAME], value=value[:CHOICE_NAME]))
    return found[:MAX_CHOICES]


async def setup(bot: MonsterTableBot) -> None:
    await bot.add_cog(MonsterpocalypseCog(bot))


__all__ = ["MonsterpocalypseCog", "command_for", "figure_id", "preview_text", "square"]
