"""``/game move`` (bot/moves.py): every game's legal moves as one autocomplete list, played by
picking a suggestion or typing a move's name, through simcord with the real engines and store."""

from __future__ import annotations

from tests.cogs.helpers import followup_text, make_world, open_table, start_table


async def _started(simcord_env):
    world = make_world(simcord_env)
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    record = await world.record()
    seat = world.bot.tables.pending(record)[0]
    mover = world.actor_for(record.seats[seat].user_id)
    waiter = world.bob if mover is world.ann else world.ann
    return world, record, seat, mover, waiter


async def test_the_list_holds_exactly_the_legal_moves_named_as_buttons_name_them(simcord_env):
    world, record, seat, mover, waiter = await _started(simcord_env)
    listed = await mover.autocomplete(world.channel, "game move", "move", "")
    engine = world.bot.tables.engine(record.game)
    legal = engine.legal_actions(world.bot.tables.state(record), seat)
    assert len(listed) == min(len(legal), 25) and listed
    assert all(len(choice["name"]) <= 100 for choice in listed)
    assert await waiter.autocomplete(world.channel, "game move", "move", "") == []
    word = listed[0]["name"].split()[0]
    narrowed = await mover.autocomplete(world.channel, "game move", "move", word)
    assert narrowed and all(word.casefold() in c["name"].casefold() for c in narrowed)


async def test_a_picked_suggestion_plays_that_move_and_a_stale_one_changes_nothing(simcord_env):
    world, record, seat, mover, _ = await _started(simcord_env)
    engine = world.bot.tables.engine(record.game)
    legal = engine.legal_actions(world.bot.tables.state(record), seat)
    listed = await mover.autocomplete(world.channel, "game move", "move", "")
    result = await mover.slash(world.channel, "game move", move=listed[-1]["value"])
    assert result.ephemeral and "Done" in followup_text(result), followup_text(result)
    made = await world.bot.store.actions(record.id)
    assert made[0].action == engine.dump_action(legal[len(listed) - 1])
    after = await world.record()
    again = await mover.slash(world.channel, "game move", move=listed[0]["value"])
    assert again.ephemeral and "nothing was changed" in followup_text(again)
    assert (await world.record()).version == after.version


async def test_a_typed_name_plays_the_one_move_it_names_and_nonsense_is_refused(simcord_env):
    world, record, _, mover, waiter = await _started(simcord_env)
    listed = await mover.autocomplete(world.channel, "game move", "move", "")
    refused = await mover.slash(world.channel, "game move", move="a dance on the table")
    assert refused.ephemeral and "None of your moves" in followup_text(refused)
    early = await waiter.slash(world.channel, "game move", move=listed[0]["name"])
    assert early.ephemeral and "It is not your turn" in followup_text(early)
    assert (await world.record()).version == record.version
    names = [c["name"] for c in listed]
    unique = next(name for name in names if names.count(name) == 1)
    done = await mover.slash(world.channel, "game move", move=unique.upper())
    assert "Done" in followup_text(done), followup_text(done)
    assert (await world.record()).version > record.version


async def test_a_suggestion_made_for_another_player_says_it_is_not_their_move(simcord_env):
    # Issue 26 item 5: a value autocomplete offered the player to move, sent by the one who
    # waits, was refused as "the table has moved on". The table has not moved: it is not theirs.
    world, record, _, mover, waiter = await _started(simcord_env)
    listed = await mover.autocomplete(world.channel, "game move", "move", "")
    theirs = await waiter.slash(world.channel, "game move", move=listed[0]["value"])
    assert theirs.ephemeral and "It is not your turn" in followup_text(theirs), followup_text(
        theirs
    )
    assert "moved on" not in followup_text(theirs)
    assert (await world.record()).version == record.version


async def test_D1a_a_move_listed_for_another_seat_is_not_yours(simcord_env):
    # Monsters on Board's draft: both seats pick at once, so the other player may move, but
    # not the move listed for someone else.
    world = make_world(simcord_env)
    record = await start_table(world, "monsters_on_board", [world.bob], seed=7)
    assert sorted(world.bot.tables.pending(record)) == [0, 1]
    ann = world.actor_for(record.seats[0].user_id)
    bob = world.actor_for(record.seats[1].user_id)
    listed = await ann.autocomplete(world.channel, "game move", "move", "")
    refused = await bob.slash(world.channel, "game move", move=listed[0]["value"])
    text = followup_text(refused)
    assert refused.ephemeral and "That move was offered to another player" in text, text
    assert "moved on" not in text
    assert (await world.record()).version == record.version
