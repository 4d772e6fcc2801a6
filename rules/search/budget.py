"""How much the ``hard`` bot searches in each game, counted in iterations, never in time.

Why iterations: a budget in seconds would make the same position give different moves on a
busy machine, so replays, tests and the simulator could not be exact. The figures are tuned
(``bench/bots.py``) so that a decision stays under ~300 ms at p95 on one core.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Budget:
    """``iterations`` determinized descents; a playout stops after ``depth`` moves (``None``:
    play to the end; ``0``: judge the new leaf at once) and is scored by the game's
    ``search_value`` if it has one; ``widen`` children are open at a node before its visits
    open more (progressive widening: the normal bot's move is always the first child, so a
    small budget refines that move) in the first ``guided`` levels of the tree; deeper, a
    random move opens first (the normal bot is too dear to ask at every new node in some
    games)."""

    iterations: int = 200
    depth: int | None = None
    exploration: float = 0.7
    widen: int = 4
    guided: int = 1_000


BUDGETS: dict[str, Budget] = {
    "monster_day": Budget(iterations=300, depth=0),
    "monsterpocalypse": Budget(iterations=10, depth=0, guided=1),
    # Provisional, until these games' determinize lands and bench/bots.py measures them: no
    # search_value yet, so playouts run to the end and the budget must stay tiny.
    "notte_di_terrore": Budget(iterations=16),
    "munchkin_fu": Budget(iterations=6),
    "monsters_on_board": Budget(iterations=1),
}


def budget_for(game: str) -> Budget:
    """The tuned budget of ``game``; a game not listed gets the default."""
    return BUDGETS.get(game, Budget())
