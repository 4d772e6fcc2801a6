"""Every text on every image stays in its box and clear of every other text, in both languages
(issue 7: the Italian hand wrote "LUOGHI DA SUPERARE" over "IL TUO LUOGO").

The images are the ones the bot sends: boards and hands of whole games (bot and random moves
mixed, see ``playouts.py``), long games sampled, drawn in English and Italian with the names
people really have: 32 characters, wide letters, emoji, right-to-left scripts, stacked
diacritics, names that are blank once undrawable characters go. What "in its box" means is
declared by the renderers (``Canvas.region``); the check is ``textboxes.problems``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

import pytest

from render import board_image, hand_image
from render.boxes import Page
from render.common import Canvas
from tests.render.playouts import Shot, playout, sample
from tests.render.test_monster_day import FIXTURES
from tests.render.textboxes import one_page, problems

LOCALES = ("en", "it")
ODD_NAMES = (
    "Bartholomew Longname-Marshwalker",  # 32 characters, Discord's longest display name
    "W" * 32,  # the widest letter
    "Bot (Bartholomew Longname-Marsh)",  # a bot in a resigned player's seat
    "🐉🔥 Dragon ☠ Slayer 🎲🎲 ★★★",  # emoji: some drawable, some not
    "שלום עליכם ירושלים הבירה",  # Hebrew, right to left
    "مرحبا يا صديقي العزيز",  # Arabic, right to left, joined letters
    "Z̴̧̛a̶͓l̷̲g̷̻o̵̮ t̶e̵x̴t̷",  # stacked combining marks
    "\u200b\u200d",  # nothing drawable: becomes "Player n"
    "ÅÉÎ gjpqy ŸÇ",  # tall capitals and deep descenders
    "@everyone **bold** <@123>",  # drawn as typed
    "x",
    "Anna",
)


def names_for(index: int, seats: int) -> list[str]:
    """A different mix of odd names per image, so every name meets every layout."""
    return [ODD_NAMES[(index * seats + k) % len(ODD_NAMES)] for k in range(seats)]


def _seats(view: dict[str, Any]) -> int:
    players = view.get("players")
    return len(players) if isinstance(players, list) and players else 2


def check(game: str, shots: Iterable[Shot], locale: str) -> list[str]:
    """Draw every shot (boards with odd names) and list every text out of place."""
    found: list[str] = []
    for i, shot in enumerate(shots):
        names = names_for(i, _seats(shot.view)) if shot.seat is None else None
        with one_page() as page:
            if shot.seat is None:
                board_image(game, shot.view, locale=locale, players=names)
            else:
                hand_image(game, shot.view, locale=locale)
        where = f"[{locale}] {shot.label} ({shot.phase})" + (f" names={names}" if names else "")
        found += [f"{where}: {p}" for p in problems(page())]
    return found


def assert_tidy(found: list[str]) -> None:
    shown = "\n".join(found[:40])
    more = f"\n... and {len(found) - 40} more" if len(found) > 40 else ""
    assert not found, f"{len(found)} texts out of place:\n{shown}{more}"


# --------------------------------------------------------------------------- the check itself


def _draw(paint: Callable[[Canvas], None]) -> Page:
    with one_page() as page:
        paint(Canvas(200, 100))
    return page()


def test_a_text_inside_its_box_passes() -> None:
    def paint(c: Canvas) -> None:
        with c.region((10, 10, 190, 50), "panel"):
            c.text((20, 30), "fits", 16, anchor="lm")
        c.text((20, 80), "below", 16, anchor="lm")

    page = _draw(paint)
    assert [t.text for t in page.texts] == ["fits", "below"]
    assert problems(page) == []


def test_a_text_leaving_its_box_is_named() -> None:
    def paint(c: Canvas) -> None:
        with c.region((10, 10, 60, 50), "pill"):
            c.text((20, 30), "far too long for the pill", 16, anchor="lm")

    [found] = problems(_draw(paint))
    assert "'far too long for the pill'" in found and "image > pill" in found


def test_overlapping_texts_are_named() -> None:
    def paint(c: Canvas) -> None:
        c.text((10, 30), "LUOGHI DA SUPERARE", 16, anchor="lm")
        c.text((60, 30), "IL TUO LUOGO", 16, anchor="lm")

    [found] = problems(_draw(paint))
    assert "'LUOGHI DA SUPERARE'" in found and "overlaps 'IL TUO LUOGO'" in found


def test_text_off_the_image_and_a_box_outside_its_parent() -> None:
    def paint(c: Canvas) -> None:
        with c.region((150, 10, 260, 40), "strip"):
            c.text((160, 25), "off the edge", 16, anchor="lm")

    found = problems(_draw(paint))
    assert any("box image > strip" in f and "leaves image" in f for f in found)
    assert any("'off the edge'" in f for f in found)


def test_a_badge_may_sit_on_text_only_when_declared() -> None:
    def paint(declared: bool) -> Callable[[Canvas], None]:
        def draw(c: Canvas) -> None:
            c.text((10, 30), "Name under", 16, anchor="lm")
            with c.region((40, 15, 70, 45), "badge", overlap_ok=declared):
                c.text((55, 30), "9", 16, anchor="mm")

        return draw

    assert problems(_draw(paint(True))) == []
    assert len(problems(_draw(paint(False)))) == 1


def test_a_number_cut_to_an_ellipsis_is_named() -> None:
    def paint(c: Canvas) -> None:
        with c.region((10, 10, 40, 50), "deck"):
            c.fit_text((12, 30), "35", 22, 19, bold=True, anchor="lm")

    [found] = problems(_draw(paint))
    assert "cut to nothing: '3…'" in found or "cut to nothing: '…'" in found


def test_nothing_is_recorded_unless_asked() -> None:
    c = Canvas(50, 50)
    with c.region((0, 0, 50, 50), "panel") as box:
        c.text((5, 25), "quiet", 12, anchor="lm")
    assert c.page is None and box == (0, 0, 50, 50)


# --------------------------------------------------------------------------- Monster Day


MONSTER_DAY_GAMES: tuple[tuple[int, dict[str, Any]], ...] = ((1, {}), (2, {"extended_deck": True}))
SAMPLE = 12  # boards, and as many hands, per game and language: near-twins add only time


def sampled(shots: list[Shot]) -> list[Shot]:
    boards = [s for s in shots if s.seat is None]
    hands = [s for s in shots if s.seat is not None]
    return sample(boards, SAMPLE) + sample(hands, SAMPLE)


@cache
def monster_day_shots() -> list[Shot]:
    return [
        shot
        for seed, options in MONSTER_DAY_GAMES
        for shot in sampled(playout("monster_day", 2, seed, options))
    ]


@pytest.mark.parametrize("locale", LOCALES)
def test_monster_day_texts_stay_in_their_boxes(locale: str) -> None:
    fixtures = [Shot(f"fixture {k}", v, None, "fixture") for k, v in sorted(FIXTURES.items())]
    assert_tidy(check("monster_day", fixtures + monster_day_shots(), locale))


# --------------------------------------------------------------------------- Notte di Terrore

NOTTE_GAMES: dict[int, tuple[int, dict[str, Any]]] = {
    3: (3, {"places": 6}),
    4: (4, {}),
    5: (5, {"victory": "home_first"}),
}


@cache
def notte_shots(players: int) -> list[Shot]:
    seed, options = NOTTE_GAMES[players]
    return sampled(playout("notte_di_terrore", players, seed, options))


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("players", sorted(NOTTE_GAMES))
def test_notte_di_terrore_texts_stay_in_their_boxes(players: int, locale: str) -> None:
    assert_tidy(check("notte_di_terrore", notte_shots(players), locale))


@pytest.mark.parametrize("locale", LOCALES)
def test_hand_places_labels_apart_whatever_is_ahead(locale: str) -> None:
    """Issue 7's own image: a hand with its Place revealed and 0 to 5 Places ahead ("LUOGHI DA
    SUPERARE" was written over "IL TUO LUOGO" when few were left), with 0 to 3 Weapons."""
    hand = next(s for s in notte_shots(4) if s.seat is not None and _revealed(s))
    shots = []
    for ahead in range(6):
        for weapons in range(4):
            view = _with_seat(hand, face_down=ahead, table=_table(hand)[:weapons])
            shots.append(Shot(f"hand, {ahead} Places ahead, {weapons} Weapons", view, 0, "-"))
    assert_tidy(check("notte_di_terrore", shots, locale))


def _me(shot: Shot) -> dict[str, Any]:
    me: dict[str, Any] = shot.view["players"][shot.view["seat"]]
    return me


def _revealed(shot: Shot) -> bool:
    return bool(_me(shot).get("revealed"))


def _table(shot: Shot) -> list[str]:
    """Three Weapons for the table: the seat's own, padded with other seats' ones."""
    table = [w for p in shot.view["players"] for w in p.get("table") or []]
    return (table * 3)[:3]


def _with_seat(shot: Shot, **changes: Any) -> dict[str, Any]:
    players = [dict(p) for p in shot.view["players"]]
    players[shot.view["seat"]].update(changes)
    return {**shot.view, "players": players}


@pytest.mark.parametrize("locale", LOCALES)
def test_a_crowded_night_stays_tidy(locale: str) -> None:
    """The extremes a sample may miss, on every strip: a Place with eight summoned Beings
    carrying many Events, every Place passed, six face down, three Weapons on the table."""
    boards = [s for s in notte_shots(5) if s.seat is None]
    cards: dict[str, Any] = {}
    for shot in boards:
        cards |= shot.view.get("cards") or {}
    of = {deck: [c for c, info in cards.items() if info.get("deck") == deck] for deck in DECKS}
    beings = [
        {
            "card": being,
            "events": (of["events"] * 2)[i : i + 2 + i % 6],
            "summoned_by": of["events"][0] if i % 2 else None,
            "if_undefeated": 10 + i,
            "if_killed": -i,
        }
        for i, being in enumerate(of["beings"][:8])
    ]
    crowd = {
        "revealed": of["places"][0],
        "monsters": beings,
        "infested": True,
        "path": of["places"][1:7],
        "face_down": 6,
        "table": of["weapons"][:3],
        "weapon_hand": of["weapons"][3],
        "home": False,
    }
    view = {**boards[len(boards) // 2].view, "cards": cards}
    view["players"] = [{**p, **crowd} for p in view["players"]]
    shots = [Shot(f"crowded board, {n} Beings", _crowd(view, n), None, "-") for n in (1, 3, 8)]
    assert_tidy(check("notte_di_terrore", shots, locale))


DECKS = ("beings", "events", "places", "weapons")


def _crowd(view: dict[str, Any], beings: int) -> dict[str, Any]:
    players = [{**p, "monsters": p["monsters"][:beings]} for p in view["players"]]
    return {**view, "players": players}
