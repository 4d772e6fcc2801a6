"""Monsterpocalypse's map image (issue 11): how long drawing one board takes, and drawing plus
PNG encoding (what the publisher pays per move), on both maps' mid-game views, public and a
seat's own view with its highlight.

Why its own section: the map is the largest board the bot draws (144 squares, up to 32 figures,
10 buildings, translucent overlays), and every step of an activation posts it, so it must stay
well under the interaction budget. The views are hand-made per the interface page until the
engine lands (``tests.render.test_monsterpocalypse``). ``python -m bench.mp`` prints p50/p90.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

import render
import rules
from bench.profile import QUICK, Profile
from bench.report import Latency, Result, duration_text, latency, percentile
from render.monsterpocalypse import seat_highlight
from tests.render.playouts import playout
from tests.render.test_monsterpocalypse import MAPS, sample_view, seat_view

SECTION = "mp"
GAME = "monsterpocalypse"
NAMES = ["Bartholomew the Unready", "Giulia"]


Shot = tuple[str, dict[str, Any], bool]
"""(label, view, whether it is a seat's own view, drawn as the "hand" with its highlight)."""


def shots() -> list[Shot]:
    """A mid-game board and a seat's highlighted view per map: from a seeded engine game once
    the engine is registered, else the hand-made views of the tests."""
    out: list[Shot] = []
    for map_id in MAPS:
        board, own = real_views(map_id) if GAME in rules.GAMES else (None, None)
        out += [(f"{map_id} board", board or sample_view(map_id), False)]
        out += [(f"{map_id} seat view + highlight", own or seat_view(map_id), True)]
    return out


def real_views(map_id: str) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The public view half-way through a seeded bot game on ``map_id``, and the first seat
    view with a highlight after it (None if none comes)."""
    shots = playout(GAME, 2, 7, {"map": map_id})
    boards = [s for s in shots if s.seat is None and s.phase == "play"]
    board = boards[len(boards) // 2]
    later = shots[shots.index(board) :]
    own = next((s.view for s in later if s.seat is not None and seat_highlight(s.view)), None)
    return board.view, own


def draw(shot: Shot, locale: str) -> object:
    _, view, own = shot
    if own:
        return render.hand_image(GAME, view, locale=locale)
    return render.board_image(GAME, view, locale=locale, players=NAMES)


def draw_png(shot: Shot, locale: str) -> bytes:
    _, view, own = shot
    if own:
        return render.render_hand(GAME, view, locale=locale)
    return render.render_board(GAME, view, locale=locale, players=NAMES)


def _time(fn: Callable[[Shot, str], object], shot: Shot, count: int) -> list[float]:
    samples = []
    for i in range(count):
        start = time.perf_counter()
        fn(shot, "it" if i % 2 else "en")
        samples.append(time.perf_counter() - start)
    return samples


def p90(samples: list[float]) -> str:
    return duration_text(percentile(sorted(samples), 90))


def run(profile: Profile, rng: random.Random) -> list[Result]:
    """Each shot drawn ``profile.renders // 4`` times (at least 10), en/it alternating."""
    del rng  # the views are fixed; nothing to choose
    count = max(10, profile.renders // 4)
    results: list[Result] = []
    for shot in shots():
        draw(shot, "en")  # fonts and masks are cached after the first use
        for what, fn in (("render", draw), ("render + PNG", draw_png)):
            samples = _time(fn, shot, count)
            label = f"{shot[0]}: {what}"
            results.append(latency(SECTION, label, samples, f"p90 {p90(samples)}"))
    return results


def main() -> None:
    for result in run(QUICK, random.Random(1)):
        assert isinstance(result, Latency)
        sys.stdout.write(
            f"{result.label:<48} n={result.count:<3} p50 {duration_text(result.p50):>8}  "
            f"{result.note}\n"
        )


if __name__ == "__main__":
    main()
