"""A tournament's table opens exactly once (issue 30), on SQLite and PostgreSQL alike: its
channel is noted in the tournament first, and the table carries its pairing's key, so a crash
between opening the table and noting it in the tournament (or between storing the table and
starting it) leaves a retry that finds the table and notes it, instead of opening another."""

from __future__ import annotations

import pytest

from bot.store import ACTIVE, FINISHED, LOBBY, OPEN_STATUSES, GameStore, TournamentRecord
from bot.table import TableError, TableService
from bot.tournaments.model import ROUND_ROBIN, Tournament
from bot.tournaments.pairing import round_robin_rounds
from bot.tournaments.service import Tournaments
from tests.bot.conftest import Now, Reopen

GUILD, CHANNEL, HOST, THREAD = 7, 70, 1, 700


class Crash(BaseException):
    """The process dies here (nothing after it runs; not an error anything catches)."""


def _service(store: GameStore, now: Now) -> Tournaments:
    return Tournaments(store, TableService(store, seed_source=lambda: 4321, clock=now))


async def _running(service: Tournaments) -> TournamentRecord:
    """A Monster Day tournament of two bots, round 1 paired: one table."""
    record = await service.create(
        guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, game="monster_day", options={}
    )
    for _ in range(2):
        record = await service.add_bot(record, HOST, "easy", moderator=False)
    return await service.start(record, HOST)


async def _after_restart(store: GameStore, reopen: Reopen, now: Now) -> Tournaments:
    await store.close()  # the process that crashed
    return _service(await reopen(), now)


async def _one_table_noted(service: Tournaments, tournament_id: int) -> None:
    """The round's one table is open once, started, and noted in the tournament."""
    games = await service.store.list_games(GUILD, (*OPEN_STATUSES, FINISHED))
    assert [(g.channel_id, g.status) for g in games] == [(THREAD, ACTIVE)], games
    board = Tournament.load((await service.get(tournament_id, None)).data).played[0].boards[0]
    assert (board.game_id, board.channel_id) == (games[0].id, THREAD)
    assert games[0].extra["tournament"] == tournament_id


async def test_a_crash_between_opening_a_table_and_noting_it_opens_it_once(
    store: GameStore, reopen: Reopen, now: Now, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = _service(store, now)
    record = await _running(service)
    assert await service.reserve(record.id, 0, 0, THREAD) == THREAD

    async def crash(*_: object) -> None:
        raise Crash

    monkeypatch.setattr(service, "opened", crash)
    with pytest.raises(Crash):
        await service.open_board(record.id, 0, 0)
    again = await _after_restart(store, reopen, now)
    assert await again.reserve(record.id, 0, 0, THREAD + 1) == THREAD  # the first one holds
    await again.open_board(record.id, 0, 0)  # the sweep's retry
    await _one_table_noted(again, record.id)


async def test_a_crash_between_storing_a_table_and_starting_it_opens_it_once(
    store: GameStore, reopen: Reopen, now: Now, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = _service(store, now)
    record = await _running(service)
    await service.reserve(record.id, 0, 0, THREAD)

    async def crash(*_: object, **__: object) -> None:
        raise Crash

    monkeypatch.setattr(service.tables, "_update", crash)  # the start, after the lobby's insert
    with pytest.raises(Crash):
        await service.open_board(record.id, 0, 0)
    (half,) = await store.list_games(GUILD, (LOBBY,))
    assert half.channel_id == THREAD
    again = await _after_restart(store, reopen, now)
    await again.open_board(record.id, 0, 0)
    await _one_table_noted(again, record.id)


async def test_a_round_robin_at_tables_of_three_plays_until_everyone_has_met(
    store: GameStore, now: Now
) -> None:
    """Its default number of rounds is its own schedule's, worked out at the start."""
    service = _service(store, now)
    record = await service.create(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST,
                                  game="notte_di_terrore", options={}, format=ROUND_ROBIN,
                                  seats=3)  # fmt: skip
    for _ in range(5):
        record = await service.add_bot(record, HOST, "easy", moderator=False)
    started = Tournament.load((await service.start(record, HOST)).data)
    assert started.rounds == round_robin_rounds(5, 3, 3) == 4
    assert [len(b.entrants) for b in started.played[0].boards] == [3]


async def test_a_table_someone_opened_in_the_reserved_thread_moves_the_board(
    store: GameStore, now: Now
) -> None:
    """A crash left the reserved thread empty and someone opened their own table there: the
    board is noted in another thread instead, where its table opens."""
    service = _service(store, now)
    record = await _running(service)
    await service.reserve(record.id, 0, 0, THREAD)
    await service.tables.new_table("monster_day", guild_id=GUILD, channel_id=THREAD,
                                   user_id=9, name="Cy", locale="en")  # fmt: skip
    with pytest.raises(TableError) as busy:
        await service.open_board(record.id, 0, 0)
    assert busy.value.code == "channel_busy"
    assert await service.reserve(record.id, 0, 0, THREAD + 1) == THREAD  # held...
    moved = await service.reserve(record.id, 0, 0, THREAD + 1, instead_of=THREAD)
    assert moved == THREAD + 1  # ...unless it is the busy one
    game = await service.open_board(record.id, 0, 0)
    assert (game.channel_id, game.status, game.extra["tournament"]) == (moved, ACTIVE, record.id)
