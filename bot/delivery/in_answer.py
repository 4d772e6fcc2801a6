"""A delivery shown inside an interaction's answer (issue 27's REST budget): the mover's new
hand in the DM they tapped, the lobby in the lobby message tapped or as ``/game new``'s
followup, the first table as a Start tap's followup.

Why: a move button tapped in a hand DM is answered by updating that DM (a deferred update),
and Discord does not count interaction answers against the bot's 50 requests per second. The
mover's hand delivery (a card drawn, their buttons when they must act again) used to be a new
DM of its own, one request a move; shown in the answer, it is free, and the player sees it
where they tapped.

The same holds for the lobby and the table message (:func:`bot.flows.shown_in_place`,
:func:`bot.flows.posted_in_answer`): interaction answers and their followups are outside the
50 a second, channel posts and edits are not.

The courier still delivers it, in its order (after the table post, merged with newer ones):
while the answer is open (:meth:`~bot.delivery.courier.Courier.answering`) it sends that
seat's hand through :meth:`InAnswer.show` instead of a DM request. What is committed is still
announced: the delivery is marked sent only once shown, and after a crash, a refused edit or
an answer closed first, it goes as a DM the usual way.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from bot.payload import Payload

LOBBY_ANSWER = 0
"""Where :meth:`~bot.delivery.courier.Courier.answering` takes a user id, the answer that
shows the lobby message: a tap on one of its buttons (edits it), or ``/game new`` (posts it).
No user has id 0."""
TABLE_ANSWER = -1
"""Where :meth:`~bot.delivery.courier.Courier.answering` takes a user id, an answer in the
table's channel that may post the next new table message (a tap on the lobby's Start). No
user has id -1."""
Show = Callable[["Payload"], Awaitable[int]]
"""Shows a payload in the answered message and says which message that is."""


@dataclass(frozen=True)
class Posting:
    """Shows a payload by posting it as a followup of the interaction ``interaction_id``
    (:func:`bot.flows.posted_in_answer`): a new message with no nonce, whose fate the courier
    may have to find out (:mod:`bot.delivery.followup`)."""

    interaction_id: int
    post: Show


class InAnswer:
    """One open answer that may show one delivery, once."""

    def __init__(self, show: Show | Posting, *, in_dm: bool = True) -> None:
        self._show = show.post if isinstance(show, Posting) else show
        self.posts_as = show.interaction_id if isinstance(show, Posting) else None
        """The interaction whose followup posts the delivery (None: the answer edits)."""
        self.in_dm = in_dm
        """Whether a hand it shows is in the player's DMs: otherwise (a private message in the
        table's channel) it is not the hand DM a later update edits, so its id is not kept."""
        self.used = False
        self.closed = False

    async def show(self, payload: Payload) -> int | None:
        """The message that now shows ``payload``; None when this answer cannot show it
        (closed, used, or refused): the caller sends it as usual. A followup whose fate is
        unknown raises one of :data:`bot.delivery.followup.UNSURE`: the caller must find
        out whether it was posted before it posts it."""
        if self.closed or self.used:
            return None
        self.used = True
        try:
            return await self._show(payload)
        except discord.HTTPException as error:
            if self.posts_as is not None and error.status >= 500:
                raise  # posted or not: unknown
            self.used = False
            return None

    def close(self) -> bool:
        """No hand is shown after this; whether one was."""
        self.closed = True
        return self.used
