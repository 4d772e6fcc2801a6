"""Checks every game's ``determinize(state, seat, rng)`` must pass (issue 28), on states
reached by random playouts.

Why shared: the contract is one for every game (the hard bot samples hidden information
through it), so each game's test module only says how to play it, where its cards lie and
whether anything is hidden; what "a good determinization" means is written once, here:

- the seat's view is identical (every public fact and the seat's own cards kept);
- its legal actions are identical;
- every card is still somewhere (the multiset of cards is conserved);
- the result survives the JSON round trip and play continues from it without errors;
- the same ``rng`` seed gives the same state, whatever the state's own ``Rng`` held (the
  re-deal never reads the future draws), and the state's ``Rng`` is reseeded;
- when something is hidden, a few seeds do not all give the same hidden zones.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import replace
from typing import Any

from rules import GAMES
from rules.base import Rng

Determinize = Callable[[Any, int, random.Random], Any]
SEEDS = (0, 1, 2, 3, 4)


def playout(
    game: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    *,
    points: int = 6,
    max_steps: int = 3_000,
    kind: Callable[[Any], Hashable] = lambda state: None,
) -> list[Any]:
    """States of one random game: ``points`` spread from setup to the last step, plus the
    first state of every ``kind`` met (a phase, a window, a choice), so rare moments are
    checked too."""
    start = GAMES[game].setup(players, options, seed)
    states = [start, *random_play(game, start, random.Random(seed), max_steps)]
    kinds: dict[Hashable, Any] = {}
    for state in states:
        kinds.setdefault(kind(state), state)
    spread = [states[i * (len(states) - 1) // max(1, points - 1)] for i in range(points)]
    return list({id(s): s for s in [*spread, *kinds.values()]}.values())


def state_after(game: str, players: int, options: dict[str, Any], seed: int, steps: int) -> Any:
    """The state after ``steps`` random actions (fewer if the game ends first): for hypothesis
    to pick any moment of any game."""
    start = GAMES[game].setup(players, options, seed)
    return [start, *random_play(game, start, random.Random(seed), steps)][-1]


def random_play(game: str, state: Any, rnd: random.Random, steps: int) -> Iterator[Any]:
    """Each state of random play from ``state``: ``steps`` actions, or fewer if it ends."""
    engine = GAMES[game]
    for _ in range(steps):
        pending = engine.pending(state)
        if not pending:
            return
        seat = rnd.choice(pending)
        state, _ = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))
        yield state


def _hidden_text(game: str, state: Any) -> str:
    """The state's dump without its ``Rng`` (always reseeded, so never a sign of a re-deal)."""
    data = GAMES[game].dump(state)
    data.pop("rng", None)
    return json.dumps(data, sort_keys=True)


def check(
    game: str,
    determinize: Determinize,
    state: Any,
    seat: int,
    cards: Callable[[Any], Iterable[str]],
    hidden: bool,
    *,
    steps: int = 60,
) -> None:
    """Every property of the module docstring for ``seat`` in ``state``; ``hidden`` says
    whether something is hidden from the seat (then the seeds must not all agree)."""
    engine = GAMES[game]
    view = engine.view(state, seat)
    legal = engine.legal_actions(state, seat)
    texts = set()
    for seed in SEEDS:
        result = determinize(state, seat, random.Random(seed))
        assert engine.view(result, seat) == view, (seat, seed)
        assert engine.legal_actions(result, seat) == legal
        assert Counter(cards(result)) == Counter(cards(state))
        assert engine.load(json.loads(json.dumps(engine.dump(result)))) == result
        again = determinize(replace(state, rng=Rng(987_654_321)), seat, random.Random(seed))
        assert engine.dump(again) == engine.dump(result), "the re-deal read the state's Rng"
        assert result.rng != state.rng
        texts.add(_hidden_text(game, result))
    assert not hidden or len(texts) > 1, "nothing hidden was re-dealt"
    keep_playing(game, determinize(state, seat, random.Random(7)), steps)


def keep_playing(game: str, state: Any, steps: int) -> None:
    """Random play from ``state`` for ``steps`` actions (or to the end) raises nothing."""
    for later in random_play(game, state, random.Random(11), steps):
        over = not GAMES[game].pending(later)
        assert over == (GAMES[game].outcome(later) is not None)


def bot_plays_from_samples(game: str, determinize: Determinize, states: list[Any]) -> int:
    """For every pending seat of every state, the normal bot decides on two determinized
    samples of the seat's table (as the hard bot's rollouts will); its move must be one the
    real table accepts, since the seat's legal actions are the same. Returns the moves made."""
    engine = GAMES[game]
    played = 0
    for state in states:
        for seat in engine.pending(state):
            for seed in (0, 1):
                action = engine.bot_action(determinize(state, seat, random.Random(seed)), seat)
                engine.apply(state, seat, action)
                played += 1
    return played
