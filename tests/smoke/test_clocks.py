"""Clocks through the fake Discord with the real bot (issue 8): a player disappears, their
deadline falls due while the bot is down, and after the restart the table says so once, the
others vote with one click, and a bot finishes the game for the seat. Then what players and
admins do with tables and results: ratings, the leaderboard, the replay, and an admin ending
an abandoned table so the channel hosts a new game.

Time is not waited for: the test stops the bot and moves the absent player's deadline into the
past in the database, as if the bot had crashed just as it fell due (no test can wait ten
minutes). Everything after the restart is the bot's own doing.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from bot.clock import MOVE, Clock
from tests.fakediscord import FakeMessage, FakeUser
from tests.smoke.bot_process import WAIT, World, bot_running, bot_to_kill
from tests.smoke.monster_day_driver import TableDriver
from tests.smoke.notte_driver import NotteTable, is_finished
from tests.smoke.seen import assert_accepted, assert_private_answer
from tests.smoke.test_notte_di_terrore import play_night

MANAGE_GUILD = 1 << 5


def make_due(database: Path, table_id: int, seat: int) -> None:
    """The seat's move deadline fell due a moment ago, and the bot was alive until then."""
    now = time.time()
    with sqlite3.connect(database) as db:
        (raw,) = db.execute("SELECT clock FROM games WHERE id = ?", (table_id,)).fetchone()
        clock = Clock.load(json.loads(raw))
        deadline = clock.get(MOVE, seat)
        assert deadline is not None, raw
        span = deadline.due - deadline.since
        moved = Clock(clock.per_move, clock.bank, clock.banks, tuple(
            d if d is not deadline else type(d)(MOVE, seat, now - 1 - span, now - 1, 2)
            for d in clock.deadlines
        ))  # fmt: skip
        db.execute(
            "UPDATE games SET clock = ?, wake_at = ? WHERE id = ?",
            (json.dumps(moved.dump()), moved.wake_at(), table_id),
        )
        db.execute("UPDATE heartbeat SET alive_at = ?", (now,))


def vote_messages(world: World) -> list[FakeMessage]:
    return [
        m
        for m in world.fake.messages(world.channel)
        if any(c.startswith("mt:votebot:") for c in m.custom_ids)
    ]


async def vote(world: World, user: FakeUser, choice: str) -> str:
    (message,) = vote_messages(world)
    (button,) = [c for c in message.custom_ids if c.startswith(f"mt:vote{choice}:")]
    return assert_private_answer(await world.fake.click(user, message, button, timeout=WAIT))


async def test_monster_day_player_gone_then_ratings_replay_and_an_admin_ends_a_table(
    world: World,
) -> None:
    fake, alice, bob, channel = world.fake, world.alice, world.bob, world.channel
    driver = TableDriver(world, [alice, bob])
    async with bot_to_kill(world):
        assert_accepted(await fake.slash(alice, channel, "game new", game="monster_day",
                                         clock="10m", timeout=WAIT))  # fmt: skip
        lobby = await fake.wait_for_message(channel, lambda m: bool(m.embeds), timeout=WAIT)
        assert "10" in json.dumps(lobby.embeds[0]["fields"]), "the lobby shows the clock"
        assert_accepted(await fake.slash(bob, channel, "game join", timeout=WAIT))
        assert_accepted(await fake.slash(alice, channel, "game start", timeout=WAIT))
        turn = 0
        while await driver.next_turn() is alice:  # alice moves; bob never will
            await driver.play(alice, turn)
            turn += 1
        latest = driver.latest_table()
        assert "<t:" in latest.content and ":R>" in latest.content, "a countdown is shown"
    make_due(world.database, 1, seat=1)

    async with bot_running(world):
        await fake.wait_until(lambda: vote_messages(world), WAIT, what="the vote on bob's seat")
        (asked,) = vote_messages(world)
        assert alice.id in asked.pinged, "the vote pings the one who votes"
        refused = await fake.click(bob, asked, next(
            c for c in asked.custom_ids if c.startswith("mt:votebot:")), timeout=WAIT)  # fmt: skip
        assert refused.ephemeral and "⚠️" in refused.text
        assert "🗳️" in await vote(world, alice, "bot")  # the host decides alone
        while (user := await driver.next_turn()) is not None:
            assert user is alice, "bob's seat is a bot's now"
            await driver.play(alice, turn)
            turn += 1
        final = driver.latest_table()
        assert "🤖" in final.content and "bob" in final.content, final.content
        assert len(vote_messages(world)) == 1, "the deadline fired once"

        stats = assert_private_answer(await fake.slash(alice, channel, "game stats",
                                                      timeout=WAIT))  # fmt: skip
        assert "Monster Day" in stats
        board = await fake.slash(bob, channel, "game leaderboard", game="monster_day",
                                 timeout=WAIT)  # fmt: skip
        assert board.ephemeral and board.attachments, board.text
        replayed = await fake.slash(bob, channel, "game replay", timeout=WAIT)
        assert replayed.attachments, replayed.text

        # A new table nobody finishes: an admin ends it, and the channel hosts the next one.
        assert_accepted(await fake.slash(bob, channel, "game new", game="monster_day",
                                         timeout=WAIT))  # fmt: skip
        assert_accepted(await fake.slash(alice, channel, "game join", timeout=WAIT))
        assert_accepted(await fake.slash(bob, channel, "game start", timeout=WAIT))
        admin = fake.add_user("admin", guilds=[])
        fake.add_member(world.guild, admin, roles=[fake.add_role(world.guild, "mods",
                                                                 MANAGE_GUILD)])  # fmt: skip
        assert_accepted(await fake.slash(admin, channel, "game end", timeout=WAIT))
        assert_accepted(await fake.slash(alice, channel, "game new", game="monster_day",
                                         timeout=WAIT))  # fmt: skip


async def test_notte_player_gone_is_voted_out_and_a_bot_finishes_the_night(world: World) -> None:
    fake = world.fake
    carol = fake.add_user("carol", locale="en-US")
    table = NotteTable(world, [world.alice, world.bob, carol])
    async with bot_to_kill(world):
        await table.open(world.alice, variant="short_night", clock="1h")
    make_due(world.database, table.table_id, seat=2)

    async with bot_running(world):
        await fake.wait_until(lambda: vote_messages(world), WAIT, what="the vote on carol")
        (asked,) = vote_messages(world)
        assert {world.alice.id, world.bob.id} <= set(asked.pinged), "both voters are asked"
        assert "1" in await vote(world, world.bob, "bot")  # counted: one of two
        assert "🗳️" in await vote(world, world.alice, "bot")  # a majority
        table.seats[2] = None  # carol's seat is a bot's from now on
        table.bot_names = ["Bot (carol)"]
        await play_night(table, max_moves=300)
        final = table.latest_table()
        assert is_finished(final) and "Bot (carol)" in final.content, final.content
        assert len(vote_messages(world)) == 1, "the deadline fired once"
