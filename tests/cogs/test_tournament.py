"""``/tournament`` through Discord (simcord, issue 30): registration and its refusals, the
rounds' tables opened in threads and started at once, a resignation dropping its player, a bye,
the standings image after each round, and the history shown by ``/tournament standings``."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.errors import error_text
from bot.store import DONE, FINISHED, RUNNING
from bot.table import TableError
from bot.tournaments.model import Tournament
from tests.cogs.helpers import World, drawn_once, followup_text, make_world, private, text_of

pytestmark = pytest.mark.simcord(settle_timeout=60)  # a command settles once the bots' games do

ROUNDS_WAIT = 600
"""Passes of waiting for the bots' games (each pass lets every runner and hook finish)."""


async def _settled(world: World, done: Any) -> None:
    """Let the bots play and the tournament's hooks run until ``done()`` holds (bounded)."""
    for _ in range(ROUNDS_WAIT):
        await world.bot.scheduler.wait_idle()
        await world.bot.courier.wait_idle()
        if await done():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the tournament did not get there")


async def _tournament(world: World) -> Tournament:
    record = await world.bot.store.get_tournament(1)
    assert record is not None
    return Tournament.load(record.data)


async def _status(world: World) -> str:
    record = await world.bot.store.get_tournament(1)
    assert record is not None
    return record.status


async def test_registration_is_the_hosts_and_refusals_are_private(simcord_env) -> None:
    world = make_world(simcord_env)
    created = await world.ann.slash(world.channel, "tournament create", game="monster_day")
    assert "Tournament #1 is open" in followup_text(created) and private(created)
    assert "Tournament #1 of Monster Day is open" in text_of(world.channel.history()[-1])
    assert "You are in tournament #1 (1 entrants)" in followup_text(
        await world.bob.slash(world.channel, "tournament join")
    )
    again = await world.bob.slash(world.channel, "tournament join")
    assert "already in this tournament" in followup_text(again) and private(again)
    for command in ("tournament start", "tournament addbot", "tournament end"):
        refused = await world.bob.slash(world.channel, command)
        assert "Only the tournament's host" in followup_text(refused) and private(refused)
    early = await world.ann.slash(world.channel, "tournament start")
    assert "Not enough entrants yet: 1 of at least 2" in followup_text(early)
    guild = world.env.create_guild()
    carl = guild.add_member(world.env.create_user("carl"))
    away = await carl.slash(guild.create_text_channel("elsewhere"), "tournament join", tournament=1)
    assert "belongs to another server" in followup_text(away)
    italian = error_text(TableError("not_tournament_host"), "it")
    assert italian.startswith("Solo chi") and "torneo" in italian


async def test_a_swiss_tournament_is_played_to_its_end(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann and three bots, Swiss (2 rounds). Round 1 opens two tables in threads, started at
    once; Ann resigns hers, so she is dropped: round 2 pairs the three left (one table, one
    bye). Standings are posted after each round, and ``/tournament standings`` shows any."""
    drawn_once(monkeypatch)
    world = make_world(simcord_env)
    world.bot.tables.seed_source = lambda: 11
    await world.ann.slash(world.channel, "tournament create", game="monster_day")
    await world.ann.slash(world.channel, "tournament join")
    for _ in range(3):
        added = await world.ann.slash(world.channel, "tournament addbot")
        assert "enters tournament #1" in followup_text(added), followup_text(added)
    started = await world.ann.slash(world.channel, "tournament start")
    assert "round 1's tables are opening" in followup_text(started), followup_text(started)

    async def opened() -> bool:
        return all(b.game_id for b in (await _tournament(world)).played[0].boards)

    await _settled(world, opened)
    first = (await _tournament(world)).played[0]
    assert len(first.boards) == 2 and not first.byes
    assert len(world.channel.threads) == 2
    mine = next(b for b in first.boards if 0 in b.entrants)
    game = await world.bot.store.get(mine.game_id or 0)
    assert game is not None and game.status == "active" and game.extra["tournament"] == 1
    thread = next(th for th in world.channel.threads if th.id == game.channel_id)
    resigned = await world.ann.slash(thread, "game resign")
    assert "resign" in followup_text(resigned).lower(), followup_text(resigned)

    async def over() -> bool:
        return await _status(world) == DONE

    await _settled(world, over)
    t_ = await _tournament(world)
    assert t_.entrants[0].dropped and len(t_.played) == 2
    second = t_.played[1]
    assert len(second.boards) == 1 and len(second.byes) == 1 and 0 not in second.boards[0].entrants
    await world.bot.ratings.catch_up()
    for board in (*first.boards, *second.boards):
        finished = await world.bot.store.get(board.game_id or 0)
        assert finished is not None and finished.status == FINISHED
        assert len(await world.bot.store.results_of(finished.id)) == 2  # counted as any game
    posts = [m for m in world.channel.history() if m.attachments]
    assert len(posts) == 2, [text_of(m) for m in world.channel.history()]
    assert "standings after round 1 of 2" in text_of(posts[0])
    assert "final standings after round 2 of 2" in text_of(posts[1])
    assert all(m.attachments[0].description for m in posts)  # alt text

    shown = await world.bob.slash(world.channel, "tournament standings", round=1)
    assert private(shown) and "after round 1 of 2" in followup_text(shown)
    assert "Round 1:" in followup_text(shown)
    assert await _status(world) != RUNNING


async def test_the_deadline_starts_it_and_the_host_may_end_it(simcord_env) -> None:
    """Registration closes at its deadline (the sweep, as the bot's loop runs it): round 1 is
    paired and its tables open. A player who leaves is dropped from later rounds; ``end``
    closes the tournament early with its standings."""
    world = make_world(simcord_env)
    created = await world.ann.slash(world.channel, "tournament create", game="monster_day",
                                    deadline=5)  # fmt: skip
    assert "Tournament #1 is open" in followup_text(created)
    for actor in (world.ann, world.bob):
        await actor.slash(world.channel, "tournament join")
    await world.ann.slash(world.channel, "tournament addbot")
    await world.ann.slash(world.channel, "tournament addbot")
    cog = world.bot.get_cog("TournamentCog")
    assert cog is not None
    await cog.runner.sweep()  # not yet: registration stays open
    assert await _status(world) == "registration"
    start = world.bot.tables.clock()
    world.bot.tables.clock = lambda: start + 5 * 60 + 1
    await cog.runner.sweep()
    assert await _status(world) == RUNNING
    t_ = await _tournament(world)
    assert len(t_.played) == 1 and all(b.game_id for b in t_.played[0].boards)
    late = await world.bob.slash(world.channel, "tournament join")
    assert "already started" in followup_text(late) or "already in" in followup_text(late)

    left = await world.bob.slash(world.channel, "tournament leave")
    assert "none of its next rounds" in followup_text(left)
    assert (await _tournament(world)).entrants[1].dropped
    ended = await world.ann.slash(world.channel, "tournament end")
    assert "is closed" in followup_text(ended) and private(ended)
    assert await _status(world) == "ended"
    assert any(m.attachments for m in world.channel.history())  # the standings at the end
    closed = await world.ann.slash(world.channel, "tournament end", tournament=1)
    assert "is over" in followup_text(closed)


async def test_a_crash_between_opening_a_table_and_noting_it_leaves_one_table(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process fails right after round 1's first table opened, before the tournament
    noted it: the sweep then notes that table (in its thread) and opens only the other, so
    each pairing plays exactly one game."""
    world = make_world(simcord_env)
    await world.ann.slash(world.channel, "tournament create", game="monster_day")
    for actor in (world.ann, world.bob):
        await actor.slash(world.channel, "tournament join")
    for _ in range(2):
        await world.ann.slash(world.channel, "tournament addbot")
    cog = world.bot.get_cog("TournamentCog")
    assert cog is not None
    crashed: list[int] = []

    async def crash(tournament_id: int, number: int, index: int, game_id: int) -> None:
        crashed.append(game_id)
        raise RuntimeError("the process dies here")

    monkeypatch.setattr(cog.runner.service, "opened", crash)
    await world.ann.slash(world.channel, "tournament start")

    async def failed() -> bool:
        return bool(crashed) and not cog.runner._background

    await _settled(world, failed)
    monkeypatch.undo()
    await cog.runner.sweep()
    boards = (await _tournament(world)).played[0].boards
    games = await world.bot.store.list_games(world.guild.id, ("lobby", "active", "finished"))
    assert sorted(g.id for g in games) == sorted(b.game_id or 0 for b in boards), games
    assert crashed == [boards[0].game_id]
    assert len(world.channel.threads) == 2
    assert sorted(g.channel_id for g in games) == sorted(t.id for t in world.channel.threads)
