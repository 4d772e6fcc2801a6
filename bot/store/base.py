"""What the table service needs from storage, independent of the database behind it.

A game is one row (its seats, options, status, seed, snapshot and ``version``) plus an
append-only log of actions. ``version`` counts committed changes; every write names the
version it was computed from (compare-and-swap), so two simultaneous clicks apply once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Protocol

from bot.store.guild_settings import GuildSettings
from bot.store.records import GameRecord, Seat
from bot.store.results import ResultsStore
from bot.store.tournament_records import TournamentStore

LOBBY = "lobby"
ACTIVE = "active"
FINISHED = "finished"
CANCELLED = "cancelled"
ABANDONED = "abandoned"
"""Ended by its host or a moderator before the end: kept, with its history; the channel is
free for another table."""
OPEN_STATUSES = (LOBBY, ACTIVE)

# What a delivery sends (see :class:`Announcement`).
TABLE_POST = "table"
"""The public table message: board, narration, whose turn."""
HAND_DM = "hand"
"""A seat's hand, by a new DM to its player: they must act now (a new message notifies)."""
HAND_UPDATE = "hand_update"
"""A seat's hand changed while nobody asks them anything: the latest hand DM is edited in
place (an edit does not notify), or a new one sent when there is none to edit."""
LOBBY_MESSAGE = "lobby"
"""The lobby message (posted once, then edited)."""
DM_NOTICE = "notice"
"""A public note, once per table and player, that the player's DMs are closed."""
SEAT_OFFER = "offer"
"""A public message asking a member to take a seat a player offers them (``seat``)."""
DELIVERY_KINDS = (LOBBY_MESSAGE, TABLE_POST, HAND_DM, HAND_UPDATE, DM_NOTICE, SEAT_OFFER)
"""Also the order in which one table's due deliveries are sent."""

# A delivery's life: pending -> sent | failed, or merged into a newer delivery of the same
# message (it is done when that one is).
PENDING = "pending"
MERGED = "merged"
SENT = "sent"
FAILED = "failed"


class StoreError(Exception):
    """Base class of storage failures the service turns into player-facing errors."""


class VersionConflict(StoreError):
    """The row changed since it was read: the caller's view of the game is stale."""


class ChannelBusy(StoreError):
    """The channel already holds an open (lobby or active) table."""


@dataclass(frozen=True, slots=True)
class Prefs:
    """A player's notification choices. ``dm_on_turn`` off: no hand DMs (the channel pings
    them for every decision instead, and ``/game hand`` shows the hand); ``reminders`` off:
    no reminder pings; ``images`` off: the text mode (issue 29), their hands and private
    replies as text with the same buttons, no picture (a screen reader, a slow phone)."""

    dm_on_turn: bool = True
    reminders: bool = True
    images: bool = True


@dataclass(frozen=True, slots=True)
class Announcement:
    """What a committed change must show: written in the same transaction as the change, so a
    crash between the commit and Discord cannot lose it (the transactional outbox).

    ``deliveries`` are ``(kind, seat)``: one :data:`TABLE_POST`, a :data:`HAND_DM` per seat
    whose DM must change, a :data:`LOBBY_MESSAGE`... ``notes`` are codes of lines to add to
    the table post (``"start"``), worded when it is sent.
    """

    deliveries: tuple[tuple[str, int | None], ...]
    events: tuple[dict[str, Any], ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Announced:
    """A stored announcement: the table as committed at ``version``, and what happened."""

    id: int
    game_id: int
    version: int
    snapshot: GameRecord
    events: list[dict[str, Any]]
    notes: list[str]
    created_at: float


@dataclass(frozen=True, slots=True)
class Delivery:
    """One message the outbox owes Discord. ``id`` is its idempotency key (the nonce)."""

    id: int
    announcement_id: int
    game_id: int
    version: int
    kind: str
    seat: int | None
    status: str
    attempts: int
    due_at: float
    merged_into: int | None
    message_id: int | None
    followup_of: int | None = None
    """The interaction whose followup was sent to post this delivery's message, when one was
    (:meth:`GameStore.delivery_by_followup`): its fate may be unknown, so the courier looks
    for that followup before it posts the message again (:mod:`bot.delivery.followup`)."""


@dataclass(frozen=True, slots=True)
class OpenReply:
    """An interaction acknowledged ("thinking...") whose answer is not sent yet: what a
    restarted bot needs to answer it (its token lives 15 minutes) and whether the change it
    asked for was committed (``game_id`` and ``version``: the table it changed, as written).
    ``update``: deferred as an update of the tapped message (a lobby's Start, a hand DM's
    move), whose original response is that message: it is answered by a followup, since
    editing the original would put the answer in the lobby's or the hand's place."""

    interaction_id: int
    application_id: int
    token: str
    locale: str
    created_at: float
    shard: int = 0
    committed: bool = False
    game_id: int | None = None
    version: int | None = None
    update: bool = False


REPLY: ContextVar[OpenReply | None] = ContextVar("monster_table_reply", default=None)
"""The interaction whose answer the code running now works towards (set by
:func:`bot.flows.answer`): a change a store commits in this context marks that interaction's
:class:`OpenReply` as committed, in the change's own transaction (writing the row, if
:meth:`GameStore.open_reply` has not yet)."""


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One applied action: ``seq`` equals the game version it produced."""

    game_id: int
    seq: int
    seat: int
    action: dict[str, Any]
    events: list[dict[str, Any]]
    created_at: float


class GameStore(ResultsStore, TournamentStore, Protocol):
    """Storage for tables. Implementations: :class:`bot.store.sqlite.SqliteStore`."""

    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def create(
        self,
        *,
        game: str,
        guild_id: int | None,
        channel_id: int,
        host: Seat,
        host_id: int,
        options: dict[str, Any],
        locale: str,
        seed: int,
        seed_hash: str,
        announce: Announcement | None = None,
        clock: dict[str, Any] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> GameRecord:
        """A new lobby; raises :class:`ChannelBusy` when the channel has an open table.
        ``extra`` is written with it (a tournament table's key, so a retry finds it)."""
        ...

    async def get(self, game_id: int) -> GameRecord | None: ...

    async def open_in_channel(self, channel_id: int) -> GameRecord | None: ...

    async def latest_in_channel(self, channel_id: int) -> GameRecord | None:
        """The open table of a channel, or else the most recent one."""
        ...

    async def list_games(
        self,
        guild_id: int | None,
        statuses: tuple[str, ...] = OPEN_STATUSES,
        limit: int = 25,
        *,
        seated: int | None = None,
    ) -> list[GameRecord]:
        """Tables of a server (``guild_id`` None: played in DMs), newest first; with
        ``seated``, only those where that user has a seat."""
        ...

    async def list_seated(
        self, user_id: int, statuses: tuple[str, ...] = OPEN_STATUSES, limit: int = 200
    ) -> list[GameRecord]:
        """Tables in every server and in DMs where that user has a seat, newest first: what
        ``/game mine`` looks through, wherever it is typed."""
        ...

    async def list_active(
        self, *, idle_since: float | None = None, with_bots: bool = False
    ) -> list[GameRecord]:
        """Active tables; only those unchanged and not reminded since ``idle_since``, and/or
        only those with a bot seat."""
        ...

    async def update(
        self, record: GameRecord, *, announce: Announcement | None = None, **changes: Any
    ) -> GameRecord:
        """Write lobby-level changes (seats, options, status...) guarded by ``record.version``;
        bumps the version; raises :class:`VersionConflict`. ``announce`` is stored in the
        same transaction."""
        ...

    async def commit_move(
        self,
        record: GameRecord,
        *,
        seat: int,
        action: dict[str, Any],
        events: list[dict[str, Any]],
        state: dict[str, Any],
        status: str,
        announce: Announcement | None = None,
        then: Sequence[tuple[int, dict[str, Any], list[dict[str, Any]]]] = (),
        **changes: Any,
    ) -> GameRecord:
        """One transaction: append the action (and the ``then`` moves it forced, as ``(seat,
        action, events)``), write the snapshot (and ``changes``: ``extra``, ``clock``,
        ``wake_at``), bump the version once per action and store ``announce``, guarded by
        ``record.version``; raises :class:`VersionConflict`."""
        ...

    async def set_message(
        self,
        game_id: int,
        message_id: int,
        *,
        key: str | None = None,
        at: float | None = None,
        since: int | None = None,
    ) -> None:
        """Remember the latest public table message and what it shows (not a game change:
        no version bump)."""
        ...

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        """Remember the lobby message (no version bump)."""
        ...

    async def mark_reminded(self, game_id: int, version: int) -> None: ...

    async def prefs(self, user_id: int) -> Prefs:
        """A player's notification choices (the defaults until they choose)."""
        ...

    async def set_prefs(self, user_id: int, prefs: Prefs) -> None: ...

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A server's ``/game config`` choices (the defaults until a manager sets them)."""
        ...

    async def set_guild_settings(self, guild_id: int, settings: GuildSettings) -> None:
        """Replace a server's settings whole."""
        ...

    async def actions(self, game_id: int) -> list[ActionRecord]: ...

    # -- DM channels (bot/dm_channels.py) -----------------------------------------------------

    async def dm_channel(self, user_id: int) -> int | None:
        """The id of the user's DM channel with the bot, if stored."""
        ...

    async def set_dm_channel(self, user_id: int, channel_id: int | None) -> None:
        """Store the user's DM channel id (None: forget it, Discord no longer knows it)."""
        ...

    # -- replies a crash may interrupt (bot/replies.py) ----------------------------------------

    async def open_reply(self, reply: OpenReply) -> None:
        """Keep an acknowledged interaction's token until :meth:`close_reply`."""
        ...

    async def close_reply(self, interaction_id: int) -> None:
        """Its answer was sent (or can no longer be)."""
        ...

    async def open_replies(
        self, since: float, shards: Sequence[int] | None = None
    ) -> list[OpenReply]:
        """The interactions still unanswered that came through ``shards`` (None: any), oldest
        first; those acknowledged before ``since`` (their tokens expired) are forgotten."""
        ...

    # -- the outbox ---------------------------------------------------------------------------

    async def tables_with_due_deliveries(self, now: float) -> list[int]:
        """Ids of tables with a pending delivery due by ``now``."""
        ...

    async def open_deliveries(self, game_id: int) -> list[Delivery]:
        """A table's pending and merged deliveries, oldest first."""
        ...

    async def announced(self, announcement_id: int) -> Announced: ...

    async def announced_between(self, game_id: int, first: int, last: int) -> list[Announced]:
        """A table's announcements of versions ``first`` to ``last``, in order."""
        ...

    async def merge_deliveries(self, ids: list[int], into: int) -> None:
        """``ids`` (never attempted) are done when ``into`` is: one message for them all."""
        ...

    async def delivery_sent(self, delivery_id: int, message_id: int | None) -> None:
        """Sent (and every delivery merged into it)."""
        ...

    async def delivery_retry(self, delivery_id: int, due_at: float, error: str) -> None:
        """One more failed attempt; try again at ``due_at``."""
        ...

    async def delivery_failed(self, delivery_id: int, error: str) -> None:
        """Given up (and every delivery merged into it)."""
        ...

    async def delivery_by_followup(self, delivery_id: int, interaction_id: int) -> None:
        """Written before this delivery's message is sent as a followup of that interaction,
        which carries no nonce: an attempt (never merged now), whose followup the courier
        looks for if it does not hear back (a lost answer, a crash)."""
        ...

    async def add_delivery(self, announcement_id: int, kind: str, seat: int | None) -> None:
        """One more message for an announcement (a closed-DM notice found while sending)."""
        ...

    async def last_hand_message(self, game_id: int, seat: int) -> int | None:
        """The id of the newest hand DM sent to ``seat``'s player at this table, if known."""
        ...

    async def delivered_kinds(self, game_id: int, kind: str) -> list[int | None]:
        """The seats already given a delivery of ``kind`` at this table (any status)."""
        ...

    async def undelivered(self, game_id: int, through_version: int) -> int:
        """How many deliveries of versions up to ``through_version`` are not done yet."""
        ...

    async def purge_announcements(self, before: float) -> int:
        """Forget announcements older than ``before`` whose deliveries are all done."""
        ...

    # -- leases (several processes: bot/leases.py) ---------------------------------------------

    async def claim_tables(
        self, game_ids: list[int], holder: str, now: float, ttl: float
    ) -> list[int]:
        """Take or renew ``holder``'s lease (until ``now + ttl``) on each of these tables whose
        lease is free, expired or already its own, in one statement; the ids it holds now."""
        ...

    async def release_tables(self, holder: str) -> None:
        """Free every lease ``holder`` has."""
        ...

    # -- clocks -------------------------------------------------------------------------------

    async def waking(self, now: float, limit: int = 500) -> list[int]:
        """Active tables whose clock needs the scheduler by ``now`` (a reminder or a
        deadline), most overdue first."""
        ...

    async def set_clock(
        self, record: GameRecord, clock: dict[str, Any], wake_at: float | None
    ) -> GameRecord:
        """Write a clock that changed without a game change (a reminder sent, a vote cast):
        guarded by ``record.version`` and ``record.clock`` (not bumping the version, so
        buttons stay valid); raises :class:`VersionConflict`."""
        ...

    async def heartbeat(self, now: float | None = None) -> None:
        """The bot is alive at ``now`` (see :meth:`give_back_downtime`)."""
        ...

    async def give_back_downtime(
        self,
        now: float,
        grace: float,
        shift: Callable[[dict[str, Any], float], tuple[dict[str, Any], float | None]],
    ) -> float:
        """At start-up: if the last heartbeat is more than ``grace`` seconds old, move every
        running clock later by the gap (``shift`` computes each), in one transaction with
        the new heartbeat, so a crash halfway never shifts a clock twice. Returns the gap
        given back (0 when none)."""
        ...
