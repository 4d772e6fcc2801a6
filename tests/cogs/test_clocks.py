"""Time controls and the clock-out vote through Discord (simcord): the options of /game new,
the countdown on the table, the vote buttons and their refusals. The table service's clock is
moved by hand (no test sleeps); the scheduler's tick is called as its loop would."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.clock import MOVE, VOTE, Clock
from tests.cogs.helpers import followup_text, make_world, open_table, text_of


class Now:
    def __init__(self, t: float) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


async def _clocked_game(simcord_env: Any) -> tuple[Any, Now]:
    world = make_world(simcord_env)
    now = Now(world.bot.tables.clock())
    world.bot.tables.clock = now
    await open_table(world, clock="1h", bank="1d")
    lobby = "\n".join(text_of(m) for m in world.channel.history())
    assert "1 hour per move, plus a 1 day bank each" in lobby, lobby
    await world.ann.slash(world.channel, "game start")
    await world.bot.courier.wait_idle()
    return world, now


async def _to_move(world: Any) -> tuple[Any, Any, Any]:
    """The table, the actor who must move, and their move deadline."""
    record = await world.record()
    [seat] = world.bot.tables.pending(record)
    deadline = Clock.load(record.clock).get(MOVE, seat)
    assert deadline is not None
    mover = world.ann if record.seats[seat].user_id == world.ann.user.id else world.bob
    return record, mover, deadline


async def test_a_bank_without_a_clock_is_refused_and_opens_nothing(simcord_env) -> None:
    world = make_world(simcord_env)
    result = await world.ann.slash(world.channel, "game new", game="monster_day", bank="1d")
    assert "A time bank needs a time per move" in followup_text(result) and result.ephemeral
    assert await world.bot.store.open_in_channel(world.channel.id) is None


async def test_the_table_counts_down_and_a_timed_out_player_is_voted_on(simcord_env) -> None:
    world, now = await _clocked_game(simcord_env)
    record = await world.record()
    [seat] = world.bot.tables.pending(record)
    deadline = Clock.load(record.clock).get(MOVE, seat)
    assert deadline is not None
    table = world.channel.history()[-1]
    assert f"<t:{int(deadline.due)}:R>" in text_of(table), text_of(table)
    mover = world.ann if record.seats[seat].user_id == world.ann.user.id else world.bob
    mine = await mover.slash(world.channel, "game mine")
    assert f"by <t:{int(deadline.due)}:R>" in followup_text(mine), followup_text(mine)

    now.t = deadline.due
    assert await world.bot.scheduler.tick() == [record.id]
    await world.bot.courier.wait_idle()
    voting = world.channel.history()[-1]
    assert "time ran out" in text_of(voting) and "Skip" not in text_of(voting)
    absent = world.ann if record.seats[seat].user_id == world.ann.user.id else world.bob
    other = world.bob if absent is world.ann else world.ann
    mine = await absent.click(voting, label="A bot plays on")
    assert "just make your move" in followup_text(mine) and mine.ephemeral
    counted = await other.click(voting, label="Wait longer")
    assert "decided" in followup_text(counted), followup_text(counted)  # one voter: a majority
    again = await other.click(voting, label="A bot plays on")
    assert "That vote is over" in followup_text(again)
    after = await world.record()
    clock = Clock.load(after.clock)
    assert clock.get(VOTE, seat) is None and clock.get(MOVE, seat) is not None
    assert not after.seats[seat].is_bot


async def test_a_player_is_reminded_by_dm_at_half_time_and_near_the_end(simcord_env) -> None:
    world, now = await _clocked_game(simcord_env)
    _, mover, deadline = await _to_move(world)
    other = world.bob if mover is world.ann else world.ann
    before = len(mover.user.dm_channel.history())
    others_before = len(other.user.dm_channel.history())
    span = deadline.due - deadline.since
    for share in (0.5, 0.5, 0.95):  # half time (twice: reminded once), then the last tenth
        now.t = deadline.since + share * span
        await world.bot.scheduler.tick()
    reminders = mover.user.dm_channel.history()[before:]
    assert len(reminders) == 2, [text_of(m) for m in reminders]
    assert all(f"<t:{int(deadline.due)}:R>" in text_of(m) for m in reminders)
    assert f"/channels/{world.guild.id}/{world.channel.id}/" in text_of(reminders[0])
    assert len(other.user.dm_channel.history()) == others_before  # only who must move


async def test_no_reminder_for_a_player_who_turned_them_off(simcord_env) -> None:
    world, now = await _clocked_game(simcord_env)
    record, mover, deadline = await _to_move(world)
    await mover.slash(world.channel, "game notify", reminders=False)
    before = len(mover.user.dm_channel.history())
    now.t = deadline.since + 0.95 * (deadline.due - deadline.since)
    assert await world.bot.scheduler.tick() == [record.id]
    assert len(mover.user.dm_channel.history()) == before


async def test_a_finishing_hook_still_running_is_stopped_before_the_store_closes(
    simcord_env,
) -> None:
    """A game that ends just before a shutdown starts the ratings catch-up in the background;
    stopping the bot must end it before the store closes, or it fails on a closed store."""
    world = make_world(simcord_env)
    record = await open_table(world)
    started, cancelled = asyncio.Event(), asyncio.Event()

    async def slow_hook(_record: Any) -> None:
        started.set()
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            cancelled.set()
            raise

    world.bot.scheduler.on_finished.append(slow_hook)
    world.bot.scheduler.after_change(record.with_changes(status="finished"))
    await started.wait()
    await world.bot.scheduler.stop()
    assert cancelled.is_set()


async def test_a_reminder_to_a_dm_channel_discord_no_longer_knows_reopens_it(simcord_env) -> None:
    """The kept DM channel id (bot.dm_channels) answered 404: the reminder goes to the
    player's DM channel opened again, and that one is kept."""
    world, now = await _clocked_game(simcord_env)
    _, mover, deadline = await _to_move(world)
    before = len(mover.user.dm_channel.history())
    dms = world.bot.publisher.dms
    dms._ids[mover.user.id] = 1  # a channel Discord does not know
    now.t = deadline.since + 0.5 * (deadline.due - deadline.since)
    await world.bot.scheduler.tick()
    reminders = mover.user.dm_channel.history()[before:]
    assert len(reminders) == 1 and f"<t:{int(deadline.due)}:R>" in text_of(reminders[0])
    assert dms._ids[mover.user.id] == mover.user.dm_channel.id


async def test_no_reminder_is_tried_to_a_player_whose_dms_are_known_closed(simcord_env) -> None:
    """Issue 27 §2: never retry a DM known closed. Discord refused the mover's hand at the
    start (403, 50007), so the reminders of their clock are not tried (each would be one
    more invalid request); the table's countdown tells them."""
    world = make_world(simcord_env)
    for user in (world.ann.user, world.bob.user):
        simcord_env.inject_error("POST", f"/channels/{user.dm_channel.id}/messages", status=403,
                                 code=50007, message="Cannot send messages to this user",
                                 times=None)  # fmt: skip
    now = Now(world.bot.tables.clock())
    world.bot.tables.clock = now
    await open_table(world, clock="1h", bank="1d")
    await world.ann.slash(world.channel, "game start")
    await world.bot.courier.wait_idle()
    _, mover, deadline = await _to_move(world)
    path = f"/channels/{mover.user.dm_channel.id}/messages"

    def tried() -> int:
        return sum(r.method == "POST" and r.path == path for r in simcord_env.backend.http_requests)

    before = tried()
    for share in (0.5, 0.95):
        now.t = deadline.since + share * (deadline.due - deadline.since)
        await world.bot.scheduler.tick()
    assert tried() == before
