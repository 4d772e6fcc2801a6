"""Colour is never the only cue (issue 29): what a colour tells on an image (a card's kind, a
suit, a Being type, a component colour, a piece's owner) also shows as a letter, a symbol or
a shape, for players who do not tell those colours apart.

Renderers name what a colour tells where they paint it: ``canvas.region(box, label,
cue=(what, value))`` (:mod:`render.boxes`). A region's signs are the texts drawn inside it
(without digits: a count or a bonus is not a sign of a kind) and the shapes recorded there
with ``canvas.mark``. Over every sampled board and hand of a game (the contrast test's shots),
each value must keep a sign in every region that shows it, and that sign must be its own: no
other value of the same ``what`` shows it everywhere too.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache

import pytest

from render import board_image, hand_image, seat_board_images
from render.boxes import Page, Region, recording
from tests.render.test_contrast import GAMES, shots
from tests.render.test_text_boxes import names_for

Cue = tuple[str, str]
Seen = dict[str, dict[str, list[frozenset[str]]]]
"""what → value → the signs of each region that showed it."""

EXPECTED: dict[str, set[str]] = {
    "monster_day": {"suit"},
    "notte_di_terrore": {"Being type"},
    "munchkin_fu": {"card kind"},
    "monsters_on_board": {"component colour"},
    "monsterpocalypse": {"owner", "space kind"},
}
"""What each game's colours tell, each seen with two values or more in the sampled shots."""


def _cued(region: Region | None) -> list[Region]:
    found = []
    while region is not None:
        if region.cue is not None:
            found.append(region)
        region = region.parent
    return found


def signs(page: Page) -> list[tuple[Cue, frozenset[str]]]:
    """Each cue region of a page with the signs drawn inside it."""
    inside: dict[int, set[str]] = defaultdict(set)
    for text in page.texts:
        if not any(ch.isdigit() for ch in text.text):
            for region in _cued(text.region):
                inside[id(region)].add(text.text.strip())
    for mark in page.marks:
        for region in _cued(mark.region):
            inside[id(region)].add(f"<{mark.name}>")
    return [(r.cue, frozenset(inside[id(r)])) for r in page.regions if r.cue is not None]


def problems(seen: Seen) -> list[str]:
    """Values with no sign common to all their regions, or only signs another value shares."""
    out = []
    for what, values in sorted(seen.items()):
        common = {v: frozenset.intersection(*regions) for v, regions in values.items()}
        for value, own in sorted(common.items()):
            others = set().union(*(s for v, s in common.items() if v != value))
            if not own:
                shown = sorted(set().union(*values[value]))[:8]
                out.append(
                    f"{what} {value!r}: no sign in all of its {len(values[value])} regions "
                    f"(colour only; signs seen: {shown})"
                )
            elif own <= others:
                out.append(f"{what} {value!r}: its signs {sorted(own)} are other values' too")
    return out


@cache
def seen(game: str, locale: str) -> Seen:
    found: Seen = defaultdict(lambda: defaultdict(list))
    for index, shot in enumerate(shots(game)):
        names = names_for(index, GAMES[game][0])
        with recording() as recorder:
            if shot.seat is None:
                board_image(game, shot.view, locale=locale, players=names)
                seat_board_images(game, shot.view, locale=locale, players=names)
            else:
                hand_image(game, shot.view, locale=locale)
        for page in recorder.pages:
            for (what, value), sign in signs(page):
                found[what][value].append(sign)
    return found


@pytest.mark.parametrize("locale", ("en", "it"))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_colour_also_shows_as_a_sign(game: str, locale: str) -> None:
    found = seen(game, locale)
    for what in EXPECTED[game]:
        assert len(found.get(what, {})) >= 2, f"{game}: no {what!r} colour drawn as a cue"
    wrong = problems(found)
    assert not wrong, "\n".join(wrong)


def test_the_check_itself() -> None:
    """A chip with only its colour fails; the same chip with a symbol passes; two values
    sharing their only symbol fail."""
    item, trap = ("card kind", "item"), ("card kind", "trap")
    alone = {"card kind": {"item": [frozenset({"Sword"}), frozenset({"Shield"})]}}
    assert problems(alone)
    marked = {
        "card kind": {
            "item": [frozenset({"⚔", "Sword"}), frozenset({"⚔", "Shield"})],
            "trap": [frozenset({"⚠", "Pit"})],
        }
    }
    assert not problems(marked)
    shared = {"card kind": {"item": [frozenset({"★"})], "trap": [frozenset({"★"})]}}
    assert len(problems(shared)) == 2
    from render.common import Canvas

    with recording() as recorder:
        canvas = Canvas(60, 30)
        with canvas.region((0, 0, 60, 30), "chip", cue=item):
            canvas.text((2, 2), "+2", 12)
            canvas.mark("kind item", (2, 2, 12, 12))
        with canvas.region((0, 0, 60, 30), "chip", cue=trap):
            canvas.text((2, 2), "Pit", 12)
    [page] = recorder.pages
    assert signs(page) == [(item, frozenset({"<kind item>"})), (trap, frozenset({"Pit"}))]


def test_an_unowned_piece_has_a_shape_of_its_own() -> None:
    """Monsterpocalypse: an unowned piece was round like seat 0's, told apart by its grey
    alone; now round, cut corners and square name the three."""
    from render.common import Canvas
    from render.monsterpocalypse.pieces import owner_shape

    with recording() as recorder:
        canvas = Canvas(300, 100)
        for k, owner in enumerate((0, 1, None)):
            owner_shape(canvas, (k * 100 + 5, 5, k * 100 + 95, 95), owner, (90, 90, 90))
    [page] = recorder.pages
    assert [m.name for m in page.marks] == ["owner round", "owner cut corners", "owner square"]
    assert [cue for cue, _ in signs(page)] == [("owner", "0"), ("owner", "1"), ("owner", "None")]


def test_the_terror_meter_names_each_type_by_its_icon() -> None:
    """Notte di Terrore: the Terror meter showed the pile's card types by colour alone (a
    1-point card is a few pixels wide). Each type's run of segments now carries the type's
    icon, so every type in a pile is a region of the meter with its own sign."""
    from render.notte_di_terrore.pieces import Cards
    from render.notte_di_terrore.style import TYPE_ORDER

    boards = [s for s in shots("notte_di_terrore") if s.seat is None]
    shot = max(boards, key=lambda s: sum(len(p.get("pile") or []) for p in s.view["players"]))
    cards = Cards(shot.view, "en")
    wanted = {
        kind
        for player in shot.view["players"]
        for entry in player.get("pile") or []
        if (kind := cards.pile_kind(entry["card"])) in TYPE_ORDER and entry["score"] > 0
    }
    assert len(wanted) >= 2, "the sampled board should hold a mixed pile"
    with recording() as recorder:
        board_image("notte_di_terrore", shot.view, locale="en", players=names_for(0, 4))
    [page] = recorder.pages
    cued = [region for region in page.regions if region.cue is not None]
    meter = {
        cue[1]: sign
        for region, (cue, sign) in zip(cued, signs(page), strict=True)
        if region.label == "terror meter"
    }
    assert set(meter) == wanted
    assert all(f"<icon {kind}>" in sign for kind, sign in meter.items())


def test_a_full_meter_keeps_room_for_every_run() -> None:
    """Runs widened to show their icon never push the last run off a full meter."""
    from render.notte_di_terrore.meter import MIN_RUN, run_widths

    widths = run_widths([170.0, 2.0, 2.0, 2.0], 176.0)
    assert min(widths) == MIN_RUN and abs(sum(widths) - 176.0) < 1e-6
    assert run_widths([20.0, 5.0], 176.0) == [20.0, MIN_RUN]
