"""Results and ratings (bot/ratings.py, bot/store/sqlite_results.py) over the real store, the
real table service and the real engines: whole Monster Day and Notte di Terrore games played
to the end (people's moves chosen by the engine's bot player), then caught up."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from itertools import pairwise

import pytest

from bot.ratings import Ratings, people, standings
from bot.store import ACTIVE, FINISHED, GameRecord, GameStore, Seat
from bot.table import TableService

GUILD = 1
START_MU = 25.0


@pytest.fixture
def tables(store: GameStore) -> TableService:
    """The table service over the ``store`` fixture: every test here runs on SQLite and on
    PostgreSQL (tests/bot/conftest.py)."""
    seeds = iter(range(1000, 2000))
    return TableService(store, seed_source=lambda: next(seeds))


@pytest.fixture
def ratings(tables: TableService) -> Ratings:
    return Ratings(tables.store, tables)


async def _table(
    tables: TableService, game: str, players: list[int | None], *, channel: int = 10,
    guild: int | None = GUILD,
) -> GameRecord:  # fmt: skip
    """A started table: ``players`` are user ids (the first hosts), None a bot seat."""
    host = players[0]
    assert host is not None
    record = await tables.new_table(game, guild_id=guild, channel_id=channel, user_id=host,
                                    name=f"P{host}", locale="en")  # fmt: skip
    for user in players[1:]:
        if user is None:
            await tables.add_bot(record.id, host)
        else:
            await tables.join(record.id, user, f"P{user}", "en")
    return await tables.start(record.id, host)


async def _play_out(tables: TableService, game_id: int) -> GameRecord:
    """Every seat moves as the engine's bot would until the game is over."""
    record = await tables.get(game_id)
    while record.status == ACTIVE:
        seat = tables.pending(record)[0]
        user = record.seats[seat].user_id
        if user is None:
            record = (await tables.act_automatically(game_id, seat, record.version)).after
        else:
            action = tables.engine(record.game).bot_action(tables.state(record), seat)
            record = (await tables.act(game_id, user, action)).after
    return record


async def _finished(tables: TableService, game: str, players: list[int | None],
                    channel: int = 10, guild: int | None = GUILD) -> GameRecord:  # fmt: skip
    record = await _table(tables, game, players, channel=channel, guild=guild)
    return await _play_out(tables, record.id)


# -- recording ---------------------------------------------------------------------------------


async def test_a_finished_game_is_recorded_once(tables: TableService, ratings: Ratings) -> None:
    record = await _finished(tables, "monster_day", [1, 2])
    assert await ratings.catch_up() == 1
    assert await ratings.catch_up() == 0  # again: nothing new, nothing counted twice
    rows = await tables.store.results_of(record.id)
    assert [(r.seat, r.user_id, r.rated) for r in rows] == [(0, 1, True), (1, 2, True)]
    for user in (1, 2):
        rating = await tables.store.rating(user, "monster_day")
        assert rating is not None and rating.games == 1
        assert len(await tables.store.rating_history(user, "monster_day")) == 1


async def test_two_catch_ups_at_once_record_each_game_once(tables: TableService) -> None:
    """Two processes' catch-ups (two Ratings on one database) never count a game twice."""
    for channel in (10, 11, 12):
        await _finished(tables, "monster_day", [1, 2], channel=channel)
    first, second = Ratings(tables.store, tables), Ratings(tables.store, tables)
    counts = await asyncio.gather(first.catch_up(), second.catch_up())
    assert sum(counts) == 3
    rating = await tables.store.rating(1, "monster_day")
    assert rating is not None and rating.games == 3


async def test_unfinished_abandoned_and_cancelled_games_are_never_recorded(
    tables: TableService, ratings: Ratings
) -> None:
    active = await _table(tables, "monster_day", [1, 2], channel=10)
    abandoned = await _table(tables, "monster_day", [3, 4], channel=11)
    await tables.end_table(abandoned.id, 3, "P3", moderator=False)
    lobby = await tables.new_table("monster_day", guild_id=GUILD, channel_id=12, user_id=5,
                                   name="P5", locale="en")  # fmt: skip
    await tables.leave(lobby.id, 5)  # the last person leaves: cancelled
    assert await ratings.catch_up() == 0
    for game_id in (active.id, abandoned.id, lobby.id):
        assert await tables.store.results_of(game_id) == []
    assert await tables.store.rating(1, "monster_day") is None


async def test_a_finished_table_whose_outcome_cannot_be_read_is_skipped(
    tables: TableService, ratings: Ratings
) -> None:
    """A game no longer known (or a state that no longer loads) stops neither the start-up
    nor the commands: it is left out, and the games after it are recorded."""
    store = tables.store
    gone = await store.create(game="retired_game", guild_id=GUILD, channel_id=9, host=Seat(1, "A"),
                              host_id=1, options={}, locale="en", seed=1, seed_hash="")  # fmt: skip
    await store.update(gone, status=FINISHED, state={"whatever": True})
    later = await _finished(tables, "monster_day", [1, 2])
    assert await ratings.catch_up() == 1
    assert await store.results_of(gone.id) == []
    assert len(await store.results_of(later.id)) == 2


async def test_a_finished_table_without_an_outcome_is_kept_but_rates_nobody(
    tables: TableService, ratings: Ratings
) -> None:
    store = tables.store
    odd = await store.create(game="monster_day", guild_id=GUILD, channel_id=9, host=Seat(1, "A"),
                             host_id=1, options={}, locale="en", seed=1, seed_hash="")  # fmt: skip
    await store.update(odd, status=FINISHED, seats=(Seat(1, "A"), Seat(2, "B")))
    assert await ratings.catch_up() == 1
    rows = await store.results_of(odd.id)
    assert [(r.user_id, r.rated, r.winner) for r in rows] == [(1, False, False), (2, False, False)]
    assert await store.rating(1, "monster_day") is None


async def test_games_are_rated_in_finishing_order(tables: TableService, ratings: Ratings) -> None:
    first = await _finished(tables, "monster_day", [1, 2], channel=10)
    second = await _finished(tables, "monster_day", [1, 2], channel=11)
    assert await ratings.catch_up() == 2
    history = await tables.store.rating_history(1, "monster_day")
    assert [point.game_id for point in history] == [first.id, second.id]
    rating = await tables.store.rating(1, "monster_day")
    assert rating is not None and (rating.mu, rating.sigma) == (history[-1].mu, history[-1].sigma)
    assert history[-1].sigma < history[0].sigma  # two games: surer than after one


# -- how a game counts -------------------------------------------------------------------------


async def test_ratings_move_the_right_way_in_monster_day(
    tables: TableService, ratings: Ratings
) -> None:
    """Winners share first place; the winner rises and the loser falls (a draw moves both
    alike)."""
    for channel in range(10, 16):
        record = await _finished(tables, "monster_day", [1, 2], channel=channel)
        before = {u: await tables.store.rating(u, "monster_day") for u in (1, 2)}
        assert await ratings.catch_up() == 1
        rows = await tables.store.results_of(record.id)
        outcome = tables.outcome(record)
        assert outcome is not None
        assert [r.winner for r in rows] == [s in outcome["winners"] for s in (0, 1)]
        assert [r.rank for r in rows] == [1 if r.winner else 2 for r in rows]
        for row in rows:
            assert row.user_id is not None
            old = before[row.user_id]
            new = await tables.store.rating(row.user_id, "monster_day")
            assert new is not None
            old_mu = old.mu if old else START_MU
            if len(outcome["winners"]) == 2:
                continue  # a shared win: a draw
            assert (new.mu > old_mu) == row.winner
            assert new.wins == (old.wins if old else 0) + row.winner


async def test_a_two_seat_resignation_is_a_loss_for_the_resigner(
    tables: TableService, ratings: Ratings
) -> None:
    record = await _table(tables, "monster_day", [1, 2])
    await tables.resign(record.id, 2)
    assert await ratings.catch_up() == 1
    rows = await tables.store.results_of(record.id)
    assert [(r.user_id, r.rank, r.winner, r.score) for r in rows] == [
        (1, 1, True, None),
        (2, 2, False, None),
    ]
    winner, loser = [await tables.store.rating(u, "monster_day") for u in (1, 2)]
    assert winner is not None and loser is not None
    assert winner.mu > START_MU > loser.mu and (winner.wins, loser.wins) == (1, 0)


async def test_a_game_against_bots_alone_is_recorded_but_not_rated(
    tables: TableService, ratings: Ratings
) -> None:
    record = await _finished(tables, "monster_day", [1, None])
    assert await ratings.catch_up() == 1
    rows = await tables.store.results_of(record.id)
    assert [(r.user_id, r.rated) for r in rows] == [(1, False), (None, False)]
    assert await tables.store.rating(1, "monster_day") is None
    tally = await tables.store.tallies(1)
    assert [(t.game, t.games) for t in tally] == [("monster_day", 1)]


async def test_a_seat_a_bot_took_over_counts_last_for_who_left_it(
    tables: TableService, ratings: Ratings
) -> None:
    """Notte di Terrore, three people: one resigns (a bot finishes the seat), one is expelled;
    both count, last and tied, marked taken over, never winners, for the person who left."""
    record = await _table(tables, "notte_di_terrore", [1, 2, 3, 4])
    await tables.resign(record.id, 3)
    await tables.expel(record.id, 1, 4, moderator=False)
    record = await _play_out(tables, record.id)
    assert record.status == FINISHED
    assert await ratings.catch_up() == 1
    rows = await tables.store.results_of(record.id)
    assert [(r.user_id, r.taken_over) for r in rows] == [
        (1, False), (2, False), (3, True), (4, True)
    ]  # fmt: skip
    assert [r.name for r in rows] == ["P1", "P2", "P3", "P4"]
    assert rows[2].rank == rows[3].rank == 3 and not rows[2].winner and not rows[3].winner
    assert all(r.rated for r in rows)
    for user in (3, 4):
        left = await tables.store.rating(user, "notte_di_terrore")
        assert left is not None and left.mu < START_MU and left.wins == 0
    stayed = [await tables.store.rating(u, "notte_di_terrore") for u in (1, 2)]
    assert all(r is not None and r.mu > START_MU for r in stayed)


async def test_notte_di_terrore_ranks_by_fewest_terror_with_bots_left_out(
    tables: TableService, ratings: Ratings
) -> None:
    """Two people and two bots play a night to the end: places follow the outcome (winners
    first, then fewest Terror), bots get rows but no rating, and the better placed person
    ends with the higher rating."""
    record = await _finished(tables, "notte_di_terrore", [1, None, 2, None])
    outcome = tables.outcome(record)
    assert outcome is not None
    assert await ratings.catch_up() == 1
    rows = await tables.store.results_of(record.id)
    assert [r.user_id for r in rows] == [1, None, 2, None]
    assert [r.score for r in rows] == [float(s) for s in outcome["scores"]]
    by_place = sorted(rows, key=lambda r: r.rank)
    assert all(r.winner for r in by_place if r.rank == 1)
    losers = [r for r in by_place if not r.winner]
    for better, worse in pairwise(losers):
        assert better.score is not None and worse.score is not None
        assert better.score <= worse.score and (better.rank < worse.rank) == (
            better.score < worse.score
        )
    first, second = [await tables.store.rating(u, "notte_di_terrore") for u in (1, 2)]
    assert first is not None and second is not None
    if rows[0].rank != rows[2].rank:
        assert (first.mu > second.mu) == (rows[0].rank < rows[2].rank)


def test_standings_tie_shared_winners_and_rank_the_rest_by_score() -> None:
    """Pure: a shared win is a tie for first; more Monster Day points or less Notte Terror
    places higher; an unknown game ties every non-winner."""
    seats = tuple(Seat(u, f"P{u}") for u in (1, 2, 3, 4))
    record = GameRecord(7, "notte_di_terrore", GUILD, 10, 1, FINISHED, {}, seats, "en", 0, "",
                        1, None, None, 0.0, 5.0)  # fmt: skip
    outcome = {"winners": [1, 3], "scores": [9, 2, 4, 2]}
    assert [p.rank for p in standings(record, outcome)] == [4, 1, 3, 1]
    outcome = {"winners": [1], "scores": [3, 2, 7, 5]}  # e.g. the first home wins
    assert [p.rank for p in standings(record, outcome)] == [2, 1, 4, 3]
    unknown = record.with_changes(game="some_future_game")
    assert [p.rank for p in standings(unknown, outcome)] == [2, 1, 2, 2]
    rows = standings(record, outcome)
    assert people(rows) == {1: (2, False), 2: (1, True), 3: (4, False), 4: (3, False)}


# -- what the commands read --------------------------------------------------------------------


async def test_leaderboard_lists_players_of_the_server_best_first(
    tables: TableService, ratings: Ratings
) -> None:
    """Ratings are global per game; a server's leaderboard lists those who played a rated
    game there, by ``mu - 3 sigma``."""
    await _table(tables, "monster_day", [1, 2], channel=10, guild=1)
    await tables.resign(1, 2)
    await _table(tables, "monster_day", [1, 3], channel=20, guild=2)
    await tables.resign(2, 3)
    await _finished(tables, "monster_day", [4, None], channel=21, guild=2)  # unrated
    await ratings.catch_up()
    here = await tables.store.leaderboard("monster_day", 1)
    assert [r.user_id for r in here] == [1, 2]
    there = await tables.store.leaderboard("monster_day", 2)
    assert [r.user_id for r in there] == [1, 3]
    assert there[0].games == 2 and there[0].ordinal > there[1].ordinal
    assert await tables.store.server_rank(3, "monster_day", 2) == (2, 2)
    assert await tables.store.server_rank(3, "monster_day", 1) is None
    assert await tables.store.server_rank(4, "monster_day", 2) is None
    assert await tables.store.leaderboard("notte_di_terrore", 1) == []
    assert await tables.store.player_name(3) == "P3"
    assert await tables.store.player_name(99) is None


# -- solo high scores --------------------------------------------------------------------------


def test_a_solo_outcome_names_its_high_score_board() -> None:
    """Pure: the outcome's ``"solo"`` is the result's board; a game with opponents has none."""
    record = GameRecord(8, "notte_di_terrore", None, 10, 1, FINISHED, {}, (Seat(1, "P1"),), "en",
                        0, "", 1, None, None, 0.0, 5.0)  # fmt: skip
    (row,) = standings(record, {"winners": [0], "scores": [97], "solo": "beat_yourself"})
    assert (row.board, row.score, row.rank, row.rated) == ("beat_yourself", 97.0, 1, False)
    (row,) = standings(record, {"winners": [], "scores": [40, 52], "solo": "against_jack+3"})
    assert (row.board, row.winner, row.rank) == ("against_jack+3", False, 1)
    assert standings(record, {"winners": [0], "scores": [3]})[0].board is None


async def test_solo_scores_come_back_per_user_in_finishing_order(tables: TableService) -> None:
    """The store keeps each solo result's board; ``solo_scores`` lists one player's, oldest
    first, of one game or all, and never another player's nor a game with opponents."""
    store = tables.store
    plays = [(5, "beat_yourself", 80, 30.0), (5, "beat_yourself", 95, 10.0),
             (6, "beat_yourself", 200, 20.0), (5, "against_jack+0", 70, 40.0)]  # fmt: skip
    for channel, (user, board, score, at) in enumerate(plays, start=10):
        record = await _finished(tables, "monster_day", [1, 2], channel=channel)
        (row, _) = standings(record, tables.outcome(record))
        solo = replace(row, user_id=user, score=score, board=board, finished_at=at, rated=False)
        assert await store.record_result([solo], None)
    await _finished(tables, "monster_day", [5, 2], channel=30)
    await Ratings(store, tables).catch_up()  # a game with an opponent: on no solo board
    mine = await store.solo_scores(5)
    assert [(s.board, s.score) for s in mine] == [
        ("beat_yourself", 95),
        ("beat_yourself", 80),
        ("against_jack+0", 70),
    ]
    assert await store.solo_scores(5, "notte_di_terrore") == []
    assert [s.score for s in await store.solo_scores(6, "monster_day")] == [200]
