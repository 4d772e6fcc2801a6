"""The ``hard`` bot level: determinized Monte Carlo tree search over any engine.

Why it lives below :mod:`rules.base` and knows engines only by the few methods it calls
(:class:`~rules.search.mcts.Game`): the engine binding (:class:`rules.base.ModuleEngine`)
offers ``hard`` by calling :func:`hard_action`, so the search may not import the binding back.
"""

from rules.search.budget import BUDGETS, Budget, budget_for
from rules.search.mcts import Game, hard_action, public_seed

__all__ = ["BUDGETS", "Budget", "Game", "budget_for", "hard_action", "public_seed"]
