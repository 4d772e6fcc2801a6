"""The moves the ``hard`` bot compares at a Monsterpocalypse decision (``search_moves``, bound
as the engine's ``search_moves`` in ``rules/monsterpocalypse/__init__.py``).

Why a short list of its own: a decision offers up to ~190 legal moves, nearly all of them a
figure's step to some square or an attack with fewer dice than it may roll. The search
plays each candidate on the same re-deals and lets the normal bot finish the activation, so
what is worth comparing is the activation's *plan*: the normal bot's move, the power-up
sizes, the hyper form, each blow at the enemy monster with all the dice it may roll (a power
attack with no red dice and with all of them), and the push of the dice left at the end (none,
all, or the normal bot's). Steps on the map stay the normal bot's: one step to a random
square is not a plan; but the monster's step nearest the enemy monster is one once the seat is
behind late in the battle (:func:`urgency`): the round limit's tie-break loses it the battle
anyway, while the normal bot's monster waits out of the enemy's reach, and two hard bots
waited out most battles to the limit (issue 28).
"""

from __future__ import annotations

from rules.monsterpocalypse import geometry
from rules.monsterpocalypse.activation import health_kept, left
from rules.monsterpocalypse.model import (
    Action,
    Alpha,
    Attack,
    EndActivation,
    Hyper,
    Move,
    PowerUp,
    Run,
    Spawn,
    State,
    monster_of,
    sq,
)

PRESS_ROUNDS = 5
"""How many rounds before the limit a seat behind on health starts pressing for the kill."""


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
    if urgency(state, seat) > 0:
        step = _closest_step(state, seat, legal)
        if step is not None and step not in found:
            found.append(step)
    return found


def urgency(state: State, seat: int) -> float:
    """How much ``seat`` must press for the kill, in ``[0, 1]``: 0 unless its monster has a
    smaller share of its health left than the enemy's (the tie-break at the round limit would
    lose it the battle), then growing from 0 to 1 over the last :data:`PRESS_ROUNDS`
    rounds."""
    if health_kept(state, seat) >= health_kept(state, 1 - seat):
        return 0.0
    return max(0.0, 1 - (state.rounds - state.round) / PRESS_ROUNDS)


def gap(state: State, seat: int) -> int:
    """The attack distance between the two monsters (1: base contact)."""
    own, foe = monster_of(state, seat), monster_of(state, 1 - seat)
    return geometry.attack_distance(own.squares(), foe.squares())


def _closest_step(state: State, seat: int, legal: list[Action]) -> Move | Run | None:
    """The monster's move or run that ends nearest the enemy monster (a move before a run,
    which costs dice), if it ends nearer than it stands."""
    own, foe = monster_of(state, seat), monster_of(state, 1 - seat)
    if not own.at or not foe.at:
        return None
    steps: list[Move | Run] = [
        a for a in legal if isinstance(a, Run) or (isinstance(a, Move) and a.figure == own.id)
    ]
    if not steps:
        return None

    def after(step: Move | Run) -> tuple[int, bool, str]:
        footprint = geometry.footprint(sq(step.to), own.size)
        return geometry.attack_distance(footprint, foe.squares()), isinstance(step, Run), step.to

    best = min(steps, key=after)
    return best if after(best)[0] < gap(state, seat) else None


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
