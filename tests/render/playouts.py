"""Views of whole games, as the bot would draw them: every public board and every hand shown.

A playout alternates the game's bot with random legal moves (seeded), so it reaches both the
sensible states the bot plays into and the odd ones people make (crowded Places, long Terror
piles, every Weapon kept). Views are collected after every move: the public view and the view
of each seat that must act next (the hand the bot would DM).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import rules

MAX_STEPS = 5_000


@dataclass(frozen=True)
class Shot:
    """A view to draw: ``seat`` None is the public board, else that seat's hand."""

    label: str
    view: dict[str, Any]
    seat: int | None
    phase: str


def _phase(view: dict[str, Any]) -> str:
    if view.get("over") or view.get("outcome"):
        return "over"
    return str(view.get("phase") or "play")


def playout(
    game: str,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    random_share: float = 0.5,
) -> list[Shot]:
    """Every view of one game: after each move, the board and the hands of the seats to act.
    ``random_share`` of the moves are random legal ones, the others the bot's."""
    engine = rules.GAMES[game]
    state = engine.setup(players, dict(options or {}), seed)
    rng = random.Random(seed)
    shots: list[Shot] = []

    def shoot(step: int) -> None:
        board = engine.view(state, None)
        shots.append(Shot(f"{game} seed {seed} step {step} board", board, None, _phase(board)))
        for seat in engine.pending(state):
            hand = engine.view(state, seat)
            label = f"{game} seed {seed} step {step} hand of seat {seat}"
            shots.append(Shot(label, hand, seat, _phase(hand)))

    shoot(0)
    for step in range(1, MAX_STEPS):
        pending = engine.pending(state)
        if not pending:
            break
        seat = pending[0]
        if rng.random() < random_share:
            action = rng.choice(engine.legal_actions(state, seat))
        else:
            action = engine.bot_action(state, seat)
        state, _events = engine.apply(state, seat, action)
        shoot(step)
    assert not engine.pending(state), f"{game} seed {seed} did not finish"
    return shots


def sample(shots: list[Shot], count: int) -> list[Shot]:
    """At most about ``count`` shots spread over a game (a long one has hundreds of near-twins):
    evenly spaced ones, the last, and the first shot of each phase while there is room."""
    if len(shots) <= count:
        return list(shots)
    evenly = {round(k * (len(shots) - 1) / (count - 1)) for k in range(count)}
    changes = [i for i in range(1, len(shots)) if shots[i].phase != shots[i - 1].phase]
    return [shots[i] for i in sorted(evenly | set(changes[: count // 2]))]
