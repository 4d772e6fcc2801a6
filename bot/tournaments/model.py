"""A tournament as plain values: its settings, entrants and rounds, dumped to the store's JSON
document (:mod:`bot.store.tournament_records`) and read back. Pure: no store, no Discord."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from bot.tournaments.pairing import History, Pairing, Played

SWISS = "swiss"
ROUND_ROBIN = "roundrobin"
FORMATS = (SWISS, ROUND_ROBIN)


@dataclass(frozen=True, slots=True)
class Entrant:
    """One who plays in the tournament: a person, or a bot the host added (``level``)."""

    user_id: int | None
    name: str
    locale: str
    level: str | None = None
    dropped: bool = False

    @property
    def is_bot(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True, slots=True)
class Board:
    """One table of a round: its entrants in seat order, the game opened for it (once it is)
    and each seat's points (once it is decided). ``channel_id`` is the thread chosen for it,
    noted before the game opens there, so a retry after a crash opens it in the same thread,
    where the table service finds it if it did open (:meth:`Tournaments.open_board`)."""

    entrants: tuple[int, ...]
    game_id: int | None = None
    points: tuple[float, ...] | None = None
    channel_id: int | None = None

    @property
    def decided(self) -> bool:
        return self.points is not None


@dataclass(frozen=True, slots=True)
class Round:
    """A round: its tables, its byes, and whether its standings were posted."""

    boards: tuple[Board, ...]
    byes: tuple[int, ...] = ()
    posted: bool = False

    @property
    def decided(self) -> bool:
        return all(board.decided for board in self.boards)


@dataclass(frozen=True, slots=True)
class Tournament:
    """Everything a tournament is, but its id, server, channel and status (the record's)."""

    game: str
    options: dict[str, Any]
    format: str
    rounds: int | None
    """How many rounds; None until the start, when the default follows from the entrants."""
    seats: int
    fewest: int
    host_id: int
    locale: str
    clock: dict[str, Any] = field(default_factory=dict)
    entrants: tuple[Entrant, ...] = ()
    played: tuple[Round, ...] = ()

    def active(self) -> list[int]:
        """The entrants still in (not dropped), in joining order."""
        return [i for i, entrant in enumerate(self.entrants) if not entrant.dropped]

    def entrant_of(self, user_id: int) -> int | None:
        return next((i for i, e in enumerate(self.entrants) if e.user_id == user_id), None)

    def history(self) -> History:
        """The rounds so far as pairing reads them."""
        boards = [board for played in self.played for board in played.boards]
        return History(
            tables=tuple(board.entrants for board in boards),
            played=tuple(
                Played(board.entrants, board.points) for board in boards if board.points is not None
            ),
            byes=tuple(bye for played in self.played for bye in played.byes),
        )

    def with_round(self, pairing: Pairing) -> Tournament:
        boards = tuple(Board(entrants) for entrants in pairing.tables)
        return replace(self, played=(*self.played, Round(boards, pairing.byes)))

    def with_board(self, number: int, index: int, board: Board) -> Tournament:
        """Round ``number`` (0 first) with its ``index``-th table replaced."""
        played = self.played[number]
        boards = tuple(board if i == index else b for i, b in enumerate(played.boards))
        return self.with_played(number, replace(played, boards=boards))

    def with_played(self, number: int, played: Round) -> Tournament:
        rounds = tuple(played if i == number else r for i, r in enumerate(self.played))
        return replace(self, played=rounds)

    def dropping(self, entrants: set[int]) -> Tournament:
        return replace(
            self,
            entrants=tuple(
                replace(e, dropped=True) if i in entrants else e
                for i, e in enumerate(self.entrants)
            ),
        )

    def dump(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "format": self.format,
            "rounds": self.rounds,
            "seats": self.seats,
            "fewest": self.fewest,
            "host_id": self.host_id,
            "locale": self.locale,
            "clock": self.clock,
            "entrants": [
                {
                    "user_id": e.user_id,
                    "name": e.name,
                    "locale": e.locale,
                    "level": e.level,
                    "dropped": e.dropped,
                }
                for e in self.entrants
            ],
            "played": [
                {
                    "boards": [
                        {
                            "entrants": list(b.entrants),
                            "game_id": b.game_id,
                            "points": list(b.points) if b.points is not None else None,
                            "channel_id": b.channel_id,
                        }
                        for b in r.boards
                    ],
                    "byes": list(r.byes),
                    "posted": r.posted,
                }
                for r in self.played
            ],
        }

    @classmethod
    def load(cls, data: dict[str, Any]) -> Tournament:
        return cls(
            game=data["game"],
            options=dict(data["options"]),
            format=data["format"],
            rounds=data["rounds"],
            seats=int(data["seats"]),
            fewest=int(data["fewest"]),
            host_id=int(data["host_id"]),
            locale=data["locale"],
            clock=dict(data.get("clock") or {}),
            entrants=tuple(Entrant(**e) for e in data.get("entrants", [])),
            played=tuple(
                Round(
                    boards=tuple(
                        Board(
                            tuple(b["entrants"]),
                            b["game_id"],
                            tuple(b["points"]) if b["points"] is not None else None,
                            b.get("channel_id"),
                        )
                        for b in r["boards"]
                    ),
                    byes=tuple(r["byes"]),
                    posted=bool(r["posted"]),
                )
                for r in data.get("played", [])
            ),
        )
