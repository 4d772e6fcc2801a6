"""Every image the bot sends carries alt text (issue 29): a screen reader heard "board.png".

Tables of every game are played through the table service at several points (the start, the
middle, the end), with the fullest tables and the longest names (32 characters, emoji,
Markdown), and every payload with images is built in both languages: each image must have a
non-empty description within Discord's 1,024 characters, saying whose turn it is (or who won)
and the scores. The images themselves are not drawn here (``tests/render`` draws them): only
how many there are matters.
"""

from __future__ import annotations

from typing import Any

import pytest

import render
from bot import alt_text
from bot.limits import ALT_TEXT
from bot.payload import Payload
from bot.publisher import Publisher
from bot.store import ACTIVE, FINISHED, GameRecord
from bot.table import TableService
from render.common import SeatBoardRenderer
from tests.bot.test_publisher import offline_client
from tests.fullest import FULLEST, LONG_NAMES

pytestmark = pytest.mark.sqlite_only  # nothing here is about the store

POINTS = (0, 0.5, 1.0)
"""Where in a game the payloads are built: the start, the middle, the end."""


@pytest.fixture(autouse=True)
def no_drawing(monkeypatch: pytest.MonkeyPatch) -> None:
    """As many stand-in images as the real drawing gives (a board, and a board per seat where
    the game draws one): only their descriptions are tested here."""

    def table(game_id: str, view: dict[str, Any], **_: Any) -> list[bytes]:
        per_seat = isinstance(render.RENDERERS[game_id], SeatBoardRenderer)
        return [b"png"] * (1 + (render._seat_count(view) if per_seat else 0))

    monkeypatch.setattr(render, "render_table", table)
    monkeypatch.setattr(render, "render_hand", lambda *_, **__: b"png")


@pytest.fixture
def tables(store: Any) -> TableService:
    return TableService(store, seed_source=lambda: 4)  # a short Munchkin Fu game of six


async def _tables_at(tables: TableService, game: str, channel: int) -> list[GameRecord]:
    """One table of ``game`` with the most seats, as it stands at each of :data:`POINTS`,
    played by the bot for every seat (random moves make games of 1,600 moves: minutes)."""
    seats = FULLEST[game]
    record = await tables.new_table(game, guild_id=1, channel_id=channel, user_id=1,
                                    name=LONG_NAMES[0], locale="en")  # fmt: skip
    for user in range(2, seats + 1):
        await tables.join(record.id, user, LONG_NAMES[user - 1], "en")
    record = await tables.start(record.id, 1)
    engine = tables.engine(game)
    history = [record]
    while record.status == ACTIVE:
        seat = tables.pending(record)[0]
        action = engine.bot_action(tables.state(record), seat)
        record = (await tables.act(record.id, seat + 1, action)).after
        history.append(record)
    assert record.status == FINISHED
    return [history[round(point * (len(history) - 1))] for point in POINTS]


def _alts(payload: Payload) -> list[str | None]:
    return [file.description for file in payload.files()]


@pytest.mark.parametrize("game", sorted(FULLEST))
async def test_every_image_has_alt_text_in_both_languages(tables: TableService, game: str) -> None:
    publisher = Publisher(offline_client(), tables)
    channel = sorted(FULLEST).index(game) + 10
    for record in await _tables_at(tables, game, channel):
        for locale in ("en", "it"):
            where = f"{game} v{record.version} [{locale}]"
            table = await publisher.table_payload(record, locale=locale)
            payloads = [("table", table)]
            if record.status == ACTIVE:
                for seat in range(len(record.seats)):
                    hand = await publisher.hand_payload(record, seat, locale)
                    payloads.append((f"hand of seat {seat}", hand))
            for what, payload in payloads:
                alts = _alts(payload)
                assert alts, f"{where} {what}: no image"
                for alt in alts:
                    assert alt and alt.strip(), f"{where} {what}: an image without alt text"
                    assert len(alt) <= ALT_TEXT, f"{where} {what}: {len(alt)} characters"
            _check_headline(tables, record, table, locale, where)


def _check_headline(
    tables: TableService, record: GameRecord, table: Payload, locale: str, where: str
) -> None:
    """The board's description begins with whose turn it is (by name, never a mention) and
    names every seat (the summary's line of scores per seat) or, at the end, says who won
    with every score."""
    board = table.descriptions[0]
    first = board.splitlines()[0]
    mentions = [f"<@{seat.user_id}>" for seat in record.seats]
    assert not any(m in board for m in mentions), f"{where}: a mention read as digits: {first!r}"
    if record.status == ACTIVE:
        pending = tables.pending(record)
        for seat in pending:
            assert record.seats[seat].name in first, f"{where}: no turn in {first!r}"
        for info in record.seats:  # the summary: a line per seat, with its score
            assert info.name in board, f"{where}: {info.name!r} is missing"
    else:
        outcome = tables.outcome(record) or {}
        for seat, score in enumerate(outcome.get("scores") or []):
            assert f"{record.seats[seat].name} {score}" in board, f"{where}: no score"


def test_a_description_too_long_keeps_the_first_lines_whole_and_points_to_the_text_view() -> None:
    lines = [f"line {n} " + "x" * 90 for n in range(30)]
    for locale, more in (("en", "more lines"), ("it", "righe")):
        text = alt_text.fit(lines, locale)
        assert len(text) <= ALT_TEXT and text.endswith(("/game status", "/partita stato")), text[
            -80:
        ]
        assert more in text.splitlines()[-1]
        kept = text.splitlines()[:-1]
        assert kept == lines[: len(kept)]


def test_markdown_reads_as_typed() -> None:
    assert alt_text.plain("▶️ **\\*star\\*** · `3` ||x||") == "▶️ *star* · 3 x"
    assert (
        alt_text.plain("<@12>, <@13>: **@\u200beveryone**", {12: "Ann"}) == "Ann, <@13>: @everyone"
    )
