"""A tournament through the real network path (issue 30): ``python -m bot`` against the fake
Discord runs a 4-entrant Swiss tournament of Monster Day to its end. The entrants are bots (the
host adds them), so nobody has to play; the bot opens each round's two tables in threads of the
channel, started at once, and posts the standings image (with alt text) after each round."""

from __future__ import annotations

from tests.smoke.bot_process import WAIT, World, bot_running
from tests.smoke.seen import assert_accepted, assert_png, assert_refused, expected_refusal

GAMES_WAIT = 180.0
"""Bound on the two rounds of bots' games (each well under a minute)."""


async def test_a_swiss_tournament_of_four_bots_is_played_to_its_end(world: World) -> None:
    fake, channel, alice, bob = world.fake, world.channel, world.alice, world.bob
    async with bot_running(world, env={"BOT_MOVE_DELAY_SECONDS": "0"}):
        created = await fake.slash(alice, channel, "tournament create", game="monster_day",
                                   timeout=WAIT)  # fmt: skip
        assert_accepted(created)
        for _ in range(4):
            assert_accepted(await fake.slash(alice, channel, "tournament addbot", timeout=WAIT))
        refused = await fake.slash(bob, channel, "tournament start", timeout=WAIT)
        assert_refused(refused, expected_refusal("not_tournament_host", bob.locale))
        assert_accepted(await fake.slash(alice, channel, "tournament start", timeout=WAIT))

        def standings() -> list[object]:
            return [m for m in fake.messages(channel) if m.attachments]

        await fake.wait_until(lambda: len(standings()) >= 2, GAMES_WAIT, what="two standings")
        threads = fake.threads.of(channel)
        assert len(threads) == 4  # two rounds of two tables, each in its own thread
        for thread in threads:
            assert any("board.png" in a.filename for m in fake.messages(thread)
                       for a in m.attachments)  # fmt: skip
        for post in fake.messages(channel):
            for attachment in post.attachments:
                assert_png(attachment.data)
                assert attachment.description  # alt text
        shown = await fake.slash(bob, channel, "tournament standings", round=1, timeout=WAIT)
        assert "#1" in assert_accepted(shown)
