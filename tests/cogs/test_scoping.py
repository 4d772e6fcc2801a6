"""Every lookup is scoped to where the caller may look, and long lists fit one message
(issue 7), through Discord (simcord)."""

from __future__ import annotations

from tests.cogs.helpers import followup_text, make_world

MARKDOWN_NAME = "*_~`|" * 6 + "**"  # 32 characters, each one escaped when shown


async def test_tables_played_in_dms_are_seen_only_by_their_players(simcord_env) -> None:
    """``/game list`` in a DM listed other users' DM games and ``/game history table:N``
    showed them."""
    world = make_world(simcord_env)
    ann, bob = world.ann.user, world.bob.user
    assert "#1" in followup_text(await ann.slash("game new", game="monster_day"))
    await ann.slash("game addbot")
    await ann.slash("game start")
    assert "#1" in followup_text(await ann.slash("game list"))

    listed = followup_text(await bob.slash("game list"))
    assert "#1" not in listed and "No open tables" in listed
    for result in (
        await bob.slash("game history", table=1),
        await world.bob.slash(world.channel, "game history", table=1),
    ):
        assert "That table no longer exists" in followup_text(result)
        assert result.ephemeral
    assert "Table #1" in followup_text(await ann.slash("game history", table=1))


async def test_game_list_fits_one_message_however_many_tables(simcord_env) -> None:
    """About 24 open tables took ``/game list`` past 2,000 characters and it answered
    "something went wrong"."""
    world = make_world(simcord_env)
    host = world.guild.add_member(simcord_env.create_user(MARKDOWN_NAME))
    for n in range(40):
        channel = world.guild.create_text_channel(f"tables-{n}")
        opened = await host.slash(channel, "game new", game="monster_day")
        assert f"#{n + 1}" in followup_text(opened)
    listed = followup_text(await world.bob.slash(world.channel, "game list"))
    assert len(listed) <= 2000
    assert "more tables" in listed and "#40" in listed  # the newest first
