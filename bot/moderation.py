"""The host's and the moderators' tools (end a table, expel a player, hand the host) and a
player's seat offered to someone else, as the commands and buttons answer them: thin over
:mod:`bot.table.moderation`, the refusals and the announcement as every flow has them
(:func:`bot.flows.committed`)."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import discord

from bot.flows import committed, display_name
from bot.i18n import t
from bot.limits import safe_name
from bot.store import LOBBY
from bot.table import TableError

if TYPE_CHECKING:
    from bot.client import MonsterTableBot


async def offer_seat(
    bot: MonsterTableBot,
    interaction: discord.Interaction[Any],
    locale: str,
    game_id: int,
    target: discord.abc.User,
) -> str:
    if target.bot:
        raise TableError("already_seated_them")
    record = await bot.tables.offer_seat(game_id, interaction.user.id, target.id)
    await committed(bot, interaction, record)
    return t(
        locale,
        "🪑 Your seat at table #{id} is offered to {who}; it is theirs when they take it.",
        id=record.id,
        who=safe_name(display_name(target)),
    )


async def answer_seat_offer(
    bot: MonsterTableBot,
    interaction: discord.Interaction[Any],
    locale: str,
    game_id: int,
    seat: int,
    *,
    accept: bool,
) -> str:
    """The Take / No thanks buttons of a seat offer."""
    record = await bot.tables.answer_seat_offer(
        game_id,
        seat,
        interaction.user.id,
        display_name(interaction.user),
        locale,
        accept=accept,
    )
    await committed(bot, interaction, record)
    if interaction.message is not None:
        with contextlib.suppress(discord.HTTPException):
            await interaction.message.edit(view=None)  # answered: its buttons are spent
    if accept and record.state is None:
        return t(locale, "🪑 The seat is yours at table #{id}.", id=record.id)
    if accept:
        return t(
            locale,
            "🪑 The seat is yours at table #{id}. Your hand is on its way by DM.",
            id=record.id,
        )
    return t(locale, "The seat offer at table #{id} is withdrawn.", id=record.id)


def is_moderator(interaction: discord.Interaction[Any]) -> bool:
    """Manage Server or Manage Channels where the command was used (never in DMs): such a
    member may end a table, take a player off it or pass on its host role."""
    if interaction.guild_id is None:
        return False
    permissions = interaction.permissions
    return bool(permissions.manage_guild or permissions.manage_channels)


async def end_table(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], locale: str, game_id: int
) -> str:
    record = await bot.tables.end_table(
        game_id,
        interaction.user.id,
        display_name(interaction.user),
        moderator=is_moderator(interaction),
    )
    await committed(bot, interaction, record)
    return t(
        locale, "🛑 Table #{id} is ended; its history stays. The channel is free.", id=record.id
    )


async def expel(
    bot: MonsterTableBot,
    interaction: discord.Interaction[Any],
    locale: str,
    game_id: int,
    target: discord.abc.User,
) -> str:
    record = await bot.tables.expel(
        game_id, interaction.user.id, target.id, moderator=is_moderator(interaction)
    )
    await committed(bot, interaction, record)
    if record.status == LOBBY:
        return t(
            locale,
            "🚪 {who} no longer has a seat at table #{id}.",
            who=safe_name(display_name(target)),
            id=record.id,
        )
    return t(
        locale,
        "🚪 A bot now plays {who}'s seat at table #{id} to the end.",
        who=safe_name(display_name(target)),
        id=record.id,
    )


async def hand_host(
    bot: MonsterTableBot,
    interaction: discord.Interaction[Any],
    locale: str,
    game_id: int,
    target: discord.abc.User,
) -> str:
    record = await bot.tables.hand_host(
        game_id, interaction.user.id, target.id, moderator=is_moderator(interaction)
    )
    await committed(bot, interaction, record)
    return t(
        locale, "👑 {who} now hosts table #{id}.", who=safe_name(display_name(target)), id=record.id
    )
