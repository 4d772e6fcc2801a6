"""Issue 28: a hard bot's decision never blocks the event loop. It is made in the bot worker
process from the state's JSON dump (bot/bots.py, bot/render_pool.py ``decided``), comes back
as the move this process would have chosen, and is checked before it is played."""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from bot import render_pool
from bot.bots import bot_move, decide
from bot.store import GameRecord, GameStore
from bot.table import TableService
from rules import GAMES, IllegalAction
from rules.base import ModuleEngine
from tests.bot.test_render_pool import _gone

SLOW_STEPS = 500_000
"""Work for the deliberately slow decision: counted steps, not seconds."""


def slow_decision(steps: int) -> int:
    """A stand-in for a search: CPU work for ``steps`` steps, then where it ran."""
    total = 0
    for step in range(steps):
        total += step & 7
    return os.getpid() if total >= 0 else -1


@pytest.fixture
def one_worker() -> Iterator[None]:
    render_pool.use_processes(1)
    yield
    render_pool.use_processes(0)


async def _ticks_while(task: asyncio.Task[Any]) -> int:
    """How often the loop ran something else while ``task`` worked (it has started)."""
    await asyncio.sleep(0)  # the task's first step: a decision made on the loop ends here
    ticks = 0
    while not task.done():
        ticks += 1
        await asyncio.sleep(0)
    return ticks


async def test_a_slow_decision_runs_in_the_bot_worker_while_the_loop_goes_on(
    one_worker: None,
) -> None:
    await render_pool.decided(os.getpid)  # the worker is up: what follows is the decision
    task = asyncio.create_task(render_pool.decided(slow_decision, SLOW_STEPS))
    ticks = await _ticks_while(task)
    assert ticks >= 1
    assert await task not in (os.getpid(), -1)


async def test_a_decision_under_way_at_a_stop_is_cancelled_and_its_worker_ended(
    one_worker: None,
) -> None:
    """The stop does not wait for it (a search takes up to ~300 ms, this one far longer): the
    move is not made, and the scheduler makes it again after the restart."""
    worker = await render_pool.decided(os.getpid)
    task = asyncio.create_task(render_pool.decided(slow_decision, SLOW_STEPS * 10_000))
    await asyncio.sleep(0)  # sent to the worker
    render_pool.shutdown()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert _gone(worker)


async def test_the_bot_worker_is_not_a_drawing_worker(one_worker: None) -> None:
    """A search holds up the next bot decision, never a board."""
    drawing = await render_pool.drawn(os.getpid)
    deciding = await render_pool.decided(os.getpid)
    assert len({drawing, deciding, os.getpid()}) == 3


async def test_without_workers_a_decision_runs_in_the_bot_thread() -> None:
    render_pool.use_processes(0)
    task = asyncio.create_task(render_pool.decided(threading.get_ident))
    assert await _ticks_while(task) >= 1
    assert await task != threading.get_ident()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_decision_from_the_dump_is_the_decision_from_the_state(game: str) -> None:
    """Deterministic: whichever process decides, from the state or its JSON, the move is one."""
    engine = GAMES[game]
    state = engine.setup(engine.seat_range(dict(engine.options))[1], dict(engine.options), 3)
    for _ in range(8):
        if not engine.pending(state):
            break
        seat = engine.pending(state)[0]
        here = engine.bot_action(state, seat, "hard")
        assert engine.load_action(decide(game, engine.dump(state), seat, "hard")) == here
        state, _ = engine.apply(state, seat, here)


async def _hard_bot_due(tables: TableService) -> GameRecord:
    """Table 1: Ann against a hard bot (seat 1), whose move is due."""
    await tables.new_table("monster_day", guild_id=1, channel_id=5, user_id=1, name="Ann",
                           locale="en")  # fmt: skip
    await tables.add_bot(1, 1, "hard")
    record = await tables.start(1, 1)
    engine = GAMES["monster_day"]
    while 1 not in tables.pending(record):
        record = (await tables.act(1, 1, engine.legal_actions(tables.state(record), 0)[0])).after
    return record


async def test_a_hard_bot_at_a_table_is_decided_in_the_worker(
    one_worker: None, store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked_here: list[str] = []
    real = ModuleEngine.bot_action

    def bot_action(self: ModuleEngine, state: Any, seat: int, level: str = "normal") -> Any:
        asked_here.append(level)
        return real(self, state, seat, level)

    tables = TableService(store, seed_source=lambda: 99)
    record = await _hard_bot_due(tables)
    engine = GAMES["monster_day"]
    expected = engine.bot_action(tables.state(record), 1, "hard")
    monkeypatch.setattr(ModuleEngine, "bot_action", bot_action)
    moved = await tables.act_automatically(1, 1, record.version)
    assert asked_here == []  # decided in the worker, not in this process
    played = [a for a in await store.actions(1) if a.seq == record.version + 1]
    assert [(a.seat, engine.load_action(a.action)) for a in played] == [(1, expected)]
    assert moved.after.version > record.version


def held_decide(function: Any, *args: Any) -> Any:
    """A decision held far longer than any stop waits, then the real one."""
    slow_decision(SLOW_STEPS * 10_000)
    return function(*args)


async def test_a_decision_cut_by_a_stop_commits_nothing_and_is_made_after_the_restart(
    one_worker: None, store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    tables = TableService(store, seed_source=lambda: 99)
    record = await _hard_bot_due(tables)
    engine = GAMES["monster_day"]
    expected = engine.bot_action(tables.state(record), 1, "hard")
    sent = asyncio.Event()

    async def held(*args: Any) -> Any:
        decision = asyncio.ensure_future(render_pool.decided(held_decide, *args))
        await asyncio.sleep(0)  # the worker is up (below): the decision is sent to it now
        sent.set()
        return await decision

    await render_pool.decided(os.getpid)
    monkeypatch.setattr("bot.bots.decided", held)
    deciding = asyncio.create_task(tables.act_automatically(1, 1, record.version))
    await sent.wait()
    pool = render_pool._deciding
    assert pool is not None and [len(w.jobs) for w in pool.workers] == [1]
    render_pool.shutdown()  # the bot stops
    with pytest.raises(asyncio.CancelledError):
        await deciding
    assert (await store.get(1)).version == record.version  # nothing committed
    monkeypatch.undo()
    restarted = TableService(store, seed_source=lambda: 99)
    moved = await restarted.act_automatically(1, 1, record.version)  # the scheduler's resume
    played = [a for a in await store.actions(1) if a.seq == record.version + 1]
    assert [(a.seat, engine.load_action(a.action)) for a in played] == [(1, expected)]
    assert moved.after.version == record.version + 1


async def test_a_move_from_the_worker_that_is_not_legal_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The worker's answer is checked on the loop before the table plays it."""
    engine = GAMES["monster_day"]
    state = engine.setup(2, dict(engine.options), 4)
    seat = engine.pending(state)[0]
    other = engine.setup(2, dict(engine.options), 5)
    foreign = next(
        a for a in engine.legal_actions(other, seat) if a not in engine.legal_actions(state, seat)
    )

    async def wrong(*_: Any) -> dict[str, Any]:
        return engine.dump_action(foreign)

    monkeypatch.setattr("bot.bots.decided", wrong)
    with pytest.raises(IllegalAction):
        await bot_move(engine, state, seat, "hard")
