"""Rematch through Discord (issue 30): the message that ends a game carries a Rematch button;
one tap opens the same table again (game, options, clock, seats, bots at their levels) in the
same channel, each other player confirms with one tap, and it starts when all have answered."""

from __future__ import annotations

from typing import Any

import discord
import pytest

import rules
from bot.clock import Clock
from bot.store import ACTIVE, FINISHED, LOBBY, GameRecord
from tests.cogs.helpers import World, drawn_once, followup_text, make_world, recent

GAMES = list(rules.GAMES)
pytestmark = pytest.mark.simcord(settle_timeout=30)
"""Bots play a game of three out while a resignation settles."""


def _with_button(world: World, label: str) -> discord.Message:
    """The channel's newest message with a button labelled ``label``."""
    for message in reversed(recent(world.channel, 12)):
        labels = [child.label for row in message.components for child in row.children]
        if label in labels:
            return message
    raise AssertionError(f"no message with a {label!r} button")


async def _table(world: World, game_id: int) -> GameRecord:
    record = await world.bot.store.get(game_id)
    assert record is not None
    return record


async def _finished_game(world: World, game: str) -> GameRecord:
    """A game of ``game`` ended at once: two players, one resigns; a game for three or more,
    Ann with an easy and a normal bot, resigns and the bots play it out."""
    world.bot.tables.seed_source = lambda: 11
    two = rules.GAMES[game].seat_range({})[0] <= 2
    clock = {"clock": "1h", "bank": "1d"} if two else {}  # bots alone are not timed
    opened = await world.ann.slash(world.channel, "game new", game=game, **clock)
    assert "is open" in followup_text(opened), followup_text(opened)
    if two:
        await world.bob.slash(world.channel, "game join")
    else:
        await world.ann.slash(world.channel, "game addbot", level="easy")
        await world.ann.slash(world.channel, "game addbot")
    started = await world.ann.slash(world.channel, "game start")
    assert "has started" in followup_text(started), followup_text(started)
    await world.bot.scheduler.wait_idle()
    await (world.bob if two else world.ann).slash(world.channel, "game resign")
    for _ in range(200):
        await world.bot.scheduler.wait_idle()
        if (await _table(world, 1)).status == FINISHED:
            break
    await world.bot.courier.wait_idle()
    finished = await _table(world, 1)
    assert finished.status == FINISHED
    return finished


@pytest.mark.parametrize("game", GAMES)
async def test_a_rematch_is_the_same_table_again_once_everyone_confirms(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    drawn_once(monkeypatch)
    world = make_world(simcord_env)
    old = await _finished_game(world, game)
    stranger = world.guild.add_member(simcord_env.create_user("cy"))
    ending = _with_button(world, "Rematch")
    refused = await stranger.click(ending, label="Rematch")
    assert "Only the players" in followup_text(refused) and refused.ephemeral

    tapped = await world.ann.click(ending, label="Rematch")
    assert "table #2" in followup_text(tapped).lower() and tapped.ephemeral, followup_text(tapped)
    new = await _table(world, 2)
    assert (new.game, new.channel_id, new.options, new.locale) == (
        old.game, old.channel_id, old.options, old.locale,
    )  # fmt: skip
    kept = Clock.load(old.clock)
    assert Clock.load(new.clock) == Clock(per_move=kept.per_move, bank=kept.bank)
    assert kept.per_move == (3600 if old.seats[1].user_id else 0)
    assert new.host_id == world.ann.id
    humans = [seat.user_id for seat in old.seats if not seat.is_bot]
    if world.bob.id in humans:  # Bob's seat waits for him; one tap and the game is on
        assert new.status == LOBBY and [s.user_id for s in new.seats] == humans
        await world.bot.courier.wait_idle()
        lobby = _with_button(world, "I'm in")
        assert world.bob.mention in lobby.content
        host = await world.ann.click(lobby, label="I'm in")  # the host's seat waits for nobody
        assert "No seat at this rematch waits for you" in followup_text(host)
        confirmed = await world.bob.click(lobby, label="I'm in")
        assert "has started" in followup_text(confirmed), followup_text(confirmed)
    else:  # Ann and the bots that finished her game: nobody to wait for
        levels = [(seat.is_bot, seat.level) for seat in new.seats]
        assert levels == [(False, "normal"), (True, "easy"), (True, "normal")]
        assert new.seats[0].user_id == world.ann.id
    assert (await _table(world, 2)).status == ACTIVE
    again = await world.ann.click(ending, label="Rematch")
    assert "already open: table #2" in followup_text(again), followup_text(again)


async def test_a_declined_seat_is_freed_and_the_host_fills_it(
    simcord_env: Any, monkeypatch
) -> None:
    drawn_once(monkeypatch)
    world = make_world(simcord_env)
    await _finished_game(world, "monster_day")
    await world.bob.click(_with_button(world, "Rematch"), label="Rematch")
    await world.bot.courier.wait_idle()
    lobby = _with_button(world, "Not this time")
    declined = await world.ann.click(lobby, label="Not this time")
    assert "freed" in followup_text(declined), followup_text(declined)
    record = await _table(world, 2)
    assert record.status == LOBBY and [s.user_id for s in record.seats] == [world.bob.id]
    await world.bob.slash(world.channel, "game addbot", level="hard")
    started = await world.bob.slash(world.channel, "game start")
    assert "has started" in followup_text(started)


async def test_the_host_starting_early_frees_the_seats_not_answered(
    simcord_env, monkeypatch
) -> None:
    drawn_once(monkeypatch)
    world = make_world(simcord_env)
    await _finished_game(world, "monsters_on_board")
    await world.ann.click(_with_button(world, "Rematch"), label="Rematch")
    early = await world.ann.slash(world.channel, "game start")
    assert "Not enough players" in followup_text(early)
    record = await _table(world, 2)
    assert [s.user_id for s in record.seats] == [world.ann.id] and record.status == LOBBY


async def test_no_rematch_once_the_channel_has_a_newer_table(simcord_env, monkeypatch) -> None:
    drawn_once(monkeypatch)
    world = make_world(simcord_env)
    await _finished_game(world, "monster_day")
    ending = _with_button(world, "Rematch")
    await world.bob.slash(world.channel, "game new", game="monsterpocalypse")
    refused = await world.ann.click(ending, label="Rematch")
    assert "newer table (#2)" in followup_text(refused) and refused.ephemeral
    assert await world.bot.store.get(3) is None


async def test_a_rematch_called_off_says_so_to_a_later_tap(simcord_env, monkeypatch) -> None:
    """Its lobby emptied (the other declined, the host left), the rematch is cancelled: a
    later tap on the old Rematch button says it was called off, not that it is open."""
    drawn_once(monkeypatch)
    world = make_world(simcord_env)
    await _finished_game(world, "monster_day")
    ending = _with_button(world, "Rematch")
    await world.bob.click(ending, label="Rematch")
    await world.bot.courier.wait_idle()
    await world.ann.click(_with_button(world, "Not this time"), label="Not this time")
    await world.bob.slash(world.channel, "game leave")
    refused = await world.ann.click(ending, label="Rematch")
    text = followup_text(refused)
    assert "called off" in text and "#2" in text and refused.ephemeral, text
    assert await world.bot.store.get(3) is None
