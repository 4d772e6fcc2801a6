"""Ratings per game, derived from finished games (openskill's Plackett-Luce model).

Why derived, not updated by each finishing move: every path that finishes a game (a last
move, a bot's move, a two-seat resignation, a deadline) would have to remember to rate it,
and a crash between the move and the rating would lose it. Instead :meth:`Ratings.catch_up`
records every finished game that has no results yet, oldest finish first, each in one
transaction with its rating updates (:meth:`bot.store.ResultsStore.record_result`). Calling it
again, from any process, changes nothing: the results' primary key sees to that.

How a finished game counts (the choices, and why):

* **Places.** The outcome's winners share first place (a shared win is a tie); the other
  seats follow, ordered by score where the game's scores rank players
  (:data:`SCORE_ORDER`: Monster Day's points, more is better; Notte di Terrore's Terror,
  less is better), and tied otherwise. A two-seat resignation: the resigner is last.
* **Bots are not rated and are left out of the rating.** Only people's places among
  themselves move ratings: a bot's strength is not a person's, and a made-up fixed rating
  for it would be a number the players' ratings chase. Bot seats still get result rows.
* **A seat a bot took over** (expelled, or resigned at a table of three or more) counts for
  the person who left it, in last place (tied with any other leaver), never as a win, and is
  marked ``taken_over``: leaving a game cannot protect a rating.
* **Rated** means at least two distinct people played (a leaver counts). A game against bots
  alone gets results (it counts in ``/game stats``' games and wins) but moves no rating.
  Abandoned and cancelled games are never finished, so never recorded.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from openskill.models import PlackettLuce

from bot.store import GameRecord, GameStore, Rating, ResultRow
from bot.table import TableService

log = logging.getLogger(__name__)

BATCH = 100
"""Finished games read per query while catching up."""

SCORE_ORDER: dict[str, int] = {"monster_day": 1, "notte_di_terrore": -1}
"""Whether a game's scores rank its non-winners: 1, more is better; -1, less is better. A game
not listed ranks winners first and ties the rest."""

TAKEN_OVER_NAME = ("Bot (", ")")
"""How :meth:`TableService._bot_takes_over` names the bot in a seat it took over: the name of
the person who left it is inside."""


def standings(record: GameRecord, outcome: Mapping[str, Any] | None) -> list[ResultRow]:
    """Every seat's result: winners first (tied), then the rest by score where the game's
    scores rank players, then seats a bot took over (tied last). Rated when two distinct
    people played."""
    outcome = outcome or {}
    winners = set(outcome.get("winners") or ())
    scores = outcome.get("scores")
    taken = set(record.extra.get("taken_over", ()))
    order = SCORE_ORDER.get(record.game, 0)

    def key(seat: int) -> tuple[int, float]:
        if seat in taken:
            return (2, 0.0)
        if seat in winners:
            return (0, 0.0)
        points = float(scores[seat]) if scores is not None and order else 0.0
        return (1, -order * points)

    seats = range(len(record.seats))
    keys = [key(seat) for seat in seats]
    players = [_player(record, seat, taken) for seat in seats]
    rated = len({user for user in players if user is not None}) >= 2
    return [
        ResultRow(
            game_id=record.id,
            seat=seat,
            game=record.game,
            guild_id=record.guild_id,
            user_id=players[seat],
            name=_name(record, seat, taken),
            score=float(scores[seat]) if scores is not None else None,
            rank=1 + sum(other < keys[seat] for other in keys),
            winner=seat in winners and seat not in taken,
            taken_over=seat in taken,
            rated=rated,
            finished_at=record.updated_at,
            board=_solo_board(outcome),
        )
        for seat in seats
    ]


def _solo_board(outcome: Mapping[str, Any]) -> str | None:
    """The high-score board of a solo game's outcome (``"solo"``), None for other games."""
    board = outcome.get("solo")
    return str(board) if isinstance(board, str) and board else None


def _player(record: GameRecord, seat: int, taken: set[int]) -> int | None:
    """Who the seat counts for: its player, or the person who left a seat a bot took over."""
    if seat in taken:
        left = record.extra.get("replaced", {}).get(str(seat))
        return int(left) if left is not None else None
    return record.seats[seat].user_id


def _name(record: GameRecord, seat: int, taken: set[int]) -> str:
    name = record.seats[seat].name
    start, end = TAKEN_OVER_NAME
    if seat in taken and name.startswith(start) and name.endswith(end):
        return name[len(start) : -len(end)]
    return name


def people(rows: Sequence[ResultRow]) -> dict[int, tuple[int, bool]]:
    """Each person's best place and whether they won (one entry even if, by handing seats
    around, someone counts for two seats)."""
    best: dict[int, tuple[int, bool]] = {}
    for row in rows:
        if row.user_id is None:
            continue
        rank, won = best.get(row.user_id, (row.rank, False))
        best[row.user_id] = (min(rank, row.rank), won or row.winner)
    return best


class Ratings:
    """Keeps results and ratings level with the finished games."""

    def __init__(
        self, store: GameStore, tables: TableService, model: PlackettLuce | None = None
    ) -> None:
        self.store = store
        self.tables = tables
        self.model = model or PlackettLuce()
        self._lock = asyncio.Lock()

    async def catch_up(self) -> int:
        """Record every finished game without results yet, in finishing order; how many were
        recorded now. Cheap when there is nothing to do (one indexed query)."""
        recorded = 0
        async with self._lock:
            while True:
                records = await self.store.unrecorded_finished(BATCH)
                done = [await self.record(record) for record in records]
                recorded += sum(done)
                if len(records) < BATCH or not any(done):
                    return recorded

    async def record(self, record: GameRecord) -> bool:
        """Record one finished game and move its players' ratings (if it is rated)."""
        try:
            outcome = self.tables.outcome(record)
        except Exception:
            # A game no longer known, or a state that no longer loads, must not stop the
            # start-up or the commands: log it, leave it out, try again at the next catch-up.
            log.exception("finished table %d: no outcome, not recorded", record.id)
            return False
        rows = standings(record, outcome)
        if outcome is None:  # not expected of a finished game: keep the seats, rate nobody
            log.warning("finished table %d has no outcome; recorded unrated", record.id)
            rows = [replace(row, rated=False) for row in rows]
        if not rows:
            return False
        if not rows[0].rated:
            return await self.store.record_result(rows, None)
        return await self.store.record_result(rows, lambda current: self.rate(rows, current))

    def rate(self, rows: Sequence[ResultRow], current: Mapping[int, Rating]) -> list[Rating]:
        """The new ratings of a rated game's people, from their ratings before it."""
        places = people(rows)
        users = sorted(places)
        game, at = rows[0].game, rows[0].finished_at
        teams = [[self._model_rating(current.get(user))] for user in users]
        rated = self.model.rate(teams, ranks=[float(places[user][0]) for user in users])
        new: list[Rating] = []
        for user, (team,) in zip(users, rated, strict=True):
            before = current.get(user)
            games, wins = (before.games, before.wins) if before else (0, 0)
            won = places[user][1]
            new.append(Rating(user, game, team.mu, team.sigma, games + 1, wins + won, at))
        return new

    def _model_rating(self, rating: Rating | None) -> Any:
        if rating is None:
            return self.model.rating()
        return self.model.rating(mu=rating.mu, sigma=rating.sigma)
