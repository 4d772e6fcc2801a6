"""Monsters on Board played through Discord (simcord): a normal game to its end by DM buttons
and ``/game move``, with no pick shown in the channel before the cars pass and no prophecy
card shown to anyone but its owner; a solo game played by one person that lands in their
high-score table; and the refusals (a full solo table, a stale button).

Players decide like the engine's bot would (a legal, sensible choice), then make that move the
way a person does: a DM button when the move has one, else ``/game move`` with the move's name
as autocomplete offers it. The test never calls the table service to move.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.games import PRESENTERS
from bot.games.monsters_on_board.words import die_text, prophecy_name
from bot.store import ACTIVE, FINISHED, GameRecord
from rules.monsters_on_board import ENGINE
from rules.monsters_on_board.draft import car_of
from tests.cogs.helpers import (
    World,
    assert_png,
    button_for,
    drawn_once,
    followup_text,
    make_world,
    private,
    replies,
    start_table,
    text_of,
)

GAME = "monsters_on_board"
PRESENTER = PRESENTERS[GAME]
pytestmark = pytest.mark.simcord(settle_timeout=30)
"""The first table is drawn for real in the render pool's new process: on a busy machine
(the whole suite on two cores) that can take longer than simcord's default 5 s to settle."""


async def open_mob(
    world: World, guests: list[Any], bots: int = 0, seed: int = 7, **options: Any
) -> GameRecord:
    """Open, fill and start a table of this game (see :func:`start_table`)."""
    return await start_table(world, GAME, guests, bots, seed, **options)


# --- making a move the way a player does ---------------------------------------------------------


async def move(
    world: World, record: GameRecord, seat: int, typed: bool = False, dm: bool = False
) -> tuple[Any, str]:
    """Seat ``seat`` makes the bot's choice: by DM button when its DM has one (unless
    ``typed``), else by ``/game move`` with the name autocomplete gives it, typed in the
    world's channel or, for a table in a DM (``dm``), in the player's DM. Returns the reply
    and how it moved."""
    actor = world.actor_for(record.seats[seat].user_id)
    state = world.bot.tables.state(record)
    action = ENGINE.dump_action(ENGINE.bot_action(state, seat))
    legal = [ENGINE.dump_action(a) for a in ENGINE.legal_actions(state, seat)]
    button = None if typed else button_for(actor, legal.index(action))
    if button is not None:
        message, custom_id = button
        return await actor.user.click(message, custom_id=custom_id), "button"
    view = ENGINE.view(state, seat)
    name = PRESENTER.action_label(view, action, "en")
    if dm:
        offered = await actor.user.autocomplete("game move", "move", name)
        (choice,) = [c for c in offered if c["name"] == name]
        return await actor.user.slash("game move", move=choice["value"]), "command"
    offered = await actor.autocomplete(world.channel, "game move", "move", name)
    (choice,) = [c for c in offered if c["name"] == name]
    return await actor.slash(world.channel, "game move", move=choice["value"]), "command"


async def history_log(world: World, actor: Any) -> str:
    """``/game history`` as the player reads it: the reply, or the log file it attaches."""
    result = await actor.slash(world.channel, "game history")
    shown = followup_text(result)
    attached = [a for reply in replies(result) for a in reply.attachments]
    return (await attached[0].read()).decode() if attached else shown


def channel_text(world: World) -> str:
    return "\n".join(text_of(m) for m in world.channel.history())


def dm_text(actor: Any) -> str:
    return "\n".join(text_of(m) for m in actor.user.dm_channel.history())


def hidden_picks(world: World, record: GameRecord) -> list[tuple[str, str, int]]:
    """Each pick made this draft step and not yet revealed (I8): the picker's name as the
    narration writes it, the die as it reads (``♥P5``) and the step."""
    state = world.bot.tables.state(record)
    if state.phase != "draft" or state.draft != "simultaneous":
        return []
    found = []
    for seat, info in enumerate(state.seats):
        if info.pick is not None:
            die = state.cars[car_of(state, seat)][info.pick]
            assert die is not None
            found.append((record.seats[seat].name, die_text(die[0], die[1]), state.step))
    return found


def check_picks_hidden(world: World, record: GameRecord, before: str, now: str) -> int:
    """No line the channel gained from ``before`` to ``now`` (its :func:`channel_text` then
    and now) names a pick the cars have not revealed: only the line of its own step's pass
    may, and that step has not passed."""
    known = set(before.splitlines())
    new = [line for line in now.splitlines() if line not in known]
    hidden = hidden_picks(world, record)
    for name, die, step in hidden:
        for line in new:
            if "Picks of step" in line:
                assert f"Picks of step {step + 1}/4" not in line, line
            else:
                assert f"**{name}** {die}" not in line, line
    return len(hidden)


# --- tests ---------------------------------------------------------------------------------------


async def test_two_players_play_a_whole_game_by_buttons_and_game_move(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = make_world(simcord_env)
    record = await open_mob(world, [world.bob])
    assert len(record.seats) == 2 and record.options["mode"] == "normal"
    table = world.channel.history()[-1]
    assert [a.filename for a in table.attachments] == ["board.png", "seat-1.png", "seat-2.png"]
    assert len(table.embeds) == 3 and [e.title for e in table.embeds[1:]] == ["ann", "bob"]
    for attachment in table.attachments:
        await assert_png(attachment)
    drawn_once(monkeypatch)
    state = world.bot.tables.state(record)
    prophecies = [prophecy_name(str(s.prophecy), "en") for s in state.seats]

    ways: set[str] = set()
    moves = hidden = 0
    # The channel's text is read once a move: rebuilding it (every message of the channel as a
    # discord.Message, deep-copied by simcord) three times a move was half this test's time.
    now = channel_text(world)
    while record.status == ACTIVE:
        seat = world.bot.tables.pending(record)[0]
        before = now
        result, how = await move(world, record, seat, typed=moves % 5 == 4)
        assert private(result) and "Done" in followup_text(result), followup_text(result)
        ways.add(how)
        await world.bot.scheduler.wait_idle()
        record, moves = await world.record(), moves + 1
        now = channel_text(world)
        hidden += check_picks_hidden(world, record, before, now)
        if record.status == ACTIVE and moves % 20 == 0:
            assert not [p for p in prophecies if p in now]
            for seat_i, actor in enumerate((world.ann, world.bob)):
                assert prophecies[1 - seat_i] not in dm_text(actor)
        assert moves < 1_000, "the game did not end"
    assert record.status == FINISHED and ways == {"button", "command"}
    assert hidden > 20, "the bot's picks were never waiting hidden for the player's"
    log = await history_log(world, world.bob)
    assert re.search(r'"die":"[a-z]+-\d+"', log) and '{"type":"pick"}' not in log  # revealed
    outcome = world.bot.tables.outcome(record)
    assert outcome is not None
    final = world.channel.history()[-1]
    for seat in outcome["winners"]:
        assert f"<@{record.seats[seat].user_id}>" in final.content
    assert "Final scores" in text_of(final) or "Scores:" in final.content


async def test_one_person_plays_solo_and_the_score_lands_in_their_high_scores(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """I36: solo mode 1 is started by one person alone and played against the AI to the end;
    the score goes to the "Beat yourself" high-score table."""
    world = make_world(simcord_env)
    record = await open_mob(world, [], variant="solo1")
    assert len(record.seats) == 1 and record.options["mode"] == "solo1"
    table = world.channel.history()[-1]
    assert [a.filename for a in table.attachments] == ["board.png", "seat-1.png"]
    drawn_once(monkeypatch)
    moves = 0
    while record.status == ACTIVE:
        result, _ = await move(world, record, 0, typed=moves % 4 == 3)
        assert "Done" in followup_text(result), followup_text(result)
        record, moves = await world.record(), moves + 1
        assert moves < 1_000, "the game did not end"
    outcome = world.bot.tables.outcome(record)
    assert outcome is not None and outcome["solo"] == "beat_yourself"
    text = "\n".join(text_of(m) for m in world.channel.history()[-1:])
    assert "AI" in channel_text(world) and str(outcome["scores"][0]) in text
    # O9 (issue 26 item 3): the end says where the score stands: here the first, to beat.
    assert f"first score on this board: {outcome['scores'][0]}" in text, text
    stats = followup_text(await world.ann.slash(world.channel, "game stats"))
    assert f"Beat yourself: best **{outcome['scores'][0]}**" in stats, stats


async def test_refusals_a_full_solo_table_and_a_stale_button_change_nothing(simcord_env) -> None:
    world = make_world(simcord_env)
    world.bot.tables.seed_source = lambda: 3
    opened = await world.ann.slash(world.channel, "game new", game=GAME, variant="solo1")
    assert "is open" in followup_text(opened)
    full = await world.bob.slash(world.channel, "game join")
    assert full.ephemeral and "This table is full (1 players)." in followup_text(full)
    await world.ann.slash(world.channel, "game start")
    record = await world.record()
    assert record.status == ACTIVE and len(record.seats) == 1

    old = next(m for m in reversed(world.ann.user.dm_channel.history()) if m.components)
    result, _ = await move(world, record, 0, typed=True)  # the first pick, by /game move
    assert "Done" in followup_text(result)
    log = await history_log(world, world.ann)
    assert '{"type":"pick"}' in log and '"die"' not in log  # I8: hidden while playing
    after = await world.record()
    stale = await world.ann.user.click(old, custom_id=old.components[0].children[0].custom_id)
    assert private(stale) and "moved on" in followup_text(stale)
    assert (await world.record()).version == after.version
    late = await world.bob.slash(world.channel, "game move", move="Pass")
    assert late.ephemeral and (await world.record()).version == after.version
