"""Monsters on Board's other modes through Discord (simcord): a family game of two people to
its end, with each pick and its row hidden from the channel until everyone has picked; solo 2
against Spider Jack at +7, whose end names Spider Jack with its score and lands in the player's
"Against Spider Jack +7" high scores; and solo 2 at +0 played in a DM with the bot.

The set-up, the image trick (real images once, then reused) and the way a player moves (the
engine's bot decides, the player taps the DM button or types ``/game move``) are the normal
game's, from :mod:`tests.cogs.test_monsters_on_board_table`.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.games.monsters_on_board.words import die_text
from bot.store import ACTIVE, FINISHED, GameRecord
from rules.monsters_on_board.draft import car_of
from tests.cogs.helpers import (
    World,
    assert_png,
    drawn_once,
    followup_text,
    make_world,
    private,
    text_of,
)
from tests.cogs.test_monsters_on_board_table import (
    GAME,
    channel_text,
    history_log,
    move,
    open_mob,
)

pytestmark = pytest.mark.simcord(settle_timeout=30)
"""See :mod:`tests.cogs.test_monsters_on_board_table`: the first real image may be slow."""


def family_hidden(world: World, record: GameRecord) -> list[tuple[str, str, int]]:
    """Each family pick made this step and not yet revealed (FM6, I8): the picker's name as
    the narration writes it, the die as it reads (``♥P5``) and the row (from 1)."""
    state = world.bot.tables.state(record)
    if state.phase != "family_pick":
        return []
    found = []
    for seat, info in enumerate(state.seats):
        if info.pick is not None and info.pick_row is not None:
            die = state.cars[car_of(state, seat)][info.pick]
            assert die is not None
            found.append((record.seats[seat].name, die_text(die[0], die[1]), info.pick_row + 1))
    return found


def check_family_hidden(world: World, record: GameRecord, before: str) -> int:
    """No line the channel gained since ``before`` says what a seat waiting for the others
    picked or into which row (the cars' dice themselves are public, so a die may be named
    elsewhere, never as put somewhere by its picker)."""
    known = set(before.splitlines())
    new = [line for line in channel_text(world).splitlines() if line not in known]
    hidden = family_hidden(world, record)
    for name, die, row in hidden:
        for line in new:
            assert f"**{name}** puts" not in line, line
            assert f"{die} in row {row}" not in line, line
    return len(hidden)


async def play_to_the_end(
    world: World, record: GameRecord, *, dm: bool = False, check: Any = None
) -> tuple[GameRecord, set[str]]:
    """Whoever must act makes the bot's choice, by button or (every fifth move) by ``/game
    move``, until the game ends; ``check(record, before)`` runs after each move."""
    ways: set[str] = set()
    moves = 0
    while record.status == ACTIVE:
        seat = world.bot.tables.pending(record)[0]
        before = channel_text(world)
        result, how = await move(world, record, seat, typed=moves % 5 == 4, dm=dm)
        assert private(result) and "Done" in followup_text(result), followup_text(result)
        ways.add(how)
        record, moves = await world.record(), moves + 1
        if check is not None:
            check(record, before)
        assert moves < 1_000, "the game did not end"
    return record, ways


def final_post(messages: list[Any]) -> str:
    """The text of the last table post (the one with the board)."""
    posts = [m for m in messages if any(a.filename == "board.png" for a in m.attachments)]
    return text_of(posts[-1])


async def test_FM6_a_family_game_of_two_played_to_the_end_hides_each_pick_until_all_picked(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = make_world(simcord_env)
    record = await open_mob(world, [world.bob], seed=11, variant="family")
    assert len(record.seats) == 2 and record.options["mode"] == "family"
    table = world.channel.history()[-1]
    assert [a.filename for a in table.attachments] == ["board.png", "seat-1.png", "seat-2.png"]
    for attachment in table.attachments:
        await assert_png(attachment)
    drawn_once(monkeypatch)
    before = channel_text(world)
    result, _ = await move(world, record, 0)  # ann picks first; bob has not
    assert "Done" in followup_text(result)
    record = await world.record()
    assert check_family_hidden(world, record, before) == 1
    log = await history_log(world, world.bob)
    assert '{"type":"family_pick"}' in log and '"row"' not in log  # I8: hidden while playing
    hidden = 1

    def check(now: GameRecord, before: str) -> None:
        nonlocal hidden
        hidden += check_family_hidden(world, now, before)

    record, ways = await play_to_the_end(world, record, check=check)
    assert record.status == FINISHED and ways == {"button", "command"}
    assert hidden == 6 * 3, "each step's first pick waits hidden for the other's (FM5)"
    text = channel_text(world)
    assert "**ann** puts " in text and "**bob** puts " in text  # revealed once both picked
    assert "scores row " in text and "Final scores" in text
    log = await history_log(world, world.bob)
    assert re.search(r'\{"die":"[a-z]+-\d+","row":\d,"type":"family_pick"\}', log)  # revealed
    outcome = world.bot.tables.outcome(record)
    assert outcome is not None and outcome["winners"]
    final = final_post(world.channel.history())
    for seat in outcome["winners"]:
        assert f"<@{record.seats[seat].user_id}>" in final


async def test_T1_solo_2_at_plus_7_ends_naming_Spider_Jack_and_lands_in_the_high_scores(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = make_world(simcord_env)
    record = await open_mob(world, [], seed=5, variant="solo2_7")
    assert len(record.seats) == 1 and record.options["mode"] == "solo2"
    assert record.options["difficulty"] == "creature+ghosts+summoning+spare_scored+prophecy"
    table = world.channel.history()[-1]
    assert [a.filename for a in table.attachments] == ["board.png", "seat-1.png"]
    drawn_once(monkeypatch)
    record, ways = await play_to_the_end(world, record)
    assert ways == {"button", "command"}
    outcome = world.bot.tables.outcome(record)
    assert outcome is not None and outcome["solo"] == "against_jack+7"
    you, (jack,) = outcome["scores"][0], outcome["rivals"]
    text = channel_text(world)
    assert "🕷️ Spider Jack takes " in text and "The AI" not in text
    final = final_post(world.channel.history())
    assert f"Spider Jack {jack['score']}" in final and f"ann {you}" in final, final
    assert ("🏆 Spider Jack wins!" in final) == jack["won"]
    stats = followup_text(await world.ann.slash(world.channel, "game stats"))
    board = f"Against Spider Jack +7: best **{you}** · played 1"
    assert board in stats, stats
    assert (f"{board}, won 0" in stats) == jack["won"]  # wins are counted once one is lost


async def test_T1_solo_2_played_in_a_dm_with_the_bot(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The platform hosts a table in a DM: the table posts, the hand and the moves all happen
    there, and the game ends as in a server."""
    world = make_world(simcord_env)
    world.bot.tables.seed_source = lambda: 9
    ann = world.ann.user
    opened = await ann.slash("game new", game=GAME, variant="solo2_0")
    assert "is open" in followup_text(opened), followup_text(opened)
    started = await ann.slash("game start")
    assert "has started" in followup_text(started), followup_text(started)
    record = await world.record()
    assert record.guild_id is None and record.channel_id == ann.dm_channel.id
    assert record.options["difficulty"] == ""
    files = [[a.filename for a in m.attachments] for m in ann.dm_channel.history()]
    assert ["board.png", "seat-1.png"] in files and ["hand.png"] in files  # table and hand
    drawn_once(monkeypatch)
    record, ways = await play_to_the_end(world, record, dm=True)
    assert ways == {"button", "command"}
    outcome = world.bot.tables.outcome(record)
    assert outcome is not None and outcome["solo"] == "against_jack+0"
    assert not world.channel.history(), "a DM table posts nothing in the server"
    dms = ann.dm_channel.history()
    final = final_post(dms)
    assert f"Spider Jack {outcome['rivals'][0]['score']}" in final, final
    assert (f"🏆 <@{ann.id}> wins!" in final) == (outcome["winners"] == [0])
    assert "🕷️ Spider Jack takes " in "\n".join(text_of(m) for m in dms)


@pytest.mark.parametrize(("variant", "bots"), [("family", 1), ("standard", 2)])
async def test_bot_players_fill_seats_in_the_normal_and_family_modes(
    simcord_env, monkeypatch: pytest.MonkeyPatch, variant: str, bots: int
) -> None:
    """Issue 9: "bot players can fill seats in the normal and family modes". The bots make
    their own simultaneous picks at once, so the first step waits for the one person only;
    a family table of one person and a bot is played to its end."""
    world = make_world(simcord_env)
    record = await open_mob(world, [], bots=bots, seed=5, variant=variant)
    assert [seat.is_bot for seat in record.seats] == [False, *[True] * bots]
    assert world.bot.tables.pending(record) == [0]  # the bots have picked already
    if variant != "family":
        return
    drawn_once(monkeypatch)
    record, _ = await play_to_the_end(world, record)
    assert record.status == FINISHED
    made = await world.bot.store.actions(record.id)
    assert {entry.seat for entry in made} == {0, 1}
