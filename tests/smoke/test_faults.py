"""Smoke tests of the real bot process when Discord or the players misbehave.

Discord: a rate limit on the table post, a server error on the interaction followup, a dropped
gateway connection, a player whose DMs are closed. Players: buttons the bot never drew, buttons
from an older table, cards they do not hold, a second table in a busy channel. Every one of
these gets an answer, and none changes the game more than once.
"""

from __future__ import annotations

import asyncio

from bot.i18n import t
from tests.smoke.bot_process import WAIT, World, bot_running
from tests.smoke.monster_day_driver import TableDriver, logged_moves, open_game
from tests.smoke.seen import (
    assert_accepted,
    assert_png,
    assert_private_answer,
    assert_refused,
    expected_refusal,
)

RATE_LIMITED = r"rate limited"


# ----- 5. Discord failing -----------------------------------------------------------------------


async def test_429_on_the_table_post_and_500_on_the_followup_apply_once(world: World) -> None:
    fake, alice, bob = world.fake, world.alice, world.bob
    driver = TableDriver(world, [alice, bob])
    posts = f"/channels/{world.channel.id}/messages"
    async with bot_running(world, allow=[RATE_LIMITED]):
        _, table_id = await open_game(world, alice, bob)

        user = await driver.next_turn()
        assert user is not None
        seen = len(fake.requests_to("POST", posts))
        limited = fake.fail_next("POST", posts, 429, retry_after=0.3)
        await driver.play_by_command(user)
        assert limited.exhausted
        assert [r.status for r in fake.requests_to("POST", posts)[seen:]] == [429, 200]
        assert len(driver.table_messages()) == 2
        assert len(logged_moves(await driver.history(user))) == 1

        user = await driver.next_turn()
        assert user is not None
        seen = len(fake.requests_to("POST", "/webhooks/*"))
        broken = fake.fail_next("POST", "/webhooks/*", 500)
        await driver.play_by_button(user)
        assert broken.exhausted
        assert [r.status for r in fake.requests_to("POST", "/webhooks/*")][seen:] == [500, 200]
        assert len(driver.table_messages()) == 3
        history = await driver.history(user, table=table_id)
        assert len(logged_moves(history)) == 2
        assert [m.index for m in driver.moves] == [0, 1]


async def test_dropped_gateway_connection_resumes(world: World) -> None:
    fake, alice, bob = world.fake, world.alice, world.bob
    driver = TableDriver(world, [alice, bob])
    async with bot_running(world):
        await open_game(world, alice, bob)
        identifies = len(fake.gateway.identify_payloads)

        await fake.drop_gateway()
        assert fake.gateway.resume_count == 1
        status = await fake.slash(alice, world.channel, "game status", timeout=WAIT)
        assert_accepted(status)
        assert_png(status.original.attachment("board.png").data)  # type: ignore[union-attr]

        # A command sent while the bot is away arrives when it resumes.
        await fake.drop_gateway(wait=False)
        user = await driver.next_turn()
        assert user is not None
        await driver.play_by_command(user)
        assert fake.gateway.resume_count == 2
        assert len(fake.gateway.identify_payloads) == identifies, "it identified again"
        assert len(logged_moves(await driver.history(user))) == 1


async def test_closed_dms_are_reported_and_hand_works(world: World) -> None:
    fake, bob = world.fake, world.bob
    carol = fake.add_user("carol", locale="en-US", dms_open=False)
    driver = TableDriver(world, [carol, bob])
    # The start's answer waits for the hands however slow the machine: after the default 8 s
    # it says "the table and the hands are on their way" instead of what became of carol's
    # DM (the serial smoke run failed so on a machine loaded 12 deep on 2 cores).
    async with bot_running(world, env={"REPLY_WAIT_SECONDS": "60"}):
        started, _ = await open_game(world, carol, bob)
        closed_note = t("en", "📪 Your DMs are closed, so use `/game hand` to see your hand.")
        bob_first = await driver.next_turn() is bob
        if bob_first:  # carol's hand is due with her first turn (I15)
            await driver.play(bob, 0)
        else:
            assert closed_note in started.text
        # The channel is told once, in a notice of its own that pings only carol.
        notices = await fake.wait_until(
            lambda: [m for m in fake.messages(world.channel) if "📪" in m.content], WAIT,
            what="the closed-DM notice",
        )  # fmt: skip
        assert len(notices) == 1 and carol.mention in notices[0].content
        assert "📪" not in driver.latest_table().content
        assert fake.messages(carol) == []
        # Bob's hand DM comes with his first turn (Monster Day I15), not before.
        assert bool(driver.hand_dms(bob)) == bob_first

        public = len(fake.messages(world.channel))
        hand = await fake.slash(carol, world.channel, "game hand", timeout=WAIT)
        assert_private_answer(hand)
        reply = hand.original
        assert reply is not None
        assert_png(reply.attachment("hand.png").data)
        cards = driver.hand_in(reply)
        assert len(cards) == 3
        assert len(fake.messages(world.channel)) == public, "the hand was shown in public"

        moved = False
        for turn in range(4):
            user = await driver.next_turn()
            assert user is not None
            if user is carol:
                choices = await fake.autocomplete(
                    carol, world.channel, "monsterday play", focused="card"
                )
                assert {c["value"] for c in choices} <= set(cards)
                result = await driver.play_by_command(carol, pick=turn)
                assert closed_note in result.text
                moved = True
            else:
                await driver.play(user, turn)
            hand = await fake.slash(carol, world.channel, "game hand", timeout=WAIT)
            assert hand.original is not None
            cards = driver.hand_in(hand.original)
        assert moved
        assert fake.messages(carol) == []
        notices = [m for m in fake.messages(world.channel) if "📪" in m.content]
        assert len(notices) == 1, "the closed DMs were announced more than once"


# ----- 6. players sending what they should not ---------------------------------------------------


async def test_bad_clicks_and_commands_get_a_private_refusal(world: World) -> None:
    fake, alice, bob, channel = world.fake, world.alice, world.bob, world.channel
    driver = TableDriver(world, [alice, bob])
    async with bot_running(world):
        opened = await fake.slash(alice, channel, "game new", game="monster_day", timeout=WAIT)
        assert_accepted(opened)
        for who in (bob, alice):  # a second table in the same channel, by anyone
            busy = await fake.slash(who, channel, "game new", game="monster_day", timeout=WAIT)
            assert_refused(
                busy, expected_refusal("channel_busy", who.locale, game_id=1, game="monster_day")
            )
        assert len(fake.messages(channel)) == 1, "a refused /game new posted a lobby"
        assert_accepted(await fake.slash(bob, channel, "game join", timeout=WAIT))
        assert_accepted(await fake.slash(alice, channel, "game start", timeout=WAIT))
        again = await fake.slash(bob, channel, "game new", game="monster_day", timeout=WAIT)
        assert_refused(again)

        user = await driver.next_turn()
        assert user is not None
        other = bob if user is alice else alice
        dm, buttons = driver.move_buttons(user)
        digest = buttons[0].split(":")[3]  # the fingerprint of the player's choices
        own = driver.hand_in(dm)
        # Their hand DM comes with their first turn (Monster Day I15): "My hand" shows it.
        shown = await fake.slash(other, channel, "game hand", timeout=WAIT)
        theirs = driver.hand_in(shown.original)

        def snapshot() -> list[object]:
            public = [(m.id, m.text, m.custom_ids) for m in fake.messages(channel)]
            return [public, [len(fake.messages(u)) for u in (alice, bob)], dm.custom_ids]

        before = snapshot()

        # Commands: out of turn, a card the other player holds, no card at all, no such space.
        refusals = [
            (other, theirs[0], 1, "not_your_turn", {}),
            (user, theirs[0], 1, "illegal.card_not_in_hand", {}),
            (user, "the-joker", 1, "unknown_choice", {"typed": "the-joker"}),
            (user, own[0], 7, "illegal.no_such_space", {}),
            (user, own[0], 0, "illegal.no_such_space", {}),
        ]
        for who, card, space, code, params in refusals:
            result = await fake.slash(
                who, channel, "monsterday play", card=card, space=space, timeout=WAIT
            )
            assert_refused(result, expected_refusal(code, who.locale, **params))

        # Buttons the bot never drew (or no longer can serve).
        bogus_ids = {
            "mt:act:1": "malformed_component",
            "mt:act:1:v2:0": "malformed_component",
            "mt:dance:1": "malformed_component",
            "mt:": "malformed_component",
            f"mt:act:1:{digest}:99": "malformed_component",
            "mt:act:1:5:0": "malformed_component",  # a version where the choices digest goes
            "mt:hand:424242": "no_such_table",
            f"mt:act:424242:{digest}:0": "no_such_table",
            # Any custom_id at all is answered: another prefix, a newline, 100 characters.
            "hello": "malformed_component",
            "mt:hand:1\n": "malformed_component",
            "mt:hand:1" + "9" * 91: "malformed_component",
        }
        ids = list(bogus_ids)
        rows = [
            {
                "type": 1,
                "components": [
                    {"type": 2, "style": 1, "label": f"b{i}", "custom_id": cid}
                    for i, cid in enumerate(ids[start : start + 5], start)
                ],
            }
            for start in range(0, len(ids), 5)
        ]
        planted = fake.create_message(channel, {"content": "old buttons", "components": rows}, {})
        for custom_id, code in bogus_ids.items():
            clicked = await fake.click(user, planted, custom_id, timeout=WAIT)
            assert_refused(clicked, expected_refusal(code, user.locale))
        after = snapshot()
        after[0] = [p for p in after[0] if p[0] != planted.id]  # type: ignore[union-attr]
        assert after == before, "a refused input changed something"
        assert logged_moves(await driver.history(user)) == []

        # A stale button: the move is made by command, then the DM's button is tapped.
        await driver.play_by_command(user)
        stale = await fake.click(user, dm, buttons[0], timeout=WAIT)
        assert_refused(stale, expected_refusal("stale", user.locale))
        assert len(driver.table_messages()) == 2
        assert len(logged_moves(await driver.history(user))) == 1


async def test_a_double_tap_on_a_move_button_moves_once(world: World) -> None:
    fake, alice, bob = world.fake, world.alice, world.bob
    driver = TableDriver(world, [alice, bob])
    async with bot_running(world):
        await open_game(world, alice, bob)
        user = await driver.next_turn()
        assert user is not None
        dm, buttons = driver.move_buttons(user)
        first = await fake.click(user, dm, buttons[0], wait=False)
        second = await fake.click(user, dm, buttons[-1], wait=False)
        await first.wait_answered(WAIT)
        await second.wait_answered(WAIT)
        assert_accepted(first)
        assert_refused(second, expected_refusal("stale", user.locale))
        assert len(driver.table_messages()) == 2
        assert len(logged_moves(await driver.history(user))) == 1


async def test_503_on_the_table_post_neither_denies_nor_hides_the_move(world: World) -> None:
    """discord.py does not retry a 503 on a channel route. The move is already committed when
    the table is posted, so the mover must not be told "nothing was changed", and the next
    player must still learn that it is their turn (their hand DM with move buttons)."""
    fake, alice, bob = world.fake, world.alice, world.bob
    driver = TableDriver(world, [alice, bob])
    allow = [r"Traceback", r"ERROR\s+bot\.", r"503"]
    async with bot_running(world, allow=allow):
        await open_game(world, alice, bob)
        user = await driver.next_turn()
        assert user is not None
        other = bob if user is alice else alice
        dms_before = len(driver.hand_dms(other))
        fake.fail_next("POST", f"/channels/{world.channel.id}/messages", 503)
        card = (await fake.autocomplete(user, world.channel, "monsterday play", focused="card"))[0]
        spaces = await fake.autocomplete(
            user, world.channel, "monsterday play", focused="space", card=card["value"]
        )
        played = await fake.slash(
            user,
            world.channel,
            "monsterday play",
            card=card["value"],
            space=spaces[0]["value"],
            timeout=WAIT,
        )
        text = assert_private_answer(played)
        assert len(logged_moves(await driver.history(user))) == 1, "applied exactly once"
        apology = t(
            user.locale,
            "😵 Something went wrong on my side; it has been logged. "
            "Nothing was changed. Please try again.",
        )
        assert text != apology, "the move was applied, yet the player is told nothing changed"
        await fake.wait_until(
            lambda: len(driver.hand_dms(other)) > dms_before,
            WAIT,
            what=f"{other.username}'s hand DM after the move",
        )
        assert driver.move_buttons(other)[1], "the next player got no move buttons"


async def test_old_lobby_buttons_act_only_on_the_table_they_were_drawn_for(world: World) -> None:
    """Issue 7: alice opens a table and leaves it, and Discord refuses the lobby edit, so its
    buttons stay; bob opens a new table in the channel. Carol's click on the old Join and
    bob's on the old Start are refused and change nothing: every button names its table."""
    fake, alice, bob, channel = world.fake, world.alice, world.bob, world.channel
    carol = fake.add_user("carol", locale="en-US")
    async with bot_running(world, allow=[r"given up: forbidden"]):
        assert_accepted(await fake.slash(alice, channel, "game new", game="monster_day",
                                         timeout=WAIT))  # fmt: skip
        lobby = await fake.wait_for_message(
            channel, lambda m: any(c.startswith("mt:join:") for c in m.custom_ids), timeout=WAIT
        )
        refused = fake.fail_next(
            "PATCH", f"/channels/{channel.id}/messages/{lobby.id}", 403, code=50001,
            message="Missing Access",
        )  # fmt: skip
        assert_accepted(await fake.slash(alice, channel, "game leave", timeout=WAIT))
        await fake.wait_until(lambda: refused.exhausted, WAIT, what="the refused lobby edit")
        assert_accepted(await fake.slash(bob, channel, "game new", game="monster_day",
                                         timeout=WAIT))  # fmt: skip
        (join,) = [c for c in lobby.custom_ids if c.startswith("mt:join:")]
        (start,) = [c for c in lobby.custom_ids if c.startswith("mt:start:")]
        closed = expected_refusal("table_closed", carol.locale, game_id=1)
        assert_refused(await fake.click(carol, lobby, join, timeout=WAIT), closed)
        closed = expected_refusal("table_closed", bob.locale, game_id=1)
        assert_refused(await fake.click(bob, lobby, start, timeout=WAIT), closed)
        status = await fake.slash(bob, channel, "game status", timeout=WAIT)
        assert_accepted(status)
        shown = status.text
        assert bob.mention in shown and carol.mention not in shown, shown
        assert "#2" in shown


async def test_five_people_pressing_join_at_once_are_all_seated(world: World) -> None:
    """Issue 7: joins commute, so four people joining a Notte di Terrore table in the same
    moment are all seated (two were, and three were told the table had moved on)."""
    fake, alice, channel = world.fake, world.alice, world.channel
    others = [world.bob, *(fake.add_user(f"p{i}", locale="en-US") for i in range(3))]
    async with bot_running(world):
        opened = await fake.slash(alice, channel, "game new", game="notte_di_terrore", timeout=WAIT)
        assert_accepted(opened)
        clicks = [fake.slash(u, channel, "game join", wait=False) for u in others]
        results = await asyncio.gather(*clicks)
        for result in results:
            await result.wait_answered(WAIT)
            assert_accepted(result)
        status = await fake.slash(alice, channel, "game status", timeout=WAIT)
        assert all(u.mention in status.text for u in [alice, *others[:4]]), status.text


async def test_a_name_that_looks_like_a_mention_pings_nobody(world: World) -> None:
    """Issue 7: a player whose display name is ``<@bob>`` resigns and a bot takes the seat as
    ``Bot (<@bob>)``: bob must not be pinged by every turn of that bot. Names are shown
    escaped everywhere, and each message pings only the users it means."""
    fake, alice, bob, channel = world.fake, world.alice, world.bob, world.channel
    mallory = fake.add_user("mallory", locale="en-US")
    mallory.global_name = f"<@{bob.id}> **@everyone**"
    async with bot_running(world):
        assert_accepted(await fake.slash(alice, channel, "game new", game="notte_di_terrore",
                                         timeout=WAIT))  # fmt: skip
        for user in (bob, mallory):
            assert_accepted(await fake.slash(user, channel, "game join", timeout=WAIT))
        assert_accepted(await fake.slash(alice, channel, "game start", timeout=WAIT))
        assert_accepted(await fake.slash(mallory, channel, "game resign", timeout=WAIT))
        await fake.wait_until(
            lambda: any("Bot (" in m.text for m in fake.messages(channel)), WAIT,
            what="the table with mallory's bot",
        )  # fmt: skip
        everything = fake.messages(channel) + [m for u in (alice, bob) for m in fake.messages(u)]
        for message in everything:
            # mallory's name never reads as a mention of bob, nor as @everyone
            assert f"<@{bob.id}> **" not in message.text, message.text
            assert f"<@{bob.id}> \\*\\*" not in message.text, message.text
            assert "@everyone" not in message.text.replace("@\u200beveryone", "")
            first = message.history[0]["content"] if message.history else message.content
            named = [u.id for u in (alice, bob, mallory) if u.mention in first]
            assert set(message.pinged) <= set(named), (message.content, message.pinged)
        # Bob was pinged only where he is named as a player (the start: everyone chooses).
        for message in fake.messages(channel):
            if bob.id in message.pinged:  # only where it is bob's turn, as first sent
                first = message.history[0]["content"] if message.history else message.content
                assert first.startswith("▶️") and "Bot (" not in first, first


async def test_game_status_answers_each_player_in_their_language(world: World) -> None:
    """Issue 7: ``/game status`` answered an Italian user in English. The table posts speak
    the table's language; a private answer speaks the reader's."""
    fake, alice, bob, channel = world.fake, world.alice, world.bob, world.channel
    async with bot_running(world):
        await open_game(world, bob, alice)  # an English table (bob opened it)
        for user, other in ((alice, bob), (bob, alice)):
            status = await fake.slash(user, channel, "game status", timeout=WAIT)
            assert_accepted(status)
            (embed,) = status.original.embeds  # type: ignore[union-attr]
            names = [field["name"] for field in embed["fields"]]
            assert t(user.locale, "Players") in names, (user.locale, names)
            assert t(other.locale, "Players") not in names, (user.locale, names)


async def test_resigning_while_the_bots_are_busy_never_stalls_the_table(world: World) -> None:
    """Issue 7: one player and two bot seats; the player's DM waits on a 429 for 2 s and they
    resign half a second after being pinged. The next bot seat never moved until a restart.
    Whatever raced, every state in which a bot must act gets its bot move: the night ends."""
    fake, alice, channel = world.fake, world.alice, world.channel
    async with bot_running(world, allow=[RATE_LIMITED]):
        assert_accepted(await fake.slash(alice, channel, "game new", game="notte_di_terrore",
                                         timeout=WAIT))  # fmt: skip
        for _ in range(2):
            assert_accepted(await fake.slash(alice, channel, "game addbot", timeout=WAIT))
        fake.fail_next("POST", f"/channels/{fake.dm_channel(alice).id}/messages", 429,
                       retry_after=2.0)  # fmt: skip
        assert_accepted(await fake.slash(alice, channel, "game start", timeout=WAIT))
        await fake.wait_until(
            lambda: any(alice.id in m.pinged for m in fake.messages(channel)), WAIT,
            what="alice pinged",
        )  # fmt: skip
        await asyncio.sleep(0.5)
        assert_accepted(await fake.slash(alice, channel, "game resign", timeout=WAIT))

        def over() -> bool:
            tables = [m for m in fake.messages(channel) if any(
                a.filename == "board.png" for a in m.attachments)]  # fmt: skip
            return bool(tables) and not any(c.startswith("mt:hand:") for c in tables[-1].custom_ids)

        await fake.wait_until(over, 120, what="the bots to finish the night")
