"""Monsterpocalypse's original content as validated data: factions, figures, buildings, maps.

The rulebook describes kinds of figures and map features, never a list: every monster, unit,
building and map here is original (the bio-mechanical Titans against the alien Swarm, with the
Occult rising from hellmouths), named in Italian and English. The numbers live in
``rules/monsterpocalypse/data/*.json`` (one file per table, one ``map_<id>.json`` per map) so the
simulator can tune them without touching code.

:func:`load_content` reads every file, checks each item against the limits the rules put on it
(:mod:`.checks`: stat ranges, costs, army limits, maps with foundations, start zones and
objective spaces, the ability catalogue) and raises :class:`ContentError` naming the file and
the item of each problem, so a typo fails at import, never mid-game. The module constants
(:data:`FACTIONS`, :data:`UNITS`, :data:`MAPS` ...) are that load.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from rules.monsterpocalypse.content import checks
from rules.monsterpocalypse.content.reading import READERS, typed
from rules.monsterpocalypse.content.schema import (
    ABILITY_IDS,
    ARMY_MAX,
    BOOST,
    BOOST_DICE,
    CARRIERS,
    CITY,
    COST,
    DAMAGING_HAZARDS,
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
    SAME_BUILDING_MAX,
    SAME_GRUNT_MAX,
    SIDES,
    SPACE_KINDS,
    SPEED,
    TERRAIN,
    TEXT_MAX,
    TIERS,
    AbilityInfo,
    Attack,
    Building,
    Content,
    ContentError,
    Faction,
    Form,
    Map,
    Monster,
    Space,
    Unit,
)  # fmt: skip

__all__ = [
    "ABILITIES", "ABILITY_IDS", "ARMY_MAX", "BOOST", "BOOST_DICE", "BUILDINGS", "CARRIERS",
    "CITY", "CONTENT", "COST", "DAMAGING_HAZARDS", "DATA_DIR", "DEFENSE", "DICE", "ELITE_MAX",
    "ENERGY", "FACTIONS", "HAZARDS", "HEALTH", "HYPER_COST", "LANGUAGES", "MAPS", "MONSTERS",
    "NAME_MAX", "NEUTRAL", "RANGES", "RANKS", "SAME_BUILDING_MAX", "SAME_GRUNT_MAX", "SIDES",
    "SPACE_KINDS", "SPEED", "TERRAIN", "TEXT_MAX", "TIERS", "UNITS", "AbilityInfo", "Attack",
    "Building", "Content", "ContentError", "Faction", "Form", "Map", "Monster", "Space", "Unit",
    "army_problems", "building", "faction", "load_content", "map_", "monster", "spawn_cost",
    "unit",
]  # fmt: skip

DATA_DIR = Path(__file__).parent.parent / "data"
_TABLES = ("abilities", "factions", "monsters", "units", "buildings")
"""The tables with one file each, ``<table>.json`` = ``{"<table>": [entries]}``."""


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
        entries = typed(raw[key], list, key) if key else [raw]
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


def _read_tables(
    directory: Path, fail: Callable[[str], None]
) -> dict[str, dict[str, tuple[str, Any]]]:
    """Every table by id, each item with the file it came from (for the problem messages)."""
    tables: dict[str, dict[str, tuple[str, Any]]] = {}
    for key in _TABLES:
        file = f"{key}.json"
        raw = _read(directory / file, fail)
        tables[key] = {} if raw is None else _items(raw, file, key, READERS[key], fail)
    tables["maps"] = {}
    for path in sorted(directory.glob("map_*.json")):
        raw = _read(path, fail)
        if raw is not None:
            tables["maps"].update(_items(raw, path.name, "", READERS["maps"], fail))
    return tables


@cache
def _load(directory: Path) -> Content:
    problems: list[str] = []
    tables = _read_tables(directory, problems.append)
    known = Content(
        **{
            key: MappingProxyType({i: item for i, (_, item) in table.items()})
            for key, table in tables.items()
        }
    )
    problems += checks.check_catalogue(known)
    for key, check in checks.CHECKS.items():
        for file, item in tables[key].values():
            problems += [f"{file}: {item.id}: {p}" for ok, p in check(item, known) if not ok]
    if problems:
        raise ContentError(problems)
    return known


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


def army_problems(
    faction_id: str, unit_ids: Iterable[str], known: Content | None = None
) -> list[str]:
    """Why ``unit_ids`` is not a legal army for the faction (empty when it is); see
    :func:`.checks.army_problems`."""
    return checks.army_problems(faction_id, unit_ids, known or CONTENT)


def spawn_cost(unit_id: str, faction_id: str, known: Content | None = None) -> int:
    """A unit's cost in action dice for a player of ``faction_id``: +1 for another faction's."""
    found = (known or CONTENT).units[unit_id]
    return found.cost + (found.faction != faction_id)
