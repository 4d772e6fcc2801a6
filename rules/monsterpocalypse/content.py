"""Monsterpocalypse's original content as validated data: factions, figures, buildings, maps.

The rulebook describes kinds of figures and map features, never a list: every monster, unit,
building and map here is original (the bio-mechanical Titans against the alien Swarm, with the
Occult rising from hellmouths), named in Italian and English. The numbers live in
``data/*.json`` so the simulator can tune them without touching code.

:func:`load_content` reads every file, checks each item against the limits the rules put on it
(the "Content" section of the interfaces page: stat ranges, costs, army limits, maps with
foundations, start zones and objective spaces) and raises :class:`ContentError` naming the
file and the item of each problem, so a typo fails at import, never mid-game. The module
constants (:data:`FACTIONS`, :data:`UNITS`, :data:`MAPS` ...) are that load.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from rules.monsterpocalypse.geometry import (
    SIZE,
    Square,
    adjacent,
    footprint,
    footprint_in_bounds,
    name,
    parse,
)

DATA_DIR = Path(__file__).with_name("data")

LANGUAGES = ("en", "it")
NAME_MAX, TEXT_MAX = 40, 140
"""Longest name and text, in characters: a Discord list line and a map legend."""

SIDES = ("north", "south")
RANKS = ("grunt", "elite")
NEUTRAL = "occult"
"""The faction of the units spawned only from hellmouths; it has no monster and no army."""
RANGES: Mapping[str, tuple[int, int]] = MappingProxyType({"short": (2, 3), "long": (2, 5)})
"""Blast ranges by attack distance ("la semi-barra ... 2-3 spazi / la barra piena ... 2-5")."""
HAZARDS = ("ruins", "fire", "chemical", "radioactive", "hellmouth")
DAMAGING_HAZARDS = frozenset({"fire", "chemical", "radioactive"})
SPACE_KINDS = ("ability", "negative", "power", "boost", "teleporter", "spawn")
TIERS = ("primary", "secondary")
CARRIERS = ("monster", "unit", "building", "space")
"""What may carry an ability: a figure kind, a building, or an ability objective space."""
ABILITY_IDS = (
    "flight", "jump", "hazard_proof", "armored", "sharpshooter",
    "swift", "occult", "guard", "regenerate", "inspire",
)  # fmt: skip
"""The catalogue the engine implements, one ``test_ability_<id>`` each; nothing else."""

TERRAIN = MappingProxyType({".": "open", ",": "rough", "#": "impassable", "+": "cover"})
"""One character per square in a map file's ``terrain`` rows."""

# Limits (the interfaces page, "Content"; the rulebook's army and city limits).
SPEED, DEFENSE, DICE, BOOST = (1, 6), (2, 7), (0, 8), (0, 3)
COST, HEALTH, HYPER_COST, ENERGY = (1, 4), (4, 12), (2, 8), (1, 5)
CITY = (2, 12)
"""Buildings in a city: "la città può contenerne da 2 a 12"."""
ARMY_MAX, ELITE_MAX, SAME_GRUNT_MAX, SAME_BUILDING_MAX = 15, 5, 5, 5
BOOST_DICE = 4
"""Boost dice a player owns; a figure's boost plus ``sharpshooter``'s +1 must fit in them."""


class ContentError(ValueError):
    """The data files are broken; ``problems`` lists each as ``"<file>: <item>: <what>"``."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"invalid Monsterpocalypse content ({len(problems)} problems):\n{lines}")


def _no_text() -> Mapping[str, str]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Attack:
    """A stat line's attack: action dice rolled at most, boost dice rolled free with them."""

    dice: int
    boost: int = 0  # dice 0 = the figure has no such attack


@dataclass(frozen=True, slots=True)
class Form:
    """One form of a monster; each form has its own health track."""

    speed: int
    defense: int
    brawl: Attack
    blast: Attack
    blast_range: str  # "short" | "long" | "" (no blast)
    power: Attack
    health: int
    hyper_cost: int = 0  # alpha: 0
    abilities: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Monster:
    id: str
    faction: str
    names: Mapping[str, str]
    alpha: Form
    hyper: Form
    texts: Mapping[str, str] = field(default_factory=_no_text)  # added: a flavour line


@dataclass(frozen=True, slots=True)
class Unit:
    id: str
    faction: str
    rank: str  # "grunt" | "elite"
    names: Mapping[str, str]
    speed: int
    defense: int
    brawl: Attack
    blast: Attack
    blast_range: str
    cost: int
    abilities: tuple[str, ...] = ()
    texts: Mapping[str, str] = field(default_factory=_no_text)  # added: a flavour line


@dataclass(frozen=True, slots=True)
class Building:
    id: str
    names: Mapping[str, str]
    defense: int
    energy: int
    hazard: str  # one of HAZARDS: the token left when it is destroyed
    abilities: tuple[str, ...] = ()
    texts: Mapping[str, str] = field(default_factory=_no_text)  # added: a flavour line


@dataclass(frozen=True, slots=True)
class Space:
    """An objective space; ``owner`` is a side for an owned spawn space, "" when neutral."""

    square: Square
    kind: str
    ability: str = ""
    owner: str = ""
    activator: Square | None = None  # neutral spawn: the adjacent square that controls it


@dataclass(frozen=True, slots=True)
class Map:
    id: str
    names: Mapping[str, str]
    size: int
    buildings: int
    rough: frozenset[Square]
    impassable: frozenset[Square]
    cover: frozenset[Square]
    foundations: tuple[tuple[Square, str], ...]  # (anchor, "primary" | "secondary")
    start: Mapping[str, frozenset[Square]]  # side -> squares a monster's 2x2 must lie in
    spaces: tuple[Space, ...]
    texts: Mapping[str, str] = field(default_factory=_no_text)  # added: a flavour line


@dataclass(frozen=True, slots=True)
class Faction:
    id: str
    names: Mapping[str, str]
    monster: str
    preset: tuple[str, ...]  # unit ids, a legal army
    texts: Mapping[str, str] = field(default_factory=_no_text)  # added: a flavour line


@dataclass(frozen=True, slots=True)
class AbilityInfo:
    id: str
    names: Mapping[str, str]
    texts: Mapping[str, str]
    kinds: tuple[str, ...]  # which of CARRIERS may carry it


@dataclass(frozen=True, slots=True)
class Content:
    abilities: Mapping[str, AbilityInfo]
    factions: Mapping[str, Faction]
    monsters: Mapping[str, Monster]
    units: Mapping[str, Unit]
    buildings: Mapping[str, Building]
    maps: Mapping[str, Map]


# ---------------------------------------------------------------------------------------------
# Reading: JSON -> dataclasses; a wrong JSON type raises TypeError, reported against the item.


def _typed(value: Any, kind: type, what: str) -> Any:
    if type(value) is not kind:
        raise TypeError(f"{what} must be {kind.__name__}, got {value!r}")
    return value


def _only(raw: Any, keys: Iterable[str], what: str) -> dict[str, Any]:
    """The object ``raw``, with no key outside ``keys`` (a typo'd key is an error, not ignored)."""
    obj: dict[str, Any] = _typed(raw, dict, what)
    unknown = set(obj) - set(keys)
    if unknown:
        raise TypeError(f"{what}: unknown fields {sorted(unknown)}")
    return obj


def _language_map(value: Any, what: str) -> Mapping[str, str]:
    if not isinstance(value, dict) or sorted(value) != sorted(LANGUAGES):
        raise TypeError(f"{what} must be an object with exactly {list(LANGUAGES)}")
    return MappingProxyType({lang: _typed(value[lang], str, what) for lang in LANGUAGES})


def _strings(value: Any, what: str) -> tuple[str, ...]:
    return tuple(_typed(v, str, what) for v in _typed(value, list, what))


def _attack(value: Any, what: str) -> Attack:
    pair = _typed(value, list, what)
    if len(pair) != 2:
        raise TypeError(f"{what} must be [dice, boost], got {value!r}")
    return Attack(_typed(pair[0], int, what), _typed(pair[1], int, what))


def _square(value: Any, what: str) -> Square:
    try:
        return parse(_typed(value, str, what))
    except ValueError as error:
        raise TypeError(f"{what}: {error}") from None


_FORM_KEYS = ("speed", "defense", "brawl", "blast", "blast_range", "power", "health")


def _form(raw: Any, what: str) -> Form:
    obj = _only(raw, (*_FORM_KEYS, "hyper_cost", "abilities"), what)
    return Form(
        speed=_typed(obj["speed"], int, "speed"),
        defense=_typed(obj["defense"], int, "defense"),
        brawl=_attack(obj["brawl"], "brawl"),
        blast=_attack(obj["blast"], "blast"),
        blast_range=_typed(obj["blast_range"], str, "blast_range"),
        power=_attack(obj["power"], "power"),
        health=_typed(obj["health"], int, "health"),
        hyper_cost=_typed(obj.get("hyper_cost", 0), int, "hyper_cost"),
        abilities=_strings(obj.get("abilities", []), "abilities"),
    )


def _monster(raw: Any) -> Monster:
    obj = _only(raw, ("id", "faction", "names", "texts", "alpha", "hyper"), "monster")
    return Monster(
        id=_typed(obj["id"], str, "id"),
        faction=_typed(obj["faction"], str, "faction"),
        names=_language_map(obj["names"], "names"),
        alpha=_form(obj["alpha"], "alpha"),
        hyper=_form(obj["hyper"], "hyper"),
        texts=_language_map(obj["texts"], "texts"),
    )


_UNIT_KEYS = ("id", "faction", "rank", "names", "texts", "speed", "defense", "brawl", "blast")


def _unit(raw: Any) -> Unit:
    obj = _only(raw, (*_UNIT_KEYS, "blast_range", "cost", "abilities"), "unit")
    return Unit(
        id=_typed(obj["id"], str, "id"),
        faction=_typed(obj["faction"], str, "faction"),
        rank=_typed(obj["rank"], str, "rank"),
        names=_language_map(obj["names"], "names"),
        speed=_typed(obj["speed"], int, "speed"),
        defense=_typed(obj["defense"], int, "defense"),
        brawl=_attack(obj["brawl"], "brawl"),
        blast=_attack(obj["blast"], "blast"),
        blast_range=_typed(obj["blast_range"], str, "blast_range"),
        cost=_typed(obj["cost"], int, "cost"),
        abilities=_strings(obj.get("abilities", []), "abilities"),
        texts=_language_map(obj["texts"], "texts"),
    )


def _building(raw: Any) -> Building:
    keys = ("id", "names", "texts", "defense", "energy", "hazard", "abilities")
    obj = _only(raw, keys, "building")
    return Building(
        id=_typed(obj["id"], str, "id"),
        names=_language_map(obj["names"], "names"),
        defense=_typed(obj["defense"], int, "defense"),
        energy=_typed(obj["energy"], int, "energy"),
        hazard=_typed(obj["hazard"], str, "hazard"),
        abilities=_strings(obj.get("abilities", []), "abilities"),
        texts=_language_map(obj["texts"], "texts"),
    )


def _faction(raw: Any) -> Faction:
    obj = _only(raw, ("id", "names", "texts", "monster", "preset"), "faction")
    return Faction(
        id=_typed(obj["id"], str, "id"),
        names=_language_map(obj["names"], "names"),
        monster=_typed(obj["monster"], str, "monster"),
        preset=_strings(obj["preset"], "preset"),
        texts=_language_map(obj["texts"], "texts"),
    )


def _ability(raw: Any) -> AbilityInfo:
    obj = _only(raw, ("id", "names", "texts", "kinds"), "ability")
    return AbilityInfo(
        id=_typed(obj["id"], str, "id"),
        names=_language_map(obj["names"], "names"),
        texts=_language_map(obj["texts"], "texts"),
        kinds=_strings(obj["kinds"], "kinds"),
    )


def _rectangle(value: Any, what: str) -> frozenset[Square]:
    """A start zone written as its corners, "D1:I2" (every square between them)."""
    corners = _typed(value, str, what).split(":")
    if len(corners) != 2:
        raise TypeError(f"{what} must be 'A1:B2', got {value!r}")
    (c0, r0), (c1, r1) = (_square(corner, what) for corner in corners)
    cols, rows = range(min(c0, c1), max(c0, c1) + 1), range(min(r0, r1), max(r0, r1) + 1)
    return frozenset((c, r) for c in cols for r in rows)


def _space(raw: Any) -> Space:
    obj = _only(raw, ("at", "kind", "ability", "owner", "activator"), "space")
    activator = obj.get("activator")
    return Space(
        square=_square(obj["at"], "at"),
        kind=_typed(obj["kind"], str, "kind"),
        ability=_typed(obj.get("ability", ""), str, "ability"),
        owner=_typed(obj.get("owner", ""), str, "owner"),
        activator=None if activator is None else _square(activator, "activator"),
    )


def _terrain(rows: tuple[str, ...]) -> dict[str, frozenset[Square]]:
    """The ``terrain`` rows as squares by kind; an unknown character is an error."""
    found: dict[str, set[Square]] = {kind: set() for kind in TERRAIN.values()}
    for row, line in enumerate(rows):
        for col, char in enumerate(line):
            if char not in TERRAIN:
                raise TypeError(f"terrain {name((col, row))}: unknown {char!r} (want {TERRAIN})")
            found[TERRAIN[char]].add((col, row))
    return {kind: frozenset(squares) for kind, squares in found.items()}


def _map(raw: Any) -> Map:
    keys = ("id", "names", "texts", "buildings", "terrain", "foundations", "start", "spaces")
    obj = _only(raw, keys, "map")
    rows = _strings(obj["terrain"], "terrain")
    if len(rows) != SIZE or any(len(line) != SIZE for line in rows):
        raise TypeError(f"terrain must be {SIZE} rows of {SIZE} squares")
    terrain = _terrain(rows)
    foundations = []
    for entry in _typed(obj["foundations"], list, "foundations"):
        found = _only(entry, ("at", "tier"), "foundation")
        foundations.append((_square(found["at"], "at"), _typed(found["tier"], str, "tier")))
    start = _only(obj["start"], SIDES, "start")
    return Map(
        id=_typed(obj["id"], str, "id"),
        names=_language_map(obj["names"], "names"),
        size=SIZE,
        buildings=_typed(obj["buildings"], int, "buildings"),
        rough=terrain["rough"],
        impassable=terrain["impassable"],
        cover=terrain["cover"],
        foundations=tuple(foundations),
        start=MappingProxyType({side: _rectangle(start[side], side) for side in SIDES}),
        spaces=tuple(_space(s) for s in _typed(obj["spaces"], list, "spaces")),
        texts=_language_map(obj["texts"], "texts"),
    )


# ---------------------------------------------------------------------------------------------
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


def army_problems(
    faction_id: str, unit_ids: Iterable[str], known: Content | None = None
) -> list[str]:
    """Why ``unit_ids`` is not a legal army for the faction (empty when it is).

    "massimo 15 unità, ma non più di 5 elité e non più di 5 unità Grunt con lo stesso nome";
    any faction's units may join (at +1 cost when spawned), never the occult ones.
    """
    known = known or CONTENT
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
    problems += [f"{u.id} is spawned only from hellmouths" for u in listed if u.faction == NEUTRAL]
    return problems


def spawn_cost(unit_id: str, faction_id: str, known: Content | None = None) -> int:
    """A unit's cost in action dice for a player of ``faction_id``: +1 for another faction's."""
    unit = (known or CONTENT).units[unit_id]
    return unit.cost + (unit.faction != faction_id)


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


# ---------------------------------------------------------------------------------------------
# Loading.

_FILES: tuple[tuple[str, str, Callable[[Any], Any]], ...] = (
    ("abilities.json", "abilities", _ability),
    ("factions.json", "factions", _faction),
    ("monsters.json", "monsters", _monster),
    ("units.json", "units", _unit),
    ("buildings.json", "buildings", _building),
)
_CHECKS: Mapping[str, Callable[[Any, Content], Check]] = MappingProxyType(
    {
        "factions": _check_faction,
        "monsters": _check_monster,
        "units": _check_unit,
        "buildings": _check_building,
        "maps": _check_map,
    }
)


def _read(path: Path, fail: Callable[[str], None]) -> Any:
    try:
        with path.open(encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, ValueError) as error:
        fail(f"{path.name}: cannot read: {error}")
        return None


def _items(
    raw: Any, file: str, key: str, make: Callable[[Any], Any], fail: Callable[[str], None]
) -> dict[str, tuple[str, Any]]:
    """Each entry of ``raw[key]`` made into its dataclass, by id, with the file it came from."""
    found: dict[str, tuple[str, Any]] = {}
    try:
        entries = _typed(raw[key], list, key) if key else [raw]
    except (KeyError, TypeError) as error:
        fail(f"{file}: malformed: {type(error).__name__}: {error}")
        return found
    for n, entry in enumerate(entries, start=1):
        label = entry.get("id", f"#{n}") if isinstance(entry, dict) else f"#{n}"
        try:
            item = make(entry)
        except (KeyError, TypeError) as error:
            fail(f"{file}: {label}: malformed: {type(error).__name__}: {error}")
            continue
        if item.id in found:
            fail(f"{file}: {item.id}: repeated id")
        found[item.id] = (file, item)
    return found


def load_content(directory: Path = DATA_DIR) -> Content:
    """Read and validate the content in ``directory``; :class:`ContentError` lists every problem."""
    return _load(directory.resolve())


@cache
def _load(directory: Path) -> Content:
    problems: list[str] = []
    tables: dict[str, dict[str, tuple[str, Any]]] = {}
    for file, key, make in _FILES:
        raw = _read(directory / file, problems.append)
        tables[key] = {} if raw is None else _items(raw, file, key, make, problems.append)
    tables["maps"] = {}
    for path in sorted(directory.glob("map_*.json")):
        raw = _read(path, problems.append)
        if raw is not None:
            tables["maps"].update(_items(raw, path.name, "", _map, problems.append))
    known = Content(
        **{
            key: MappingProxyType({i: item for i, (_, item) in table.items()})
            for key, table in tables.items()
        }
    )
    problems += _check_catalogue(known)
    for key, check in _CHECKS.items():
        for file, item in tables[key].values():
            problems += [f"{file}: {item.id}: {p}" for ok, p in check(item, known) if not ok]
    if problems:
        raise ContentError(problems)
    return known


def _check_catalogue(known: Content) -> list[str]:
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


CONTENT: Content = load_content()
"""The game's content from the package data, loaded and validated at import."""
ABILITIES: Mapping[str, AbilityInfo] = CONTENT.abilities
FACTIONS: Mapping[str, Faction] = CONTENT.factions
MONSTERS: Mapping[str, Monster] = CONTENT.monsters
UNITS: Mapping[str, Unit] = CONTENT.units
BUILDINGS: Mapping[str, Building] = CONTENT.buildings
MAPS: Mapping[str, Map] = CONTENT.maps


def _lookup(table: Mapping[str, Any], kind: str, key: str) -> Any:
    try:
        return table[key]
    except KeyError:
        raise ContentError([f"no {kind} {key!r}"]) from None


def faction(faction_id: str) -> Faction:
    """The faction ``faction_id``; :class:`ContentError` when there is none."""
    found: Faction = _lookup(FACTIONS, "faction", faction_id)
    return found


def monster(monster_id: str) -> Monster:
    """The monster ``monster_id``; :class:`ContentError` when there is none."""
    found: Monster = _lookup(MONSTERS, "monster", monster_id)
    return found


def unit(unit_id: str) -> Unit:
    """The unit type ``unit_id``; :class:`ContentError` when there is none."""
    found: Unit = _lookup(UNITS, "unit", unit_id)
    return found


def building(building_id: str) -> Building:
    """The building type ``building_id``; :class:`ContentError` when there is none."""
    found: Building = _lookup(BUILDINGS, "building", building_id)
    return found


def map_(map_id: str) -> Map:
    """The map ``map_id``; :class:`ContentError` when there is none."""
    found: Map = _lookup(MAPS, "map", map_id)
    return found
