"""Results and ratings on SQLite (:class:`bot.store.results.ResultsStore`), as a mixin that
:class:`bot.store.sqlite.SqliteStore` inherits: the same connection, lock and transactions.

Recording a game checks, inside its ``BEGIN IMMEDIATE`` transaction, that the game has no
results yet, and reads the players' ratings there too: two processes catching up at once
record each game once, and neither overwrites a rating the other just moved.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.store.encoding import RATING_COLUMNS as _RATING_COLUMNS
from bot.store.encoding import RESULT_COLUMNS as _RESULT_COLUMNS
from bot.store.encoding import result as _result
from bot.store.records import GameRecord
from bot.store.results import (
    ORDINAL_Z,
    GameTally,
    Rate,
    Rating,
    RatingPoint,
    ResultRow,
    SoloScore,
)

_ORDINAL = f"(mu - {ORDINAL_Z} * sigma)"
_SERVER_PLAYERS = (
    "SELECT user_id FROM results WHERE guild_id = ? AND game = ? AND rated = 1 "
    "AND user_id IS NOT NULL"
)
"""Who is on a server's leaderboard of a game: players of a rated game there."""


class ResultsMixin:
    """The results and ratings half of the SQLite store."""

    if TYPE_CHECKING:  # provided by SqliteStore
        _lock: asyncio.Lock

        async def _run(self, sql: str, params: tuple[Any, ...] = ()) -> tuple[int, int | None]: ...

        async def _fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]: ...

        def _transaction(self) -> contextlib.AbstractAsyncContextManager[None]: ...

        async def get(self, game_id: int) -> GameRecord | None: ...

    async def unrecorded_finished(self, limit: int = 100) -> list[GameRecord]:
        async with self._lock:
            rows = await self._fetchall(
                "SELECT id FROM games g WHERE status = 'finished' AND NOT EXISTS "
                "(SELECT 1 FROM results r WHERE r.game_id = g.id) "
                "ORDER BY updated_at, id LIMIT ?",
                (limit,),
            )
        records = [await self.get(row[0]) for row in rows]
        return [record for record in records if record is not None]

    async def record_result(self, rows: Sequence[ResultRow], rate: Rate | None) -> bool:
        if not rows:
            return False
        game_id = rows[0].game_id
        async with self._transaction():
            done = await self._fetchall("SELECT 1 FROM results WHERE game_id = ? LIMIT 1",
                                        (game_id,))  # fmt: skip
            if done:
                return False
            for row in rows:
                await self._insert_result(row)
            if rate is not None:
                game = rows[0].game
                users = sorted({row.user_id for row in rows if row.user_id is not None})
                current = await self._ratings_of(users, game)
                for rating in rate(current):
                    await self._write_rating(rating, game_id)
        return True

    async def _insert_result(self, row: ResultRow) -> None:
        await self._run(
            f"INSERT INTO results ({_RESULT_COLUMNS}) VALUES ({', '.join('?' * 13)})",
            (
                row.game_id,
                row.seat,
                row.game,
                row.guild_id,
                row.user_id,
                row.name,
                row.score,
                row.rank,
                int(row.winner),
                int(row.taken_over),
                int(row.rated),
                row.finished_at,
                row.board,
            ),
        )

    async def _ratings_of(self, users: Sequence[int], game: str) -> dict[int, Rating]:
        if not users:
            return {}
        marks = ",".join("?" * len(users))
        found = await self._fetchall(
            f"SELECT {_RATING_COLUMNS} FROM ratings WHERE game = ? AND user_id IN ({marks})",
            (game, *users),
        )
        return {row[0]: Rating(*row) for row in found}

    async def _write_rating(self, rating: Rating, game_id: int) -> None:
        await self._run(
            f"INSERT INTO ratings ({_RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT(user_id, game) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
            "games = excluded.games, wins = excluded.wins, updated_at = excluded.updated_at",
            (rating.user_id, rating.game, rating.mu, rating.sigma, rating.games, rating.wins,
             rating.updated_at),
        )  # fmt: skip
        await self._run(
            "INSERT INTO rating_history (user_id, game, game_id, mu, sigma, at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (rating.user_id, rating.game, game_id, rating.mu, rating.sigma, rating.updated_at),
        )

    async def results_of(self, game_id: int) -> list[ResultRow]:
        async with self._lock:
            rows = await self._fetchall(
                f"SELECT {_RESULT_COLUMNS} FROM results WHERE game_id = ? ORDER BY seat",
                (game_id,),
            )
        return [_result(row) for row in rows]

    async def rating(self, user_id: int, game: str) -> Rating | None:
        async with self._lock:
            found = await self._ratings_of([user_id], game)
        return found.get(user_id)

    async def tallies(self, user_id: int) -> list[GameTally]:
        async with self._lock:
            rows = await self._fetchall(
                "SELECT game, COUNT(*), SUM(winner) FROM results WHERE user_id = ? "
                "GROUP BY game ORDER BY game",
                (user_id,),
            )
        return [GameTally(game, games, int(wins or 0)) for game, games, wins in rows]

    async def rating_history(self, user_id: int, game: str, limit: int = 500) -> list[RatingPoint]:
        async with self._lock:
            rows = await self._fetchall(
                "SELECT game_id, mu, sigma, at FROM rating_history WHERE user_id = ? AND game = ? "
                "ORDER BY at DESC, game_id DESC LIMIT ?",
                (user_id, game, limit),
            )
        return [RatingPoint(*row) for row in reversed(rows)]

    async def leaderboard(self, game: str, guild_id: int, limit: int = 10) -> list[Rating]:
        async with self._lock:
            rows = await self._fetchall(
                f"SELECT {_RATING_COLUMNS} FROM ratings WHERE game = ? "
                f"AND user_id IN ({_SERVER_PLAYERS}) "
                f"ORDER BY {_ORDINAL} DESC, games DESC, user_id LIMIT ?",
                (game, guild_id, game, limit),
            )
        return [Rating(*row) for row in rows]

    async def server_rank(self, user_id: int, game: str, guild_id: int) -> tuple[int, int] | None:
        async with self._lock:
            rows = await self._fetchall(
                f"SELECT user_id FROM ratings WHERE game = ? AND user_id IN ({_SERVER_PLAYERS}) "
                f"ORDER BY {_ORDINAL} DESC, games DESC, user_id",
                (game, guild_id, game),
            )
        order = [row[0] for row in rows]
        return (order.index(user_id) + 1, len(order)) if user_id in order else None

    async def solo_scores(self, user_id: int, game: str | None = None) -> list[SoloScore]:
        async with self._lock:
            rows = await self._fetchall(
                "SELECT game_id, game, board, score, winner, finished_at FROM results "
                "WHERE user_id = ? AND board IS NOT NULL AND (CAST(? AS TEXT) IS NULL OR game = ?) "
                "ORDER BY finished_at, game_id",
                (user_id, game, game),
            )
        return [SoloScore(g, name, board, score, bool(won), at)
                for g, name, board, score, won, at in rows]  # fmt: skip

    async def player_name(self, user_id: int) -> str | None:
        async with self._lock:
            rows = await self._fetchall(
                "SELECT name FROM results WHERE user_id = ? "
                "ORDER BY taken_over, finished_at DESC LIMIT 1",
                (user_id,),
            )
        return str(rows[0][0]) if rows else None
