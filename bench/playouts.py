"""Whole Monster Day games played by the engine alone, the raw material of most sections.

Why real playouts and not hand-made states: rendering cost, snapshot size and move cost all
depend on how far a game has gone (piles, monsters, last-turn events), so the benchmark feeds
every layer states that the rules actually produce.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import rules

GAME = "monster_day"
ENGINE = rules.GAMES[GAME]

Chooser = Callable[[Any, int, random.Random], Any]
"""Picks an action for ``seat`` in ``state``: ``chooser(state, seat, rng)``."""


@dataclass(frozen=True, slots=True)
class Step:
    """One applied move and the state it led to."""

    seat: int
    action: Any
    events: list[dict[str, Any]]
    state: Any


@dataclass(frozen=True, slots=True)
class Playout:
    seed: int
    initial: Any
    steps: tuple[Step, ...]

    def state_after(self, moves: int) -> Any:
        """The state once ``moves`` moves were made (0: the set-up state)."""
        return self.steps[moves - 1].state if moves else self.initial


def random_action(state: Any, seat: int, rng: random.Random) -> Any:
    return rng.choice(ENGINE.legal_actions(state, seat))


def bot_against_random(bot_seat: int) -> Chooser:
    """The engine's bot in ``bot_seat``, uniform random choices in the other seat."""

    def choose(state: Any, seat: int, rng: random.Random) -> Any:
        if seat == bot_seat:
            return ENGINE.bot_action(state, seat)
        return random_action(state, seat, rng)

    return choose


def new_game(seed: int) -> Any:
    """A two-player game with the default options (what ``/game new`` opens)."""
    return ENGINE.setup(2, dict(ENGINE.options), seed)


def play(seed: int, rng: random.Random, chooser: Chooser = random_action) -> Playout:
    """Play one game to its end."""
    initial = state = new_game(seed)
    steps: list[Step] = []
    while pending := ENGINE.pending(state):
        seat = pending[0]
        action = chooser(state, seat, rng)
        state, events = ENGINE.apply(state, seat, action)
        steps.append(Step(seat, action, events, state))
    return Playout(seed, initial, tuple(steps))


def mid_game(playout: Playout, rng: random.Random) -> int:
    """A move count well inside the game: past the opening, before the last few turns."""
    total = len(playout.steps)
    return rng.randint(max(1, total // 4), max(1, total * 5 // 6))


def mixed_moves(
    game: str, seats: int, seed: int, options: dict[str, Any] | None = None
) -> Iterator[tuple[Any, int, Any, Any]]:
    """``(state before, seat, action, state after)`` for each move of one seeded ``game`` to
    its end, each move a coin toss between a random legal move and the engine's bot: the
    positions real tables reach (bots alone play too well, random moves alone too badly).
    The first ``before`` is the set-up."""
    engine = rules.GAMES[game]
    rng = random.Random(seed)
    state = engine.setup(seats, dict(engine.options) if options is None else options, seed)
    while pending := engine.pending(state):
        seat = pending[0]
        if rng.random() < 0.5:
            action = rng.choice(engine.legal_actions(state, seat))
        else:
            action = engine.bot_action(state, seat)
        after, _ = engine.apply(state, seat, action)
        yield state, seat, action, after
        state = after
