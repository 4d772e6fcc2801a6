"""bot/metrics.py: moves and conflicts counted by the real table service over the real store,
Discord errors told apart by status, command names as Discord sends them, and the registry
served over loopback HTTP."""

from __future__ import annotations

import asyncio
import urllib.error
import urllib.request
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import discord
import pytest
from discord import app_commands

import rules
from bot.components import choices_digest
from bot.delivery.attempts import GiveUp, Retry
from bot.metrics import LATENCY_BUCKETS, Metrics, command_name
from bot.store import SqliteStore
from bot.table import TableError, TableService

GAME = "monster_day"


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    store = SqliteStore(tmp_path / "db.sqlite3")
    await store.open()
    try:
        yield store
    finally:
        await store.close()


def value(metrics: Metrics, name: str, **labels: str) -> float:
    return metrics.registry.get_sample_value(name, labels) or 0.0


async def _started(tables: TableService):
    await tables.new_table(GAME, guild_id=1, channel_id=100, user_id=1, name="Ann",
                           locale="en")  # fmt: skip
    await tables.join(1, 2, "Bob", "en")
    return await tables.start(1, 1)


async def test_moves_and_stale_buttons_are_counted_by_game(store: SqliteStore) -> None:
    metrics = Metrics()
    tables = TableService(store, seed_source=lambda: 1234, metrics=metrics)
    record = await _started(tables)
    engine = rules.GAMES[GAME]
    seat = tables.pending(record)[0]
    user = record.seats[seat].user_id
    assert user is not None
    legal = engine.legal_actions(tables.state(record), seat)
    digest = choices_digest([engine.dump_action(a) for a in legal])
    await tables.act_choice(record.id, user, digest, 0)
    logged = len(await store.actions(record.id))
    assert logged >= 1
    assert value(metrics, "monster_table_moves_committed_total", game=GAME) == logged
    assert value(metrics, "monster_table_move_conflicts_total", game=GAME) == 0

    with pytest.raises(TableError, match="stale"):  # the same button, clicked again
        await tables.act_choice(record.id, user, digest, 0)
    with pytest.raises(TableError, match="stale"):  # a move computed from the old table
        await tables.act(record.id, user, legal[0], expected_version=record.version)
    assert value(metrics, "monster_table_move_conflicts_total", game=GAME) == 2
    assert value(metrics, "monster_table_moves_committed_total", game=GAME) == logged


async def test_two_processes_racing_for_one_move_count_one_move_and_one_conflict(
    store: SqliteStore,
) -> None:
    """Two table services on one database (two processes, each with its own lock and its own
    metrics): the same move at the same version, at once; one commits, the other is refused."""
    first, second = Metrics(), Metrics()
    one = TableService(store, seed_source=lambda: 1234, metrics=first)
    two = TableService(store, metrics=second)
    record = await _started(one)
    seat = one.pending(record)[0]
    user = record.seats[seat].user_id
    assert user is not None
    action = rules.GAMES[GAME].legal_actions(one.state(record), seat)[0]
    results = await asyncio.gather(
        one.act(record.id, user, action, expected_version=record.version),
        two.act(record.id, user, action, expected_version=record.version),
        return_exceptions=True,
    )
    assert sum(isinstance(r, TableError) and r.code == "stale" for r in results) == 1
    logged = len(await store.actions(record.id))

    def total(name: str) -> float:
        return sum(value(m, name, game=GAME) for m in (first, second))

    assert total("monster_table_moves_committed_total") == logged
    assert total("monster_table_move_conflicts_total") == 1


class _Answer:
    """What discord.HTTPException reads from an aiohttp response: its status and reason."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "test"


def _http(status: int) -> discord.HTTPException:
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    return kind(_Answer(status), {"code": 0, "message": "refused"})  # type: ignore[arg-type]


def _from(cause: BaseException, wrapper: type[Exception]) -> Exception:
    try:
        raise wrapper("failed") from cause
    except wrapper as error:
        return error


def test_discord_errors_are_counted_by_status_however_they_arrive() -> None:
    metrics = Metrics()
    metrics.discord_error(_from(_http(403), GiveUp))  # the courier gave a DM up
    metrics.discord_error(_from(_http(500), Retry))  # the courier will try again
    metrics.discord_error(_from(_http(429), Retry))
    metrics.discord_error(_from(aiohttp.ClientConnectionError(), Retry))
    metrics.discord_error(_from(TimeoutError(), Retry))
    command = app_commands.Command(name="x", description="x", callback=_noop)
    metrics.discord_error(app_commands.CommandInvokeError(command, _http(404)))
    metrics.discord_error(ValueError("a bug of ours"))  # not Discord's: not counted
    metrics.discord_error(GiveUp("the table is gone"))
    metrics.discord_error(None)
    counted = {
        status: value(metrics, "monster_table_discord_errors_total", status=status)
        for status in ("0", "403", "404", "429", "500")
    }
    assert counted == {"0": 2, "403": 1, "404": 1, "429": 1, "500": 1}


async def _noop(interaction: discord.Interaction) -> None:
    """A command's callback (the error wrapper names a command)."""


def test_command_labels_are_full_command_names() -> None:
    assert command_name({"name": "game", "options": [{"type": 1, "name": "new", "options": [
        {"type": 3, "name": "game", "value": "monster_day"}]}]}) == "game new"  # fmt: skip
    assert command_name({"name": "mp", "options": [{"type": 2, "name": "seat", "options": [
        {"type": 1, "name": "move", "options": []}]}]}) == "mp seat move"  # fmt: skip
    assert command_name({"name": "ping"}) == "ping"


def test_latency_buckets_cover_discords_three_seconds() -> None:
    assert LATENCY_BUCKETS[0] == 0.005 and LATENCY_BUCKETS[-1] == 3.0
    assert list(LATENCY_BUCKETS) == sorted(set(LATENCY_BUCKETS))


async def test_the_registry_is_served_on_loopback_and_stops() -> None:
    metrics = Metrics()
    metrics.move_committed(GAME, 3)
    port = metrics.serve(0, "127.0.0.1")
    assert metrics.port == port
    url = f"http://127.0.0.1:{port}/metrics"
    try:
        body = await asyncio.to_thread(_scrape, url)
    finally:
        metrics.stop_serving()
    for name in (
        "monster_table_interactions_total",
        "monster_table_interaction_seconds",
        "monster_table_moves_committed_total",
        "monster_table_move_conflicts_total",
        "monster_table_discord_errors_total",
        "monster_table_outbox_tables_due",
        "monster_table_guilds",
    ):
        assert f"# TYPE {name} " in body, name
    assert f'monster_table_moves_committed_total{{game="{GAME}"}} 3.0' in body
    assert metrics.port is None
    with pytest.raises(urllib.error.URLError):
        await asyncio.to_thread(_scrape, url)


def _scrape(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return str(answer.read().decode())


def test_each_metrics_has_its_own_registry() -> None:
    """Two bots (or two tests) in one process never count into each other."""
    one, two = Metrics(), Metrics()
    one.conflict(GAME)
    assert value(one, "monster_table_move_conflicts_total", game=GAME) == 1
    assert value(two, "monster_table_move_conflicts_total", game=GAME) == 0
