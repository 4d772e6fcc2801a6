"""Tournaments as stored (issue 30): one row each, its entrants, rounds, tables and results
kept as one JSON document beside the columns the sweep and the listings search by.

Why one document: a tournament is small (a few dozen entrants, a few rounds), read and written
whole by one service under its lock, and every change is one compare-and-swap on ``version``;
the history a ``/tournament standings`` shows is the document itself. The games it opened are
ordinary tables, whose ``extra`` names the tournament, so results and ratings are kept as for
any table. The record and the store's interface live here, below :mod:`bot.store.base`; the
SQL both stores run is :mod:`bot.store.tournaments_sql`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol

REGISTRATION = "registration"
RUNNING = "running"
DONE = "finished"
ENDED = "ended"
OPEN_TOURNAMENTS = (REGISTRATION, RUNNING)


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    """A stored tournament; ``data`` is :class:`bot.tournaments.model.Tournament`'s dump."""

    id: int
    guild_id: int
    channel_id: int
    status: str
    deadline: float | None
    version: int
    data: dict[str, Any] = field(default_factory=dict)
    created_at: float = 0.0
    updated_at: float = 0.0


def decoded(row: Any) -> TournamentRecord:
    data = row[6]
    return TournamentRecord(
        id=int(row[0]),
        guild_id=int(row[1]),
        channel_id=int(row[2]),
        status=str(row[3]),
        deadline=float(row[4]) if row[4] is not None else None,
        version=int(row[5]),
        data=json.loads(data) if isinstance(data, str) else dict(data),
        created_at=float(row[7]),
        updated_at=float(row[8]),
    )


class TournamentStore(Protocol):
    """Tournaments. Implementation: :class:`TournamentsSql`, in both stores."""

    async def create_tournament(
        self, *, guild_id: int, channel_id: int, deadline: float | None, data: dict[str, Any]
    ) -> TournamentRecord: ...

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None: ...

    async def update_tournament(
        self,
        record: TournamentRecord,
        *,
        status: str,
        deadline: float | None,
        data: dict[str, Any],
    ) -> TournamentRecord: ...

    async def tournaments(
        self, guild_id: int | None, statuses: tuple[str, ...] = OPEN_TOURNAMENTS, limit: int = 25
    ) -> list[TournamentRecord]: ...
