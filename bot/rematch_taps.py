"""The Rematch button and the answers to it, on Discord (issue 30): the taps of
:mod:`bot.rematch`, answered privately while the channel shows the new table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot import rematch
from bot.flows import committed, display_name, table_by_id
from bot.i18n import normalise, t
from bot.store import ACTIVE, Seat

if TYPE_CHECKING:
    from bot.client import MonsterTableBot


async def open_rematch(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], locale: str, game_id: int
) -> str:
    """**Rematch** on a finished table's message: the tapper hosts the same table again."""
    old = await table_by_id(bot, interaction, game_id)
    user = interaction.user
    host = Seat(user.id, display_name(user), normalise(interaction.locale))
    record = await rematch.open_rematch(bot.tables, old.id, host)
    await committed(bot, interaction, record)
    if record.status == ACTIVE:
        return t(locale, "🔁 The rematch, table #{id}, has started.", id=record.id)
    waiting = rematch.awaiting(record)
    if waiting:
        return t(
            locale,
            "🔁 Table #{id} is the rematch: its seats are kept for {who} until they answer.",
            id=record.id,
            who=", ".join(f"<@{user_id}>" for user_id in waiting),
        )
    return t(
        locale,
        "🔁 Table #{id} is the rematch; it needs more players: others join, or you add a bot, "
        "then start it.",
        id=record.id,
    )


async def answer_rematch(
    bot: MonsterTableBot,
    interaction: discord.Interaction[Any],
    locale: str,
    game_id: int,
    *,
    accept: bool,
) -> str:
    """**I'm in** / **Not this time** on a rematch's lobby, for a seat kept for the tapper."""
    record = await rematch.answer(bot.tables, game_id, interaction.user.id, accept=accept)
    await committed(bot, interaction, record)
    if record.status == ACTIVE:
        return t(locale, "🎬 Everyone answered: table #{id} has started.", id=record.id)
    if accept:
        return t(
            locale,
            "✅ Your seat at table #{id} is yours; it starts once everyone has answered.",
            id=record.id,
        )
    return t(locale, "Your seat at table #{id} is freed.", id=record.id)
