"""The table service: lobby, seats, turns and applying an action safely, for every game.

No Discord here: the service takes user ids and plain data, returns records and events, and
raises :class:`TableError` with a stable code that the Discord layer localises. Cogs and
component handlers call it; they never touch the store or an engine directly.

Safety: per game, an in-process lock serialises actions, and every write names the version it
was computed from, so a double click or a second process can never apply a move twice.

By concern: :mod:`.core` (the refusal, a committed move, what every step shares),
:mod:`.lobby`, :mod:`.play` and :mod:`.moderation`; :class:`TableService` is all of them.
"""

from __future__ import annotations

from bot.table.core import (
    LOBBY_RETRIES,
    MAX_FORCED_MOVES,
    Computed,
    LobbyChange,
    MoveResult,
    TableCore,
    TableError,
    seat_names,
)
from bot.table.lobby import LobbyTables
from bot.table.moderation import ModerationTables
from bot.table.play import PlayTables

__all__ = [
    "LOBBY_RETRIES",
    "MAX_FORCED_MOVES",
    "Computed",
    "LobbyChange",
    "MoveResult",
    "TableCore",
    "TableError",
    "TableService",
    "seat_names",
]


class TableService(LobbyTables, PlayTables, ModerationTables):
    """Creates tables, seats players, starts games and applies actions."""
