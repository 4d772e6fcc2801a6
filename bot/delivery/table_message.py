"""The table message: edited within a turn, posted anew when the turn changes.

Why a module of its own: the courier (:mod:`bot.delivery.courier`) decides when and how often
a delivery is sent; what the table message must announce, whether the one shown may be edited
into it, and its ping lines (:mod:`bot.delivery.pings`) are this concern. While a turn goes on
(see :func:`bot.delivery.plan.turn_key`), the latest table message is edited instead of a new
one posted; a new turn gets a new message that pings whoever must act, and a player no DM
reaches who is asked anew within the turn gets a short line instead (once a turn).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from bot import timing
from bot.delivery import pings
from bot.delivery.plan import edits_in_place, table_key, turn_key
from bot.layout import keyed
from bot.store import GameRecord, GameStore

if TYPE_CHECKING:
    from bot.payload import Payload
    from bot.publisher import Publisher
    from bot.table import TableService

THREAD_ARCHIVED = 50083
"""Discord refuses to edit a message of an archived thread (a table in its own thread, after
a week without a message); posting one there unarchives an unlocked thread."""
EDIT_WITHIN_SECONDS = 45 * 60
"""A table message older than this gets a fresh post instead of an edit (Discord limits edits
of old messages, and the board belongs at the bottom of the channel)."""

PostFirst = Callable[["Payload"], Awaitable[int | None]]
"""Posts a new table message through an interaction's answer, if one can: its id, or None."""
Senders = tuple[discord.Client, GameStore, "Publisher"]
"""What sends it: the client, the store (the message's id and key), the publisher."""


def announcing(
    tables: TableService, record: GameRecord, now: float, layout: str
) -> tuple[str, str | None, bool]:
    """What the table message must announce, the key of the one shown (without its ping
    lines), and whether that one is edited: within a turn it is, and whoever no DM reaches
    and must act anew gets a short line that pings them (``bot.delivery.pings``), not the
    whole table again; a new turn, the end, or an open vote (it asks the others) gets a
    new message. The key tells the ``layout`` it is sent in (:func:`bot.layout.keyed`): an
    edit must not change it."""
    turn = turn_key(record.game, tables.view(record, None), tables.pending(record))
    said = keyed(layout, f"{record.status}|{turn}|{timing.votes(record)}")
    shown = pings.split(record.message_key)[0]
    return said, shown, _can_edit(record, shown, table_key(said, []), now)


def _can_edit(record: GameRecord, shown: str | None, key: str, now: float) -> bool:
    return (
        record.message_id is not None
        and edits_in_place(shown, key)
        and record.message_at is not None
        and now - record.message_at < EDIT_WITHIN_SECONDS
    )


async def send(
    senders: Senders,
    record: GameRecord,
    closed: list[int],
    versions: tuple[int, int],
    nonce: str,
    now: float,
    post_first: PostFirst | None = None,
) -> int:
    """Show ``record`` (the table as committed at ``versions[1]``, narrating the changes
    from ``versions[0]``) in its table message; ``closed``: the seats asked that no DM
    reaches. ``post_first``: posts a new table message for free if it can (an interaction's
    public followup, :func:`bot.flows.posted_in_answer`, through the courier) and says which;
    None when it did not: the message is posted with ``nonce``. The message's id."""
    client, store, publisher = senders
    layout = await publisher.table_layout(record)
    said, shown, editing = announcing(publisher.tables, record, now, layout)
    key = table_key(said, closed)
    lines = pings.split(record.message_key)[1]
    first, version = versions
    if editing:
        assert record.message_from is not None
        first = record.message_from  # an edit replaces the text: narrate the whole turn
    told = await store.announced_between(record.id, first, version)
    events = [event for each in told for event in each.events]
    notes = [note for each in told for note in each.notes]
    payload = await publisher.table_payload(record, events, notes, layout=layout)
    channel = client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
    if editing:
        assert record.message_id is not None
        try:
            await channel.get_partial_message(record.message_id).edit(**payload.edit_kwargs())
        except discord.HTTPException as error:
            if not post_anew(error):
                raise
        else:
            lines = await pings.ping_anew(channel, record, (shown, key), lines, nonce)
            stored = pings.joined(pings.once_a_turn(shown, key), lines)
            if stored != record.message_key:
                await store.set_message(record.id, record.message_id, key=stored,
                                        at=record.message_at, since=first)  # fmt: skip
            return record.message_id
    await pings.tidy(channel, list(lines.values()))  # the new post pings whoever must act
    posted = await post_first(payload) if post_first is not None else None
    if posted is None:
        posted = (await channel.send(**payload.send_kwargs(), nonce=nonce)).id
    await store.set_message(record.id, posted, key=key, at=now, since=first)
    return posted


def post_anew(error: discord.HTTPException) -> bool:
    """Whether a refused edit is better made as a new post: the message was deleted meanwhile,
    or its thread archived (posting brings the thread back)."""
    return isinstance(error, discord.NotFound) or error.code == THREAD_ARCHIVED
