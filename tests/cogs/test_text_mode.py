"""The text mode plays a whole game of each game (issue 29): ann chose ``/game notify
images:off`` and plays every game to its end against the bot, by the buttons of her hand DMs
and, for the moves the buttons leave out, by ``/game move``. Every DM she gets and every private
reply is text, never a picture, and carries her hand in words; the channel's table posts keep
their pictures (they are everyone's). ``/game status`` answers her as text too, and anyone who
asks ``text:true``; her own hand only to her.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.games import PRESENTERS
from bot.store import ACTIVE, FINISHED, GameRecord, Prefs
from rules import GAMES
from tests.cogs.helpers import (
    World,
    button_for,
    drawn_once,
    followup_text,
    make_world,
    private,
    recent,
    replies,
    start_table,
    stored_messages,
)

pytestmark = pytest.mark.simcord(settle_timeout=30)

SHORTEST = {
    "monster_day": (1, ""),
    "monsterpocalypse": (1, "rounds=6"),
    "monsters_on_board": (1, ""),
    "munchkin_fu": (2, "fast=true"),
    "notte_di_terrore": (2, "places=3"),
}
"""Per game: the bots that sit with ann, and the options of its shortest whole game."""


async def _ann_moves(world: World, record: GameRecord, seat: int) -> str:
    """Ann plays the bot's choice for her seat: by a button of her newest hand DM when it has
    one, else by ``/game move`` with the name autocomplete offers."""
    engine = GAMES[record.game]
    state = world.bot.tables.state(record)
    action = engine.dump_action(engine.bot_action(state, seat))
    legal = [engine.dump_action(a) for a in engine.legal_actions(state, seat)]
    button = button_for(world.ann, legal.index(action))
    if button is not None:
        message, custom_id = button
        result = await world.ann.user.click(message, custom_id=custom_id)
        how = "button"
    else:
        view = world.bot.tables.view(record, seat)  # names the seats as the table does
        name = PRESENTERS[record.game].action_label(view, action, "en")
        offered = await world.ann.autocomplete(world.channel, "game move", "move", name)
        found = [c for c in offered if c["name"] == name]
        assert found, (name, [c["name"] for c in offered])
        choice = found[0]
        result = await world.ann.slash(world.channel, "game move", move=choice["value"])
        how = "command"
    assert private(result), followup_text(result)
    _no_pictures(result)
    return how


def _no_pictures(result: Any) -> None:
    for reply in replies(result):
        assert not reply.attachments, "a private reply to a player with images off has a picture"


def _check_dms(world: World, seen: int) -> int:
    """Every DM ann got since the ``seen`` first: text only, her hand in words."""
    stored = stored_messages(world.ann.user.dm_channel)
    fresh = len(stored) - seen
    for message in recent(world.ann.user.dm_channel, fresh) if fresh > 0 else []:
        assert not message.attachments, "a DM with a picture"
        if message.flags.ephemeral:  # the answer to a tap: "Done."
            continue
        (embed,) = message.embeds
        assert embed.image.url is None and (embed.description or "").strip(), embed.to_dict()
    return len(stored)


@pytest.mark.parametrize("game", sorted(SHORTEST))
async def test_the_text_mode_plays_a_whole_game(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    world = make_world(simcord_env)
    changed = await world.ann.slash(world.channel, "game notify", images=False)
    assert "**off**" in followup_text(changed)
    bots, options = SHORTEST[game]
    drawn_once(monkeypatch)
    record = await start_table(
        world, game, [], bots=bots, **({"options": options} if options else {})
    )
    seat = record.seat_of(world.ann.id)
    assert seat is not None and await world.bot.store.prefs(world.ann.id) == Prefs(images=False)
    hand = await world.ann.slash(world.channel, "game hand")
    _no_pictures(hand)
    assert "Your hand" in followup_text(hand)
    ways: set[str] = set()
    seen = moves = 0
    while record.status == ACTIVE:
        seen = _check_dms(world, seen)
        if seat in world.bot.tables.pending(record):
            ways.add(await _ann_moves(world, record, seat))
            moves += 1
        await world.bot.scheduler.wait_idle()
        record = await world.record()
        assert moves < 1_500, "the game did not end"
    _check_dms(world, seen)
    assert record.status == FINISHED and moves > 0 and "button" in ways, ways
    assert seen > 1, "ann got no hand DM"
    posts = [m for m in world.channel.history() if m.attachments]
    assert posts, "the channel's table posts lost their pictures"


async def test_status_as_text_shows_the_table_to_anyone_and_a_hand_to_its_seat(
    simcord_env: Any,
) -> None:
    world = make_world(simcord_env)
    carol = world.add_player("carol")
    record = await start_table(world, "monster_day", [world.bob])
    mine = await world.ann.slash(world.channel, "game status", text=True)
    _no_pictures(mine)
    (message,) = [reply.message for reply in replies(mine)]
    table, own = message.embeds
    assert "space 1" in (table.description or "") and "Last turn" not in (own.title or "")
    assert (own.title or "").startswith("Your hand")
    view = world.bot.tables.view(record, record.seat_of(world.ann.id))
    assert all(card["name"]["en"] in (own.description or "") for card in view["hand"])
    theirs = await carol.slash(world.channel, "game status", text=True)
    (message,) = [reply.message for reply in replies(theirs)]
    assert len(message.embeds) == 1 and not message.attachments, "a hand shown to a non-player"
    pictured = await carol.slash(world.channel, "game status")
    assert [a for reply in replies(pictured) for a in reply.attachments], "status lost its image"


async def test_a_stats_chart_comes_as_its_alt_text_with_images_off(simcord_env: Any) -> None:
    from tests.cogs.test_replay import _one_move_then_resign

    world = make_world(simcord_env)
    await _one_move_then_resign(world)
    await world.ann.slash(world.channel, "game notify", images=False)
    result = await world.ann.slash(world.channel, "game stats")
    _no_pictures(result)
    assert "Newest first:" in followup_text(result)
    assert isinstance(replies(result)[0].message, discord.Message)
