"""A followup whose fate is unknown is never shown twice (issue 27's open risk).

``/game new`` shows the lobby as a public followup of its answer, and Start tapped on the lobby
shows the first table as one: free requests, but a followup carries no nonce. When Discord
stores one and its answer is lost (a 5xx after it posted, a connection reset, the bot killed
while waiting), sending it again would show it twice, and giving up would show it never. Each
test reads what players see: exactly one lobby (or first table), and it is the message the bot
edits afterwards.
"""

from __future__ import annotations

import asyncio

import pytest

from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.smoke.bot_process import WAIT, World, bot_running, bot_to_kill, kill
from tests.smoke.monster_day_driver import TableDriver
from tests.smoke.seen import assert_accepted, visible_text

FOLLOWUPS = "/webhooks/*"
LOST = [("lost", 503), ("reset", 0)]
"""A 5xx after Discord stored it (discord.py's webhook sender retries those by itself), and a
connection dropped after Discord stored it."""


def lobbies(fake: FakeDiscord, world: World) -> list[FakeMessage]:
    """The channel's messages that carry a lobby's Join button."""
    return [
        m
        for m in fake.messages(world.channel)
        if any(c.startswith("mt:join:") for c in m.custom_ids)
    ]


def _seen(fake: FakeDiscord, world: World) -> str:
    """The channel's messages, for a failure's message."""
    shown = [(m.id, m.content[:40], [a.filename for a in m.attachments])
             for m in fake.messages(world.channel)]  # fmt: skip
    return f"{shown}\n{fake.diagnostics()}"


async def _joined_shows_once(world: World) -> None:
    """Bob joins by typing: the one lobby in the channel shows him (it is the one the bot
    edits), and no second lobby came meanwhile."""
    fake = world.fake
    assert_accepted(await fake.slash(world.bob, world.channel, "game join", timeout=WAIT))
    await fake.wait_until(
        lambda: any(world.bob.mention in visible_text(m) for m in lobbies(fake, world)),
        WAIT,
        what="the lobby to show bob",
    )
    shown = lobbies(fake, world)
    assert len(shown) == 1, f"{len(shown)} lobbies\n" + fake.diagnostics()


async def test_a_lobby_whose_followup_was_in_flight_at_a_crash_shows_once(world: World) -> None:
    """SIGKILL while the lobby's followup is stored by Discord and its answer still on the
    way: the restarted bot finds it in the channel instead of posting a second lobby."""
    fake, alice, channel = world.fake, world.alice, world.channel
    async with bot_to_kill(world) as first:
        lost = fake.fail_next("POST", FOLLOWUPS, 503, effect="lost", stall=120, after=1)
        opening = asyncio.create_task(
            fake.slash(alice, channel, "game new", game="monster_day", timeout=WAIT)
        )
        await fake.wait_until(lambda: lost.fired and lobbies(fake, world), WAIT,
                              what="the lobby in flight")  # fmt: skip
        await kill(first)
        opening.cancel()
        await asyncio.gather(opening, return_exceptions=True)
    async with bot_running(world):
        await _joined_shows_once(world)


async def _lobby_to_start(world: World) -> tuple[FakeMessage, str]:
    """Alice's Monster Day lobby, bob seated: the lobby message and its Start button."""
    assert_accepted(await world.fake.slash(world.alice, world.channel, "game new",
                                           game="monster_day", timeout=WAIT))  # fmt: skip
    await _joined_shows_once(world)
    (lobby,) = lobbies(world.fake, world)
    (start,) = [c for c in lobby.custom_ids if c.startswith("mt:start:")]
    return lobby, start


async def _one_first_table(driver: TableDriver) -> None:
    """The game goes on from one first table: a move shows in one table message more (a
    table's messages go out in order, so a second first table would have come before it).
    The first mover is read from the table, not from a hand DM: whoever tapped Start and
    plays first gets their starting hand in the tap's private answer, not by DM."""

    def first_turn() -> tuple[FakeUser] | None:
        messages = driver.table_messages()
        user = driver.turn_of(messages[-1]) if messages else None
        return (user,) if user is not None else None

    (user,) = await driver.fake.wait_until(first_turn, WAIT, what="the first turn")
    await driver.play_by_command(user)
    assert await driver.next_turn() not in (None, user)
    assert len(driver.table_messages()) == 2, _seen(driver.fake, driver.world)


async def test_a_first_table_whose_followup_was_in_flight_at_a_crash_shows_once(
    world: World,
) -> None:
    """SIGKILL while the Start tap's first table is stored by Discord and its answer still
    on the way: the restarted bot finds it instead of posting a second first table."""
    fake, alice, bob = world.fake, world.alice, world.bob
    driver = TableDriver(world, [alice, bob])
    async with bot_to_kill(world, env={"REPLY_WAIT_SECONDS": "60"}) as first:
        lobby, start = await _lobby_to_start(world)
        lost = fake.fail_next("POST", FOLLOWUPS, 503, effect="lost", stall=120)
        await fake.click(alice, lobby, start, wait=False)
        await fake.wait_until(lambda: lost.fired and driver.table_messages(), WAIT,
                              what="the first table in flight")  # fmt: skip
        await kill(first)
    async with bot_running(world):
        await _one_first_table(driver)


@pytest.mark.parametrize(("effect", "status"), LOST)
async def test_a_lobby_and_a_first_table_whose_followup_answers_were_lost_show_once(
    world: World, effect: str, status: int
) -> None:
    """``/game new``'s second followup (the first is its private reply) is the lobby, and
    Start tapped on it shows the first table as the tap's first followup: Discord stores
    each and its answer is lost. The bot neither sends either again as a followup nor posts
    it again: it finds it in the channel and keeps its id, so Bob's join edits the one lobby
    and the game's next move shows in a message of its own after the one first table. One
    game for both, so the smoke suite starts the bot once for them."""
    fake, alice, bob, channel = world.fake, world.alice, world.bob, world.channel
    driver = TableDriver(world, [alice, bob])
    # The tap's answer waits for the table however slow the machine (else its private reply
    # may go first, as the first followup).
    async with bot_running(world, env={"REPLY_WAIT_SECONDS": "60"}):
        lost = fake.fail_next("POST", FOLLOWUPS, status, effect=effect, after=1)
        opened = await fake.slash(alice, channel, "game new", game="monster_day", timeout=WAIT)
        assert_accepted(opened)
        await fake.wait_until(lambda: lost.exhausted and lobbies(fake, world), WAIT,
                              what="the lobby's followup")  # fmt: skip
        await _joined_shows_once(world)
        (lobby,) = lobbies(fake, world)
        (start,) = [c for c in lobby.custom_ids if c.startswith("mt:start:")]
        lost = fake.fail_next("POST", FOLLOWUPS, status, effect=effect)
        await fake.click(alice, lobby, start)
        await _one_first_table(driver)
        assert lost.exhausted
