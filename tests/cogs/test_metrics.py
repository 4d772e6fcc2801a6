"""Prometheus metrics (bot/metrics.py) counted where the real bot does the work: commands,
autocomplete and buttons as simcord delivers them, a move through the real table service and
store, a stale button refused, Discord refusing a send; and the client serving them on
``METRICS_PORT`` (0 here: any free port, on loopback)."""

from __future__ import annotations

import asyncio
import urllib.request
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.client import MonsterTableBot
from bot.config import Settings
from bot.metrics import Metrics
from tests.cogs.conftest import make_settings
from tests.cogs.helpers import (
    BOB_FIRST,
    button_for,
    followup_text,
    make_world,
    open_table,
    play_stale_button,
)


@pytest.fixture
def metrics_port() -> int | None:
    return 0


@pytest.fixture
def settings(tmp_path: Path, metrics_port: int | None) -> Settings:
    return make_settings(tmp_path, metrics_port=metrics_port)


@pytest.fixture(autouse=True)
async def _stop_serving(simcord_bot: MonsterTableBot) -> AsyncIterator[None]:
    """simcord detaches the bot without ``close()``: stop its metrics server here."""
    yield
    simcord_bot.metrics.stop_serving()


def value(metrics: Metrics, name: str, **labels: str) -> float:
    return metrics.registry.get_sample_value(name, labels) or 0.0


def commands(metrics: Metrics, name: str) -> float:
    return value(metrics, "monster_table_interactions_total", kind="command", command=name)


async def test_commands_a_move_and_a_stale_button_are_counted(simcord_env) -> None:
    world = make_world(simcord_env)
    metrics = world.bot.metrics
    await open_table(world)
    started = await world.ann.slash(world.channel, "game start")
    assert "has started" in followup_text(started)
    assert [commands(metrics, n) for n in ("game new", "game join", "game start")] == [1, 1, 1]
    # Every command was answered: each has its time to the first response.
    answered = value(metrics, "monster_table_interaction_seconds_count", kind="command")
    assert answered == 3

    record = await world.record()
    seat = world.bot.tables.pending(record)[0]
    mover = world.actor_for(record.seats[seat].user_id)
    listed = await mover.autocomplete(world.channel, "game move", "move", "")
    assert listed
    assert (
        value(metrics, "monster_table_interactions_total", kind="autocomplete", command="game move")
        == 1
    )
    assert value(metrics, "monster_table_interaction_seconds_count", kind="autocomplete") == 1

    found = button_for(mover, 0)
    assert found is not None
    message, custom_id = found
    clicked = await mover.user.click(message, custom_id=custom_id)
    assert "Done" in followup_text(clicked), followup_text(clicked)
    assert value(metrics, "monster_table_interactions_total", kind="component", command="act") == 1
    assert value(metrics, "monster_table_interaction_seconds_count", kind="component") == 1
    logged = await world.bot.store.actions(record.id)
    assert value(metrics, "monster_table_moves_committed_total", game="monster_day") == len(logged)
    assert len(logged) >= 1

    stale = await play_stale_button(mover, world.channel, custom_id)
    assert "nothing was changed" in followup_text(stale), followup_text(stale)
    assert value(metrics, "monster_table_move_conflicts_total", game="monster_day") == 1
    assert len(await world.bot.store.actions(record.id)) == len(logged)


async def test_discord_refusals_are_counted_by_status(simcord_env) -> None:
    """A DM Discord refuses (403: the courier gives it up) and a reply Discord fails (500:
    the command's error handler apologises) are each counted under their status."""
    world = make_world(simcord_env)
    metrics = world.bot.metrics
    dm = world.bob.user.dm_channel
    simcord_env.inject_error("POST", f"/channels/{dm.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)  # fmt: skip
    world.bot.tables.seed_source = lambda: BOB_FIRST  # bob's hand DM is due at the start
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    await world.bot.courier.wait_idle()
    assert value(metrics, "monster_table_discord_errors_total", status="403") >= 1
    assert value(metrics, "monster_table_discord_errors_total", status="500") == 0

    simcord_env.inject_error("POST", "/webhooks/*", status=500)
    failed = await world.ann.slash(world.channel, "game hand")
    assert "Something went wrong" in followup_text(failed), followup_text(failed)
    assert value(metrics, "monster_table_discord_errors_total", status="500") == 1
    assert value(metrics, "monster_table_discord_errors_total", status="0") == 0
    # simcord records what reached the error handler: exactly that failed reply.
    assert [getattr(e, "original", e).status for e in simcord_env.errors] == [500]


async def test_the_client_serves_the_metrics_when_a_port_is_set(simcord_env) -> None:
    world = make_world(simcord_env)
    await open_table(world, bob_joins=False)
    port = world.bot.metrics.port
    assert port is not None and port > 0
    url = f"http://127.0.0.1:{port}/metrics"
    body = await asyncio.to_thread(lambda: urllib.request.urlopen(url, timeout=10).read().decode())
    assert 'monster_table_interactions_total{command="game new",kind="command"} 1.0' in body
    for name in (
        "monster_table_interaction_seconds_bucket",
        "monster_table_moves_committed_total",
        "monster_table_move_conflicts_total",
        "monster_table_discord_errors_total",
        "monster_table_outbox_tables_due",
        "monster_table_guilds",
    ):
        assert name in body, name


@pytest.mark.parametrize("metrics_port", [None])
async def test_without_a_port_nothing_listens_and_counting_goes_on(simcord_env) -> None:
    world = make_world(simcord_env)
    await open_table(world, bob_joins=False)
    assert world.bot.metrics.port is None
    assert commands(world.bot.metrics, "game new") == 1
