"""Every game's public board, drawn and encoded: the image a move posts (issue 12, "Speed").

Why one section for all five games: the target (board render p50 <= 20 ms) is the same for each,
and one table side by side shows which game is furthest from it and whether the time goes in
drawing or in PNG encoding. Positions come from seeded playouts (half bot, half random moves),
taken a third, half and two thirds of the way through; the renders go round-robin over them
(never the same view twice in a row, as at a real table) in English and Italian.
``python -m bench.boards [--rounds N]`` prints the compact table on its own.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import render
from bench.profile import QUICK, Profile
from bench.report import Figure, Result, duration_text, latency, percentile
from render.png import encode_png
from rules import GAMES

SECTION = "boards"
NAMES = ("Anna", "Bartholomew the Unready", "Carla la Coraggiosa", "Dario", "🦇 Elena", "x")
GAME_SEATS = {
    "monster_day": 2,
    "monsterpocalypse": 2,
    "monsters_on_board": 4,
    "munchkin_fu": 4,
    "notte_di_terrore": 4,
}
SEEDS = (11, 12)
MAX_MOVES = 5_000


@dataclass
class Samples:
    """One game's measurements, in seconds and bytes."""

    draws: list[float] = field(default_factory=list)
    encodes: list[float] = field(default_factory=list)
    totals: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # this thread's CPU time, draw + encode
    sizes: list[int] = field(default_factory=list)


def positions(game: str, seed: int) -> list[dict[str, Any]]:
    """Public views a third, half and two thirds through one seeded game."""
    engine = GAMES[game]
    rng = random.Random(seed)
    state = engine.setup(GAME_SEATS[game], dict(engine.options), seed)
    states = [state]
    while (pending := engine.pending(state)) and len(states) < MAX_MOVES:
        seat = pending[0]
        if rng.random() < 0.5:
            action = rng.choice(engine.legal_actions(state, seat))
        else:
            action = engine.bot_action(state, seat)
        state, _ = engine.apply(state, seat, action)
        states.append(state)
    picks = (len(states) // 3, len(states) // 2, len(states) * 2 // 3)
    return [engine.view(states[i], None) for i in picks]


def measure(game: str, views: list[dict[str, Any]], rounds: int) -> Samples:
    """``rounds`` passes over ``views``: draw (board_image) then encode (encode_png)."""
    samples = Samples()
    players = list(NAMES[: GAME_SEATS[game]])
    render.render_board(game, views[0], players=players)  # fonts, masks, first-use caches
    for r in range(rounds):
        for index, view in enumerate(views):
            locale = "it" if (r + index) % 2 else "en"
            cpu = time.thread_time()
            start = time.perf_counter()
            image = render.board_image(game, view, locale=locale, players=players)
            drawn = time.perf_counter()
            png = encode_png(image)
            end = time.perf_counter()
            samples.cpu.append(time.thread_time() - cpu)
            samples.draws.append(drawn - start)
            samples.encodes.append(end - drawn)
            samples.totals.append(end - start)
            samples.sizes.append(len(png))
    return samples


def p95(values: list[float]) -> float:
    return percentile(sorted(values), 95)


def collect(rounds: int, games: list[str] | None = None) -> dict[str, Samples]:
    out: dict[str, Samples] = {}
    for game in games or list(GAME_SEATS):
        views = [view for seed in SEEDS for view in positions(game, seed)]
        out[game] = measure(game, views, rounds)
    return out


def results(measured: dict[str, Samples]) -> list[Result]:
    rows: list[Result] = []
    for game, s in measured.items():
        note = f"{GAME_SEATS[game]} seats, {len(SEEDS) * 3} mid-game views, en/it"
        timings = (
            ("board", s.totals),
            ("  draw", s.draws),
            ("  encode", s.encodes),
            ("  board, CPU time", s.cpu),
        )
        for label, values in timings:
            text = f"p95 {duration_text(p95(values))}; {note}"
            rows.append(latency(SECTION, f"{game} {label}", values, text))
        kib = sum(s.sizes) / len(s.sizes) / 1024
        rows.append(Figure(SECTION, f"{game} board PNG size, mean", kib, "KiB", note))
    return rows


def run(profile: Profile, rng: random.Random) -> list[Result]:
    """Each game's six views drawn ``profile.renders // 5`` times (at least 4) each."""
    del rng  # the positions come from fixed seeds, so runs compare
    return results(collect(max(4, profile.renders // 5)))


def table(measured: dict[str, Samples]) -> str:
    """One line per game: p50/p95 of drawing, encoding and both (wall clock), the p50 of both in
    CPU time (what other processes on a shared machine do not inflate), the mean PNG size."""
    head = (
        f"{'game':<18} {'draw p50/p95':>17} {'encode p50/p95':>17} {'total p50/p95':>17} "
        f"{'CPU p50':>8}  KiB"
    )
    lines = [head, "-" * len(head)]
    for game, s in measured.items():
        cells = [
            f"{percentile(sorted(v), 50) * 1e3:7.1f}/{p95(v) * 1e3:5.1f} ms"
            for v in (s.draws, s.encodes, s.totals)
        ]
        kib = sum(s.sizes) / len(s.sizes) / 1024
        cpu = percentile(sorted(s.cpu), 50) * 1e3
        lines.append(
            f"{game:<18} {cells[0]:>17} {cells[1]:>17} {cells[2]:>17} {cpu:5.1f} ms  {kib:5.1f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.boards")
    parser.add_argument("--rounds", type=int, default=max(4, QUICK.renders // 5))
    parser.add_argument("--game", nargs="+", choices=list(GAME_SEATS))
    args = parser.parse_args(argv)
    sys.stdout.write(table(collect(args.rounds, args.game)) + "\n")


if __name__ == "__main__":
    main()
