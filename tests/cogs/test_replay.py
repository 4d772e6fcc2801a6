"""``/game replay`` through Discord (simcord): a finished game's animation, ephemerally, and
every refusal (not finished, not the caller's to see, no moves), in English and Italian."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from bot.replay import refusal
from tests.cogs.helpers import World, followup_text, make_world, open_table, replies


async def _one_move_then_resign(world: World) -> None:
    """A finished Monster Day table with moves: the first player plays, the other resigns."""
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    record = await world.record()
    seat = world.bot.tables.pending(record)[0]
    actor = world.actor_for(record.seats[seat].user_id)
    cards = await actor.autocomplete(world.channel, "monsterday play", "card", "")
    card = cards[0]["value"]
    spaces = await actor.autocomplete(world.channel, "monsterday play", "space", "", card=card)
    await actor.slash(world.channel, "monsterday play", card=card, space=spaces[0]["value"])
    await world.actor_for(record.seats[1 - seat].user_id).slash(world.channel, "game resign")


def _attachments(result: Any) -> list[Any]:
    return [a for reply in replies(result) for a in reply.attachments]


async def test_a_finished_game_is_replayed_as_an_animation_only_to_the_caller(
    simcord_env,
) -> None:
    world = make_world(simcord_env)
    await _one_move_then_resign(world)
    record = await world.record()
    moves = len(await world.bot.store.actions(record.id))
    assert moves >= 1
    posted = len(world.channel.history())

    result = await world.bob.slash(world.channel, "game replay")
    assert result.ephemeral
    shown = followup_text(result)
    assert f"{moves} moves" in shown and str(record.seed) in shown
    animations = [a for a in _attachments(result) if a.filename.endswith((".webp", ".gif"))]
    assert len(animations) == 1
    image = Image.open(io.BytesIO(await animations[0].read()))
    assert image.format in ("WEBP", "GIF") and image.n_frames == moves + 1
    assert len(world.channel.history()) == posted  # nothing posted in the channel


async def test_an_unfinished_table_is_refused_in_english_and_italian(simcord_env) -> None:
    world = make_world(simcord_env)
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    result = await world.ann.slash(world.channel, "game replay")
    assert result.ephemeral and not _attachments(result)
    assert "is not over yet" in followup_text(result)
    # simcord always speaks en-US: the Italian words, from the same function the flow uses
    record = await world.record()
    assert "non è ancora finita" in refusal(record, [], "it")


async def test_a_game_over_before_any_move_has_nothing_to_replay(simcord_env) -> None:
    world = make_world(simcord_env)
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    await world.ann.slash(world.channel, "game resign")
    result = await world.bob.slash(world.channel, "game replay")
    assert result.ephemeral and not _attachments(result)
    assert "nothing to replay" in followup_text(result)
    assert "niente da rivedere" in refusal(await world.record(), [], "it")


async def test_tables_the_caller_may_not_see_are_refused(simcord_env) -> None:
    world = make_world(simcord_env)
    await _one_move_then_resign(world)  # table 1, in the server
    other = simcord_env.create_guild()
    stranger = other.add_member(simcord_env.create_user("eve"))
    result = await stranger.slash(other.create_text_channel("elsewhere"), "game replay", table=1)
    assert "That table no longer exists" in followup_text(result) and not _attachments(result)

    ann = world.ann.user
    assert "#2" in followup_text(await ann.slash("game new", game="monster_day"))
    await ann.slash("game addbot")
    await ann.slash("game start")
    await ann.slash("game resign")
    for caller in (world.bob.user, stranger.user):
        result = await caller.slash("game replay", table=2)
        assert "That table no longer exists" in followup_text(result), followup_text(result)
        assert result.ephemeral and not _attachments(result)
