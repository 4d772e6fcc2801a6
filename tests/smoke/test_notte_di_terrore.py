"""Smoke tests of whole Notte di Terrore nights, played by the real bot process.

People play only as Discord lets them: slash commands with autocomplete, the buttons of their
hand DMs, reading the table messages (whose first line names who must act) and their own DMs.
Bot seats play by themselves. Once the night is over, the seed and log that ``/game history``
publishes are replayed with the engine, and every table message, hand DM and offered choice is
checked against that replay (see :mod:`tests.smoke.notte_driver`).
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter

from bot.i18n import normalise
from rules.notte_di_terrore import cards
from tests.fakediscord import FakeMessage, FakeUser
from tests.smoke.bot_process import WAIT, World, bot_running
from tests.smoke.notte_checks import Replay, forced_moves, logged_moves, reconcile, replay
from tests.smoke.notte_driver import ENGINE, NotteTable, first_line, is_finished, scores_in
from tests.smoke.seen import assert_accepted, hex_hash, replay_block, seed_hash, visible_text

CHECK_EVERY = 8
"""Moves between two checks that no hand shows up where it should not."""
PEEK_AT = 10
"""After this many moves, someone looks at their hand and the log while the night goes on."""
CARD_ID = re.compile(r"\b([a-z_]+):\d+\b")


async def play_night(table: NotteTable, *, max_moves: int) -> int:
    """Play the humans' moves until the night is over; the number of moves they made."""
    moves = 0
    while (user := await table.next_actor()) is not None:
        if moves % CHECK_EVERY == 0:
            table.assert_hands_private()
            assert_no_card_ids(table)
        if moves == PEEK_AT:
            other = next(u for u in table.humans if u is not user)
            await table.check_my_hand_button(other)
            await check_running_history(table, other)
        await table.play_turn(user)
        moves += 1
        assert moves <= max_moves, f"the night is still going after {moves} human moves"
    table.assert_hands_private()
    assert_no_card_ids(table)
    return moves


async def check_running_history(table: NotteTable, user: FakeUser) -> None:
    """While the night goes on, ``/game history`` lists every move but not how anyone split
    their starting hand (chosen privately, at the same time), and keeps the seed secret."""
    history = await table.history(user)
    moves = logged_moves(history)
    splits = [line for line in moves if "choose_split" in line]
    assert moves and not any('"events"' in line for line in splits), moves
    assert "```json" not in history
    if None not in table.seats:  # every move so far was these people's, or forced on them
        assert len(moves) >= len(table.moves)


def assert_no_card_ids(table: NotteTable) -> None:
    """Card ids (``zombie:3``) are the bot's business: nobody reads them anywhere."""
    designs = {
        design
        for deck in (cards.decks().beings, cards.decks().events, cards.decks().weapons)
        for design in deck
    } | set(cards.decks().places)
    messages = table.fake.messages(table.channel)
    for user in table.humans:
        messages += table.fake.messages(user)
    for message in messages:
        named = [m.group(0) for m in CARD_ID.finditer(visible_text(message))]
        ids = [n for n in named if n.split(":")[0] in designs]
        assert not ids, f"card ids {ids} in {message.text!r}"


async def the_end(table: NotteTable) -> tuple[FakeMessage, str]:
    """The final table message and the log as a player reads it once the night is over."""
    final = table.latest_table()
    assert is_finished(final), final.text
    return final, await table.history(table.humans[-1])


def check_the_end(
    table: NotteTable, final: FakeMessage, history: str, start_hash: str, table_locale: str
) -> Replay:
    """The end as everyone saw it, against the engine's replay of the published log. Run
    after the bot has stopped: replaying and checking every message takes a while, and the
    fake Discord (same event loop) must not keep a live bot waiting meanwhile."""
    rep = replay(replay_block(history))
    assert len(logged_moves(history)) == len(rep.actions)
    assert rep.final.over and ENGINE.outcome(rep.final) is not None

    # The seed revealed at the end is the one committed to at the start.
    footer = final.embeds[0]["footer"]["text"]
    assert str(rep.seed) in footer and seed_hash(rep.seed) == start_hash

    # The winners and scores announced are the engine's, recomputed from seed and log.
    outcome = ENGINE.outcome(rep.final)
    assert outcome is not None
    line = first_line(final)
    assert scores_in(final.content) == outcome["scores"], (final.content, outcome)
    names = table.names()
    for seat, user in enumerate(table.seats):
        shown = user.mention if user is not None else f"**{names[seat]}**"
        assert (shown in line) == (seat in outcome["winners"]), (line, outcome)

    reconcile(table, rep, table_locale)

    # Hand DMs went to their owners only, from the bot; nobody else was DMed.
    fake = table.fake
    dm_channels = [c for c in fake.channels.values() if c.is_dm and fake.messages(c)]
    assert {c.recipient.id for c in dm_channels} == {u.id for u in table.humans}
    for user in table.humans:
        assert all(m.author is fake.bot for m in fake.messages(user))
    return rep


def could_attack(rep: Replay, table: NotteTable) -> bool:
    """Whether an attack was ever legal on a person's own move (not one the table made for
    them, forced), by the replay."""
    return any(
        a["type"] == "attack"
        for j, entry in enumerate(rep.actions)
        if table.seats[entry["seat"]] is not None
        and ENGINE.forced_action(rep.states[j], entry["seat"]) is None
        for a in rep.legal(j, entry["seat"])
    )


def kinds_made(table: NotteTable) -> Counter[tuple[str, str]]:
    return Counter((m.kind, m.via) for m in table.moves)


# ----- 3 people -----------------------------------------------------------------------------


async def test_three_people_play_a_whole_night(world: World) -> None:
    """alice (Italian, host), bob and carol: hands chosen by DM button and by ``/terror split``,
    then every kind of move by button and by command, until someone gets home."""
    fake = world.fake
    carol = fake.add_user("carol", locale="en-US")
    table = NotteTable(world, [world.alice, world.bob, carol])
    async with bot_running(world):
        start = await table.open(world.alice, variant="short_night")
        start_hash = hex_hash(start.embeds[0]["footer"]["text"])
        assert table.named(start) == table.humans, "every seat chooses its hand at once"
        made = await play_night(table, max_moves=250)
        final, history = await the_end(table)
    rep = check_the_end(table, final, history, start_hash, normalise(world.guild.preferred_locale))

    forced = forced_moves(rep, table.seats)
    assert made + forced == len(rep.actions), "every move was a human's, or forced on one"
    kinds = kinds_made(table)
    splits = {via for (kind, via) in kinds if kind == "choose_split"}
    assert splits == {"button", "command"}, kinds
    for wanted in [("place", "command"), ("pass", "button"), ("pass", "command")]:
        assert kinds[wanted], f"no {wanted} in {kinds}"
    for wanted in ["refill", "arrange_weapons", "discard"]:
        assert kinds[(wanted, "button")] + kinds[(wanted, "command")], f"no {wanted}: {kinds}"
    # A person attacks whenever they may (play_turn), but some seeds' nights never let one
    # (about 1 in 9 short nights): then no attack was ever legal on a person's move.
    attacked = kinds[("attack", "button")] + kinds[("attack", "command")]
    assert bool(attacked) == could_attack(rep, table), f"attacks {attacked}: {kinds}"
    assert any("target" in m.given for m in table.moves), "no Event placed on a Being"


# ----- with bot seats -------------------------------------------------------------------------


async def test_two_people_and_two_bots_play_a_whole_night(world: World) -> None:
    """Two people between two bot seats, first home wins: the bots' moves reach the channel
    as table messages of their own, and the people always get their turn."""
    table = NotteTable(world, [world.alice, None, world.bob, None])
    async with bot_running(world):
        start = await table.open(world.alice, options="places=3 victory=home_first")
        start_hash = hex_hash(start.embeds[0]["footer"]["text"])
        made = await play_night(table, max_moves=300)
        final, history = await the_end(table)
    rep = check_the_end(table, final, history, start_hash, normalise(world.guild.preferred_locale))

    assert rep.block["options"]["victory"] == "home_first"
    bot_moves = [a for a in rep.actions if table.seats[a["seat"]] is None]
    forced = forced_moves(rep, table.seats)
    assert bot_moves and made + forced + len(bot_moves) == len(rep.actions)


async def test_two_people_and_three_bots_play_a_whole_night(world: World) -> None:
    """A full table of five, three of them bots, with the Necronomicon removed after use."""
    table = NotteTable(world, [world.bob, world.alice, None, None, None])
    async with bot_running(world):
        start = await table.open(world.bob, options="luoghi=3 necronomicon_rimosso=sì")
        start_hash = hex_hash(start.embeds[0]["footer"]["text"])
        made = await play_night(table, max_moves=300)
        final, history = await the_end(table)
    rep = check_the_end(table, final, history, start_hash, normalise(world.guild.preferred_locale))

    assert rep.block["options"]["necronomicon_removed"] is True
    bot_moves = [a for a in rep.actions if table.seats[a["seat"]] is None]
    forced = forced_moves(rep, table.seats)
    assert bot_moves and made + forced + len(bot_moves) == len(rep.actions)
    assert {seat for seat, u in enumerate(table.seats) if u is None} <= {
        a["seat"] for a in bot_moves
    }


# ----- simultaneous choices ---------------------------------------------------------------------


async def test_hand_splits_tapped_at_the_same_moment_all_count(world: World) -> None:
    """Three people tap a split button in their DMs at the same moment (and a bot seat chooses
    meanwhile): each tap names its player's own choices, which the others' taps leave alone,
    so every tap counts and none is refused as stale."""
    fake = world.fake
    carol = fake.add_user("carol", locale="en-US")
    table = NotteTable(world, [world.alice, world.bob, carol, None])
    async with bot_running(world):
        await table.open(world.alice)
        taps = []
        for user in table.humans:
            dm = await fake.wait_for_message(user, lambda m: bool(m.custom_ids), timeout=WAIT)
            split = next(c for c in dm.custom_ids if c.startswith("mt:act:"))
            taps.append(fake.click(user, dm, split, timeout=WAIT))
        for result in await asyncio.gather(*taps):
            assert_accepted(result)
        await fake.wait_until(  # the first turn is narrated: "🌙 Turn 1: ... reveals ..."
            lambda: any("🌙" in visible_text(m) for m in table.table_messages()),
            WAIT,
            what="the first turn after everyone chose",
        )
