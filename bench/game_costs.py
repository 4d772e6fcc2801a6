"""One game's costs on every layer below Discord: the engine per move, whole bot games per
second, and its images (shared board, a board per seat where the game draws them, the hand).

Why shared: each game's section (:mod:`bench.notte`, :mod:`bench.mob`) asks the same questions
of a different engine; only the seat counts, options and names differ.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import render
from bench.report import Figure, Result, latency, timed
from render.png import encode_png
from rules import GAMES

NAMES = ("Anna", "Bruno", "Carla la Coraggiosa", "Dario", "🦇 Elena")


@dataclass(frozen=True)
class GameBench:
    """What a game's section measures: ``section`` names the rows; games are set up with
    ``options`` for each count in ``players`` in turn; ``throughput_players`` seats play the
    whole bot games."""

    section: str
    game: str
    players: Sequence[int]
    throughput_players: int
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def engine(self) -> Any:
        return GAMES[self.game]

    def setup(self, index: int, seed: int) -> Any:
        count = self.players[index % len(self.players)]
        return self.engine.setup(count, dict(self.options), seed)


def _seat_and_action(engine: Any, state: Any, rng: random.Random) -> tuple[int, Any]:
    """Mostly the bot's move, one in five random, so games visit odd positions too."""
    seat = rng.choice(engine.pending(state))
    if rng.random() < 0.2:
        return seat, rng.choice(engine.legal_actions(state, seat))
    return seat, engine.bot_action(state, seat)


def measure_moves(
    bench: GameBench, games: int, rng: random.Random
) -> tuple[list[Result], list[Any]]:
    """Every layer of every move of ``games`` games; returns mid-game states for drawing."""
    engine, section = bench.engine, bench.section
    applies: list[float] = []
    bots: list[float] = []
    views: list[float] = []
    dumps: list[float] = []
    loads: list[float] = []
    positions: list[Any] = []
    for index in range(games):
        state = bench.setup(index, 40_000 + index)
        while pending := engine.pending(state):
            timed(bots, engine.bot_action, state, pending[0])
            seat, action = _seat_and_action(engine, state, rng)
            state, _ = timed(applies, engine.apply, state, seat, action)
            timed(views, engine.view, state, None)
            text = timed(dumps, lambda s: json.dumps(engine.dump(s)), state)
            timed(loads, lambda t: engine.load(json.loads(t)), text)
            if rng.random() < 0.02:
                positions.append(state)
    counts = "-".join(str(n) for n in (min(bench.players), max(bench.players)))
    note = f"every move of {games} games, {counts} players"
    return [
        latency(section, "apply", applies, note),
        latency(section, "bot_action", bots, "same positions"),
        latency(section, "public view", views, "same positions"),
        latency(section, "snapshot dump -> JSON", dumps, "what commit_move stores"),
        latency(section, "snapshot JSON -> load", loads, "restart / cache miss"),
    ], positions


def measure_throughput(bench: GameBench, seconds: float) -> list[Result]:
    """Whole bot games on one core (what the balance simulator runs per process)."""
    engine, section = bench.engine, bench.section
    durations: list[float] = []
    moves = 0
    deadline = time.perf_counter() + seconds
    started = time.perf_counter()
    while time.perf_counter() < deadline:
        state = engine.setup(bench.throughput_players, dict(bench.options), 50_000 + len(durations))
        began = time.perf_counter()
        while pending := engine.pending(state):
            state, _ = engine.apply(state, pending[0], engine.bot_action(state, pending[0]))
            moves += 1
        durations.append(time.perf_counter() - began)
    elapsed = time.perf_counter() - started
    note = f"{bench.throughput_players} bots, engine only, 1 core"
    return [
        latency(section, "one bot game", durations, note),
        Figure(section, "bot games per second", len(durations) / elapsed, "games/s", note),
        Figure(section, "moves per second", moves / elapsed, "moves/s", note),
    ]


def measure_images(bench: GameBench, positions: list[Any], rng: random.Random) -> list[Result]:
    """The shared board, each seat's own board (games that draw one) and a hand, per view."""
    engine, section, game = bench.engine, bench.section, bench.game
    boards: list[float] = []
    seat_boards: list[float] = []
    hands: list[float] = []
    sizes: list[int] = []
    for index, state in enumerate(positions):
        locale = "it" if index % 2 else "en"
        public = engine.view(state, None)
        seats = state.num_players
        players = list(NAMES[:seats])
        png = timed(boards, render.render_board, game, public, locale=locale, players=players)
        sizes.append(len(png))
        drawn = timed(seat_boards, _seat_pngs, game, public, locale, players)
        seat_boards[-1] /= max(1, len(drawn))  # per seat
        seat_view = engine.view(state, rng.randrange(seats))
        timed(hands, render.render_hand, game, seat_view, locale=locale)
    note = f"{len(positions)} mid-game views, en/it"
    results: list[Result] = [
        latency(section, "render_board (public view -> PNG)", boards, note),
        latency(section, "render_hand (seat view -> PNG)", hands, note),
        Figure(section, "board PNG size, mean", sum(sizes) / max(1, len(sizes)) / 1024, "KiB"),
    ]
    if isinstance(render.RENDERERS[game], render.SeatBoardRenderer):
        results.insert(1, latency(section, "render a seat's board (public view -> PNG)",
                                  seat_boards, note))  # fmt: skip
    return results


def _seat_pngs(game: str, view: dict[str, Any], locale: str, players: list[str]) -> list[bytes]:
    images = render.seat_board_images(game, view, locale=locale, players=players)
    return [encode_png(image) for image in images]


def run(
    bench: GameBench, games: int, renders: int, seconds: float, rng: random.Random
) -> list[Result]:
    moves, positions = measure_moves(bench, games, rng)
    render.render_board(bench.game, bench.engine.view(positions[0], None))  # warm the caches
    drawn = rng.sample(positions, min(len(positions), renders))
    return moves + measure_throughput(bench, seconds) + measure_images(bench, drawn, rng)
