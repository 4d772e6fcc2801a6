"""A table's images drawn ahead at the commit (``Publisher.prepare_table``) are the images the
table post would draw, are picked up by it, and never outlive their use (issue 12, "Speed").

Why it matters: the post is built from the outbox's snapshot, later than the commit; a prepared
image reused for another version, language or name list would show a wrong board.
"""

from __future__ import annotations

import asyncio
import threading

import discord
import pytest

import render
from bot.narration import seat_names
from bot.publisher import PREPARED_KEPT, Publisher
from bot.snapshots import Decoded
from bot.store import GameRecord, GameStore
from bot.table import TableError, TableService


@pytest.fixture
def tables(store: GameStore) -> TableService:
    return TableService(store, seed_source=lambda: 7)


@pytest.fixture
def publisher(tables: TableService) -> Publisher:
    return Publisher(discord.Client(intents=discord.Intents(guilds=True)), tables)


async def _table(tables: TableService, channel: int = 1, locale: str = "en") -> GameRecord:
    """A Monster Day table of two, started."""
    record = await tables.new_table("monster_day", guild_id=1, channel_id=channel, user_id=1,
                                    name="Ann", locale=locale)  # fmt: skip
    await tables.join(record.id, 2, "Bob", "en")
    return await tables.start(record.id, 1)


async def _move(tables: TableService, record: GameRecord) -> GameRecord:
    seat = tables.pending(record)[0]
    legal = tables.engine(record.game).legal_actions(tables.state(record), seat)
    user = record.seats[seat].user_id
    assert user is not None
    return (await tables.act(record.id, user, legal[0])).after


def _fresh_board(tables: TableService, record: GameRecord) -> bytes:
    view = tables.view(record, None)
    return render.render_table(record.game, view, locale="en", players=seat_names(record))[0]


async def test_the_post_picks_up_the_prepared_board_and_it_is_the_board_it_would_draw(
    tables: TableService, publisher: Publisher
) -> None:
    record = await _move(tables, await _table(tables))
    publisher.prepare_table(record)
    prepared = next(iter(publisher._prepared.values()))
    payload = await publisher.table_payload(record)
    assert prepared.done(), "the post waited for the drawing it was given"
    assert payload.image == prepared.result()[0] == _fresh_board(tables, record)
    assert not publisher._prepared, "a drawing is used once, then let go"


async def test_a_prepared_board_of_another_version_or_language_is_never_used(
    tables: TableService, publisher: Publisher
) -> None:
    before = await _table(tables)
    publisher.prepare_table(before)
    after = await _move(tables, before)
    payload = await publisher.table_payload(after)
    assert payload.image == _fresh_board(tables, after) != _fresh_board(tables, before)
    italian = await publisher.table_payload(before, locale="it")
    assert italian.image != _fresh_board(tables, before), "drawn in Italian, not the English one"
    assert len(publisher._prepared) == 1, "the English drawing of the old version is still kept"


async def test_a_moves_board_is_drawn_from_before_its_commit_and_only_once(
    tables: TableService, publisher: Publisher
) -> None:
    record = await _table(tables)
    seat = tables.pending(record)[0]
    legal = tables.engine(record.game).legal_actions(tables.state(record), seat)
    user = record.seats[seat].user_id
    assert user is not None
    told: list[int] = []

    def computed(read: GameRecord, decoded: Decoded) -> None:
        told.append(read.version)  # the table as the move read it: not committed yet
        publisher.prepare_move(read, decoded)

    after = (await tables.act(record.id, user, legal[0], computed=computed)).after
    assert told == [record.version] and after.version > record.version
    assert len(publisher._prepared) == 1
    publisher.prepare_table(after)  # the commit's own call: the drawing is under way already
    assert len(publisher._prepared) == 1
    payload = await publisher.table_payload(after)
    assert payload.image == _fresh_board(tables, after)
    assert not publisher._prepared, "the post picked up the drawing begun before the commit"


async def test_the_board_of_a_move_that_lost_its_race_is_never_shown(
    store: GameStore, tables: TableService, publisher: Publisher
) -> None:
    """Two processes on one table: this one draws its move's board ahead, the other commits
    first. This one's move is refused, and the post of the version the other committed (the
    same version number this move would have had) shows the other's board."""
    record = await _table(tables)
    engine = tables.engine(record.game)
    seat = tables.pending(record)[0]
    user = record.seats[seat].user_id
    assert user is not None
    mine, theirs = engine.legal_actions(tables.state(record), seat)[:2]
    lost, _ = engine.apply(tables.state(record), seat, mine)
    publisher.prepare_move(record, Decoded(engine, lost))  # this process, before its commit
    other = TableService(store, seed_source=lambda: 7)
    won = (await other.act(record.id, user, theirs)).after
    with pytest.raises(TableError):  # this process's commit: the table has moved on
        await tables.act(record.id, user, mine, expected_version=record.version)
    seen = await tables.get(record.id)
    assert seen.version == won.version
    payload = await publisher.table_payload(seen)
    lost_board = render.render_table(
        record.game, {**engine.view(lost, None), "names": seat_names(record)}, locale="en",
        players=seat_names(record),
    )[0]  # fmt: skip
    assert payload.image == _fresh_board(tables, seen) != lost_board


async def test_only_a_table_in_play_or_just_ended_is_drawn_ahead(
    tables: TableService, publisher: Publisher
) -> None:
    lobby = await tables.new_table("monster_day", guild_id=1, channel_id=5, user_id=1,
                                   name="Ann", locale="en")  # fmt: skip
    publisher.prepare_table(lobby)
    assert not publisher._prepared


async def test_drawings_nobody_picks_up_are_dropped_oldest_first(
    tables: TableService, publisher: Publisher
) -> None:
    records = [await _table(tables, channel) for channel in range(1, PREPARED_KEPT + 4)]
    for record in records:
        publisher.prepare_table(record)
    first = records[0]
    assert len(publisher._prepared) == PREPARED_KEPT
    for record in records[:3]:
        payload = await publisher.table_payload(record)  # drawn again, and the same board
        assert payload.image == _fresh_board(tables, record)
    assert (first.id, tables.decoded(first), "en", ("Ann", "Bob")) not in publisher._prepared
    for drawing in list(publisher._prepared.values()):
        await drawing


async def test_a_failed_drawing_ahead_is_drawn_again_by_the_post(
    tables: TableService, publisher: Publisher, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = await _table(tables)
    real = render.render_table

    def broken(*args: object, **kwargs: object) -> list[bytes]:
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(render, "render_table", broken)
    publisher.prepare_table(record)
    drawing = next(iter(publisher._prepared.values()))
    with pytest.raises(RuntimeError):
        await drawing
    monkeypatch.setattr(render, "render_table", real)
    payload = await publisher.table_payload(record)
    assert payload.image == _fresh_board(tables, record)


async def test_a_dropped_drawing_still_waiting_for_the_pool_is_never_drawn(
    tables: TableService, publisher: Publisher, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under a backlog the posts draw again what they cannot pick up: a dropped drawing left
    in the pool's queue would double the work."""
    records = [await _table(tables, channel) for channel in range(1, PREPARED_KEPT + 4)]
    gate, drawn = threading.Event(), []
    real = render.render_table

    def held(game: str, view: dict[str, object], **kwargs: object) -> list[bytes]:
        drawn.append(game)  # as it starts: a job the pool took has started before any later
        gate.wait(10)
        return real(game, view, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(render, "render_table", held)
    for record in records:
        publisher.prepare_table(record)
    gate.set()
    await asyncio.gather(*publisher._prepared.values(), return_exceptions=True)
    # The pool's two threads had started at most the two oldest: the third dropped never ran.
    assert PREPARED_KEPT <= len(drawn) <= PREPARED_KEPT + 2
