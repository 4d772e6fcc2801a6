"""What the end of a solo game says of the player's best score on its high-score board.

A solo game's outcome names its board (``"solo"``, e.g. Monsters on Board's ``beat_yourself``)
and the player's score; ``/game stats`` lists each board's best and the bests it beat, from the
store's solo scores (:meth:`bot.store.GameStore.solo_scores`). The rulebook's solo 1 asks the
player to write the best down and strike it through when beaten ("Se superi quel punteggio,
barralo e aggiungi il tuo punteggio più recente"), so the game's last table message says at once
where the score stands: the first score on the board, a new best (and the best it beat), or the
best still to beat. The table service adds it, as a platform event, to the move that ends the
game (:func:`solo_best_events`); earlier games count once the ratings recorded them, which
happens right after each game ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.store import GameRecord, GameStore

SOLO_BEST_EVENTS = ("solo_first", "solo_new_best", "solo_best_stands")
"""The platform events of a solo game's end: first score, new best, the best still to beat."""


def _number(value: float | None) -> float | int | None:
    """A score as shown: 95.0 is 95."""
    return int(value) if value is not None and float(value).is_integer() else value


async def solo_best_events(
    store: GameStore, record: GameRecord, outcome: Mapping[str, Any] | None
) -> list[dict[str, Any]]:
    """The event that tells where a finished solo game's score stands on its board, or none:
    not a solo board, no score, or a seat a bot played (its result counts for no best)."""
    board = (outcome or {}).get("solo")
    scores = (outcome or {}).get("scores") or []
    if not isinstance(board, str) or not board or not scores or len(record.seats) != 1:
        return []
    seat = record.seats[0]
    if seat.user_id is None or seat.is_bot or 0 in record.extra.get("taken_over", ()):
        return []
    earlier = [
        float(s.score)
        for s in await store.solo_scores(seat.user_id, record.game)
        if s.board == board and s.score is not None and s.game_id != record.id
    ]
    score = float(scores[0])
    best = max(earlier, default=None)
    kind = "solo_first" if best is None else "solo_new_best" if score > best else "solo_best_stands"
    return [{"type": kind, "seat": 0, "score": _number(score), "best": _number(best)}]
