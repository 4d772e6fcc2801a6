"""The table message in the modern layout (components v2, issue 29) through the real
``python -m bot`` and the fake Discord, which refuses what Discord refuses of it (content or
embeds beside the flag, an edit that takes the flag away): the owner picks the layout, the
table is posted in it, edited in it within the turn (a seat handed over), and a move later
still shows it."""

from __future__ import annotations

from tests.fakediscord import FakeMessage
from tests.smoke.bot_process import WAIT, World, bot_running
from tests.smoke.seen import _ids, assert_accepted, visible_text


def _table(world: World) -> FakeMessage | None:
    """The newest table message of table #1 (the one with its hand button)."""
    for message in reversed(world.fake.messages(world.channel)):
        if "mt:hand:1" in _ids(message.components):
            return message
    return None


def _modern(message: FakeMessage) -> None:
    """Posted and kept in the v2 layout: no content nor embeds, the board in a gallery whose
    item says the alt text, and so in every version of the message."""
    assert message.layout and not message.content and not message.embeds
    for version in message.history:
        assert version["flags"] & (1 << 15), "an edit changed the layout"
    (container,) = message.components
    gallery = next(c for c in container["components"] if c["type"] == 12)
    board = message.attachment("board.png")
    assert board.description and gallery["items"][0]["description"] == board.description
    assert gallery["items"][0]["media"]["url"] == board.url


async def test_a_table_posts_and_edits_in_the_modern_layout(world: World) -> None:
    fake, channel, alice, bob = world.fake, world.channel, world.alice, world.bob
    carol = fake.add_user("carol", guilds=[world.guild])
    async with bot_running(world):
        configured = await fake.slash(fake.owner, channel, "game config", layout="modern",
                                      timeout=WAIT)  # fmt: skip
        assert "modern" in assert_accepted(configured)
        assert_accepted(await fake.slash(alice, channel, "game new", game="monster_day"))
        assert_accepted(await fake.slash(bob, channel, "game join", timeout=WAIT))
        assert_accepted(await fake.slash(alice, channel, "game start", timeout=WAIT))
        posted = await fake.wait_until(lambda: _table(world), WAIT, what="the table post")
        _modern(posted)
        assert "## " in visible_text(posted)

        offered = await fake.slash(bob, channel, "game giveseat", player=carol, timeout=WAIT)
        assert_accepted(offered)
        offer = await fake.wait_for_message(
            channel, lambda m: "mt:seatyes:1" in "".join(_ids(m.components)), timeout=WAIT
        )
        seat_yes = next(i for i in _ids(offer.components) if i.startswith("mt:seatyes:1"))
        assert_accepted(await fake.click(carol, offer, seat_yes, timeout=WAIT))
        await fake.wait_until(lambda: posted.history and "carol" in posted.text, WAIT,
                              what="the table message edited")  # fmt: skip
        _modern(posted)
        assert posted.edited_timestamp and _table(world) is posted
