"""A new channel message posted as an interaction's followup, whose fate may be unknown.

Why: the lobby (``/game new``) and a Start tap's first table are posted as public followups of
the interaction's answer, which Discord does not count against the bot's 50 requests a second
(issue 27). But a followup carries no nonce (``enforce_nonce`` is for channel posts only): when
Discord stores one and its answer is lost (a 5xx after it posted, a connection reset, the bot
killed while it waited), sending it again shows it twice, and not sending it may show it never.

So a followup that posts is sent once (:func:`sent_once`: discord.py's webhook sender would
itself send it again after a 5xx), and the courier writes which interaction it goes through
before sending it (:meth:`bot.store.GameStore.delivery_by_followup`). When the bot does not
hear back, in this run or after a restart, it looks for that interaction's message among the
channel's latest (:func:`find`, one request, only then): found, it is the message; not found,
the courier posts it as a channel message with the delivery's nonce, which no retry repeats.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from types import TracebackType
from typing import TYPE_CHECKING, Any, cast

import aiohttp
import discord
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.delivery.in_answer import InAnswer
from bot.store import Delivery, GameRecord, GameStore

if TYPE_CHECKING:
    from bot.payload import Payload

log = logging.getLogger(__name__)

LOOK_BACK = 50
"""How many of the channel's latest messages :func:`find` reads (one request): the followup
was posted moments ago, at the bottom of the channel."""
TOO_MANY_REQUESTS = 429


class FateUnknown(Exception):
    """The followup may or may not have been posted: Discord's answer did not come back."""


UNSURE: tuple[type[BaseException], ...] = (
    FateUnknown,
    discord.DiscordServerError,
    aiohttp.ClientError,
    OSError,
    TimeoutError,
)
"""What a followup's send may raise when Discord may have posted it all the same."""


@contextlib.contextmanager
def sent_once() -> Iterator[None]:
    """Inside, a webhook request (a followup) is sent at most once: where discord.py's webhook
    sender would send it again (after a 5xx, a reset connection), :class:`FateUnknown` is
    raised instead. A 429 is still retried: Discord did not take the request."""
    token = async_context.set(_OnceAdapter(async_context.get()))
    try:
        yield
    finally:
        async_context.reset(token)


async def posted(
    senders: tuple[discord.Client, GameStore],
    delivery: Delivery,
    record: GameRecord,
    answer: InAnswer | None,
    payload: Payload,
) -> int | None:
    """The new message of ``delivery`` (the lobby, a table message, in ``record``'s channel)
    when an answer posts it: ``answer``, if one is open, else the followup an earlier attempt
    sent and never heard back of, found in the channel. None: the caller posts it, with the
    delivery's nonce. A followup is written down before it is sent; one whose fate is
    unknown is looked for, never sent again."""
    client, store = senders
    if delivery.followup_of is not None:
        return await find(client, record, delivery.followup_of)
    if answer is None:
        return None
    if answer.posts_as is not None and not (answer.used or answer.closed):
        await store.delivery_by_followup(delivery.id, answer.posts_as)
    try:
        return await answer.show(payload)
    except UNSURE as error:
        if answer.posts_as is None:
            raise  # an edit: sent again as one
        log.info("delivery %d of table %d: no answer to its followup (%r); looking for it",
                 delivery.id, record.id, error)  # fmt: skip
        return await find(client, record, answer.posts_as)


async def find(client: discord.Client, record: GameRecord, interaction_id: int) -> int | None:
    """The public message the interaction ``interaction_id`` posted in the table's channel
    (its followup), among the channel's :data:`LOOK_BACK` latest; None when there is none,
    or when the bot cannot read the channel back: posted again, shown twice rather than
    never."""
    channel = client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
    try:
        async for message in channel.history(limit=LOOK_BACK):
            metadata = message.interaction_metadata
            if metadata is not None and metadata.id == interaction_id:
                return message.id
    except discord.Forbidden as error:
        log.info("table %d: cannot look for a followup (%s); posting it", record.id, error)
    return None


class _OnceAdapter(AsyncWebhookAdapter):
    """The webhook sender in place (discord.py's, or a test double's), each request's
    session sending it once; discord.py's helpers (``execute_webhook``...) are inherited and
    go through :meth:`request`."""

    def __init__(self, inner: AsyncWebhookAdapter) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # discord.py's, untyped
        self._inner = inner

    async def request(self, route: Any, session: aiohttp.ClientSession, **kwargs: Any) -> Any:
        once = cast(aiohttp.ClientSession, _Once(session))
        return await self._inner.request(route, once, **kwargs)


class _Once:
    """The session of one webhook request: a second send is refused unless the first was
    rate limited, and a 5xx answer is a :class:`FateUnknown` at once."""

    def __init__(self, session: aiohttp.ClientSession) -> None:
        self._session = session
        self._may_send = True

    def request(self, *args: Any, **kwargs: Any) -> _Watched:
        if not self._may_send:
            raise FateUnknown("sent once, no answer heard")
        self._may_send = False
        return _Watched(self, self._session.request(*args, **kwargs))

    def rate_limited(self) -> None:
        self._may_send = True


class _Watched:
    """One send's answer, looked at as it arrives."""

    def __init__(self, once: _Once, sending: Any) -> None:
        self._once = once
        self._sending = sending

    async def __aenter__(self) -> aiohttp.ClientResponse:
        response = cast(aiohttp.ClientResponse, await self._sending.__aenter__())
        if response.status >= 500:
            await self._sending.__aexit__(None, None, None)
            raise FateUnknown(f"HTTP {response.status}")
        if response.status == TOO_MANY_REQUESTS:
            self._once.rate_limited()
        return response

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self._sending.__aexit__(kind, error, traceback)
