"""Checking Monsterpocalypse's content against the limits the rules put on it.

Each ``_check_*`` yields ``(ok, problem)`` pairs for one item; the loader keeps the failures and
names the file and the item. The limits are in :mod:`.schema`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Any

from rules.monsterpocalypse.content.schema import (
    ABILITY_IDS,
    ARMY_MAX,
    BOOST,
    CARRIERS,
    CITY,
    COST,
    DEFENSE,
    DICE,
    ELITE_MAX,
    ENERGY,
    HAZARDS,
    HEALTH,
    HYPER_COST,
    LANGUAGES,
    NAME_MAX,
    NEUTRAL,
    RANGES,
    RANKS,
    SAME_GRUNT_MAX,
    SIDES,
    SPACE_KINDS,
    SPEED,
    TEXT_MAX,
    TIERS,
    Attack,
    Building,
    Content,
    Faction,
    Form,
    Map,
    Monster,
    Space,
    Unit,
)  # fmt: skip
from rules.monsterpocalypse.geometry import Square, adjacent, footprint, footprint_in_bounds, name

# Checking: each function yields (ok, problem) pairs for one item; the loader keeps the failures.

Check = Iterator[tuple[bool, str]]


def _within(value: int, bounds: tuple[int, int], what: str) -> tuple[bool, str]:
    low, high = bounds
    return low <= value <= high, f"{what} {value} outside {low}..{high}"


def _check_text(names: Mapping[str, str], texts: Mapping[str, str]) -> Check:
    for lang in LANGUAGES:
        shown, text = names[lang].strip(), texts[lang].strip()
        yield 0 < len(shown) <= NAME_MAX, f"name ({lang}) empty or longer than {NAME_MAX}"
        yield 0 < len(text) <= TEXT_MAX, f"text ({lang}) empty or longer than {TEXT_MAX}"


def _check_abilities(held: tuple[str, ...], carrier: str, abilities: Mapping[str, Any]) -> Check:
    yield len(set(held)) == len(held), f"repeated ability in {held}"
    for ability in held:
        info = abilities.get(ability)
        yield info is not None, f"unknown ability {ability!r}"
        if info is not None:
            yield carrier in info.kinds, f"ability {ability!r} is not for a {carrier}"


def _check_attacks(brawl: Attack, blast: Attack, blast_range: str) -> Check:
    """Brawl always; blast optional, with a range exactly when it has dice."""
    for kind, attack in (("brawl", brawl), ("blast", blast)):
        yield _within(attack.dice, DICE, f"{kind} dice")
        yield _within(attack.boost, BOOST, f"{kind} boost")
        yield attack.dice > 0 or attack.boost == 0, f"{kind}: boost dice without action dice"
    yield brawl.dice >= 1, "every figure can brawl"
    if blast.dice:
        yield blast_range in RANGES, f"blast range {blast_range!r} not in {tuple(RANGES)}"
    else:
        yield blast_range == "", "no blast dice, so no blast range"


def _check_form(form: Form, which: str, abilities: Mapping[str, Any]) -> Check:
    for ok, problem in (
        _within(form.speed, SPEED, "speed"),
        _within(form.defense, DEFENSE, "DEF"),
        _within(form.health, HEALTH, "health"),
        _within(form.power.dice, DICE, "power dice"),
        _within(form.power.boost, BOOST, "power boost"),
        *_check_attacks(form.brawl, form.blast, form.blast_range),
        *_check_abilities(form.abilities, "monster", abilities),
    ):
        yield ok, f"{which}: {problem}"
    yield form.power.dice >= 1, f"{which}: a monster has a power attack"
    if which == "alpha":
        yield form.hyper_cost == 0, "alpha: hyper_cost must be 0"
    else:
        yield _within(form.hyper_cost, HYPER_COST, "hyper: hyper_cost")


def _check_monster(monster: Monster, known: Content) -> Check:
    yield from _check_text(monster.names, monster.texts)
    yield monster.faction in known.factions, f"unknown faction {monster.faction!r}"
    yield from _check_form(monster.alpha, "alpha", known.abilities)
    yield from _check_form(monster.hyper, "hyper", known.abilities)


def _check_unit(unit: Unit, known: Content) -> Check:
    yield from _check_text(unit.names, unit.texts)
    yield unit.faction in (*known.factions, NEUTRAL), f"unknown faction {unit.faction!r}"
    yield unit.rank in RANKS, f"rank {unit.rank!r} not in {RANKS}"
    yield _within(unit.speed, SPEED, "speed")
    yield _within(unit.defense, DEFENSE, "DEF")
    yield _within(unit.cost, COST, "cost")
    yield from _check_attacks(unit.brawl, unit.blast, unit.blast_range)
    yield from _check_abilities(unit.abilities, "unit", known.abilities)
    occult = "occult" in unit.abilities
    yield occult == (unit.faction == NEUTRAL), "ability occult exactly on the occult units"


def _check_building(building: Building, known: Content) -> Check:
    yield from _check_text(building.names, building.texts)
    yield _within(building.defense, DEFENSE, "DEF")
    yield _within(building.energy, ENERGY, "energy")
    yield building.hazard in HAZARDS, f"hazard {building.hazard!r} not in {HAZARDS}"
    yield from _check_abilities(building.abilities, "building", known.abilities)


def army_problems(faction_id: str, unit_ids: Iterable[str], known: Content) -> list[str]:
    """Why ``unit_ids`` is not a legal army for the faction (empty when it is).

    "massimo 15 unità, ma non più di 5 elité e non più di 5 unità Grunt con lo stesso nome";
    any faction's units may join (at +1 cost when spawned), the Occult ones too (counted in
    the 15; only a hellmouth spawns them).
    """
    units = list(unit_ids)
    problems = []
    if faction_id not in known.factions:
        problems.append(f"unknown faction {faction_id!r}")
    unknown = [u for u in units if u not in known.units]
    problems += [f"unknown unit {u!r}" for u in unknown]
    listed = [known.units[u] for u in units if u in known.units]
    if len(units) > ARMY_MAX:
        problems.append(f"{len(units)} units, at most {ARMY_MAX}")
    elites = sum(1 for u in listed if u.rank == "elite")
    if elites > ELITE_MAX:
        problems.append(f"{elites} elites, at most {ELITE_MAX}")
    grunts = Counter(u.id for u in listed if u.rank == "grunt")
    problems += [
        f"{n} × {g}, at most {SAME_GRUNT_MAX}" for g, n in grunts.items() if n > SAME_GRUNT_MAX
    ]
    return problems


def _check_faction(faction: Faction, known: Content) -> Check:
    yield from _check_text(faction.names, faction.texts)
    yield faction.id != NEUTRAL, f"{NEUTRAL!r} is the neutral unit set, not a faction"
    monster = known.monsters.get(faction.monster)
    yield monster is not None, f"unknown monster {faction.monster!r}"
    if monster is not None:
        yield monster.faction == faction.id, f"monster {monster.id!r} is not of this faction"
    for problem in army_problems(faction.id, faction.preset, known):
        yield False, f"preset: {problem}"


def _fits_monster(zone: frozenset[Square], blocked: frozenset[Square]) -> bool:
    """Whether some 2×2 lies wholly inside ``zone`` and off ``blocked`` squares."""
    return any(set(footprint(a, 2)) <= zone and not set(footprint(a, 2)) & blocked for a in zone)


def _check_start(game_map: Map) -> Check:
    """Start zones: north in the top rows, south in the bottom rows, room for a monster."""
    for side in SIDES:
        zone = game_map.start[side]
        edge = 0 if side == "north" else game_map.size - 1
        yield any(row == edge for _, row in zone), f"start {side}: not on its edge row"
        half = {r for _, r in zone} <= set(
            range(game_map.size // 2)
            if side == "north"
            else range(game_map.size // 2, game_map.size)
        )
        yield half, f"start {side}: outside its half of the map"
        yield _fits_monster(zone, game_map.impassable), f"start {side}: no room for a 2×2 monster"
    yield not game_map.start["north"] & game_map.start["south"], "start zones overlap"


def _touches(squares: tuple[Square, ...], zone: frozenset[Square]) -> bool:
    """Whether a footprint lies on or next to a (rectangular) zone."""
    return bool(set(squares) & zone) or adjacent(squares, zone)


def _check_foundations(game_map: Map, spaces: set[Square]) -> Check:
    """Foundations: 2×2 inside the map, apart from each other, start zones and spaces."""
    built: set[Square] = set()
    for anchor, tier in game_map.foundations:
        label = f"foundation {name(anchor)}"
        squares = footprint(anchor, 2)
        yield tier in TIERS, f"{label}: tier {tier!r} not in {TIERS}"
        yield footprint_in_bounds(anchor, 2, game_map.size), f"{label}: off the map"
        yield not built & set(squares), f"{label}: overlaps another foundation"
        yield not set(squares) & game_map.impassable, f"{label}: on impassable terrain"
        yield not set(squares) & spaces, f"{label}: on an objective space or activator"
        touching = any(_touches(squares, zone) for zone in game_map.start.values())
        yield not touching, f"{label}: on or touching a start zone"
        built |= set(squares)
    yield _within(game_map.buildings, CITY, "buildings")
    yield len(game_map.foundations) >= game_map.buildings, "fewer foundations than buildings"


def _check_space(space: Space, game_map: Map, abilities: Mapping[str, Any]) -> Check:
    label = f"space {name(space.square)}"
    yield space.kind in SPACE_KINDS, f"{label}: kind {space.kind!r} not in {SPACE_KINDS}"
    yield space.square not in game_map.impassable, f"{label}: on impassable terrain"
    if space.kind == "ability":
        for ok, problem in _check_abilities((space.ability,), "space", abilities):
            yield ok, f"{label}: {problem}"
    else:
        yield space.ability == "", f"{label}: only an ability space names an ability"
    if space.kind != "spawn":
        yield (
            space.owner == "" and space.activator is None,
            f"{label}: owner/activator on a {space.kind}",
        )
        return
    yield space.owner in ("", *SIDES), f"{label}: owner {space.owner!r} not in {SIDES} or ''"
    yield (
        (space.activator is None) == (space.owner != ""),
        f"{label}: an activator exactly when neutral",
    )
    if space.activator is not None:
        yield adjacent([space.square], [space.activator]), f"{label}: activator not adjacent"
        yield (
            space.activator not in game_map.impassable,
            f"{label}: activator on impassable terrain",
        )


def _check_map(game_map: Map, known: Content) -> Check:
    yield from _check_text(game_map.names, game_map.texts)
    yield from _check_start(game_map)
    squares = [s.square for s in game_map.spaces]
    yield len(set(squares)) == len(squares), "two spaces on one square"
    activators = {s.activator for s in game_map.spaces if s.activator is not None}
    yield not activators & set(squares), "an activator on an objective space"
    starts = game_map.start["north"] | game_map.start["south"]
    yield not set(squares) & starts, "an objective space in a start zone"
    yield from _check_foundations(game_map, set(squares) | activators)
    for space in game_map.spaces:
        yield from _check_space(space, game_map, known.abilities)
    kinds = Counter(s.kind for s in game_map.spaces)
    yield all(kinds[k] for k in SPACE_KINDS), f"missing space kinds {set(SPACE_KINDS) - set(kinds)}"
    yield kinds["teleporter"] >= 2, "fewer than 2 teleporters"
    for owner in (*SIDES, ""):
        spawns = sum(1 for s in game_map.spaces if s.kind == "spawn" and s.owner == owner)
        yield spawns >= (2 if owner else 1), f"too few spawn spaces of {owner or 'neutral'}"


CHECKS: Mapping[str, Callable[[Any, Content], Check]] = MappingProxyType(
    {
        "factions": _check_faction,
        "monsters": _check_monster,
        "units": _check_unit,
        "buildings": _check_building,
        "maps": _check_map,
    }
)
"""The check of each table."""


def check_catalogue(known: Content) -> list[str]:
    """The ability catalogue is exactly the Decisions' list, each with its carriers."""
    problems = []
    if sorted(known.abilities) != sorted(ABILITY_IDS):
        problems.append(f"abilities.json: ids {sorted(known.abilities)} != {sorted(ABILITY_IDS)}")
    for info in known.abilities.values():
        problems += [
            f"abilities.json: {info.id}: {p}"
            for ok, p in _check_text(info.names, info.texts)
            if not ok
        ]
        if not info.kinds or not set(info.kinds) <= set(CARRIERS):
            problems.append(f"abilities.json: {info.id}: kinds {info.kinds} not within {CARRIERS}")
    return problems
