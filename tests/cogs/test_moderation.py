"""The host's and the moderators' tools through Discord (simcord): ending an abandoned table,
taking a player off it, passing the host role on (issue 8)."""

from __future__ import annotations

import discord

from bot.store import ABANDONED, ACTIVE
from tests.cogs.helpers import followup_text, make_world, open_table, text_of


async def test_a_moderator_ends_an_abandoned_table_and_the_channel_hosts_a_new_one(
    simcord_env,
) -> None:
    world = make_world(simcord_env)
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    stranger = world.guild.add_member(simcord_env.create_user("cy"))
    refused = await stranger.slash(world.channel, "game end")
    assert "Only the table's host" in followup_text(refused) and refused.ephemeral
    assert (await world.record()).status == ACTIVE

    mods = world.guild.create_role("mods", permissions=discord.Permissions(manage_channels=True))
    moderator = world.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    ended = await moderator.slash(world.channel, "game end")
    assert "is ended" in followup_text(ended), followup_text(ended)
    record = await world.record()
    assert record.status == ABANDONED and record.state is not None  # kept, with its history
    assert "ended the table" in text_of(world.channel.history()[-1])

    opened = await world.bob.slash(world.channel, "game new", game="monster_day")
    assert "Table #2 is open" in followup_text(opened), followup_text(opened)
    history = await world.ann.slash(world.channel, "game history", table=1)
    assert "Table #1" in followup_text(history)


async def test_the_host_takes_a_player_off_a_game_and_a_bot_plays_on(simcord_env) -> None:
    world = make_world(simcord_env)
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    mine = await world.ann.slash(world.channel, "game expel", player=world.ann.user)
    assert "can't expel yourself" in followup_text(mine)
    taken = await world.ann.slash(world.channel, "game expel", player=world.bob.user)
    assert "A bot now plays" in followup_text(taken), followup_text(taken)
    record = await world.record()
    assert record.seats[1].is_bot and record.extra["taken_over"] == [1]
    await world.bot.scheduler.wait_idle()
    await world.bot.courier.wait_idle()
    assert "taken off the table" in "\n".join(text_of(m) for m in world.channel.history())


async def test_the_host_role_passes_on_in_the_lobby(simcord_env) -> None:
    world = make_world(simcord_env)
    await open_table(world)
    handed = await world.ann.slash(world.channel, "game host", player=world.bob.user)
    assert "now hosts" in followup_text(handed)
    refused = await world.ann.slash(world.channel, "game start")
    assert "Only the player who opened the table" in followup_text(refused)
    started = await world.bob.slash(world.channel, "game start")
    assert "has started" in followup_text(started)


async def test_a_player_hands_their_seat_to_a_member_who_accepts(simcord_env) -> None:
    """Issue 8: a player can hand their seat to another member; both confirm (the offer,
    then the other's button). The new player gets the seat's hand by DM; others can't take
    it, the seated can't be offered it, and an answered offer is spent."""
    world = make_world(simcord_env)
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    cy = world.guild.add_member(simcord_env.create_user("cy"))
    seated = await world.ann.slash(world.channel, "game giveseat", player=world.bob.user)
    assert "already plays" in followup_text(seated)
    offered = await world.bob.slash(world.channel, "game giveseat", player=cy.user)
    assert "offered to" in followup_text(offered), followup_text(offered)
    offer = world.channel.history()[-1]
    assert cy.mention in offer.content and offer.components
    stolen = await world.ann.click(offer, label="Take the seat")
    assert "offered to someone else" in followup_text(stolen)
    taken = await cy.click(offer, label="Take the seat")
    assert "The seat is yours" in followup_text(taken), followup_text(taken)
    record = await world.record()
    assert record.seats[1].user_id == cy.id and record.seats[1].name == "cy"
    await world.bot.courier.wait_idle()
    assert cy.user.dm_channel.history(), "the new player got the seat's hand"
    everything = "\n".join(text_of(m) for m in world.channel.history())
    assert "handed their seat to" in everything  # on the table message (edited: same turn)
    assert not (await world.record()).extra.get("seat_offers")


async def test_a_seat_offer_declined_changes_no_seat(simcord_env) -> None:
    world = make_world(simcord_env)
    await open_table(world)
    cy = world.guild.add_member(simcord_env.create_user("cy"))
    await world.bob.slash(world.channel, "game giveseat", player=cy.user)
    offer = world.channel.history()[-1]
    declined = await cy.click(offer, label="No, thanks")
    assert "withdrawn" in followup_text(declined)
    record = await world.record()
    assert [s.user_id for s in record.seats] == [world.ann.id, world.bob.id]
