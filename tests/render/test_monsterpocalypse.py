"""Monsterpocalypse's map image (issue 11): the 12×12 map with its terrain, spaces, buildings,
hazards and figures, the status bar and the players' panel, from views built by hand per the
interface page (the engine has not landed yet), on both maps' shapes and at the moments that
matter (setup, mid-game, a unit activation with a highlight, the end).

Each image must decode, keep its size (no wider than a phone shows at once), fit the PNG
budget and not be blank; every figure, building and space of the view must be drawn where the
view puts it; every text must stay in its box in English and Italian with long names; the
highlight must change exactly the squares it names.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from PIL import Image, ImageChops

import rules
from render import RENDERERS, board_image, hand_image, render_board, render_hand
from render.monsterpocalypse import HEIGHT, WIDTH, MonsterpocalypseRenderer, seat_highlight
from render.monsterpocalypse import render_board as draw_map
from render.monsterpocalypse.layout import cell
from render.monsterpocalypse.panel import status
from render.monsterpocalypse.style import square
from tests.render.playouts import Shot, playout, sample
from tests.render.pngs import assert_sane
from tests.render.test_text_boxes import ODD_NAMES, assert_tidy, names_for
from tests.render.textboxes import one_page, problems

GAME = "monsterpocalypse"
MAPS = ("harbour", "downtown")
LOCALES = ("en", "it")


# --------------------------------------------------------------------------- hand-made views


def sq(col: int, row: int) -> str:
    return f"{chr(ord('A') + col)}{row + 1}"


def block(anchor: str, size: int) -> list[str]:
    col, row = ord(anchor[0]) - ord("A"), int(anchor[1:]) - 1
    return [sq(col + dx, row + dy) for dy in range(size) for dx in range(size)]


def names(en: str, it: str | None = None) -> dict[str, str]:
    return {"en": en, "it": it or en}


MAP_SHAPES: dict[str, dict[str, Any]] = {
    "harbour": {
        "names": names("Harbour", "Porto"),
        "rough": ["D6", "E6", "H7", "I7", "K10"],
        "impassable": ["A6", "B6", "K6", "L6", "L7"],
        "cover": ["C4", "J9", "F7"],
        "foundations": ["B3", "E3", "I3", "C7", "G5", "J7", "D9", "H9", "A8"],
        "spaces": [
            {"at": "F6", "kind": "power"},
            {"at": "G9", "kind": "negative"},
            {"at": "A4", "kind": "boost"},
            {"at": "K4", "kind": "teleporter"},
            {"at": "B10", "kind": "teleporter"},
            {"at": "E7", "kind": "ability", "ability": "inspire"},
            {"at": "E2", "kind": "spawn", "owner": "north"},
            {"at": "H11", "kind": "spawn", "owner": "south"},
            {"at": "L9", "kind": "spawn", "owner": "", "activator": "J11"},
        ],
    },
    "downtown": {
        "names": names("Downtown Boulevard of Very Long Names", "Centro dai nomi lunghissimi"),
        "rough": [sq(c, 5) for c in range(3, 9)],
        "impassable": ["F7", "G7", "A1"],
        "cover": ["B5", "K5", "E8", "H4"],
        "foundations": ["A3", "K3", "D3", "H3", "A8", "K8", "D9", "H9", "F3"],
        "spaces": [
            {"at": "C6", "kind": "power"},
            {"at": "J6", "kind": "power"},
            {"at": "F5", "kind": "negative"},
            {"at": "G5", "kind": "boost"},
            {"at": "A6", "kind": "teleporter"},
            {"at": "L6", "kind": "teleporter"},
            {"at": "F9", "kind": "ability", "ability": "guard"},
            {"at": "F2", "kind": "spawn", "owner": "north"},
            {"at": "G11", "kind": "spawn", "owner": "south"},
            {"at": "B11", "kind": "spawn", "owner": "", "activator": "D12"},
        ],
    },
}

BUILDINGS = (
    ("power_plant", "Power Plant", "Centrale elettrica", 5, 3, "radioactive"),
    ("refinery", "Chemical Refinery", "Raffineria chimica", 4, 2, "chemical"),
    ("tower", "Office Tower", "Torre uffici", 3, 1, "fire"),
    ("chapel", "Old Chapel", "Vecchia cappella", 3, 1, "hellmouth"),
    ("depot", "Depot", "Deposito", 2, 1, "ruins"),
)


def game_map(map_id: str) -> dict[str, Any]:
    shape = MAP_SHAPES[map_id]
    spaces = [{"ability": "", "owner": "", "activator": None, **space} for space in shape["spaces"]]
    return {
        "id": map_id,
        "names": shape["names"],
        "size": 12,
        "rough": shape["rough"],
        "impassable": shape["impassable"],
        "cover": shape["cover"],
        "foundations": [
            {"at": at, "tier": "primary" if i < 6 else "secondary"}
            for i, at in enumerate(shape["foundations"])
        ],
        "start": {
            "north": [sq(c, r) for r in (0, 1) for c in range(12)],
            "south": [sq(c, r) for r in (10, 11) for c in range(12)],
        },
        "spaces": spaces,
    }


def building(index: int, at: str, owner: int, secured: int | None = None) -> dict[str, Any]:
    kind, en, it, defense, energy, hazard = BUILDINGS[index % len(BUILDINGS)]
    return {"id": f"b{index}", "type": kind, "names": names(en, it), "owner": owner, "at": at,
            "squares": block(at, 2), "defense": defense, "energy": energy, "hazard": hazard,
            "secured_by": secured}  # fmt: skip


def monster(seat: int, at: str, form: str, health: tuple[int, int]) -> dict[str, Any]:
    title = ("Colossus Prime", "Colosso Primo") if seat == 0 else ("Hive Empress", "Imperatrice")
    return {
        "id": f"m{seat}", "owner": seat, "kind": "monster", "type": f"monster{seat}",
        "names": names(*title), "at": at, "size": 2, "squares": block(at, 2), "form": form,
        "health": {"alpha": health[0], "hyper": health[1]}, "max": {"alpha": 8, "hyper": 7},
        "stats": {"speed": 4, "defense": 5, "brawl": [5, 1], "blast": [4, 0], "range": "short",
                  "power": [4, 2]},
        "abilities": ["regenerate"] if seat == 0 else ["flight"], "moved": False,
        "attacked": False,
    }  # fmt: skip


UNIT_TYPES = {
    "titans_guard": ("Shield Guard", "Guardia scudo", "grunt", []),
    "titans_lancer": ("Lancer", "Lanciere", "elite", ["jump"]),
    "swarm_drone": ("Drone", "Fuco", "grunt", ["flight"]),
    "swarm_spitter": ("Acid Spitter", "Sputa-acido", "elite", ["hazard_proof"]),
    "occult_cultist": ("Cultist", "Cultista", "grunt", ["occult"]),
}


def unit(n: int, owner: int, kind: str, at: str) -> dict[str, Any]:
    en, it, rank, abilities = UNIT_TYPES[kind]
    return {
        "id": f"u{n}", "owner": owner, "kind": "unit", "type": kind, "names": names(en, it),
        "at": at, "size": 1, "squares": [at], "form": None, "health": {}, "max": {},
        "stats": {"speed": 3, "defense": 3, "brawl": [2, 0], "blast": [1, 0], "range": "short",
                  "power": [0, 0]},
        "abilities": abilities, "moved": n % 3 == 0, "attacked": False, "rank": rank,
        "faction": kind.split("_", 1)[0],
    }  # fmt: skip


def player(seat: int, pools: tuple[int, int, int], destroyed: int) -> dict[str, Any]:
    faction = ("titans", "swarm")[seat]
    faction_names = (names("Titans", "Titani"), names("Swarm", "Sciame"))[seat]
    return {"seat": seat, "faction": faction, "faction_names": faction_names,
            "pools": {"unit": pools[0], "monster": pools[1], "power": pools[2]},
            "destroyed_monsters": destroyed,
            "reserve": {f"{faction}_a": 3, f"{faction}_b": 2}}  # fmt: skip


def sample_view(map_id: str = "harbour", phase: str = "play") -> dict[str, Any]:
    """A public view in the middle of a game on ``map_id``: both monsters (one hyper), units
    of both factions with an elite, a flyer, a jumper and an Occult unit, buildings (one
    secured), hazard tokens of every kind where buildings fell, a unit activation with a figure
    in focus."""
    the_map = game_map(map_id)
    spots = [f["at"] for f in the_map["foundations"]]
    buildings = [
        building(0, spots[0], 0, secured=0),
        building(1, spots[1], 1),
        building(2, spots[2], 0),
        building(4, spots[5], 1, secured=1),
    ]
    kinds = ("fire", "chemical", "radioactive", "ruins", "hellmouth")
    fallen = [*spots[3:5], *spots[6:9]]
    hazards = [{"at": at, "kind": kind} for at, kind in zip(fallen, kinds, strict=True)]
    units = [
        unit(0, 0, "titans_guard", "A5"), unit(1, 0, "titans_guard", "E5"),
        unit(2, 0, "titans_lancer", "F6"), unit(3, 0, "titans_guard", "J11"),
        unit(4, 1, "swarm_drone", "C8"), unit(5, 1, "swarm_spitter", "J5"),
        unit(6, 1, "swarm_drone", "G9"), unit(7, 1, "occult_cultist", "K12"),
        unit(8, 0, "occult_cultist", "B12"),
    ]  # fmt: skip
    figures = [monster(0, "C11", "alpha", (6, 7)), monster(1, "H1", "hyper", (0, 5)), *units]
    if phase != "play":
        figures, buildings, hazards = [], [], []
    return {
        "game": GAME, "map": the_map, "phase": phase, "round": 5, "rounds": 12, "turn": 0,
        "first": 1, "sides": ["south", "north"],
        "players": [player(0, (6, 4, 3), 0), player(1, (2, 8, 10), 1)],
        "figures": figures, "buildings": buildings, "hazards": hazards,
        "activation": {"seat": 0, "kind": "units", "phase": "move", "spent": 2, "rolls": [],
                       "focus": "u1"} if phase == "play" else None,
        "last": [],
    }  # fmt: skip


def seat_view(map_id: str = "harbour") -> dict[str, Any]:
    """Seat 0's own view of :func:`sample_view`: the focus unit's moves and its targets."""
    view = sample_view(map_id)
    view["moves"] = {
        "u1": [{"to": to, "cost": 1, "hazards": 0} for to in ("D5", "D6", "F5")],
        "u2": [{"to": "G7", "cost": 2, "hazards": 0}],
    }
    view["attacks"] = [
        {"figure": "u1", "kind": "blast", "target": "u4", "max_dice": 1, "boost": 0,
         "defense": 3, "odds": {"1": 0.17}},
        {"figure": "u1", "kind": "brawl", "target": "b1", "max_dice": 2, "boost": 0,
         "defense": 4, "odds": {"1": 0.0}},
        {"figure": "u2", "kind": "brawl", "target": "m1", "max_dice": 2, "boost": 0,
         "defense": 5, "odds": {"1": 0.0}},
    ]  # fmt: skip
    view["runs"], view["spawns"] = [], []
    return view


def views() -> list[tuple[str, dict[str, Any]]]:
    out = [(f"{m} play", sample_view(m)) for m in MAPS]
    out += [(f"{m} {p}", sample_view(m, p)) for m in MAPS for p in ("buildings", "place")]
    over = sample_view("downtown")
    over.update(phase="over", activation=None, winners=[1])
    return [*out, ("downtown over", over)]


# --------------------------------------------------------------------------- the tests


def test_registered() -> None:
    assert isinstance(RENDERERS[GAME], MonsterpocalypseRenderer)


@pytest.mark.parametrize(("label", "view"), views(), ids=[label for label, _ in views()])
def test_image_size_and_png(label: str, view: dict[str, Any]) -> None:
    assert WIDTH <= 1000, "a phone must show the whole map"
    assert_sane(render_board(GAME, view, players=["Anna", "Bob"]), (WIDTH, HEIGHT))


def test_hand_is_the_seat_view_with_its_highlight() -> None:
    assert_sane(render_hand(GAME, seat_view()), (WIDTH, HEIGHT))


def _texts(view: dict[str, Any], locale: str = "en") -> list[tuple[str, tuple[float, ...]]]:
    with one_page() as page:
        board_image(GAME, view, locale=locale, players=["Anna", "Bob"])
    return [(t.region.label, t.bbox) for t in page().texts]


def _inside(bbox: tuple[float, ...], squares: list[str]) -> bool:
    boxes = [cell(s) for s in (square(x) for x in squares) if s is not None]
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    return x0 <= bbox[0] and y0 <= bbox[1] and bbox[2] <= x1 and bbox[3] <= y1


@pytest.mark.parametrize("map_id", MAPS)
def test_every_figure_and_building_is_drawn_on_its_squares(map_id: str) -> None:
    view = sample_view(map_id)
    drawn: dict[str, list[tuple[float, ...]]] = {}
    for label, bbox in _texts(view):
        drawn.setdefault(label, []).append(bbox)
    for figure in view["figures"]:
        label = f"{figure['kind']} {figure['id']}"
        assert drawn.get(label), f"{label} not drawn"
        assert all(_inside(b, figure["squares"]) for b in drawn[label]), label
    for entry in view["buildings"]:
        label = f"building {entry['id']}"
        assert drawn.get(label) and all(_inside(b, entry["squares"]) for b in drawn[label])


def _pixels(view: dict[str, Any], **kwargs: Any) -> Image.Image:
    return draw_map(view, "en", **kwargs).convert("RGB")


def _changed(a: Image.Image, b: Image.Image, where: str) -> bool:
    s = square(where)
    assert s is not None
    x0, y0, x1, y1 = cell(s)
    box = (round(x0), round(y0), round(x1), round(y1))
    return ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is not None


@pytest.mark.parametrize("map_id", MAPS)
def test_every_space_hazard_and_empty_foundation_is_drawn(map_id: str) -> None:
    """Each space, hazard token and empty foundation changes its own square from the bare map."""
    view = sample_view(map_id)
    full = _pixels(view)
    for key in ("spaces",):
        bare = copy.deepcopy(view)
        bare["map"][key] = []
        without = _pixels(bare)
        for space in view["map"][key]:
            assert _changed(full, without, space["at"]), f"{space} not drawn"
    bare = {**view, "hazards": []}
    without = _pixels(bare)
    for hazard in view["hazards"]:
        assert _changed(full, without, hazard["at"]), f"{hazard} not drawn"
    built = {b["at"] for b in view["buildings"]} | {h["at"] for h in view["hazards"]}
    empty = [f["at"] for f in view["map"]["foundations"] if f["at"] not in built]
    bare = copy.deepcopy(view)
    bare["map"]["foundations"] = []
    without = _pixels(bare)
    for at in empty:
        assert _changed(full, without, at), f"foundation {at} not drawn"


def test_highlight_marks_exactly_the_reachable_squares_and_targets() -> None:
    view = seat_view()
    highlight = seat_highlight(view)
    assert highlight == {
        "figure": "u1", "squares": ["D5", "D6", "F5"], "targets": ["b1", "u4"], "runs": []
    }  # fmt: skip
    plain, marked = _pixels(view), _pixels(view, highlight=highlight)
    for at in ("D5", "D6", "F5", "E5", "C8", "E3"):  # reachable, the focus, the two targets
        assert _changed(plain, marked, at), at
    for at in ("A10", "L1", "H6", "J11"):  # far from all of them
        assert not _changed(plain, marked, at), at


def test_without_a_focus_every_target_is_ringed_and_no_square_tinted() -> None:
    view = seat_view()
    view["activation"]["focus"] = None
    assert seat_highlight(view) == {
        "figure": None, "squares": [], "targets": ["b1", "m1", "u4"], "runs": []
    }  # fmt: skip


def test_the_only_figure_that_may_move_is_the_focus() -> None:
    view = seat_view()
    view["activation"].update(focus=None, kind="monster")
    view["moves"] = {"m0": [{"to": "E11", "cost": 1, "hazards": 0}]}
    view["runs"] = [{"to": "F10", "cost": 2}, {"to": "E11", "cost": 1}]
    view["attacks"] = view["attacks"][:1]
    highlight = seat_highlight(view)
    assert highlight == {"figure": "m0", "squares": ["E11"], "targets": [], "runs": ["F10", "E11"]}
    without_runs = _pixels(view, highlight={**highlight, "runs": []})
    assert _changed(without_runs, _pixels(view, highlight=highlight), "F10")


def test_no_highlight_with_nothing_to_show() -> None:
    view = seat_view()
    view.update(moves={}, attacks=[])
    assert seat_highlight(view) is None
    view["activation"] = None
    assert seat_highlight(view) is None


@pytest.mark.parametrize("locale", LOCALES)
def test_texts_stay_in_their_boxes_with_long_names(locale: str) -> None:
    found: list[str] = []
    shots = [*views(), ("seat view", seat_view()), ("seat view downtown", seat_view("downtown"))]
    for i, (label, view) in enumerate(shots):
        for players in (names_for(i, 2), [ODD_NAMES[0], ODD_NAMES[1]]):
            with one_page() as page:
                board_image(GAME, view, locale=locale, players=players)
            found += [f"[{locale}] {label} {players}: {p}" for p in problems(page())]
        with one_page() as page:
            hand_image(GAME, view, locale=locale)
        found += [f"[{locale}] {label} hand: {p}" for p in problems(page())]
    assert_tidy(found)


def test_both_locales_draw_their_own_words() -> None:
    view = sample_view()
    en = {text for text, _ in _words(view, "en")}
    it = {text for text, _ in _words(view, "it")}
    assert any("Round 5/12" in w for w in en)
    assert any("Attivazione unità" in w for w in it) and any("Unit activation" in w for w in en)
    assert "Riserva 5" in " ".join(it) and "Reserve 5" in " ".join(en)
    assert "Porto" in " ".join(it) and "Harbour" in " ".join(en)


def _words(view: dict[str, Any], locale: str) -> list[tuple[str, str]]:
    with one_page() as page:
        board_image(GAME, view, locale=locale, players=["Anna", "Bob"])
    return [(t.text, t.region.label) for t in page().texts]


def test_a_trimmed_view_still_draws() -> None:
    """A view missing optional parts (no activation, no spaces, odd squares) draws anyway."""
    view = sample_view()
    view["map"]["spaces"] = [{"at": "Z99", "kind": "power"}]
    view["figures"].append({"id": "u99", "kind": "unit", "owner": 0, "at": None})
    view["activation"] = None
    assert_sane(render_board(GAME, view), (WIDTH, HEIGHT))


@pytest.mark.parametrize("locale", LOCALES)
def test_long_content_names_fit(locale: str) -> None:
    """Buildings, monsters, factions and units with names far longer than the content's."""
    view = sample_view("downtown")
    long = names("W" * 40, "Centrale termoelettrica abbandonata della periferia nord")
    for entry in view["buildings"] + view["figures"]:
        entry["names"] = long
    for seat in view["players"]:
        seat["faction_names"] = long
    with one_page() as page:
        board_image(GAME, view, locale=locale, players=[ODD_NAMES[1], ODD_NAMES[0]])
    assert_tidy(problems(page()))


def test_monsters_show_both_health_tracks_with_numbers() -> None:
    words = _words(sample_view(), "en")
    assert ("6/8", "monster m0") in words and ("7/7", "monster m0") in words
    assert ("0/8", "monster m1") in words and ("5/7", "monster m1") in words
    assert ("α", "monster m0") in words and ("H", "monster m1") in words


def test_a_unit_without_faction_or_rank_takes_its_owners_faction() -> None:
    """The view may leave a unit's faction out: it is drawn in its owner's faction colour, and
    only a unit whose rank says elite gets the ring."""
    view = sample_view()
    plain = copy.deepcopy(view)
    for figure in plain["figures"]:
        if figure["id"] == "u4":  # a Swarm drone of seat 1
            del figure["faction"], figure["rank"]
    assert _pixels(view).tobytes() == _pixels(plain).tobytes()
    elite = copy.deepcopy(view)
    next(f for f in elite["figures"] if f["id"] == "u4")["rank"] = "elite"
    assert _changed(_pixels(view), _pixels(elite), "C8")


# --------------------------------------------------------------------------- engine games

needs_engine = pytest.mark.skipif(
    GAME not in rules.GAMES, reason="the Monsterpocalypse engine has not landed yet"
)


def real_shots(map_id: str, seed: int = 1) -> list[Shot]:
    """Public boards and seats' own views of a whole seeded game on ``map_id`` (bot and random
    moves mixed), about 24 of them spread over the game."""
    return sample(playout(GAME, 2, seed, {"map": map_id}), 24)


@needs_engine
@pytest.mark.parametrize("map_id", MAPS)
def test_real_games_draw_every_piece_tidily(map_id: str) -> None:
    """Every figure on the map and every building of a real view drawn on its squares (those
    in the reserve not at all); every text in its box,
    in both languages, on boards and on the seats' highlighted views."""
    found: list[str] = []
    shots = real_shots(map_id)
    assert any(shot.view["phase"] == "play" for shot in shots)
    for i, shot in enumerate(shots):
        locale = LOCALES[i % 2]
        with one_page() as page:
            if shot.seat is None:
                board_image(GAME, shot.view, locale=locale, players=names_for(i, 2))
            else:
                hand_image(GAME, shot.view, locale=locale)
        found += [f"[{locale}] {shot.label}: {p}" for p in problems(page())]
        drawn: dict[str, list[tuple[float, ...]]] = {}
        for text in page().texts:
            drawn.setdefault(text.region.label, []).append(text.bbox)
        on_map = [f for f in shot.view["figures"] if f["squares"]]  # not the reserve's
        for figure in on_map + shot.view["buildings"]:
            label = f"{figure.get('kind', 'building')} {figure['id']}"
            boxes = drawn.get(label)
            assert boxes and all(_inside(b, figure["squares"]) for b in boxes), shot.label
    assert_tidy(found)


@needs_engine
def test_real_seat_views_highlight_the_focus_moves() -> None:
    """A seat's own view with a figure in focus (the activation's, or its only movable figure)
    and moves to show draws differently from the same view without them (the highlight is
    there), and fits the PNG budget."""
    shots = [s for s in real_shots("harbour", 2) + real_shots("downtown", 3) if s.seat is not None]
    focused = [s for s in shots if (h := seat_highlight(s.view)) and h["squares"]]
    assert focused, "no seat view with a figure in focus that may move"
    view = focused[0].view
    assert_sane(render_hand(GAME, view), (WIDTH, HEIGHT))
    assert _pixels(view).tobytes() != _pixels(view, highlight=seat_highlight(view)).tobytes()


def test_the_pasted_coordinates_and_ground_are_the_drawn_ones() -> None:
    """The coordinate bands and the ground are drawn once and pasted, except while texts are
    recorded: both ways give the same pixels."""
    view = seat_view("downtown")
    pasted = _pixels(view, highlight=seat_highlight(view))
    with one_page():
        drawn = _pixels(view, highlight=seat_highlight(view))
    assert ImageChops.difference(pasted, drawn).getbbox() is None


@pytest.mark.parametrize(
    ("winners", "locale", "said"),
    [([1], "en", "Game over · Bob wins!"), ([1], "it", "Partita finita · vince Bob!"),
     ([], "en", "Game over · a draw"), ([], "it", "Partita finita · pareggio")],
)  # fmt: skip
def test_the_end_says_who_won(winners: list[int], locale: str, said: str) -> None:
    view = sample_view()
    view.update(phase="over", activation=None, winners=winners)
    shown = [text for text, where in _words(view, locale) if where == "status"]
    assert [text.replace("\u2068", "").replace("\u2069", "") for text in shown] == [said]


def test_the_setup_shows_the_round_limit_not_round_zero() -> None:
    view = sample_view("harbour", "buildings")
    view["round"] = 0
    words = [text for text, where in _words(view, "en") if where == "title"]
    assert "12 rounds" in words and not any("0/12" in w for w in words)


def test_a_reachable_square_under_a_hazard_token_shows() -> None:
    """Figures may enter hazards (and take damage), so the reachable dot goes over the token."""
    view = sample_view()
    assert any(h["at"] == "C7" for h in view["hazards"])  # the fire over C7:D8
    marked = _pixels(view, highlight={"figure": "u1", "squares": ["D7"], "targets": []})
    assert _changed(_pixels(view), marked, "D7")


def test_the_seat_view_names_the_seats_it_has_no_names_for() -> None:
    """The hand image gets no display names: the turn still says whose it is."""
    with one_page() as page:
        hand_image(GAME, seat_view(), locale="it")
    status = [t.text for t in page().texts if t.region.label == "status"]
    assert len(status) == 1 and "Turno di" in status[0] and "Giocatore 1" in status[0]


def test_R5_the_italian_bar_names_the_hyper_phase_as_the_rulebook_does() -> None:
    """R5: «b) Fase Hyper»: the bar's phase reads «hyper» in Italian, as the bot's buttons and
    narration do (it read «iper»)."""
    view = {"phase": "play", "activation": {"kind": "monster", "phase": "hyper"}}
    assert status(view, "it") == "Attivazione mostro: hyper"
