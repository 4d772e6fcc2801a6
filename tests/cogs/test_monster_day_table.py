"""Monster Day played through Discord (simcord): slash commands, autocomplete, DM buttons,
hidden hands, a restart in the middle, bot seats and every refusal."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from bot.client import MonsterTableBot
from bot.config import Settings
from bot.store import ACTIVE, FINISHED
from tests.cogs.helpers import (
    BOB_FIRST,
    ENGINE,
    World,
    assert_png,
    followup_text,
    hand_names,
    latest_with_buttons,
    make_world,
    open_table,
    private,
    replies,
    restarted,
    text_of,
)


async def _play_by_slash(world: World, actor: Any) -> Any:
    """Pick a card and a space the way a player does: from the autocomplete lists."""
    cards = await actor.autocomplete(world.channel, "monsterday play", "card", "")
    assert cards, "a player to act always has a playable card"
    card = cards[-1]["value"]
    spaces = await actor.autocomplete(world.channel, "monsterday play", "space", "", card=card)
    assert spaces
    return await actor.slash(world.channel, "monsterday play", card=card, space=spaces[0]["value"])


async def _play_by_dm_button(world: World, actor: Any) -> Any:
    message = latest_with_buttons(actor.user.dm_channel)
    assert message is not None, "the player to act has move buttons in their DM"
    custom_id = message.components[0].children[0].custom_id
    return await actor.user.click(message, custom_id=custom_id)


def _check_hidden_hands(world: World, record: Any, bot: MonsterTableBot) -> None:
    """Nobody's hand shows in the channel, and each DM shows only its owner's hand."""
    state = bot.tables.state(record)
    hands = {seat: hand_names(ENGINE.view(state, seat)) for seat in range(2)}
    channel_text = "\n".join(text_of(m) for m in world.channel.history())
    for seat, names in hands.items():
        for name in names:
            assert name not in channel_text, f"seat {seat}'s {name} leaked into the channel"
        other = world.actor_for(record.seats[1 - seat].user_id)
        other_dms = "\n".join(text_of(m) for m in other.user.dm_channel.history())
        for name in names:
            assert name not in other_dms, f"seat {seat}'s {name} leaked into another DM"


async def test_a_whole_game_through_slash_commands_and_dm_buttons(simcord_env) -> None:
    world = make_world(simcord_env)
    await open_table(world)
    result = await world.ann.slash(world.channel, "game start")
    assert "has started" in followup_text(result)
    record = await world.record()
    assert record.seed_hash in text_of(world.channel.history()[-1])  # commitment published
    turn, started_at = 0, record.version
    while record.status == ACTIVE:
        seat = world.bot.tables.pending(record)[0]
        actor = world.actor_for(record.seats[seat].user_id)
        dm_hand = text_of(actor.user.dm_channel.history()[-1])
        for name in hand_names(world.bot.tables.view(record, seat)):
            assert name in dm_hand  # the latest DM shows the current hand
        play = _play_by_slash if turn % 2 == 0 else _play_by_dm_button
        result = await play(world, actor)
        assert private(result) and "Done" in followup_text(result), followup_text(result)
        before, record = record, await world.record()
        made = await world.bot.store.actions(record.id)
        # One version per card played, never two: the move, and the last card of the game
        # when it is forced on its holder (a Crown, as everyone can see: docs I13).
        assert len(made) == record.version - started_at  # a version per card played
        assert made[before.version - started_at].seat == seat
        assert record.version - before.version == 1 or (
            record.status == FINISHED and record.version - before.version == 2
        )
        _check_hidden_hands(world, record, world.bot)
        turn += 1
    assert record.status == FINISHED and len(made) == 30  # 30 cards, one per turn
    final = world.channel.history()[-1]
    assert ("wins" in final.content or "draw" in final.content) and str(record.seed) in text_of(
        final
    )
    await assert_png(final.attachments[0])
    history = await world.ann.slash(world.channel, "game history")
    shown = followup_text(history)
    assert "30 moves" in shown or "attached" in shown
    log = (
        shown if "30 moves" in shown else (await replies(history)[0].attachments[0].read()).decode()
    )
    assert "30 moves" in log and str(record.seed) in log


async def test_discord_py_keeps_none_of_the_views_the_bot_sends(simcord_env) -> None:
    """Every click is served from its custom_id by one DynamicItem, so a view the bot sends
    must not stay in discord.py's view store: each one stayed there for the life of the
    process (a table post's, every hand DM's), a leak of the load's bot memory."""
    world = make_world(simcord_env)
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    for turn in range(4):
        record = await world.record()
        actor = world.actor_for(record.seats[world.bot.tables.pending(record)[0]].user_id)
        play = _play_by_slash if turn % 2 == 0 else _play_by_dm_button
        result = await play(world, actor)
        assert "Done" in followup_text(result), followup_text(result)
    store = world.bot._connection._view_store
    assert not store._synced_message_views
    assert not [key for key in store._views if key is not None]
    assert (await world.record()).version >= 4


async def test_hand_command_and_button_are_ephemeral(simcord_env) -> None:
    world = make_world(simcord_env)
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    record = await world.record()
    result = await world.ann.slash(world.channel, "game hand")
    assert result.ephemeral
    text = followup_text(result)
    for name in hand_names(world.bot.tables.view(record, record.seat_of(world.ann.id))):
        assert name in text
    table = world.channel.history()[-1]
    clicked = await world.bob.click(table, custom_id=f"mt:hand:{record.id}")
    assert clicked.ephemeral and replies(clicked)[0].embeds
    outsider = world.guild.add_member(simcord_env.create_user("cy"))
    refused = await outsider.slash(world.channel, "game hand")
    assert "not seated" in followup_text(refused)


async def test_restart_mid_game_loses_nothing_and_old_buttons_are_stale(
    simcord_env, settings: Settings
) -> None:
    world = make_world(simcord_env)
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    record = await world.record()
    seat = world.bot.tables.pending(record)[0]
    actor = world.actor_for(record.seats[seat].user_id)
    old_dm = latest_with_buttons(actor.user.dm_channel)
    await _play_by_slash(world, actor)
    before = await world.record()

    async with restarted(world, settings):  # the old process dies: its work and its database go
        await _finish_after_restart(world, actor, old_dm, before)


async def _finish_after_restart(world: World, actor: Any, old_dm: Any, before: Any) -> None:
    after = await world.record()
    assert (after.version, after.state) == (before.version, before.state)

    stale = await actor.user.click(old_dm, custom_id=old_dm.components[0].children[0].custom_id)
    assert "moved on" in followup_text(stale) and private(stale)
    assert (await world.record()).version == before.version
    while after.status == ACTIVE:  # the restarted bot finishes the game
        seat = world.bot.tables.pending(after)[0]
        await _play_by_dm_button(world, world.actor_for(after.seats[seat].user_id))
        after = await world.record()
    assert after.status == FINISHED


async def test_solo_game_against_the_bot_player(simcord_env) -> None:
    world = make_world(simcord_env)
    await open_table(world, bob_joins=False, variant="extended")
    result = await world.ann.slash(world.channel, "game addbot")
    assert "takes a seat" in followup_text(result)
    await world.ann.slash(world.channel, "game start")
    record = await world.record()
    while record.status == ACTIVE:
        await _play_by_slash(world, world.ann)
        record = await world.record()
    assert record.status == FINISHED
    assert record.options == {"extended_deck": True, "extended_cards": ""}
    bot_seat = next(i for i, s in enumerate(record.seats) if s.is_bot)
    moves = await world.bot.store.actions(record.id)
    assert {m.seat for m in moves} == {0, 1} and any(m.seat == bot_seat for m in moves)


async def test_nothing_is_kept_per_table_once_its_work_is_done(simcord_env) -> None:
    """A bot that runs for months touches tables by the hundred thousand: a lock, a finished
    delivery task, a finished bot-seat runner or a zero count kept per table would grow its
    memory for ever."""
    world = make_world(simcord_env)
    await open_table(world, bob_joins=False)
    await world.ann.slash(world.channel, "game addbot")
    await world.ann.slash(world.channel, "game start")
    for _ in range(3):  # each move of Ann's makes the bot seat's move due
        await _play_by_slash(world, world.ann)
        await world.bot.scheduler.wait_idle()
        await world.bot.courier.wait_idle()
    gc.collect()
    assert not world.bot.tables._locks
    assert not world.bot.courier._drains and not world.bot.courier._holds
    assert not world.bot.courier._progress
    assert not world.bot.scheduler._runners


async def test_refusals_are_ephemeral_and_change_nothing(simcord_env) -> None:
    world = make_world(simcord_env)
    result = await world.ann.slash(world.channel, "game start")
    assert "no open table" in followup_text(result)
    await open_table(world)
    again = await world.bob.slash(world.channel, "game new", game="monster_day")
    assert "already has an open table" in followup_text(again) and again.ephemeral
    early = await world.bob.slash(world.channel, "monsterday play", card="castle", space=1)
    assert "not started" in followup_text(early)
    not_host = await world.bob.slash(world.channel, "game start")
    assert "Only the player who opened" in followup_text(not_host)
    await world.ann.slash(world.channel, "game start")
    record = await world.record()
    seat = world.bot.tables.pending(record)[0]
    waiting = world.actor_for(record.seats[1 - seat].user_id)
    mover = world.actor_for(record.seats[seat].user_id)
    out_of_turn = await waiting.slash(world.channel, "monsterday play", card="castle", space=1)
    assert "not your turn" in followup_text(out_of_turn)
    in_hand = {c["id"] for c in world.bot.tables.view(record, seat)["hand"]}
    not_held = next(c for c in ("castle", "bard", "sea", "mill", "pact") if c not in in_hand)
    bad_card = await mover.slash(world.channel, "monsterday play", card=not_held, space=1)
    assert "not in your hand" in followup_text(bad_card)
    bad_space = await mover.slash(world.channel, "monsterday play", card=sorted(in_hand)[0],
                                  space=9)  # fmt: skip
    assert "no such space" in followup_text(bad_space)
    assert (await world.record()).version == record.version
    assert await world.bot.store.actions(record.id) == []
    # Autocomplete offers nothing to a player who may not move now.
    assert await waiting.autocomplete(world.channel, "monsterday play", "card", "") == []


async def test_resign_ends_the_game_for_the_other_player(simcord_env) -> None:
    world = make_world(simcord_env)
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    result = await world.bob.slash(world.channel, "game resign")
    assert "resigned" in followup_text(result)
    record = await world.record()
    assert record.status == FINISHED
    assert "resigned" in world.channel.history()[-1].content
    listing = await world.ann.slash(world.channel, "game list")
    assert "No open tables" in followup_text(listing)


async def _started_with_bobs_dms_closed(simcord_env: Any) -> tuple[World, Any]:
    """A started table where Discord refuses every DM to bob (403, 50007), bob to play first;
    bob's DM channel."""
    world = make_world(simcord_env)
    world.bot.tables.seed_source = lambda: BOB_FIRST
    dm = world.bob.user.dm_channel
    simcord_env.inject_error("POST", f"/channels/{dm.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)  # fmt: skip
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    return world, dm


async def test_closed_dms_are_reported_and_the_hand_is_still_reachable(simcord_env) -> None:
    world, _ = await _started_with_bobs_dms_closed(simcord_env)
    table = world.channel.history()[-1]
    assert "can't DM" in table.content and world.bob.mention in table.content
    hand = await world.bob.slash(world.channel, "game hand")
    assert hand.ephemeral and replies(hand)[0].embeds


async def test_reminder_goes_once_to_the_idle_player(simcord_env) -> None:
    world = make_world(simcord_env)
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    record = await world.record()
    scheduler = world.bot.scheduler
    assert await scheduler.remind_idle() == []  # not idle yet
    scheduler.clock = lambda: record.updated_at + scheduler.reminder_after + 1
    assert await scheduler.remind_idle() == [record.id]
    await simcord_env.settle()
    pending_user = record.seats[world.bot.tables.pending(record)[0]].user_id
    assert f"<@{pending_user}>" in world.channel.history()[-1].content
    assert await scheduler.remind_idle() == []  # one reminder per turn


async def test_lobby_buttons_join_and_start(simcord_env) -> None:
    world = make_world(simcord_env)
    await open_table(world, bob_joins=False)
    lobby = world.channel.history()[-1]
    joined = await world.bob.click(lobby, custom_id="mt:join:1")
    assert "seated" in followup_text(joined)
    again = await world.bob.click(world.channel.history()[0], custom_id="mt:join:1")
    assert "already seated" in followup_text(again)
    started = await world.ann.click(world.channel.history()[0], custom_id="mt:start:1")
    assert "has started" in followup_text(started)
    assert (await world.record()).status == ACTIVE


@pytest.mark.parametrize("command", ["game status", "game list", "game rules"])
async def test_information_commands_answer(simcord_env, command: str) -> None:
    world = make_world(simcord_env)
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    options = {"game": "monster_day"} if command == "game rules" else {}
    result = await world.ann.slash(world.channel, command, **options)
    assert result.ephemeral and (followup_text(result) or replies(result)[0].embeds)


async def test_a_hand_sent_to_a_dm_channel_discord_no_longer_knows_still_arrives(
    simcord_env,
) -> None:
    """The kept DM channel id (bot.dm_channels) answered 404: the hand goes to the player's
    DM channel opened again, at once (a 404 is otherwise given up: the hand would be lost)."""
    world = make_world(simcord_env)
    dms = world.bot.publisher.dms
    dms._ids[world.bob.id] = 1  # a channel Discord does not know
    world.bot.tables.seed_source = lambda: BOB_FIRST
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    (hand,) = world.bob.user.dm_channel.history()
    assert hand.embeds or hand.attachments
    assert dms._ids[world.bob.id] == world.bob.user.dm_channel.id


def _dm_posts(simcord_env: Any, dm: Any) -> int:
    """Messages the bot tried to post in this DM channel, refused or not."""
    return sum(
        1 for r in simcord_env.backend.http_requests
        if r.method == "POST" and r.path == f"/channels/{dm.id}/messages"
    )  # fmt: skip


async def test_a_closed_dm_is_tried_once_however_many_turns(simcord_env) -> None:
    """Issue 27 §2: each refused DM (403, 50007) is an invalid request, and 10,000 in 10
    minutes ban the bot's IP. Once Discord said bob's DMs are closed, his turns are pinged in
    the channel and his DM channel is not tried again."""
    world, dm = await _started_with_bobs_dms_closed(simcord_env)
    for _ in range(6):  # three turns each
        record = await world.record()
        actor = world.actor_for(record.seats[world.bot.tables.pending(record)[0]].user_id)
        await _play_by_slash(world, actor)
        await simcord_env.settle()
    assert _dm_posts(simcord_env, dm) == 1


async def test_a_closed_dm_is_not_tried_again_after_a_restart(
    simcord_env, settings: Settings
) -> None:
    """Issue 27 §2: "never retry a DM to a user whose DMs are known closed at that table". The
    table said so in its channel (the closed-DM notice), so a restarted bot, which has not
    yet been refused itself, does not try bob's DM channel at that table again."""
    world, dm = await _started_with_bobs_dms_closed(simcord_env)
    async with restarted(world, settings):  # the old process dies: what it knew in memory goes
        for _ in range(4):  # two turns each
            record = await world.record()
            actor = world.actor_for(record.seats[world.bot.tables.pending(record)[0]].user_id)
            if actor is world.bob:  # his turn is told in the channel, as before the restart
                assert world.bob.mention in world.channel.history()[-1].content
            await _play_by_slash(world, actor)
            await simcord_env.settle()
    assert _dm_posts(simcord_env, dm) == 1


async def test_a_closed_dm_is_tried_once_across_tables_started_at_once(simcord_env) -> None:
    """Issue 27 §2, found by the load benchmark (7-11 DMs refused again in 300 moves): a
    player at several tables whose DMs are closed had each table's DM sent before the first
    refusal came back, one 403 each. The first DM to a player not yet reached goes alone."""
    world = make_world(simcord_env)
    dm = world.bob.user.dm_channel
    simcord_env.inject_error("POST", f"/channels/{dm.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)  # fmt: skip
    world.bot.tables.seed_source = lambda: BOB_FIRST
    channels = [world.channel, *(world.guild.create_text_channel(f"t{i}") for i in range(3))]
    for channel in channels:
        await world.ann.slash(channel, "game new", game="monster_day")
        await world.bob.slash(channel, "game join")
    tables = range(1, len(channels) + 1)
    for game_id in tables:  # started together: their deliveries go out at the same time
        await world.bot.tables.start(game_id, world.ann.id)
    for game_id in tables:
        world.bot.courier.kick(game_id)
    await world.bot.courier.wait_idle()
    await simcord_env.settle()
    assert _dm_posts(simcord_env, dm) == 1
