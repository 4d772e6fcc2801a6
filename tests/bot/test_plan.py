"""What a move must show (``bot.delivery.plan``): who is asked by a new DM, and whose hand DM
is edited in place in a game that asks for it. Real engines, seeded walks."""

from __future__ import annotations

import random
from typing import Any

from bot.delivery import plan
from bot.store import ACTIVE, HAND_DM, HAND_UPDATE, TABLE_POST, GameRecord, Seat
from rules import GAMES


def _record(game: str, players: int) -> GameRecord:
    seats = tuple(Seat(user_id=100 + s, name=f"P{s}") for s in range(players))
    return GameRecord(1, game, 1, 10, 100, ACTIVE, {}, seats, "en", 7, "", 0, None, None, 0.0, 0.0)


def _moves_until(game: str, players: int, wanted: Any, limit: int = 3_000) -> list[Any]:
    """The deliveries of the first move of a seeded walk for which ``wanted`` holds."""
    engine = GAMES[game]
    record = _record(game, players)
    state = engine.setup(players, {}, 7)
    pick = random.Random(7)
    for _ in range(limit):
        seat = pick.choice(engine.pending(state))
        action = pick.choice(engine.legal_actions(state, seat))
        after, events = engine.apply(state, seat, action)
        told = plan.moved(engine, record, state, after, seat, events).deliveries
        if wanted(told):
            return list(told)
        state = after
        if engine.outcome(state) is not None:
            break
    raise AssertionError("no such move in the walk")


def test_a_game_that_edits_hands_in_place_updates_a_changed_hand_quietly() -> None:
    told = _moves_until("munchkin_fu", 3, lambda d: any(kind == HAND_UPDATE for kind, _ in d))
    assert told[0] == (TABLE_POST, None)
    updated = {seat for kind, seat in told if kind == HAND_UPDATE}
    asked = {seat for kind, seat in told if kind == HAND_DM}
    assert updated and not updated & asked


def test_other_games_send_every_changed_hand_as_a_new_dm() -> None:
    told = _moves_until("monster_day", 2, lambda d: len(d) > 1)
    assert all(kind in (TABLE_POST, HAND_DM) for kind, _ in told)


def test_i27_a_table_message_is_edited_when_fewer_seats_need_a_ping() -> None:
    """Issue 27 §3: the seats no DM reaches are pinged by a new table message when they must
    act; once they acted, the same message is edited (an edit pings nobody, and nobody new
    needs it). A seat newly to ping, another turn, or an old key: a new message."""
    from bot.delivery.plan import edits_in_place, table_key

    both = table_key('active|[1, "draft", 0]|', [1, 2])
    assert edits_in_place(both, table_key('active|[1, "draft", 0]|', [2]))
    assert edits_in_place(both, table_key('active|[1, "draft", 0]|', []))
    assert edits_in_place(both, both)
    assert not edits_in_place(table_key('active|[1, "draft", 0]|', [2]), both)
    assert not edits_in_place(both, table_key('active|[1, "draft", 1]|', []))
    assert not edits_in_place(None, both)
    assert not edits_in_place('active|[1, "draft", 0]|[]|', both)  # a key from before
