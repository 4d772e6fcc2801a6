"""Every text on every image reads against what is behind it (issue 29, WCAG 2.x AA): 4.5:1,
or 3:1 for large text (24 px, or 18.67 px bold; see ``contrast.py`` for how it is measured).

The texts are the ones the text-box recorder knows (:mod:`render.boxes`): every text a
renderer draws through its canvas, on boards, seat boards and hands of whole games (bot and
random moves, sampled), in English and Italian, with the names people have.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest
from PIL import Image

from render import board_image, hand_image, seat_board_images
from render.boxes import recording
from render.colours import Palette, contrast, ink_on, legible
from tests.render.contrast import LARGE, NORMAL, problems
from tests.render.playouts import Shot, playout, sample
from tests.render.test_text_boxes import names_for

GAMES = {
    "monster_day": (2, {"extended_deck": True}),
    "notte_di_terrore": (4, {}),
    "munchkin_fu": (4, {}),
    "monsters_on_board": (3, {}),
    "monsterpocalypse": (2, {}),
}
SHOTS = 5  # boards, and as many hands, per game: enough to meet every panel and card kind


@cache
def shots(game: str) -> list[Shot]:
    players, options = GAMES[game]
    every = playout(game, players, 2, options)
    boards = [s for s in every if s.seat is None]
    hands = [s for s in every if s.seat is not None]
    return sample(boards, SHOTS) + sample(hands, SHOTS)


def measured(game: str, locale: str) -> list[str]:
    """Every text below its contrast, on every image of the game's sampled shots."""
    found: list[str] = []
    for index, shot in enumerate(shots(game)):
        seats = GAMES[game][0]
        names = names_for(index, seats)
        with recording() as recorder:
            if shot.seat is None:
                images = [board_image(game, shot.view, locale=locale, players=names)]
                images += seat_board_images(game, shot.view, locale=locale, players=names)
            else:
                images = [hand_image(game, shot.view, locale=locale)]
        assert len(recorder.pages) == len(images)
        for image, page in zip(images, recorder.pages, strict=True):
            found += [f"[{locale}] {shot.label}: {p}" for p in problems(image, page)]
    return found


@pytest.mark.parametrize("locale", ("en", "it"))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_text_meets_wcag_aa(game: str, locale: str) -> None:
    found = measured(game, locale)
    shown = "\n".join(found[:30])
    assert not found, f"{len(found)} texts below AA:\n{shown}"


def test_the_measure_itself() -> None:
    """Black on white is 21:1; the house's text on its panel passes; a text in its own
    background's colour is not measured against itself."""
    assert round(contrast((0, 0, 0), (255, 255, 255)), 1) == 21.0
    assert contrast(Palette.text, Palette.panel) >= NORMAL
    assert contrast(Palette.faint, Palette.panel_hi) >= NORMAL
    for colour in ((232, 112, 0), (38, 140, 58), (255, 216, 74), (90, 169, 255)):
        ink = ink_on(colour)
        assert contrast(ink, colour) >= LARGE, colour
    blue = (31, 94, 200)  # a ghost's colour, 2.8:1 on the panel: lightened just enough
    assert contrast(legible(blue, Palette.panel), Palette.panel) >= NORMAL
    assert legible(Palette.text, Palette.panel) == Palette.text  # already readable: as is
    img = Image.new("RGB", (40, 20), Palette.panel)
    with recording() as recorder:
        from render.common import Canvas

        canvas = Canvas(40, 20)
        canvas.text((2, 2), "dim", 12, Palette.panel_hi)
        image = canvas.image()
    [found] = problems(image, recorder.pages[0])
    assert "'dim'" in found and img.size == image.size


def test_the_stats_chart_and_the_leaderboard_meet_wcag_aa() -> None:
    """``/game stats``'s rating chart and ``/game leaderboard``'s table, both drawn on the
    house panels."""
    from render.stats import BoardRow, leaderboard, rating_chart

    values = [((i * 7919) % 23 - 8) * 0.9 + i * 0.05 for i in range(40)]
    band = [(v, v + 6.0 - min(i, 50) * 0.08) for i, v in enumerate(values)]
    rows = [BoardRow(i + 1, f"Player {i}", f"{30.5 - i * 3.7:.1f}", f"{90 - i} games")
            for i in range(10)]  # fmt: skip
    found: list[str] = []
    draws: tuple[Callable[[], Image.Image], ...] = (
        lambda: rating_chart(
            "Ann — Monster Day", "Now 12.3.", values, band=band, x_caption="rated games"
        ),
        lambda: rating_chart("Ann — Monster Day", "Now 0.", [], empty="No rated game yet."),
        lambda: leaderboard(
            "Monster Day — leaderboard",
            "Server · 12 rated players",
            rows,
            columns=("Player", "Rating", "Record"),
        ),
    )
    for draw in draws:
        with recording() as recorder:
            image = draw()
        found += problems(image, recorder.pages[0])
    assert not found, "\n".join(found)
