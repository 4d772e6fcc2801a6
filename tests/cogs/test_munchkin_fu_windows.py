"""Munchkin Fu's interference window through Discord (simcord), issue 10's "everyone acts on
everyone's turn": when the fighter resolves, every other person is asked by DM with the same
buttons whatever they hold; a play clears the passes and gives the fight back to the fighter,
whose next *resolve* asks everyone again with the whole time; a bot seat answers after the
scheduler's one pause whatever its hand; the deadline shows as a Discord timestamp; a window
left open across a restart closes once when its time runs out; and a card played "at any
time" by a seat nobody waits for goes through ``/game move``, and is refused clearly once it
is no longer legal — while a choice is open too (issue 26, item 2: the trap strikes first,
the open choice is asked again after).

Seed 69 is chosen for its early moments: by the table's 19th move the first player resolves a
fight while one of the others holds no card and the other four, and before that a player not
on turn holds a trap. Moves are the engine bot's, made as a person makes them (a DM button,
else ``/game move``); the table's clock is moved by hand and the scheduler's tick called as
its loop would.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

import bot.scheduler
import rules
from bot.clock import WINDOW, Clock
from bot.config import Settings
from bot.games import PRESENTERS
from bot.store import ACTIVE, GameRecord
from rules.munchkin_fu.content import DECK
from rules.munchkin_fu.model import Pass, Play, Resolve, State, with_player
from rules.munchkin_fu.plays import meanwhile
from tests.cogs.helpers import (
    World,
    followup_text,
    make_world,
    message_now,
    play_stale_button,
    restarted,
    text_of,
)
from tests.cogs.test_munchkin_fu_table import Now, make_move, open_mf

GAME = "munchkin_fu"
ENGINE = rules.GAMES[GAME]
PRESENTER = PRESENTERS[GAME]
SEED = 69
FIGHT_SEED = 49
"""A seed whose bot play reaches :func:`about_to_resolve` (issue 26's deck moved SEED's)."""
WINDOW_SECONDS = 120  # the table option's default, "2m"
pytestmark = pytest.mark.simcord(settle_timeout=30)


async def play_until(world: World, when: Callable[[State], bool]) -> GameRecord:
    """People make the bot's moves (bot seats move by themselves) until ``when`` holds."""
    for _ in range(200):
        record = await world.record()
        state = world.bot.tables.state(record)
        if when(state):
            return record
        people = [s for s in world.bot.tables.pending(record) if not record.seats[s].is_bot]
        seat = people[0]
        await make_move(world, record, seat, ENGINE.bot_action(state, seat))
        await world.bot.scheduler.wait_idle()
        await world.bot.courier.wait_idle()
    raise AssertionError("the moment never came")


def about_to_resolve(state: State) -> bool:
    """The first player is fighting and the bot would resolve now, while of the two others
    one holds no card and the other at least four."""
    fight = state.fight
    if fight is None or fight.stage != "fight" or fight.fighter != 0:
        return False
    hands = sorted(len(state.players[s].hand) for s in (1, 2))
    return hands[0] == 0 and hands[1] >= 4 and ENGINE.bot_action(state, 0) == Resolve()


def windows(record: GameRecord) -> dict[int, float]:
    """Seat -> when its window deadline falls due."""
    return {d.seat: d.due for d in Clock.load(record.clock).deadlines if d.kind == WINDOW}


def button_kinds(world: World, record: GameRecord, seat: int, message: Any) -> set[str]:
    """The kinds of move the DM's buttons make (each button names its move's index)."""
    legal = [
        ENGINE.dump_action(a) for a in ENGINE.legal_actions(world.bot.tables.state(record), seat)
    ]
    kinds = set()
    for row in message.components:
        for child in row.children:
            kinds.add(legal[int(child.custom_id.rsplit(":", 1)[1])]["type"])
    return kinds


async def three_people(simcord_env: Any, seed: int = FIGHT_SEED) -> tuple[World, Now]:
    world = make_world(simcord_env)
    cy = world.add_player("cy")
    now = Now(world.bot.tables.clock())
    world.bot.tables.clock = now
    await open_mf(world, [world.bob, cy], seed=seed)
    return world, now


async def resolve(world: World, record: GameRecord) -> GameRecord:
    """The first player resolves the fight by its DM button: the window opens."""
    await make_move(world, record, 0, Resolve())
    await world.bot.scheduler.wait_idle()
    await world.bot.courier.wait_idle()
    return await world.record()


async def typed(world: World, record: GameRecord, seat: int, action: Any) -> str:
    """The value ``/game move`` offers for ``action`` when its name is typed."""
    actor = world.actor_for(record.seats[seat].user_id)
    name = PRESENTER.action_label(
        world.bot.tables.view(record, seat), ENGINE.dump_action(action), "en"
    )
    offered = await actor.autocomplete(world.channel, "game move", "move", name)
    (choice,) = [c for c in offered if c["name"] == name]
    return str(choice["value"])


async def test_resolving_asks_every_other_person_by_dm_whatever_they_hold(simcord_env) -> None:
    world, now = await three_people(simcord_env)
    record = await play_until(world, about_to_resolve)
    people = {1: world.bob, 2: world.actor_for(record.seats[2].user_id)}
    before = {s: len(a.user.dm_channel.history()) for s, a in people.items()}
    record = await resolve(world, record)
    state = world.bot.tables.state(record)
    assert world.bot.tables.pending(record) == [1, 2]
    hands = {s: len(state.players[s].hand) for s in people}
    assert hands == {1: 0, 2: 4}  # one holds nothing, the other a hand of traps and monsters
    kinds = {}
    for seat, actor in people.items():
        [dm] = actor.user.dm_channel.history()[before[seat] :]  # one DM each, a new message
        assert "The fight waits for you:** pass, or play a card into it." in text_of(dm)
        labels = [c.label for row in dm.components for c in row.children]
        assert "👌 Pass" in labels and "💤 Pass for the rest of this fight" in labels
        kinds[seat] = button_kinds(world, record, seat, dm)
        assert {"pass", "pass_fight"} <= kinds[seat]
        # Whatever else the buttons offer is the same with the hand emptied: only the plays
        # of who has cards depend on the hand (turning or discarding items in play is public).
        emptied = with_player(state, seat, hand=())
        without = {ENGINE.dump_action(a)["type"] for a in ENGINE.legal_actions(emptied, seat)}
        assert kinds[seat] - {"play"} == without - {"play"}, (kinds[seat], without)
    assert kinds[2] - kinds[1] <= {"play", "carry", "discard"}  # bob helps: his items are busy
    assert "play" in kinds[2] and "play" not in kinds[1]
    assert windows(record) == {1: now.t + WINDOW_SECONDS, 2: now.t + WINDOW_SECONDS}
    table = text_of(world.channel.history()[-1])
    assert f"the window closes <t:{int(now.t + WINDOW_SECONDS)}:R>" in table, table


async def test_a_play_reopens_the_window_and_clears_the_passes(simcord_env) -> None:
    world, now = await three_people(simcord_env)
    record = await resolve(world, await play_until(world, about_to_resolve))
    now.t += 30
    await make_move(world, record, 1, Pass())
    record = await world.record()
    assert world.bot.tables.pending(record) == [2] and windows(record) == {2: now.t + 90}
    now.t += 60
    state = world.bot.tables.state(record)
    enhance = next(
        a for a in ENGINE.legal_actions(state, 2) if isinstance(a, Play) and a.monster == 0
    )
    await make_move(world, record, 2, enhance)
    record = await world.record()
    fight = world.bot.tables.state(record).fight
    assert fight is not None and fight.stage == "fight" and fight.passed == ()  # reopened
    assert world.bot.tables.pending(record) == [0] and windows(record) == {}
    now.t += 10
    record = await resolve(world, record)  # the fighter, having seen the play, resolves again
    assert world.bot.tables.pending(record) == [1, 2]  # bob, who had passed, is asked again
    assert windows(record) == {1: now.t + WINDOW_SECONDS, 2: now.t + WINDOW_SECONDS}
    table = text_of(world.channel.history()[-1])
    assert f"<t:{int(now.t + WINDOW_SECONDS)}:R>" in table, table


class Pauses:
    """The scheduler's ``asyncio``, recording each pause before bot moves (without waiting)."""

    def __init__(self) -> None:
        self.taken: list[float] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    async def sleep(self, delay: float) -> None:
        self.taken.append(delay)
        await asyncio.sleep(0)


async def test_a_bot_seat_answers_after_the_same_pause_whatever_it_holds(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = make_world(simcord_env)
    await open_mf(world, [], bots=2, seed=FIGHT_SEED)
    record = await play_until(world, about_to_resolve)
    pauses, answered = Pauses(), []
    monkeypatch.setattr(bot.scheduler, "asyncio", pauses)
    world.bot.scheduler.bot_delay = 2.0
    act = world.bot.tables.act_automatically

    async def counted(game_id: int, seat: int, version: int) -> Any:
        answered.append((seat, len(pauses.taken)))
        return await act(game_id, seat, version)

    monkeypatch.setattr(world.bot.tables, "act_automatically", counted)
    state = world.bot.tables.state(record)
    hands = sorted(len(state.players[s].hand) for s in (1, 2))
    await resolve(world, record)
    moves = [m for m in await world.bot.store.actions(record.id) if m.seq > record.version]
    assert hands == [0, 4]
    assert [(m.seat, m.action["type"]) for m in moves][:3] == [
        (0, "resolve"),
        (1, "pass"),
        (2, "pass"),
    ]
    assert pauses.taken and set(pauses.taken) == {2.0}
    window = [(seat, paused) for seat, paused in answered[:2]]
    assert sorted(window) == [(1, 1), (2, 1)]  # both after the one same pause


async def test_a_window_open_across_a_restart_closes_once_when_its_time_runs_out(
    simcord_env, settings: Settings
) -> None:
    """Nobody answers; the bot restarts; the window's time runs out: each silent seat's
    default pass is played once, the table says so for each, and a Pass button left in a DM
    is then refused clearly."""
    world, _ = await three_people(simcord_env)
    before = await resolve(world, await play_until(world, about_to_resolve))
    due = windows(before)
    assert set(due) == {1, 2}
    old = next(m for m in reversed(world.bob.user.dm_channel.history()) if m.components)
    # Alive until now, as a running bot's clock pass says every CLOCK_CHECK_SECONDS (this one's
    # never runs on simcord's virtual time): else its only heartbeat is the start's, and a
    # test slower than DOWNTIME_GRACE_SECONDS (a busy machine) has the restart give the
    # window that time back, so nothing is due at its deadline (failed under
    # MONSTER_TABLE_TEST_SEEDS=beta in a busy run, and always with the heartbeat 31 s old).
    await world.bot.store.heartbeat(world.bot.tables.clock())
    async with restarted(world, settings):
        assert (await world.record()).version == before.version
        world.bot.tables.clock = Now(max(due.values()))
        assert await world.bot.scheduler.tick() == [before.id]
        await world.bot.scheduler.wait_idle()
        await world.bot.courier.wait_idle()
        after = await world.record()
        await world.bot.scheduler.tick()  # the same moment again: nothing is due twice
        assert (await world.record()).version == after.version
        moves = [m for m in await world.bot.store.actions(after.id) if m.seq > before.version]
        assert [(m.seat, m.action["type"]) for m in moves][:2] == [(1, "pass"), (2, "pass")]
        assert [m.seat for m in moves].count(1) == 1 and [m.seat for m in moves].count(2) == 1
        said = "\n".join(text_of(m) for m in world.channel.history())
        assert said.count("**bob** did not answer in time") == 1, said
        assert said.count("**cy** did not answer in time") == 1, said
        state = world.bot.tables.state(after)
        assert state.fight is None or state.fight.stage != "window"  # the fight went on
        assert after.status == ACTIVE and world.bot.tables.pending(after)
        assert not message_now(world.bob.user.dm_channel, old.id).components  # edited
        stale_id = old.components[0].children[0].custom_id
        stale = await play_stale_button(world.bob, world.channel, stale_id)
        assert stale.ephemeral and "nothing was changed" in followup_text(stale)
        assert (await world.record()).version == after.version


def trap_ready(state: State) -> bool:
    """A player the table is not waiting for holds a trap to play on someone else."""
    return bool(trap_play(state))


def trap_play(state: State) -> tuple[int, Play] | None:
    for seat in range(state.num_players):
        if seat in ENGINE.pending(state):
            continue
        for action in ENGINE.legal_actions(state, seat):
            aimed = isinstance(action, Play) and action.target not in (-1, seat)
            if aimed and DECK.cards[action.card].kind == "trap":
                return seat, action
    return None


async def test_a_trap_at_any_time_from_a_seat_nobody_waits_for_then_refused_once_gone(
    simcord_env,
) -> None:
    world, _ = await three_people(simcord_env, SEED)
    record = await play_until(world, trap_ready)
    found = trap_play(world.bot.tables.state(record))
    assert found is not None
    seat, trap = found
    actor = world.actor_for(record.seats[seat].user_id)
    waiting = world.bot.tables.pending(record)
    assert seat not in waiting
    view = world.bot.tables.view(record, seat)
    value = await typed(world, record, seat, trap)
    played = await actor.slash(world.channel, "game move", move=value)
    assert "Done" in followup_text(played), followup_text(played)
    after = await world.record()
    assert world.bot.tables.pending(after) == waiting  # still the same player's turn
    assert trap.card not in world.bot.tables.state(after).players[seat].hand
    again = await actor.slash(world.channel, "game move", move=value)  # the card is gone
    assert again.ephemeral and "nothing was changed" in followup_text(again)
    assert (await world.record()).version == after.version
    name = PRESENTER.action_label(view, ENGINE.dump_action(trap), "en")
    offered = await actor.autocomplete(world.channel, "game move", "move", name)
    assert name not in [c["name"] for c in offered]


def trap_during_choice(state: State) -> bool:
    """A choice is open (a treasure pick, charity...) and the third player, whom nobody waits
    for, holds a trap (issue 26, item 2)."""
    return (
        state.choice is not None
        and state.choice.seat != 2
        and any(isinstance(a, Play) and a.target >= 0 for a in meanwhile(state, 2))
    )


async def test_a_trap_while_a_choice_is_open_goes_through_and_the_choice_is_asked_again(
    simcord_env,
) -> None:
    world, _ = await three_people(simcord_env)
    record = await play_until(world, trap_during_choice)
    state = world.bot.tables.state(record)
    assert state.choice is not None
    chooser, job = state.choice.seat, state.choice.job
    trap = next(a for a in meanwhile(state, 2) if isinstance(a, Play) and a.target == chooser)
    waiting = world.bot.tables.pending(record)
    assert waiting == [chooser]
    actor = world.actor_for(record.seats[2].user_id)
    played = await actor.slash(world.channel, "game move", move=await typed(world, record, 2, trap))
    assert "Done" in followup_text(played), followup_text(played)
    after = world.bot.tables.state(await world.record())
    assert trap.card not in after.players[2].hand
    assert after.choice is not None and after.choice.job is not None
    assert after.players[chooser] != state.players[chooser]  # the trap struck its victim
    if after.choice.job.source == trap.card:  # the trap asks its victim to choose first
        assert after.queue[0] == job  # then the open choice is asked again
    else:  # the trap struck at once: the open choice is asked again, at once
        assert (after.choice.seat, after.choice.job) == (chooser, job)
