"""The solo high-score table's lines (bot/stats.py ``solo_lines``): the best score, the bests
it beat struck through, games played and, where the game can be lost, games won."""

from __future__ import annotations

from bot.stats import solo_lines
from bot.store import SoloScore


def _played(board: str, *scores: tuple[float, bool]) -> list[SoloScore]:
    return [
        SoloScore(n, "monsters_on_board", board, score, won, float(n))
        for n, (score, won) in enumerate(scores)
    ]


def test_the_best_score_comes_first_and_earlier_bests_are_struck_through() -> None:
    """ "Se superi quel punteggio, barralo e aggiungi il tuo punteggio più recente": every
    score that beat the best so far, newest first; a lower score later is not a record."""
    played = _played("beat_yourself", (60, True), (90, True), (70, True), (120, True))
    (line,) = solo_lines("en", played)
    assert "best **120** ~~90~~ ~~60~~" in line
    assert "played 4" in line and "won" not in line  # a board that cannot be lost


def test_a_board_that_can_be_lost_counts_its_wins_and_boards_stay_apart() -> None:
    played = _played("against_jack+3", (40, False), (66, True)) + _played(
        "against_jack+0", (55.5, True)
    )
    first, second = solo_lines("en", played)
    assert "best **66** ~~40~~" in first and "won 1" in first and "played 2" in first
    assert "best **55.5**" in second and "~~" not in second and "played 1" in second


def test_the_lines_speak_italian() -> None:
    (line,) = solo_lines("it", _played("beat_yourself", (10, True)))
    assert "migliore" in line
