"""``/game mine`` (issue 8): every open table, in every server and in DMs, where it is the
caller's move, with jump links; then the tables waiting for others, through Discord (simcord)."""

from __future__ import annotations

import re

from bot.narration import jump_url
from tests.cogs.helpers import followup_text, make_world

MARKDOWN_NAME = "*_~`|" * 6 + "**"


def _sections(text: str) -> tuple[str, str]:
    """The reply's "your move" part and its "waiting for others" part."""
    mine, _, waiting = text.partition("**Waiting for others**")
    return mine, waiting


def _listed(text: str, game_id: int) -> bool:
    return f"• #{game_id} " in text


async def _two_servers_and_a_dm(env, world):
    """Ann and Bob play in two servers; Ann plays a bot in DMs; Bob waits in a lobby."""
    crypt = env.create_guild("Crypt **Club** @everyone")
    crypt_ann = crypt.add_member(world.ann.user)
    crypt_bob = crypt.add_member(world.bob.user)
    vault = crypt.create_text_channel("vault")
    for host, guest, channel in (
        (world.ann, world.bob, world.channel),
        (crypt_ann, crypt_bob, vault),
    ):
        await host.slash(channel, "game new", game="monster_day")
        await guest.slash(channel, "game join")
        await host.slash(channel, "game start")
    await world.ann.user.slash("game new", game="monster_day")
    await world.ann.user.slash("game addbot")
    await world.ann.user.slash("game start")
    await world.bob.slash(world.guild.create_text_channel("lobby"), "game new", game="monster_day")
    return [await world.bot.store.get(game_id) for game_id in (1, 2, 3, 4)]


async def test_game_mine_lists_the_callers_move_in_every_server_and_dm_with_jump_links(
    simcord_env,
) -> None:
    world = make_world(simcord_env)
    records = await _two_servers_and_a_dm(simcord_env, world)
    tables = world.bot.tables
    moved_by: dict[int, set[int]] = {}
    for record in records:
        for seat in tables.pending(record):
            moved_by.setdefault(record.seats[seat].user_id, set()).add(record.id)
    assert moved_by.get(world.ann.id, set()) | moved_by.get(world.bob.id, set()) >= {1, 2}

    for actor, asked_in, seated in (
        (world.ann, world.channel, {1, 2, 3}),
        (world.bob, None, {1, 2, 4}),
    ):
        result = await (
            actor.slash(asked_in, "game mine") if asked_in else actor.user.slash("game mine")
        )
        assert result.ephemeral
        mine, waiting = _sections(followup_text(result))
        expected = moved_by.get(actor.id, set())
        for record in records:
            assert _listed(mine, record.id) == (record.id in expected)
            assert _listed(waiting, record.id) == (record.id in seated - expected)
            url = jump_url(record)
            assert url is not None or record.id == 4
            assert (url is not None and url in mine) == (record.id in expected)
        assert "Crypt \\*\\*Club\\*\\*" in mine + waiting and "@everyone" not in mine + waiting
    assert (
        "waiting for the start"
        in _sections(followup_text(await world.bob.user.slash("game mine")))[1]
    )


async def test_game_mine_says_plainly_when_there_are_no_tables(simcord_env) -> None:
    world = make_world(simcord_env)
    carl = world.add_player("carl")
    await world.ann.slash(world.channel, "game new", game="monster_day")
    for result in (
        await carl.slash(world.channel, "game mine"),
        await carl.user.slash("game mine"),
    ):
        assert result.ephemeral
        assert followup_text(result).strip() == (
            "You have no open tables. Start one with `/game new`."
        )


async def test_game_mine_fits_one_message_with_forty_tables(simcord_env) -> None:
    """Forty tables at the caller's move and two waiting for others: as many lines as fit,
    and the "more" count is the number of tables left out (section headers are not tables)."""
    world = make_world(simcord_env)
    host = world.guild.add_member(simcord_env.create_user(MARKDOWN_NAME))
    for n in range(2):
        channel = world.guild.create_text_channel(f"lobby-{n}")
        await world.bob.slash(channel, "game new", game="monster_day")
        await host.slash(channel, "game join")
    for n in range(40):
        channel = world.guild.create_text_channel(f"tables-{n}")
        await host.slash(channel, "game new", game="monster_day")
        await host.slash(channel, "game addbot")
        await host.slash(channel, "game start")
    text = followup_text(await host.slash(world.channel, "game mine"))
    assert len(text) <= 2000
    assert "**Your move** (40)" in text and "Waiting for others" not in text
    assert _listed(text, 42) and "https://discord.com/channels/" in text  # the newest first
    left_out = re.search(r"…and (\d+) more tables\.", text)
    assert left_out is not None
    assert text.count("• #") + int(left_out.group(1)) == 42
