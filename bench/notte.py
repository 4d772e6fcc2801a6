"""Notte di Terrore: the engine per move, whole bot games per second, and its images.

Why a section of its own: a Notte di Terrore game is ~500 moves against Monster Day's 30, a
move builds richer views (every visible card described, the seat's legal moves), and its board
has a strip per seat (3 to 5), so its costs differ from the first game's on every layer.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import render
from bench.profile import Profile
from bench.report import Figure, Result, latency, timed
from rules.notte_di_terrore import ENGINE

SECTION = "notte"
GAME = "notte_di_terrore"
NAMES = ("Anna", "Bruno", "Carla la Coraggiosa", "Dario", "🦇 Elena")


def _seat_and_action(state: Any, rng: random.Random) -> tuple[int, Any]:
    """Mostly the bot's move, one in five random, so games visit odd positions too."""
    seat = rng.choice(ENGINE.pending(state))
    if rng.random() < 0.2:
        return seat, rng.choice(ENGINE.legal_actions(state, seat))
    return seat, ENGINE.bot_action(state, seat)


def measure_moves(games: int, rng: random.Random) -> tuple[list[Result], list[Any]]:
    """Every layer of every move of ``games`` games; returns mid-game states for drawing."""
    applies: list[float] = []
    bots: list[float] = []
    views: list[float] = []
    dumps: list[float] = []
    loads: list[float] = []
    positions: list[Any] = []
    for index in range(games):
        state = ENGINE.setup(3 + index % 3, {}, 40_000 + index)
        while pending := ENGINE.pending(state):
            timed(bots, ENGINE.bot_action, state, pending[0])
            seat, action = _seat_and_action(state, rng)
            state, _ = timed(applies, ENGINE.apply, state, seat, action)
            timed(views, ENGINE.view, state, None)
            text = timed(dumps, lambda s: json.dumps(ENGINE.dump(s)), state)
            timed(loads, lambda t: ENGINE.load(json.loads(t)), text)
            if rng.random() < 0.02:
                positions.append(state)
    note = f"every move of {games} games, 3-5 players"
    return [
        latency(SECTION, "apply", applies, note),
        latency(SECTION, "bot_action", bots, "same positions"),
        latency(SECTION, "public view (cards described)", views, "same positions"),
        latency(SECTION, "snapshot dump -> JSON", dumps, "what commit_move stores"),
        latency(SECTION, "snapshot JSON -> load", loads, "restart / cache miss"),
    ], positions


def measure_throughput(seconds: float) -> list[Result]:
    """Whole bot games on one core (what the balance simulator runs per process)."""
    durations: list[float] = []
    moves = 0
    deadline = time.perf_counter() + seconds
    started = time.perf_counter()
    while time.perf_counter() < deadline:
        state = ENGINE.setup(4, {}, 50_000 + len(durations))
        began = time.perf_counter()
        while pending := ENGINE.pending(state):
            state, _ = ENGINE.apply(state, pending[0], ENGINE.bot_action(state, pending[0]))
            moves += 1
        durations.append(time.perf_counter() - began)
    elapsed = time.perf_counter() - started
    note = "4 bots, engine only, 1 core"
    return [
        latency(SECTION, "one bot game", durations, note),
        Figure(SECTION, "bot games per second", len(durations) / elapsed, "games/s", note),
        Figure(SECTION, "moves per second", moves / elapsed, "moves/s", note),
    ]


def measure_images(positions: list[Any], rng: random.Random) -> list[Result]:
    boards: list[float] = []
    hands: list[float] = []
    sizes: list[int] = []
    for index, state in enumerate(positions):
        locale = "it" if index % 2 else "en"
        players = list(NAMES[: state.num_players])
        public = ENGINE.view(state, None)
        png = timed(boards, render.render_board, GAME, public, locale=locale, players=players)
        sizes.append(len(png))
        seat_view = ENGINE.view(state, rng.randrange(state.num_players))
        timed(hands, render.render_hand, GAME, seat_view, locale=locale)
    note = f"{len(positions)} mid-game views, 3-5 players, en/it"
    return [
        latency(SECTION, "render_board (public view -> PNG)", boards, note),
        latency(SECTION, "render_hand (seat view -> PNG)", hands, note),
        Figure(SECTION, "board PNG size, mean", sum(sizes) / max(1, len(sizes)) / 1024, "KiB"),
    ]


def run(profile: Profile, rng: random.Random) -> list[Result]:
    games = max(3, profile.engine_playouts // 40)
    moves, positions = measure_moves(games, rng)
    render.render_board(GAME, ENGINE.view(positions[0], None))  # warm the font caches
    drawn = rng.sample(positions, min(len(positions), profile.renders))
    return moves + measure_throughput(profile.throughput_seconds) + measure_images(drawn, rng)
