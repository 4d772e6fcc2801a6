"""The REST budget of a move (issue 27): what a move costs in Discord requests outside
interaction answers, which Discord does not count against the bot's 50 per second."""

from __future__ import annotations

from typing import Any

from bot.delivery.courier import COALESCE_SECONDS
from bot.delivery.in_answer import LOBBY_ANSWER
from tests.cogs.helpers import (
    ANN_FIRST,
    World,
    followup_text,
    latest_with_buttons,
    make_world,
    message_now,
    open_table,
    private,
    replies,
    text_of,
    walked,
)

FREE = ("/interactions/", "/webhooks/")


def counted(env: Any, since: int) -> list[str]:
    """The REST calls since ``since`` that count against the bot's limits, as "METHOD path"."""
    return [
        f"{r.method} {r.path}"
        for r in env.http_requests[since:]
        if not any(part in r.path for part in FREE)
    ]


async def _started(world: World) -> None:
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    await world.bot.courier.wait_idle()


async def _first_to_move(world: World) -> tuple[int, Any, Any]:
    """A started Monster Day table: the seat to move, its player, their hand DM."""
    await _started(world)
    record = await world.record()
    seat = world.bot.tables.pending(record)[0]
    actor = world.actor_for(record.seats[seat].user_id)
    dm = latest_with_buttons(actor.user.dm_channel)
    assert dm is not None
    return seat, actor, dm


async def _lobby_open(world: Any) -> tuple[Any, Any]:
    """A Monster Day lobby ann opened, all its deliveries sent: its record and its message."""
    await open_table(world, bob_joins=False)
    await world.bot.courier.wait_idle()
    record = await world.record()
    return record, message_now(world.channel, record.lobby_message_id)


async def test_a_dm_button_move_spends_its_buttons_inside_the_answer(simcord_env) -> None:
    """The tapped hand DM loses its spent move buttons through the interaction's answer (a
    deferred update, free): no edit request of its own (one per move before issue 27)."""
    world = make_world(simcord_env)
    _seat, actor, dm = await _first_to_move(world)
    since = len(simcord_env.http_requests)
    result = await actor.user.click(dm, custom_id=dm.components[0].children[0].custom_id)
    await world.bot.courier.wait_idle()
    assert private(result) and "Done" in followup_text(result), followup_text(result)
    calls = counted(simcord_env, since)
    assert not [c for c in calls if c.startswith("PATCH")], calls
    assert not message_now(actor.user.dm_channel, dm.id).components
    # The table post and the next player's DM: the mover's new hand came in the answer. (The
    # next player's first DM opens their DM channel: once per player, ever, bot.dm_channels.)
    calls = [c for c in calls if c != "POST /users/@me/channels"]
    assert len(calls) == 2, calls


async def test_the_movers_new_hand_arrives_inside_the_answer(simcord_env) -> None:
    """Issue 27 §2: the mover's new hand (a card drawn) is shown in the DM they tapped, by
    the interaction's answer (free), not by a new DM of its own; the outbox counts it as
    delivered, so a later in-place update edits that same DM."""
    world = make_world(simcord_env)
    seat, actor, dm = await _first_to_move(world)
    before = len(actor.user.dm_channel.history())
    since = len(simcord_env.http_requests)
    await actor.user.click(dm, custom_id=dm.components[0].children[0].custom_id)
    await world.bot.courier.wait_idle()
    dm_posts = [c for c in counted(simcord_env, since)
                if c == f"POST /channels/{actor.user.dm_channel.id}/messages"]  # fmt: skip
    assert not dm_posts
    assert len(actor.user.dm_channel.history()) == before
    after = await world.record()
    shown = message_now(actor.user.dm_channel, dm.id)
    assert shown.attachments, "the tapped DM shows the new hand's image"
    assert shown.embeds[0].description != dm.embeds[0].description, "the hand is the new one"
    assert await world.bot.store.last_hand_message(after.id, seat) == dm.id
    assert await world.bot.store.undelivered(after.id, after.version) == 0


async def test_a_player_without_dms_is_pinged_once_a_turn_by_a_short_line(simcord_env) -> None:
    """Issue 27 §2: a player no DM reaches, asked to act again within a turn, used to get the
    whole table posted anew to ping them (4.5 channel messages per turn in a 4-player night).
    Now the table message is edited and a short line pings them: a mention, no board, a jump
    link to the table message. One line a turn: asked again within the turn, they are not
    pinged again (their line stands until the turn moves on; one line each time they were
    asked made Munchkin Fu's channel 5.7 messages a turn); a new turn's post deletes it."""
    from tests.cogs.test_notte_di_terrore_table import move, open_notte

    world = make_world(simcord_env)
    cy, di = world.add_player("cy"), world.add_player("di")
    dm = world.bob.user.dm_channel
    simcord_env.inject_error("POST", f"/channels/{dm.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)  # fmt: skip
    record = await open_notte(world, [world.bob, cy, di])
    turns: set[Any] = set()
    lines: dict[Any, set[int]] = {}
    asked_again = 0
    was_asked = False
    for step in range(60):
        if record.status != "active":
            break
        seat = world.bot.tables.pending(record)[0]
        await move(world, record, seat, step)
        await world.bot.courier.wait_idle()
        record = await world.record()
        turn = world.bot.tables.view(record, None).get("turn_number")
        turns.add(turn)
        pending = world.bot.tables.pending(record)
        bob_asked = any(record.seats[s].user_id == world.bob.id for s in pending)
        standing = [m for m in world.channel.history() if world.bob.mention in m.content]
        short = [m for m in standing if m.content.startswith("🔔")]
        for line in short:
            assert f"/{record.message_id}" in line.content, "a line of an earlier turn stands"
            assert len(line.content) < 300 and not line.embeds and not line.attachments
        lines.setdefault(turn, set()).update(m.id for m in short)
        asked_again += bob_asked and not was_asked and bool(lines[turn])
        was_asked = bob_asked
    assert any(lines.values()), "bob was never pinged by a short line"
    assert asked_again, "bob was never asked again within a turn: the test shows nothing"
    assert all(len(ids) <= 1 for ids in lines.values()), lines
    posted = len(world.channel.history())
    assert posted <= 3 * len(turns) + 2, (posted, len(turns))


async def _joins_at_once(env: Any, names: tuple[str, ...]) -> tuple[World, Any, list[Any], int]:
    """A Munchkin Fu lobby that ``names`` join at once: each join committed and handed to the
    courier (as ``flows.committed`` does) before any is shown. The world, the lobby as it
    was, the guests, and the position in the request log before the joins."""
    world = make_world(env)
    opened = await world.ann.slash(world.channel, "game new", game="munchkin_fu")
    assert "is open" in followup_text(opened)
    await world.bot.courier.wait_idle()
    world.bot.courier.coalesce_seconds = COALESCE_SECONDS
    record = await world.record()
    assert record.lobby_message_id is not None
    guests = [world.add_player(name) for name in names]
    since = len(env.http_requests)
    for guest in guests:
        joined = await world.bot.tables.join(record.id, guest.id, guest.user.name, "en")
        world.bot.courier.kick(joined.id)
    return world, record, guests, since


async def _shown_by_one_edit(world: World, record: Any, guests: list[Any], since: int) -> None:
    """The lobby message was edited once, into its newest content, and nothing is owed."""
    await world.bot.courier.wait_idle()
    edits = [c for c in counted(world.env, since) if c.startswith("PATCH")]
    assert edits == [f"PATCH /channels/{world.channel.id}/messages/{record.lobby_message_id}"]
    shown = text_of(message_now(world.channel, record.lobby_message_id))
    assert all(guest.mention in shown for guest in guests), shown
    after = await world.record()
    assert await world.bot.store.undelivered(after.id, after.version) == 0


async def test_a_burst_of_edits_to_one_message_sends_one_edit_the_newest(simcord_env) -> None:
    """Issue 27 §2: edits of one message committed within a short window are coalesced, the
    newest content wins: four players joining a lobby at once edit its message once. The
    first join used to be sent alone and the rest merged after it (three edits here). The
    superseded deliveries count as delivered with the one sent."""
    world, record, guests, since = await _joins_at_once(simcord_env, ("cy", "di", "ed", "flo"))
    await _shown_by_one_edit(world, record, guests, since)


async def test_a_burst_cut_by_a_crash_sends_the_newest_edit_after_the_restart(
    simcord_env,
) -> None:
    """What is committed is announced: edits waiting for their window when the courier stops
    (a crash) are in the outbox, and the restarted courier's first poll sends one edit, the
    newest."""
    world, record, guests, since = await _joins_at_once(simcord_env, ("cy", "di", "ed"))
    await world.bot.courier.stop()
    assert not counted(simcord_env, since), "nothing was sent before the window ended"
    await world.bot.courier.poll()  # what a restart does first
    await _shown_by_one_edit(world, record, guests, since)


async def test_a_lobby_button_updates_the_lobby_inside_its_answer(simcord_env) -> None:
    """Issue 27 §2: a Join or Start tapped on the lobby message is answered by updating that
    message (a deferred update, free), and the courier shows the new lobby through it: no
    edit request of its own (one per tap before: two of Monster Day's seven calls a game
    beyond its two a move). The reply follows privately."""
    world = make_world(simcord_env)
    record, lobby = await _lobby_open(world)
    since = len(simcord_env.http_requests)
    joined = await _bob_joins(world, lobby, record.id)
    assert private(joined) and "seated" in followup_text(joined), followup_text(joined)
    assert world.bob.mention in text_of(message_now(world.channel, lobby.id))
    started = await world.ann.click(
        message_now(world.channel, lobby.id), custom_id=f"mt:start:{record.id}"
    )
    await world.bot.courier.wait_idle()
    assert "has started" in followup_text(started)
    shown = message_now(world.channel, lobby.id)
    assert not shown.components, "the started lobby keeps no buttons"
    assert "The game is on" in text_of(shown)
    calls = counted(simcord_env, since)
    assert not [c for c in calls if c.startswith("PATCH")], calls
    after = await world.record()
    assert await world.bot.store.undelivered(after.id, after.version) == 0


def _channel_posts(world: World, since: int) -> list[str]:
    """The counted requests since ``since`` that post a message in the table's channel."""
    return [c for c in counted(world.env, since)
            if c == f"POST /channels/{world.channel.id}/messages"]  # fmt: skip


async def test_the_lobby_is_posted_as_the_commands_own_answer(simcord_env) -> None:
    """Issue 27 §2: ``/game new`` shows the lobby as a public followup of its own answer
    (webhook followups are outside Discord's global limit) instead of a channel post of its
    own (one of Monster Day's five calls a game beyond two a move). The reply stays private.
    The lobby is a channel message like any: its id is stored, and a change that no tap on
    it answers (a typed ``/game join``, or any change after the token's 15 minutes or a
    restart) edits it by that id."""
    world = make_world(simcord_env)
    since = len(simcord_env.http_requests)
    opened = await world.ann.slash(world.channel, "game new", game="monster_day")
    await world.bot.courier.wait_idle()
    assert not _channel_posts(world, since), counted(simcord_env, since)
    record = await world.record()
    assert record.lobby_message_id is not None
    lobby = message_now(world.channel, record.lobby_message_id)
    assert not lobby.flags.ephemeral and f"mt:join:{record.id}" in str(lobby.components)
    said = [reply for reply in replies(opened) if "Table #1 is open" in text_of(reply.message)]
    assert said and all(reply.ephemeral for reply in said), "the reply stays private"
    since = len(simcord_env.http_requests)
    joined = await world.bob.slash(world.channel, "game join")
    await world.bot.courier.wait_idle()
    assert "seated" in followup_text(joined)
    edits = [c for c in counted(simcord_env, since) if c.startswith("PATCH")]
    assert edits == [f"PATCH /channels/{world.channel.id}/messages/{lobby.id}"], edits
    assert world.bob.mention in text_of(message_now(world.channel, lobby.id))


async def _started_by_tap(world: World, seed: int | None = None) -> tuple[Any, int]:
    """A Monster Day table ann opened, bob joined and ann started, each by the lobby's
    buttons (``seed``: who plays first): the Start tap's result, and the count of requests
    made before that tap."""
    if seed is not None:
        world.bot.tables.seed_source = lambda: seed
    await open_table(world, bob_joins=False)
    await world.bot.courier.wait_idle()
    record = await world.record()
    await world.bob.click(message_now(world.channel, record.lobby_message_id),
                          custom_id=f"mt:join:{record.id}")  # fmt: skip
    await world.bot.courier.wait_idle()
    since = len(world.env.http_requests)
    started = await world.ann.click(message_now(world.channel, record.lobby_message_id),
                                    custom_id=f"mt:start:{record.id}")  # fmt: skip
    return started, since


async def test_the_first_table_is_posted_by_the_start_taps_answer(simcord_env) -> None:
    """Issue 27 §2: Start tapped on the lobby shows the first table as a public followup of
    the tap's answer (free) instead of a channel post of its own: a new message at the bottom
    of the channel, board and all, that pings whoever must act, as the post did. Its id is
    the table message's, so the turn's later edits go to it."""
    world = make_world(simcord_env)
    started, since = await _started_by_tap(world)
    await world.bot.courier.wait_idle()
    assert "has started" in followup_text(started)
    assert not _channel_posts(world, since), counted(simcord_env, since)
    record = await world.record()
    assert record.message_id is not None
    table = message_now(world.channel, record.message_id)
    assert table.attachments and not table.flags.ephemeral, "the board, for everyone"
    first = record.seats[world.bot.tables.pending(record)[0]].user_id
    assert f"<@{first}>" in table.content and first in [u.id for u in table.mentions]


async def test_monster_day_deals_the_second_hand_by_dm_with_its_first_turn(simcord_env) -> None:
    """Issue 27 §2, Monster Day (two players, who act only in their own turn): the starting
    hand DM goes to whoever plays first; the other player's comes with their first turn (one
    DM a game less, that would have notified them of nothing to do). Meanwhile the table says
    so, and its "My hand" button shows their hand (free, an interaction's answer)."""
    world = make_world(simcord_env)
    await _started(world)
    record = await world.record()
    (first,) = world.bot.tables.pending(record)
    mover = world.actor_for(record.seats[first].user_id)
    other = world.actor_for(record.seats[1 - first].user_id)
    assert latest_with_buttons(mover.user.dm_channel) is not None
    assert not other.user.dm_channel.history(), "no hand DM before their turn"
    table = message_now(world.channel, record.message_id)
    assert "My hand" in text_of(table) and "when their turn comes" in text_of(table)
    shown = await other.click(table, custom_id=f"mt:hand:{record.id}")
    assert private(shown) and "Your hand" in followup_text(shown), followup_text(shown)
    dm = latest_with_buttons(mover.user.dm_channel)
    assert dm is not None
    await mover.user.click(dm, custom_id=dm.components[0].children[0].custom_id)
    await world.bot.courier.wait_idle()
    assert latest_with_buttons(other.user.dm_channel) is not None, "their turn brings it"


async def _bob_joins(world: Any, lobby: Any, game_id: int) -> Any:
    """Bob taps Join on the lobby message, and the courier shows what it changed."""
    joined = await world.bob.click(lobby, custom_id=f"mt:join:{game_id}")
    await world.bot.courier.wait_idle()
    return joined


def _seated_in_the_lobby_free(
    simcord_env: Any, world: Any, lobby: Any, joined: Any, since: int
) -> None:
    """Bob was told he is seated, the lobby shows him, and no counted request was made
    for it since ``since`` (the tap's answer updated the lobby)."""
    assert "seated" in followup_text(joined)
    assert world.bob.mention in text_of(message_now(world.channel, lobby.id))
    assert not counted(simcord_env, since), counted(simcord_env, since)


async def test_a_tap_on_the_lobby_before_its_id_is_stored_still_updates_it(simcord_env) -> None:
    """The lobby is ``/game new``'s followup: a player can tap it the moment it shows, before
    the bot stored its id (found by ``bench/rest.py``: that join cost an edit request). The
    tapped message carries this table's lobby buttons, so it is the lobby: the tap updates it
    in its answer (free) and its id is stored then."""
    world = make_world(simcord_env)
    record, lobby = await _lobby_open(world)
    await world.bot.store.set_lobby_message(record.id, None)  # type: ignore[arg-type]
    since = len(simcord_env.http_requests)
    joined = await _bob_joins(world, lobby, record.id)
    _seated_in_the_lobby_free(simcord_env, world, lobby, joined, since)
    assert (await world.record()).lobby_message_id == lobby.id


async def test_a_lobby_tap_while_game_new_still_answers_updates_it_in_its_answer(
    simcord_env,
) -> None:
    """Found by ``bench/rest.py``: Join tapped the moment ``/game new``'s followup lobby showed,
    while that answer still waited for its delivery to be marked sent. The spent answer of
    ``/game new`` stood in the tap's way, so the courier edited the lobby by a request. A
    spent answer gives way to the next one: the tap's answer shows the new lobby (free)."""
    world = make_world(simcord_env)
    record, lobby = await _lobby_open(world)

    async def posted(payload: Any) -> int:
        return lobby.id

    with world.bot.courier.answering(record.id, LOBBY_ANSWER, posted) as opening:
        assert await opening.show(world.bot.publisher.lobby_payload(record)) == lobby.id
        since = len(simcord_env.http_requests)
        joined = await _bob_joins(world, lobby, record.id)
    _seated_in_the_lobby_free(simcord_env, world, lobby, joined, since)


def _private_hand(result: Any) -> Any:
    """The answer's private followup that shows a hand with its move buttons, if any."""
    return next((r.message for r in replies(result) if r.ephemeral
                 and any("mt:act:" in (getattr(c, "custom_id", None) or "")
                         for c in walked(r.message.components))), None)  # fmt: skip


async def test_the_start_tapper_who_plays_first_gets_their_hand_in_the_start_answer(
    simcord_env,
) -> None:
    """Issue 27 §2 (Monster Day at 2.03 calls a move for first-time players): whoever taps
    Start and plays first is there, reading the tap's answer; their starting hand, with its
    move buttons, comes as a private followup of that answer (free) instead of a DM, which
    cost a request and, for a first-time player, another to open the DM channel. Their hand
    DM comes with the next turn that asks them (in Monster Day, their second)."""
    world = make_world(simcord_env)
    started, since = await _started_by_tap(world, ANN_FIRST)
    await world.bot.courier.wait_idle()
    assert "has started" in followup_text(started)
    hand = _private_hand(started)
    assert hand is not None and hand.attachments, followup_text(started)
    assert not world.ann.user.dm_channel.history(), "no hand DM: it is in the answer"
    calls = counted(simcord_env, since)
    assert not [c for c in calls if c.startswith("POST")], calls
    record = await world.record()
    assert await world.bot.store.undelivered(record.id, record.version) == 0


async def test_a_move_tapped_on_a_private_hand_is_answered_in_it_and_posts_the_table_free(
    simcord_env,
) -> None:
    """Issue 27 §2: a move button of a private hand in the table's channel (the Start tap's
    answer, "My hand") is answered as a hand DM's is, by a deferred update: the mover's new
    hand is shown in that private message (free), and the new table message comes as the
    answer's public followup (free) rather than a channel post. In Monster Day's first turn
    that leaves the next player's DM (and, the first time, its channel's opening)."""
    world = make_world(simcord_env)
    started, _since = await _started_by_tap(world, ANN_FIRST)
    await world.bot.courier.wait_idle()
    hand = _private_hand(started)
    assert hand is not None
    button = next(c.custom_id for c in walked(hand.components)
                  if (getattr(c, "custom_id", None) or "").startswith("mt:act:"))  # fmt: skip
    before = await world.record()
    since = len(simcord_env.http_requests)
    result = await world.ann.click(hand, custom_id=button)
    await world.bot.courier.wait_idle()
    assert "Done" in followup_text(result), followup_text(result)
    calls = counted(simcord_env, since)
    bob_dm = world.bob.user.dm_channel
    assert calls == ["POST /users/@me/channels", f"POST /channels/{bob_dm.id}/messages"], calls
    record = await world.record()
    assert record.message_id != before.message_id
    table = message_now(world.channel, record.message_id)
    assert table.attachments and not table.flags.ephemeral, "the new board, for everyone"
    assert not world.ann.user.dm_channel.history()
    assert await world.bot.store.undelivered(record.id, record.version) == 0
