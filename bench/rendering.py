"""The renderer alone: the public board (and a seat's hand) of real mid-game positions.

Why the hand too: every move posts one board and DMs up to two hands, so the hand strip is a
third of a move's drawing and explains part of the interaction latency. Locales alternate
between English and Italian, whose labels differ in length. (Named ``rendering`` so that
``import render`` here always means the real renderer.)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import render
from bench.playouts import ENGINE, GAME, mid_game, play
from bench.profile import Profile
from bench.report import Figure, Result, latency, timed
from render.png import encode_png

SECTION = "render"
NAMES = ("ann", "bob", "Bartholomew the Unready", "Giulia", "x", "🐉 dragonslayer")


@dataclass
class Timings:
    """Samples per measurement, filled position by position."""

    boards: list[float] = field(default_factory=list)
    draws: list[float] = field(default_factory=list)
    encodes: list[float] = field(default_factory=list)
    hands: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)


def positions(count: int, rng: random.Random) -> list[Any]:
    """``count`` mid-game states, each from its own random playout."""
    games = (play(20_000 + index, rng) for index in range(count))
    return [game.state_after(mid_game(game, rng)) for game in games]


def measure(state: Any, locale: str, players: list[str], timings: Timings) -> None:
    """The board as the publisher draws it; the same board split into drawing and PNG
    encoding (to see which half to optimise); the hand of the seat to play."""
    public = ENGINE.view(state, None)
    png = timed(timings.boards, render.render_board, GAME, public, locale=locale, players=players)
    timings.sizes.append(len(png))
    image = timed(timings.draws, render.board_image, GAME, public, locale=locale, players=players)
    timed(timings.encodes, encode_png, image)
    seat_view = ENGINE.view(state, ENGINE.pending(state)[0])
    timed(timings.hands, render.render_hand, GAME, seat_view, locale=locale)


def run(profile: Profile, rng: random.Random) -> list[Result]:
    timings = Timings()
    warm_up = positions(1, rng)[0]  # fonts and glyph masks are cached after first use
    render.render_board(GAME, ENGINE.view(warm_up, None), players=["a", "b"])
    for index, state in enumerate(positions(profile.renders, rng)):
        measure(state, "it" if index % 2 else "en", rng.sample(NAMES, 2), timings)
    note = "real mid-game views, en/it alternating"
    mean_kib = sum(timings.sizes) / len(timings.sizes) / 1024
    return [
        latency(SECTION, "render_board (public view -> PNG)", timings.boards, note),
        latency(SECTION, "  of which drawing (board_image)", timings.draws, "same views"),
        latency(SECTION, "  of which PNG encoding", timings.encodes, "same views"),
        latency(SECTION, "render_hand (seat view -> PNG)", timings.hands, "seat to play"),
        Figure(SECTION, "board PNG size, mean", mean_kib, "KiB", note),
    ]
