"""Every button and select the bot draws, served by one persistent DynamicItem.

Clicks are served from the custom_id alone (see :mod:`bot.components`), so they keep working
after a restart; a click drawn for an older version of the table is refused by the table
service and changes nothing.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot import rematch_taps
from bot.components import ADD_BOT_KINDS, REMATCH_ANSWERS, TEMPLATE, ComponentRef, parse
from bot.delivery.in_answer import LOBBY_ANSWER, TABLE_ANSWER
from bot.errors import error_text
from bot.flows import (
    LOBBY_STEPS,
    Reply,
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
        """Acknowledge the tap before anything else (issue 27 §2): every kind's work runs
        inside :func:`bot.flows.answer`, which defers before the work reads the store, so a
        busy store (an exhausted pool, a long queue) never holds the deferral past Discord's
        3 s. Only a malformed id and Cancel are answered at once: they read nothing."""
        bot: MonsterTableBot = interaction.client
        locale = normalise(interaction.locale)
        try:
            ref = self.ref
            if ref is None:
                raise TableError("malformed_component")
            if ref.kind == DISMISS:
                await _dismiss(interaction)
                return
            handler = HANDLERS[ref.kind]
            await answer(
                interaction,
                lambda locale: handler.work(bot, interaction, ref, locale),
                update=handler.update(interaction),
            )
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


Work = Callable[
    ["MonsterTableBot", discord.Interaction[Any], ComponentRef, str], Awaitable[Reply | None]
]


def _apart(interaction: discord.Interaction[Any]) -> bool:
    """Answered apart, by an ephemeral "thinking…" and its reply."""
    return False


def _on_a_hand(interaction: discord.Interaction[Any]) -> bool:
    """Tapped on the mover's hand, updated in place: a (non-ephemeral) hand DM, or a private
    hand in the table's channel (an ephemeral message that is not a preview)."""
    message = interaction.message
    if message is None:
        return False
    if message.flags.ephemeral:
        return not _is_preview(message)
    return message.guild is None


def _on_a_message(interaction: discord.Interaction[Any]) -> bool:
    """Tapped on a message that is not ephemeral (a lobby): updated in place when the work
    finds it is the table's lobby, else left as it is, the reply following ephemerally."""
    message = interaction.message
    return message is not None and not message.flags.ephemeral


@dataclass(frozen=True)
class Handler:
    """What one kind of component does (``work``), and how its tap is acknowledged, chosen
    from the interaction alone since it goes out before the work reads anything: ``update``
    (a deferred update of the tapped message) or an ephemeral "thinking…"."""

    work: Work
    update: Callable[[discord.Interaction[Any]], bool] = _apart


async def _hand(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], ref: ComponentRef, locale: str
) -> Payload:
    record = await table_by_id(bot, interaction, ref.game_id)
    return await show_hand(bot, record, interaction.user.id, locale)


async def _act(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], ref: ComponentRef, locale: str
) -> str:
    """A move button. Tapped in a hand DM, that DM is updated inside the interaction's answer
    (a deferred update: free under Discord's limits, issue 27) to the mover's new hand, or
    just loses its spent buttons, instead of by requests of its own; the reply follows
    ephemerally. So is a private hand in the table's channel (the Start tap's, "My hand"),
    whose answer also posts the new table message (:func:`bot.flows.play_button`).
    Elsewhere (an ephemeral preview's Confirm) it is answered apart."""
    message = interaction.message
    if message is not None and _on_a_hand(interaction):
        private = message.flags.ephemeral
        return await play_button(
            bot, interaction, ref.game_id, ref, in_place=True, in_channel=private
        )
    reply = await play_button(bot, interaction, ref.game_id, ref)
    if message is not None and not message.flags.ephemeral:
        with contextlib.suppress(discord.HTTPException):
            await message.edit(view=None)  # its moves are spent
    return reply


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


async def _lobby(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], ref: ComponentRef, locale: str
) -> str:
    """A lobby button acts on the table it was drawn for, never on a newer table of the same
    channel: a closed table's buttons are refused. Tapped on the lobby message, it updates it
    in its answer; so it does on a message with this lobby's buttons whose id the bot has not
    stored yet (``/game new``'s followup can be tapped the moment it shows). Tapped on
    another message (a lobby that has moved on), that message is left as it is."""
    record = await table_by_id(bot, interaction, ref.game_id)
    if interaction.channel_id != record.channel_id:
        raise TableError("no_such_table", game_id=ref.game_id)
    step = LOBBY_STEPS[ref.kind]
    tapped = interaction.message.id if _on_a_message(interaction) and interaction.message else None
    lobby = record.lobby_message_id or tapped
    if tapped is None or tapped != lobby or record.status != LOBBY:
        return await step(bot, interaction, locale, record.id)
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


async def _history(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], ref: ComponentRef, locale: str
) -> Payload:
    return await history(bot, await table_by_id(bot, interaction, ref.game_id), locale)


async def _seat_offer(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], ref: ComponentRef, locale: str
) -> str:
    """Take / No thanks on a seat offer (the seat is in the id's version field)."""
    record = await table_by_id(bot, interaction, ref.game_id)
    if ref.version is None:
        raise TableError("malformed_component")
    accept = ref.kind == "seatyes"
    return await answer_seat_offer(bot, interaction, locale, record.id, ref.version, accept=accept)


async def _vote(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], ref: ComponentRef, locale: str
) -> str:
    """Wait / Skip / Bot on a seat whose time ran out (the vote and the seat are in the id)."""
    record = await table_by_id(bot, interaction, ref.game_id)
    choice = ref.kind.removeprefix("vote")
    return await cast_vote(
        bot, interaction, locale, record.id, ref.index or 0, ref.version or 0, choice
    )


async def _dismiss(interaction: discord.Interaction[Any]) -> None:
    """Cancel on a preview (Monsterpocalypse's attack odds): the preview goes, nothing is
    played. Answered at once: it reads nothing."""
    text = t(interaction.locale, "Cancelled; nothing was changed.")
    await interaction.response.edit_message(content=text, embed=None, view=None)


async def _rematch(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], ref: ComponentRef, locale: str
) -> str:
    """Rematch on a finished table's message (:mod:`bot.rematch`)."""
    return await rematch_taps.open_rematch(bot, interaction, locale, ref.game_id)


async def _rematch_answer(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], ref: ComponentRef, locale: str
) -> str:
    """I'm in / Not this time on a rematch's lobby, for the table it was drawn for."""
    record = await table_by_id(bot, interaction, ref.game_id)
    if interaction.channel_id != record.channel_id:
        raise TableError("no_such_table", game_id=ref.game_id)
    accept = ref.kind == "rmyes"
    return await rematch_taps.answer_rematch(bot, interaction, locale, record.id, accept=accept)


DISMISS = "dismiss"
LOBBY_TAP = Handler(_lobby, update=_on_a_message)
HANDLERS = {
    "hand": Handler(_hand),
    "act": Handler(_act, update=_on_a_hand),
    "join": LOBBY_TAP,
    "leave": LOBBY_TAP,
    "addbot": LOBBY_TAP,
    **dict.fromkeys(ADD_BOT_KINDS, LOBBY_TAP),
    "start": LOBBY_TAP,
    "history": Handler(_history),
    "seatyes": Handler(_seat_offer),
    "seatno": Handler(_seat_offer),
    "votewait": Handler(_vote),
    "voteskip": Handler(_vote),
    "votebot": Handler(_vote),
    "rematch": Handler(_rematch),
    **dict.fromkeys(REMATCH_ANSWERS, Handler(_rematch_answer)),
}
