"""What the bot levels share: randomness seeded from public information, and the ``easy`` pick.

Why public seeds: a bot's choice must not depend on what its seat cannot see (else a weak bot
would leak hidden cards through its mistakes, and a replay could not reproduce it); a hash of
the public view and the seat is the same for every state the seat cannot tell apart, and the
same on every replay.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Callable, Collection, Sequence
from typing import Any, Protocol

Action = Any


def public_seed(game: str, public_view: dict[str, Any], seat: int) -> int:
    """A 64-bit seed from the game, the public view and the seat only."""
    text = json.dumps(public_view, sort_keys=True, default=str)
    digest = hashlib.sha256(f"{game}/{seat}/{text}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def easy_pick(
    rng: random.Random,
    normal: Callable[[], Action],
    legal: Sequence[Action],
    *,
    blunder: float,
    avoid: Collection[Action] = (),
) -> Action:
    """The ``easy`` level's move: the normal bot's (``1 - blunder`` of the time), otherwise
    any legal move but those in ``avoid`` (passes and moves a game calls terrible), so easy
    plays loosely but never throws a turn away where the normal bot would not."""
    options = [a for a in legal if a not in avoid]
    if len(options) > 1 and rng.random() < blunder:
        return options[rng.randrange(len(options))]
    return normal()


class _Rules(Protocol):
    def legal_actions(self, state: Any, seat: int) -> list[Action]: ...

    def view(self, state: Any, seat: int | None) -> dict[str, Any]: ...


def easy_bot(
    game: str,
    rules: _Rules,
    normal: Callable[[Any, int], Action],
    *,
    blunder: float,
    terrible: Callable[[Any, int, Action], bool] | None = None,
) -> Callable[[Any, int], Action]:
    """A game's ``easy`` level from its rules module and its normal bot: :func:`easy_pick`
    over the legal moves, never the game's pass (``skip_action``) nor what ``terrible`` names
    as a loose move, seeded from the public view."""
    skip = getattr(rules, "skip_action", None)

    def easy_action(state: Any, seat: int) -> Action:
        legal = rules.legal_actions(state, seat)
        passes = [] if skip is None else [skip(state, seat)]
        avoid = [a for a in legal if a in passes or (terrible and terrible(state, seat, a))]
        rng = random.Random(public_seed(game, rules.view(state, None), seat))
        return easy_pick(rng, lambda: normal(state, seat), legal, blunder=blunder, avoid=avoid)

    return easy_action


def race_share(scores: Sequence[float], seat: int, sharpness: float) -> float:
    """``seat``'s share of a softmax over ``scores`` (higher is better): equal scores split
    evenly, and each point of lead multiplies a seat's weight by ``e ** sharpness``. Why a
    softmax: the games' ``search_value`` turns a public race (levels, Terror, points) into a
    win chance in ``[0, 1]`` for any number of seats, smooth so the search can tell leaves
    apart."""
    top = max(scores)
    weights = [math.exp(sharpness * (score - top)) for score in scores]
    return weights[seat] / sum(weights)
