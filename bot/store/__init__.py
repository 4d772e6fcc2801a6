"""Storage: one :class:`GameStore` interface; SQLite is the embedded default."""

from bot.store.base import (
    ACTIVE,
    CANCELLED,
    FINISHED,
    LOBBY,
    OPEN_STATUSES,
    ActionRecord,
    ChannelBusy,
    GameRecord,
    GameStore,
    Seat,
    StoreError,
    VersionConflict,
)
from bot.store.sqlite import SqliteStore

__all__ = [
    "ACTIVE",
    "CANCELLED",
    "FINISHED",
    "LOBBY",
    "OPEN_STATUSES",
    "ActionRecord",
    "ChannelBusy",
    "GameRecord",
    "GameStore",
    "Seat",
    "SqliteStore",
    "StoreError",
    "VersionConflict",
]
