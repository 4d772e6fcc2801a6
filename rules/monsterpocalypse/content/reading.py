"""Reading Monsterpocalypse's JSON files into the dataclasses of :mod:`.schema`.

A wrong JSON type, a missing or unknown key raises ``TypeError``/``KeyError``; the loader
reports it against the file and the item. Squares are written as players type them ("C4");
a map's terrain is 12 rows of one character per square (:data:`.schema.TERRAIN`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any

from rules.monsterpocalypse.content.schema import (
    LANGUAGES,
    SIDES,
    TERRAIN,
    AbilityInfo,
    Attack,
    Building,
    Faction,
    Form,
    Map,
    Monster,
    Space,
    Unit,
)
from rules.monsterpocalypse.geometry import SIZE, Square, name, parse

# Reading: JSON -> dataclasses; a wrong JSON type raises TypeError, reported against the item.


def typed(value: Any, kind: type, what: str) -> Any:
    if type(value) is not kind:
        raise TypeError(f"{what} must be {kind.__name__}, got {value!r}")
    return value


def _only(raw: Any, keys: Iterable[str], what: str) -> dict[str, Any]:
    """The object ``raw``, with no key outside ``keys`` (a typo'd key is an error, not ignored)."""
    obj: dict[str, Any] = typed(raw, dict, what)
    unknown = set(obj) - set(keys)
    if unknown:
        raise TypeError(f"{what}: unknown fields {sorted(unknown)}")
    return obj


def _language_map(value: Any, what: str) -> Mapping[str, str]:
    if not isinstance(value, dict) or sorted(value) != sorted(LANGUAGES):
        raise TypeError(f"{what} must be an object with exactly {list(LANGUAGES)}")
    return MappingProxyType({lang: typed(value[lang], str, what) for lang in LANGUAGES})


def _strings(value: Any, what: str) -> tuple[str, ...]:
    return tuple(typed(v, str, what) for v in typed(value, list, what))


def _attack(value: Any, what: str) -> Attack:
    pair = typed(value, list, what)
    if len(pair) != 2:
        raise TypeError(f"{what} must be [dice, boost], got {value!r}")
    return Attack(typed(pair[0], int, what), typed(pair[1], int, what))


def _square(value: Any, what: str) -> Square:
    try:
        return parse(typed(value, str, what))
    except ValueError as error:
        raise TypeError(f"{what}: {error}") from None


_FORM_KEYS = ("speed", "defense", "brawl", "blast", "blast_range", "power", "health")


def _form(raw: Any, what: str) -> Form:
    obj = _only(raw, (*_FORM_KEYS, "hyper_cost", "abilities"), what)
    return Form(
        speed=typed(obj["speed"], int, "speed"),
        defense=typed(obj["defense"], int, "defense"),
        brawl=_attack(obj["brawl"], "brawl"),
        blast=_attack(obj["blast"], "blast"),
        blast_range=typed(obj["blast_range"], str, "blast_range"),
        power=_attack(obj["power"], "power"),
        health=typed(obj["health"], int, "health"),
        hyper_cost=typed(obj.get("hyper_cost", 0), int, "hyper_cost"),
        abilities=_strings(obj.get("abilities", []), "abilities"),
    )


def _monster(raw: Any) -> Monster:
    obj = _only(raw, ("id", "faction", "names", "texts", "alpha", "hyper"), "monster")
    return Monster(
        id=typed(obj["id"], str, "id"),
        faction=typed(obj["faction"], str, "faction"),
        names=_language_map(obj["names"], "names"),
        alpha=_form(obj["alpha"], "alpha"),
        hyper=_form(obj["hyper"], "hyper"),
        texts=_language_map(obj["texts"], "texts"),
    )


_UNIT_KEYS = ("id", "faction", "rank", "names", "texts", "speed", "defense", "brawl", "blast")


def _unit(raw: Any) -> Unit:
    obj = _only(raw, (*_UNIT_KEYS, "blast_range", "cost", "abilities"), "unit")
    return Unit(
        id=typed(obj["id"], str, "id"),
        faction=typed(obj["faction"], str, "faction"),
        rank=typed(obj["rank"], str, "rank"),
        names=_language_map(obj["names"], "names"),
        speed=typed(obj["speed"], int, "speed"),
        defense=typed(obj["defense"], int, "defense"),
        brawl=_attack(obj["brawl"], "brawl"),
        blast=_attack(obj["blast"], "blast"),
        blast_range=typed(obj["blast_range"], str, "blast_range"),
        cost=typed(obj["cost"], int, "cost"),
        abilities=_strings(obj.get("abilities", []), "abilities"),
        texts=_language_map(obj["texts"], "texts"),
    )


def _building(raw: Any) -> Building:
    keys = ("id", "names", "texts", "defense", "energy", "hazard", "abilities")
    obj = _only(raw, keys, "building")
    return Building(
        id=typed(obj["id"], str, "id"),
        names=_language_map(obj["names"], "names"),
        defense=typed(obj["defense"], int, "defense"),
        energy=typed(obj["energy"], int, "energy"),
        hazard=typed(obj["hazard"], str, "hazard"),
        abilities=_strings(obj.get("abilities", []), "abilities"),
        texts=_language_map(obj["texts"], "texts"),
    )


def _faction(raw: Any) -> Faction:
    obj = _only(raw, ("id", "names", "texts", "monster", "preset"), "faction")
    return Faction(
        id=typed(obj["id"], str, "id"),
        names=_language_map(obj["names"], "names"),
        monster=typed(obj["monster"], str, "monster"),
        preset=_strings(obj["preset"], "preset"),
        texts=_language_map(obj["texts"], "texts"),
    )


def _ability(raw: Any) -> AbilityInfo:
    obj = _only(raw, ("id", "names", "texts", "kinds"), "ability")
    return AbilityInfo(
        id=typed(obj["id"], str, "id"),
        names=_language_map(obj["names"], "names"),
        texts=_language_map(obj["texts"], "texts"),
        kinds=_strings(obj["kinds"], "kinds"),
    )


def _rectangle(value: Any, what: str) -> frozenset[Square]:
    """A start zone written as its corners, "D1:I2" (every square between them)."""
    corners = typed(value, str, what).split(":")
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
        kind=typed(obj["kind"], str, "kind"),
        ability=typed(obj.get("ability", ""), str, "ability"),
        owner=typed(obj.get("owner", ""), str, "owner"),
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
    for entry in typed(obj["foundations"], list, "foundations"):
        found = _only(entry, ("at", "tier"), "foundation")
        foundations.append((_square(found["at"], "at"), typed(found["tier"], str, "tier")))
    start = _only(obj["start"], SIDES, "start")
    return Map(
        id=typed(obj["id"], str, "id"),
        names=_language_map(obj["names"], "names"),
        size=SIZE,
        buildings=typed(obj["buildings"], int, "buildings"),
        rough=terrain["rough"],
        impassable=terrain["impassable"],
        cover=terrain["cover"],
        foundations=tuple(foundations),
        start=MappingProxyType({side: _rectangle(start[side], side) for side in SIDES}),
        spaces=tuple(_space(s) for s in typed(obj["spaces"], list, "spaces")),
        texts=_language_map(obj["texts"], "texts"),
    )


READERS: Mapping[str, Callable[[Any], Any]] = MappingProxyType(
    {
        "abilities": _ability,
        "factions": _faction,
        "monsters": _monster,
        "units": _unit,
        "buildings": _building,
        "maps": _map,
    }
)
"""How to read one entry of each table (the key of its file)."""
