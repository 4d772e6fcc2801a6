"""Notte di Terrore images: every phase of bot-driven games with 3, 4 and 5 players renders to a
sane PNG in both languages, hands included, and the public board depends on public information
only.

The views come from the engine (tests may import ``rules``; the ``render`` package may not):
the bot plays until each phase is reached, and on to the end for a finished game.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageStat

from render import RENDERERS, board_image, hand_image, render_board, render_hand
from render.notte_di_terrore import WIDTH, board_height
from rules.notte_di_terrore import engine as E
from rules.notte_di_terrore.bot import bot_action
from tests.render.pngs import assert_sane

GAME = "notte_di_terrore"
PHASES = ("split", "apparition", "resolution", "discard", "arrange", "over")
SEEDS = {3: 3, 4: 7, 5: 11}
NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena"]
LONG_NAMES = [
    "Bartholomew the Unreasonably Long-Named Wizard of the Northern Marshes",
    "😀 Ξένια Ωмега-Ünïcödé 的名字 " * 3,
    "W" * 80,
    "",
    "Elena",
]

# --------------------------------------------------------------------------- engine-driven states


def _step(state: E.State) -> E.State:
    seat = E.pending(state)[0]
    state, _events = E.apply(state, seat, bot_action(state, seat))
    return state


@cache
def phase_states(players: int) -> dict[str, E.State]:
    """The first state of each phase in a bot game (``apparition`` etc. from the second turn
    on, so Places have Beings and Terror piles have cards), plus the finished game."""
    state = E.setup(players, {}, SEEDS[players])
    found: dict[str, E.State] = {"split": state}
    for _ in range(5000):
        if state.phase == "over":
            break
        state = _step(state)
        if state.phase not in found and (state.turn_number > 1 or state.phase == "arrange"):
            found[state.phase] = state
    assert state.phase == "over", "the bot game did not finish"
    found["over"] = state
    assert set(found) == set(PHASES)
    return found


def public_view(players: int, phase: str) -> dict[str, Any]:
    return E.view(phase_states(players)[phase], None)


def seat_view(players: int, phase: str) -> dict[str, Any]:
    state = phase_states(players)[phase]
    pending = E.pending(state)
    return E.view(state, pending[0] if pending else 0)


# --------------------------------------------------------------------------- helpers


def pixels(img: Image.Image) -> bytes:
    return img.convert("RGB").tobytes()


# --------------------------------------------------------------------------- the board


def test_registered() -> None:
    assert GAME in RENDERERS


@pytest.mark.parametrize("locale", ["en", "it-IT"])
@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_phase_renders(players: int, phase: str, locale: str) -> None:
    view = public_view(players, phase)
    data = render_board(GAME, view, locale=locale, players=NAMES[:players])
    img = assert_sane(data, (WIDTH, board_height(view)))
    assert img.height > 300 + 150 * players


def test_height_grows_with_players() -> None:
    heights = [board_height(public_view(n, "split")) for n in (3, 4, 5)]
    assert heights == sorted(heights) and len(set(heights)) == 3


def test_phases_and_locales_differ() -> None:
    images = {p: pixels(board_image(GAME, public_view(4, p))) for p in PHASES}
    assert len(set(images.values())) == len(PHASES)
    view = public_view(4, "apparition")
    assert pixels(board_image(GAME, view, locale="en")) != pixels(
        board_image(GAME, view, locale="it")
    )


@pytest.mark.parametrize("phase", ["apparition", "over"])
def test_long_and_missing_names(phase: str) -> None:
    view = public_view(5, phase)
    for players in (LONG_NAMES, None, [], ["Solo"]):
        assert_sane(render_board(GAME, view, locale="it", players=players))


def test_default_names_cover_every_seat() -> None:
    """``board_image`` counts seats from the view's ``players`` list: a five-seat view with no
    names draws "Player 1" .. "Player 5", not two names and three blanks."""
    view = public_view(5, "resolution")
    given = [f"Player {n}" for n in range(1, 6)]
    assert pixels(board_image(GAME, view)) == pixels(board_image(GAME, view, players=given))


def test_public_board_ignores_a_seat_view_extras() -> None:
    """A seat's own view adds its hand, its legal actions and their cards: the board drawn from
    it is the board drawn from the public view."""
    for phase in ("apparition", "discard"):
        state = phase_states(4)[phase]
        public = pixels(board_image(GAME, E.view(state, None)))
        for seat in range(4):
            assert pixels(board_image(GAME, E.view(state, seat))) == public


def test_public_board_does_not_depend_on_hidden_cards() -> None:
    """Two states that differ only in hidden cards (a hand, the face-down Places, the deck
    order) give identical public boards. The swapped hand keeps its count of Beings and
    Events: how a hand splits is public (drawn in sight of all from two decks)."""
    state = phase_states(4)["apparition"]
    a = state.players[0]
    pile = dict(zip(E.DECK_NAMES, state.decks, strict=True))
    beings, events, places = iter(pile["beings"][::-1]), iter(pile["events"][::-1]), pile["places"]
    hand = tuple(next(beings if E.is_being(c) else events) for c in a.hand)
    face_down = places[-len(a.face_down) :]
    assert hand != a.hand and face_down != a.face_down
    players = list(state.players)
    players[0] = replace(a, hand=hand, face_down=face_down)
    decks = tuple(tuple(reversed(d)) for d in state.decks)
    other = replace(state, players=tuple(players), decks=decks)
    assert E.view(other, None) == E.view(state, None)
    assert pixels(board_image(GAME, E.view(other, None))) == pixels(
        board_image(GAME, E.view(state, None))
    )
    assert E.view(other, 0) != E.view(state, 0)  # the hidden cards did change


def test_turned_weapons_are_drawn() -> None:
    view = public_view(5, "resolution")
    seat = view["current"]
    table = view["players"][seat]["table"]
    assert table
    untouched = {**view, "turned": []}
    turned = {**view, "turned": table[:1]}
    assert pixels(board_image(GAME, untouched)) != pixels(board_image(GAME, turned))


def test_trimmed_view_still_draws() -> None:
    """Without card descriptions, types or options (an old or hand-made view) the board draws
    the design ids instead of crashing."""
    view = dict(public_view(4, "resolution"))
    for key in ("cards", "types", "options", "deck_sizes", "outcome", "turn_number"):
        view.pop(key, None)
    assert_sane(render_board(GAME, view))


def test_still_legible_downscaled() -> None:
    """Shrunk to a phone's width the board keeps its contrast (text does not melt away)."""
    img = board_image(GAME, public_view(5, "apparition"), players=NAMES)
    small = img.resize((500, round(500 * img.height / img.width)), Image.Resampling.LANCZOS)
    lo, hi = ImageStat.Stat(small.convert("L")).extrema[0]
    assert hi - lo > 180


# --------------------------------------------------------------------------- the hand


@pytest.mark.parametrize("locale", ["en", "it"])
@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_hand_in_every_phase(players: int, phase: str, locale: str) -> None:
    img = assert_sane(render_hand(GAME, seat_view(players, phase), locale=locale))
    assert img.width == WIDTH and img.height >= 300


def test_hand_during_split_is_empty_with_a_note() -> None:
    view = seat_view(4, "split")
    assert view["players"][view["seat"]]["hand"] == []
    assert any(a["type"] == "choose_split" for a in view["legal"])
    noted = pixels(hand_image(GAME, view))
    quiet = pixels(hand_image(GAME, {**view, "legal": [], "phase": "apparition"}))
    assert noted != quiet  # the "choose how many Events" note is drawn


def test_empty_hand() -> None:
    view = seat_view(4, "apparition")
    seat = view["seat"]
    players = [dict(p) for p in view["players"]]
    players[seat]["hand"] = []
    empty = {**view, "players": players, "legal": []}
    assert_sane(render_hand(GAME, empty, locale="it"))
    assert_sane(render_hand(GAME, {"seat": None}))


def test_hands_differ() -> None:
    state = phase_states(5)["apparition"]
    images = {pixels(hand_image(GAME, E.view(state, seat))) for seat in range(5)}
    assert len(images) == 5
