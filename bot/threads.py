"""A table in its own thread (``/game new ... thread:true``), so one channel hosts many tables.

The table is opened *in* a new public thread: its ``channel_id`` is the thread's id. Discord
treats a thread as a channel everywhere the bot looks (posting, editing, jump links
``/channels/<guild>/<thread>/<message>``, ``<#thread>`` mentions, the ``channel_id`` of a
command typed inside it), so nothing else needs to know a table lives in a thread, and the
one-open-table-per-channel index holds per thread while the parent keeps its own table.

Discord gives the thread its id only once it exists, and the table its number only once it is
stored: the thread is created first (named after the game), the table is stored with the
thread's id, then the thread is renamed "<game> · #<table>". When storing fails, the thread
is deleted (or, lacking *Manage Threads*, told it has no table and archived), unless a table
did open in it meanwhile.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING, Any, Literal

import discord

from bot.clock import Clock
from bot.flows import open_table
from bot.i18n import t
from bot.limits import clip
from bot.store import GameRecord
from bot.table import TableError
from rules import GAMES

if TYPE_CHECKING:
    from bot.client import MonsterTableBot
    from bot.store import GameStore

log = logging.getLogger(__name__)

THREAD_TYPES = frozenset(
    {
        discord.ChannelType.public_thread,
        discord.ChannelType.private_thread,
        discord.ChannelType.news_thread,
    }
)
AUTO_ARCHIVE_MINUTES: Literal[10080] = 10080
"""A week, the longest Discord offers: a table's thread stays in the channel list between
moves of a slow game (posting in an archived, unlocked thread brings it back anyway)."""
NAME_LIMIT = 100
"""Discord's limit on a thread's name."""
NEEDED = discord.Permissions(create_public_threads=True, send_messages_in_threads=True)
"""What the bot needs in the parent channel: to open the thread and to post the table in it."""


def thread_name(game: str, locale: str, table_id: int | None = None) -> str:
    """ "Monster Day · #12" in the table's language, within Discord's limit."""
    engine = GAMES.get(game)
    name = engine.names.get(locale, game) if engine is not None else game
    if table_id is None:
        return clip(name, NAME_LIMIT)
    suffix = f" · #{table_id}"
    return clip(name, NAME_LIMIT - len(suffix)) + suffix


def parent_channel(interaction: discord.Interaction[Any]) -> discord.TextChannel:
    """The server text channel the command was typed in, where the bot may open a thread and
    post in it; a clear refusal otherwise (DMs, a thread, a voice chat, missing permissions).
    The member must be allowed to open threads there too: the bot opens no thread for someone
    the server does not let open one."""
    if interaction.guild_id is None:
        raise TableError("thread_in_dm")
    channel = interaction.channel
    if getattr(channel, "type", None) in THREAD_TYPES:
        raise TableError("thread_in_thread")
    if not isinstance(channel, discord.TextChannel):
        raise TableError("thread_not_here")
    if not interaction.permissions.create_public_threads:
        raise TableError("thread_not_allowed")
    if not interaction.app_permissions >= NEEDED:
        raise TableError("thread_forbidden")
    return channel


async def open_thread(parent: discord.TextChannel, name: str) -> discord.Thread:
    """A public thread not tied to a message (an announcement thread in a news channel)."""
    kinds = discord.ChannelType
    kind = kinds.news_thread if parent.is_news() else kinds.public_thread
    try:
        return await parent.create_thread(
            name=name, type=kind, auto_archive_duration=AUTO_ARCHIVE_MINUTES
        )
    except discord.Forbidden:
        raise TableError("thread_forbidden") from None


async def new_table_in_thread(
    bot: MonsterTableBot,
    interaction: discord.Interaction[Any],
    *,
    game: str,
    options: dict[str, Any],
    locale: str,
    time_control: Clock | None = None,
) -> GameRecord:
    """Open a thread from the channel the command was typed in and the table in it; the
    host is added to the thread so it shows in their channel list. ``locale`` is the table's."""
    parent = parent_channel(interaction)
    thread = await open_thread(parent, thread_name(game, locale))
    try:
        record = await open_table(
            bot,
            interaction,
            thread.id,
            game=game,
            options=options,
            locale=locale,
            time_control=time_control,
        )
    except Exception:
        await discard(thread, bot.store, locale)
        raise
    await _settle_in(thread, record, interaction.user)
    return record


async def _settle_in(
    thread: discord.Thread, record: GameRecord, host: discord.abc.Snowflake
) -> None:
    """Name the thread after its table and add the host. Both are niceties: the table is open
    and shown whatever Discord answers, so a refusal is only logged."""
    try:
        await thread.edit(name=thread_name(record.game, record.locale, record.id))
    except discord.HTTPException as error:
        log.info("could not rename thread %d of table %d: %s", thread.id, record.id, error)
    try:
        await thread.add_user(host)
    except discord.HTTPException as error:
        log.info("could not add the host to thread %d: %s", thread.id, error)


async def discard(thread: discord.Thread, store: GameStore, locale: str) -> None:
    """A thread whose table could not be stored: deleted, so no empty thread is left behind;
    lacking the permission, it says it has no table and is archived. A thread where a table
    did open meanwhile (someone typed ``/game new`` in it first) is that table's, and stays."""
    if await store.open_in_channel(thread.id) is not None:
        return
    try:
        await thread.delete()
        return
    except discord.HTTPException as error:
        log.info("could not delete the empty thread %d: %s", thread.id, error)
    with contextlib.suppress(discord.HTTPException):
        await thread.send(
            t(locale, "⚠️ The table for this thread could not be opened. Open one with `/game new`.")
        )
        await thread.edit(archived=True)


def opened_reply(locale: str, record: GameRecord) -> str:
    """The host's ephemeral answer, with a link to the thread."""
    return t(
        locale,
        "✅ Table #{id} is open in its own thread, {thread}. Others join there with "
        "`/game join` or the buttons of its lobby.",
        id=record.id,
        thread=f"<#{record.channel_id}>",
    )
