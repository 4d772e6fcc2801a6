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
    for actor in (world.actor_for(record.seats[seat].user_id),):  # the other's: with their turn
        dm = next(m for m in reversed(actor.user.dm_channel.history()) if m.attachments)
        (hand,) = dm.attachments
        assert hand.description and hand.description.startswith("Your hand"), hand.description
        assert len(hand.description.splitlines()) >= 2  # a line per card


async def test_the_stats_chart_the_leaderboard_and_a_replay_carry_alt_text(
    simcord_env: Any,
) -> None:
    """The chart says whose rating it is and its numbers; the leaderboard its rows in order;
    the replay what the animation is."""
    from tests.cogs.test_replay import _one_move_then_resign
    from tests.cogs.test_stats import _attachments

    world = make_world(simcord_env)
    await _one_move_then_resign(world)
    replay = _attachments(await world.bob.slash(world.channel, "game replay"))
    assert next(a.description for a in replay if a.description).startswith("An animation")
    (chart,) = _attachments(await world.ann.slash(world.channel, "game stats"))
    assert chart.description and chart.description.startswith("ann — Monster Day")
    assert "Newest first:" in chart.description
    result = await world.bob.slash(world.channel, "game leaderboard", game="monster_day")
    (board,) = _attachments(result)
    assert board.description and board.description.startswith("Monster Day — leaderboard")
    assert "1. " in board.description and "2. " in board.description
