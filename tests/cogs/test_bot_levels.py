"""Issue 28 on Discord: ``/game addbot level:`` and the lobby's three Add bot buttons seat a
bot at the chosen level, its name says the level wherever it shows, and a hard bot plays its
moves at a real table."""

from __future__ import annotations

from typing import Any

from bot.store import ACTIVE
from tests.cogs.helpers import followup_text, make_world, open_table, text_of
from tests.cogs.test_monster_day_table import _play_by_slash


async def test_addbot_seats_a_bot_at_the_level_asked_normal_by_default(simcord_env: Any) -> None:
    world = make_world(simcord_env)
    await open_table(world, bob_joins=False)
    hard = await world.ann.slash(world.channel, "game addbot", level="hard")
    assert "🤖 Ada (hard) takes a seat." in followup_text(hard)
    record = await world.record()
    assert [(s.name, s.level) for s in record.seats[1:]] == [("🤖 Ada (hard)", "hard")]
    lobby = text_of(world.channel.history()[-1])
    assert "2. **🤖 Ada (hard)**" in lobby and "🤖 🤖" not in lobby


async def test_the_lobby_offers_a_button_per_level(simcord_env: Any) -> None:
    world = make_world(simcord_env)
    await world.ann.slash(world.channel, "game new", game="notte_di_terrore")
    lobby = world.channel.history()[-1]
    buttons = {
        child.custom_id: child.label
        for row in lobby.components
        for child in getattr(row, "children", [])
    }
    assert {
        "mt:addboteasy:1": "Easy bot",
        "mt:addbotnormal:1": "Normal bot",
        "mt:addbothard:1": "Hard bot",
    }.items() <= buttons.items()
    assert all(len(label or "") <= 80 for label in buttons.values())
    clicked = await world.ann.click(lobby, custom_id="mt:addboteasy:1")
    assert "🤖 Ada (easy) takes a seat." in followup_text(clicked)
    normal = await world.ann.click(world.channel.history()[-1], custom_id="mt:addbotnormal:1")
    assert "🤖 Boris (normal) takes a seat." in followup_text(normal)
    record = await world.record()
    assert [s.level for s in record.seats[1:]] == ["easy", "normal"]


async def test_a_hard_bot_plays_its_moves_at_the_table(simcord_env: Any) -> None:
    world = make_world(simcord_env)
    await open_table(world, bob_joins=False)
    await world.ann.slash(world.channel, "game addbot", level="hard")
    await world.ann.slash(world.channel, "game start")
    await world.bot.scheduler.wait_idle()
    for _ in range(3):  # each move of Ann's makes the hard bot's move due
        await _play_by_slash(world, world.ann)
        await world.bot.scheduler.wait_idle()
    record = await world.record()
    moves = await world.bot.store.actions(record.id)
    assert sum(move.seat == 1 for move in moves) >= 2
    assert record.status != ACTIVE or 0 in world.bot.tables.pending(record)
