"""Every button and select the bot draws, served by one persistent DynamicItem.

Clicks are served from the custom_id alone (see :mod:`bot.components`), so they keep working
after a restart; a click drawn for an older version of the table is refused by the table
service and changes nothing.
"""

from __future__ import annotations

import contextlib
import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from bot import rematch_taps
from bot.components import ADD_BOT_KINDS, REMATCH_ANSWERS, TEMPLATE, ComponentRef, parse
from bot.delivery.in_answer import LOBBY_ANSWER, TABLE_ANSWER
from bot.errors import error_text
from bot.flows import (
    LOBBY_STEPS,
    answer,
    cast_vote,
    history,
    play_button,
    posted_in_answer,
    show_hand,
    shown_in_place,
    table_by_id,
)
from bot.i18n import normalise, t
from bot.moderation import answer_seat_offer
from bot.payload import Payload
from bot.replies import apology
from bot.store import LOBBY
from bot.table import TableError

if TYPE_CHECKING:
    from bot.client import MonsterTableBot

log = logging.getLogger(__name__)


class TableComponent(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """Any ``mt:...`` component. Malformed ids get a clear refusal, never silence."""

    def __init__(self, item: discord.ui.Button[Any], ref: ComponentRef | None) -> None:
        super().__init__(item)
        self.ref = ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TableComponent:
        ref = parse(match.string)
        button = (
            item
            if isinstance(item, discord.ui.Button)
            else discord.ui.Button(custom_id=match.string)
        )
        return cls(button, ref)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: MonsterTableBot = interaction.client
        locale = normalise(interaction.locale)
        try:
            if self.ref is None:
                raise TableError("malformed_component")
            await HANDLERS[self.ref.kind](bot, interaction, self.ref)
        except TableError as error:
            await _refuse(interaction, error_text(error, locale))
        except Exception as error:
            log.exception("component %s failed", self.custom_id)
            bot.metrics.discord_error(error)
            await apology(interaction)


async def _refuse(interaction: discord.Interaction[Any], text: str) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(f"⚠️ {text}", ephemeral=True)
    else:
        await interaction.response.send_message(f"⚠️ {text}", ephemeral=True)


async def _hand(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], ref: ComponentRef
) -> None:
    async def work(locale: str) -> Payload:
        record = await table_by_id(bot, interaction, ref.game_id)
        return await show_hand(bot, record, interaction.user.id, locale)

    await answer(interaction, work)


async def _act(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], ref: ComponentRef
) -> None:
    """A move button. Tapped in a hand DM, that DM is updated inside the interaction's answer
    (a deferred update: free under Discord's limits, issue 27) to the mover's new hand, or
    just loses its spent buttons, instead of by requests of its own; the reply follows
    ephemerally. So is a private hand in the table's channel (the Start tap's, "My hand"),
    whose answer also posts the new table message (:func:`bot.flows.play_button`)."""
    message = interaction.message
    private_hand = message is not None and message.flags.ephemeral and not _is_preview(message)
    if message is None or (message.guild is not None and not private_hand):
        await answer(interaction, lambda locale: _act_elsewhere(bot, interaction, ref))
        return

    async def work(locale: str) -> str:
        return await play_button(
            bot, interaction, ref.game_id, ref, in_place=True, in_channel=private_hand
        )

    await answer(interaction, work, update=True)


def _is_preview(message: discord.Message) -> bool:
    """A private message whose move button confirms a preview (it has a Cancel): answered
    apart, the preview kept; any other private message with move buttons shows a hand."""
    return any(custom_id.startswith("mt:dismiss:") for custom_id in _custom_ids(message.components))


def _custom_ids(components: list[Any]) -> list[str]:
    """Every custom id in these components, rows and containers (components v2) walked."""
    found = []
    for component in components:
        found.append(getattr(component, "custom_id", None) or "")
        found += _custom_ids(list(getattr(component, "children", None) or []))
    return found


async def _act_elsewhere(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], ref: ComponentRef
) -> str:
    """A move button outside a hand DM (an ephemeral preview's Confirm): answered apart."""
    reply = await play_button(bot, interaction, ref.game_id, ref)
    if interaction.message is not None and not interaction.message.flags.ephemeral:
        with contextlib.suppress(discord.HTTPException):
            await interaction.message.edit(view=None)  # its moves are spent
    return reply


async def _lobby(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], ref: ComponentRef
) -> None:
    """A lobby button acts on the table it was drawn for, never on a newer table of the same
    channel: a closed table's buttons are refused. Tapped on the lobby message, it updates it
    in its answer; so it does on a message with this lobby's buttons whose id the bot has not
    stored yet (``/game new``'s followup can be tapped the moment it shows)."""
    record = await table_by_id(bot, interaction, ref.game_id)
    if interaction.channel_id != record.channel_id:
        raise TableError("no_such_table", game_id=ref.game_id)
    step = LOBBY_STEPS[ref.kind]
    tapped = interaction.message.id if interaction.message is not None else None
    lobby = record.lobby_message_id or tapped
    if tapped is None or tapped != lobby or record.status != LOBBY:
        await answer(interaction, lambda locale: step(bot, interaction, locale, record.id))
        return

    async def work(locale: str) -> str:
        # The lobby shows the tap's change through this answer (free), not an edit request,
        # and Start's first table comes as the answer's public followup, not a channel post;
        # so does the starting hand of whoever tapped Start, privately, not as a DM.
        courier = bot.courier
        starter = posted_in_answer(interaction, ephemeral=True)
        with (
            courier.answering(record.id, LOBBY_ANSWER, shown_in_place(interaction)),
            courier.answering(record.id, TABLE_ANSWER, posted_in_answer(interaction)),
            courier.answering(record.id, interaction.user.id, starter, in_dm=False)
            if ref.kind == "start"
            else contextlib.nullcontext(),
        ):
            return await step(bot, interaction, locale, record.id)

    await answer(interaction, work, update=True)


async def _history(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], ref: ComponentRef
) -> None:
    async def work(locale: str) -> Payload:
        return await history(bot, await table_by_id(bot, interaction, ref.game_id), locale)

    await answer(interaction, work)


async def _seat_offer(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], ref: ComponentRef
) -> None:
    """Take / No thanks on a seat offer (the seat is in the id's version field)."""
    record = await table_by_id(bot, interaction, ref.game_id)
    if ref.version is None:
        raise TableError("malformed_component")
    accept = ref.kind == "seatyes"

    async def work(locale: str) -> str:
        return await answer_seat_offer(
            bot, interaction, locale, record.id, ref.version or 0, accept=accept
        )

    await answer(interaction, work)


async def _vote(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], ref: ComponentRef
) -> None:
    """Wait / Skip / Bot on a seat whose time ran out (the vote and the seat are in the id)."""
    record = await table_by_id(bot, interaction, ref.game_id)
    choice = ref.kind.removeprefix("vote")

    async def work(locale: str) -> str:
        return await cast_vote(
            bot, interaction, locale, record.id, ref.index or 0, ref.version or 0, choice
        )

    await answer(interaction, work)


async def _dismiss(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], ref: ComponentRef
) -> None:
    """Cancel on a preview (Monsterpocalypse's attack odds): the preview goes, nothing is
    played."""
    text = t(interaction.locale, "Cancelled; nothing was changed.")
    await interaction.response.edit_message(content=text, embed=None, view=None)


async def _rematch(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], ref: ComponentRef
) -> None:
    """Rematch on a finished table's message (:mod:`bot.rematch`)."""
    await answer(
        interaction, lambda locale: rematch_taps.open_rematch(bot, interaction, locale, ref.game_id)
    )


async def _rematch_answer(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], ref: ComponentRef
) -> None:
    """I'm in / Not this time on a rematch's lobby, for the table it was drawn for."""
    record = await table_by_id(bot, interaction, ref.game_id)
    if interaction.channel_id != record.channel_id:
        raise TableError("no_such_table", game_id=ref.game_id)
    accept = ref.kind == "rmyes"

    async def work(locale: str) -> str:
        return await rematch_taps.answer_rematch(bot, interaction, locale, record.id, accept=accept)

    await answer(interaction, work)


HANDLERS = {
    "hand": _hand,
    "act": _act,
    "join": _lobby,
    "leave": _lobby,
    "addbot": _lobby,
    **dict.fromkeys(ADD_BOT_KINDS, _lobby),
    "start": _lobby,
    "history": _history,
    "seatyes": _seat_offer,
    "seatno": _seat_offer,
    "votewait": _vote,
    "voteskip": _vote,
    "votebot": _vote,
    "dismiss": _dismiss,
    "rematch": _rematch,
    **dict.fromkeys(REMATCH_ANSWERS, _rematch_answer),
}
