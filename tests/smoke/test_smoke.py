"""Smoke tests of the real bot process: start-up, sync, whole games, a restart, a bot seat.

Each test runs ``python -m bot`` against a fresh fake Discord and plays only through what a
Discord user can do (slash commands, autocomplete, buttons) and see (channel messages, their own
DMs, ephemeral replies). A finished game is then replayed with the engine from the seed and log
the bot published, and every message is checked against that replay.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.ratelimits import CHANNEL_POSTS
from tests.smoke.bot_process import (
    LIMITS_FACTOR,
    WAIT,
    World,
    bot_running,
    empty_dir,
    subprocess_env,
)
from tests.smoke.monster_day_driver import (
    ENGINE,
    TableDriver,
    forced_for_people,
    leaked,
    logged_moves,
    open_game,
    replay,
)
from tests.smoke.seen import (
    assert_accepted,
    assert_png,
    assert_private_answer,
    assert_refused,
    expected_refusal,
    hex_hash,
    replay_block,
    reply_text,
    scores_in,
    seed_hash,
    visible_text,
)

TERROR_SUBCOMMANDS = {
    "place", "pass", "attack", "swap", "flee", "end", "discard", "refill", "split", "arrange",
}  # fmt: skip
GAME_SUBCOMMANDS = {
    "new",
    "join",
    "leave",
    "addbot",
    "start",
    "status",
    "hand",
    "resign",
    "rules",
    "list",
    "history",
    "end",
    "expel",
    "host",
    "giveseat",
    "notify",
    "mine",
    "replay",
    "stats",
    "leaderboard",
    "move",
    "config",
}


# ----- 1. no token ---------------------------------------------------------------------------


@pytest.mark.parametrize("token", [None, "   "], ids=["unset", "blank"])
def test_without_a_token_it_exits_and_says_how_to_set_one(tmp_path: Path, token: str | None):
    cwd = empty_dir(tmp_path, "cwd")  # no .env here to fall back on
    env = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
    env.update(subprocess_env())
    if token is not None:
        env["DISCORD_TOKEN"] = token
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    output = done.stdout + done.stderr
    assert done.returncode != 0, output
    assert "DISCORD_TOKEN" in output, output
    assert "export DISCORD_TOKEN=" in output and ".env" in output, output
    assert "Traceback" not in output, output
    assert list(cwd.iterdir()) == [], "it created files before giving up"


# ----- 2. login and sync -----------------------------------------------------------------------


async def test_login_and_sync_to_the_dev_guild_with_italian_names(world: World) -> None:
    fake = world.fake
    async with bot_running(world):
        identify = fake.gateway.identify_payloads[-1]
        assert identify["intents"] == 1, "only the guilds intent; nothing privileged"
        synced = {c["name"]: c for c in fake.synced_commands(world.guild)}
        assert set(synced) == {"game", "monsterday", "terror", "mp", "tournament"}
        assert fake.synced_commands() == [], "with DEV_GUILD_ID nothing is synced globally"
        subcommands = {name: {o["name"] for o in c["options"]} for name, c in synced.items()}
        assert subcommands == {
            "game": GAME_SUBCOMMANDS,
            "monsterday": {"play"},
            "terror": TERROR_SUBCOMMANDS,
            "mp": {"move", "run", "spawn", "place", "attack", "card"},
            "tournament": {"create", "join", "addbot", "leave", "start", "standings", "end"},
        }

        # Interactions work in the synced guild (the reply follows the user's locale).
        listed = await fake.slash(world.bob, world.channel, "game list", timeout=WAIT)
        assert_private_answer(listed)

        missing = {
            name: cmd.get("name_localizations")
            for name, cmd in synced.items()
            if not (cmd.get("name_localizations") or {}).get("it")
        }
        assert not missing, f"commands without an Italian name: {missing}"
        undescribed = [
            f"{name} {sub['name']}"
            for name, cmd in synced.items()
            for sub in cmd["options"]
            if not (sub.get("description_localizations") or {}).get("it")
        ]
        assert not undescribed, f"subcommands without an Italian description: {undescribed}"


# ----- 3. a whole game between two people --------------------------------------------------------


async def test_two_people_play_a_whole_game(world: World) -> None:
    fake, alice, bob = world.fake, world.alice, world.bob
    driver = TableDriver(world, [alice, bob])
    async with bot_running(world):
        _, table_id = await open_game(world, alice, bob)
        start = driver.latest_table()
        published_hash = hex_hash(start.embeds[0]["footer"]["text"])
        assert str(table_id) in start.text

        turn = 0
        while (user := await driver.next_turn()) is not None:
            if turn:  # both hands by DM: the second comes with its first turn (Monster Day I15)
                assert_nothing_public_names_a_hand(driver)
            if turn == 3:
                await check_my_hand_button(driver, other_than=user)
            await driver.play(user, turn)
            turn += 1
            assert turn <= 40, "a basic-deck game has 30 moves"

        final = driver.latest_table()
        history = await driver.history(bob, table=table_id)
        history_button = await fake.click(alice, final, f"mt:history:{table_id}", timeout=WAIT)
        assert logged_moves(assert_private_answer(history_button)) == logged_moves(history)

    rep = replay(replay_block(history))
    forced = len(forced_for_people(rep, driver.seats))
    assert len(logged_moves(history)) == len(rep.actions) == turn + forced == 30
    assert {m.via for m in driver.moves} == {"command", "button"}
    driver.reconcile(rep)

    # The end: the seed is revealed and matches the hash published at the start, and the
    # score shown is the one the engine computes from that seed and the logged moves.
    footer = final.embeds[0]["footer"]["text"]
    assert str(rep.seed) in footer and seed_hash(rep.seed) == published_hash
    assert str(rep.seed) in history
    outcome = ENGINE.outcome(rep.final)
    assert outcome is not None
    first_line = final.content.splitlines()[0]
    assert scores_in(final.content) == outcome["scores"]
    for seat in outcome["winners"]:
        assert driver.seats[seat].mention in first_line  # type: ignore[union-attr]

    # DMs went to their owners only: one DM channel each, nothing else DMed.
    dm_channels = [c for c in fake.channels.values() if c.is_dm]
    assert {c.recipient.id for c in dm_channels if fake.messages(c)} == {alice.id, bob.id}
    for user in (alice, bob):
        dms = fake.messages(user)
        assert dms and all(m.channel.recipient is user for m in dms)
        assert all(m.author is fake.bot for m in dms)


def assert_nothing_public_names_a_hand(driver: TableDriver) -> None:
    """No channel message (lobby, table, anything) names a card now in someone's hand, as
    listed in that player's latest DM; no DM names a card of the other hand."""
    hands = {u.id: driver.hand_in(driver.hand_dms(u)[-1]) for u in driver.humans}
    secret = [card for hand in hands.values() for card in hand]
    assert secret and len(set(secret)) == len(secret) <= 6, hands
    for message in driver.fake.messages(driver.channel):
        named = leaked(visible_text(message), secret)
        assert not named, f"public message names hidden cards {named}:\n{message.text}"
        for att in message.attachments:
            assert_png(att.data)
    for user in driver.humans:
        others = [c for uid, hand in hands.items() if uid != user.id for c in hand]
        assert not leaked(visible_text(driver.hand_dms(user)[-1]), others)
    latest = driver.latest_table()
    posted = driver.fake.revisions_of([latest])[0].seq
    for user in driver.humans:  # both were shown a hand after the last move, linking to it
        shown = driver.hand_deliveries(user)[-1]  # the mover's: in the DM they tapped
        assert shown.seq > posted, user.username
        assert f"/{driver.channel.id}/{latest.id}" in shown.content, shown.content


async def check_my_hand_button(driver: TableDriver, *, other_than: object) -> None:
    """ "My hand" on the table message shows the clicker's hand to them alone."""
    fake = driver.fake
    (user,) = [u for u in driver.humans if u is not other_than]
    public_before = len(fake.messages(driver.channel))
    table = driver.latest_table()
    (button,) = [c for c in table.custom_ids if c.startswith("mt:hand:")]
    shown = await fake.click(user, table, button, timeout=WAIT)
    assert_accepted(shown)
    reply = shown.original
    assert reply is not None and reply.ephemeral
    assert_png(reply.attachment("hand.png").data)
    assert driver.hand_in(reply) == driver.hand_in(driver.hand_dms(user)[-1])
    assert len(fake.messages(driver.channel)) == public_before


# ----- 4. a restart in the middle of a game ------------------------------------------------------


async def test_restart_mid_game_then_old_and_new_buttons(world: World) -> None:
    fake, alice, bob = world.fake, world.alice, world.bob
    driver = TableDriver(world, [alice, bob])
    async with bot_running(world):
        _, table_id = await open_game(world, alice, bob)
        first = await driver.next_turn()
        assert first is not None
        old_dm, old_buttons = driver.move_buttons(first)
        assert old_buttons
        for turn in range(3):  # by command, so the DMs keep their (now stale) buttons
            user = await driver.next_turn()
            assert user is not None
            await driver.play_by_command(user, pick=turn)
    tables_before_restart = len(driver.table_messages())

    async with bot_running(world):
        refused = await fake.click(first, old_dm, old_buttons[0], timeout=WAIT)
        assert_refused(refused, expected_refusal("stale", first.locale))
        assert len(driver.table_messages()) == tables_before_restart, "a stale click moved"

        user = await driver.next_turn()
        assert user is not None
        await driver.play_by_button(user)  # a button drawn by the first process
        user = await driver.next_turn()
        assert user is not None
        await driver.play_by_command(user, pick=1)
        user = await driver.next_turn()
        assert user is not None
        await driver.play_by_button(user, pick=1)  # drawn after the restart

        resigned = await fake.slash(bob, world.channel, "game resign", timeout=WAIT)
        assert_accepted(resigned)
        final = driver.latest_table()
        assert driver.is_finished(final)
        assert bob.mention in final.content and alice.mention in final.content
        history = await driver.history(alice, table=table_id)
        gone = await fake.slash(alice, world.channel, "game status", timeout=WAIT)
        assert_refused(gone, expected_refusal("no_table_here", alice.locale))

    rep = replay(replay_block(history))
    assert len(rep.actions) == len(logged_moves(history)) == len(driver.moves) == 6
    assert str(rep.seed) in final.embeds[0]["footer"]["text"]
    driver.reconcile(rep, resigned=True)


# ----- 7. one person against a bot seat ----------------------------------------------------------


async def test_solo_game_against_a_bot_seat(world: World) -> None:
    """A hard bot decides in the real bot's bot worker process (one render worker: the
    default on two cores), and the bot still stops cleanly with it. Hard only: a normal
    bot seat plays in the whole-night smoke tests of Notte di Terrore, and its name in the
    lobby is tests/cogs/test_bot_levels.py's (a whole game here costs the serial smoke run
    ~20 s)."""
    level = "hard"
    fake, alice = world.fake, world.alice
    driver = TableDriver(world, [alice, None])
    # The bot seat answers after one channel window (1.1 s here, LIMITS_FACTOR): a table post
    # each move, the person's and the bot's, stays under Discord's 5 new messages per window
    # in a channel, which the bot keeps to by holding a post back, and held-back posts of one
    # table merge into the newest (one board narrating both moves: bot/delivery/courier.py).
    # At 0 s the merges depend on the machine's speed, and this test counts one table post
    # per move.
    delay = CHANNEL_POSTS.period / LIMITS_FACTOR
    env = {"BOT_MOVE_DELAY_SECONDS": str(delay), "RENDER_PROCESSES": "1"}
    async with bot_running(world, env=env):
        started, table_id = await open_game(world, alice, None, level)
        lobby = await fake.wait_for_message(world.channel, lambda m: bool(m.embeds), timeout=WAIT)
        assert f"🤖 Ada ({level})" in lobby.text
        turn = 0
        while (user := await driver.next_turn(timeout=30)) is not None:
            assert user is alice
            await driver.play(user, turn)
            turn += 1
            assert turn <= 40
        history = await driver.history(alice, table=table_id)
        final = driver.latest_table()

    rep = replay(replay_block(history))
    assert len(rep.actions) == 30
    bot_moves = [a for a in rep.actions if a["seat"] == 1]
    forced = len(forced_for_people(rep, driver.seats))
    assert len(bot_moves) == 30 - turn - forced and bot_moves, "the bot seat never moved"
    driver.reconcile(rep)
    outcome = ENGINE.outcome(rep.final)
    assert outcome is not None
    assert scores_in(final.content) == outcome["scores"]
    assert [c.recipient for c in fake.channels.values() if c.is_dm and fake.messages(c)] == [
        alice
    ], "only the human is DMed"
    assert "⚠️" not in started.text


async def test_history_without_a_number_right_after_the_end(world: World) -> None:
    """The final table message says "replay it with /game history": right after the end,
    in the same channel, the plain command must show that table's log and seed."""
    fake, alice, bob = world.fake, world.alice, world.bob
    driver = TableDriver(world, [alice, bob])
    async with bot_running(world):
        _, table_id = await open_game(world, alice, bob)
        assert_accepted(await fake.slash(bob, world.channel, "game resign", timeout=WAIT))
        final = driver.latest_table()
        assert driver.is_finished(final)
        numbered = await driver.history(bob, table=table_id)
        plain = await fake.slash(bob, world.channel, "game history", timeout=WAIT)
        assert_accepted(plain)
    assert replay_block(numbered)["seed"] == replay_block(reply_text(plain))["seed"]
