"""Munchkin Fu played by the real bot process: a window left open while the bot is down.

bob sits with two bot seats and makes every move with ``/game move``, the move the engine's
bot would make, found by its name as Discord's autocomplete offers it. When a fighter resolves
and the interference window waits for bob, the bot is stopped, bob's window deadline is moved
into the past in the database (as if its time ran out while the bot was down, the heartbeat
fresh so no downtime is given back) and the bot started again: the window closes once, with
bob's default pass, the channel says so, and bob plays the game to its end.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import rules
from bot.clock import WINDOW, Clock
from bot.games import PRESENTERS
from rules.munchkin_fu.model import State
from tests.smoke.bot_process import WAIT, World, bot_running
from tests.smoke.seen import assert_accepted, visible_text

GAME = "munchkin_fu"
ENGINE = rules.GAMES[GAME]
PRESENTER = PRESENTERS[GAME]
MOVE_LIMIT = 600
"""bob's share of a three-seat game is about a hundred moves; more means it is not ending."""
TABLE = 1
BOB = 0


def stored(database: Path) -> tuple[str, int, State, list[dict[str, Any]], dict[str, Any]]:
    """The table as the bot last committed it: status, version, state, seats, clock."""
    with sqlite3.connect(database) as db:
        row = db.execute(
            "SELECT status, version, state, seats, clock FROM games WHERE id = ?", (TABLE,)
        ).fetchone()
    status, version, state, seats, clock = row
    return status, version, ENGINE.load(json.loads(state)), json.loads(seats), json.loads(clock)


def bobs_move(database: Path) -> str | None:
    """The name of the move bob makes now (the engine bot's), or None while the table does
    not wait for him (the bot seats are moving)."""
    status, _, state, seats, _ = stored(database)
    if status != "active" or BOB not in ENGINE.pending(state):
        return None
    others = [s for s in ENGINE.pending(state) if s != BOB]
    if any(seats[s]["user_id"] is None for s in others):
        return None  # a bot seat still answers: it moves first, at once
    view = {**ENGINE.view(state, BOB), "names": [s["name"] for s in seats]}
    return PRESENTER.action_label(view, ENGINE.dump_action(ENGINE.bot_action(state, BOB)), "en")


def window_waits_for_bob(database: Path) -> bool:
    state = stored(database)[2]
    return (
        state.fight is not None and state.fight.stage == "window" and BOB in ENGINE.pending(state)
    )


def window_due_now(database: Path, seat: int) -> None:
    """The seat's window deadline fell due a moment ago, and the bot was alive until then."""
    now = time.time()
    with sqlite3.connect(database) as db:
        (raw,) = db.execute("SELECT clock FROM games WHERE id = ?", (TABLE,)).fetchone()
        clock = Clock.load(json.loads(raw))
        deadline = clock.get(WINDOW, seat)
        assert deadline is not None, raw
        span = deadline.due - deadline.since
        due = replace(deadline, since=now - 1 - span, due=now - 1, reminded=2)
        moved = Clock(clock.per_move, clock.bank, clock.banks, tuple(
            due if d is deadline else d for d in clock.deadlines
        ))  # fmt: skip
        db.execute(
            "UPDATE games SET clock = ?, wake_at = ? WHERE id = ?",
            (json.dumps(moved.dump()), moved.wake_at(), TABLE),
        )
        db.execute("UPDATE heartbeat SET alive_at = ?", (now,))


def channel_text(world: World) -> str:
    return "\n".join(visible_text(m) for m in world.fake.messages(world.channel))


async def move(world: World, name: str) -> None:
    """bob types the move's name and picks it from what autocomplete offers."""
    offered = await world.fake.autocomplete(
        world.bob, world.channel, "game move", "move", move=name
    )
    (choice,) = [c for c in offered if c["name"] == name]
    assert_accepted(await world.fake.slash(
        world.bob, world.channel, "game move", move=choice["value"], timeout=WAIT
    ))  # fmt: skip


async def play(world: World, until: Any, moves: int = 0) -> int:
    """bob moves whenever the table waits for him, until ``until()`` holds."""
    while not until():
        await world.fake.wait_until(
            lambda: until() or bobs_move(world.database) is not None, WAIT, what="bob's move"
        )
        if until():
            break
        name = bobs_move(world.database)
        assert name is not None
        await move(world, name)
        moves += 1
        assert moves < MOVE_LIMIT, "the game is still going"
    return moves


async def test_a_window_that_ran_out_while_the_bot_was_down_closes_once_after_a_restart(
    world: World,
) -> None:
    fake, bob, channel = world.fake, world.bob, world.channel
    async with bot_running(world):
        assert_accepted(await fake.slash(bob, channel, "game new", game=GAME, timeout=WAIT))
        for _ in range(2):
            assert_accepted(await fake.slash(bob, channel, "game addbot", timeout=WAIT))
        assert_accepted(await fake.slash(bob, channel, "game start", timeout=WAIT))
        moves = await play(world, lambda: window_waits_for_bob(world.database))
        _, version, _, _, clock = stored(world.database)
        assert Clock.load(clock).get(WINDOW, BOB) is not None
        await fake.wait_until(
            lambda: "the window closes <t:" in visible_text(fake.messages(channel)[-1]),
            WAIT,
            what="the table to show the window's deadline",
        )
    window_due_now(world.database, BOB)

    async with bot_running(world):
        await fake.wait_until(
            lambda: "did not answer in time" in channel_text(world),
            WAIT,
            what="the window to close",
        )
        assert stored(world.database)[1] > version
        assert channel_text(world).count("**bob** did not answer in time") == 1
        with sqlite3.connect(world.database) as db:
            answers = db.execute(
                "SELECT action FROM actions WHERE game_id = ? AND seq > ? AND seat = ?",
                (TABLE, version, BOB),
            ).fetchall()
        assert [json.loads(a)["type"] for (a,) in answers][:1] == ["pass"]
        moves = await play(world, lambda: stored(world.database)[0] != "active", moves)
        status, _, final, _, _ = stored(world.database)
        assert status == "finished" and final.phase == "over" and moves > 10
        assert channel_text(world).count("did not answer in time") == 1, "closed once"
