"""Notte di Terrore played through Discord (simcord): table options, the private hand split,
every kind of move by slash command (checked against the autocomplete lists) or DM button,
hidden hands, bot seats and refusals.

Players decide like the engine's bot would (a sensible, legal choice), then make that move the
way a person does: the test never calls the table service to move.
"""

from __future__ import annotations

from typing import Any

from bot.config import Settings
from bot.games import PRESENTERS
from bot.store import ACTIVE, FINISHED, GameRecord
from cogs.notte_di_terrore import command_for
from rules.notte_di_terrore import ENGINE
from rules.notte_di_terrore.bot import bot_action
from tests.cogs.helpers import (
    World,
    assert_png,
    button_for,
    followup_text,
    make_world,
    private,
    replies,
    restarted,
    slash_as_offered,
    start_table,
    text_of,
)

GAME = "notte_di_terrore"
PRESENTER = PRESENTERS[GAME]


async def open_notte(
    world: World, guests: list[Any], bots: int = 0, seed: int = 11, **options: Any
) -> GameRecord:
    """Open, fill and start a table of this game (see :func:`start_table`)."""
    return await start_table(world, GAME, guests, bots, seed, **options)


# --- making a move the way a player does ---------------------------------------------------------


async def by_command(world: World, actor: Any, action: dict[str, Any]) -> Any:
    """Run the command for ``action``, first checking that autocomplete offered each value
    (given the options filled before it, as Discord sends them)."""
    return await slash_as_offered(world, actor, *command_for(action))


async def move(world: World, record: GameRecord, seat: int, turn: int) -> Any:
    """Seat ``seat`` makes the bot's choice, by DM button on odd turns when there is one."""
    actor = world.actor_for(record.seats[seat].user_id)
    state = world.bot.tables.state(record)
    action = ENGINE.dump_action(bot_action(state, seat))
    legal = [ENGINE.dump_action(a) for a in ENGINE.legal_actions(state, seat)]
    button = button_for(actor, legal.index(action)) if turn % 2 else None
    if button is not None:
        message, custom_id = button
        return await actor.user.click(message, custom_id=custom_id)
    return await by_command(world, actor, action)


def check_hidden(world: World, record: GameRecord) -> None:
    """No channel message shows a hand as a DM words it, and each human's latest hand DM
    shows that seat's current hand. (Card names repeat across copies, so two players may
    rightly hold a card of the same name: DMs are not compared with each other.)"""
    state = world.bot.tables.state(record)
    channel = "\n".join(text_of(m) for m in world.channel.history())
    for seat, info in enumerate(record.seats):
        if info.user_id is None:
            continue
        lines = PRESENTER.hand_lines(ENGINE.view(state, seat), "en")
        cards = [line for line in lines if line.lstrip().startswith("•")]
        assert not [line for line in cards if line in channel], f"seat {seat}'s hand is public"
        dms = [m for m in world.actor_for(info.user_id).user.dm_channel.history() if m.embeds]
        latest = text_of(dms[-1])
        assert all(line.strip() in latest for line in cards), (seat, cards, latest)


# --- tests ---------------------------------------------------------------------------------------


async def test_three_players_play_a_whole_game(simcord_env) -> None:
    world = make_world(simcord_env)
    cy = world.add_player("cy")
    record = await open_notte(world, [world.bob, cy], variant="short_night")
    assert record.options["places"] == 3 and len(record.seats) == 3
    for actor in (world.ann, world.bob, cy):  # everyone is asked for their split by DM
        assert any(m.components for m in actor.user.dm_channel.history())

    turn, kinds = 0, set()
    while record.status == ACTIVE:
        seat = world.bot.tables.pending(record)[0]
        result = await move(world, record, seat, turn)
        assert private(result) and "Done" in followup_text(result), followup_text(result)
        after = await world.record()
        made = [a for a in await world.bot.store.actions(after.id) if a.seq > record.version]
        # One version per action: the move, once, then any move it forced on a player (only
        # a pass, the end of a fight or an empty refill can be forced, see docs/rules).
        assert after.version == record.version + len(made) and made[0].seat == seat
        forced = {a.action["type"] for a in made[1:]}
        assert forced <= {"pass", "end_resolution", "refill"}, forced
        kinds.add(made[0].action["type"])
        record, turn = after, turn + 1
        if turn % 25 == 0:
            check_hidden(world, record)
        assert turn < 2_000, "the game did not end"
    assert record.status == FINISHED
    assert {"choose_split", "pass", "refill", "arrange_weapons"} <= kinds
    assert kinds & {"place_being", "place_event"} and kinds & {"attack", "flee", "end_resolution"}
    final = world.channel.history()[-1]
    outcome = world.bot.tables.outcome(record)
    assert outcome is not None
    for seat in outcome["winners"]:
        assert f"<@{record.seats[seat].user_id}>" in final.content
    assert str(record.seed) in text_of(final)
    await assert_png(final.attachments[0])


async def test_five_seats_with_bots_and_table_options(simcord_env) -> None:
    world = make_world(simcord_env)
    typed = "places=3 victory=home_first necronomicon_removed=yes"
    record = await open_notte(world, [world.bob], bots=3, options=typed)
    options = {"places": 3, "victory": "home_first", "necronomicon_removed": True}
    assert record.options == {**ENGINE.options, **options}
    lobby = world.channel.history()[0]
    assert "Victory: First home" in text_of(lobby) and "Places: 3" in text_of(lobby)
    turn = 0
    while record.status == ACTIVE:
        seat = next(s for s in world.bot.tables.pending(record) if not record.seats[s].is_bot)
        result = await move(world, record, seat, turn)
        assert "Done" in followup_text(result), followup_text(result)
        await world.bot.scheduler.wait_idle()
        record, turn = await world.record(), turn + 1
        assert turn < 1_000
    actions = await world.bot.store.actions(record.id)
    tables = [m for m in world.channel.history() if m.attachments]
    assert {a.seat for a in actions} == set(range(5))
    assert len(tables) < len(actions), "bot moves in a row share one table message"
    outcome = world.bot.tables.outcome(record)
    assert outcome is not None
    assert outcome["home"] is None or outcome["winners"] == [outcome["home"]]  # home_first


async def test_refusals_are_private_and_change_nothing(simcord_env) -> None:
    world = make_world(simcord_env)
    wrong = await world.ann.slash(world.channel, "game new", game="monster_day", options="places=4")
    assert "no option “places”" in followup_text(wrong) and wrong.ephemeral
    cy = world.add_player("cy")
    record = await open_notte(world, [world.bob, cy])

    # The split: private, simultaneous; a number out of range is refused.
    too_many = await world.bob.slash(world.channel, "terror split", events=11)
    assert "Choose how many Events" in followup_text(too_many) and too_many.ephemeral
    offered = await world.bob.autocomplete(world.channel, "terror split", "events", "")
    assert [c["value"] for c in offered] == list(range(9))
    for actor in (world.ann, world.bob):
        assert "Done" in followup_text(await actor.slash(world.channel, "terror split", events=4))
    public = "\n".join(text_of(m) for m in world.channel.history())
    assert "4 Events" not in public  # chosen privately while the others still choose (I21)
    assert "Done" in followup_text(await cy.slash(world.channel, "terror split", events=4))
    record = await world.record()
    public = "\n".join(text_of(m) for m in world.channel.history())
    assert "4 Events and 4 Beings" in public  # then dealt from the two decks in sight of all
    log = followup_text(await world.bob.slash(world.channel, "game history"))
    assert '"choose_split"' in log and '"events"' not in log  # nor the log's, until the end

    seat = world.bot.tables.pending(record)[0]
    waiting = world.actor_for(record.seats[(seat + 1) % 3].user_id)
    active = world.actor_for(record.seats[record_state(world, record).current].user_id)
    out_of_turn = await (active if active is not waiting else world.ann).slash(
        world.channel, "terror flee"
    )
    assert out_of_turn.ephemeral
    others_card = record_state(world, record).players[(seat + 2) % 3].hand[0]
    actor = world.actor_for(record.seats[seat].user_id)
    stolen = await actor.slash(world.channel, "terror place", card=others_card)
    assert "not in your hand" in followup_text(stolen) or "cannot" in followup_text(stolen)
    bogus = await actor.slash(world.channel, "terror attack", target="x:1", weapon="y:1")
    assert bogus.ephemeral and "⚠️" in followup_text(bogus)
    assert (await world.record()).version == record.version

    # A DM button drawn before the seat's choices changed is refused as stale.
    old = next(m for m in reversed(actor.user.dm_channel.history()) if m.components)
    await actor.slash(world.channel, "terror pass")
    stale_id = old.components[0].children[0].custom_id
    stale = await actor.user.click(old, custom_id=stale_id)
    assert "moved on" in followup_text(stale)


def record_state(world: World, record: GameRecord) -> Any:
    return world.bot.tables.state(record)


async def test_hand_dm_lists_beings_events_and_weapons(simcord_env) -> None:
    world = make_world(simcord_env)
    cy = world.add_player("cy")
    record = await open_notte(world, [world.bob, cy])
    for actor in (world.ann, world.bob, cy):
        await actor.slash(world.channel, "terror split", events=5)
    record = await world.record()
    state = world.bot.tables.state(record)
    seat = record.seat_of(world.bob.id)
    assert seat is not None
    shown = await world.bob.slash(world.channel, "game hand")
    assert shown.ephemeral and replies(shown)[0].attachments
    text = followup_text(shown)
    for line in PRESENTER.hand_lines(ENGINE.view(state, seat), "en"):
        assert line.strip() in text
    assert len(state.players[seat].hand) == 8


async def test_a_player_who_resigns_is_replaced_by_a_bot(simcord_env) -> None:
    """With three or more seats, resigning hands the seat to a bot: the others play on."""
    world = make_world(simcord_env)
    cy = world.add_player("cy")
    record = await open_notte(world, [world.bob, cy], options="places=3")
    resigned = await world.bob.slash(world.channel, "game resign")
    assert "resigned" in followup_text(resigned)
    await world.bot.scheduler.wait_idle()  # the new bot seat chooses its split
    record = await world.record()
    seat = next(i for i, s in enumerate(record.seats) if s.is_bot)
    assert record.status == ACTIVE and record.seats[seat].name == "Bot (bob)"
    assert seat not in world.bot.tables.pending(record)
    turn = 0
    while record.status == ACTIVE:
        human = next(s for s in world.bot.tables.pending(record) if not record.seats[s].is_bot)
        assert "Done" in followup_text(await move(world, record, human, turn))
        await world.bot.scheduler.wait_idle()
        record, turn = await world.record(), turn + 1
        assert turn < 1_000
    assert record.status == FINISHED
    assert seat in {a.seat for a in await world.bot.store.actions(record.id)}


async def test_a_restart_mid_night_loses_nothing(simcord_env, settings: Settings) -> None:
    """The process dies after a dozen moves; the restarted bot has the same table and the
    night goes on to its end."""
    world = make_world(simcord_env)
    cy = world.add_player("cy")
    record = await open_notte(world, [world.bob, cy], options="places=3")
    for turn in range(12):
        record = await world.record()
        await move(world, record, world.bot.tables.pending(record)[0], turn)
    before = await world.record()
    async with restarted(world, settings):
        after = await world.record()
        assert (after.version, after.state) == (before.version, before.state)
        turn = 12
        while after.status == ACTIVE:
            await move(world, after, world.bot.tables.pending(after)[0], turn)
            after, turn = await world.record(), turn + 1
            assert turn < 2_000
        assert after.status == FINISHED
