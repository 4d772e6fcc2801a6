"""Tournaments in the store (issue 30), on SQLite and PostgreSQL alike: created, read back,
changed only from the version read, listed per server and for the sweep, kept across a restart."""

from __future__ import annotations

import pytest

from bot.store import (
    DONE,
    OPEN_TOURNAMENTS,
    REGISTRATION,
    RUNNING,
    GameStore,
    VersionConflict,
)
from tests.bot.conftest import Reopen

DATA = {"game": "monster_day", "entrants": [{"user_id": 1, "name": "Ann"}], "rounds": []}


async def test_a_tournament_is_stored_and_read_back(store: GameStore, reopen: Reopen) -> None:
    created = await store.create_tournament(guild_id=7, channel_id=70, deadline=99.5, data=DATA)
    assert (created.status, created.version, created.deadline) == (REGISTRATION, 0, 99.5)
    again = await (await reopen()).get_tournament(created.id)
    assert again is not None and again.data == DATA and again.guild_id == 7
    assert again.channel_id == 70 and again.deadline == 99.5
    assert await store.get_tournament(created.id + 1) is None


async def test_a_change_needs_the_version_it_was_made_from(store: GameStore) -> None:
    created = await store.create_tournament(guild_id=7, channel_id=70, deadline=None, data=DATA)
    changed = {**DATA, "rounds": [{"tables": [], "byes": []}]}
    running = await store.update_tournament(created, status=RUNNING, deadline=None, data=changed)
    assert running.version == 1 and running.status == RUNNING
    with pytest.raises(VersionConflict):
        await store.update_tournament(created, status=DONE, deadline=None, data=DATA)
    stored = await store.get_tournament(created.id)
    assert stored is not None and stored.data == changed and stored.version == 1


async def test_tournaments_are_listed_per_server_and_for_the_sweep(store: GameStore) -> None:
    first = await store.create_tournament(guild_id=7, channel_id=70, deadline=None, data=DATA)
    second = await store.create_tournament(guild_id=7, channel_id=71, deadline=None, data=DATA)
    elsewhere = await store.create_tournament(guild_id=8, channel_id=80, deadline=None, data=DATA)
    await store.update_tournament(first, status=DONE, deadline=None, data=DATA)
    assert [t.id for t in await store.tournaments(7)] == [second.id]
    assert [t.id for t in await store.tournaments(7, (DONE, *OPEN_TOURNAMENTS))] == [
        second.id,
        first.id,
    ]
    assert [t.id for t in await store.tournaments(None)] == [elsewhere.id, second.id]
