"""Issue 28, the table's side: a bot seat plays at the level the host chose, kept in the store
across a restart and shown in its name; a bot that takes over a seat plays normal; every move
the platform asks of a bot names the seat's level."""

from __future__ import annotations

from typing import Any

import pytest

from bot.store import ACTIVE, GameStore, Seat
from bot.table import TableError, TableService
from rules import GAMES
from rules.base import ModuleEngine
from tests.bot.conftest import Reopen

CHANNEL = 100
TABLE = 1


async def _lobby(tables: TableService, game: str = "monster_day", locale: str = "en") -> None:
    await tables.new_table(game, guild_id=1, channel_id=CHANNEL, user_id=1, name="Ann",
                           locale=locale)  # fmt: skip


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_engine_offers_three_levels_and_refuses_others(game: str) -> None:
    engine = GAMES[game]
    assert engine.bot_levels == ("easy", "normal", "hard")
    state = engine.setup(engine.seat_range(dict(engine.options))[1], dict(engine.options), 7)
    seat = engine.pending(state)[0]
    for level in engine.bot_levels:
        assert engine.bot_action(state, seat, level) in engine.legal_actions(state, seat)
    assert engine.bot_action(state, seat) == engine.bot_action(state, seat, "normal")
    with pytest.raises(ValueError):
        engine.bot_action(state, seat, "godlike")


async def test_a_bot_seat_keeps_its_level_across_a_restart(
    tables: TableService, store: GameStore, reopen: Reopen
) -> None:
    await _lobby(tables, "notte_di_terrore")
    await tables.add_bot(TABLE, 1, "hard")
    record = await tables.add_bot(TABLE, 1)
    assert [seat.level for seat in record.seats[1:]] == ["hard", "normal"]
    await store.close()
    again = await (await reopen()).get(TABLE)
    assert again is not None
    assert [(seat.name, seat.level) for seat in again.seats[1:]] == [
        ("🤖 Ada (hard)", "hard"),
        ("🤖 Boris (normal)", "normal"),
    ]


async def test_a_bot_is_named_with_its_level_in_the_tables_language(tables: TableService) -> None:
    await _lobby(tables, "notte_di_terrore", locale="it")
    for level in ("easy", "normal", "hard"):
        await tables.add_bot(TABLE, 1, level)
    record = await tables.get(TABLE)
    names = [seat.name for seat in record.seats[1:]]
    assert names == ["🤖 Ada (facile)", "🤖 Boris (normale)", "🤖 Cleo (difficile)"]


def test_every_bot_name_fits_wherever_a_name_is_shown() -> None:
    """A seat's name goes into button labels (80), select options (100) and embed field names
    (256): the longest bot name in either language stays far inside them."""
    from bot.bots import BOT_NAMES, bot_name

    longest = max(
        len(bot_name(base, level, locale))
        for base in BOT_NAMES
        for level in ("easy", "normal", "hard")
        for locale in ("en", "it")
    )
    assert longest <= 32


async def test_an_unknown_level_is_refused(tables: TableService) -> None:
    await _lobby(tables)
    with pytest.raises(TableError) as refused:
        await tables.add_bot(TABLE, 1, "godlike")
    assert refused.value.code == "bad_bot_level"


async def test_old_bot_seats_without_a_level_play_normal() -> None:
    assert Seat.load({"user_id": None, "name": "Bot Ada", "locale": "en"}).level == "normal"
    assert "level" not in Seat(5, "Ann", "en").dump()


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str]]:
    """The (seat, level) of every bot move asked of an engine; the engine still decides."""
    calls: list[tuple[int, str]] = []
    real = ModuleEngine.bot_action

    def bot_action(self: ModuleEngine, state: Any, seat: int, level: str = "normal") -> Any:
        calls.append((seat, level))
        return real(self, state, seat, level)

    monkeypatch.setattr(ModuleEngine, "bot_action", bot_action)
    return calls


async def test_the_bots_move_is_asked_at_the_seats_level(
    tables: TableService, asked: list[tuple[int, str]]
) -> None:
    await _lobby(tables)
    await tables.add_bot(TABLE, 1, "easy")
    record = await tables.start(TABLE, 1)
    while 1 not in tables.pending(record):
        seat_zero = tables.engine(record.game).legal_actions(tables.state(record), 0)[0]
        record = (await tables.act(TABLE, 1, seat_zero)).after
    await tables.act_automatically(TABLE, 1, record.version)
    assert (1, "easy") in asked and all(level == "easy" for _, level in asked)


async def test_a_bot_taking_over_a_resigned_seat_plays_normal(
    tables: TableService, asked: list[tuple[int, str]]
) -> None:
    await _lobby(tables, "notte_di_terrore")
    await tables.join(TABLE, 2, "Bob", "en")
    await tables.add_bot(TABLE, 1, "hard")
    await tables.start(TABLE, 1)
    after = (await tables.resign(TABLE, 1)).after
    assert after.status == ACTIVE and after.seats[0].is_bot and after.seats[0].level == "normal"
    while 0 not in tables.pending(after):
        seat = tables.pending(after)[0]
        mover = after.seats[seat]
        if mover.is_bot:
            after = (await tables.act_automatically(TABLE, seat, after.version)).after
        else:
            legal = tables.engine(after.game).legal_actions(tables.state(after), seat)
            after = (await tables.act(TABLE, mover.user_id or 0, legal[0])).after
    await tables.act_automatically(TABLE, 0, after.version)
    assert (0, "normal") in asked


async def test_a_bot_voted_in_for_an_absent_player_plays_normal(tables: TableService) -> None:
    """The clock-out takeover (bot/deadlines.py) seats its bot through the same helper as a
    resignation and an expulsion."""
    await _lobby(tables)
    await tables.join(TABLE, 2, "Bob", "en")
    record = await tables.start(TABLE, 1)
    taken = tables._bot_takes_over(record, 1, tables.state(record))
    assert taken["seats"][1].is_bot and taken["seats"][1].level == "normal"
