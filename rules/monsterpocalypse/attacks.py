"""Attacks ("Compiere attacchi"), damage ("Danneggiare mostri ed unità"), buildings destroyed
and the power dice they give, and the two power attacks (slam, stomp).

Why damage lives here and nowhere else: an attack, a slam's collision and a hazard entered
while moving all hurt figures the same way (a unit to the reserve, a monster's current form,
the swap, the destroyed monster), and the power dice of D6-D9 follow from who caused it.
"""

from __future__ import annotations

from dataclasses import replace

from rules.base import Event
from rules.monsterpocalypse import board, content, geometry
from rules.monsterpocalypse.activation import advance, gain, left, reached, spend
from rules.monsterpocalypse.dice import roll
from rules.monsterpocalypse.model import (
    Attack,
    Building,
    Figure,
    Hazard,
    State,
    figure,
    with_figure,
    with_player,
)

MAX_EXTRA_POWER = 2
"""A power attack adds at most 2 red dice (interfaces page)."""


# --- damage --------------------------------------------------------------------------------


def hurt(state: State, fig: Figure, amount: int, by: int | None) -> tuple[State, list[Event]]:
    """K9/K10/B11/B12/H4: a unit is destroyed to its reserve; a monster loses health on its
    current form, a form at 0 is replaced by the other (free) or the monster is destroyed.
    ``by`` is the seat whose attack or action caused it (D6/D7 power dice), None for none; a
    monster destroyed by anything counts for its opponent (V2)."""
    if amount <= 0 or not fig.at:
        return state, []
    if fig.kind == "unit":
        new = with_figure(state, replace(fig, at="", moved=False, attacked=False))
        if by is not None and by != fig.owner:
            new = gain(new, by, 1)
        return new, [{"type": "unit_destroyed", "figure": fig.id, "unit": fig.type}]
    index = 1 if fig.form == "hyper" else 0
    health = list(fig.health)
    health[index] = max(0, health[index] - amount)
    events: list[Event] = [{"type": "damaged", "figure": fig.id, "amount": amount}]
    fig = replace(fig, health=(health[0], health[1]))
    if health[index] > 0:
        return with_figure(state, fig), events
    new = state
    if by is not None and by != fig.owner:
        new = gain(new, by, 1)
    events.append({"type": "form_destroyed", "figure": fig.id, "form": fig.form})
    other = 1 - index
    if health[other] > 0:
        fig = replace(fig, form=("alpha", "hyper")[other])
        return with_figure(new, fig), events
    new = with_figure(new, replace(fig, at="", moved=False, attacked=False))
    enemy = 1 - fig.owner
    new = with_player(new, enemy, destroyed=new.players[enemy].destroyed + 1)
    return new, [*events, {"type": "monster_destroyed", "figure": fig.id}]


def destroy_building(
    state: State, built: Building, by: int, energy: bool
) -> tuple[State, list[Event]]:
    """X1/X2/D8/D9: the building leaves its hazard token on its squares; its destroyer gains
    its energy (a monster's brawl) or 1 (anything else, one of its own buildings included,
    which only a slam's collision can bring down: K7 forbids attacking it)."""
    kind = content.building(built.type).hazard
    token = Hazard(id=built.id, kind=kind, at=built.at)
    new = replace(
        state,
        buildings=tuple(b for b in state.buildings if b.id != built.id),
        hazards=(*state.hazards, token),
    )
    power = content.building(built.type).energy if energy else 1
    new = gain(new, by, power)
    event: Event = {"type": "building_destroyed", "building": built.id}
    event.update(building_type=built.type, hazard=kind, power=power)
    return new, [event]


# --- what may be attacked ------------------------------------------------------------------


def defense(state: State, target: Figure | Building, attacker: Figure, kind: str) -> int:
    """K3 with T4-T6 (cover +1 vs blasts, not cumulative) and ``armored`` (+1 vs brawls)."""
    if isinstance(target, Building):
        return content.building(target.type).defense
    value = board.printed_defense(target)
    if kind == "brawl" and "armored" in board.abilities(state, target):
        value += 1
    if kind == "blast" and board.has_cover(state, target, attacker):
        value += 1
    return max(1, value)


def targets(state: State, fig: Figure, kind: str) -> list[Figure | Building]:
    """K7/T8/T12 and the ranges: enemy figures and buildings not placed by the attacker's
    owner; a brawl (or a slam) adjacent, never at a flyer unless the attacker flies or jumps;
    a blast within its range and never adjacent."""
    mine = fig.squares()
    found: list[Figure | Building] = []
    enemies: list[Figure | Building] = [
        f for f in board.on_map(state) if f.owner != fig.owner and f.at
    ]
    if kind != "slam":
        enemies += [b for b in state.buildings if b.owner != fig.owner]
    held = board.abilities(state, fig)
    for target in enemies:
        there = target.squares()
        if kind in ("brawl", "slam"):
            if not geometry.adjacent(mine, there):
                continue
            if isinstance(target, Figure) and not reaches_in_brawl(state, held, target):
                continue
        else:
            low, high = board.blast_range(fig)
            if geometry.adjacent(mine, there) or not geometry.in_range(mine, there, low, high):
                continue
        found.append(target)
    return found


def reaches_in_brawl(state: State, held: tuple[str, ...], target: Figure) -> bool:
    """T8: «Miniature che non volano, non possono effettuare attacchi "Rissa" verso miniature
    che invece hanno questa abilità» (and T12 lets a jumper): a flyer is out of reach of any
    blow in base contact (a brawl, a slam, a stomp) unless the attacker flies or jumps."""
    return not board.flies(state, target) or not {"flight", "jump"}.isdisjoint(held)


def stomped(state: State, fig: Figure) -> list[Figure]:
    """G4: the enemy units adjacent to the monster that it can reach in base contact (a stomp
    is a blow like a brawl, so T8 keeps flyers out of it)."""
    held = board.abilities(state, fig)
    return [
        f
        for f in board.on_map(state)
        if f.kind == "unit"
        and f.owner != fig.owner
        and geometry.adjacent(fig.squares(), f.squares())
        and reaches_in_brawl(state, held, f)
    ]


def may_attack(state: State, fig: Figure) -> bool:
    act = state.activation
    if act is None or fig.owner != act.seat or not fig.at or fig.attacked:
        return False
    if (fig.kind == "monster") != (act.kind == "monster"):
        return False
    return reached(state, "attack") and left(state) > 0


Foe = tuple[Figure | Building, tuple[geometry.Square, ...], bool]
"""An enemy figure or building as :func:`options` weighs it: the target, its squares, and
whether a blow in base contact cannot reach it (a flyer, T8) unless the attacker flies or
jumps."""


def foes(state: State, seat: int) -> list[Foe]:
    """What ``seat``'s figures may attack (:func:`targets`' enemies, in its order), looked up
    once per legal list for all of them (issue 28: each figure's three passes over the map,
    one per kind of attack, were a third of a legal list)."""
    found: list[Foe] = [
        (f, f.squares(), board.flies(state, f))
        for f in board.on_map(state)
        if f.owner != seat and f.at
    ]
    return found + [(b, b.squares(), False) for b in state.buildings if b.owner != seat]


def options(state: State, fig: Figure, enemies: list[Foe] | None = None) -> list[Attack]:
    """Every legal attack of one figure: each target and number of dice (and red dice), the
    targets as :func:`targets` and :func:`stomped` find them; ``enemies`` is
    :func:`foes` of its owner, given when the caller asks for several figures."""
    if not may_attack(state, fig):
        return []
    if enemies is None:
        enemies = foes(state, fig.owner)
    budget = left(state)
    mine = fig.squares()
    flier = not {"flight", "jump"}.isdisjoint(board.abilities(state, fig))
    # each enemy: its distance, and whether a blow in base contact reaches it (T8, T12)
    near = [
        (target, geometry.attack_distance(mine, there), flier or not aloft)
        for target, there, aloft in enemies
    ]
    found: list[Attack] = []
    most = min(board.attack_stat(state, fig, "brawl")[0], budget)
    if most:
        for target, distance, reaches in near:
            if distance == 1 and reaches:
                found += [Attack(fig.id, "brawl", target.id, d) for d in range(1, most + 1)]
    most = min(board.attack_stat(state, fig, "blast")[0], budget)
    if most:
        low, high = board.blast_range(fig)
        for target, distance, _ in near:
            if distance != 1 and low <= distance <= high:
                found += [Attack(fig.id, "blast", target.id, d) for d in range(1, most + 1)]
    power = state.players[fig.owner].power
    most = min(board.attack_stat(state, fig, "power")[0], budget)
    if fig.kind != "monster" or power < 1 or not most:
        return found
    reds = range(min(MAX_EXTRA_POWER, power - 1) + 1)
    blows = [(t, reaches) for t, distance, reaches in near if distance == 1 and reaches]
    for target, _ in blows:
        if isinstance(target, Figure):
            found += [
                Attack(fig.id, "power", target.id, d, "slam", r)
                for d in range(1, most + 1)
                for r in reds
            ]
    if any(isinstance(t, Figure) and t.kind == "unit" for t, _ in blows):  # :func:`stomped`
        found += [
            Attack(fig.id, "power", "", d, "stomp", r) for d in range(1, most + 1) for r in reds
        ]
    return found


# --- resolution ----------------------------------------------------------------------------


def attack(state: State, seat: int, action: Attack) -> tuple[State, list[Event]]:
    """K2-K6: the dice rolled are spent; boost dice are rolled free; hits ≥ DEF deal 1 damage,
    hits ≥ 2 × DEF one more (super damage, I6)."""
    fig = figure(state, action.figure)
    new = spend(advance(state, "attack"), action.dice)
    new = with_figure(new, replace(fig, attacked=True))
    fig = figure(new, fig.id)
    boost = board.attack_stat(new, fig, action.kind)[1]
    if action.kind == "power":
        new = gain(new, seat, -(1 + action.power))
    faces, hit, rng = roll(new.rng, action.dice, boost, action.power)
    new = replace(new, rng=rng)
    event: Event = {"type": "attack", "seat": seat, "figure": fig.id, "kind": action.kind}
    event.update(manoeuvre=action.manoeuvre, target=action.target, rolled=faces, hits=hit)
    if action.manoeuvre == "stomp":
        return stomp(new, fig, hit, event)
    target_fig = next((f for f in new.figures if f.id == action.target), None)
    target: Figure | Building | None = target_fig or board.building(new, action.target)
    assert target is not None
    need = defense(new, target, fig, "brawl" if action.kind == "power" else action.kind)
    event["defense"] = need
    event["result"] = "hit" if hit >= need else "miss"
    if hit < need:
        return new, [event]
    super_damage = hit >= 2 * need
    if isinstance(target, Building):
        energy = fig.kind == "monster" and action.kind == "brawl"
        new, more = destroy_building(new, target, seat, energy)
        return new, [event, *more]
    pushed: list[Event] = []
    if action.manoeuvre == "slam" and target.kind == "monster":
        new, collided, pushed = slam(new, fig, target, hit - need, seat)
        super_damage = super_damage or collided
    new, more = hurt(new, figure(new, target.id), 1 + super_damage, seat)
    event["super"] = super_damage
    return new, [event, *pushed, *more]


def push_room(state: State, fig: Figure, target: Figure | Building, manoeuvre: str) -> int | None:
    """The squares a slam of ``fig`` may push ``target`` before a collision (None: it pushes
    nothing — a unit, a building, another attack — or collides with nothing within 3)."""
    if manoeuvre != "slam" or not isinstance(target, Figure) or target.kind != "monster":
        return None
    terrain = board.terrain_for(state, target)
    return geometry.push_room(target.squares()[0], target.size, fig.squares(), terrain)


def slam(
    state: State, fig: Figure, target: Figure, margin: int, seat: int
) -> tuple[State, bool, list[Event]]:
    """G3 (I13): pushed 1 + margin squares (at most 3) straight away from the attacker; a
    collision stops it and is a super damage; a building collided with is destroyed (+1)."""
    squares = min(geometry.MAX_PUSH, 1 + margin)
    terrain = board.terrain_for(state, target)
    start = target.squares()[0]
    end, hit = geometry.push_line(start, target.size, fig.squares(), squares, terrain)
    new = with_figure(state, replace(target, at=geometry.name(end)))
    events: list[Event] = [{"type": "pushed", "figure": target.id, "to": geometry.name(end)}]
    if hit == "building":
        step = geometry.push_direction(start, target.size, fig.squares())
        nxt = set(geometry.footprint((end[0] + step[0], end[1] + step[1]), target.size))
        for built in list(new.buildings):
            if nxt & set(built.squares()):
                new, more = destroy_building(new, built, seat, False)
                events += more
    return new, hit is not None, events


def stomp(state: State, fig: Figure, hit: int, event: Event) -> tuple[State, list[Event]]:
    """G4/K12/D6: every adjacent enemy unit whose DEF ≤ hits is crushed to the reserve, no
    ability of its own triggering; +1 power die each."""
    crushed = [u for u in stomped(state, fig) if board.printed_defense(u) <= hit]
    new = state
    for unit in crushed:
        new = with_figure(new, replace(unit, at="", moved=False, attacked=False))
    new = gain(new, fig.owner, len(crushed))
    event["crushed"] = [u.id for u in crushed]
    return new, [event]
