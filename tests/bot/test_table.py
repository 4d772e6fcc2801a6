"""The table service over the real store and the real engines: lobby, turns, CAS, bots."""

from __future__ import annotations

import asyncio

import pytest

import rules
from bot.components import choices_digest
from bot.store import ABANDONED, ACTIVE, CANCELLED, FINISHED, LOBBY, GameStore
from bot.table import TableError, TableService

CHANNEL = 100
TABLE = 1  # each test opens one table, the first in its database


@pytest.fixture
def tables(store: GameStore) -> TableService:
    """The table service over the ``store`` fixture: every test here runs on SQLite and on
    PostgreSQL (tests/bot/conftest.py)."""
    return TableService(store, seed_source=lambda: 1234)


async def _started(tables: TableService, *, bot: bool = False):
    await tables.new_table("monster_day", guild_id=1, channel_id=CHANNEL, user_id=1,
                           name="Ann", locale="en")  # fmt: skip
    if bot:
        await tables.add_bot(TABLE, 1)
    else:
        await tables.join(TABLE, 2, "Bob", "it")
    return await tables.start(TABLE, 1)


def _user_of(record, seat: int) -> int:
    return record.seats[seat].user_id


async def test_lobby_seats_players_and_start_deals(tables: TableService) -> None:
    record = await _started(tables)
    assert record.status == ACTIVE and [s.name for s in record.seats] == ["Ann", "Bob"]
    assert record.seed_hash == rules.seed_commitment(1234)
    assert len(tables.view(record, 0)["hand"]) == 3


async def test_second_table_in_a_channel_is_refused(tables: TableService) -> None:
    await tables.new_table("monster_day", guild_id=1, channel_id=CHANNEL, user_id=1, name="A",
                           locale="en")  # fmt: skip
    with pytest.raises(TableError) as refused:
        await tables.new_table("monster_day", guild_id=1, channel_id=CHANNEL, user_id=2,
                               name="B", locale="en")  # fmt: skip
    assert refused.value.code == "channel_busy"


@pytest.mark.parametrize(
    ("options", "code"),
    [({"nope": True}, "bad_option"), ({"extended_deck": "yes"}, "bad_option")],
)
async def test_bad_options_are_refused(tables: TableService, options, code) -> None:
    with pytest.raises(TableError) as refused:
        await tables.new_table("monster_day", guild_id=1, channel_id=CHANNEL, user_id=1,
                               name="A", locale="en", options=options)  # fmt: skip
    assert refused.value.code == code
    assert await tables.store.open_in_channel(CHANNEL) is None


async def test_unknown_game_is_refused(tables: TableService) -> None:
    with pytest.raises(TableError, match="unknown_game"):
        await tables.new_table("chess", guild_id=1, channel_id=CHANNEL, user_id=1, name="A",
                               locale="en")  # fmt: skip


async def test_lobby_rules(tables: TableService) -> None:
    await tables.new_table("monster_day", guild_id=1, channel_id=CHANNEL, user_id=1, name="A",
                           locale="en")  # fmt: skip
    for code, call in [
        ("already_seated", tables.join(TABLE, 1, "A", "en")),
        ("not_enough_players", tables.start(TABLE, 1)),
        ("not_host", tables.add_bot(TABLE, 2)),
    ]:
        with pytest.raises(TableError) as refused:
            await call
        assert refused.value.code == code
    await tables.join(TABLE, 2, "B", "en")
    with pytest.raises(TableError, match="table_full"):
        await tables.join(TABLE, 3, "C", "en")
    with pytest.raises(TableError, match="not_host"):
        await tables.start(TABLE, 2)


async def test_host_leaving_hands_the_table_on_and_last_human_closes_it(
    tables: TableService,
) -> None:
    await tables.new_table("monster_day", guild_id=1, channel_id=CHANNEL, user_id=1, name="A",
                           locale="en")  # fmt: skip
    await tables.join(TABLE, 2, "B", "en")
    record = await tables.leave(TABLE, 1)
    assert record.host_id == 2 and record.status == LOBBY
    record = await tables.leave(TABLE, 2)
    assert record.status == CANCELLED
    assert await tables.store.open_in_channel(CHANNEL) is None


async def test_only_the_pending_seat_may_act_and_illegal_moves_change_nothing(
    tables: TableService,
) -> None:
    record = await _started(tables)
    engine = rules.GAMES["monster_day"]
    state = tables.state(record)
    current = engine.pending(state)[0]
    waiting = 1 - current
    action = engine.legal_actions(state, current)[0]
    with pytest.raises(TableError, match="not_your_turn"):
        await tables.act(record.id, _user_of(record, waiting), engine.dump_action(action))
    with pytest.raises(TableError, match="not_seated"):
        await tables.act(record.id, 999, engine.dump_action(action))
    with pytest.raises(TableError, match=r"illegal\.malformed_action"):
        await tables.act(record.id, _user_of(record, current), {"card": 5})
    with pytest.raises(TableError, match=r"illegal\.card_not_in_hand"):
        await tables.act(record.id, _user_of(record, current), {"card": "ace_moons", "space": 0})
    assert (await tables.get(record.id)).version == record.version
    assert await tables.store.actions(record.id) == []


async def test_a_click_for_an_older_version_is_stale(tables: TableService) -> None:
    record = await _started(tables)
    engine = rules.GAMES["monster_day"]
    seat = engine.pending(tables.state(record))[0]
    action = engine.legal_actions(tables.state(record), seat)[0]
    with pytest.raises(TableError, match="stale"):
        await tables.act(record.id, _user_of(record, seat), action,
                         expected_version=record.version - 1)  # fmt: skip
    result = await tables.act(record.id, _user_of(record, seat), action,
                              expected_version=record.version)  # fmt: skip
    assert result.after.version == record.version + 1


async def test_double_click_applies_once(tables: TableService) -> None:
    record = await _started(tables)
    engine = rules.GAMES["monster_day"]
    seat = engine.pending(tables.state(record))[0]
    action = engine.legal_actions(tables.state(record), seat)[0]
    user = _user_of(record, seat)
    results = await asyncio.gather(
        tables.act(record.id, user, action, expected_version=record.version),
        tables.act(record.id, user, action, expected_version=record.version),
        return_exceptions=True,
    )
    assert sum(isinstance(r, TableError) and r.code == "stale" for r in results) == 1
    assert len(await tables.store.actions(record.id)) == 1


async def test_a_whole_game_against_the_bot_ends_and_replays(tables: TableService) -> None:
    record = await _started(tables, bot=True)
    engine = rules.GAMES["monster_day"]
    while record.status == ACTIVE:
        seat = tables.pending(record)[0]
        if record.seats[seat].is_bot:
            result = await tables.act_automatically(record.id, seat, record.version)
        else:
            action = engine.legal_actions(tables.state(record), seat)[-1]
            result = await tables.act(record.id, 1, action)
        record = result.after
    assert record.status == FINISHED and tables.outcome(record) is not None
    # Replay from the seed and the stored log gives the stored snapshot, bit for bit.
    state = engine.setup(2, record.options, record.seed)
    for entry in await tables.store.actions(record.id):
        state, _ = engine.apply(state, entry.seat, engine.load_action(entry.action))
    assert engine.dump(state) == record.state


async def test_resigning_ends_a_two_player_game(tables: TableService) -> None:
    record = await _started(tables)
    result = await tables.resign(record.id, 2)
    assert result.after.status == FINISHED
    assert tables.outcome(result.after) == {"resigned": 1, "winners": [0], "scores": None}
    with pytest.raises(TableError, match="game_over"):
        await tables.resign(record.id, 1)


async def _notte_started(tables: TableService):
    await tables.new_table("notte_di_terrore", guild_id=1, channel_id=CHANNEL, user_id=1,
                           name="Ann", locale="en", options={"places": 3})  # fmt: skip
    await tables.join(TABLE, 2, "Bob", "en")
    await tables.join(TABLE, 3, "Cy", "it")
    return await tables.start(TABLE, 1)


async def test_simultaneous_choices_by_button_are_all_applied(tables: TableService) -> None:
    """Every seat chooses its split at once from buttons drawn at the same version: each tap
    names its seat's choices (digest), not the table's version, so none is stale."""
    record = await _notte_started(tables)
    engine = tables.engine(record.game)
    state = tables.state(record)
    digests = {
        user: choices_digest([engine.dump_action(a) for a in engine.legal_actions(state, seat)])
        for seat, user in enumerate((1, 2, 3))
    }
    results = await asyncio.gather(
        *(tables.act_choice(record.id, user, digest, 4) for user, digest in digests.items())
    )
    assert sorted(r.seat for r in results) == [0, 1, 2]
    after = await tables.get(record.id)
    assert after.version == record.version + 3
    assert tables.state(after).phase == "apparition"
    with pytest.raises(TableError) as again:  # the same tap twice: its choices are gone
        await tables.act_choice(record.id, 1, digests[1], 4)
    assert again.value.code in {"stale", "not_your_turn"}


@pytest.mark.parametrize(
    ("options", "code"),
    [({"places": 7}, "bad_option"), ({"victory": "most_terror"}, "bad_option"),
     ({"places": "4"}, "bad_option"), ({"extended_deck": True}, "bad_option")],
)  # fmt: skip
async def test_notte_options_are_checked_by_the_engine(
    tables: TableService, options: dict, code: str
) -> None:
    with pytest.raises(TableError) as refused:
        await tables.new_table("notte_di_terrore", guild_id=1, channel_id=CHANNEL, user_id=1,
                               name="A", locale="en", options=options)  # fmt: skip
    assert refused.value.code == code
    assert await tables.store.open_in_channel(CHANNEL) is None


async def test_start_refuses_options_the_seated_players_cannot_play(tables: TableService) -> None:
    """A first player named for seat 5 at a table of three is refused at start, clearly, and
    the table stays open (the option is valid for five players, so /game new took it)."""
    await tables.new_table("notte_di_terrore", guild_id=1, channel_id=CHANNEL, user_id=1,
                           name="Ann", locale="en", options={"first_player": "5"})  # fmt: skip
    await tables.join(TABLE, 2, "Bob", "en")
    await tables.join(TABLE, 3, "Cy", "en")
    with pytest.raises(TableError) as refused:
        await tables.start(TABLE, 1)
    assert refused.value.code == "options_misfit"
    assert (await tables.get(TABLE)).status == LOBBY


async def test_the_host_or_a_moderator_ends_a_table_and_frees_the_channel(
    tables: TableService,
) -> None:
    """Issue 8: an abandoned table is ended (kept with its history, marked abandoned) by its
    host or a moderator; nobody else may; the channel then hosts a new table."""
    record = await _started(tables)
    with pytest.raises(TableError) as refused:
        await tables.end_table(record.id, 2, "Bob", moderator=False)
    assert refused.value.code == "not_host_or_moderator"
    ended = await tables.end_table(record.id, 2, "Bob", moderator=True)
    assert ended.status == ABANDONED and ended.state == record.state
    with pytest.raises(TableError) as again:
        await tables.end_table(record.id, 1, "Ann", moderator=False)
    assert again.value.code == "table_closed"
    fresh = await tables.new_table("monster_day", guild_id=1, channel_id=CHANNEL, user_id=3,
                                   name="Cy", locale="en")  # fmt: skip
    assert fresh.id != record.id and fresh.status == LOBBY


async def test_expelling_a_player_gives_the_seat_to_a_bot_marked_in_the_result(
    tables: TableService,
) -> None:
    record = await _notte_started(tables)
    with pytest.raises(TableError) as self_expel:
        await tables.expel(record.id, 1, 1, moderator=False)
    assert self_expel.value.code == "expel_yourself"
    with pytest.raises(TableError) as stranger:
        await tables.expel(record.id, 1, 99, moderator=False)
    assert stranger.value.code == "not_seated_them"
    with pytest.raises(TableError) as not_host:
        await tables.expel(record.id, 2, 3, moderator=False)
    assert not_host.value.code == "not_host_or_moderator"
    after = await tables.expel(record.id, 1, 3, moderator=False)
    assert after.seats[2].is_bot and after.extra["taken_over"] == [2]
    assert after.status == ACTIVE


async def test_the_host_role_passes_to_a_seated_player_only(tables: TableService) -> None:
    await tables.new_table("monster_day", guild_id=1, channel_id=CHANNEL, user_id=1, name="A",
                           locale="en")  # fmt: skip
    await tables.join(TABLE, 2, "B", "en")
    for target, code in ((9, "not_seated_them"), (1, "already_host")):
        with pytest.raises(TableError) as refused:
            await tables.hand_host(TABLE, 1, target, moderator=False)
        assert refused.value.code == code
    record = await tables.hand_host(TABLE, 1, 2, moderator=False)
    assert record.host_id == 2
    with pytest.raises(TableError):
        await tables.start(TABLE, 1)  # no longer the host
    assert (await tables.start(TABLE, 2)).status == ACTIVE
