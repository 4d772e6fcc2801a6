"""A table in its own thread, through the real network path: ``python -m bot`` opens the thread
with discord.py's own ``TextChannel.create_thread`` call against the fake Discord (issue 8)."""

from __future__ import annotations

import dataclasses

from tests.smoke.bot_process import WAIT, World, bot_running
from tests.smoke.monster_day_driver import TableDriver
from tests.smoke.seen import assert_accepted, assert_refused, expected_refusal, visible_text

PUBLIC_THREAD, A_WEEK = 11, 10080


async def test_a_thread_table_is_played_while_the_channel_hosts_its_own(world: World) -> None:
    """Issue 8: a table can be played in its own thread (``/game new ... thread:true``), so one
    channel can host many tables; one open table per channel still holds where no thread is
    used. Posting the next turn in a thread that archived meanwhile brings the thread back."""
    fake, channel, alice, bob = world.fake, world.channel, world.alice, world.bob
    async with bot_running(world, env={"BOT_MOVE_DELAY_SECONDS": "0"}):
        opened = await fake.slash(
            alice, channel, "game new", game="monster_day", thread=True, timeout=WAIT
        )
        reply = assert_accepted(opened)
        (thread,) = fake.threads.of(channel)
        assert thread.mention in reply
        assert (thread.name, thread.type) == ("Monster Day · #1", PUBLIC_THREAD)
        assert thread.auto_archive_duration == A_WEEK and alice.id in thread.members
        await fake.wait_for_message(thread, lambda m: bool(m.components), timeout=WAIT)

        assert_accepted(await fake.slash(bob, channel, "game new", game="monster_day"))
        nested = await fake.slash(bob, thread, "game new", game="monster_day", thread=True)
        assert_refused(nested, expected_refusal("thread_in_thread", bob.locale))

        assert_accepted(await fake.slash(alice, thread, "game addbot", timeout=WAIT))
        assert_accepted(await fake.slash(alice, thread, "game start", timeout=WAIT))
        driver = TableDriver(dataclasses.replace(world, channel=thread), [alice, None])
        assert await driver.next_turn(timeout=30) is alice
        table = driver.latest_table()
        link = f"https://discord.com/channels/{world.guild.id}/{thread.id}/{table.id}"
        assert link in visible_text(driver.hand_dms(alice)[-1])

        fake.threads.archive(thread)  # what a week without a message does
        shown = len(driver.table_messages())
        await driver.play_by_button(alice)
        await fake.wait_until(lambda: len(driver.table_messages()) > shown, WAIT, what="a post")
        assert not thread.archived
        assert await driver.next_turn(timeout=30) in (alice, None)

    in_channel = [visible_text(m) for m in fake.messages(channel)]
    assert in_channel and not any("board.png" in text for text in in_channel)
    assert len(fake.threads.of(channel)) == 1


async def test_a_lobby_in_a_thread_that_archived_is_shown_again(world: World) -> None:
    """A lobby left a week without a message archives its thread; Discord refuses to edit a
    message there, so the next join posts the lobby anew, which brings the thread back."""
    fake, channel, alice, bob = world.fake, world.channel, world.alice, world.bob
    async with bot_running(world):
        opened = await fake.slash(
            alice, channel, "game new", game="monster_day", thread=True, timeout=WAIT
        )
        assert_accepted(opened)
        (thread,) = fake.threads.of(channel)
        first = await fake.wait_for_message(thread, lambda m: bool(m.components), timeout=WAIT)
        fake.threads.archive(thread)
        assert_accepted(await fake.slash(bob, thread, "game join", timeout=WAIT))
        again = await fake.wait_for_message(
            thread, lambda m: m is not first and bob.mention in visible_text(m), timeout=WAIT
        )
        assert again.components and not thread.archived
