"""What is committed is announced: the real bot killed between a commit and Discord, and
Discord failing on the table post, a hand DM or the reply to a move (issue 7).

Each test reads only what players see, plus the move log, and checks that every committed
change is shown exactly once: never lost, never posted twice, and that the player is told the
truth about it.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.i18n import t
from tests.smoke.bot_process import WAIT, World, bot_running, bot_to_kill, kill
from tests.smoke.monster_day_driver import TableDriver, logged_moves, open_game
from tests.smoke.seen import assert_accepted

RATE_LIMITED = r"rate limited"


@pytest.mark.parametrize("effect", ["refuse", "lost"])
async def test_a_move_saved_before_a_crash_is_shown_once_after_the_restart(
    world: World, effect: str
) -> None:
    """SIGKILL while the table post of a saved move is in flight: before Discord posted it
    ("refuse") or after, with its answer lost ("lost"). After the restart the move is shown
    exactly once: one table message, which pings the next player, and one DM each."""
    fake, alice, bob, channel = world.fake, world.alice, world.bob, world.channel
    driver = TableDriver(world, [alice, bob])
    async with bot_to_kill(world) as first:
        _, table_id = await open_game(world, alice, bob)
        user = await driver.next_turn()
        assert user is not None
        other = bob if user is alice else alice
        tables, dms = len(driver.table_messages()), len(driver.hand_dms(other))
        stalled = fake.fail_next(
            "POST", f"/channels/{channel.id}/messages", 503, effect=effect, stall=120
        )
        move = asyncio.create_task(driver.play_by_command(user))
        await fake.wait_until(lambda: stalled.fired, WAIT, what="the table post in flight")
        await kill(first)
        move.cancel()
        await asyncio.gather(move, return_exceptions=True)
    async with bot_running(world):
        await fake.wait_until(
            lambda: len(driver.table_messages()) > tables, WAIT, what="the move shown"
        )
        assert await driver.next_turn() is other
        assert len(driver.table_messages()) == tables + 1, "the move was not shown exactly once"
        latest = driver.latest_table()
        assert latest.pinged == [other.id]
        assert len(driver.hand_dms(other)) == dms + 1
        history = await driver.history(other, table=table_id)
        assert len(logged_moves(history)) == 1
        assert len(driver.table_messages()) == tables + 1


@pytest.mark.parametrize("effect", ["refuse", "lost"])
async def test_a_start_saved_before_a_crash_is_shown_once_after_the_restart(
    world: World, effect: str
) -> None:
    """``/game start`` had the same gap: the started table and the hands come after the
    restart, once."""
    fake, alice, bob, channel = world.fake, world.alice, world.bob, world.channel
    driver = TableDriver(world, [alice, bob])
    async with bot_to_kill(world) as first:
        assert_accepted(await fake.slash(alice, channel, "game new", game="monster_day",
                                         timeout=WAIT))  # fmt: skip
        assert_accepted(await fake.slash(bob, channel, "game join", timeout=WAIT))
        stalled = fake.fail_next(
            "POST", f"/channels/{channel.id}/messages", 503, effect=effect, stall=120
        )
        start = asyncio.create_task(fake.slash(alice, channel, "game start", timeout=WAIT))
        await fake.wait_until(lambda: stalled.fired, WAIT, what="the first table in flight")
        await kill(first)
        start.cancel()
        await asyncio.gather(start, return_exceptions=True)
    async with bot_running(world):
        await fake.wait_until(lambda: driver.table_messages(), WAIT, what="the first table")
        first = await driver.next_turn()  # their hand came after the table
        assert first is not None
        history = await driver.history(alice)  # a round trip: anything extra would be out
        assert "Table #1" in history or "Tavolo #1" in history
        assert len(driver.table_messages()) == 1
        # Monster Day deals the other player's hand by DM with their first turn (its I15).
        assert [len(driver.hand_dms(u)) for u in (alice, bob)] == [u is first for u in (alice, bob)]


@pytest.mark.parametrize(("status", "times"), [(429, 5), (503, 1), (500, 2)])
async def test_a_storm_on_the_table_post_delays_it_and_never_loses_it(
    world: World, status: int, times: int
) -> None:
    """Five 429s (discord.py gives up after five), one 503 (not retried by discord.py), 500s
    (retried by discord.py itself, slowly): the board appears, once, before the DMs that
    link to it."""
    fake, alice, bob, channel = world.fake, world.alice, world.bob, world.channel
    driver = TableDriver(world, [alice, bob])
    async with bot_running(world, allow=[RATE_LIMITED]):
        await open_game(world, alice, bob)
        user = await driver.next_turn()
        assert user is not None
        tables = len(driver.table_messages())
        storm = fake.fail_next("POST", f"/channels/{channel.id}/messages", status, times=times)
        result = await driver.play_by_command(user)
        assert storm.exhausted
        truths = (
            t(user.locale, "✅ Done. The table is updated."),
            t(user.locale, "✅ Your move is saved. Discord is slow right now, so the table will "
              "show it in a moment."),
        )  # fmt: skip
        assert any(truth in result.text for truth in truths), result.text
        other = await driver.next_turn()
        assert other is not None and other is not user
        assert len(driver.table_messages()) == tables + 1


@pytest.mark.parametrize(("status", "times", "effect"), [(429, 5, "refuse"), (503, 1, "lost")])
async def test_a_storm_on_a_hand_dm_delays_it_and_says_nothing_of_closed_dms(
    world: World, status: int, times: int, effect: str
) -> None:
    """Five 429s on the DM that tells the next player it is their turn, or a DM that went
    out but whose answer was lost (a 503 after Discord posted it; the courier tries again): the hand
    arrives exactly once, and nobody is told their DMs are closed."""
    fake, alice, bob, channel = world.fake, world.alice, world.bob, world.channel
    driver = TableDriver(world, [alice, bob])
    async with bot_running(world, allow=[RATE_LIMITED]):
        await open_game(world, alice, bob)
        user = await driver.next_turn()
        assert user is not None
        other = bob if user is alice else alice
        dm = fake.dm_channel(other)
        dms = len(driver.hand_dms(other))
        storm = fake.fail_next(
            "POST", f"/channels/{dm.id}/messages", status, times=times, effect=effect
        )
        result = await driver.play_by_command(user)
        assert "📪" not in result.text
        assert await driver.next_turn() is other
        assert storm.exhausted and len(driver.hand_dms(other)) == dms + 1
        assert not [m for m in fake.messages(channel) if "📪" in m.content]


async def test_a_storm_on_the_reply_to_a_saved_move_never_says_nothing_changed(
    world: World,
) -> None:
    """The reply to a saved move fails five times (429): the player is then told their move
    is saved, never that nothing was changed."""
    fake, alice, bob = world.fake, world.alice, world.bob
    driver = TableDriver(world, [alice, bob])
    async with bot_running(world, allow=[RATE_LIMITED, r"command .* failed", r"Traceback",
                                         r"HTTPException", r"ERROR"]):  # fmt: skip
        _, table_id = await open_game(world, alice, bob)
        user = await driver.next_turn()
        assert user is not None
        storm = fake.fail_next("POST", "/webhooks/*", 429, times=5)
        choices = await fake.autocomplete(user, world.channel, "monsterday play", focused="card")
        card = choices[0]["value"]
        spaces = await fake.autocomplete(
            user, world.channel, "monsterday play", focused="space", card=card
        )
        result = await fake.slash(
            user, world.channel, "monsterday play", card=card, space=spaces[0]["value"],
            timeout=WAIT,
        )  # fmt: skip
        assert storm.exhausted
        said = result.text
        assert "Nothing was changed" not in said and "Non è cambiato nulla" not in said, said
        assert t(user.locale, "😵 Your move is saved, but something went wrong while I "
                 "answered; it has been logged. The table shows your move.") in said  # fmt: skip
        history = await driver.history(user, table=table_id)
        assert len(logged_moves(history)) == 1
