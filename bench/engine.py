"""The engine alone: one ``apply``, the bot's choice, the snapshot round trip, playouts/second.

Why these four: a move in the bot costs an ``apply`` (card, dice, monster moves, draw), the bot
seat's ``bot_action``, and a JSON snapshot written to the store (and read back after a restart
or a cache miss). Playouts per second is the figure that says how much simulation (bot tuning,
fairness checks) one core can afford.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from bench.playouts import ENGINE, bot_against_random, new_game, play, random_action
from bench.profile import Profile
from bench.report import Figure, Result, latency, timed
from bench.store import store_json

SECTION = "engine"


def snapshot(state: Any) -> str:
    """The state as the store writes it, so the cost matches a real move's."""
    return store_json(ENGINE.dump(state))


def restore(text: str) -> Any:
    return ENGINE.load(json.loads(text))


def measure_moves(playouts: int, rng: random.Random) -> list[Result]:
    """Time each layer of a move at every position of ``playouts`` random games."""
    applies: list[float] = []
    bots: list[float] = []
    dumps: list[float] = []
    loads: list[float] = []
    for seed in range(playouts):
        state = new_game(seed)
        while pending := ENGINE.pending(state):
            seat = pending[0]
            timed(bots, ENGINE.bot_action, state, seat)
            action = random_action(state, seat, rng)
            state, _ = timed(applies, ENGINE.apply, state, seat, action)
            text = timed(dumps, snapshot, state)
            timed(loads, restore, text)
    note = f"every move of {playouts} random playouts"
    return [
        latency(SECTION, "apply (play, dice, monsters, draw)", applies, note),
        latency(SECTION, "bot_action (greedy bot's choice)", bots, "same positions"),
        latency(SECTION, "snapshot dump -> JSON", dumps, "what commit_move stores"),
        latency(SECTION, "snapshot JSON -> load", loads, "restart / cache miss"),
    ]


def measure_throughput(seconds: float, rng: random.Random) -> list[Result]:
    """Whole bot-vs-random games for ``seconds`` on one core; the bot switches seats."""
    durations: list[float] = []
    moves = 0
    deadline = time.perf_counter() + seconds
    started = time.perf_counter()
    while time.perf_counter() < deadline:
        chooser = bot_against_random(bot_seat=len(durations) % 2)
        game = timed(durations, play, 10_000 + len(durations), rng, chooser)
        moves += len(game.steps)
    elapsed = time.perf_counter() - started
    note = "engine only, 1 core, bot_action vs random"
    return [
        latency(SECTION, "one playout, bot vs random", durations, note),
        Figure(SECTION, "playouts per second", len(durations) / elapsed, "games/s", note),
        Figure(SECTION, "moves per second in playouts", moves / elapsed, "moves/s", note),
    ]


def run(profile: Profile, rng: random.Random) -> list[Result]:
    moves = measure_moves(profile.engine_playouts, rng)
    return moves + measure_throughput(profile.throughput_seconds, rng)
