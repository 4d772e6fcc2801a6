"""What the table service needs from storage, independent of the database behind it.

A game is one row (its seats, options, status, seed, snapshot and ``version``) plus an
append-only log of actions. ``version`` counts committed changes; every write names the
version it was computed from (compare-and-swap), so two simultaneous clicks apply once.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Protocol

LOBBY = "lobby"
ACTIVE = "active"
FINISHED = "finished"
CANCELLED = "cancelled"
OPEN_STATUSES = (LOBBY, ACTIVE)


class StoreError(Exception):
    """Base class of storage failures the service turns into player-facing errors."""


class VersionConflict(StoreError):
    """The row changed since it was read: the caller's view of the game is stale."""


class ChannelBusy(StoreError):
    """The channel already holds an open (lobby or active) table."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat at a table: a Discord user, or a bot player (``user_id`` None)."""

    user_id: int | None
    name: str
    locale: str = "en"

    @property
    def is_bot(self) -> bool:
        return self.user_id is None

    def dump(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "name": self.name, "locale": self.locale}

    @classmethod
    def load(cls, data: dict[str, Any]) -> Seat:
        return cls(data["user_id"], data["name"], data.get("locale", "en"))


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One table as stored. ``state`` is the engine's dump (None before start)."""

    id: int
    game: str
    guild_id: int | None
    channel_id: int
    host_id: int
    status: str
    options: dict[str, Any]
    seats: tuple[Seat, ...]
    locale: str
    seed: int
    seed_hash: str
    version: int
    state: dict[str, Any] | None
    message_id: int | None
    created_at: float
    updated_at: float
    reminded_version: int = -1
    extra: dict[str, Any] = field(default_factory=dict)

    def with_changes(self, **changes: Any) -> GameRecord:
        return replace(self, **changes)

    def seat_of(self, user_id: int) -> int | None:
        """The seat a user sits in, or None (a user holds at most one seat)."""
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One applied action: ``seq`` equals the game version it produced."""

    game_id: int
    seq: int
    seat: int
    action: dict[str, Any]
    events: list[dict[str, Any]]
    created_at: float


class GameStore(Protocol):
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
    ) -> GameRecord:
        """A new lobby; raises :class:`ChannelBusy` when the channel has an open table."""
        ...

    async def get(self, game_id: int) -> GameRecord | None: ...

    async def open_in_channel(self, channel_id: int) -> GameRecord | None: ...

    async def latest_in_channel(self, channel_id: int) -> GameRecord | None:
        """The open table of a channel, or else the most recent one."""
        ...

    async def list_games(
        self, guild_id: int | None, statuses: tuple[str, ...] = OPEN_STATUSES, limit: int = 25
    ) -> list[GameRecord]: ...

    async def list_active(
        self, *, idle_since: float | None = None, with_bots: bool = False
    ) -> list[GameRecord]:
        """Active tables; only those unchanged and not reminded since ``idle_since``, and/or
        only those with a bot seat."""
        ...

    async def update(self, record: GameRecord, **changes: Any) -> GameRecord:
        """Write lobby-level changes (seats, options, status...) guarded by ``record.version``;
        bumps the version; raises :class:`VersionConflict`."""
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
    ) -> GameRecord:
        """One transaction: append the action, write the snapshot, bump the version, guarded
        by ``record.version``; raises :class:`VersionConflict`."""
        ...

    async def set_message(self, game_id: int, message_id: int) -> None:
        """Remember the latest public table message (not a game change: no version bump)."""
        ...

    async def mark_reminded(self, game_id: int, version: int) -> None: ...

    async def actions(self, game_id: int) -> list[ActionRecord]: ...
