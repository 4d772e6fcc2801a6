"""What the board says about a figure now: its form, abilities and stats, what stands where,
the terrain one mover sees, cover, objective spaces held and buildings secured.

Why one module: movement, attacks, spawns, the power-up and the views all ask these questions,
and every answer looks at every square of a footprint (2×2 monsters and buildings).
"""

from __future__ import annotations

from functools import lru_cache

from rules.monsterpocalypse import content, geometry
from rules.monsterpocalypse.geometry import Square
from rules.monsterpocalypse.model import Building, Figure, State, sq

HURTING = frozenset({"fire", "chemical", "radioactive"})


def form(fig: Figure) -> content.Form:
    """A monster's form in play."""
    beast = content.monster(fig.type)
    return beast.hyper if fig.form == "hyper" else beast.alpha


def space_at(state: State, square: Square) -> content.Space | None:
    return _spaces(state.map).get(square)


@lru_cache(maxsize=8)
def _spaces(map_id: str) -> dict[Square, content.Space]:
    """A map's objective spaces by square, the first listed where two share one (asked for
    every figure at every legal-move list: a scan of the map's spaces each time added up)."""
    found: dict[Square, content.Space] = {}
    for space in content.map_(map_id).spaces:
        found.setdefault(space.square, space)
    return found


def holds_space(state: State, fig: Figure) -> content.Space | None:
    """O1/O2/T9: the objective space a unit uses (never a monster, never a flyer)."""
    if fig.kind != "unit" or not fig.at or "flight" in content.unit(fig.type).abilities:
        return None
    return space_at(state, sq(fig.at))


def abilities(state: State, fig: Figure) -> tuple[str, ...]:
    """Printed abilities, plus an ability space's while a unit stands on it (O3)."""
    if fig.kind == "monster":
        return form(fig).abilities
    own = content.unit(fig.type).abilities
    space = holds_space(state, fig)
    if space is not None and space.kind == "ability" and space.ability not in own:
        return (*own, space.ability)
    return own


def speed(state: State, fig: Figure) -> int:
    base = form(fig).speed if fig.kind == "monster" else content.unit(fig.type).speed
    return base + ("swift" in abilities(state, fig))


def printed_defense(fig: Figure) -> int:
    return form(fig).defense if fig.kind == "monster" else content.unit(fig.type).defense


def attack_stat(state: State, fig: Figure, kind: str) -> tuple[int, int]:
    """(max action dice, boost dice) of one attack kind; ``inspire`` +1 brawl die,
    ``sharpshooter`` +1 boost die on blasts."""
    stats = form(fig) if fig.kind == "monster" else content.unit(fig.type)
    if kind == "power":
        if fig.kind != "monster":
            return 0, 0
        return form(fig).power.dice, form(fig).power.boost
    attack = stats.brawl if kind == "brawl" else stats.blast
    if attack.dice == 0:
        return 0, 0
    held = abilities(state, fig)
    if kind == "brawl":
        return attack.dice + ("inspire" in held), attack.boost
    return attack.dice, attack.boost + ("sharpshooter" in held)


def blast_range(fig: Figure) -> tuple[int, int]:
    stats = form(fig) if fig.kind == "monster" else content.unit(fig.type)
    return content.RANGES.get(stats.blast_range, (0, -1))


def on_map(state: State) -> list[Figure]:
    return [f for f in state.figures if f.at]


def flies(state: State, fig: Figure) -> bool:
    return "flight" in abilities(state, fig)


def building(state: State, bid: str) -> Building | None:
    return next((b for b in state.buildings if b.id == bid), None)


def taken_squares(state: State, but: str = "") -> set[Square]:
    """Every square a figure or a building covers (but one figure's)."""
    found = {s for f in on_map(state) if f.id != but for s in f.squares()}
    return found | {s for b in state.buildings for s in b.squares()}


def terrain_for(state: State, fig: Figure) -> geometry.Terrain:
    """The grid as ``fig`` moves or runs on it (M5, T1-T3, O6, X3): rough 2 (runs too: the
    lead's decision 1; 1 for flyers and jumpers, who "considera tutti i terreni come
    traversabili"), boost spaces 0 for units; buildings and enemy figures block; every other
    figure and building may not be ended on; the hurting hazard tokens, unless
    ``hazard_proof``."""
    game_map = content.map_(state.map)
    held = abilities(state, fig)
    over = "flight" in held or "jump" in held
    cost: dict[Square, int] = {}
    if not over:
        cost.update(dict.fromkeys(game_map.rough, 2))
    if fig.kind == "unit" and "flight" not in held:
        cost.update({s.square: 0 for s in game_map.spaces if s.kind == "boost"})
    builds = frozenset(s for b in state.buildings for s in b.squares())
    enemies = frozenset(s for f in on_map(state) if f.owner != fig.owner for s in f.squares())
    friends = frozenset(
        s for f in on_map(state) if f.owner == fig.owner and f.id != fig.id for s in f.squares()
    )
    hazards: dict[Square, str] = {}
    if "hazard_proof" not in held:
        for token in state.hazards:
            if token.kind in HURTING:
                hazards.update(dict.fromkeys(token.squares(), f"{token.kind}@{token.id}"))
    return geometry.Terrain(
        size=game_map.size,
        cost=cost,
        impassable=game_map.impassable,
        blocked=builds | enemies,
        occupied=builds | enemies | friends,
        hazards=hazards,
        buildings=builds,
    )


def has_cover(state: State, target: Figure, attacker: Figure) -> bool:
    """T4-T6: a unit (never a monster, never a flyer) on a cover square, or adjacent to a
    monster or building other than the attacker, or to an own ``guard`` unit: +1 at most."""
    if target.kind != "unit" or flies(state, target):
        return False
    squares = target.squares()
    if set(squares) & content.map_(state.map).cover:
        return True
    for other in on_map(state):
        if other.id in (target.id, attacker.id):
            continue
        if not geometry.adjacent(squares, other.squares()):
            continue
        if other.kind == "monster":
            return True
        if other.owner == target.owner and "guard" in abilities(state, other):
            return True
    return any(geometry.adjacent(squares, b.squares()) for b in state.buildings)


def secured_by(state: State, built: Building) -> int | None:
    """X5/T9: the player with ≥ 3 non-flying units adjacent to the building and no enemy unit
    adjacent. A flyer never counts toward the three (a building is an objective, and flyers hold
    none: «Miniature che volano non possono presidiare obbiettivi») but an enemy flyer contests
    it: «senza che lo siano anche quelle nemiche» names every enemy unit, and flyers «possono
    occuparli per impedire all'avversario di farlo». Monsters count neither way."""
    return _securer(built, _holders(state))


def securers(state: State) -> dict[str, int | None]:
    """:func:`secured_by` of every building, each unit's flight looked up once (the bot asks
    for every building at every decision of a unit activation: asked one building at a time,
    it was a fifth of a playout step; issue 28)."""
    holders = _holders(state)
    return {b.id: _securer(b, holders) for b in state.buildings}


_Holder = tuple[int, tuple[Square, ...], bool]
"""A unit on the map as securing sees it: (owner, squares, whether it flies)."""


def _holders(state: State) -> list[_Holder]:
    """The units on the map, each with its flight looked up once: all of them may contest a
    building, those not flying may also secure it."""
    return [(f.owner, f.squares(), flies(state, f)) for f in on_map(state) if f.kind == "unit"]


def _securer(built: Building, holders: list[_Holder]) -> int | None:
    there = built.squares()
    near = [
        (owner, flying) for owner, squares, flying in holders if geometry.adjacent(squares, there)
    ]
    for seat in (0, 1):
        holding = sum(1 for owner, flying in near if owner == seat and not flying)
        if holding >= 3 and all(owner == seat for owner, _ in near):
            return seat
    return None


def spaces_held(state: State, seat: int, kind: str) -> int:
    """How many objective spaces of one kind the seat's units use (each counted once)."""
    found = set()
    for fig in on_map(state):
        space = holds_space(state, fig)
        if fig.owner == seat and space is not None and space.kind == kind:
            found.add(space.square)
    return len(found)


def controls_spawn(state: State, seat: int, space: content.Space) -> bool:
    """O8/O9/T9: a side's spawn spaces are its seat's; a neutral one is the seat's while one
    of its units that does not fly stands on the activator (flyers hold no objective)."""
    if space.kind != "spawn":
        return False
    if space.owner:
        return state.players[seat].side == space.owner
    if space.activator is None:
        return False
    return any(
        f.owner == seat and f.kind == "unit" and sq(f.at) == space.activator and not flies(state, f)
        for f in on_map(state)
    )
