"""The active figure's stat panel on Monsterpocalypse's map (issue 26, item 3): the figure in
focus with its stats now (speed, DEF, brawl and blast dice + boost, the blast's range, a
monster's power attack, a unit's cost), a monster's health per form and its other form's
printed line, a unit's rank and abilities; a pointer to ``/mp card`` when no figure is in
focus. Drawn for every view a seeded game produces, every text in its box, in both languages.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from render import board_image
from render.common import Canvas, Palette
from render.monsterpocalypse import HEIGHT, WIDTH, seat_highlight
from render.monsterpocalypse.focus import draw_focus, focus_figure
from tests.render.playouts import playout
from tests.render.test_monsterpocalypse import GAME, sample_view, seat_view
from tests.render.test_text_boxes import assert_tidy
from tests.render.textboxes import one_page, problems

FORMS = {
    "alpha": {"speed": 4, "defense": 5, "brawl": [5, 1], "blast": [4, 0], "range": "short",
              "power": [4, 2], "health": 8, "hyper_cost": 0, "abilities": ["regenerate"]},
    "hyper": {"speed": 3, "defense": 6, "brawl": [6, 2], "blast": [0, 0], "range": "",
              "power": [5, 2], "health": 7, "hyper_cost": 4, "abilities": ["jump"]},
}  # fmt: skip


def _panel(view: dict[str, Any], locale: str) -> dict[str, list[str]]:
    """The panel's texts by region, as the board draws them."""
    with one_page() as page:
        board_image(GAME, view, locale=locale, players=["Anna", "Bob"])
    found: dict[str, list[str]] = {}
    for text in page().texts:
        if text.region.label.startswith("focus"):
            found.setdefault(text.region.label, []).append(text.text)
    return found


def test_the_focus_units_stats_are_on_the_map() -> None:
    view = seat_view()  # a unit activation with u1 in focus
    assert focus_figure(view, seat_highlight(view))["id"] == "u1"  # type: ignore[index]
    drawn = _panel(view, "en")
    assert drawn["focus name"] == ["Grunt", "Shield Guard u1 · E5"]
    assert drawn["focus stats"] == ["Speed 3 · DEF 3 · Brawl 2+0 · Blast 1+0 short 2–3"]
    it = _panel(view, "it")
    assert it["focus stats"] == ["Velocità 3 · DIF 3 · Rissa 2+0 · Sparo 1+0 corta 2–3"]


@pytest.mark.parametrize("locale", ["en", "it"])
def test_a_monster_in_focus_shows_both_forms(locale: str) -> None:
    """A monster activation: the acting monster, its health per form, its stats in play and
    its other form's printed line with the hyper cost (the hyper form, while alpha)."""
    view = sample_view()
    view["activation"].update(kind="monster", focus=None, phase="power_up")
    for fig in view["figures"]:
        if fig["kind"] == "monster":
            fig["forms"] = copy.deepcopy(FORMS)
    drawn = _panel(view, locale)
    words = {
        "en": ("Health α 6/8 · H 7/7", "Alpha (in play): Speed 4 · DEF 5 · Brawl 5+1 · Blast "
               "4+0 short 2–3 · Power 4+2 · Regenerate", "Hyper: Speed 3 · DEF 6 · Brawl 6+2 · "
               "Blast none · Power 5+2 · to hyper 4 · Jump"),
        "it": ("Vita α 6/8 · H 7/7", "Alpha (in gioco): Velocità 4 · DIF 5 · Rissa 5+1 · Sparo "
               "4+0 corta 2–3 · Potenziato 4+2 · Rigenerazione", "Hyper: Velocità 3 · DIF 6 · "
               "Rissa 6+2 · Sparo no · Potenziato 5+2 · per hyper 4 · Salto"),
    }[locale]  # fmt: skip
    assert drawn["focus name"][0] == words[0]
    assert drawn["focus stats"] == [words[1]] and drawn["focus more"] == [words[2]]


def test_without_a_figure_in_focus_the_panel_points_to_mp_card() -> None:
    view = sample_view("harbour", "buildings")
    assert _panel(view, "en") == {"focus hint": [
        "/mp card: any figure's stats (both forms of a monster)"]}  # fmt: skip
    assert "/mp scheda" in _panel(view, "it")["focus hint"][0]


@pytest.mark.parametrize("map_id", ["harbour", "downtown"])
def test_the_stat_panel_draws_for_every_view_of_a_playout(map_id: str) -> None:
    """Every public board and seat view of a seeded game (bot and random moves): the panel
    draws, its texts in their boxes, alternating the languages; monsters and units are in
    focus somewhere, each with its stats."""
    found: list[str] = []
    kinds: set[str] = set()
    for i, shot in enumerate(playout(GAME, 2, 4, {"map": map_id})):
        locale = ("en", "it")[i % 2]
        highlight = seat_highlight(shot.view)
        focus = focus_figure(shot.view, highlight)
        with one_page() as page:
            draw_focus(Canvas(WIDTH, HEIGHT, Palette.bg), shot.view, locale, highlight)
        texts = {t.region.label: t.text for t in page().texts}
        if focus is None:
            assert set(texts) == {"focus hint"}, shot.label
        else:
            kinds.add(str(focus["kind"]))
            assert ("DEF " if locale == "en" else "DIF ") in texts["focus stats"], shot.label
        found += [f"[{locale}] {shot.label}: {p}" for p in problems(page())]
    assert_tidy(found)
    assert kinds == {"monster", "unit"}
