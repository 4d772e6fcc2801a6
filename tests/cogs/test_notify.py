"""Each player's notification choices (issue 8): DMs when it is their turn, reminders."""

from __future__ import annotations

import time

from bot.store import Prefs
from tests.cogs.helpers import followup_text, make_world, open_table


async def _turn_of(world):
    record = await world.record()
    seat = world.bot.tables.pending(record)[0]
    return world.actor_for(record.seats[seat].user_id)


async def test_a_player_who_wants_no_dms_gets_none_and_the_channel_tells_them(
    simcord_env,
) -> None:
    world = make_world(simcord_env)
    await open_table(world)
    shown = await world.bob.slash(world.channel, "game notify")
    assert "**on**" in followup_text(shown)
    changed = await world.bob.slash(world.channel, "game notify", dm=False)
    assert "**off**" in followup_text(changed)
    assert await world.bot.store.prefs(world.bob.id) == Prefs(dm_on_turn=False, reminders=True)

    await world.ann.slash(world.channel, "game start")
    assert not world.bob.user.dm_channel.history(), "no hand DM for bob"
    assert world.ann.user.dm_channel.history()
    for _ in range(4):
        actor = await _turn_of(world)
        if actor is world.bob:  # the channel is how bob hears it is his turn
            assert world.bob.mention in world.channel.history()[-1].content
        cards = await actor.autocomplete(world.channel, "monsterday play", "card", "")
        card = cards[0]["value"]
        spaces = await actor.autocomplete(world.channel, "monsterday play", "space", "", card=card)
        await actor.slash(world.channel, "monsterday play", card=card, space=spaces[0]["value"])
    assert not world.bob.user.dm_channel.history()


async def test_a_player_who_wants_no_reminders_is_not_reminded(simcord_env) -> None:
    world = make_world(simcord_env)
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    waiting = await _turn_of(world)
    await waiting.slash(world.channel, "game notify", reminders=False)
    scheduler = world.bot.scheduler
    scheduler.clock = lambda: time.time() + 2 * scheduler.reminder_after
    assert await scheduler.remind_idle() == []
    await waiting.slash(world.channel, "game notify", reminders=True)
    assert await scheduler.remind_idle() == [1]
