"""The moves the ``hard`` bot compares at a Monsterpocalypse decision (``search_moves``, bound
as the engine's ``search_moves`` in ``rules/monsterpocalypse/__init__.py``).

Why a short list of its own: a decision offers up to ~190 legal moves, nearly all of them a
figure's step to some square or an attack with fewer dice than it may roll. The search
plays each candidate on the same re-deals and lets the normal bot finish the activation, so
what is worth comparing is the activation's *plan*: the normal bot's move, the power-up
sizes, the hyper form, each blow at the enemy monster with all the dice it may roll (a power
attack with no red dice and with all of them) once the monster's power-up phase is behind, the
push of the dice left at the end (none, all, or the normal bot's), and, where it is safe or
decisive, the monster's step into base contact with the enemy monster (then a brawl, its
strongest blow), in one move or run or, where none reaches, the first of two. Other steps on
the map stay the normal bot's: one step to a random square is not a plan.

Why a way through the screen: between two hard bots the units beside a monster left the
other monster no square to step into, and battles stayed at the round limit. A blow the normal
bot aims at an enemy unit goes to one of the units in the monster's way instead, when it is
not a poor shot: which unit falls changes no health, so the search, judging the health at the
activation's end, would never choose it over the normal bot's blow; it replaces that blow among
the plans (issue 28, docs/simulator.md, "a way through the screen").

Why no blow in place of the power-up: judged by the health at the activation's end, a blast at
once (poor odds against DEF 5) looks better than the power it skips, which pays for the hyper
form and red dice only later; it was the most common departure from the normal bot's move
between two hard bots (issue 28, docs/simulator.md).
"""

from __future__ import annotations

from rules.monsterpocalypse import board, geometry, movement
from rules.monsterpocalypse.activation import left
from rules.monsterpocalypse.attacks import defense
from rules.monsterpocalypse.model import (
    Action,
    Alpha,
    Attack,
    EndActivation,
    Figure,
    Hyper,
    Move,
    PowerUp,
    Run,
    Spawn,
    State,
    monster_of,
    sq,
)
from rules.monsterpocalypse.odds import p_at_least, p_hit, p_super

BLOW_DICE = 2
"""Dice a step into contact must leave for the blow after it (a brawl with fewer is hardly
worth the step)."""

KILL_ODDS = 0.25
"""A step into contact is always offered when the brawl after it destroys the enemy monster
at least this often."""


def search_moves(state: State, seat: int, legal: list[Action], preferred: Action) -> list[Action]:
    """``preferred`` (the normal bot's move) first, then the activation's other plans among
    ``legal`` (see the module's docstring), each once."""
    if state.activation is None:
        return [preferred, *(a for a in legal if a != preferred)]
    # the blow at the screen comes first and the normal bot's blow it replaces goes (below);
    # meanwhile the latter stays in ``found`` so the plans leave it out as before
    aside = _at_the_screen(state, seat, legal, preferred)
    found = [preferred] if aside is None else [aside, preferred]
    dice = left(state)
    act = state.activation
    early = act.kind == "monster" and act.phase == "power_up"
    for action in legal:
        if action in found:
            continue
        if (
            isinstance(action, PowerUp | Hyper | Alpha)
            or (not early and _full_blow(state, seat, action, legal))
            or (isinstance(action, EndActivation) and action.push in (0, dice))
        ):
            found.append(action)
    spawns = [a for a in legal if isinstance(a, Spawn)]
    if spawns and not isinstance(preferred, Spawn):
        found.append(spawns[0])
    step = _into_contact(state, seat, legal, dice)
    if step is not None and step not in found:
        found.append(step)
    return found if aside is None else [a for a in found if a != preferred]


def _into_contact(state: State, seat: int, legal: list[Action], dice: int) -> Move | Run | None:
    """The monster's cheapest move or run into base contact with the enemy monster that leaves
    :data:`BLOW_DICE` for the blow, during its own activation while not in contact yet, and
    only where :func:`_worth_closing`. Why: the normal bot's monster blasts a unit from afar
    or waits beyond the enemy's reach (``bot._safe_wait``), so between two hard bots few
    battles ended by a kill; offered everywhere, the step raised them but lost to normal,
    since the monster that closed in took the reply's first blow as often as it gave one."""
    act = state.activation
    if act is None or act.kind != "monster":
        return None
    beast, enemy = monster_of(state, seat), monster_of(state, 1 - seat)
    if not beast.at or not enemy.at or geometry.adjacent(beast.squares(), enemy.squares()):
        return None
    best = _one_step(beast, enemy, legal, dice)
    if best is None:
        best = _two_steps(state, seat, beast, enemy, legal, dice)
    if best is None or not _worth_closing(state, beast, enemy, dice - best[0][0]):
        return None
    return best[1]


Step = tuple[tuple[int, str], Move | Run]
"""A way into contact: (dice it costs in all, its first action's square) and its first action."""


def _cost(beast: Figure, action: Move | Run) -> int:
    """What :func:`_into_contact` counts a step as costing: a move nothing (it is one die
    whatever its length), a run the squares it covers."""
    if isinstance(action, Move):
        return 0
    return geometry.attack_distance(beast.squares(), geometry.footprint(sq(action.to), 2))


def _steps(beast: Figure, legal: list[Action]) -> list[Move | Run]:
    return [
        a for a in legal if isinstance(a, Run) or (isinstance(a, Move) and a.figure == beast.id)
    ]


def _one_step(beast: Figure, enemy: Figure, legal: list[Action], dice: int) -> Step | None:
    """The cheapest single move or run into contact that leaves :data:`BLOW_DICE`."""
    best: Step | None = None
    for action in _steps(beast, legal):
        cost = _cost(beast, action)
        there = geometry.footprint(sq(action.to), beast.size)
        if dice - cost < BLOW_DICE or not geometry.adjacent(there, enemy.squares()):
            continue
        if best is None or (cost, action.to) < best[0]:
            best = ((cost, action.to), action)
    return best


CHAIN_TRIES = 6
"""First steps :func:`_two_steps` tries, nearest the enemy monster first (each is played and
its follow-ups looked up: a reach search apiece)."""


def _two_steps(
    state: State, seat: int, beast: Figure, enemy: Figure, legal: list[Action], dice: int
) -> Step | None:
    """The first action of the cheapest move and run, or two runs, into contact that leave
    :data:`BLOW_DICE`, where no single one reaches. Why: a run covers at most 3 squares
    (``movement.RUN_SQUARES``) and a move has one diagonal step, so where the way round the
    screening units is longer than one of them, no step into contact was offered at all (in the
    34 hard-vs-hard battles of seeds 3000..3059 that ended at the round limit, 97 monster
    activations could reach contact only so; issue 28, docs/simulator.md)."""
    gap = geometry.attack_distance(beast.squares(), enemy.squares())
    firsts = []
    for action in _steps(beast, legal):
        there = geometry.footprint(sq(action.to), beast.size)
        after = geometry.attack_distance(there, enemy.squares())
        cost = 1 if isinstance(action, Move) else movement.runs(state, seat)[sq(action.to)].cost
        if after < gap and dice - cost > BLOW_DICE:
            firsts.append((after, cost, action.to, action))
    best: Step | None = None
    for *_, action in sorted(firsts, key=lambda f: f[:3])[:CHAIN_TRIES]:
        if isinstance(action, Move):
            then, _ = movement.move(state, action.figure, action.to)
        else:
            then, _ = movement.run(state, seat, action.to)
        moved = monster_of(then, seat)
        if not moved.at:
            continue
        left_then = left(then)
        follow = [(1, a) for a in movement.moves(then, moved)] if not moved.moved else []
        follow += [(r.cost, a) for a, r in movement.runs(then, seat).items()]
        for more, anchor in follow:
            there = geometry.footprint(anchor, beast.size)
            if left_then - more < BLOW_DICE or not geometry.adjacent(there, enemy.squares()):
                continue
            key = (dice - (left_then - more), action.to)
            if best is None or key < best[0]:
                best = (key, action)
    return best


def _worth_closing(state: State, beast: Figure, enemy: Figure, dice: int) -> bool:
    """Whether the brawl with ``dice`` after the step is decisive or safe: it destroys the
    enemy monster at least :data:`KILL_ODDS` of the time, or it deals more damage on average
    than the enemy monster's brawl back with the dice in its monster pool (the reply, which
    strikes second). Why: closing in where the reply hits as hard traded blows evenly and lost
    the tie-break lead as often as it won a kill (issue 28, docs/simulator.md)."""
    if _kill_odds(state, beast, enemy, dice) >= KILL_ODDS:
        return True
    reply = state.players[enemy.owner].monster
    return _brawl_damage(state, beast, enemy, dice) > _brawl_damage(state, enemy, beast, reply)


def _brawl_stats(state: State, striker: Figure, target: Figure, dice: int) -> tuple[int, int, int]:
    """(dice rolled, capped by the brawl's, its boost dice, the target's defence to it)."""
    most, boost = board.attack_stat(state, striker, "brawl")
    return min(most, dice), boost, defense(state, target, striker, "brawl")


def _brawl_damage(state: State, striker: Figure, target: Figure, dice: int) -> float:
    """The expected damage of ``striker``'s brawl at ``target`` with ``dice``: a hit deals 1,
    a super damage (hits of twice the defence) 1 more."""
    rolled, boost, need = _brawl_stats(state, striker, target, dice)
    if rolled <= 0:
        return 0.0
    return p_hit(rolled, boost, need) + p_super(rolled, boost, need)


def _kill_odds(state: State, striker: Figure, target: Figure, dice: int) -> float:
    """The chance that ``striker``'s brawl with ``dice`` deals all the health ``target`` has
    left (both forms; 0 beyond 2, the most a brawl deals)."""
    rolled, boost, need = _brawl_stats(state, striker, target, dice)
    health = sum(target.health)
    if rolled <= 0 or health > 2:
        return 0.0
    return p_at_least(rolled, boost, health * need)


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


SCREEN_ODDS = 0.3
"""A blow the normal bot aims at an enemy unit goes to a unit in the monster's way instead
when the same figure hits it at least this often (0.3 rather than 0.5: a unit beside a
monster has cover against blasts, so few shots at the screen reached even odds; 54 kills of
120 against 53 on the tuning seeds 3000..3119)."""


def _at_the_screen(
    state: State, seat: int, legal: list[Action], preferred: Action
) -> Attack | None:
    """In place of the normal bot's blow at an enemy unit, the same figure's blow at an enemy
    unit standing where the monster would step into contact (:func:`_in_the_way`), if it hits
    at least :data:`SCREEN_ODDS` of the time. Why: between two hard bots the units screening a
    monster left its enemy no square beside it, so battles stayed at the round limit; which unit
    a blow destroys changes no health, so the search would never prefer it on its own, and the
    normal bot's move it replaces is dropped from the plans (issue 28, docs/simulator.md)."""
    if not isinstance(preferred, Attack) or preferred.manoeuvre == "stomp":
        return None
    target = next((f for f in state.figures if f.id == preferred.target), None)
    if target is None or target.kind != "unit" or target.owner == seat:
        return None
    way = _in_the_way(state, seat)
    if not way or target.id in way:
        return None
    striker = next(f for f in state.figures if f.id == preferred.figure)
    best: tuple[float, int, str, Attack] | None = None
    for action in legal:
        if (
            not isinstance(action, Attack)
            or action.figure != striker.id
            or action.target not in way
            or action.manoeuvre == "stomp"
        ):
            continue
        aim = next(f for f in state.figures if f.id == action.target)
        boost = board.attack_stat(state, striker, action.kind)[1]
        need = defense(state, aim, striker, "brawl" if action.kind == "power" else action.kind)
        odds = p_hit(action.dice, boost, need, action.power)
        key = (odds, -action.power, str(action))
        if odds >= SCREEN_ODDS and (best is None or key > best[:3]):
            best = (*key, action)
    return None if best is None else best[3]


def _in_the_way(state: State, seat: int) -> frozenset[str]:
    """The enemy units on the nearest places beside the enemy monster where ``seat``'s monster
    could stand (2×2, counted in king's steps from where it stands), when those places are
    taken by enemy units alone and no free place is as near: what keeps the monster from
    stepping into contact. None while the monsters touch or stand further apart than a move
    and a run."""
    beast, enemy = monster_of(state, seat), monster_of(state, 1 - seat)
    if not beast.at or not enemy.at or geometry.adjacent(beast.squares(), enemy.squares()):
        return frozenset()
    if (
        geometry.attack_distance(beast.squares(), enemy.squares())
        > board.speed(state, beast) + movement.RUN_SQUARES
    ):
        return frozenset()
    terrain = board.terrain_for(state, beast)
    held = board.abilities(state, beast)
    over = "flight" in held or "jump" in held
    units = {
        s: f.id
        for f in board.on_map(state)
        if f.owner != seat and f.kind == "unit"
        for s in f.squares()
    }
    (bx, by), (ex, ey) = sq(beast.at), sq(enemy.at)
    free_at = 99
    held_at: dict[int, set[str]] = {}
    for col in range(ex - 3, ex + 4):
        for row in range(ey - 3, ey + 4):
            if not geometry.footprint_in_bounds((col, row), beast.size):
                continue
            there = geometry.footprint((col, row), beast.size)
            if not geometry.adjacent(there, enemy.squares()):
                continue
            if not over and not terrain.impassable.isdisjoint(there):
                continue
            taken = [s for s in there if s in terrain.occupied]
            far = max(abs(col - bx), abs(row - by))
            if not taken:
                free_at = min(free_at, far)
            elif all(s in units for s in taken):
                held_at.setdefault(far, set()).update(units[s] for s in taken)
    near = min(held_at, default=99)
    return frozenset(held_at[near]) if near < free_at else frozenset()
