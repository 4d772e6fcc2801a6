"""A Monsterpocalypse bot: legal always, better than random.

Why these priorities: power dice are the monster's fuel (power-up first when it has dice to
spare, hyper as soon as it can pay), units are cheap damage and secure buildings (spawn what it
can afford), figures close in on the nearest target they can hit from there, and an attack is
made at the best odds with as many dice as it may roll.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from rules.monsterpocalypse import board, content, geometry
from rules.monsterpocalypse.activation import health_kept, left
from rules.monsterpocalypse.attacks import defense
from rules.monsterpocalypse.model import (
    Action,
    ActivateMonster,
    ActivateUnits,
    Attack,
    Building,
    ChooseMap,
    ChooseSide,
    Draft,
    DraftDone,
    EndActivation,
    Figure,
    Hyper,
    Move,
    PlaceBuilding,
    PlaceMonster,
    PowerUp,
    Run,
    Spawn,
    State,
    sq,
)
from rules.monsterpocalypse.odds import p_at_least, p_hit


def bot_action(state: State, seat: int) -> Action:
    from rules.monsterpocalypse.engine import legal_actions

    legal = legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    if state.phase != "play":
        return _setup_choice(state, seat, legal)
    if state.activation is None:
        player = state.players[seat]
        if ActivateMonster() in legal and player.monster >= min(_MONSTER_DICE, player.unit + 1):
            return ActivateMonster()
        return ActivateUnits() if ActivateUnits() in legal else legal[0]
    return _in_activation(state, seat, legal)


def _setup_choice(state: State, seat: int, legal: list[Action]) -> Action:
    """A map and a side picked by the roll-off's dice (public, and different from battle to
    battle, so the bots play both maps and both sides: a fixed pick would make the simulator's
    "win rate by side" the first player's); the sturdiest building; a preset-like draft; the
    start anchor nearest the middle."""
    first = legal[0]
    if isinstance(first, ChooseMap | ChooseSide):
        dice = sum(hits for roll in state.rolloff for hits in roll)
        return legal[dice % len(legal)]
    if isinstance(first, PlaceBuilding):
        places = [a for a in legal if isinstance(a, PlaceBuilding)]
        return max(places, key=lambda a: (content.building(a.building).defense, a.at))
    if isinstance(first, Draft | DraftDone):
        player = state.players[seat]
        wanted = list(content.faction(player.faction).preset)
        for unit in player.army:
            if unit in wanted:
                wanted.remove(unit)
        drafts = [a for a in legal if isinstance(a, Draft) and a.unit in wanted]
        return drafts[0] if drafts else DraftDone()
    spots = [a for a in legal if isinstance(a, PlaceMonster)]
    if spots:
        return min(spots, key=lambda a: abs(sq(a.at)[0] - 5) + abs(sq(a.at)[1] - 5))
    return first


_MONSTER_DICE = 5
"""A monster activation is worth it from this many dice: a power-up die and a full brawl."""


def _in_activation(state: State, seat: int, legal: list[Action]) -> Action:
    act = state.activation
    assert act is not None
    budget = left(state)
    power = state.players[seat].power
    if Hyper() in legal:
        return Hyper()
    keep = 1
    if act.kind == "monster":
        beast = next(f for f in state.figures if f.id == f"m{seat}")
        # Dice kept for the blow at the enemy monster (and one to step up to it): the
        # rest rolls for power, which pays for hyper and the red dice of a slam.
        keep = board.attack_stat(state, beast, "brawl")[0] + (not _touching(state, beast))
        spare = min(3, budget - keep)
        if act.phase == "power_up" and power < 10 and spare >= 1 and PowerUp(spare) in legal:
            return PowerUp(spare)
    spawns = [a for a in legal if isinstance(a, Spawn)]
    if spawns and budget >= 3:
        return min(spawns, key=lambda a: (content.unit(a.unit).cost, a.unit, a.at))
    best = _best_attack(state, legal)
    if best is not None and _is_monster(state, best.target):
        return best
    if act.kind == "monster":
        keep = min(keep, 3)
    if budget > keep:
        step = _best_move(state, legal, budget - keep)
        if step is not None:
            return step
    if best is not None:
        return best
    return EndActivation(budget if act.kind == "units" else budget // 2)


def _touching(state: State, beast: Figure) -> bool:
    """Whether a monster stands in base contact with the enemy monster."""
    enemy = next(f for f in state.figures if f.id == f"m{1 - beast.owner}")
    return bool(enemy.at) and geometry.adjacent(beast.squares(), enemy.squares())


def _is_monster(state: State, fid: str) -> bool:
    return any(f.id == fid and f.kind == "monster" for f in state.figures)


def _target(state: State, target_id: str) -> Figure | Building | None:
    found = next((f for f in state.figures if f.id == target_id), None)
    return found or board.building(state, target_id)


def _best_attack(state: State, legal: list[Action]) -> Attack | None:
    """The attack at the best odds (monsters count double), with its most dice; power attacks
    (slams with red dice) once the monster is hyper or has power to spare; worth making from
    20 %."""
    scored: list[tuple[bool, float, int, Attack]] = []
    # One blow is listed once per number of dice (and red dice): its figure, target, boost
    # and defence are worked out once per (figure, kind, target), not for every count (the
    # cover check behind a defence walks every figure on the map; issue 28).
    seen: dict[tuple[str, str, str], tuple[Figure, bool, int, int] | None] = {}
    by_id = {f.id: f for f in state.figures}
    for a in legal:
        if not isinstance(a, Attack) or a.manoeuvre == "stomp":
            continue
        blow = (a.figure, a.kind, a.target)
        if blow not in seen:
            seen[blow] = _blow(state, by_id[a.figure], a.kind, a.target)
        found = seen[blow]
        if found is None:
            continue
        fig, monster, boost, need = found
        if a.kind == "power" and not (_spare_power(state, fig, a.power) or monster):
            continue
        odds = p_hit(a.dice, boost, need, a.power)
        if monster:  # the damage dealt, super damage included: every point brings the kill
            odds += p_at_least(a.dice, boost, 2 * need, a.power)
        worth = 2.0 if monster else 1.0
        focus = monster and fig.kind == "unit" and odds >= _FOCUS
        scored.append((focus, odds * worth, a.dice, a))
    if not scored:
        return None
    # a tie goes to the last by name (named only on a tie: naming every blow added up)
    top = max((focus, value, dice) for focus, value, dice, _ in scored)
    attack = max((a for *rest, a in scored if tuple(rest) == top), key=str)
    focus, value, _ = top
    return attack if focus or value >= 0.2 else None


def _blow(
    state: State, fig: Figure, kind: str, target_id: str
) -> tuple[Figure, bool, int, int] | None:
    """What :func:`_best_attack` weighs a blow by: the attacker, whether the target is a
    monster, the boost dice and the defence to beat (None: no such target)."""
    aim = _target(state, target_id)
    if aim is None:
        return None
    monster = isinstance(aim, Figure) and aim.kind == "monster"
    boost = board.attack_stat(state, fig, kind)[1]
    need = defense(state, aim, fig, "brawl" if kind == "power" else kind)
    return fig, monster, boost, need


_FOCUS = 0.1
"""Focus fire: a unit with at least these odds of hurting the enemy monster strikes it before
anything else (a grunt's blow at a monster, DEF 5, hits 4-15 % of the time, one at a grunt
70-90 %: weighed by odds alone, units never touched a monster; every point of its health
brings the battle's end nearer, a grunt destroyed does not)."""


def _spare_power(state: State, fig: Figure, red: int) -> bool:
    """Power dice beyond what the hyper form still needs."""
    held = state.players[fig.owner].power - 1 - red
    need = 0 if fig.form == "hyper" else content.monster(fig.type).hyper.hyper_cost
    return held >= need


Aims = list[tuple[geometry.Square, ...]]


def _aims(state: State, fig: Figure, secured: dict[str, int | None]) -> Aims:
    """What a figure closes in on: a monster the enemy monster; a unit any enemy, or any
    building not yet secured by its side (standing next to one helps secure it, X5).
    ``secured`` is each building's securer, worked out once per decision."""
    enemy = [f for f in board.on_map(state) if f.owner != fig.owner]
    foes = [f.squares() for f in enemy if f.kind == "monster"]
    if fig.kind == "monster":
        return foes
    # Focus fire: a unit the enemy monster is within a move of shooting goes for it alone.
    reach = board.speed(state, fig) + board.blast_range(fig)[1] + 1
    if foes and geometry.attack_distance(fig.squares(), foes[0]) <= reach:
        return foes
    found = [f.squares() for f in enemy]
    return found + [b.squares() for b in state.buildings if secured[b.id] != fig.owner]


def _gap(fig: Figure, aims: Aims) -> _Gaps:
    """How far ``fig`` would stand from attacking its nearest aim (0: it could attack), from
    any anchor (:meth:`_Gaps.at`). A monster closes in to brawl, its strongest attack (a
    monster that stopped at blast range dealt a third of the damage in the simulator, and
    battles never ended by destruction)."""
    low, high = board.blast_range(fig)
    if fig.kind == "monster":  # a monster's brawl is its strongest attack: close in
        low, high = 1, 1
    return _gaps(tuple(aims), fig.size, low, high)


@dataclass(slots=True)
class _Gaps:
    """One figure's :func:`_gap` from each anchor to the same aims, worked out once per anchor.
    Why: the hard bot's playouts ask the normal bot at every step, and the same figures'
    aims recur from step to step; measuring every reachable square afresh was the largest
    part of a playout step (issue 28)."""

    aims: tuple[tuple[geometry.Square, ...], ...]
    size: int
    low: int
    high: int
    known: dict[geometry.Square, int] = field(default_factory=dict)

    def at(self, anchor: geometry.Square) -> int:
        found = self.known.get(anchor)
        if found is None:
            found = self.known[anchor] = self._measure(anchor)
        return found

    def _measure(self, anchor: geometry.Square) -> int:
        best = 99
        squares = geometry.footprint(anchor, self.size)
        for distance in geometry.attack_distances(squares, self.aims):
            if distance == 1 or self.low <= distance <= self.high:
                return 0
            best = min(best, distance)
        return best


@lru_cache(maxsize=1024)
def _gaps(aims: tuple[tuple[geometry.Square, ...], ...], size: int, low: int, high: int) -> _Gaps:
    return _Gaps(aims, size, low, high)


def _best_move(state: State, legal: list[Action], budget: int) -> Move | Run | None:
    """The move (or a monster's run within ``budget`` dice) that brings a figure that cannot
    attack its aim yet closest to it."""
    options: list[tuple[int, int, Move | Run]] = []
    # What each figure aims at does not depend on where it would go: work it out once per
    # figure (a battle's bot spent nine tenths of its time redoing it for every square).
    # Which side secures each building and where units screen their monster, likewise once,
    # and only once a unit asks (a monster's moves need neither; issue 28).
    secured: dict[str, int | None] | None = None
    screen: dict[int, tuple[geometry.Square, ...]] | None = None
    walkers: dict[str, _Walker] = {}
    by_id = {f.id: f for f in state.figures}
    for a in legal:
        if isinstance(a, Move):
            fig = by_id[a.figure]
        elif isinstance(a, Run):
            fig = by_id[f"m{state.turn}"]
            steps = geometry.attack_distance(fig.squares(), geometry.footprint(sq(a.to), 2))
            if fig.moved is False or steps > budget:
                continue
        else:
            continue
        walker = walkers.get(fig.id)
        if walker is None:
            if fig.kind == "unit":
                if secured is None:
                    secured = board.securers(state)
                if screen is None:
                    screen = _screen(state)
            walker = walkers[fig.id] = _walker(state, fig, secured or {}, screen or {}, budget)
        now, blocking = walker.now, walker.blocking
        if now == 0 and not blocking:
            continue
        to = sq(a.to)
        after = walker.gaps.at(to)
        if walker.wait is not None and after and not walker.wait(after):
            continue
        if walker.line:
            now, after = walker.from_line, _distance(to, walker.line)
        if after < now or (blocking and after <= now and not _on_own_spawn(state, fig, a.to)):
            options.append((after, now - after, a))
    if not options:
        return None
    # the nearest, then the longest stride; a tie between moves goes to the first by name
    low = min((after, -stride) for after, stride, _ in options)
    tied = [a for after, stride, a in options if (after, -stride) == low]
    return min(tied, key=str)


@dataclass(slots=True)
class _Walker:
    """What :func:`_best_move` knows of one figure before weighing its squares: its gaps to its
    aims, its gap now, whether it blocks its own spawn space, the screen line it walks to
    (empty: none) and its distance to it now, and a monster's wait check."""

    gaps: _Gaps
    now: int
    blocking: bool
    line: tuple[geometry.Square, ...]
    from_line: int
    wait: Callable[[int], bool] | None


def _walker(
    state: State,
    fig: Figure,
    secured: dict[str, int | None],
    screen: dict[int, tuple[geometry.Square, ...]],
    budget: int,
) -> _Walker:
    """One figure's :class:`_Walker`: what its every square is weighed against, worked out
    once per decision instead of once per square (issue 28)."""
    aims = _aims(state, fig, secured)
    gaps = _gap(fig, aims)
    now, blocking = gaps.at(sq(fig.at)), _on_own_spawn(state, fig, fig.at)
    line = screen.get(fig.owner, ()) if fig.kind == "unit" else ()
    if not (line and now and not _focusing(state, fig, aims)):
        line = ()
    from_line = _distance(sq(fig.at), line) if line else now
    wait = None
    if fig.kind == "monster":

        def wait(after: int) -> bool:
            return _safe_wait(state, fig, now, after, budget)

    return _Walker(gaps, now, blocking, line, from_line, wait)


def _safe_wait(state: State, beast: Figure, now: int, after: int, budget: int) -> bool:
    """Whether a monster that stops ``after`` squares short of the enemy monster gives it no
    first strike: fine when it could close in this activation anyway (``now`` squares with a
    move and a run of the ``budget`` dice), else only beyond the enemy's move and blow. The
    monster that walked into the other's reach took the first blow, and the first blow
    decided: the first player won 80 % of the battles ended by a kill (issue 26)."""
    reach = budget if beast.moved else board.speed(state, beast) + budget - 1
    if now - 1 <= reach:
        return True
    enemy = next(f for f in state.figures if f.id == f"m{1 - beast.owner}")
    return after > board.speed(state, enemy) + 1


def _screen(state: State) -> dict[int, tuple[geometry.Square, ...]]:
    """Where each side's units screen their monster: the free squares next to it on the
    enemy monster's side, once the enemy monster is within a move and two squares of it and
    has lost a smaller share of its health (a unit there stands in its way and gets a blow at
    it when it arrives). Only the monster losing the exchange is screened: screening always
    put units in both monsters' way and fewer battles ended by a kill (the same 36 battles:
    44 % against 58 %)."""
    found: dict[int, tuple[geometry.Square, ...]] = {}
    beasts = {f.owner: f for f in board.on_map(state) if f.kind == "monster"}
    if len(beasts) < 2:
        return found
    for seat, own in beasts.items():
        # its own units' squares stay on the line: a unit already there has arrived
        taken = {
            s
            for f in board.on_map(state)
            if f.kind == "monster" or f.owner != seat
            for s in f.squares()
        }
        taken |= {s for b in state.buildings for s in b.squares()}
        foe = beasts[1 - seat]
        gap = geometry.attack_distance(own.squares(), foe.squares())
        if gap > board.speed(state, foe) + 2 or health_kept(state, seat) >= health_kept(
            state, 1 - seat
        ):
            continue
        ring = {n for s in own.squares() for n in geometry.neighbours(s)} - taken
        found[seat] = tuple(
            sorted(s for s in ring if geometry.attack_distance((s,), foe.squares()) < gap)
        )
    return found


def _focusing(state: State, fig: Figure, aims: Aims) -> bool:
    """Whether a unit's aim is the enemy monster alone (focus fire, see :func:`_aims`)."""
    foe = next(f for f in state.figures if f.id == f"m{1 - fig.owner}")
    return aims == [foe.squares()]


def _distance(at: geometry.Square, line: tuple[geometry.Square, ...]) -> int:
    return min(max(abs(at[0] - s[0]), abs(at[1] - s[1])) for s in line)


def _on_own_spawn(state: State, fig: Figure, where: str) -> bool:
    """Whether a unit at ``where`` stands on a spawn space its owner controls: it would block
    the next spawn there (a long-range grunt that could already shoot from it never moved,
    and its side spawned a third of the other's units in the simulator)."""
    if fig.kind != "unit":
        return False
    space = board.space_at(state, sq(where))
    return space is not None and board.controls_spawn(state, fig.owner, space)
