"""The decoded tables and their kept views (bot.snapshots): each view built once per version,
a bounded number of table versions kept, and a reader that changes a shared view caught."""

from __future__ import annotations

from typing import Any

import pytest

import rules
from bot.snapshots import Decoded, DecodedTables, ViewChanged, views_of
from bot.store import ACTIVE, GameRecord, Seat

GAME = "monster_day"
ENGINE = rules.GAMES[GAME]


class CountingEngine:
    """Monster Day's engine, counting the views it builds."""

    def __init__(self) -> None:
        self.views = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(ENGINE, name)

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        self.views += 1
        return ENGINE.view(state, seat)


def _record(table: int, version: int = 0, seed: int = 7) -> GameRecord:
    state = ENGINE.dump(ENGINE.setup(2, dict(ENGINE.options), seed))
    seats = (Seat(1, "Ann"), Seat(2, "Bob"))
    return GameRecord(
        table, GAME, 1, 10, 1, ACTIVE, {}, seats, "en", seed, "", version, state, None, 0.0, 0.0
    )


def test_a_view_is_built_once_per_version_and_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Decoded, "verify", False)  # its checks build views too
    engine = CountingEngine()
    tables = DecodedTables()
    record = _record(1)
    first = tables.get(record, engine).view(0)
    again = tables.get(record, engine).view(0)
    tables.get(record, engine).view(None)
    assert again is first
    assert engine.views == 2
    assert record.state is not None
    assert first == ENGINE.view(ENGINE.load(record.state), 0)


def test_a_new_version_is_decoded_again() -> None:
    tables = DecodedTables()
    old = tables.get(_record(1, version=0, seed=1), ENGINE)
    new = tables.get(_record(1, version=1, seed=2), ENGINE)
    assert new is not old
    assert new.view(None) == ENGINE.view(ENGINE.setup(2, dict(ENGINE.options), 2), None)


def test_only_the_most_recently_touched_tables_are_kept() -> None:
    tables = DecodedTables(kept=3)
    kept = {table: tables.get(_record(table), ENGINE) for table in (1, 2, 3)}
    tables.get(_record(1), ENGINE)  # touched: now the most recent
    tables.get(_record(4), ENGINE)  # table 2, the least recent, is dropped
    assert len(tables) == 3
    assert tables.get(_record(1), ENGINE) is kept[1]
    assert tables.get(_record(3), ENGINE) is kept[3]
    assert tables.get(_record(2), ENGINE) is not kept[2]


def test_views_of_reads_the_kept_views_of_the_states_it_knows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Decoded, "verify", False)
    engine = CountingEngine()
    before = Decoded(engine, ENGINE.setup(2, dict(ENGINE.options), 1))
    after = Decoded(engine, ENGINE.setup(2, dict(ENGINE.options), 2))
    view = views_of(before, after)
    assert view(after.state, 1) is after.view(1)
    assert view(before.state, 0) is before.view(0)
    stranger = ENGINE.setup(2, dict(ENGINE.options), 3)
    assert view(stranger, 0) == ENGINE.view(stranger, 0)
    assert engine.views == 3


def test_a_reader_that_changes_a_shared_view_is_caught_in_the_tests() -> None:
    assert Decoded.verify  # tests/conftest.py turns it on for the whole suite
    decoded = Decoded(ENGINE, ENGINE.setup(2, dict(ENGINE.options), 1))
    decoded.view(0)["hand"].pop()
    with pytest.raises(ViewChanged):
        decoded.view(0)


def test_an_older_version_read_meanwhile_keeps_the_newer_ones_views(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The courier sends a table's announcements in order, so while bots move on it reads
    versions behind the newest (a whole Munchkin Fu game: a third of its reads). Reading one
    must not drop the newest version, whose views the next move asks for again."""
    monkeypatch.setattr(Decoded, "verify", False)
    engine = CountingEngine()
    tables = DecodedTables()
    older, newer = _record(1, version=4, seed=1), _record(1, version=5, seed=2)
    sent = tables.get(older, engine)
    newest = tables.get(newer, engine)
    newest.view(0)
    assert tables.get(older, engine) is sent
    assert tables.get(newer, engine) is newest
    newest.view(0)
    assert engine.views == 1


def test_versions_nobody_reads_any_more_are_dropped_first() -> None:
    tables = DecodedTables(kept=3)
    first = tables.get(_record(1, version=1), ENGINE)
    tables.get(_record(1, version=2), ENGINE)
    tables.get(_record(2), ENGINE)
    latest = tables.get(_record(1, version=3), ENGINE)  # version 1, the least recent, goes
    assert len(tables) == 3
    assert tables.get(_record(1, version=3), ENGINE) is latest
    assert tables.get(_record(1, version=1), ENGINE) is not first


def test_a_busy_tables_old_versions_do_not_push_the_other_tables_out() -> None:
    """A bot-only table moves many times a minute; its old versions are read once by the
    courier and never again, so they must not evict the newest version of quieter tables."""
    tables = DecodedTables(kept=6, per_table=2)
    quiet = {table: tables.get(_record(table), ENGINE) for table in (1, 2, 3)}
    for version in range(1, 20):
        tables.get(_record(4, version=version), ENGINE)
    assert len(tables) <= 6
    assert all(tables.get(_record(table), ENGINE) is quiet[table] for table in quiet)
    newest = tables.get(_record(4, version=19), ENGINE)
    assert tables.get(_record(4, version=19), ENGINE) is newest
