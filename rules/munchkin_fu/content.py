"""Munchkin Fu's original deck as validated data: door and treasure cards, the 12 styles.

The rulebook (``docs/rules/munchkin_fu.md``) describes kinds of cards, never a list: every
card here is original (monster kung-fu movies in the alleys of Hong Kong), in Italian and
English. What a card *does* is data in a small effect vocabulary (:data:`EFFECT_OPS`) that
the engine implements op by op, so no card needs code of its own.

:func:`load_deck` reads ``data/door.json``, ``data/treasure.json`` and ``data/styles.json``,
checks every card (ids, kind per deck, required fields per kind, every effect's op and
parameters, names and texts in both languages within the length a card and a Discord list
can show) and raises :class:`ContentError` naming the file and card of each problem, so a
typo fails at import and never in the middle of a game. :data:`DECK` is that load.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

DATA_DIR = Path(__file__).with_name("data")

DOOR, TREASURE = "door", "treasure"
SLOTS = ("head", "armour", "feet", "hand", "two_hands")  # "hand" = one hand
CLASSES = ("ninja", "samurai", "yakuza", "monk")
KINDS_DOOR = (
    "monster", "enhancer", "wandering", "double", "trap", "class", "style",
    "super_munchkin", "extra_style", "mook",
)  # fmt: skip
KINDS_TREASURE = ("item", "one_shot", "level_up")
TAGS = ("demon", "undead", "ghost", "animal", "dragon", "gangster")
"""Monster tags that ``bonus_vs`` may name."""

LANGUAGES = ("en", "it")
NAME_MAX, TEXT_MAX = 40, 140
"""Longest name and text, in characters: a card face and a Discord list line."""

EFFECT_OPS: Mapping[str, str] = MappingProxyType(
    {
        # while in play (items, classes, styles, mooks)
        "bonus_vs": "the holder's side +amount against a monster with the target tag",
        "run": "running-away roll modifier (holders +, monsters -)",
        "helper_bonus": "+amount while helping someone",
        "helper_levels": "+amount levels when the holder helps kill a monster (a kill: may win)",
        "extra_treasure": "+amount treasure drawn when the holder kills a monster",
        "discard_for_bonus": "in a fight, discard up to target 'max:N' cards for +amount each",
        "escape_discard_hand": "run away at once by discarding the whole hand (min amount cards)",
        "style_slots": "+amount styles allowed",
        "big_items": "+amount big items allowed",
        "hand_slots": "+amount one-hand slots",
        # on a monster
        "vs": "monster +amount (or -) once a fight if fighter or helper has the target class/style",
        "no_escape": "running away fails unless by a mook or an auto-escape card",
        "ignore_below": "it does not pursue a character of level <= amount",
        # epic powers (class cards' epic, epic option, level >= 10)
        "clairvoyance": "Monk: see the neighbours' hands and what they draw face down",
        "shadow_escape": "Ninja: escape alone when the monsters total more than twice your levels",
        "draw_and_strike": "Samurai: discard the whole hand (min amount) to kill one monster",
        "crime_lord": "Yakuza: any number of mooks in play",
        # when played (one-shots, level-ups, traps; a monster's bad stuff or escape stuff)
        "combat_bonus": "+amount to the chosen side of the current fight",
        "remove_monster": "one monster leaves the fight, not killed (no level, no treasure)",
        "auto_escape": "the player escapes every monster of this fight",
        "gain_levels": "+amount levels, never to the winning level",
        "lose_levels": "-amount levels, never below 1",
        "lose_slot": "lose the item in the target slot (victim chooses if several)",
        "lose_items": "lose amount items in play (victim chooses)",
        "lose_big": "lose a big item",
        "lose_hand": "discard the whole hand",
        "lose_cards": "discard amount cards from the hand (victim chooses)",
        "lose_class": "lose a class (victim chooses)",
        "lose_style": "lose a style (victim chooses)",
        "lose_mook": "lose a mook",
        "combat_penalty": "-amount to the victim's side, now or in their next fight",
        "draw": "draw amount cards face down from the target deck",
        "steal_item": "outside a fight: take an item another player has in play (thief names it)",
        "death": "the victim dies",
    }
)

_PASSIVE = frozenset(
    {"bonus_vs", "run", "helper_bonus", "helper_levels", "extra_treasure", "discard_for_bonus",
     "escape_discard_hand", "style_slots", "big_items", "hand_slots"}
)  # fmt: skip
_MONSTER = frozenset({"vs", "run", "no_escape", "ignore_below"})
_EPIC = frozenset({"clairvoyance", "shadow_escape", "draw_and_strike", "crime_lord"})
_LOSS = frozenset(
    {"lose_levels", "lose_slot", "lose_items", "lose_big", "lose_hand", "lose_cards",
     "lose_class", "lose_style", "lose_mook", "combat_penalty", "death"}
)  # fmt: skip
_CAPACITY = frozenset({"hand_slots", "big_items", "style_slots"})
"""On an item, these raise the limits :func:`character.active_items` checks; such an item has
no slot and is not big, so it always counts and the limits never depend on themselves."""
_ONE_SHOT = frozenset(
    {"combat_bonus", "remove_monster", "auto_escape", "draw", "gain_levels", "steal_item"}
)

ALLOWED_OPS: Mapping[tuple[str, str], frozenset[str]] = MappingProxyType(
    {
        ("monster", "effects"): _MONSTER,
        ("monster", "bad_stuff"): _LOSS,
        ("monster", "escape_stuff"): _LOSS,
        ("monster", "on_kill"): frozenset({"draw", "gain_levels", "lose_cards"}),
        ("trap", "effects"): _LOSS | {"draw"},
        ("class", "effects"): _PASSIVE,
        ("class", "epic"): _EPIC,
        ("style", "effects"): _PASSIVE,
        ("mook", "effects"): _PASSIVE,
        ("item", "effects"): _PASSIVE,
        ("one_shot", "effects"): _ONE_SHOT,
        ("level_up", "effects"): frozenset({"gain_levels"}),
    }
)
"""Which ops each kind may carry in each effect field; a pair not listed carries none."""

# What each op needs: "+" amount >= 1, "±" amount != 0, "0" amount 0; the target's domain.
_AMOUNT = {
    "bonus_vs": "+", "run": "±", "helper_bonus": "+", "helper_levels": "+", "extra_treasure": "+",
    "discard_for_bonus": "+", "escape_discard_hand": "+", "style_slots": "+",
    "big_items": "+", "hand_slots": "+", "vs": "±", "ignore_below": "+",
    "draw_and_strike": "+", "combat_bonus": "+", "gain_levels": "+", "lose_levels": "+",
    "lose_items": "+", "lose_cards": "+", "combat_penalty": "+", "draw": "+",
}  # fmt: skip
_TARGET = {"bonus_vs": "tag", "vs": "class_or_style", "discard_for_bonus": "max",
           "lose_slot": "slot", "draw": "deck"}  # fmt: skip
_MAX_TARGET = re.compile(r"^max:[1-9]$")
_ID = {DOOR: re.compile(r"^d\d{3}$"), TREASURE: re.compile(r"^t\d{3}$")}
_STYLE_ID = re.compile(r"^[a-z][a-z_]*$")
STYLE_COUNT = 12


class ContentError(ValueError):
    """The data files are broken; ``problems`` lists each as ``"<file>: <card>: <what>"``."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"invalid Munchkin Fu content ({len(problems)} problems):\n{lines}")


@dataclass(frozen=True, slots=True)
class Effect:
    """One entry of the effect vocabulary; what ``amount`` and ``target`` mean is per op."""

    op: str
    amount: int = 0
    target: str = ""
    next_combat: bool = False  # traps: held as a reminder until the victim's next combat


@dataclass(frozen=True, slots=True)
class Card:
    """One card; fields a kind does not use keep their defaults (checked by the loader)."""

    id: str
    deck: str
    kind: str
    names: Mapping[str, str]
    texts: Mapping[str, str]
    class_id: str = ""
    style_id: str = ""
    level: int = 0
    levels: int = 1
    treasures: int = 0
    bonus: int = 0
    gold: int = 0
    slot: str = ""
    big: bool = False
    requires: tuple[str, ...] = ()
    forbids: tuple[str, ...] = ()
    hk: bool = False
    friendly: bool = False
    """I44: a monster met and not fought ("ne hai incontrato uno che era amichevole")."""
    tags: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    bad_stuff: tuple[Effect, ...] = ()
    escape_stuff: tuple[Effect, ...] = ()
    on_kill: tuple[Effect, ...] = ()
    """H8: the card's own instruction when it is killed, for the fighter."""
    epic: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class Deck:
    cards: Mapping[str, Card]
    door: tuple[str, ...]
    treasure: tuple[str, ...]
    styles: Mapping[str, Mapping[str, str]]


# ---------------------------------------------------------------------------------------------
# Reading: JSON -> dataclasses; a wrong JSON type raises and is reported against the card.

_INT_FIELDS = ("level", "levels", "treasures", "bonus", "gold")
_STR_FIELDS = ("class_id", "style_id", "slot")
_BOOL_FIELDS = ("big", "hk", "friendly")
_TUPLE_FIELDS = ("requires", "forbids", "tags")
_EFFECT_FIELDS = ("effects", "bad_stuff", "escape_stuff", "on_kill", "epic")
_KNOWN_KEYS = frozenset(
    {"id", "kind", "names", "texts", *_INT_FIELDS, *_STR_FIELDS, *_BOOL_FIELDS,
     *_TUPLE_FIELDS, *_EFFECT_FIELDS}
)  # fmt: skip


def _typed(value: Any, kind: type, what: str) -> Any:
    if type(value) is not kind:
        raise TypeError(f"{what} must be {kind.__name__}, got {value!r}")
    return value


def _language_map(value: Any, what: str) -> Mapping[str, str]:
    if not isinstance(value, dict) or sorted(value) != sorted(LANGUAGES):
        raise TypeError(f"{what} must be an object with exactly {list(LANGUAGES)}")
    return MappingProxyType({lang: _typed(value[lang], str, what) for lang in LANGUAGES})


def _effect(raw: Any) -> Effect:
    if not isinstance(raw, dict) or not set(raw) <= {"op", "amount", "target", "next_combat"}:
        raise TypeError(f"bad effect {raw!r}")
    return Effect(
        _typed(raw["op"], str, "op"),
        _typed(raw.get("amount", 0), int, "amount"),
        _typed(raw.get("target", ""), str, "target"),
        _typed(raw.get("next_combat", False), bool, "next_combat"),
    )


def _card(raw: Any, deck: str) -> Card:
    if not isinstance(raw, dict):
        raise TypeError(f"a card must be an object, got {raw!r}")
    unknown = set(raw) - _KNOWN_KEYS
    if unknown:
        raise TypeError(f"unknown fields {sorted(unknown)}")
    values: dict[str, Any] = {}
    for name in _INT_FIELDS:
        if name in raw:
            values[name] = _typed(raw[name], int, name)
    for name in _STR_FIELDS:
        if name in raw:
            values[name] = _typed(raw[name], str, name)
    for name in _BOOL_FIELDS:
        if name in raw:
            values[name] = _typed(raw[name], bool, name)
    for name in _TUPLE_FIELDS:
        if name in raw:
            values[name] = tuple(_typed(v, str, name) for v in _typed(raw[name], list, name))
    for name in _EFFECT_FIELDS:
        if name in raw:
            values[name] = tuple(_effect(e) for e in _typed(raw[name], list, name))
    return Card(
        id=_typed(raw["id"], str, "id"),
        deck=deck,
        kind=_typed(raw["kind"], str, "kind"),
        names=_language_map(raw["names"], "names"),
        texts=_language_map(raw["texts"], "texts"),
        **values,
    )


# ---------------------------------------------------------------------------------------------
# Checking: each function returns the problems of one card (empty when it is fine).


def _check_effect(card: Card, field: str, effect: Effect, styles: Mapping[str, Any]) -> list[str]:
    op = effect.op
    if op not in EFFECT_OPS:
        return [f"{field}: unknown op {op!r}"]
    if op not in ALLOWED_OPS.get((card.kind, field), frozenset()):
        return [f"{field}: op {op!r} is not allowed on a {card.kind}"]
    problems = []
    sign = _AMOUNT.get(op, "0")
    ok_amount = {"+": effect.amount >= 1, "±": effect.amount != 0, "0": effect.amount == 0}
    if not ok_amount[sign]:
        problems.append(f"{field}: {op} amount {effect.amount} (want {sign})")
    domain = _TARGET.get(op)
    target = effect.target
    ok_target = {
        None: target == "",
        "tag": target in TAGS,
        "class_or_style": target in CLASSES or target in styles,
        "max": bool(_MAX_TARGET.match(target)),
        "slot": target in SLOTS,
        "deck": target in (DOOR, TREASURE),
    }
    if not ok_target[domain]:
        problems.append(f"{field}: {op} target {target!r} (want {domain or 'none'})")
    if effect.next_combat and op != "combat_penalty":
        problems.append(f"{field}: only combat_penalty may wait for the next combat")
    return problems


def _check_text(card: Card) -> list[str]:
    problems = []
    for lang in LANGUAGES:
        name, text = card.names[lang].strip(), card.texts[lang].strip()
        if not name or len(name) > NAME_MAX:
            problems.append(f"name ({lang}) empty or longer than {NAME_MAX}")
        if not text or len(text) > TEXT_MAX:
            problems.append(f"text ({lang}) empty or longer than {TEXT_MAX}")
    return problems


_SCOPE: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "level": ("monster",), "levels": ("monster",), "tags": ("monster",),
        "bad_stuff": ("monster",), "escape_stuff": ("monster",), "on_kill": ("monster",),
        "treasures": ("monster", "enhancer"), "class_id": ("class",), "style_id": ("style",),
        "epic": ("class",), "slot": ("item",), "big": ("item",), "requires": ("item",),
        "forbids": ("item",), "gold": KINDS_TREASURE, "friendly": ("monster",),
        "hk": ("monster", "item", "one_shot"),
        "bonus": ("item", "one_shot", "mook", "enhancer", "style", "class"),
    }
)  # fmt: skip
"""The kinds that may set each optional field; every other kind keeps the field's default."""
_DEFAULTS = {f.name: f.default for f in fields(Card) if f.name in _SCOPE}


def _check_scope(card: Card) -> list[str]:
    """Fields a kind does not use must keep their defaults (a typo'd kind shows up here)."""
    return [
        f"{name} is not for kind {card.kind}"
        for name, kinds in _SCOPE.items()
        if card.kind not in kinds and getattr(card, name) != _DEFAULTS[name]
    ]


def _monster(card: Card, styles: Mapping[str, Any]) -> Iterator[tuple[bool, str]]:
    yield 1 <= card.level <= 20, f"level {card.level} outside 1..20"
    yield card.levels in (1, 2), f"levels {card.levels} not 1 or 2"
    if card.friendly:  # I44: never fought, so no treasure, no Bad Stuff, nothing on a kill
        fought = (card.treasures, card.bad_stuff, card.escape_stuff, card.on_kill, card.effects)
        yield not any(fought), "a friendly monster is never fought: no fight fields"
        yield not card.hk, "a friendly monster joins no Hong Kong fight"
        return
    yield 1 <= card.treasures <= 5, f"treasures {card.treasures} outside 1..5"
    yield bool(card.bad_stuff), "a monster needs bad_stuff"
    yield set(card.tags) <= set(TAGS), f"unknown tags {card.tags}"
    yield len(set(card.tags)) == len(card.tags), "repeated tag"


def _class(card: Card, styles: Mapping[str, Any]) -> Iterator[tuple[bool, str]]:
    yield card.class_id in CLASSES, f"class_id {card.class_id!r} not in {CLASSES}"
    yield bool(card.epic), "a class card needs its epic power"


def _style(card: Card, styles: Mapping[str, Any]) -> Iterator[tuple[bool, str]]:
    yield card.style_id in styles, f"unknown style_id {card.style_id!r}"


def _item(card: Card, styles: Mapping[str, Any]) -> Iterator[tuple[bool, str]]:
    yield card.slot in ("", *SLOTS), f"slot {card.slot!r} not in {SLOTS}"
    yield not set(card.requires) & set(card.forbids), "requires and forbids overlap"
    capacity = {e.op for e in card.effects} & _CAPACITY
    yield not (capacity and (card.slot or card.big)), "capacity effects: no slot, not big"
    for ref in (*card.requires, *card.forbids):
        yield ref in CLASSES or ref in styles, f"requires/forbids {ref!r}: no such class/style"


def _one_shot(card: Card, styles: Mapping[str, Any]) -> Iterator[tuple[bool, str]]:
    yield bool(card.effects), "a one-shot needs effects"
    shown = sum(e.amount for e in card.effects if e.op == "combat_bonus")
    yield card.bonus == shown, f"bonus {card.bonus} must equal the combat_bonus {shown}"


def _needs_effects(card: Card, styles: Mapping[str, Any]) -> Iterator[tuple[bool, str]]:
    yield bool(card.effects), f"a {card.kind} needs effects"


def _enhancer(card: Card, styles: Mapping[str, Any]) -> Iterator[tuple[bool, str]]:
    yield card.bonus != 0, "an enhancer raises or lowers the monster's level"


def _mook(card: Card, styles: Mapping[str, Any]) -> Iterator[tuple[bool, str]]:
    yield card.bonus >= 1, "a mook fights with a bonus >= 1"


_REQUIRED: Mapping[str, Callable[[Card, Mapping[str, Any]], Iterator[tuple[bool, str]]]] = {
    "monster": _monster, "class": _class, "style": _style, "item": _item,
    "one_shot": _one_shot, "level_up": _needs_effects, "trap": _needs_effects,
    "enhancer": _enhancer, "mook": _mook,
}  # fmt: skip
"""What each kind must have, as (ok, problem) pairs."""


def _check_kind(card: Card, styles: Mapping[str, Any]) -> list[str]:
    """Fields a kind must not set, then the ones it needs."""
    problems = _check_scope(card)
    if card.kind in KINDS_TREASURE and (card.gold < 0 or card.gold % 100):
        problems.append(f"gold {card.gold}: hundreds, >= 0")
    check = _REQUIRED.get(card.kind)
    if check is not None:
        problems += [problem for ok, problem in check(card, styles) if not ok]
    return problems


def _check_card(card: Card, styles: Mapping[str, Any]) -> list[str]:
    if not _ID[card.deck].match(card.id):
        return [f"bad id (want {_ID[card.deck].pattern})"]
    kinds = KINDS_DOOR if card.deck == DOOR else KINDS_TREASURE
    if card.kind not in kinds:
        return [f"kind {card.kind!r} is not a {card.deck} kind {kinds}"]
    problems = _check_text(card) + _check_kind(card, styles)
    for field in _EFFECT_FIELDS:
        for effect in getattr(card, field):
            problems += _check_effect(card, field, effect, styles)
    return problems


# ---------------------------------------------------------------------------------------------
# Loading.


def _read(directory: Path, file: str, fail: Callable[[str], None]) -> Any:
    try:
        with (directory / file).open(encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, ValueError) as error:
        fail(f"{file}: cannot read: {error}")
        return None


def _styles(raw: Any, fail: Callable[[str], None]) -> dict[str, Mapping[str, str]]:
    styles: dict[str, Mapping[str, str]] = {}
    try:
        for entry in raw["styles"]:
            sid = _typed(entry["id"], str, "id")
            if not _STYLE_ID.match(sid) or sid in styles or sid in CLASSES:
                fail(f"styles.json: {sid!r}: bad or repeated style id")
            styles[sid] = _language_map(entry["names"], "names")
    except (KeyError, TypeError) as error:
        fail(f"styles.json: malformed: {type(error).__name__}: {error}")
    if len(styles) != STYLE_COUNT:
        fail(f"styles.json: {len(styles)} styles, the rulebook has {STYLE_COUNT}")
    return styles


def _cards(
    raw: Any, file: str, deck: str, styles: Mapping[str, Any], fail: Callable[[str], None]
) -> list[Card]:
    cards = []
    try:
        entries = _typed(raw["cards"], list, "cards")
    except (KeyError, TypeError) as error:
        fail(f"{file}: malformed: {type(error).__name__}: {error}")
        return []
    for n, entry in enumerate(entries, start=1):
        label = entry.get("id", f"#{n}") if isinstance(entry, dict) else f"#{n}"
        try:
            card = _card(entry, deck)
        except (KeyError, TypeError) as error:
            fail(f"{file}: {label}: malformed: {type(error).__name__}: {error}")
            continue
        for problem in _check_card(card, styles):
            fail(f"{file}: {card.id}: {problem}")
        cards.append(card)
    return cards


def load_deck(directory: Path = DATA_DIR) -> Deck:
    """Read and validate the deck in ``directory``; :class:`ContentError` lists every problem."""
    return _load(directory.resolve())


@cache
def _load(directory: Path) -> Deck:
    problems: list[str] = []
    styles = _styles(_read(directory, "styles.json", problems.append), problems.append)
    by_deck: dict[str, list[Card]] = {}
    for deck in (DOOR, TREASURE):
        raw = _read(directory, f"{deck}.json", problems.append)
        if raw is not None:
            by_deck[deck] = _cards(raw, f"{deck}.json", deck, styles, problems.append)
    everything = [c for cards in by_deck.values() for c in cards]
    seen: set[str] = set()
    for card in everything:
        if card.id in seen:
            problems.append(f"{card.deck}.json: {card.id}: repeated id")
        seen.add(card.id)
    if problems:
        raise ContentError(problems)
    return Deck(
        cards=MappingProxyType({c.id: c for c in everything}),
        door=tuple(c.id for c in by_deck[DOOR]),
        treasure=tuple(c.id for c in by_deck[TREASURE]),
        styles=MappingProxyType(styles),
    )


DECK: Deck = load_deck()
"""The game's deck from the package data, loaded and validated at import."""
