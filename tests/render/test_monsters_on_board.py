"""Monsters on Board images (issue 9): the main board, a board per seat, the hand and the final
scoring table, drawn from real views of seeded engine games (solo 1, two and four players) at
setup, mid-draft, mid-board phase, in the spectral phase and once over.

Each image must decode, keep its width, fit the PNG budget and not be blank; every text must
stay inside its box in English and Italian with 32-character names; every die, creature and
ghost must carry its colour's symbol and letter (I5); the final table must list every line of
every sheet; and the public images must not depend on what only a seat may see.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from render import RENDERERS, board_image, hand_image, render_board, render_hand, render_table
from render.boxes import Page, PlacedText
from render.common import Canvas, SeatBoardRenderer, player_names
from render.monsters_on_board import WIDTH, MonstersOnBoardRenderer
from render.monsters_on_board.pieces import draw_creature, draw_die, draw_ghost
from render.monsters_on_board.style import t
from render.text import font, has_glyph
from rules.monsters_on_board import engine as E
from rules.monsters_on_board.bot import bot_action
from rules.monsters_on_board.content import COLOURS, content
from tests.render.pngs import assert_sane, decode
from tests.render.test_text_boxes import ODD_NAMES, assert_tidy
from tests.render.textboxes import one_page, problems

GAME = "monsters_on_board"
R = MonstersOnBoardRenderer()
GAMES: dict[int, tuple[dict[str, Any], int]] = {
    1: ({"mode": "solo1"}, 3),
    2: ({}, 1),
    4: ({}, 5),
}
MOMENTS = ("setup", "draft", "board", "spectral", "over")
NAMES = ["Anna", "Bartholomew Longname-Marshwalker", "Carla", "Dario"]

# --------------------------------------------------------------------------- engine games


@cache
def walk(players: int, draft: str = "simultaneous") -> tuple[E.State, ...]:
    """Every state of one seeded game: a random pending seat moves, half the time as the bot
    would and half the time at random (odd boards as well as sensible ones)."""
    options, seed = GAMES[players]
    state = E.setup(players, {**options, "draft": draft}, seed)
    rng = random.Random(seed)
    states = [state]
    while E.pending(state):
        seat = rng.choice(E.pending(state))
        if rng.random() < 0.5:
            action = bot_action(state, seat)
        else:
            action = rng.choice(E.legal_actions(state, seat))
        state, _ = E.apply(state, seat, action)
        states.append(state)
    return tuple(states)


def _some_picked(state: E.State) -> bool:
    """A draft step under way: a seat has picked (hidden, I8) and another has not."""
    picks = [seat.pick is not None for seat in state.seats]
    return state.step >= 1 and (any(picks) or len(picks) == 1) and bool(E.pending(state))


def _decision_open(state: E.State) -> bool:
    return any(s["decision"] for s in E.view(state, None)["seats"])


@cache
def moments(players: int) -> dict[str, E.State]:
    """The states the images are checked at: setup, a draft step with a pick made, a board
    phase with a decision open, a spectral turn (from round 3 on, so the boards are full), the
    end."""
    states = walk(players)
    later = [s for s in states if s.round >= 3]
    found = {
        "setup": states[0],
        "draft": next(s for s in later if s.phase == "draft" and _some_picked(s)),
        "board": next(s for s in later if s.phase == "board" and _decision_open(s)),
        "spectral": next(s for s in later if s.phase == "spectral"),
        "over": states[-1],
    }
    assert found["over"].phase == "over"
    return found


def public(players: int, moment: str) -> dict[str, Any]:
    return E.view(moments(players)[moment], None)


def own(players: int, moment: str) -> dict[str, Any]:
    state = moments(players)[moment]
    pending = E.pending(state)
    return E.view(state, pending[0] if pending else 0)


# --------------------------------------------------------------------------- every image renders


def test_registered_as_a_seat_board_renderer() -> None:
    assert isinstance(RENDERERS[GAME], MonstersOnBoardRenderer)
    assert isinstance(RENDERERS[GAME], SeatBoardRenderer)


@pytest.mark.parametrize("moment", MOMENTS)
@pytest.mark.parametrize("players", sorted(GAMES))
def test_every_image_renders(players: int, moment: str) -> None:
    view = public(players, moment)
    pngs = render_table(GAME, view, locale="it", players=NAMES[:players])
    assert len(pngs) == 1 + players
    for png in pngs:
        img = assert_sane(png)
        assert img.width == WIDTH and img.height > 400 and img.mode in ("P", "RGB")
    hand = assert_sane(render_hand(GAME, own(players, moment), locale="en"))
    assert hand.width == WIDTH


def test_a_four_player_mid_game_table() -> None:
    """Issue 9: the main board and four seat boards of a game in progress, each its own image,
    each readable (same width, large enough, not blank)."""
    view = public(4, "board")
    images = [decode(png) for png in render_table(GAME, view, players=NAMES)]
    assert len(images) == 5
    assert len({img.tobytes() for img in images[1:]}) == 4  # four different boards
    for img in images:
        assert img.width == WIDTH and 500 < img.height < 1300


def test_the_board_changes_with_the_phase_and_the_locale() -> None:
    images = {board_image(GAME, public(4, m)).tobytes() for m in MOMENTS}
    assert len(images) == len(MOMENTS)
    view = public(2, "board")
    assert (
        board_image(GAME, view, locale="en").tobytes()
        != board_image(GAME, view, locale="it").tobytes()
    )


# --------------------------------------------------------------------------- colour-blind players


def _texts_in(page: Page, label: str) -> list[str]:
    return [p.text for p in page.texts if p.region.label == label]


def test_I5_every_die_creature_and_ghost_shows_its_symbol_and_letter() -> None:
    """Each colour's die, creature and ghost is drawn with the colour's symbol and letter, and
    the font really has the symbol (a missing glyph would draw an empty box)."""
    ghosts = {g.colour: g.id for g in content().ghosts.values()}
    for colour_id in COLOURS:
        colour = content().colours[colour_id]
        assert has_glyph(colour.symbol), colour.symbol
        assert font(40).getmask(colour.symbol).getbbox() is not None
        with one_page() as page:
            c = Canvas(300, 100)
            draw_die(c, 10, 10, 60, f"{colour_id}-00", 4)
            draw_creature(c, 130, 40, 24, colour_id)
            draw_ghost(c, (200, 10, 250, 80), ghosts[colour_id])
        mark = f"{colour.symbol}{colour.letter}"
        drawn = page()
        assert mark in _texts_in(drawn, "die")
        assert mark in _texts_in(drawn, "creature")
        assert mark in _texts_in(drawn, "ghost")
        assert "4" in _texts_in(drawn, "die")


def test_every_icon_glyph_is_in_the_font() -> None:
    for info in content().icons.values():
        assert has_glyph(info.glyph), info.kind


# --------------------------------------------------------------------------- text boxes


def _pages(view: dict[str, Any], seat: int | None, locale: str, names: list[str]) -> list[Page]:
    """What one table post (board and seat boards) or one hand draws, page by page."""
    found = []
    if seat is not None:
        with one_page() as page:
            hand_image(GAME, view, locale=locale)
        return [page()]
    with one_page() as page:
        board_image(GAME, view, locale=locale, players=names)
    found.append(page())
    shown = player_names(names, len(view["seats"]), locale)
    for s in range(len(view["seats"])):
        with one_page() as page:
            R.seat_board(view, s, locale=locale, players=shown)
        found.append(page())
    return found


@pytest.mark.parametrize("locale", ["en", "it"])
@pytest.mark.parametrize("players", sorted(GAMES))
def test_texts_stay_in_their_boxes(players: int, locale: str) -> None:
    """Every moment's board, seat boards and hand, with odd names (32 characters, wide
    letters, right-to-left, emoji), in both languages."""
    found: list[str] = []
    for k, moment in enumerate(MOMENTS):
        names = [ODD_NAMES[(k * players + i) % len(ODD_NAMES)] for i in range(players)]
        for view, seat in ((public(players, moment), None), (own(players, moment), 0)):
            for page in _pages(view, seat, locale, names):
                where = f"[{locale}] {players} players, {moment}, names={names}"
                found += [f"{where}: {p}" for p in problems(page)]
    assert_tidy(found)


# --------------------------------------------------------------------------- the final table


@pytest.mark.parametrize("players", sorted(GAMES))
def test_the_final_table_lists_every_line_of_every_sheet(players: int) -> None:
    view = public(players, "over")
    with one_page() as page:
        board_image(GAME, view, players=NAMES[:players])
    drawn = page()
    by_region: dict[str, list[PlacedText]] = {}
    for placed in drawn.texts:
        by_region.setdefault(placed.region.label, []).append(placed)
    for seat, sheet in enumerate(view["sheets"]):
        for line in sheet["lines"]:
            texts = [
                p.text for p in by_region.get(f"line {seat} {line['source']} {line['item']}", [])
            ]
            juice = line["juice"]
            points = (
                str(juice)
                if line["source"] == "before"
                else (f"+{juice}" if juice >= 0 else f"−{-juice}")
            )
            assert points in texts, (seat, line, texts)
        assert str(sheet["total"]) in [p.text for p in by_region[f"total {seat}"]]
    title = [p.text for p in by_region["banner"]]
    assert any(t("scoring", "en") in x for x in title)


def test_the_winner_is_named_and_marked() -> None:
    view = public(4, "over")
    totals = [s["total"] for s in view["sheets"]]
    with one_page() as page:
        board_image(GAME, view, players=NAMES)
    texts = [p.text for p in page().texts]
    best = max(totals)
    leaders = [NAMES[s] for s, total in enumerate(totals) if total == best]
    assert any(all(name in x for name in leaders) for x in texts)
    assert texts.count(t("winner", "en").upper()) >= 1


def test_O9_a_solo_game_ends_with_its_score_not_a_win() -> None:
    """Solo 1 is played against one's own best (O9): the table gives the score, names no
    winner."""
    view = public(1, "over")
    with one_page() as page:
        board_image(GAME, view, players=["Anna"])
    texts = [p.text for p in page().texts]
    score = f": {view['sheets'][0]['total']} Juice"
    assert any("Anna" in x and x.endswith(score) for x in texts)
    assert t("winner", "en").upper() not in texts


# --------------------------------------------------------------------------- hidden information


@pytest.mark.parametrize("moment", ["draft", "board"])
def test_seat_boards_are_the_same_from_a_seat_own_view(moment: str) -> None:
    """A seat's own view adds its prophecy, its pick and its decision's options; its board,
    drawn for everyone, shows none of them."""
    state = moments(4)[moment]
    names = player_names(NAMES, 4, "en")
    for seat in range(4):
        public_image = R.seat_board(E.view(state, None), seat, locale="en", players=names)
        own_image = R.seat_board(E.view(state, seat), seat, locale="en", players=names)
        assert public_image.tobytes() == own_image.tobytes()


def test_a_hidden_pick_shows_only_as_picked() -> None:
    """Simultaneous draft (I8): the board says who has picked, never which die."""
    view = public(4, "draft")
    picked = [s["seat"] for s in view["seats"] if s["picked"]]
    assert picked and all("pick" not in s for s in view["seats"])
    with one_page() as page:
        board_image(GAME, view, players=NAMES)
    texts = [p.text for p in page().texts]
    assert texts.count(t("picked", "en")) >= len(picked)


def test_the_hand_frames_its_own_pick() -> None:
    state = moments(4)["draft"]
    seat = next(s for s in range(4) if state.seats[s].pick is not None)
    view = E.view(state, seat)
    with one_page() as page:
        hand_image(GAME, view)
    assert t("your_pick", "en") in [p.text for p in page().texts]


def test_a_turn_order_pick_is_framed_on_the_board() -> None:
    """In the turn-order draft (D5) a pick is public at once: the board frames that die."""
    state = next(s for s in walk(2, "turn_order") if s.phase == "draft" and s.seats[0].pick)
    view = E.view(state, None)
    assert view["seats"][0].get("pick")
    unframed = {
        **view,
        "seats": [{k: v for k, v in s.items() if k != "pick"} for s in view["seats"]],
    }
    assert board_image(GAME, view).tobytes() != board_image(GAME, unframed).tobytes()


def test_render_board_png_of_every_player_count() -> None:
    for players in GAMES:
        assert_sane(render_board(GAME, public(players, "spectral"), players=NAMES[:players]))
