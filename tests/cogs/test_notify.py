"""Each player's notification choices (issue 8): DMs when it is their turn, reminders."""

from __future__ import annotations

import time

from bot.store import Prefs
from tests.cogs.helpers import ANN_FIRST, followup_text, make_world, open_table
from tests.cogs.test_table_locale import _client


async def _turn_of(world):
    record = await world.record()
    seat = world.bot.tables.pending(record)[0]
    return world.actor_for(record.seats[seat].user_id)


async def test_a_player_who_wants_no_dms_gets_none_and_the_channel_tells_them(
    simcord_env,
) -> None:
    world = make_world(simcord_env)
    world.bot.tables.seed_source = lambda: ANN_FIRST  # ann's hand DM is due at the start
    await open_table(world)  # the seed is drawn when the table opens
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


async def test_images_off_is_a_choice_for_every_table_said_back_in_both_languages(
    simcord_env, monkeypatch
) -> None:
    """Issue 29: ``/game notify images:off`` turns the text mode on for that player only,
    keeping their other choices; the answer says so."""
    world = make_world(simcord_env)
    changed = await world.bob.slash(world.channel, "game notify", images=False)
    assert "Images: **off**" in followup_text(changed), followup_text(changed)
    assert await world.bot.store.prefs(world.bob.id) == Prefs(images=False)
    assert await world.bot.store.prefs(world.ann.id) == Prefs()
    await world.bob.slash(world.channel, "game notify", dm=False)
    assert await world.bot.store.prefs(world.bob.id) == Prefs(dm_on_turn=False, images=False)
    _client(monkeypatch, user="it", guild="it")
    italian = await world.bob.slash(world.channel, "game notify", images=True)
    assert "Immagini: **sì**" in followup_text(italian), followup_text(italian)


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


async def test_i27_closed_dms_in_a_simultaneous_phase_post_once_per_step(simcord_env) -> None:
    """Issue 27 §3: in Monsters on Board's draft (everyone picks at once), a player whose DMs
    are closed made the table post anew each time their pending state changed, even right
    after they picked (the table key held the unreachable seats still to act): 3, 2 and 2
    posts for the steps of one round. A new post is due when someone unreachable must now
    act (it pings them); their pick only edits it. So no post while a step goes on (here
    there was one per step, bob's pick, bob picking first), one when the next step begins."""
    from tests.cogs.test_monsters_on_board_table import move, open_mob

    world = make_world(simcord_env)
    carol = world.add_player("carol")
    dm = world.bob.user.dm_channel
    simcord_env.inject_error("POST", f"/channels/{dm.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)  # fmt: skip
    record = await open_mob(world, [world.bob, carol])
    state = world.bot.tables.state(record)
    assert state.phase == "draft" and state.draft == "simultaneous"
    round_, posts = state.round, {}
    bob_seat = next(i for i, s in enumerate(record.seats) if s.user_id == world.bob.id)
    while state.phase == "draft" and state.round == round_:
        step, before = state.step, len(world.channel.history())
        order = sorted(world.bot.tables.pending(record), key=lambda s: s != bob_seat)
        for n, seat in enumerate(order):
            if n == len(order) - 1:  # the step's last pick posts the next step's table
                posts[step] = len(world.channel.history()) - before
            await move(world, record, seat, typed=seat == bob_seat)  # bob first: no DM buttons
            await world.bot.scheduler.wait_idle()
            await simcord_env.settle()
            record = await world.record()
        state = world.bot.tables.state(record)
    pinged = [m for m in world.channel.history() if world.bob.mention in (m.content or "")]
    assert pinged, "bob, who has no DMs, was never pinged"
    assert len(posts) >= 3 and set(posts.values()) == {0}, posts
