"""Monsters on Board's solo 1 high score (O9, I36): "Annota il tuo punteggio più alto da qualche
parte e siglalo. Se superi quel punteggio, barralo e aggiungi il tuo punteggio più recente."

The end of a solo game says where its score stands on the player's own board: the first score
(the best to beat from now on), a new best (and the one it beat), or the best still to beat.
Played over the real store and table service (every seat's move the engine's bot player's); the
earlier bests come from the store's solo scores (``GameStore.solo_scores``), as ``/game stats``
reads them. Issue 26 item 3.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bot.games import PRESENTERS
from bot.narration import narrate
from bot.ratings import Ratings
from bot.solo_best import SOLO_BEST_EVENTS, solo_best_events
from bot.store import ACTIVE, FINISHED, GameRecord, GameStore, ResultRow
from bot.table import MoveResult, TableService

GAME = "monsters_on_board"
PLAYER = 5
BOARD = "beat_yourself"


@pytest.fixture
def tables(store: GameStore) -> TableService:
    seeds = iter(range(700, 800))
    return TableService(store, seed_source=lambda: next(seeds))


async def _solo_game(tables: TableService, channel: int = 10) -> MoveResult:
    """A solo 1 game played to its end; the result of its last move."""
    record = await tables.new_table(GAME, guild_id=1, channel_id=channel, user_id=PLAYER,
                                    name="Ann", locale="en", options={"mode": "solo1"})  # fmt: skip
    record = await tables.start(record.id, PLAYER)
    last = None
    while record.status == ACTIVE:
        action = tables.engine(GAME).bot_action(tables.state(record), 0)
        last = await tables.act(record.id, PLAYER, action)
        record = last.after
    assert last is not None and record.status == FINISHED
    return last


async def _earlier(tables: TableService, *scores: float) -> None:
    """Earlier solo 1 results of the player, as the ratings record them (each on a table of its
    own: a result names its table)."""
    for n, score in enumerate(scores):
        lobby = await _lobby(tables, channel=50 + n)
        row = ResultRow(game_id=lobby.id, seat=0, game=GAME, guild_id=1, user_id=PLAYER,
                        name="Ann", score=score, rank=1, winner=True, taken_over=False,
                        rated=False, finished_at=float(n), board=BOARD)  # fmt: skip
        assert await tables.store.record_result([row], None)


async def _lobby(tables: TableService, channel: int = 90) -> GameRecord:
    """A solo 1 table in its lobby: a table id an earlier result can name."""
    return await tables.new_table(GAME, guild_id=1, channel_id=channel, user_id=PLAYER,
                                  name="Ann", locale="en", options={"mode": "solo1"})  # fmt: skip


def _said(result: MoveResult, locale: str) -> list[str]:
    names = [seat.name for seat in result.after.seats]
    return narrate(PRESENTERS[GAME], list(result.events), locale, names)


def _best_events(result: MoveResult) -> list[dict[str, Any]]:
    return [e for e in result.events if e["type"] in SOLO_BEST_EVENTS]


async def test_O9_new_best_replaces_old(tables: TableService) -> None:
    await _earlier(tables, 1)
    end = await _solo_game(tables)
    score = tables.outcome(end.after)["scores"][0]
    assert score > 1
    assert _best_events(end) == [{"type": "solo_new_best", "seat": 0, "score": score, "best": 1}]
    assert f"🏅 New best for **Ann**: {score} beats 1!" in _said(end, "en")
    assert any(f"Nuovo record per **Ann**: {score}" in line for line in _said(end, "it"))
    # Once recorded it is the best to beat: a later, lower score leaves it standing.
    await Ratings(tables.store, tables).catch_up()
    later = replace(end.after, id=(await _lobby(tables)).id)
    lower = {"solo": BOARD, "scores": [score - 1], "winners": [0]}
    assert await solo_best_events(tables.store, later, lower) == [
        {"type": "solo_best_stands", "seat": 0, "score": score - 1, "best": score}
    ]
    names = ["Ann"]
    (line,) = narrate(PRESENTERS[GAME], await solo_best_events(tables.store, later, lower),
                      "it", names)  # fmt: skip
    assert f"record da battere resta {score}" in line


async def test_O9_the_first_score_is_the_best_to_beat(tables: TableService) -> None:
    end = await _solo_game(tables)
    score = tables.outcome(end.after)["scores"][0]
    assert _best_events(end) == [{"type": "solo_first", "seat": 0, "score": score, "best": None}]
    assert any(f"first score on this board: {score}" in line for line in _said(end, "en"))
    assert any(f"Primo punteggio di **Ann** su questa classifica: {score}" in line
               for line in _said(end, "it"))  # fmt: skip


async def test_O9_only_a_seat_the_player_played_has_a_best(tables: TableService) -> None:
    """A game with opponents has no board; a solo seat a bot took over counts for no best."""
    lobby = await _lobby(tables)
    assert await solo_best_events(tables.store, lobby, {"winners": [0], "scores": [3]}) == []
    taken = replace(lobby, extra={"taken_over": [0]})
    solo = {"solo": BOARD, "scores": [3], "winners": [0]}
    assert await solo_best_events(tables.store, taken, solo) == []
