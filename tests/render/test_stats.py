"""``/game stats``' rating chart and ``/game leaderboard``'s table (render/stats.py): PNGs that
decode at a sane size, with 0, 1 and many points, and with the names people really have kept
inside their column, clear of the ratings."""

from __future__ import annotations

import pytest

from render.stats import (
    BOARD_W,
    CHART_H,
    CHART_W,
    BoardRow,
    leaderboard,
    leaderboard_png,
    rating_chart,
    rating_chart_png,
)
from tests.render.pngs import assert_sane, decode
from tests.render.test_text_boxes import ODD_NAMES
from tests.render.textboxes import one_page, problems

TITLE = "Bartholomew Longname-Marshwalker — Notte di Terrore"
SUBTITLE = "Rating 12.3 (#2 of 14 here) · 140 games, 37 wins · 96 rated"


@pytest.mark.parametrize("count", [0, 1, 2, 25, 400])
def test_the_rating_chart_draws_any_number_of_games(count: int) -> None:
    values = [((i * 7919) % 23 - 8) * 0.9 + i * 0.05 for i in range(count)]
    band = [(v, v + 6.0 - min(i, 50) * 0.08) for i, v in enumerate(values)]
    with one_page() as page:
        image = rating_chart(TITLE, SUBTITLE, values, band=band, x_caption="rated games",
                             empty="No rated games yet.")  # fmt: skip
    assert image.size == (CHART_W, CHART_H)
    assert problems(page()) == []
    texts = [t.text for t in page().texts]
    assert ("No rated games yet." in texts) == (count == 0)
    data = rating_chart_png(TITLE, SUBTITLE, values, band=band, x_caption="rated games")
    assert_sane(data, (CHART_W, CHART_H))


def test_a_flat_rating_still_has_a_scale() -> None:
    """One value, or the same value every game, gets gridlines around it (no division by a
    zero range)."""
    with one_page() as page:
        rating_chart(TITLE, SUBTITLE, [0.0, 0.0, 0.0], x_caption="games")
    labels = {t.text for t in page().texts}
    assert {"−1.0", "0.0", "1.0"} <= labels
    assert problems(page()) == []


@pytest.mark.parametrize("locale", ["en", "it"])
def test_the_leaderboard_keeps_every_odd_name_in_its_column(locale: str) -> None:
    rows = [
        BoardRow(
            i + 1,
            ODD_NAMES[i % len(ODD_NAMES)],
            f"{30.5 - i * 3.7:.1f}".replace("-", "−"),
            f"{1000 - i} games · {500 - i} wins",
        )
        for i in range(10)
    ]
    columns = ("Player", "Rating", "Record") if locale == "en" else ("Giocatore", "Punteggio",
                                                                       "Partite")  # fmt: skip
    with one_page() as page:
        image = leaderboard(TITLE, SUBTITLE, rows, columns=columns, locale=locale)
    assert image.width == BOARD_W and 500 < image.height < 800
    assert problems(page()) == []
    texts = [t.text for t in page().texts]
    assert "#10" in texts and "−2.8" in texts
    assert all(t.strip() for t in texts)  # a name with nothing drawable still reads as someone
    assert_sane(leaderboard_png(TITLE, SUBTITLE, rows, columns=columns, locale=locale))


def test_a_leaderboard_of_one_player_is_small() -> None:
    data = leaderboard_png("Monster Day", "x", [BoardRow(1, "Anna", "0.0", "1 game · 1 win")])
    image = decode(data)
    assert image.width == BOARD_W and image.height < 300
