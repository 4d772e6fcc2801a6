"""The moves the ``hard`` bot compares at a Monsterpocalypse decision (``search_moves``, bound
as the engine's ``search_moves`` in ``rules/monsterpocalypse/__init__.py``).

Why a short list of its own: a decision offers up to ~190 legal moves, nearly all of them a
figure's step to some square or an attack with fewer dice than it may roll. The search
plays each candidate on the same re-deals and lets the normal bot finish the activation, so
what is worth comparing is the activation's *plan*: the normal bot's move, the power-up
sizes, the hyper form, each blow at the enemy monster with all the dice it may roll (a power
attack with no red dice and with all of them), and the push of the dice left at the end (none,
all, or the normal bot's). Steps on the map stay the normal bot's: one step to a random
square is not a plan.
"""

from __future__ import annotations

from rules.monsterpocalypse.activation import left
from rules.monsterpocalypse.model import (
    Action,
    Alpha,
    Attack,
    EndActivation,
    Hyper,
    PowerUp,
    Spawn,
    State,
)


def search_moves(state: State, seat: int, legal: list[Action], preferred: Action) -> list[Action]:
    """``preferred`` (the normal bot's move) first, then the activation's other plans among
    ``legal`` (see the module's docstring), each once."""
    if state.activation is None:
        return [preferred, *(a for a in legal if a != preferred)]
    found = [preferred]
    dice = left(state)
    for action in legal:
        if action in found:
            continue
        if (
            isinstance(action, PowerUp | Hyper | Alpha)
            or _full_blow(state, seat, action, legal)
            or (isinstance(action, EndActivation) and action.push in (0, dice))
        ):
            found.append(action)
    spawns = [a for a in legal if isinstance(a, Spawn)]
    if spawns and not isinstance(preferred, Spawn):
        found.append(spawns[0])
    return found


def _full_blow(state: State, seat: int, action: Action, legal: list[Action]) -> bool:
    """An attack on the enemy monster with all the dice that figure may roll at it that way,
    and no red dice or all of them."""
    if not isinstance(action, Attack) or action.target != f"m{1 - seat}":
        return False
    alike = [
        a
        for a in legal
        if isinstance(a, Attack)
        and (a.figure, a.kind, a.target, a.manoeuvre)
        == (action.figure, action.kind, action.target, action.manoeuvre)
    ]
    if action.dice != max(a.dice for a in alike):
        return False
    return action.power in (0, max(a.power for a in alike))
