"""Notte di Terrore's four decks as data: Beings, Weapons, Events and Places.

The rulebook (DaRgon's prototype) names the deck sizes — 60 Beings, 54 Weapons, 90 Events,
45 Places — and a handful of cards, but lists none; the designs in ``data/*.json`` are original
(see ``docs/rules/notte_di_terrore.md``). Each JSON entry is one *design* with a ``copies``
count; the totals over copies must be exactly the rulebook's counts.

Files:

- ``beings.json``: ``types`` (id + names) and ``beings`` (id, name, ``type``, Terror ``value``,
  ``copies``).
- ``weapons.json``: ``weapons`` (id, name, ``defeats`` = Being type ids, ``copies``) and
  ``combinations`` (id, name, the two ``weapons`` used together, the types they ``defeats``).
- ``events.json``: ``events`` (id, name, ``kind`` = ``"event"`` or ``"necronomicon"``,
  ``value``, ``favours`` = a Being type id or ``null``, ``copies``).
- ``places.json``: ``places`` (id, name, ``forbidden`` Being types, ``max_per_type``,
  ``copies``).

Ids are unique across all four decks (combinations included) so a card id names one design;
``instance_ids`` numbers the copies (``"zombie:1"`` .. ``"zombie:6"``).

The loader checks every entry and raises :class:`DeckError` naming *every* broken entry at once
(file, list, index and id), so a typo fails loudly at load time.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).with_name("data")

DECK_SIZES: dict[str, int] = {"beings": 60, "weapons": 54, "events": 90, "places": 45}
"""Cards per deck, copies included ("60 carte Essere Mostruoso, 54 carte Arma, ...")."""

FAVOURED_EVENT_VALUE = 2
"""An Event that favours one Being type gives +2 on a Being of that type ..."""

IRRELEVANT_EVENT_VALUE = 1
"""... and only +1 on any other Being ("Eventi non pertinenti")."""

MAX_BEINGS_PER_PLACE = 3
"""At most 3 Beings per Place in Apparition, Necronomicon summons aside."""

Names = dict[str, str]


@dataclass(frozen=True, slots=True)
class BeingType:
    id: str
    name_en: str
    name_it: str

    @property
    def name(self) -> Names:
        return {"en": self.name_en, "it": self.name_it}


@dataclass(frozen=True, slots=True)
class Being:
    """A Monstrous Being: its type and its Terror value."""

    id: str
    name_en: str
    name_it: str
    type: str
    value: int
    copies: int

    @property
    def name(self) -> Names:
        return {"en": self.name_en, "it": self.name_it}


@dataclass(frozen=True, slots=True)
class Weapon:
    """A Weapon: the Being types it defeats alone, and the Weapons it combines with."""

    id: str
    name_en: str
    name_it: str
    defeats: tuple[str, ...]
    copies: int
    combines_with: tuple[str, ...] = ()

    @property
    def name(self) -> Names:
        return {"en": self.name_en, "it": self.name_it}


@dataclass(frozen=True, slots=True)
class Combination:
    """Two Weapons used together on one Being (both are turned); defeats its own type list."""

    id: str
    name_en: str
    name_it: str
    weapons: tuple[str, str]
    defeats: tuple[str, ...]

    @property
    def name(self) -> Names:
        return {"en": self.name_en, "it": self.name_it}


@dataclass(frozen=True, slots=True)
class Event:
    """An Event (or the Necronomicon, ``kind == "necronomicon"``, value 0)."""

    id: str
    name_en: str
    name_it: str
    kind: str
    value: int
    favours: str | None
    copies: int

    @property
    def name(self) -> Names:
        return {"en": self.name_en, "it": self.name_it}

    @property
    def is_necronomicon(self) -> bool:
        return self.kind == "necronomicon"


@dataclass(frozen=True, slots=True)
class Place:
    """A Place: the Being types that may not appear there and the most Beings of one type."""

    id: str
    name_en: str
    name_it: str
    forbidden: tuple[str, ...]
    max_per_type: int
    copies: int

    @property
    def name(self) -> Names:
        return {"en": self.name_en, "it": self.name_it}


@dataclass(frozen=True, slots=True)
class Decks:
    """All four decks by design id, in data order."""

    types: dict[str, BeingType]
    beings: dict[str, Being]
    weapons: dict[str, Weapon]
    combinations: dict[str, Combination]
    events: dict[str, Event]
    places: dict[str, Place]

    def size(self, deck: str) -> int:
        """Cards in ``deck`` ("beings", "weapons", "events", "places"), copies included."""
        return sum(card.copies for card in getattr(self, deck).values())


class DeckError(ValueError):
    """The data files are broken; ``problems`` lists every broken entry."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"invalid Notte di Terrore card data ({len(problems)} problems):\n{lines}")


# ---------------------------------------------------------------------------------------------
# Loading and validation


class _Checker:
    def __init__(self) -> None:
        self.problems: list[str] = []
        self.seen_ids: dict[str, str] = {}

    def entry(self, where: str, raw: Any) -> str:
        """A label for one entry, e.g. ``beings.json beings[3] 'zombie'``."""
        card_id = raw.get("id") if isinstance(raw, dict) else None
        return f"{where} {card_id!r}" if isinstance(card_id, str) else where

    def fail(self, label: str, message: str) -> None:
        self.problems.append(f"{label}: {message}")

    def common(self, label: str, raw: Any, *, copies: bool = True) -> bool:
        """Check id, names and copies; ``False`` if the entry cannot be built at all."""
        if not isinstance(raw, dict):
            self.fail(label, "not an object")
            return False
        ok = True
        card_id = raw.get("id")
        if not isinstance(card_id, str) or not card_id or card_id != card_id.strip():
            self.fail(label, "missing or bad id")
            ok = False
        elif card_id in self.seen_ids:
            self.fail(label, f"duplicate id (also {self.seen_ids[card_id]})")
        else:
            self.seen_ids[card_id] = label
        name = raw.get("name")
        if not isinstance(name, dict) or not all(
            isinstance(name.get(lang), str) and name[lang].strip() for lang in ("en", "it")
        ):
            self.fail(label, 'name must have non-empty "en" and "it"')
            ok = False
        if copies:
            count = raw.get("copies")
            if type(count) is not int or count < 1:
                self.fail(label, f"copies must be an int >= 1, not {count!r}")
                ok = False
        return ok

    def type_list(self, label: str, raw: Any, field: str, types: set[str]) -> bool:
        value = raw.get(field)
        if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
            self.fail(label, f"{field} must be a list of Being type ids")
            return False
        unknown = [t for t in value if t not in types]
        if unknown:
            self.fail(label, f"{field} names unknown Being types {unknown}")
            return False
        if len(set(value)) != len(value):
            self.fail(label, f"{field} repeats a Being type")
            return False
        return True

    def int_field(self, label: str, raw: Any, field: str, low: int, high: int) -> bool:
        value = raw.get(field)
        if type(value) is not int or not low <= value <= high:
            self.fail(label, f"{field} must be an int in {low}..{high}, not {value!r}")
            return False
        return True


def _items(check: _Checker, data: Any, file: str, key: str) -> list[tuple[str, Any]]:
    items = data.get(key) if isinstance(data, dict) else None
    if not isinstance(items, list):
        check.fail(file, f'"{key}" must be a list')
        return []
    return [(check.entry(f"{file} {key}[{i}]", raw), raw) for i, raw in enumerate(items)]


def _read(check: _Checker, directory: Path, file: str) -> Any:
    try:
        with (directory / file).open(encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, json.JSONDecodeError) as error:
        check.fail(file, f"cannot read: {error}")
        return None


def _names(raw: dict[str, Any]) -> tuple[str, str]:
    return raw["name"]["en"], raw["name"]["it"]


def _load_types(check: _Checker, data: Any) -> dict[str, BeingType]:
    types: dict[str, BeingType] = {}
    for label, raw in _items(check, data, "beings.json", "types"):
        if not check.common(label, raw, copies=False):
            continue
        types[raw["id"]] = BeingType(raw["id"], *_names(raw))
    # Type ids live in their own namespace: a Being may share its type's id ("werewolf").
    for type_id in types:
        check.seen_ids.pop(type_id, None)
    return types


def _load_beings(check: _Checker, data: Any, types: set[str]) -> dict[str, Being]:
    beings: dict[str, Being] = {}
    for label, raw in _items(check, data, "beings.json", "beings"):
        ok = check.common(label, raw)
        if not isinstance(raw, dict):
            continue
        if raw.get("type") not in types:
            check.fail(label, f"type {raw.get('type')!r} is not a Being type")
            ok = False
        ok = check.int_field(label, raw, "value", 1, 10) and ok
        if ok:
            beings[raw["id"]] = Being(
                raw["id"], *_names(raw), raw["type"], raw["value"], raw["copies"]
            )
    return beings


def _load_weapons(
    check: _Checker, data: Any, types: set[str]
) -> tuple[dict[str, Weapon], dict[str, Combination]]:
    weapons: dict[str, Weapon] = {}
    for label, raw in _items(check, data, "weapons.json", "weapons"):
        ok = check.common(label, raw)
        if not isinstance(raw, dict):
            continue
        ok = check.type_list(label, raw, "defeats", types) and ok
        if ok and not raw["defeats"]:
            check.fail(label, "defeats no Being type")
            ok = False
        if ok:
            weapons[raw["id"]] = Weapon(
                raw["id"], *_names(raw), tuple(raw["defeats"]), raw["copies"]
            )
    combinations: dict[str, Combination] = {}
    partners: dict[str, list[str]] = {w: [] for w in weapons}
    for label, raw in _items(check, data, "weapons.json", "combinations"):
        ok = check.common(label, raw, copies=False)
        if not isinstance(raw, dict):
            continue
        ok = check.type_list(label, raw, "defeats", types) and ok
        pair = raw.get("weapons")
        if not (isinstance(pair, list) and len(pair) == 2 and all(w in weapons for w in pair)):
            check.fail(label, f"weapons must be two known Weapon ids, not {pair!r}")
            continue
        if pair[0] == pair[1] or pair[1] in partners[pair[0]]:
            check.fail(label, f"weapons {pair} are the same or already combined")
            continue
        if ok:
            alone = set(weapons[pair[0]].defeats) | set(weapons[pair[1]].defeats)
            if not set(raw["defeats"]) - alone:
                check.fail(label, "defeats nothing its two Weapons cannot defeat alone")
            elif not alone <= set(raw["defeats"]):
                check.fail(label, "must defeat every type its two Weapons defeat alone")
            else:
                combinations[raw["id"]] = Combination(
                    raw["id"], *_names(raw), (pair[0], pair[1]), tuple(raw["defeats"])
                )
                partners[pair[0]].append(pair[1])
                partners[pair[1]].append(pair[0])
    weapons = {
        w.id: Weapon(w.id, w.name_en, w.name_it, w.defeats, w.copies, tuple(partners[w.id]))
        for w in weapons.values()
    }
    return weapons, combinations


def _load_events(check: _Checker, data: Any, types: set[str]) -> dict[str, Event]:
    events: dict[str, Event] = {}
    for label, raw in _items(check, data, "events.json", "events"):
        ok = check.common(label, raw)
        if not isinstance(raw, dict):
            continue
        # Any: read from JSON and checked below, before they build an Event.
        kind: Any = raw.get("kind")
        value: Any = raw.get("value")
        favours: Any = raw.get("favours", "<missing>")
        if kind == "necronomicon":
            if value != 0 or favours is not None:
                check.fail(label, "the Necronomicon has value 0 and favours null")
                ok = False
        elif kind == "event":
            if favours is not None and favours not in types:
                check.fail(label, f"favours {favours!r} is not a Being type or null")
                ok = False
            elif favours is not None and value != FAVOURED_EVENT_VALUE:
                check.fail(label, f"an Event that favours a type has value {FAVOURED_EVENT_VALUE}")
                ok = False
            elif favours is None and (type(value) is not int or value < 1):
                check.fail(label, f"value must be an int >= 1, not {value!r}")
                ok = False
        else:
            check.fail(label, f'kind must be "event" or "necronomicon", not {kind!r}')
            ok = False
        if ok:
            events[raw["id"]] = Event(raw["id"], *_names(raw), kind, value, favours, raw["copies"])
    return events


def _load_places(check: _Checker, data: Any, types: set[str]) -> dict[str, Place]:
    places: dict[str, Place] = {}
    for label, raw in _items(check, data, "places.json", "places"):
        ok = check.common(label, raw)
        if not isinstance(raw, dict):
            continue
        ok = check.type_list(label, raw, "forbidden", types) and ok
        ok = check.int_field(label, raw, "max_per_type", 1, MAX_BEINGS_PER_PLACE) and ok
        if ok and set(raw["forbidden"]) >= types:
            check.fail(label, "forbids every Being type")
            ok = False
        if ok:
            places[raw["id"]] = Place(
                raw["id"], *_names(raw), tuple(raw["forbidden"]), raw["max_per_type"], raw["copies"]
            )
    return places


def load_decks(directory: Path = DATA_DIR) -> Decks:
    """Read and validate the four JSON files in ``directory``; :class:`DeckError` if broken."""
    check = _Checker()
    raw = {f: _read(check, directory, f"{f}.json") for f in DECK_SIZES}
    types = _load_types(check, raw["beings"])
    type_ids = set(types)
    beings = _load_beings(check, raw["beings"], type_ids)
    weapons, combinations = _load_weapons(check, raw["weapons"], type_ids)
    events = _load_events(check, raw["events"], type_ids)
    places = _load_places(check, raw["places"], type_ids)
    decks = Decks(types, beings, weapons, combinations, events, places)
    if not check.problems:
        for deck, want in DECK_SIZES.items():
            if decks.size(deck) != want:
                check.fail(f"{deck}.json", f"{decks.size(deck)} cards with copies, want {want}")
        defeatable = {t for w in weapons.values() for t in w.defeats}
        for type_id in types:
            if type_id not in defeatable:
                check.fail("weapons.json", f"no Weapon defeats Being type {type_id!r}")
            if not any(b.type == type_id for b in beings.values()):
                check.fail("beings.json", f"no Being of type {type_id!r}")
        if not any(e.is_necronomicon for e in events.values()):
            check.fail("events.json", "no Necronomicon")
    if check.problems:
        raise DeckError(check.problems)
    return decks


@cache
def decks() -> Decks:
    """The game's decks from the package data (loaded and validated once)."""
    return load_decks()


def instance_ids(cards: dict[str, Any]) -> tuple[str, ...]:
    """One id per physical card: ``"<design id>:<copy number from 1>"``, in data order."""
    return tuple(f"{c.id}:{n}" for c in cards.values() for n in range(1, c.copies + 1))


def design_id(instance_id: str) -> str:
    """The design id of a physical card id (``"zombie:3"`` -> ``"zombie"``)."""
    return instance_id.rpartition(":")[0] or instance_id


# ---------------------------------------------------------------------------------------------
# Scoring helpers (pure; the engine will build on them)


def event_value(event: Event, being: Being) -> int:
    """What ``event`` on ``being`` is worth in Terror points.

    An Event favouring ``being``'s type, or favouring no type, gives its value; one favouring
    another type is "non pertinente" and gives only +1 (it lies rotated in the Terror pile).
    The Necronomicon is worth 0 (it summons; it never scores).
    """
    if event.favours is None or event.favours == being.type:
        return event.value
    return IRRELEVANT_EVENT_VALUE


def is_irrelevant(event: Event, being: Being) -> bool:
    """True if ``event`` favours a type other than ``being``'s (the card lies rotated)."""
    return event.favours is not None and event.favours != being.type


def terror_of(
    being: Being,
    events: tuple[Event, ...] | list[Event],
    killed: bool,
    *,
    fled: bool = False,
    summoned: bool = False,
    by_necronomicon: bool = False,
) -> int:
    """The change in Terror points that ``being`` with ``events`` on it brings its victim.

    - killed: minus (the Being's value less its Events' values), never a gain
      ("decurtati degli Eventi ... in caso di valore negativo ... non riduce"); 0 if killed
      with the Necronomicon as a Weapon ("l'Essere non sottrae punti Terrore");
    - not killed: plus its Events' values ("gli eventi ... spostati ... nella pila del Terrore");
    - not killed and summoned by the Necronomicon Event: plus the Being's value as well (it joins
      the pile "con i suoi Eventi");
    - fled from: plus its Events and twice the Being's value.

    The engine clamps a reduction at what the pile holds and removes it "per difetto".
    """
    events_total = sum(event_value(e, being) for e in events)
    if killed:
        return 0 if by_necronomicon else -max(0, being.value - events_total)
    if fled:
        return events_total + 2 * being.value
    if summoned:
        return events_total + being.value
    return events_total
