"""Determinized Monte Carlo tree search (single-observer ISMCTS) for the ``hard`` bot level.

Each iteration re-deals what the bot's seat cannot see (``Game.determinize``: other hands, deck
order, the dice to come), walks one tree keyed by actions, opens a new move, plays the position
out with the normal bot and credits every move on the way with its mover's share of the win.
Moves are compared by how often they were available (a hidden card makes an opponent's move
possible in some deals only), so the tree never assumes what the seat cannot know.

Why the seed is public: the search's own randomness comes from a hash of the public view and
the seat, never from the state's :class:`~rules.base.Rng` (which holds the future draws): two
states the seat cannot tell apart get the same move, and a replay gets the same move again.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from rules import levels
from rules.search.budget import Budget, budget_for

State = Any
Action = Any
Value = Callable[[State, int], float]
Reward = Callable[[int], float]
"""Each seat's reward at the end of a playout."""
"""A game's estimate of a seat's win share in ``[0, 1]`` mid-game (``search_value``)."""
Moves = Callable[[State, int, list[Action], Action], list[Action]]
"""A game's moves worth searching (``search_moves``): from the state, the seat, its legal
moves and the normal bot's move, the few a flat search compares; fewer than two means a
routine decision, answered by the normal bot without searching."""

MAX_ROLLOUT = 20_000
"""A playout this long is an engine or bot bug; the search stops it and scores it a draw."""


class Game(Protocol):
    """What the search needs of an engine (:class:`rules.base.Engine` has all of it)."""

    id: str

    def pending(self, state: State) -> list[int]: ...

    def legal_actions(self, state: State, seat: int) -> list[Action]: ...

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Any]]: ...

    def view(self, state: State, seat: int | None) -> dict[str, Any]: ...

    def outcome(self, state: State) -> dict[str, Any] | None: ...

    def bot_action(self, state: State, seat: int, level: str = "normal") -> Action: ...

    def determinize(self, state: State, seat: int, rng: random.Random) -> State: ...


@dataclass(eq=False, slots=True)
class Node:
    """A move in the tree: who made it (``mover``), how often it was tried, the mover's
    total reward after it, and how often it was available when its parent was visited."""

    mover: int = -1
    visits: int = 0
    reward: float = 0.0
    available: int = 0
    children: dict[Action, Node] = field(default_factory=dict)

    def ucb(self, exploration: float) -> float:
        mean = self.reward / self.visits
        return mean + exploration * math.sqrt(math.log(max(self.available, 1)) / self.visits)


def public_seed(game: Game, state: State, seat: int) -> int:
    """A seed from the public view and the seat only (see the module's docstring)."""
    return levels.public_seed(game.id, game.view(state, None), seat)


def win_share(outcome: dict[str, Any], seat: int) -> float:
    """The seat's reward at the end: its share of the win (a shared win splits it)."""
    winners = outcome["winners"]
    return 1 / len(winners) if seat in winners else 0.0


def hard_action(
    game: Game,
    state: State,
    seat: int,
    *,
    iterations: int | None = None,
    value: Value | None = None,
    moves: Moves | None = None,
) -> Action:
    """The move the search prefers for ``seat``; ``iterations`` overrides the game's budget
    (:data:`rules.search.BUDGETS`). With one legal move, or when ``seat`` is not pending (a
    move "at any time"), or with a budget of no iterations (a game not searched yet), it does
    not search: the only move, or the normal bot's. A flat budget with ``moves`` (the game's
    ``search_moves``) compares only the moves it names, and none where it names fewer than
    two: why, most of a game's decisions (Munchkin Fu's offers and windows) are routine, and
    searching each one made a game cost seconds of CPU for no gain."""
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    if not legal or seat not in game.pending(state):
        return game.bot_action(state, seat)
    budget = budget_for(game.id)
    if iterations is not None:
        budget = replace(budget, iterations=iterations)
    if budget.iterations <= 0:
        return game.bot_action(state, seat)
    if budget.flat and moves is not None:
        preferred = game.bot_action(state, seat)
        chosen = moves(state, seat, legal, preferred)[: budget.width]
        if len(chosen) < 2:
            return preferred
        rng = random.Random(public_seed(game, state, seat))
        return _flat_action(game, state, seat, chosen, budget, value, rng, preferred)
    rng = random.Random(public_seed(game, state, seat))
    if budget.flat:
        return _flat_action(game, state, seat, legal, budget, value, rng)
    search = _Search(game, seat, budget, value, rng)
    root = Node()
    for _ in range(budget.iterations):
        search.iterate(root, game.determinize(state, seat, search.rng))
    tried = [(a, n) for a, n in root.children.items() if a in legal]
    if not tried:
        return game.bot_action(state, seat)
    # The most visited move; a tie goes to the first opened, the normal bot's (a budget too
    # small to tell moves apart then plays normal rather than a move tried once by luck).
    return max(tried, key=lambda pair: pair[1].visits)[0]


def _flat_action(
    game: Game,
    state: State,
    seat: int,
    legal: list[Action],
    budget: Budget,
    value: Value | None,
    rng: random.Random,
    preferred: Action | None = None,
) -> Action:
    """The move with the best mean reward over ``budget.iterations`` deals, every move
    played on each deal (:attr:`Budget.flat`); a tie goes to the normal bot's move."""
    if preferred is None:
        preferred = game.bot_action(state, seat)
    tried = [a for a in legal if a == preferred or type(a).__name__ not in budget.skip]
    candidates = _candidates(tried, preferred, budget.width, rng)
    totals = dict.fromkeys(candidates, 0.0)
    for _ in range(budget.iterations):
        deal = game.determinize(state, seat, rng)
        for action in candidates:
            after, _ = game.apply(deal, seat, action)
            totals[action] += playout(game, after, budget.depth, value, budget.turns, seat)(seat)
    best = max(totals.values())
    if totals.get(preferred, -1.0) + budget.margin * budget.iterations >= best:
        return preferred
    return max(candidates, key=lambda a: totals[a])


def _candidates(
    legal: list[Action], preferred: Action, width: int | None, rng: random.Random
) -> list[Action]:
    """At most ``width`` legal moves (:attr:`Budget.width`): ``preferred`` first, then one
    move of each kind (class) in turn, each kind's moves in a shuffled order."""
    if width is None or len(legal) <= width:
        return legal
    kinds: dict[str, list[Action]] = {}
    for action in legal:
        if action != preferred:
            kinds.setdefault(type(action).__name__, []).append(action)
    for moves in kinds.values():
        rng.shuffle(moves)
    chosen = [preferred] if preferred in legal else []
    queues = list(kinds.values())
    while len(chosen) < width and any(queues):
        for moves in queues:
            if moves and len(chosen) < width:
                chosen.append(moves.pop())
    return chosen


def playout(
    game: Game,
    state: State,
    depth: int | None,
    value: Value | None,
    turns: int | None = None,
    mover: int | None = None,
) -> Reward:
    """Each seat's reward after playing on with the normal bot: the win share at the end, or
    the game's ``search_value`` once ``depth`` moves are played (``None``: to the end) or the
    seat to move has changed ``turns`` times since ``mover`` made the move that led to
    ``state`` (:attr:`Budget.turns`)."""
    steps = changes = 0
    last_mover = mover
    while pending := game.pending(state):
        mover = pending[0]
        changes += last_mover is not None and mover != last_mover
        last_mover = mover
        if value is not None and _cut(steps, depth, changes, turns):
            judge, last = value, state
            return lambda seat: judge(last, seat)
        if steps >= MAX_ROLLOUT:
            return lambda seat: 0.5
        state, _ = game.apply(state, mover, game.bot_action(state, mover))
        steps += 1
    outcome = game.outcome(state)
    assert outcome is not None
    return lambda seat: win_share(outcome, seat)


def _cut(steps: int, depth: int | None, changes: int, turns: int | None) -> bool:
    """Whether a playout is judged here (:func:`playout`)."""
    return (depth is not None and steps >= depth) or (turns is not None and changes >= turns)


@dataclass
class _Search:
    game: Game
    seat: int
    budget: Budget
    value: Value | None
    rng: random.Random

    def iterate(self, root: Node, state: State) -> None:
        """One descent on one deal: select, open one move, play out, credit the path."""
        path = [root]
        node = root
        while True:
            state, pending = self._settle(state)
            if not pending:
                break
            mover = pending[0]
            legal = self.game.legal_actions(state, mover)
            if not legal:
                break
            action, child, opened = self._choose(node, state, mover, legal, len(path) - 1)
            state, _ = self.game.apply(state, mover, action)
            node = child
            path.append(node)
            if opened:
                break
        reward = self._playout(state, path[-1].mover)
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.reward += reward(visited.mover)

    def _settle(self, state: State) -> tuple[State, list[int]]:
        """The state and its pending seats once a simultaneous phase's other seats have
        moved: those (not the bot's seat) play the normal bot's move, blind to the bot's."""
        pending = self.game.pending(state)
        while len(pending) > 1:
            other = next((s for s in pending if s != self.seat), pending[0])
            state, _ = self.game.apply(state, other, self.game.bot_action(state, other))
            pending = self.game.pending(state)
        return state, pending

    def _choose(
        self, node: Node, state: State, mover: int, legal: list[Action], level: int
    ) -> tuple[Action, Node, bool]:
        """Open a new move while the node's widening allows (the normal bot's first), else
        the best open move by UCB among those legal in this deal."""
        open_moves = [a for a in legal if a in node.children]
        for action in open_moves:
            node.children[action].available += 1
        allowed = min(len(legal), self.budget.widen + int(math.sqrt(node.visits)))
        if len(open_moves) < allowed:
            action = self._new_move(node, state, mover, legal, level)
            child = Node(mover=mover, available=1)
            node.children[action] = child
            return action, child, True
        best = max(open_moves, key=lambda a: node.children[a].ucb(self.budget.exploration))
        return best, node.children[best], False

    def _new_move(
        self, node: Node, state: State, mover: int, legal: list[Action], level: int
    ) -> Action:
        if not node.children and level < self.budget.guided:
            preferred = self.game.bot_action(state, mover)
            if preferred in legal:
                return preferred
        fresh = [a for a in legal if a not in node.children]
        return fresh[self.rng.randrange(len(fresh))]

    def _playout(self, state: State, mover: int) -> Reward:
        last = mover if mover >= 0 else None
        return playout(self.game, state, self.budget.depth, self.value, self.budget.turns, last)
