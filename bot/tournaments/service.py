"""The tournament service: registration, the start, each table's result, the rounds' turnover
and the end, as changes of the stored tournament. No Discord here (the runner,
:mod:`bot.tournaments.runner`, opens the threads and posts the standings); refusals are
:class:`bot.table.TableError` codes, worded in :mod:`bot.tournaments.messages`.

Every change is computed from the tournament as read and written only if nobody wrote it since
(the store's compare-and-swap), under a per-tournament lock in this process; a change that lost
a race to another process is computed again from the new tournament.
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.bots import bot_name, free_name
from bot.clock import Clock
from bot.ratings import standings as table_standings
from bot.store import (
    ABANDONED,
    DONE,
    ENDED,
    FINISHED,
    OPEN_TOURNAMENTS,
    REGISTRATION,
    RUNNING,
    GameRecord,
    GameStore,
    Seat,
    TournamentRecord,
    VersionConflict,
)
from bot.table import TableError, TableService
from bot.tournaments.model import FORMATS, SWISS, Entrant, Tournament
from bot.tournaments.pairing import (
    Pairing,
    round_robin,
    round_robin_rounds,
    swiss,
    swiss_rounds,
    table_points,
)

MAX_ENTRANTS = 64
MAX_ROUNDS = 20
MAX_DEADLINE_MINUTES = 14 * 24 * 60
RETRIES = 5
Change = Callable[[TournamentRecord, Tournament], tuple[str, float | None, Tournament]]
"""``(record, tournament) -> (status, deadline, tournament)``: a change, computed afresh on a
lost race."""


class Tournaments:
    """Creates tournaments, registers entrants, pairs rounds and records their results."""

    def __init__(self, store: GameStore, tables: TableService) -> None:
        self.store = store
        self.tables = tables
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def clock(self) -> float:
        """What time it is for deadlines: the table service's (tests move it by hand)."""
        return self.tables.clock()

    def lock(self, tournament_id: int) -> asyncio.Lock:
        lock = self._locks.get(tournament_id)
        if lock is None:
            lock = self._locks[tournament_id] = asyncio.Lock()
        return lock

    # -- lookups --------------------------------------------------------------------------

    async def get(self, tournament_id: int, guild_id: int | None) -> TournamentRecord:
        """Tournament ``tournament_id`` of this server (another server's is refused)."""
        record = await self.store.get_tournament(tournament_id)
        if record is None:
            raise TableError("no_tournament")
        if guild_id is not None and record.guild_id != guild_id:
            raise TableError("tournament_elsewhere")
        return record

    async def find(
        self, guild_id: int | None, channel_id: int, tournament_id: int | None
    ) -> TournamentRecord:
        """The tournament named, or the newest open one of this channel."""
        if guild_id is None:
            raise TableError("tournament_in_dm")
        if tournament_id is not None:
            return await self.get(tournament_id, guild_id)
        here = [t for t in await self.store.tournaments(guild_id) if t.channel_id == channel_id]
        if not here:
            raise TableError("no_open_tournament")
        return here[0]

    # -- registration -----------------------------------------------------------------------

    async def create(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        game: str,
        options: dict[str, Any],
        format: str = SWISS,
        rounds: int | None = None,
        seats: int | None = None,
        deadline_minutes: int | None = None,
        clock: Clock | None = None,
        locale: str = "en",
    ) -> TournamentRecord:
        """A tournament open for registration; its host does not play unless they join."""
        if guild_id is None:
            raise TableError("tournament_in_dm")
        engine = self.tables.engine(game)
        fewest, most = engine.seat_range(options)
        fewest = max(2, fewest)
        if format not in FORMATS:
            raise TableError("bad_format")
        if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
            raise TableError("bad_rounds", max=MAX_ROUNDS)
        size = most if seats is None else seats
        if not fewest <= size <= most:
            raise TableError("bad_seats", game=engine.names.get(locale, game), min=fewest, max=most)
        deadline = None
        if deadline_minutes is not None:
            if not 1 <= deadline_minutes <= MAX_DEADLINE_MINUTES:
                raise TableError("bad_deadline", max=MAX_DEADLINE_MINUTES)
            deadline = self.clock() + 60 * deadline_minutes
        tournament = Tournament(
            game=game,
            options=options,
            format=format,
            rounds=rounds,
            seats=size,
            fewest=fewest,
            host_id=host_id,
            locale=locale,
            clock=(clock or Clock()).dump(),
        )
        return await self.store.create_tournament(
            guild_id=guild_id, channel_id=channel_id, deadline=deadline, data=tournament.dump()
        )

    async def join(
        self, record: TournamentRecord, user_id: int, name: str, locale: str
    ) -> TournamentRecord:
        def enter(record: TournamentRecord, t: Tournament) -> tuple[str, float | None, Tournament]:
            _registering(record)
            if t.entrant_of(user_id) is not None:
                raise TableError("already_entered")
            return _entered(record, t, Entrant(user_id, name, locale))

        return await self._change(record.id, enter)

    async def add_bot(
        self, record: TournamentRecord, user_id: int, level: str, *, moderator: bool
    ) -> TournamentRecord:
        """The host adds a bot entrant playing at ``level``."""

        def enter(record: TournamentRecord, t: Tournament) -> tuple[str, float | None, Tournament]:
            _require_host(t, user_id, moderator)
            _registering(record)
            if level not in self.tables.engine(t.game).bot_levels:
                raise TableError("bad_bot_level", level=level)
            name = bot_name(free_name(e.name for e in t.entrants), level, t.locale)
            return _entered(record, t, Entrant(None, name, t.locale, level))

        return await self._change(record.id, enter)

    async def leave(self, record: TournamentRecord, user_id: int) -> TournamentRecord:
        """Before the start, the entry is withdrawn; after it, the entrant is dropped from the
        rounds to come (the table they sit at now plays on: ``/game resign`` leaves it)."""

        def withdraw(
            record: TournamentRecord, t: Tournament
        ) -> tuple[str, float | None, Tournament]:
            entrant = t.entrant_of(user_id)
            if entrant is None or t.entrants[entrant].dropped:
                raise TableError("not_entered")
            if record.status not in OPEN_TOURNAMENTS:
                raise TableError("tournament_closed", id=record.id)
            if record.status == REGISTRATION:
                kept = tuple(e for i, e in enumerate(t.entrants) if i != entrant)
                return record.status, record.deadline, replace(t, entrants=kept)
            return record.status, record.deadline, t.dropping({entrant})

        return await self._change(record.id, withdraw)

    async def start(
        self, record: TournamentRecord, user_id: int | None, *, moderator: bool = False
    ) -> TournamentRecord:
        """Close registration and pair round 1 (the host, or the deadline: ``user_id`` None).
        The default number of rounds is worked out in a worker thread first (a round robin's
        takes up to seconds for 64 entrants at large tables), for the entrants as read."""
        known = Tournament.load((await self.get(record.id, None)).data)
        planned = known.rounds or await asyncio.to_thread(default_rounds, known)

        def begin(record: TournamentRecord, t: Tournament) -> tuple[str, float | None, Tournament]:
            if user_id is not None:
                _require_host(t, user_id, moderator)
            _registering(record)
            if len(t.entrants) < t.fewest:
                raise TableError("too_few_entrants", have=len(t.entrants), min=t.fewest)
            same = len(t.entrants) == len(known.entrants)
            t = replace(t, rounds=t.rounds or (planned if same else default_rounds(t)))
            return RUNNING, None, t.with_round(self.pair(t))

        return await self._change(record.id, begin)

    async def end(
        self, record: TournamentRecord, user_id: int, *, moderator: bool
    ) -> TournamentRecord:
        """The host closes the tournament early; the tables in play finish as ordinary games."""

        def close(record: TournamentRecord, t: Tournament) -> tuple[str, float | None, Tournament]:
            _require_host(t, user_id, moderator)
            if record.status not in OPEN_TOURNAMENTS:
                raise TableError("tournament_closed", id=record.id)
            return ENDED, None, t

        return await self._change(record.id, close)

    # -- rounds -----------------------------------------------------------------------------

    def pair(self, t: Tournament) -> Pairing:
        """The next round of ``t`` (its entrants still in)."""
        everyone = list(range(len(t.entrants)))
        history = t.history()
        if t.format == SWISS:
            return swiss(t.active(), everyone, history, t.seats, t.fewest)
        return round_robin(t.active(), history, t.seats, t.fewest, len(t.played) + 1)

    async def reserve(
        self,
        tournament_id: int,
        number: int,
        index: int,
        channel_id: int,
        *,
        instead_of: int | None = None,
    ) -> int:
        """Table ``index`` of round ``number`` (0 first) is to open in ``channel_id``; noted
        before it opens, so every later try opens it there (:meth:`open_board`). The channel
        noted first holds, unless it is ``instead_of`` (someone opened a table of their own
        there first): the one the board now has is returned."""

        def note(record: TournamentRecord, t: Tournament) -> tuple[str, float | None, Tournament]:
            board = t.played[number].boards[index]
            if board.channel_id not in (None, instead_of):
                raise _Unchanged
            board = replace(board, channel_id=channel_id)
            return record.status, record.deadline, t.with_board(number, index, board)

        with contextlib.suppress(_Unchanged):
            await self._change(tournament_id, note)
        record = await self.get(tournament_id, None)
        reserved = Tournament.load(record.data).played[number].boards[index].channel_id
        assert reserved is not None  # noted above, or before
        return reserved

    async def open_board(self, tournament_id: int, number: int, index: int) -> GameRecord:
        """Open table ``index`` of round ``number`` in its reserved channel, seated and
        started, then note its game in the tournament. Exactly once: the table carries the
        board's key from its first write, so after a crash anywhere between the two (or
        within the opening) the retry finds that table and only notes it."""
        record = await self.get(tournament_id, None)
        t = Tournament.load(record.data)
        board = t.played[number].boards[index]
        if board.channel_id is None:
            raise TableError("no_table_here")  # reserve first
        entrants = [t.entrants[e] for e in board.entrants]
        game = await self.tables.open_started(
            t.game,
            guild_id=record.guild_id,
            channel_id=board.channel_id,
            host_id=t.host_id,
            seats=tuple(Seat(e.user_id, e.name, e.locale, e.level or "normal") for e in entrants),
            locale=t.locale,
            options=t.options,
            time_control=Clock.load(t.clock),
            key={"tournament": record.id, "round": number + 1, "board": index},
        )
        await self.opened(record.id, number, index, game.id)
        return game

    async def opened(
        self, tournament_id: int, number: int, index: int, game_id: int
    ) -> TournamentRecord:
        """Table ``index`` of round ``number`` (0 first) is game ``game_id``."""

        def note(record: TournamentRecord, t: Tournament) -> tuple[str, float | None, Tournament]:
            board = replace(t.played[number].boards[index], game_id=game_id)
            return record.status, record.deadline, t.with_board(number, index, board)

        return await self._change(tournament_id, note)

    async def decide(self, tournament_id: int, game: GameRecord) -> TournamentRecord | None:
        """A table of the tournament ended: its entrants' points, and whoever left it (resigned,
        expelled, or replaced by the others' vote) dropped from the rounds to come. None when
        the game is not over or already counted."""
        if game.status not in (FINISHED, ABANDONED):
            return None
        points, left = self._result(game)

        def count(record: TournamentRecord, t: Tournament) -> tuple[str, float | None, Tournament]:
            for number, played in enumerate(t.played):
                for index, board in enumerate(played.boards):
                    if board.game_id == game.id and not board.decided:
                        decided = replace(board, points=points)
                        t = t.with_board(number, index, decided)
                        t = t.dropping({board.entrants[seat] for seat in left})
                        return record.status, record.deadline, t
            raise _Unchanged

        try:
            return await self._change(tournament_id, count)
        except _Unchanged:
            return None

    def _result(self, game: GameRecord) -> tuple[tuple[float, ...], set[int]]:
        """Each seat's points (an abandoned table: a draw for all) and the seats that left."""
        seats = len(game.seats)
        if game.status == ABANDONED:
            return table_points([1] * seats), set()
        rows = table_standings(game, self.tables.outcome(game))
        left = set(game.extra.get("taken_over", ()))
        if "resigned" in game.extra:
            left.add(int(game.extra["resigned"]))
        return table_points([row.rank for row in rows]), left

    async def turn_over(self, tournament_id: int) -> tuple[TournamentRecord, int | None]:
        """When the current round is decided and its standings not yet posted: mark them
        posted and pair the next round, or finish the tournament after its last (or when too
        few are left to play). The round whose standings are now due (0 first), or None."""

        due: list[int] = []

        def turn(record: TournamentRecord, t: Tournament) -> tuple[str, float | None, Tournament]:
            if record.status != RUNNING or not t.played:
                raise _Unchanged
            last = t.played[-1]
            if last.posted or not last.decided:
                raise _Unchanged
            due[:] = [len(t.played) - 1]
            t = t.with_played(len(t.played) - 1, replace(last, posted=True))
            if len(t.played) >= (t.rounds or 0) or len(t.active()) < t.fewest:
                return DONE, None, t
            return RUNNING, None, t.with_round(self.pair(t))

        try:
            return await self._change(tournament_id, turn), due[0]
        except _Unchanged:
            return await self.get(tournament_id, None), None

    async def _change(self, tournament_id: int, change: Change) -> TournamentRecord:
        async with self.lock(tournament_id):
            for _ in range(RETRIES):
                record = await self.store.get_tournament(tournament_id)
                if record is None:
                    raise TableError("no_tournament")
                status, deadline, t = change(record, Tournament.load(record.data))
                try:
                    return await self.store.update_tournament(
                        record, status=status, deadline=deadline, data=t.dump()
                    )
                except VersionConflict:
                    continue
        raise TableError("stale")


def default_rounds(t: Tournament) -> int:
    """How many rounds ``t`` plays when its host did not say: ⌈log2 n⌉ Swiss; a round robin
    until everyone has met everyone."""
    count = len(t.entrants)
    if t.format == SWISS:
        return swiss_rounds(count)
    return round_robin_rounds(count, t.seats, t.fewest)


class _Unchanged(Exception):
    """A change that finds nothing to do (already counted, already turned over)."""


def _registering(record: TournamentRecord) -> None:
    if record.status == RUNNING:
        raise TableError("tournament_started", id=record.id)
    if record.status != REGISTRATION:
        raise TableError("tournament_closed", id=record.id)


def _entered(
    record: TournamentRecord, t: Tournament, entrant: Entrant
) -> tuple[str, float | None, Tournament]:
    if len(t.entrants) >= MAX_ENTRANTS:
        raise TableError("tournament_full", max=MAX_ENTRANTS)
    return record.status, record.deadline, replace(t, entrants=(*t.entrants, entrant))


def _require_host(t: Tournament, user_id: int, moderator: bool) -> None:
    if t.host_id != user_id and not moderator:
        raise TableError("not_tournament_host")
