"""The table message in Discord's components v2 layout (issue 29, ``/game config
layout:modern``): one container with a header (the game, whose turn), what happened, the
players, the board in a media gallery whose item carries the alt text, each seat's board, the
seed, and the table's buttons with their custom ids unchanged. Posted and edited so in every
game, at its fullest table with the longest names (``tests/fullest.py``),
within Discord's limits of a v2 message; an edit never changes a message's layout, and its
buttons still work after a restart."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.components import choices_digest
from bot.config import Settings
from bot.layout import LAYOUT_COMPONENTS, LAYOUT_TEXT
from bot.limits import ALT_TEXT
from tests.cogs.helpers import (
    World,
    followup_text,
    make_world,
    message_now,
    restarted,
    start_table,
    text_of,
    walked,
)
from tests.cogs.test_guild_config import _manager
from tests.fullest import FULLEST, LONG_NAMES


def table_message(world: World) -> discord.Message:
    """The newest table post (the lobby message has no picture)."""
    return next(m for m in reversed(world.channel.history()) if m.attachments)


def check_modern(message: discord.Message) -> list[Any]:
    """A v2 table message: the flag, no content nor embeds, one container whose gallery's
    first item is the board with its alt text, within Discord's limits. Returns its parts."""
    assert message.flags.components_v2 and not message.content and not message.embeds
    (container,) = message.components
    assert container.type is discord.ComponentType.container
    parts = walked([container])
    kinds = [p.type for p in parts]
    assert kinds[1] is discord.ComponentType.text_display  # the header
    gallery = next(p for p in parts if p.type is discord.ComponentType.media_gallery)
    board = message.attachments[0]
    assert board.filename == "board.png" and board.description
    assert gallery.items[0].description == board.description and len(board.description) <= ALT_TEXT
    assert len(parts) <= LAYOUT_COMPONENTS
    texts = [p.content for p in parts if p.type is discord.ComponentType.text_display]
    assert sum(len(text) for text in texts) <= LAYOUT_TEXT
    assert all(d for d in (i.description for i in gallery.items))
    return parts


async def any_move(world: World) -> None:
    """The first pending human makes their first legal move, by ``/game move``."""
    record = await world.record()
    tables = world.bot.tables
    seat = next(s for s in tables.pending(record) if record.seats[s].user_id is not None)
    engine = tables.engine(record.game)
    actions = [engine.dump_action(a) for a in engine.legal_actions(tables.state(record), seat)]
    actor = world.actor_for(record.seats[seat].user_id)
    moved = await actor.slash(world.channel, "game move", move=f"{choices_digest(actions)}:0")
    assert "✅" in followup_text(moved), followup_text(moved)
    await world.bot.courier.wait_idle()


@pytest.mark.parametrize("game", sorted(FULLEST))
async def test_a_table_is_posted_and_edited_in_the_modern_layout(
    simcord_env: Any, settings: Settings, game: str
) -> None:
    world = make_world(simcord_env)
    boss = _manager(world)
    changed = await boss.slash(world.channel, "game config", layout="modern")
    assert "modern" in followup_text(changed)
    guests = [world.bob] + [world.add_player(name) for name in LONG_NAMES[: FULLEST[game] - 2]]
    record = await start_table(world, game, guests)
    await world.bot.courier.wait_idle()
    posted = table_message(world)
    parts = check_modern(posted)
    header = parts[1].content
    assert header.startswith("## ") and f"#{record.id}" in header
    turn = world.bot.publisher.turn_line(record)[0]
    assert turn in header, "the header says whose turn it is"
    ids = [p.custom_id for p in parts if p.type is discord.ComponentType.button]
    assert f"mt:hand:{record.id}" in ids and f"mt:history:{record.id}" in ids
    if len(posted.attachments) > 1:  # a board per seat: each with its alt text
        galleries = [p for p in parts if p.type is discord.ComponentType.media_gallery]
        described = [item.description for g in galleries for item in g.items]
        assert described == [a.description for a in posted.attachments]

    # An edit (the same turn: a seat handed over) keeps the modern layout.
    cy = world.add_player("cy")
    await world.bob.slash(world.channel, "game giveseat", player=cy.user)
    offer = world.channel.history()[-1]
    taken = await cy.click(offer, label="Take the seat")
    assert "The seat is yours" in followup_text(taken), followup_text(taken)
    await world.bot.courier.wait_idle()
    edited = message_now(world.channel, posted.id)
    assert edited.edited_at is not None and "handed their seat to" in text_of(edited)
    check_modern(edited)

    # A restart; the server goes back to classic: this table keeps its layout, and its
    # buttons still work.
    async with restarted(world, settings):
        await boss.slash(world.channel, "game config", layout="classic")
        history = await world.ann.click(edited, custom_id=f"mt:history:{record.id}")
        assert history.ephemeral and "moves" in followup_text(history), followup_text(history)
        hand = await world.ann.click(edited, custom_id=f"mt:hand:{record.id}")
        assert hand.ephemeral and "Your hand" in followup_text(hand), followup_text(hand)
        await any_move(world)
        check_modern(table_message(world))


async def test_a_table_posted_classic_stays_classic_when_the_server_turns_modern(
    simcord_env: Any,
) -> None:
    """A table whose message was posted in the classic layout (before the switch) keeps it:
    Discord would refuse an edit that changes it."""
    world = make_world(simcord_env)
    record = await start_table(world, "monster_day", [world.bob])
    await world.bot.courier.wait_idle()
    assert table_message(world).embeds and not table_message(world).flags.components_v2
    await _manager(world).slash(world.channel, "game config", layout="modern")
    await any_move(world)
    assert (await world.record()).version > record.version
    latest = table_message(world)
    assert latest.embeds and not latest.flags.components_v2
