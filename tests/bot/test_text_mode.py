"""The text mode (issue 29): a table and a hand in words, from the same views as the images.

Tables of every game are played through the table service to the start, the middle and the
end (``tests/bot/test_alt_text.py``'s fullest tables, longest names), and every payload kind
is built in the text mode in both languages: no picture at all, the words within Discord's
limits (4,096 per description, 6,000 per message), whose turn it is and every seat by name,
everything the alt text says and more, and a hand with exactly the buttons its picture has.
"""

from __future__ import annotations

import discord
import pytest

from bot import alt_text, text_mode
from bot.games import PRESENTERS, TEXT_VIEWS
from bot.games.monster_day import card_label
from bot.limits import EMBED_DESCRIPTION, EMBED_TOTAL, units
from bot.payload import Payload
from bot.publisher import Publisher
from bot.store import ACTIVE, GameRecord, Prefs
from bot.table import TableService
from rules import GAMES
from tests.bot.test_alt_text import FULLEST, _tables_at, no_drawing, tables
from tests.bot.test_publisher import offline_client

pytestmark = pytest.mark.sqlite_only  # nothing here is about the store

__all__ = ["no_drawing", "tables"]  # the fixtures these tests share with the alt text's


def _buttons(payload: Payload) -> list[str | None]:
    view = payload.view
    return [getattr(item, "custom_id", None) for item in (view.children if view else [])]


def _embeds_fit(payload: Payload, where: str) -> list[discord.Embed]:
    kwargs = payload.send_kwargs()
    embeds = kwargs.get("embeds") or [kwargs["embed"]]
    assert sum(len(e) for e in embeds) <= EMBED_TOTAL, where
    assert "file" not in kwargs and "files" not in kwargs, f"{where}: a picture"
    return list(embeds)


def _says_the_alt_text_and_more(text: str, alt: str, where: str) -> None:
    """Every whole line of the alt text is a line of the text view (in Markdown there), and
    the text view says more, unless it was cut itself."""
    said = {alt_text.plain(line) for line in text.splitlines()}
    lines = alt.splitlines()
    kept = lines[:-1] if "/game status" in lines[-1] or "/partita" in lines[-1] else lines
    cut = text.splitlines()[-1].startswith(("…and", "…e altr"))
    missing = [line for line in kept if line not in said]
    assert cut or not missing, f"{where}: the text view lacks {missing[:2]}"
    assert cut or len(text) > len(alt), f"{where}: the text view says no more than the alt text"


async def _check_table(publisher: Publisher, record: GameRecord, locale: str, where: str) -> None:
    payload = await publisher.table_payload(record, locale=locale, text=True)
    (embed,) = _embeds_fit(payload, where)
    text = embed.description or ""
    assert text.strip() and units(text) <= EMBED_DESCRIPTION, f"{where}: {units(text)} units"
    pictured = await publisher.table_payload(record, locale=locale)
    _says_the_alt_text_and_more(text, pictured.descriptions[0], where)
    headline = alt_text.plain(text.splitlines()[0])
    assert headline == pictured.descriptions[0].splitlines()[0], where
    for seat in record.seats:
        assert seat.name in alt_text.plain(text), f"{where}: {seat.name!r} is missing"
    assert _buttons(payload) == _buttons(pictured), f"{where}: other buttons"


async def _check_hand(
    publisher: Publisher, record: GameRecord, seat: int, locale: str, where: str
) -> None:
    text_hand = await publisher.hand_payload(record, seat, locale, images=False)
    pictured = await publisher.hand_payload(record, seat, locale, images=True)
    (embed,) = _embeds_fit(text_hand, where)
    text = embed.description or ""
    assert text.strip() and units(text) <= EMBED_DESCRIPTION, where
    assert _buttons(text_hand) == _buttons(pictured), f"{where}: not the same buttons"
    said = alt_text.plain(text)
    told = pictured.descriptions[0].splitlines()[1:]  # after "Your hand", the embed's title
    told = told[:-1] if (told and "/game status" in told[-1]) or "/partita" in told[-1] else told
    fuller = [line.split(" · ")[0] for line in told]  # a fuller line starts as the short one
    assert not [line for line in fuller if line not in said], f"{where}: less than the alt text"
    view = publisher.tables.view(record, seat)
    first = alt_text.hand_lines(PRESENTERS[record.game], view, locale)[0]
    assert text.startswith(first[:200]), f"{where}: the hand does not lead with {first!r}"


@pytest.mark.parametrize("game", sorted(FULLEST))
async def test_every_payload_kind_reads_as_text_in_both_languages(
    tables: TableService, game: str
) -> None:
    publisher = Publisher(offline_client(), tables)
    channel = sorted(FULLEST).index(game) + 30
    for record in await _tables_at(tables, game, channel):
        for locale in ("en", "it"):
            where = f"{game} v{record.version} [{locale}]"
            await _check_table(publisher, record, locale, where)
            for seat in range(len(record.seats) if record.status == ACTIVE else 0):
                await _check_hand(publisher, record, seat, locale, f"{where} seat {seat}")


async def test_a_player_with_images_off_gets_every_hand_as_text(tables: TableService) -> None:
    """The choice is the player's, read wherever a hand is built: not the others'."""
    publisher = Publisher(offline_client(), tables)
    (record, *_) = await _tables_at(tables, "monster_day", 50)
    await tables.store.set_prefs(1, Prefs(images=False))
    mine = await publisher.hand_payload(record, 0, "en")
    theirs = await publisher.hand_payload(record, 1, "en")
    assert not mine.pictures() and theirs.pictures()
    assert mine.embed is not None and mine.embed.description


def test_every_game_has_a_text_view_beside_its_presenter() -> None:
    assert set(TEXT_VIEWS) == set(GAMES) == set(PRESENTERS)


def test_the_monsterpocalypse_map_is_a_grid_telling_sides_by_case() -> None:
    engine = GAMES["monsterpocalypse"]
    state = engine.setup(2, {}, 5)
    for _ in range(60):
        seat = engine.pending(state)[0]
        state = engine.apply(state, seat, engine.bot_action(state, seat))[0]
    view = engine.view(state, None)
    lines = TEXT_VIEWS["monsterpocalypse"](view, "en", ["Ann", "Bob"])
    start = lines.index("```")
    grid = lines[start + 2 : start + 14]
    assert len(grid) == 12 and all(len(row) == 16 for row in grid), grid
    for figure in view["figures"]:
        if figure.get("at"):
            col, row = ord(figure["at"][0]) - ord("A"), int(figure["at"][1:]) - 1
            letter = "M" if figure["kind"] == "monster" else "U"
            assert grid[row][4 + col] == (letter if figure["owner"] == 0 else letter.lower())
    seat = engine.pending(state)[0]  # a hand read instead of seen: what each figure can do
    hand = text_mode.hand_text(PRESENTERS["monsterpocalypse"], engine.view(state, seat), "en")
    for figure in view["figures"]:
        mine = figure["owner"] == seat and figure.get("at")
        assert (f"{figure['id']} — {figure.get('at')}: Speed" in hand) == bool(mine), figure["id"]


def test_a_monster_day_hand_says_what_each_card_counts_for_and_where_it_goes() -> None:
    """Monster Day's hand lines name a card only: its text view adds its value, the monsters
    it adds to (odd: Catoblepas, even: Dire Bear, a personality: Glatisant, any: Pegasus) and
    the spaces whose Ace shares a suit with it."""
    engine = GAMES["monster_day"]
    state = engine.setup(2, {}, 5)
    seat = engine.pending(state)[0]
    view = engine.view(state, seat)
    text = text_mode.hand_text(PRESENTERS["monster_day"], view, "en")
    for card, line in zip(view["hand"], text.splitlines(), strict=True):
        assert line.startswith(f"• {card_label(card, 'en')}: value "), line
        assert "Pegasus" in line and ("Glatisant" in line) == ("personality" in card["types"])
        legal = {a.space + 1 for a in engine.legal_actions(state, seat) if a.card == card["id"]}
        assert line.endswith("spaces " + ", ".join(map(str, sorted(legal)))), (line, legal)


def test_a_text_view_too_long_keeps_its_first_lines_and_counts_the_rest() -> None:
    """Within Discord's count, where an emoji (👻) takes two of the 4,096."""
    lines = [f"line {n} " + "👻" * 100 for n in range(40)]
    for locale in ("en", "it"):
        text = text_mode.fit(lines, locale)
        assert units(text) <= EMBED_DESCRIPTION and units(text) > EMBED_DESCRIPTION - 250
        kept = text.splitlines()[:-1]
        assert kept == lines[: len(kept)] and len(kept) > 10


async def test_a_picture_without_a_text_view_is_said_by_its_alt_text() -> None:
    """A chart, the leaderboard, a replay: in the text mode each picture's alt text is said
    in its place; a move log attached as a file is no picture and stays."""
    embed = discord.Embed(title="Stats").set_image(url="attachment://rating.png")
    chart = Payload(content="3 games", embed=embed, image=b"png", filename="rating.png",
                    descriptions=["Ann — rating 25, newest first: 25, 24"])  # fmt: skip
    said = chart.without_pictures()
    assert not said.pictures() and said.image is None and said.embed is not None
    assert said.embed.image.url is None and chart.embed is not None and chart.embed.image.url
    assert said.content == "3 games\n\nAnn — rating 25, newest first: 25, 24"
    log = Payload(content="The full log is attached.", image=b"log", filename="t-1-history.txt")
    assert not log.pictures() and log.without_pictures() is log
