"""Server settings and a rematch of every game through the real ``python -m bot`` and the fake
Discord (issue 30): the owner sets ``/game config``, a new table takes the settings, and the
message that ends its game rematches it with one tap (Monster Day against a bot: few posts,
one lobby, a table, a resignation). Each other game ends at once too, the Rematch on its end
message is tapped, the other player confirms with one tap, and the new table is the same game,
variant, options and seats, started.

The five play at the same time in one bot process, one channel each: Discord paces posts per
channel, so they cost about the time of the slowest (a three-seat game whose two players
resign and whose bots play the rest out), not their sum, and one bot start, not five."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

from tests.fakediscord import FakeChannel, FakeMessage
from tests.smoke.bot_process import WAIT, World, bot_running
from tests.smoke.seen import _ids, assert_accepted, assert_refused, visible_text


def _button(
    world: World, prefix: str, channel: FakeChannel | None = None
) -> tuple[FakeMessage, str] | None:
    """The newest message of the channel (the world's own by default) with a button whose id
    starts with ``prefix``."""
    for message in reversed(world.fake.messages(channel or world.channel)):
        found = [i for i in _ids(message.components) if i.startswith(prefix)]
        if found:
            return message, found[0]
    return None


GAMES = {
    "monsters_on_board": "turn_order",
    "monsterpocalypse": "quick",
    "notte_di_terrore": "short_night",
    "munchkin_fu": "fast",
}
"""Each game with a variant that is not its default, so the rematch is seen to keep it."""
THREE_SEATS = {"notte_di_terrore", "munchkin_fu"}
PLAY_OUT = 120.0
"""Bound on the bots playing a three-seat game out once both players resigned."""


async def _shown(world: World, channel: FakeChannel, prefix: str, within: float, what: str
                 ) -> tuple[FakeMessage, str]:  # fmt: skip
    """Wait until the channel shows a button whose id starts with ``prefix``."""
    found = await world.fake.wait_until(lambda: _button(world, prefix, channel), within, what=what)
    assert found is not None
    return found


def _taps(world: World, channel: FakeChannel) -> int:
    """How many interactions (commands and taps) people have made in ``channel`` so far."""
    return sum(1 for done in world.fake.interactions.values() if done.channel is channel)


def _tables(database: Path, channel: FakeChannel) -> list[dict[str, Any]]:
    """The channel's tables as stored, oldest first."""
    with sqlite3.connect(database) as db:
        rows = db.execute(
            "SELECT id, game, status, options, seats FROM games WHERE channel_id = ? ORDER BY id",
            (channel.id,),
        ).fetchall()
    return [
        {"id": i, "game": g, "status": s, "options": json.loads(o), "seats": json.loads(seats)}
        for i, g, s, o, seats in rows
    ]


def _seating(seats: list[dict[str, Any]]) -> list[tuple[int | None, str | None]]:
    """Who sits where: a person by id, a bot by its level."""
    return [(seat["user_id"], seat["level"] if seat["user_id"] is None else None) for seat in seats]


async def _end_and_rematch(world: World, game: str, channel: FakeChannel) -> None:
    """Open ``game`` in ``channel``, end it at once, rematch it with one tap and a confirm."""
    fake, alice, bob = world.fake, world.alice, world.bob
    opened = await fake.slash(alice, channel, "game new", game=game, variant=GAMES[game],
                              timeout=WAIT)  # fmt: skip
    assert_accepted(opened)
    assert_accepted(await fake.slash(bob, channel, "game join", timeout=WAIT))
    if game in THREE_SEATS:
        assert_accepted(await fake.slash(alice, channel, "game addbot", level="easy",
                                         timeout=WAIT))  # fmt: skip
    assert_accepted(await fake.slash(alice, channel, "game start", timeout=WAIT))
    # Two seats: bob concedes and alice wins. Three: both concede and the bots finish.
    for quitter in (alice, bob) if game in THREE_SEATS else (bob,):
        assert_accepted(await fake.slash(quitter, channel, "game resign", timeout=WAIT))
    ending = await _shown(world, channel, "mt:rematch:", PLAY_OUT, f"{game}'s end")
    taps = _taps(world, channel)
    tapped = await fake.click(alice, *ending, timeout=WAIT)
    assert f"<@{bob.id}>" in assert_accepted(tapped)  # his seat is kept for him
    lobby = await _shown(world, channel, "mt:rmyes:", WAIT, f"{game}'s rematch lobby")
    assert_accepted(await fake.click(bob, *lobby, timeout=WAIT))
    old, new = _tables(world.database, channel)
    assert old["status"] == "finished" and new["status"] == "active", (old, new)
    assert (new["game"], new["options"]) == (old["game"], old["options"]), (old, new)
    bots = [(None, "easy")] if game in THREE_SEATS else []
    assert _seating(new["seats"]) == [(alice.id, None), (bob.id, None), *bots], new["seats"]
    begun = await _shown(world, channel, f"mt:hand:{new['id']}", WAIT, f"{game}'s new table")
    assert f"#{new['id']}" in begun[0].text, begun[0].text
    assert _taps(world, channel) - taps == 2  # alice's Rematch and bob's "I'm in": no more


async def _monster_day(world: World) -> None:
    """The server's settings open alice's table against a bot; she resigns, and her one tap
    starts the rematch at once (nobody else to wait for); a second tap is refused."""
    fake, channel, alice = world.fake, world.channel, world.alice
    assert_accepted(await fake.slash(alice, channel, "game new", game="monster_day"))
    assert_accepted(await fake.slash(alice, channel, "game addbot", timeout=WAIT))
    lobby = await fake.wait_for_message(channel, lambda m: bool(m.components), timeout=WAIT)
    (first,) = _tables(world.database, channel)
    shown = visible_text(lobby)
    assert f"tavolo #{first['id']}" in shown and "1 ora per mossa" in shown, shown  # the server's
    assert_accepted(await fake.slash(alice, channel, "game start", timeout=WAIT))
    assert_accepted(await fake.slash(alice, channel, "game resign", timeout=WAIT))

    ending = await _shown(world, channel, f"mt:rematch:{first['id']}", WAIT, "the end")
    taps = _taps(world, channel)
    tapped = await fake.click(alice, *ending, timeout=WAIT)
    _, new = _tables(world.database, channel)
    assert f"#{new['id']}" in assert_accepted(tapped)  # it starts at once
    again = await _shown(world, channel, f"mt:hand:{new['id']}", WAIT, "the rematch's table")
    assert _taps(world, channel) - taps == 1  # against a bot: one tap in all
    assert f"tavolo #{new['id']}" in visible_text(again[0])
    second = await fake.click(alice, *ending, timeout=WAIT)
    assert f"#{new['id']}" in assert_refused(second)  # the rematch exists


async def test_settings_apply_and_every_game_rematches_with_a_tap_each(world: World) -> None:
    """One bot process, one channel a game: Monster Day in the world's channel (after the
    owner's ``/game config``), each other game in its own, all at once."""
    fake = world.fake
    channels = {game: fake.add_text_channel(world.guild, game) for game in GAMES}
    async with bot_running(world):
        configured = await fake.slash(
            fake.owner, world.channel, "game config", language="it", clock="1h", timeout=WAIT
        )
        assert "Italiano" in assert_accepted(configured)
        rematches = (_end_and_rematch(world, g, c) for g, c in channels.items())
        await asyncio.gather(_monster_day(world), *rematches)
