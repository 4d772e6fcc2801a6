"""The courier: sends what the outbox holds, once, whatever Discord or the process does.

Every committed change stores, in its own transaction, an announcement and its deliveries
(:mod:`bot.delivery.plan`). The courier sends them: per table, in order, one table at a time
each, retrying with backoff on rate limits, server errors and lost connections; resuming after
a restart (it looks for due deliveries on start and every few seconds); and never posting twice:

- A delivery's id is the Discord message nonce of what it creates (``enforce_nonce``), so a
  retry after an answer was lost returns the message already posted instead of a second one.
- Deliveries never attempted for the same message (the table post, a seat's DM, the lobby) are
  merged into the newest: a chain of quick moves shows as one board that narrates them all;
  an edit waits a short window for that (:data:`COALESCE_SECONDS`), a new message never.

The table message (edited within a turn, posted anew for a new turn, ping lines) is
:mod:`bot.delivery.table_message`'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import discord

from bot.delivery import followup, table_message
from bot.delivery.attempts import (
    DISCORD_CANNOT_DM,
    GIVE_UP_AFTER_SECONDS,
    MAX_BROKEN_ATTEMPTS,
    GiveUp,
    Retry,
    backoff,
    classified,
    nonce,
)
from bot.delivery.in_answer import LOBBY_ANSWER, TABLE_ANSWER, InAnswer, Posting, Show
from bot.delivery.reach import DmReach
from bot.delivery.table_message import post_anew
from bot.dm_channels import DmChannel
from bot.layout import DEFAULT_LAYOUT, layout_of
from bot.metrics import Metrics
from bot.ratelimits import LOW, NORMAL, URGENT, priority
from bot.store import (
    DELIVERY_KINDS,
    DM_NOTICE,
    HAND_DM,
    HAND_UPDATE,
    LOBBY_MESSAGE,
    MERGED,
    PENDING,
    SEAT_OFFER,
    TABLE_POST,
    Announced,
    Delivery,
    GameRecord,
    GameStore,
)

if TYPE_CHECKING:
    from bot.leases import Claims
    from bot.payload import Payload
    from bot.publisher import Publisher

log = logging.getLogger(__name__)

PURGE_AFTER_SECONDS = 24 * 3600.0
COALESCE_SECONDS = 0.25
"""An edit waits this long after the first change it shows, so that edits of one message
committed together (everyone tapping at once) go as one, the newest (issue 27's REST budget);
new messages, which notify someone, never wait."""
EDITS = (LOBBY_MESSAGE, TABLE_POST, HAND_UPDATE)
"""The kinds that may be edits of a message already shown (decided at sending time)."""
PRIORITIES = {TABLE_POST: URGENT, HAND_DM: URGENT, DM_NOTICE: LOW}
"""When the pacer holds several requests (:func:`bot.ratelimits.priority`): the table post and
the DM that asks a player to act go first, the closed-DM notice last; the rest between."""


class Courier:
    """Delivers the outbox: one drain task per table at a time, started by :meth:`kick`
    after a commit and by :meth:`poll` for retries and after a restart."""

    def __init__(
        self,
        client: discord.Client,
        store: GameStore,
        publisher: Publisher,
        *,
        clock: Callable[[], float] = time.time,
        metrics: Metrics | None = None,
        coalesce_seconds: float = COALESCE_SECONDS,
    ) -> None:
        self.client = client
        self.metrics = metrics or Metrics()
        self.store = store
        self.publisher = publisher
        self.clock = clock
        self._drains: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._holds: defaultdict[int, int] = defaultdict(int)
        self._progress: defaultdict[int, asyncio.Event] = defaultdict(asyncio.Event)
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self.reach = DmReach(store)
        self._answers: dict[tuple[int, int], InAnswer] = {}
        self._bursts: dict[int, float] = {}
        self.coalesce_seconds = coalesce_seconds
        """The edit window (``EDIT_COALESCE_SECONDS``; simcord's tests set 0: its virtual clock
        does not advance a bot's sleep while an interaction waits for the delivery)."""
        self._purged_at = 0.0

    # -- driving ----------------------------------------------------------------------------

    async def stop(self) -> None:
        tasks = list(self._drains.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for timer in self._timers.values():
            timer.cancel()
        self._drains.clear()
        self._timers.clear()
        self._bursts.clear()

    def kick(self, game_id: int) -> None:
        """Something was committed at this table: deliver it now (or right after the current
        pass, which may have read the outbox before the commit)."""
        self._bursts.setdefault(game_id, asyncio.get_running_loop().time())
        self._start(game_id)

    def _start(self, game_id: int) -> None:
        """Drain this table now (or right after the current pass)."""
        if self._holds.get(game_id):
            return
        running = self._drains.get(game_id)
        if running is not None and not running.done():
            self._again.add(game_id)
            return
        task = asyncio.create_task(self._drain_loop(game_id), name=f"courier-{game_id}")
        self._drains[game_id] = task
        task.add_done_callback(lambda done: self._forget_drain(game_id, done))

    def _forget_drain(self, game_id: int, task: asyncio.Task[None]) -> None:
        """A finished drain is not kept: one per table ever delivered would grow for ever
        (nor is the time of its first commit)."""
        if self._drains.get(game_id) is task:
            del self._drains[game_id]
            self._bursts.pop(game_id, None)

    @contextlib.contextmanager
    def hold(self, game_id: int) -> Iterator[None]:
        """Keep this table's deliveries back while a chain of moves is made (the bot runner):
        they are merged and shown as one message when the hold ends."""
        self._holds[game_id] += 1
        try:
            yield
        finally:
            self._holds[game_id] -= 1
            if not self._holds[game_id]:
                del self._holds[game_id]
                self.kick(game_id)

    @contextlib.contextmanager
    def answering(
        self, game_id: int, user_id: int, show: Show | Posting, *, in_dm: bool = True
    ) -> Iterator[InAnswer]:
        """While a move of this user's is answered by updating the hand DM they tapped, their
        hand at this table is delivered through ``show`` (:mod:`bot.delivery.in_answer`);
        with ``user_id`` :data:`LOBBY_ANSWER`, the table's lobby message (a tap on it, answered
        by updating it; ``/game new``, answered by posting it), and with :data:`TABLE_ANSWER`
        the next new table message, posted by an answer in the table's channel. ``in_dm``:
        False when a hand it shows is a private message in the table's channel, not a DM."""
        answer = InAnswer(show, in_dm=in_dm)
        # A second tap meanwhile (a double tap) is refused as stale: the first one answers. An
        # answer that has shown its delivery gives way (Join tapped on /game new's lobby while
        # that answer still waits for its delivery to be marked sent).
        held = self._answers.get((game_id, user_id))
        if held is None or held.used:
            self._answers[game_id, user_id] = answer
        try:
            yield answer
        finally:
            answer.close()
            if self._answers.get((game_id, user_id)) is answer:
                del self._answers[game_id, user_id]

    async def wait_delivered(self, game_id: int, version: int, within: float) -> bool:
        """Whether everything announced up to ``version`` was delivered (or given up) within
        ``within`` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        while True:
            event = self._progress[game_id]
            if await self.store.undelivered(game_id, version) == 0:
                return True
            remaining = deadline - loop.time()
            if remaining <= 0:
                return False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), remaining)

    async def wait_idle(self) -> None:
        """Until no drain is running (tests and the benchmark)."""
        while any(not task.done() for task in self._drains.values()):
            await asyncio.gather(*self._drains.values(), return_exceptions=True)

    def dm_is_closed(self, user_id: int) -> bool:
        return self.reach.is_closed(user_id)

    # -- the loops --------------------------------------------------------------------------

    claims: Claims | None = None
    """Several processes (bot/leases.py): the poll delivers only at tables this process holds
    a lease on (a commit's own deliveries are kicked at once, lease or not)."""

    async def poll(self) -> None:
        """Deliver whatever is due: what a previous run left, and retries whose time came.
        The client runs this at start-up and then every few seconds."""
        try:
            due = await self.store.tables_with_due_deliveries(self.clock())
            self.metrics.outbox_tables_due.set(len(due))
            if self.claims is not None:
                held = await self.claims.claim(due)
                due = [game_id for game_id in due if game_id in held]
            for game_id in due:
                self._start(game_id)
            if self.clock() - self._purged_at > 3600:
                self._purged_at = self.clock()
                await self.store.purge_announcements(self._purged_at - PURGE_AFTER_SECONDS)
        except Exception:
            log.exception("outbox poll failed")

    async def _drain_loop(self, game_id: int) -> None:
        try:
            while True:
                self._again.discard(game_id)
                await self.drain(game_id)
                if game_id not in self._again:
                    break
        except Exception:
            log.exception("delivering table %d failed; the poll will try again", game_id)
        finally:
            self._signal(game_id)

    def _signal(self, game_id: int) -> None:
        event = self._progress.pop(game_id, None)
        if event is not None:
            event.set()

    async def drain(self, game_id: int) -> None:
        """Send this table's due deliveries: lobby, then table post, then DMs, then notices;
        each message in order, merged where never attempted."""
        if self._holds.get(game_id):
            return
        deliveries = await self.store.open_deliveries(game_id)
        merged = [await self._merge_fresh(group) for group in self._groups(deliveries).values()]
        if any(merged):
            deliveries = await self.store.open_deliveries(game_id)  # as merged
        groups = self._groups(deliveries)
        # A move's deliveries (its table post, its hands) share one announcement: read once.
        announcements: dict[int, Announced] = {}
        for key in sorted(groups, key=lambda k: (DELIVERY_KINDS.index(k[0]), k[1] or 0)):
            done = await self._deliver_in_order(groups[key], deliveries, announcements)
            if not done and key[0] in (LOBBY_MESSAGE, TABLE_POST):
                return  # DMs and notices link to the table: they wait for it

    @staticmethod
    def _groups(deliveries: list[Delivery]) -> dict[tuple[str, int | None], list[Delivery]]:
        """Pending deliveries by the message they make (a kind and a seat), oldest first."""
        groups: dict[tuple[str, int | None], list[Delivery]] = {}
        for delivery in deliveries:
            if delivery.status == PENDING:
                # A hand's updates and new DMs are one stream: the newest state wins.
                kind = HAND_DM if delivery.kind == HAND_UPDATE else delivery.kind
                groups.setdefault((kind, delivery.seat), []).append(delivery)
        return groups

    async def _deliver_in_order(
        self, group: list[Delivery], known: list[Delivery], announcements: dict[int, Announced]
    ) -> bool:
        """Send one message's deliveries, oldest first; False when one must wait (a retry
        not due yet, or a failure to try again): the later ones wait behind it.
        ``announcements``: those read so far in this drain, by id (never changed once
        stored)."""
        for delivery in group:
            if delivery.due_at > self.clock():
                self._wake_at(delivery.game_id, delivery.due_at)
                return False
            merged = [d for d in known if d.merged_into == delivery.id]
            wait = await self._coalescing_wait(delivery, merged, announcements)
            if wait > 0:  # then this drain reads the outbox again: what came is merged
                await asyncio.sleep(wait)
                self._bursts.pop(delivery.game_id, None)
                self._again.add(delivery.game_id)
                return False
            if not await self._deliver(delivery, merged, announcements):
                return False
            self._signal(delivery.game_id)
        return True

    async def _merge_fresh(self, group: list[Delivery]) -> bool:
        """Deliveries of one message never attempted become one (the newest). A notice is not
        a repeated message: each stands. True when some were merged."""
        fresh = [d for d in group if d.attempts == 0]
        if len(fresh) < 2 or group[0].kind == DM_NOTICE:
            return False
        await self.store.merge_deliveries([d.id for d in fresh[:-1]], fresh[-1].id)
        return True

    async def _coalescing_wait(
        self, delivery: Delivery, merged: list[Delivery], announcements: dict[int, Announced]
    ) -> float:
        """Seconds this delivery waits before it goes: none, unless it is an edit of a message
        already shown and the first change it shows was committed here less than
        :attr:`coalesce_seconds` ago: an edit sent now would likely be followed by another
        (everyone tapping at once), so it waits and what comes meanwhile merges into it. The
        changes are this process's commits (:meth:`kick`, on the event loop's clock); what a
        restart finds goes at once. Only never-attempted deliveries wait."""
        burst = self._bursts.get(delivery.game_id)
        if burst is None or delivery.attempts or delivery.kind not in EDITS:
            return 0.0
        if any(d.kind == HAND_DM for d in merged):  # a ping: someone must act now
            return 0.0
        wait = burst + self.coalesce_seconds - asyncio.get_running_loop().time()
        if wait <= 0:
            del self._bursts[delivery.game_id]  # the next commit starts a window of its own
            return 0.0
        current = await self.store.get(delivery.game_id)
        if current is None:
            return 0.0
        record = self._as_committed(await self._announced(delivery, announcements), current)
        return wait if self._edits(delivery, record) else 0.0

    def _edits(self, delivery: Delivery, record: GameRecord) -> bool:
        """Whether sending this delivery now would edit a message already shown."""
        if delivery.kind == LOBBY_MESSAGE:
            answered = (record.id, LOBBY_ANSWER) in self._answers  # shown free, at once
            return record.lobby_message_id is not None and not answered
        if delivery.kind == TABLE_POST:
            layout = layout_of(record.message_key) or DEFAULT_LAYOUT  # none shown: no edit
            return table_message.announcing(self.publisher.tables, record, self.clock(), layout)[2]
        assert delivery.seat is not None
        user_id = record.seats[delivery.seat].user_id
        return (record.id, user_id) not in self._answers  # an answer open shows it free

    def _wake_at(self, game_id: int, due_at: float) -> None:
        old = self._timers.pop(game_id, None)
        if old is not None:
            old.cancel()
        delay = max(due_at - self.clock(), 0.0)
        self._timers[game_id] = asyncio.get_running_loop().call_later(delay, self._woken, game_id)

    def _woken(self, game_id: int) -> None:
        """A retry is due: its timer is done with (not kept per table), and the table drains."""
        self._timers.pop(game_id, None)
        self._start(game_id)

    # -- one delivery -----------------------------------------------------------------------

    async def _deliver(
        self, delivery: Delivery, merged: list[Delivery], announcements: dict[int, Announced]
    ) -> bool:
        """Send one delivery; True when it is done (sent or given up)."""
        announced = await self._announced(delivery, announcements)
        try:
            message_id = await self._send(delivery, announced, merged)
        except GiveUp as reason:
            self.metrics.discord_error(reason.__cause__)
            level = logging.INFO if delivery.kind in (HAND_DM, HAND_UPDATE) else logging.WARNING
            log.log(level, "delivery %d (%s) of table %d given up: %s", delivery.id,
                    delivery.kind, delivery.game_id, reason)  # fmt: skip
            await self.store.delivery_failed(delivery.id, str(reason))
            return True
        except Retry as reason:
            self.metrics.discord_error(reason.__cause__)
            return await self._retry_later(delivery, announced, str(reason))
        except Exception as error:  # a bug of ours: a few tries, then give up loudly
            log.exception("delivery %d (%s) of table %d broke", delivery.id, delivery.kind,
                          delivery.game_id)  # fmt: skip
            if delivery.attempts + 1 >= MAX_BROKEN_ATTEMPTS:
                await self.store.delivery_failed(delivery.id, repr(error))
                return True
            return await self._retry_later(delivery, announced, repr(error))
        await self.store.delivery_sent(delivery.id, message_id)
        return True

    async def _announced(
        self, delivery: Delivery, announcements: dict[int, Announced]
    ) -> Announced:
        """The delivery's announcement, read once per drain."""
        announced = announcements.get(delivery.announcement_id)
        if announced is None:
            announced = await self.store.announced(delivery.announcement_id)
            announcements[delivery.announcement_id] = announced
        return announced

    async def _retry_later(self, delivery: Delivery, announced: Announced, reason: str) -> bool:
        if self.clock() - announced.created_at > GIVE_UP_AFTER_SECONDS:
            log.error("gave up delivery %d of table %d: %s", delivery.id, delivery.game_id,
                      reason)  # fmt: skip
            await self.store.delivery_failed(delivery.id, reason)
            return True
        due = self.clock() + backoff(delivery.attempts)
        log.info("delivery %d of table %d failed (%s); again in %.0f s", delivery.id,
                 delivery.game_id, reason, due - self.clock())  # fmt: skip
        await self.store.delivery_retry(delivery.id, due, reason)
        self._wake_at(delivery.game_id, due)
        return False

    async def _send(
        self, delivery: Delivery, announced: Announced, merged: list[Delivery]
    ) -> int | None:
        current = await self.store.get(delivery.game_id)
        if current is None:
            raise GiveUp("the table is gone")
        record = self._as_committed(announced, current)
        with classified(delivery), priority(PRIORITIES.get(delivery.kind, NORMAL)):
            return await self._send_kind(delivery, record, announced, merged)

    @staticmethod
    def _as_committed(announced: Announced, current: GameRecord) -> GameRecord:
        """The table as committed, pointing at the messages the table has now."""
        return announced.snapshot.with_changes(
            message_id=current.message_id,
            message_key=current.message_key,
            message_at=current.message_at,
            message_from=current.message_from,
            lobby_message_id=current.lobby_message_id,
        )

    async def _send_kind(
        self, delivery: Delivery, record: GameRecord, announced: Announced, merged: list[Delivery]
    ) -> int | None:
        if delivery.kind == TABLE_POST:
            return await self._table(delivery, record, announced, merged)
        if delivery.kind in (HAND_DM, HAND_UPDATE):
            # A ping merged into a quiet update still pings: someone must act.
            ping = delivery.kind == HAND_DM or any(d.kind == HAND_DM for d in merged)
            return await self._hand(delivery, record, announced, ping=ping)
        if delivery.kind == LOBBY_MESSAGE:
            return await self._lobby(delivery, record)
        if delivery.kind == DM_NOTICE:
            return await self._notice(delivery, record)
        if delivery.kind == SEAT_OFFER:
            return await self._offer(delivery, record)
        raise GiveUp(f"unknown delivery kind {delivery.kind!r}")

    # -- the four kinds ---------------------------------------------------------------------

    async def _table(
        self, delivery: Delivery, record: GameRecord, announced: Announced, merged: list[Delivery]
    ) -> int:
        pending = self.publisher.tables.pending(record)
        closed = [s for s in pending if not await self._reaches_by_dm(record, s)]
        first = min([announced.version, *(d.version for d in merged)])

        async def post_first(payload: Payload) -> int | None:
            answer = self._answers.get((record.id, TABLE_ANSWER))
            return await followup.posted(
                (self.client, self.store), delivery, record, answer, payload
            )

        return await table_message.send(
            (self.client, self.store, self.publisher),
            record,
            closed,
            (first, announced.version),
            nonce(delivery),
            self.clock(),
            post_first,
        )

    async def _reaches_by_dm(self, record: GameRecord, seat: int) -> bool:
        """Whether the seat's player hears of their turn by DM: not a bot, DMs open, and
        DMs wanted (else only a channel mention tells them, so their turn gets a new post)."""
        user_id = record.seats[seat].user_id
        if user_id is None:
            return True
        known_closed = await self.reach.known_closed(record.id, seat, user_id)
        return not known_closed and (await self.store.prefs(user_id)).dm_on_turn

    async def _hand(
        self, delivery: Delivery, record: GameRecord, announced: Announced, *, ping: bool
    ) -> int | None:
        """The seat's hand by DM: a new message when they must act (``ping``), else the latest
        hand DM edited in place, so a hand that changes during others' turns does not notify."""
        seat = delivery.seat
        assert seat is not None
        user_id = record.seats[seat].user_id
        prefs = await self.store.prefs(user_id) if user_id is not None else None
        if user_id is None or prefs is None or not prefs.dm_on_turn:
            return None  # a bot took the seat since, or the player wants no DMs
        if await self.reach.known_closed(record.id, seat, user_id):
            await self._closed(record, announced, seat)
            raise GiveUp("DMs closed (known)")
        locale = record.seats[seat].locale
        payload = await self.publisher.hand_payload(record, seat, locale, images=prefs.images)
        payload.content = self.publisher.dm_header(record, locale)

        answer = self._answers.get((record.id, user_id))
        shown = await answer.show(payload) if answer is not None else None
        if shown is not None:
            return shown if answer is not None and answer.in_dm else None  # no DM to edit later

        async def deliver(channel: DmChannel) -> int:
            if not ping:
                edited = await self._edit_hand(channel, record.id, seat, payload)
                if edited is not None:
                    return edited
            message = await channel.send(**payload.send_kwargs(), nonce=nonce(delivery))
            return message.id

        async with self.reach.turn(user_id):  # the first DM to a player goes alone
            if self.reach.is_closed(user_id):  # refused while this one waited
                await self._closed(record, announced, seat)
                raise GiveUp("DMs closed (known)")
            try:
                message_id = await self.publisher.dms.using(user_id, deliver)
            except discord.Forbidden as error:
                if error.code != DISCORD_CANNOT_DM:
                    raise
                self.reach.refused(user_id)
                await self._closed(record, announced, seat)
                raise GiveUp("DMs closed") from error
        self.reach.reached(user_id)
        return message_id

    async def _edit_hand(
        self, channel: DmChannel, game_id: int, seat: int, payload: Payload
    ) -> int | None:
        """Edit the seat's newest hand DM into ``payload``; None when there is none to edit
        (never sent, purged, or deleted meanwhile): then a new one is sent."""
        message_id = await self.store.last_hand_message(game_id, seat)
        if message_id is None:
            return None
        try:
            await channel.get_partial_message(message_id).edit(**payload.edit_kwargs())
        except discord.NotFound:
            return None
        return message_id

    async def _closed(self, record: GameRecord, announced: Announced, seat: int) -> None:
        """Say once per table, in its channel, that this player's DMs are closed."""
        if seat in await self.store.delivered_kinds(record.id, DM_NOTICE):
            return
        await self.store.add_delivery(announced.id, DM_NOTICE, seat)
        self._again.add(record.id)

    async def _notice(self, delivery: Delivery, record: GameRecord) -> int:
        assert delivery.seat is not None
        payload = self.publisher.closed_dm_notice(record, delivery.seat)
        channel = self.client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        message = await channel.send(**payload.send_kwargs(), nonce=nonce(delivery))
        return message.id

    async def _offer(self, delivery: Delivery, record: GameRecord) -> int:
        assert delivery.seat is not None
        payload = self.publisher.seat_offer(record, delivery.seat)
        channel = self.client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        message = await channel.send(**payload.send_kwargs(), nonce=nonce(delivery))
        return message.id

    async def _lobby(self, delivery: Delivery, record: GameRecord) -> int:
        """The lobby message shows the table as this change left it: posted once (by the answer
        to ``/game new`` when it is open, :func:`bot.flows.opened`), then edited (in the answer
        to a tap on it when one is open), or posted again if it was deleted."""
        payload = self.publisher.lobby_payload(record)
        channel = self.client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        answer = self._answers.get((record.id, LOBBY_ANSWER))
        if record.lobby_message_id is None:  # posted by an answer (now, or before a restart)
            shown = await followup.posted(
                (self.client, self.store), delivery, record, answer, payload
            )
            if shown is not None:
                await self.store.set_lobby_message(record.id, shown)
                return shown
        if record.lobby_message_id is not None:
            if answer is not None and await answer.show(payload) is not None:
                return record.lobby_message_id
            try:
                await channel.get_partial_message(record.lobby_message_id).edit(
                    **payload.edit_kwargs()
                )
                return record.lobby_message_id
            except discord.HTTPException as error:
                if not post_anew(error):
                    raise
        message = await channel.send(**payload.send_kwargs(), nonce=nonce(delivery))
        await self.store.set_lobby_message(record.id, message.id)
        return message.id


__all__ = ["COALESCE_SECONDS", "LOBBY_ANSWER", "MERGED", "TABLE_ANSWER", "Courier"]
