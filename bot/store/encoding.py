"""How every store writes JSON and turns rows back into records: one module for SQLite and
PostgreSQL, so both stores read and write the same columns the same way.

Why one ``dumps``: a clock write is guarded by comparing the stored text with the clock it was
computed from (``bot.store.sqlite_clocks``), and the benchmark builds rows beside the store's;
both hold only while every writer encodes exactly alike (compact, keys sorted).
"""

from __future__ import annotations

import json
from typing import Any

from bot.store.base import Announced
from bot.store.records import GameRecord, Seat
from bot.store.results import ResultRow

COLUMNS = (
    "id, game, guild_id, channel_id, host_id, status, options, seats, locale, seed, seed_hash, "
    "version, state, message_id, created_at, updated_at, reminded_version, extra, "
    "lobby_message_id, message_key, message_at, message_from, clock, wake_at"
)
"""A game row, in the order :func:`record` reads it."""
DELIVERY_COLUMNS = (
    "id, announcement_id, game_id, version, kind, seat, status, attempts, due_at, merged_into, "
    "message_id, followup_of"
)
"""A delivery row, in the order of :class:`bot.store.base.Delivery`'s fields."""
ANNOUNCED_COLUMNS = "id, game_id, version, snapshot, events, notes, created_at"
"""An announcement row, in the order :func:`announced` reads it."""
RESULT_COLUMNS = (
    "game_id, seat, game, guild_id, user_id, name, score, rank, winner, taken_over, rated, "
    "finished_at, board"
)
"""A result row, in the order :func:`result` reads it."""
RATING_COLUMNS = "user_id, game, mu, sigma, games, wins, updated_at"
"""A rating row, in the order of :class:`bot.store.results.Rating`'s fields."""
UPDATABLE = {
    "status",
    "options",
    "seats",
    "locale",
    "state",
    "extra",
    "host_id",
    "clock",
    "wake_at",
}
"""What ``GameStore.update`` may change."""
MOVE_CHANGES = {"extra", "clock", "wake_at"}
"""What a move may change besides the state and status (``GameStore.commit_move``)."""
_JSON_FIELDS = {"options", "state", "extra", "clock"}


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def seated_params(user_id: int) -> list[str]:
    """LIKE patterns for rows where a user may have a seat (a cheap SQL prefilter, confirmed
    by ``seat_of``). Seats are JSON; the exact key and value, so 12 never matches 123."""
    return [f'%"user_id":{user_id},%', f'%"user_id":{user_id}}}%']


def encode(name: str, value: Any) -> Any:
    """A changed field of a game, as its column stores it."""
    if name == "seats":
        return dumps([seat.dump() for seat in value])
    if name in _JSON_FIELDS:
        return None if value is None else dumps(value)
    return value


def announced(row: Any) -> Announced:
    key, game_id, version, snapshot, events, notes, created_at = row
    return Announced(
        key,
        game_id,
        version,
        GameRecord.load(json.loads(snapshot)),
        json.loads(events),
        json.loads(notes),
        created_at,
    )


def result(row: Any) -> ResultRow:
    (game_id, seat, game, guild_id, user_id, name, score, rank, winner, taken_over, rated,
     finished_at, board) = row  # fmt: skip
    return ResultRow(game_id, seat, game, guild_id, user_id, name, score, rank, bool(winner),
                     bool(taken_over), bool(rated), finished_at, board)  # fmt: skip


def record(row: Any) -> GameRecord:
    (
        game_id,
        game,
        guild_id,
        channel_id,
        host_id,
        status,
        options,
        seats,
        locale,
        seed,
        seed_hash,
        version,
        state,
        message_id,
        created_at,
        updated_at,
        reminded,
        extra,
        lobby_message_id,
        message_key,
        message_at,
        message_from,
        clock,
        wake_at,
    ) = row
    return GameRecord(
        id=game_id,
        game=game,
        guild_id=guild_id,
        channel_id=channel_id,
        host_id=host_id,
        status=status,
        options=json.loads(options),
        seats=tuple(Seat.load(seat) for seat in json.loads(seats)),
        locale=locale,
        seed=seed,
        seed_hash=seed_hash,
        version=version,
        state=json.loads(state) if state else None,
        message_id=message_id,
        created_at=created_at,
        updated_at=updated_at,
        reminded_version=reminded,
        extra=json.loads(extra),
        lobby_message_id=lobby_message_id,
        message_key=message_key,
        message_at=message_at,
        message_from=message_from,
        clock=json.loads(clock),
        wake_at=wake_at,
    )
