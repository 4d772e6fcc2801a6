"""Monsterpocalypse played by the real bot process: the setup, an activation with a move, the
process killed before the attack, and the activation finished after the restart.

bob opens a table on ``harbour`` and alice (who speaks Italian) joins. Each decides as the
engine's bot would and moves as a person does: placements, moves and spawns by their ``/mp``
command with every value picked from its autocomplete, attacks by ``/mp attack`` (the preview,
then its Confirm button), the other taps by the button of their hand DM, else by ``/game move``
with the name autocomplete offers. Whose turn it is and what is legal are read from the
database the bot commits to, as in the other smoke tests.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import rules
from bot.games import PRESENTERS
from cogs.monsterpocalypse import command_for
from rules.monsterpocalypse.model import State
from tests.fakediscord import FakeMessage, FakeUser
from tests.smoke.bot_process import WAIT, World, bot_running, bot_to_kill
from tests.smoke.seen import assert_accepted, assert_png, reply_text

GAME = "monsterpocalypse"
ENGINE = rules.GAMES[GAME]
PRESENTER = PRESENTERS[GAME]
TABLE = 1
COMMANDS = ("move", "run", "spawn", "place_monster", "place_building")
MOVE_LIMIT = 150
"""Moves to wait for a person's activation with a move and then an attack (a dozen rounds
are about 110 moves)."""


def stored(database: Path) -> tuple[str, int, State, list[dict[str, Any]]]:
    """The table as the bot last committed it: status, version, state, seats."""
    with sqlite3.connect(database) as db:
        row = db.execute(
            "SELECT status, version, state, seats FROM games WHERE id = ?", (TABLE,)
        ).fetchone()
    status, version, state, seats = row
    return status, version, ENGINE.load(json.loads(state)), json.loads(seats)


def logged(database: Path) -> list[tuple[int, int, dict[str, Any]]]:
    """The table's moves as stored: (seq, seat, action)."""
    with sqlite3.connect(database) as db:
        rows = db.execute(
            "SELECT seq, seat, action FROM actions WHERE game_id = ? ORDER BY seq", (TABLE,)
        ).fetchall()
    return [(seq, seat, json.loads(action)) for seq, seat, action in rows]


def legal(state: State, seat: int) -> list[dict[str, Any]]:
    return [ENGINE.dump_action(a) for a in ENGINE.legal_actions(state, seat)]


def user_of(world: World, seats: list[dict[str, Any]], seat: int) -> FakeUser:
    return world.alice if seats[seat]["user_id"] == world.alice.id else world.bob


def locale_of(world: World, user: FakeUser) -> str:
    return "it" if user is world.alice else "en"


def dm_button(world: World, user: FakeUser, index: int) -> tuple[FakeMessage, str] | None:
    """The move button for legal move ``index`` on the user's latest DM with buttons."""
    for message in reversed(world.fake.messages(world.fake.dm_channel(user))):
        if message.custom_ids:
            found = [c for c in message.custom_ids if c.startswith("mt:act:")]
            hit = [c for c in found if c.endswith(f":{index}")]
            return (message, hit[0]) if hit else None
    return None


async def from_autocomplete(
    world: World, user: FakeUser, command: str, options: dict[str, Any]
) -> None:
    """Each value is offered by autocomplete once typed, given the options before it."""
    filled: dict[str, Any] = {}
    for option, value in options.items():
        offered = await world.fake.autocomplete(
            user, world.channel, command, option, **{**filled, option: str(value)}, timeout=WAIT
        )
        assert value in [c["value"] for c in offered], (command, option, value, offered)
        filled[option] = value


async def attack(world: World, user: FakeUser, action: dict[str, Any]) -> str:
    """``/mp attack``: the preview shows the odds; its Confirm rolls the dice."""
    command, options = command_for(action)
    await from_autocomplete(world, user, command, options)
    preview = await world.fake.slash(user, world.channel, command, **options, timeout=WAIT)
    text = reply_text(preview)
    assert preview.ephemeral and "🎯" in text and "%" in text, text  # the odds, any language
    shown = [m for m in [preview.original, *preview.followups] if m is not None]
    message = next(m for m in shown if any(c.startswith("mt:act:") for c in m.custom_ids))
    confirm = next(c for c in message.custom_ids if c.startswith("mt:act:"))
    return assert_accepted(await world.fake.click(user, message, confirm, timeout=WAIT))


async def play(world: World, action: dict[str, Any]) -> str:
    """The seat the table waits for makes ``action`` as a person does; how it was made."""
    _, _, state, seats = stored(world.database)
    seat = ENGINE.pending(state)[0]
    user = user_of(world, seats, seat)
    moves = legal(state, seat)
    index = moves.index(action)
    if action["type"] == "attack":
        await attack(world, user, action)
        return "preview"
    if action["type"] in COMMANDS:
        command, options = command_for(action)
        await from_autocomplete(world, user, command, options)
        assert_accepted(
            await world.fake.slash(user, world.channel, command, **options, timeout=WAIT)
        )
        return "mp"
    button = dm_button(world, user, index)
    if button is not None:
        assert_accepted(await world.fake.click(user, *button, timeout=WAIT))
        return "button"
    view = {**ENGINE.view(state, seat), "names": [s["name"] for s in seats]}
    name = PRESENTER.action_label(view, action, locale_of(world, user))
    offered = await world.fake.autocomplete(
        user, world.channel, "game move", "move", move=name, timeout=WAIT
    )
    (choice,) = [c for c in offered if c["name"] == name]
    assert_accepted(await world.fake.slash(
        user, world.channel, "game move", move=choice["value"], timeout=WAIT
    ))  # fmt: skip
    return "game move"


def bot_choice(world: World) -> dict[str, Any]:
    _, _, state, _ = stored(world.database)
    seat = ENGINE.pending(state)[0]
    return dict(ENGINE.dump_action(ENGINE.bot_action(state, seat)))


def attack_after_a_move(world: World) -> dict[str, Any] | None:
    """The attack with the most dice when the seat to act has moved a figure in its
    activation and may still attack, else None."""
    _, _, state, _ = stored(world.database)
    seat = ENGINE.pending(state)[0]
    act = state.activation
    moved = any(f.moved for f in state.figures if f.owner == seat)
    if act is None or act.phase != "move" or not moved:
        return None
    found = [
        a
        for a in legal(state, seat)
        if a["type"] == "attack" and a["kind"] != "power" and a["dice"] >= 1
    ]
    return max(found, key=lambda a: a["dice"]) if found else None


def public(world: World) -> list[FakeMessage]:
    return world.fake.messages(world.channel)


async def board_posted(world: World) -> None:
    """The channel's table message carries the board as a PNG."""

    def board() -> bytes | None:
        for message in reversed(public(world)):
            for att in message.attachments:
                if att.filename.endswith(".png"):
                    return att.data
        return None

    await world.fake.wait_until(lambda: board() is not None, WAIT, what="the board image")
    data = board()
    assert data is not None
    assert_png(data)


async def test_an_activation_survives_a_kill_between_its_move_and_its_attack(
    world: World,
) -> None:
    fake, bob, alice, channel = world.fake, world.bob, world.alice, world.channel
    ways: dict[str, int] = {}
    async with bot_to_kill(world):
        opened = await fake.slash(
            bob,
            channel,
            "game new",
            options={"game": GAME, "options": "map=harbour"},  # a name fake.slash takes too
            timeout=WAIT,
        )
        assert_accepted(opened)
        assert_accepted(await fake.slash(alice, channel, "game join", timeout=WAIT))
        assert_accepted(await fake.slash(bob, channel, "game start", timeout=WAIT))
        moves = 0
        while (aimed := attack_after_a_move(world)) is None:
            how = await play(world, bot_choice(world))
            ways[how] = ways.get(how, 0) + 1
            moves += 1
            assert moves < MOVE_LIMIT and stored(world.database)[0] == "active"
        _, version, state, _ = stored(world.database)
        assert state.map == "harbour" and len(state.buildings) == 8
        assert ways.get("mp") and ways.get("button"), ways
        await board_posted(world)
        spent = state.activation
        before = logged(world.database)
        channel_before = len(public(world))

    async with bot_running(world):
        status, again, restored, _ = stored(world.database)
        assert (status, again) == ("active", version)
        assert restored.activation == spent and spent is not None and spent.spent >= 1
        await play(world, aimed)
        _, _, state, _ = stored(world.database)
        ends = [a for a in legal(state, spent.seat) if a["type"] == "end_activation"]
        await play(world, ends[0])
        after = logged(world.database)
        assert after[: len(before)] == before  # nothing lost
        seqs = [seq for seq, _, _ in after]
        assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))  # nothing twice
        finished = [a["type"] for _, _, a in after[len(before) :]]
        assert finished[:2] == ["attack", "end_activation"], finished  # then a forced start
        await board_posted(world)
        assert len(public(world)) - channel_before <= 2  # the activation's one message
