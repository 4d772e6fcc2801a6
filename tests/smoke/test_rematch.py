"""Server settings and a rematch through the real ``python -m bot`` and the fake Discord
(issue 30): the owner sets ``/game config``, a new table takes the settings, and the message
that ends its game rematches it with one tap. Few posts: one lobby, a table, a resignation."""

from __future__ import annotations

from tests.fakediscord import FakeMessage
from tests.smoke.helpers import (
    WAIT,
    World,
    _ids,
    assert_accepted,
    assert_refused,
    bot_running,
    visible_text,
)


def _button(world: World, prefix: str) -> tuple[FakeMessage, str] | None:
    """The newest message of the channel with a button whose id starts with ``prefix``."""
    for message in reversed(world.fake.messages(world.channel)):
        found = [i for i in _ids(message.components) if i.startswith(prefix)]
        if found:
            return message, found[0]
    return None


async def test_settings_open_the_table_and_its_end_rematches_it_in_one_tap(world: World) -> None:
    fake, channel, alice = world.fake, world.channel, world.alice
    async with bot_running(world):
        configured = await fake.slash(
            fake.owner, channel, "game config", language="it", clock="1h", timeout=WAIT
        )
        assert "Italiano" in assert_accepted(configured)
        assert_accepted(await fake.slash(alice, channel, "game new", game="monster_day"))
        assert_accepted(await fake.slash(alice, channel, "game addbot", timeout=WAIT))
        lobby = await fake.wait_for_message(channel, lambda m: bool(m.components), timeout=WAIT)
        shown = visible_text(lobby)
        assert "tavolo #1" in shown and "1 ora per mossa" in shown, shown  # the server's
        assert_accepted(await fake.slash(alice, channel, "game start", timeout=WAIT))
        assert_accepted(await fake.slash(alice, channel, "game resign", timeout=WAIT))

        ending = await fake.wait_until(lambda: _button(world, "mt:rematch:1"), WAIT, what="end")
        tapped = await fake.click(alice, *ending, timeout=WAIT)
        assert "#2" in assert_accepted(tapped)  # nobody else to wait for: it starts at once
        again = await fake.wait_until(lambda: _button(world, "mt:hand:2"), WAIT, what="table #2")
        assert "tavolo #2" in visible_text(again[0])
        second = await fake.click(alice, *ending, timeout=WAIT)
        assert "#2" in assert_refused(second)  # the rematch exists
