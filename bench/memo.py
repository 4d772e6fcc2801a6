"""The memo of hands and seat boards (render/memo.py): how often it hits, and what a move's
hands and seat boards cost with it and without it (issue 12, "Speed").

Why this shape: a move draws the hands the delivery plan sends (``hands_to_send``: the seats
asked to act, and the others whose hand changed; every seat human) and, in Monsters on Board,
a board per seat. Each seeded playout (half bot, half random moves, as in ``bench.boards``) is
drawn move by move twice, the same draws in the same process: plainly (the memo off) and
through the memo. Figures are this thread's CPU time. A miss costs the tracked drawing plus a
failed lookup; a hit costs the lookup; the column "miss/plain" compares a tracked miss with the
same image drawn plainly. The memo's room in images says how many tables' images it can keep
between their moves (a table reuses an image only if it is still kept at its next move).
With ``--workers N`` each draw goes to one of N memos at random, as the bot's N render worker
processes each keep their own (bot/render_pool.py): an image is reused only by the worker that
drew it. ``python -m bench.memo [--moves N] [--game G ...] [--workers N]``.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import render
from bench.boards import GAME_SEATS, NAMES
from bench.playouts import mixed_moves
from bot.delivery.plan import hands_to_send
from render.common import SeatBoardRenderer
from render.memo import Memo
from rules import GAMES

SEEDS = (11, 12)
MOVES = 80
LOCALES = ("en", "it")


@dataclass
class Tally:
    """One game's draws (hands and seat boards), in seconds of CPU; a seat board call draws
    every seat's board, so it counts several lookups."""

    moves: int = 0
    plain: list[float] = field(default_factory=list)
    memo: list[float] = field(default_factory=list)
    hits: list[int] = field(default_factory=list)
    misses: list[int] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    workers: list[Memo] = field(default_factory=lambda: [Memo()])
    """One memo per render worker process; each draw goes to one of them at random."""
    pick: random.Random = field(default_factory=lambda: random.Random(0))


def _cpu(draw: Callable[[], Any]) -> float:
    start = time.thread_time()
    draw()
    return time.thread_time() - start


def _plain(draw: Callable[[], Any]) -> float:
    render.MEMO.enabled = False
    try:
        return _cpu(draw)
    finally:
        render.MEMO.enabled = True


def _both(tally: Tally, kind: str, draw: Callable[[], Any]) -> None:
    """The same draw plainly and through the memo, in turn first (the second of two draws
    finds the text and layer caches warm)."""
    render.MEMO = tally.pick.choice(tally.workers)
    hits, misses = render.MEMO.hits, render.MEMO.misses
    if len(tally.kinds) % 2:
        plain, memo = _plain(draw), _cpu(draw)
    else:
        memo, plain = _cpu(draw), _plain(draw)
    tally.plain.append(plain)
    tally.memo.append(memo)
    tally.hits.append(render.MEMO.hits - hits)
    tally.misses.append(render.MEMO.misses - misses)
    tally.kinds.append(kind)


def _hand(game: str, view: dict[str, Any], locale: str) -> Callable[[], Any]:
    return lambda: render.render_hand(game, view, locale=locale)


def _seat_boards(
    game: str, view: dict[str, Any], locale: str, players: list[str]
) -> Callable[[], Any]:
    return lambda: render.render_seat_boards(game, view, locale=locale, players=players)


def play(game: str, seed: int, moves: int, tally: Tally) -> None:
    """One seeded playout, drawing after each move what the bot would send."""
    engine = GAMES[game]
    seats = GAME_SEATS[game]
    locale = LOCALES[seed % 2]
    players = list(NAMES[:seats])
    people = tuple(SimpleNamespace(is_bot=False, locale=locale) for _ in range(seats))
    record: Any = SimpleNamespace(game=game, seats=people)
    for before, seat, _, state in itertools.islice(mixed_moves(game, seats, seed, {}), moves):
        asked, changed = hands_to_send(engine, record, before, state, seat)
        tally.moves += 1
        for hand_seat in sorted({*asked, *changed}):
            _both(tally, "hand", _hand(game, engine.view(state, hand_seat), locale))
        if isinstance(render.RENDERERS[game], SeatBoardRenderer):
            public = engine.view(state, None)
            _both(tally, "seat board", _seat_boards(game, public, locale, players))


def _ms(values: list[float]) -> str:
    return f"{1000 * sum(values) / len(values):6.2f}" if values else "     -"


def report(game: str, tally: Tally) -> str:
    """One line per kind of image: lookups, hit rate, CPU per move without and with the memo,
    and the mean cost of a call where every lookup missed (tracked, and the same images
    plainly) and of one where every lookup hit."""
    lines = []
    for kind in sorted(set(tally.kinds)):
        rows = [i for i, k in enumerate(tally.kinds) if k == kind]
        hits = sum(tally.hits[i] for i in rows)
        lookups = hits + sum(tally.misses[i] for i in rows)
        missed = [i for i in rows if not tally.hits[i]]
        hit = [i for i in rows if not tally.misses[i]]
        plain = sum(tally.plain[i] for i in rows) / tally.moves
        memo = sum(tally.memo[i] for i in rows) / tally.moves
        lines.append(
            f"{game:18} {kind:10} {lookups:5} {100 * hits / max(1, lookups):5.1f} %"
            f" {1000 * plain:7.2f} {1000 * memo:7.2f}"
            f" {_ms([tally.memo[i] for i in missed])} / {_ms([tally.plain[i] for i in missed])}"
            f" {_ms([tally.memo[i] for i in hit])}"
        )
    return "\n".join(lines)


HEADER = (
    "game               images   lookups  hits   ms/move plain  memo   miss/plain (ms)  hit (ms)"
)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.memo")
    parser.add_argument("--moves", type=int, default=MOVES, help="moves per playout")
    parser.add_argument("--game", nargs="+", choices=list(GAME_SEATS))
    parser.add_argument(
        "--workers", type=int, default=1, help="render processes, each with its own memo"
    )
    args = parser.parse_args(argv)
    sys.stdout.write(HEADER + "\n")
    shared = render.MEMO
    try:
        for game in args.game or list(GAME_SEATS):
            tally = Tally(workers=[Memo() for _ in range(max(1, args.workers))])
            for seed in SEEDS:
                play(game, seed, args.moves, tally)
            sys.stdout.write(report(game, tally) + "\n")
            kept, held = sum(map(len, tally.workers)), sum(m.bytes for m in tally.workers)
            each = held / max(1, kept)
            room = f"room for {shared.max_bytes / max(1.0, each):.0f} such images a memo"
            sizes = f"{kept} entries, {held / 2**20:.1f} MiB, {each / 1024:.0f} KiB each"
            sys.stdout.write(f"{'':18} {tally.moves} moves; memos hold {sizes} ({room})\n")
            sys.stdout.flush()
    finally:
        render.MEMO = shared


if __name__ == "__main__":
    main()
