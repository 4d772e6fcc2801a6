"""Every game's public board, drawn and encoded: the image a move posts (issue 12, "Speed").

Why one section for all five games: the target (board render p50 <= 20 ms) is the same for each,
and one table side by side shows which game is furthest from it and whether the time goes in
drawing or in PNG encoding. Positions come from seeded playouts (half bot, half random moves),
taken a third, half and two thirds of the way through; the renders go round-robin over them
(never the same view twice in a row, as at a real table) in English and Italian. Monster Day
and Notte di Terrore are also drawn at every move of a few seeded games, each position once,
in order and in one language, as a table's moves are (:data:`FRESH`): their p50, p90 and p99,
since a move's latency target is a p99 and a new card is drawn for the first time at every
move.
``python -m bench.boards [--rounds N]`` prints the compact table on its own;
``python -m bench.boards --write-palettes`` rewrites render/palettes.py (each game's stored
PNG palette, chosen from these seeded boards) after a game's colours change.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

import render
from bench.playouts import mixed_moves
from bench.profile import QUICK, Profile
from bench.report import Figure, Latency, Result, duration_text, latency, percentile
from render.boxes import recording
from render.png import PNG_PALETTE_SAMPLE, encode_png
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
# Consecutive positions, each drawn once in order, as a table's moves are: every move of these
# seeded games (at most ``limit`` positions). A move's render is one of these, so their tail
# (p90, p99: a new card's face, a new name) matters as much as the p50 of the mid-game views.
FRESH: dict[str, tuple[tuple[int, ...], int]] = {
    "monster_day": ((1, 2, 3, 4, 5, 6), 400),
    "notte_di_terrore": ((1, 2), 180),
}
FLAT_CAP = 64  # flat colours a stored palette holds exactly; the octree chooses the rest
MAX_MOVES = 5_000


@dataclass
class Samples:
    """One game's measurements, in seconds and bytes."""

    draws: list[float] = field(default_factory=list)
    encodes: list[float] = field(default_factory=list)
    totals: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # this thread's CPU time, draw + encode
    sizes: list[int] = field(default_factory=list)


def positions(
    game: str, seed: int, seats: int | None = None, *, end: bool = False
) -> list[dict[str, Any]]:
    """Public views a third, half and two thirds through one seeded game (and its last, with
    ``end``), at ``seats`` seats (the bench's count by default)."""
    engine = GAMES[game]
    states: list[Any] = []
    for before, _, _, after in mixed_moves(game, seats or GAME_SEATS[game], seed):
        states += [before, after] if not states else [after]
        if len(states) >= MAX_MOVES:
            break
    picks = [len(states) // 3, len(states) // 2, len(states) * 2 // 3]
    picks += [len(states) - 1] if end else []
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
            png = encode_png(image, game=game)
            end = time.perf_counter()
            samples.cpu.append(time.thread_time() - cpu)
            samples.draws.append(drawn - start)
            samples.encodes.append(end - drawn)
            samples.totals.append(end - start)
            samples.sizes.append(len(png))
    return samples


def every_move(game: str, seeds: tuple[int, ...], limit: int) -> list[dict[str, Any]]:
    """The public view after every move of the seeded games (the first ``limit``)."""
    engine = GAMES[game]
    views: list[dict[str, Any]] = []
    for seed in seeds:
        for step, (before, _, _, after) in enumerate(mixed_moves(game, GAME_SEATS[game], seed)):
            if len(views) >= limit:
                break
            views += [engine.view(s, None) for s in ([before, after] if step == 0 else [after])]
    return views[:limit]


def measure_fresh(game: str) -> list[float]:
    """CPU time of draw + encode of each of :data:`FRESH`'s positions, drawn once in order in
    English (a table's boards are all drawn in its one language)."""
    seeds, limit = FRESH[game]
    players = list(NAMES[: GAME_SEATS[game]])
    cpu: list[float] = []
    for view in every_move(game, seeds, limit):
        start = time.thread_time()
        image = render.board_image(game, view, locale="en", players=players)
        encode_png(image, game=game)
        cpu.append(time.thread_time() - start)
    return cpu


def fresh_results(games: list[str] | None = None) -> list[Result]:
    rows: list[Result] = []
    for game in [g for g in games or list(FRESH) if g in FRESH]:
        cpu = measure_fresh(game)
        seeds, _ = FRESH[game]
        note = (
            f"p90 {duration_text(percentile(sorted(cpu), 90))}; every move of {len(seeds)} "
            f"seeded games, each position drawn once, in English"
        )
        rows.append(latency(SECTION, f"{game} board, consecutive positions, CPU time", cpu, note))
    return rows


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
    return results(collect(max(4, profile.renders // 5))) + fresh_results()


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


def palette(game: str) -> bytes:
    """The 256 colours (768 bytes) stored for ``game`` in render/palettes.py: the fast octree of
    every third pixel of its boards (and seat boards) at every seat count, both seeds, four
    points of each game, both languages — as :func:`render.png.png_palette` does per image."""
    engine = GAMES[game]
    low, high = engine.seat_range(dict(engine.options))
    samples: list[Image.Image] = []
    for seats in range(low, high + 1):
        players = list(NAMES[:seats])
        for seed in SEEDS:
            for view in positions(game, seed, seats, end=True):
                for locale in ("en", "it"):
                    with recording():  # drawn whole, never composed in the old palette
                        images = [render.board_image(game, view, locale=locale, players=players)]
                        images += render.seat_board_images(game, view, locale=locale,
                                                           players=players)  # fmt: skip
                    samples += [_sample(image) for image in images]
    return _flat_first(_stacked(samples))


HAND_GAMES = ("monster_day",)
"""Games whose hands are put together from pieces (render.compose) in a palette of their own."""
HAND_SEEDS = range(11, 23)  # hands show a few cards each: more games meet every card


def hand_palette(game: str) -> bytes:
    """The 256 colours stored for ``game``'s hands in render/palettes.py: as :func:`palette`,
    from every seat's hand every third move of twelve seeded games, both languages. Why not
    the board's palette: the antialiased edges of the suit symbols on cards and chips are
    colours a board seldom shows, and a quarter of Monster Day's hands did not fit it."""
    engine = GAMES[game]
    samples: list[Image.Image] = []
    for seed in HAND_SEEDS:
        moves = list(mixed_moves(game, GAME_SEATS[game], seed))
        for _, _, _, after in moves[::3]:
            if engine.outcome(after) is not None:
                continue
            for seat in range(GAME_SEATS[game]):
                view = engine.view(after, seat)
                for locale in ("en", "it"):
                    with recording():  # drawn whole, never composed in the old palette
                        samples.append(_sample(render.hand_image(game, view, locale=locale)))
    return _flat_first(_stacked(samples))


def _stacked(samples: list[Image.Image]) -> Image.Image:
    mosaic = Image.new("RGB", (max(s.width for s in samples), sum(s.height for s in samples)))
    y = 0
    for sample in samples:
        mosaic.paste(sample, (0, y))
        y += sample.height
    return mosaic


def _flat_first(mosaic: Image.Image) -> bytes:
    """The fast octree's colours, except that the flat colours (~2,000 pixels or more on a
    board) it would show more than 4 levels off are held exactly, up to FLAT_CAP of them, and
    the octree chooses that many fewer: the octree alone moves some flat colours by up to ~24
    levels, and every entry it loses makes the antialiased edges rougher."""
    counts = sorted(mosaic.getcolors(1 << 24) or [], reverse=True)
    flats = [c for n, c in counts if n * PNG_PALETTE_SAMPLE**2 >= 2_000]
    full = _octree(mosaic, 256)
    missed = [c for c in flats if _off(c, full) > 4][:FLAT_CAP]
    octree = _octree(mosaic, 256 - len(missed))
    colours = b"".join(bytes(c) for c in missed) + bytes(octree.getpalette() or [])
    colours = colours[: 256 * 3]
    return colours + bytes(256 * 3 - len(colours))


def _octree(mosaic: Image.Image, colors: int) -> Image.Image:
    return mosaic.quantize(
        colors=colors, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )


def _off(colour: tuple[int, int, int], palette: Image.Image) -> int:
    """How far ``palette`` shows ``colour``: its largest channel error."""
    pixel = Image.new("RGB", (1, 1), colour)
    shown = (
        pixel.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB").getpixel((0, 0))
    )
    assert isinstance(shown, tuple)
    return max(abs(a - b) for a, b in zip(colour, shown, strict=True))


def _sample(image: Image.Image) -> Image.Image:
    step = PNG_PALETTE_SAMPLE
    return image.resize((image.width // step, image.height // step), Image.Resampling.NEAREST)


def write_palettes(path: str = "render/palettes.py") -> None:
    """Rewrite the ``PALETTES`` and ``HAND_PALETTES`` tables of render/palettes.py from
    :func:`palette` and :func:`hand_palette`."""
    with open(path, encoding="utf-8") as source:
        text = source.read()
    head = text[: text.index("PALETTES: dict[str, str] = {")]
    lines = _table_lines("PALETTES", {game: palette(game) for game in GAME_SEATS})
    lines += ["", "", *_table_lines("HAND_PALETTES", {g: hand_palette(g) for g in HAND_GAMES})]
    with open(path, "w", encoding="utf-8") as out:
        out.write(head + "\n".join(lines) + "\n")


def _table_lines(name: str, palettes: dict[str, bytes]) -> list[str]:
    lines = [f"{name}: dict[str, str] = {{"]
    for game, colours in palettes.items():
        data = colours.hex()
        lines.append(f'    "{game}": (')
        lines += [f'        "{data[i : i + 96]}"' for i in range(0, len(data), 96)]
        lines.append("    ),")
    return [*lines, "}"]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.boards")
    parser.add_argument("--rounds", type=int, default=max(4, QUICK.renders // 5))
    parser.add_argument("--game", nargs="+", choices=list(GAME_SEATS))
    parser.add_argument(
        "--write-palettes", action="store_true", help="rewrite render/palettes.py and stop"
    )
    args = parser.parse_args(argv)
    if args.write_palettes:
        write_palettes()
        return
    sys.stdout.write(table(collect(args.rounds, args.game)) + "\n")
    for row in fresh_results(args.game):
        assert isinstance(row, Latency)
        p50, p99 = duration_text(row.p50), duration_text(row.p99)
        sys.stdout.write(f"{row.label}: p50 {p50}, p99 {p99}, {row.note}\n")


if __name__ == "__main__":
    main()
