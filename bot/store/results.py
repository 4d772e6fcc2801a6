"""What the ratings need from storage: each finished game's results, and each player's rating.

Results are derived from finished games, never written as a side effect of a move: a catch-up
(:class:`bot.ratings.Ratings`) records every finished game that has no results yet, each in one
transaction with the rating updates it causes. The ``(game_id, seat)`` primary key makes a
second recording of the same game impossible, so the catch-up can run at any time, in any
process, as often as wanted: a game is never missed and never counted twice.

A rating is per player and game, across servers: a player's skill does not change from one
server to the next, and splitting their games by server would leave each rating with fewer
games. A server's leaderboard lists the players who played a rated game in that server.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.store.records import GameRecord

ORDINAL_Z = 3.0
"""The displayed rating is ``mu - 3 sigma``: a player is shown at a skill they almost
certainly have, so a lucky first game does not top the leaderboard."""


def ordinal(mu: float, sigma: float) -> float:
    """The number shown and ranked by: ``mu - 3 sigma``."""
    return mu - ORDINAL_Z * sigma


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One seat of a finished game, as the ratings count it.

    ``user_id`` is the player the seat counts for (None: a bot played it from the start);
    a seat a bot took over counts for the player who left it, ``taken_over``, last and not a
    winner. ``rank`` is 1 for the winners; seats that share a rank tied. ``rated``: the game
    moved ratings (at least two distinct people played it).
    """

    game_id: int
    seat: int
    game: str
    guild_id: int | None
    user_id: int | None
    name: str
    score: float | None
    rank: int
    winner: bool
    taken_over: bool
    rated: bool
    finished_at: float
    board: str | None = None
    """A solo game's board (its mode, and level where it has levels), from the outcome's
    ``"solo"``: the player's high-score table is per board. None for a game with opponents."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating in one game: openskill's ``mu`` and ``sigma``, and how many rated
    games (and wins in them) it rests on."""

    user_id: int
    game: str
    mu: float
    sigma: float
    games: int
    wins: int
    updated_at: float

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A player's rating right after one rated game (the chart's points)."""

    game_id: int
    mu: float
    sigma: float
    at: float

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


@dataclass(frozen=True, slots=True)
class GameTally:
    """A player's finished games of one game (rated or not) and how many they won."""

    game: str
    games: int
    wins: int


@dataclass(frozen=True, slots=True)
class SoloScore:
    """One finished solo game of a player: the high-score table is built from these."""

    game_id: int
    game: str
    board: str
    score: float | None
    winner: bool
    finished_at: float


Rate = Callable[[Mapping[int, Rating]], Sequence[Rating]]
"""Given the current ratings of a game's players (absent: never rated), the new ratings to
write. Called inside the recording transaction, so no other update can slip in between."""


class ResultsStore(Protocol):
    """Results and ratings. Implementations: :class:`bot.store.sqlite_results.ResultsMixin`."""

    async def unrecorded_finished(self, limit: int = 100) -> list[GameRecord]:
        """Finished tables without results yet, in finishing order (``updated_at``, ``id``)."""
        ...

    async def record_result(self, rows: Sequence[ResultRow], rate: Rate | None) -> bool:
        """One transaction: the game's result rows, then (``rate`` given) the new ratings and
        a history point each. False, and nothing written, when the game has results already."""
        ...

    async def results_of(self, game_id: int) -> list[ResultRow]: ...

    async def rating(self, user_id: int, game: str) -> Rating | None: ...

    async def tallies(self, user_id: int) -> list[GameTally]:
        """The user's finished games and wins per game (rated or not)."""
        ...

    async def rating_history(self, user_id: int, game: str, limit: int = 500) -> list[RatingPoint]:
        """The user's rating after each rated game, oldest first (the latest ``limit``)."""
        ...

    async def leaderboard(self, game: str, guild_id: int, limit: int = 10) -> list[Rating]:
        """The best ratings among players who played a rated game in this server."""
        ...

    async def server_rank(self, user_id: int, game: str, guild_id: int) -> tuple[int, int] | None:
        """The user's place on the server's leaderboard and how many are on it; None when
        they are not on it."""
        ...

    async def solo_scores(self, user_id: int, game: str | None = None) -> list[SoloScore]:
        """The user's finished solo games (of ``game``, or of every game), oldest first."""
        ...

    async def player_name(self, user_id: int) -> str | None:
        """The name the user last played under (for leaderboards drawn without Discord)."""
        ...
