"""A table as stored: its row (:class:`GameRecord`) and its seats (:class:`Seat`).

Why apart from :mod:`.base`: the results store (:mod:`.results`) reads finished tables too, and
the game store (:mod:`.base`) extends it; both import the record from here, below them
(inside a package imports form a tree, ``tests/test_import_tree.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat at a table: a Discord user, or a bot player (``user_id`` None) playing at
    ``level`` (one of the engine's ``bot_levels``).

    Why the level is a key of the seat's JSON and no column: seats are stored as one JSON
    list, so a bot seat written before levels existed reads as ``"normal"`` (the bot it
    played), with no migration; a person's seat never carries one."""

    user_id: int | None
    name: str
    locale: str = "en"
    level: str = "normal"

    @property
    def is_bot(self) -> bool:
        return self.user_id is None

    def dump(self) -> dict[str, Any]:
        data: dict[str, Any] = {"user_id": self.user_id, "name": self.name, "locale": self.locale}
        if self.is_bot:
            data["level"] = self.level
        return data

    @classmethod
    def load(cls, data: dict[str, Any]) -> Seat:
        level = str(data.get("level", "normal"))
        return cls(data["user_id"], data["name"], data.get("locale", "en"), level)


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
    lobby_message_id: int | None = None
    message_key: str | None = None
    """What the latest table message announced (see ``GamePresenter.turn_key``)."""
    message_at: float | None = None
    """When the latest table message was posted."""
    message_from: int | None = None
    """The first version whose events the latest table message narrates (an edit narrates
    every change since)."""
    clock: dict[str, Any] = field(default_factory=dict)
    """The time control and its running deadlines (see :mod:`bot.clock`); empty: no clock."""
    wake_at: float | None = None
    """When the scheduler must next look at this table (a reminder or a deadline)."""

    def with_changes(self, **changes: Any) -> GameRecord:
        return replace(self, **changes)

    def seat_of(self, user_id: int) -> int | None:
        """The seat a user sits in, or None (a user holds at most one seat)."""
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None

    def dump(self) -> dict[str, Any]:
        """Plain JSON: an announcement keeps the table as it was committed."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["seats"] = [seat.dump() for seat in self.seats]
        return data

    @classmethod
    def load(cls, data: dict[str, Any]) -> GameRecord:
        values = dict(data)
        values["seats"] = tuple(Seat.load(seat) for seat in data["seats"])
        return cls(**values)
