"""Every acknowledged interaction gets its answer, even across a crash or a stop.

A flow acknowledges an interaction at once (Discord shows "thinking...") and answers when its
work is done. A bot killed in between left that reply loading for ever ("The application did
not respond"), although the move may have been saved and shown (issue 27). So the interaction's
token, which Discord honours for 15 minutes, is kept in the store while the answer is owed:

- :func:`keep` writes it when the interaction is deferred (:func:`bot.flows.answer`), and sets
  :data:`bot.store.REPLY` so that a change the work commits marks it, in the change's own
  transaction (the table and the version it wrote; that transaction writes the row itself
  if the first write has not landed yet, so the move never waits for it);
- :func:`close` forgets it once the answer is sent;
- :func:`answer_open`, at start-up, answers each one a previous run left open: the change is
  saved (and shown, once the outbox delivered it), or nothing was changed and the player may
  try again. A "thinking..." is answered by editing the original response; a tap deferred as
  an update of the tapped message (a lobby's Start, a hand DM's move) by an ephemeral
  followup, since its original response is that message and the answer would take the
  lobby's, the table's or the hand's place. A token too old to use is forgotten.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.config import Settings
from bot.delivery.courier import Courier
from bot.i18n import normalise, t
from bot.store import REPLY, GameStore, OpenReply

if TYPE_CHECKING:
    from contextvars import Token

log = logging.getLogger(__name__)


class Host(Protocol):
    """What answering needs of the bot (:class:`bot.client.MonsterTableBot` is one): its
    settings, its store and its courier. Named here rather than imported from the bot, which
    imports this module: inside ``bot`` imports form a tree (``tests/test_import_tree.py``)."""

    @property
    def settings(self) -> Settings: ...

    @property
    def store(self) -> GameStore: ...

    @property
    def courier(self) -> Courier: ...


TOKEN_LIFETIME = 15 * 60
"""Seconds Discord accepts an interaction's token for followups and edits."""
TOKEN_MARGIN = 60
"""A token this close to its end is not used: the answer could arrive after it expired."""
ORIGINAL: Any = "@original"
"""The webhook message id Discord reads as an interaction's original response (discord.py
types message ids as ints; the route only formats it)."""


KEPT = "monster_table.reply"
"""Where :func:`bot.flows.answer` leaves the :class:`Kept` of an interaction (its ``extras``),
for the error handler's apology to close."""


@dataclass(eq=False)
class Kept:
    """An interaction's token being kept: the row, its write under way, and the mark that
    makes a change committed from here on mark the row (undone by :meth:`unmark`)."""

    reply: OpenReply
    written: asyncio.Task[None]
    mark: Token[OpenReply | None]

    def unmark(self) -> None:
        REPLY.reset(self.mark)


def keep(bot: Host, interaction: discord.Interaction[Any], *, update: bool = False) -> Kept:
    """Keep the interaction's token until :func:`close`, and have a change committed by the
    code running from here on mark it as that change's (in the change's own transaction,
    which writes the row itself if this write has not landed yet: the work does not wait for
    the write; the acknowledgement does, a bounded while, :func:`bot.flows._defer`).
    ``update``: it was deferred as an update of the tapped message, so a restart answers it
    aside (:func:`answer_open`)."""
    reply = OpenReply(
        interaction_id=interaction.id,
        application_id=interaction.application_id,
        token=interaction.token,
        locale=normalise(interaction.locale),
        created_at=time.time(),
        shard=shard_of(bot, interaction.guild_id),
        update=update,
    )
    written = asyncio.create_task(bot.store.open_reply(reply), name="keep-reply")
    return Kept(reply, written, REPLY.set(reply))


async def written(kept: Kept, within: float) -> None:
    """Wait up to ``within`` seconds for the token's write to land (never raises: a write that
    failed or is slow is the close's and the move's concern, not the acknowledgement's)."""
    done, _ = await asyncio.wait({kept.written}, timeout=within)
    for task in done:
        if not task.cancelled() and task.exception() is not None:
            log.warning("could not keep the token of interaction %s", kept.reply.interaction_id)


def shard_of(bot: Host, guild_id: int | None) -> int:
    """The shard an interaction came through: Discord's ``(guild_id >> 22) % shard_count``,
    shard 0 for DMs (and for a bot that is not sharded)."""
    count = bot.settings.shard_count
    if count is None or guild_id is None:
        return 0
    return (guild_id >> 22) % count


async def close(bot: Host, kept: Kept | None) -> None:
    """The interaction was answered: its token is no longer needed."""
    if kept is None:
        return
    try:
        await kept.written
        await bot.store.close_reply(kept.reply.interaction_id)
    except Exception:  # the answer is sent; a row left behind only costs an edit at start-up
        log.exception("could not forget the answered interaction %s", kept.reply.interaction_id)


class InFlight:
    """The answers being worked on, so a clean stop lets them finish (within a bound) before
    the store and the connection to Discord close under them; any still running then is
    cancelled, rolled back, and answered by the next run like after a crash."""

    def __init__(self) -> None:
        self.tasks: set[asyncio.Task[Any]] = set()

    @contextlib.contextmanager
    def tracking(self) -> Iterator[None]:
        task = asyncio.current_task()
        if task is None:
            yield
            return
        self.tasks.add(task)
        try:
            yield
        finally:
            self.tasks.discard(task)

    async def drain(self, within: float) -> int:
        """Wait up to ``within`` seconds for the answers under way; cancel those left. How
        many were cancelled."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        while self.tasks and loop.time() < deadline:
            await asyncio.wait(set(self.tasks), timeout=deadline - loop.time())
        left = [task for task in self.tasks if not task.done()]
        for task in left:
            task.cancel()
        await asyncio.gather(*left, return_exceptions=True)
        if left:
            log.info("stopping: %d answers left for the next run", len(left))
        return len(left)


def move_reply(locale: str, shown: bool, dm_closed: bool = False) -> str:
    """Confirm a stored move, truthfully: shown, or saved and still on its way."""
    if shown:
        reply = t(locale, "✅ Done. The table is updated.")
    else:
        reply = t(
            locale,
            "✅ Your move is saved. Discord is slow right now, so the table will show it in a "
            "moment.",
        )
    if dm_closed:
        reply += "\n" + t(locale, "📪 Your DMs are closed, so use `/game hand` to see your hand.")
    return reply


COMMITTED = "monster_table.committed"
"""Set in ``interaction.extras`` once the interaction changed a table: from then on, an error
must not tell the player that nothing was changed."""


async def apology(interaction: discord.Interaction[Any]) -> None:
    """The reply to an unexpected error: short, localised, never silent, and true about
    whether the player's move was saved."""
    if interaction.extras.get(COMMITTED):
        text = t(
            interaction.locale,
            "😵 Your move is saved, but something went wrong while I answered; it has been "
            "logged. The table shows your move.",
        )
    else:
        text = t(
            interaction.locale,
            "😵 Something went wrong on my side; it has been logged. "
            "Nothing was changed. Please try again.",
        )
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not apologise for interaction %s", interaction.id)
        return
    await close(interaction.client, interaction.extras.get(KEPT))


async def answer_open(bot: Host, client: discord.Client) -> int:
    """Answer every interaction a previous run acknowledged and left unanswered, all at once;
    how many were answered. Run at start-up, once the outbox delivers again; ``client``, the
    connection the answers are sent through, is the bot itself."""
    since = time.time() - TOKEN_LIFETIME + TOKEN_MARGIN
    # Several processes share the store: each answers only what came through its shards (the
    # others' interactions may still be under way there).
    shards = bot.settings.shard_ids if bot.settings.shard_count is not None else None
    open_replies = await bot.store.open_replies(since, shards)
    results = await asyncio.gather(
        *(_answer(bot, client, reply) for reply in open_replies), return_exceptions=True
    )
    for reply, result in zip(open_replies, results, strict=True):
        if isinstance(result, BaseException):  # kept: the next start tries again
            log.error("answering interaction %s failed", reply.interaction_id, exc_info=result)
    answered = sum(result is True for result in results)
    if results:
        log.info("answered %d of %d interactions left open", answered, len(results))
    return answered


async def _answer(bot: Host, client: discord.Client, reply: OpenReply) -> bool:
    text = await _wording(bot, reply)
    hook = _followup_hook(client, reply)
    answered = True
    try:
        if reply.update:  # the original response is the tapped lobby, table or hand
            await hook.send(text, ephemeral=True)
        else:  # the original response is the "thinking..." the answer fills
            await hook.edit_message(ORIGINAL, content=text)
    except discord.HTTPException as error:  # refused for good: expired, never acknowledged
        log.info("could not answer interaction %s: %s", reply.interaction_id, error)
        answered = False
    await _forget(bot, reply.interaction_id)  # not after another error: kept for a retry
    return answered


def _followup_hook(client: discord.Client, reply: OpenReply) -> discord.Webhook:
    """The interaction's webhook, as discord.py builds ``Interaction.followup``: an
    application webhook (type 3), the only kind discord.py lets send an ephemeral message
    (``Webhook.partial`` makes an incoming one, which refuses)."""
    data: Any = {"id": reply.application_id, "type": 3, "token": reply.token}
    return discord.Webhook.from_state(data=data, state=client._connection)


async def _forget(bot: Host, interaction_id: int) -> None:
    try:
        await bot.store.close_reply(interaction_id)
    except Exception:  # answered again by the next start: the same truth once more
        log.exception("could not forget the answered interaction %s", interaction_id)


async def _wording(bot: Host, reply: OpenReply) -> str:
    if not reply.committed:
        return t(
            reply.locale,
            "⚠️ I restarted before your request was done: nothing was changed. Please try again.",
        )
    shown = True
    if reply.game_id is not None and reply.version is not None:
        bot.courier.kick(reply.game_id)
        shown = await bot.courier.wait_delivered(
            reply.game_id, reply.version, bot.settings.reply_wait_seconds
        )
    return move_reply(reply.locale, shown)
