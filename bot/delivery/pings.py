"""Short lines that ping, in the channel, a player no DM reaches, and their tidying.

Why: an edit notifies nobody, so a player whose DMs are closed (or who wants none) hears that
they must act only from a new channel message that mentions them. Posting the whole table
anew for that made 4.5 channel messages per turn in a 4-player Notte di Terrore night with
one such player (issue 27). Within a turn the table message is edited instead, and the player
gets one short line: a mention, what to do, a jump link to the table message. One line a
turn: a player asked again within the turn is not pinged again (their line still stands and
links to the board; one line each time they were asked made Munchkin Fu's many windows 5.7
channel messages a turn). When the turn moves on, the new table post pings whoever must act
and the lines are deleted, so the channel keeps one board per turn.

The lines standing are kept in the table message's key (``message_key``, after
:data:`PINGS`): stored with the table message it points at, in the same write, so a restart
still tidies them.
"""

from __future__ import annotations

import contextlib
import json
import logging

import discord

from bot.delivery.plan import UNREACHED, table_key
from bot.i18n import t
from bot.narration import game_name, jump_url, mention
from bot.payload import Payload, pings
from bot.store import GameRecord

log = logging.getLogger(__name__)

PINGS = "|pings="
"""Where a table message's key lists the ping lines standing: ``{seat: message id}``."""


def split(key: str | None) -> tuple[str | None, dict[int, int]]:
    """A stored table key: (the key without its ping lines, the lines by seat)."""
    if key is None or PINGS not in key:
        return key, {}
    shown, _, lines = key.rpartition(PINGS)
    return shown, {int(seat): message_id for seat, message_id in json.loads(lines).items()}


def unreached(key: str | None) -> list[int]:
    """The seats a table key (without its lines) names as pinged in the channel."""
    if key is None or UNREACHED not in key:
        return []
    return [int(seat) for seat in json.loads(key.rpartition(UNREACHED)[2])]


def once_a_turn(shown: str | None, key: str) -> str:
    """The key to store after the table message with key ``shown`` was edited to ``key``
    (both without lines): it names as pinged everyone either names, so a player pinged once
    this turn (by the table post or a line) is not pinged again when asked anew."""
    announcing = key.rpartition(UNREACHED)[0]
    return table_key(announcing, sorted({*unreached(shown), *unreached(key)}))


def joined(key: str, lines: dict[int, int]) -> str:
    """The key to store: ``key`` and the ping lines standing."""
    if not lines:
        return key
    return f"{key}{PINGS}{json.dumps({str(s): m for s, m in sorted(lines.items())})}"


def ping_line(record: GameRecord, seats: list[int]) -> Payload:
    """The short line for ``seats``, in the table's language: no board, mentions (the only
    ones it pings), what to do, and the jump link to the table message."""
    locale = record.locale
    text = t(
        locale,
        "🔔 {who}: your move at **{game}** #{id}. `/game move` lists what you can do, "
        "`/game hand` shows your hand.",
        who=", ".join(mention(record, seat) for seat in seats),
        game=game_name(record, locale),
        id=record.id,
    )
    url = jump_url(record)
    users = [u for u in (record.seats[seat].user_id for seat in seats) if u is not None]
    return Payload(content=f"{text} {url}" if url else text, mentions=pings(users))


async def tidy(channel: discord.PartialMessageable, message_ids: list[int]) -> None:
    """Delete ping lines of a turn that moved on. Tidying only: a line already
    gone, or one Discord refuses to delete, is left as it is."""
    for message_id in message_ids:
        with contextlib.suppress(discord.NotFound):
            try:
                await channel.get_partial_message(message_id).delete()
            except discord.HTTPException as error:
                if error.status == 429 or error.status >= 500:
                    raise  # the delivery is tried again, tidying with it
                log.info("could not delete ping line %d: %s", message_id, error)


async def ping_anew(
    channel: discord.PartialMessageable,
    record: GameRecord,
    keys: tuple[str | None, str],
    lines: dict[int, int],
    nonce: str,
) -> dict[int, int]:
    """The ping lines after the table message was edited from key ``keys[0]`` to ``keys[1]``
    (both without lines): whoever no DM reaches and must act gets one, unless this turn's
    table message or a line pinged them already (:func:`once_a_turn`); the lines stand until
    the turn moves on. ``nonce``: the delivery's. Returns the lines standing."""
    shown, key = keys
    wanted = unreached(key)
    pinged = unreached(shown)
    new = [seat for seat in wanted if seat not in pinged and seat not in lines]
    if new:
        payload = ping_line(record, new)
        sent = await channel.send(**payload.send_kwargs(), nonce=f"{nonce}p")
        lines.update(dict.fromkeys(new, sent.id))
    return lines
