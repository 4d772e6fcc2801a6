"""Every message the publisher builds fits Discord's limits, whatever the names and counts,
and says who won by name (issue 7).

Payloads are turned into the JSON discord.py would send (``handle_message_parameters``) and
checked with the fake Discord's validation, the same 400s Discord answers. Names are fuzzed
with hypothesis: 32 characters of Markdown, mentions, emoji and right-to-left text.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import discord
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from bot.limits import CONTENT, FIELD_VALUE, clip_lines, fit_embed
from bot.payload import Payload
from bot.publisher import Publisher
from bot.store import FINISHED, GameRecord, GameStore
from bot.table import TableService
from tests.fakediscord.validation import validate_message

NASTY = st.sampled_from(["*", "_", "`", "~", "|", ">", "<@123456789012345678>", "@everyone",
                         "[x](https://e.x)", "😱", "ש", "W", "#", "\n", " "])  # fmt: skip
NAME = st.one_of(
    st.text(alphabet="*_`~|>\\#-", min_size=32, max_size=32),  # every character escaped
    st.lists(NASTY | st.characters(codec="utf-8"), min_size=1, max_size=32)
    .map(lambda parts: "".join(parts)[:32])
    .filter(lambda name: name.strip() != ""),
)
NAMES = st.lists(NAME, min_size=5, max_size=5)
CHANNELS = itertools.count(1)


def offline_client() -> discord.Client:
    """A client that never connects: the publisher asks it only for cached names."""
    return discord.Client(intents=discord.Intents(guilds=True))


def discord_json(payload: Payload) -> dict[str, Any]:
    """The body discord.py sends for ``payload`` (as a new message)."""
    kwargs = payload.send_kwargs()
    kwargs.pop("file", None)  # files are checked apart; the body is what Discord validates
    kwargs.pop("files", None)
    params = discord.http.handle_message_parameters(**kwargs)
    return params.payload or {}


def assert_fits(payload: Payload, what: str) -> None:
    errors = validate_message(discord_json(payload))
    assert not errors, f"{what}: Discord would refuse it: {errors.summary()}"


@pytest.fixture
def tables(store: GameStore) -> TableService:
    """The table service over the ``store`` fixture: every test here runs on SQLite and on
    PostgreSQL (tests/bot/conftest.py)."""
    return TableService(store, seed_source=lambda: 99)


async def _night(tables: TableService, names: list[str], moves: int, channel: int) -> GameRecord:
    """A Notte di Terrore table of five with these names, ``moves`` random moves in."""
    record = await tables.new_table("notte_di_terrore", guild_id=1, channel_id=channel,
                                    user_id=1, name=names[0], locale="it")  # fmt: skip
    for user, name in enumerate(names[1:], start=2):
        await tables.join(record.id, user, name, "en")
    record = await tables.start(record.id, 1)
    pick = random.Random(moves)
    for _ in range(moves):
        pending = tables.pending(record)
        if not pending:
            break
        seat = pending[0]
        legal = tables.engine(record.game).legal_actions(tables.state(record), seat)
        user = record.seats[seat].user_id
        assert user is not None
        record = (await tables.act(record.id, user, pick.choice(legal))).after
    return record


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(names=NAMES, moves=st.integers(min_value=0, max_value=80))
async def test_every_message_fits_whatever_the_names(
    tables: TableService, names: list[str], moves: int
) -> None:
    """Five 32-character Markdown names: the Players field passed 1,024 characters after
    about 19 moves and Discord refused the table and the hand."""
    publisher = Publisher(offline_client(), tables)
    channel = next(CHANNELS)  # every example its own channel: one open table per channel
    record = await _night(tables, names, moves, channel)
    narration = [{"type": "resigned", "seat": s, "name": n * 3} for s, n in enumerate(names)]
    assert_fits(await publisher.table_payload(record, narration * 20), "the table")
    assert_fits(publisher.lobby_payload(record), "the lobby")
    for seat in range(len(record.seats)):
        hand = await publisher.hand_payload(record, seat, "it")
        hand.content = publisher.dm_header(record, "it")
        assert_fits(hand, f"seat {seat}'s hand")
        assert_fits(publisher.closed_dm_notice(record, seat), "the closed-DM notice")
    line, _ = publisher.turn_line(record)
    assert len(line) <= CONTENT


def _shared_win_seed(players: int) -> int:
    """A seed whose game, played by the bot for every seat, ends in a win shared by several
    players (about 3 in 100 Notte di Terrore nights)."""
    engine = rules.GAMES["notte_di_terrore"]
    for seed in range(500):
        state = engine.setup(players, dict(engine.options), seed)
        while (outcome := engine.outcome(state)) is None:
            seat = engine.pending(state)[0]
            state, _ = engine.apply(state, seat, engine.bot_action(state, seat))
        if len(outcome["winners"]) > 1:
            return seed
    raise AssertionError("no shared win in 500 nights")


async def _played_out(
    tables: TableService, game: str, names: list[str], options: dict[str, Any] | None = None
) -> GameRecord:
    """A table of ``game`` with these players, played to the end by the bot for each seat
    through the table service (forced moves are made by the service, as at a real table)."""
    record = await tables.new_table(game, guild_id=1, channel_id=7, user_id=1, name=names[0],
                                    locale="en", options=options)  # fmt: skip
    for user, name in enumerate(names[1:], start=2):
        await tables.join(record.id, user, name, "en")
    record = await tables.start(record.id, 1)
    engine = tables.engine(game)
    while record.status != FINISHED:
        seat = tables.pending(record)[0]
        action = engine.bot_action(tables.state(record), seat)
        record = (await tables.act(record.id, seat + 1, action)).after
    return record


async def test_the_end_names_every_player_with_their_score(tables: TableService) -> None:
    """Issue 7: the end said "carol wins, 14 – 15 – 10 – 31!" (scores without names)."""
    publisher = Publisher(offline_client(), tables)
    record = await _played_out(tables, "monster_day", ["*ann*", "bob"])
    outcome = tables.outcome(record)
    assert outcome is not None
    text, pinged = publisher.outcome_line(record)
    first, scores = text.splitlines()
    assert first.startswith("🏆") and all(f"<@{w + 1}>" in first for w in outcome["winners"])
    a, b = outcome["scores"]
    assert scores == f"Scores: \\*ann\\* {a} · bob {b}"
    assert pinged == [1, 2]


async def test_a_solo_game_names_its_automa_rival_with_its_score(tables: TableService) -> None:
    """Solo 2: Spider Jack is no seat but a rival of the outcome: the end names it with its
    score, and says it won when the player did not beat it (I37); one score per seat."""
    publisher = Publisher(offline_client(), tables)
    options = {"mode": "solo2", "difficulty": "creature+ghosts+summoning+spare_scored+prophecy"}
    record = await _played_out(tables, "monsters_on_board", ["ann"], options)
    outcome = tables.outcome(record)
    assert outcome is not None and len(outcome["scores"]) == 1
    (rival,) = outcome["rivals"]
    text, _ = publisher.outcome_line(record)
    first, scores = text.splitlines()
    assert scores == f"Scores: ann {outcome['scores'][0]} · Spider Jack {rival['score']}"
    assert first == ("🏆 Spider Jack wins!" if rival["won"] else "🏆 <@1> wins!")


async def test_a_shared_win_is_said_so_not_called_a_draw(store: GameStore) -> None:
    """Issue 7: a win shared by several players was called "a draw"."""
    seed = _shared_win_seed(3)
    tables = TableService(store, seed_source=lambda: seed)
    publisher = Publisher(offline_client(), tables)
    record = await _played_out(tables, "notte_di_terrore", ["ann", "bob", "cy"])
    outcome = tables.outcome(record)
    assert outcome is not None and len(outcome["winners"]) > 1
    for locale, word in (("en", "share the win"), ("it", "vincono insieme")):
        text, _ = publisher.outcome_line(record, locale)
        assert word in text.splitlines()[0], text
        assert "draw" not in text.lower() and "pareggio" not in text.lower()


def test_a_field_too_long_for_discord_is_cut_at_a_line_and_says_how_many_more() -> None:
    """The Players field of five long Markdown names passed 1,024 characters: whole lines are
    kept and the rest is counted, and every other part of an embed is cut to its limit."""
    name = "\\*" * 32
    lines = [f"**{name}** · 😱 {n} · 🗺️ Luogo 3/6 · 🃏 4 Eventi e 4 Esseri" for n in range(12)]
    value = clip_lines(lines, FIELD_VALUE, lambda n: f"…and {n} more")
    assert len(value) <= FIELD_VALUE and value.endswith("more")
    kept = value.splitlines()[:-1]
    assert kept == lines[: len(kept)]
    embed = discord.Embed(title="t" * 300, description="d" * 5000)
    embed.add_field(name="n" * 300, value="v" * 2000)
    embed.set_footer(text="f" * 3000)
    assert not validate_message({"embeds": [fit_embed(embed).to_dict()]})


async def test_the_move_log_shows_names_escaped(tables: TableService) -> None:
    """A name that looks like a mention reads as typed in ``/game history`` too."""
    from bot.games.texts import history_text

    record = await _played_out(tables, "monster_day", ["<@123456789012345678>", "*bob*"])
    text = history_text(record, await tables.store.actions(record.id), "en", finished=True)
    assert "<@123456789012345678>" not in text and "<@\u200b123456789012345678>" in text
    assert "\\*bob\\*" in text


@given(repeat=st.integers(min_value=0, max_value=7000), names=NAMES)
@settings(max_examples=20, deadline=None)
def test_a_board_per_player_comes_as_one_embed_and_file_each_within_the_limits(
    repeat: int, names: list[str]
) -> None:
    """A table with a board per seat (``more_images``) is one message: the table's embed and
    image, then one titled embed per seat showing its own file; 6,000 characters over all the
    embeds, and an edit replaces every attachment."""
    description = ("🎲 " * repeat)[:4096]
    embed = discord.Embed(title="Monsters on Board — table #1", description=description)
    embed.add_field(name="Players", value="x" * 1024).set_footer(text="y" * 2048)
    more = [(f"seat-{n}.png", name, b"png") for n, name in enumerate(names[:4], start=1)]
    payload = Payload(embed=embed, image=b"png", more_images=more)
    sent = payload.send_kwargs()
    assert [f.filename for f in sent["files"]] == ["board.png", *(m[0] for m in more)]
    embeds = sent["embeds"]
    assert [e.image.url for e in embeds[1:]] == [f"attachment://{m[0]}" for m in more]
    assert sum(len(e) for e in embeds) <= 6000
    assert_fits(payload, "a board per player")
    edit = payload.edit_kwargs()
    assert "files" not in edit and len(edit["attachments"]) == 1 + len(more)


def test_a_message_edited_into_text_keeps_no_old_picture() -> None:
    """Issue 29: a hand DM drawn before its player turned images off is edited into text;
    without ``attachments=[]`` Discord keeps the old picture under the new words."""
    edit = Payload(embed=discord.Embed(title="Your hand", description="• a card")).edit_kwargs()
    assert edit["attachments"] == []


def test_one_image_stays_one_embed_and_one_file() -> None:
    sent = Payload(embed=discord.Embed(title="x"), image=b"png").send_kwargs()
    assert "embed" in sent and "file" in sent and "embeds" not in sent and "files" not in sent
