"""The shapes of Monsterpocalypse's content and the limits the rules put on them.

Frozen dataclasses, one per kind of item in ``data/*.json``, and the constants the loader
checks them against (the "Content" section of the interfaces page; the rulebook's army and
city limits). Nothing here reads a file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from rules.monsterpocalypse.geometry import Square

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
COST, HEALTH, HYPER_COST, ENERGY = (1, 4), (4, 12), (2, 8), (1, 4)
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
