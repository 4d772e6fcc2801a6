"""The alt text the publisher writes reaches Discord (issue 29): each attachment of a table
post and of a hand DM carries its description, as the fake Discord records it from the
request's ``attachments`` (what a screen reader reads instead of "board.png")."""

from __future__ import annotations

from typing import Any

from bot.limits import ALT_TEXT
from tests.cogs.helpers import make_world, open_table


async def test_the_table_and_each_hand_reach_discord_with_their_alt_text(simcord_env: Any) -> None:
    world = make_world(simcord_env)
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    record = await world.record()
    (seat,) = world.bot.tables.pending(record)
    table = next(m for m in reversed(world.channel.history()) if m.attachments)
    (board,) = table.attachments
    assert board.description and len(board.description) <= ALT_TEXT
    first = board.description.splitlines()[0]
    assert record.seats[seat].name in first and "turn" in first, board.description
    assert "pts" in board.description  # the scores
    for actor in (world.ann, world.bob):
        dm = next(m for m in reversed(actor.user.dm_channel.history()) if m.attachments)
        (hand,) = dm.attachments
        assert hand.description and hand.description.startswith("Your hand"), hand.description
        assert len(hand.description.splitlines()) >= 2  # a line per card
