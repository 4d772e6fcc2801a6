"""Munchkin Fu's static card math: what a character's cards in play add up to.

Pure functions of a :class:`Gear` (plain ids and numbers the engine builds from its state),
so the engine, the bot and the tests ask the same questions the same way: which items count
(slots, class and style restrictions, big items, "carried" items), how many classes, styles
and mooks a character may have, the combat strength and its lines, the running-away modifier
and how many levels a sale buys. Rules: ``docs/rules/munchkin_fu.md`` P9-P17, U1-U3, G2,
E1, E5 and interpretations I21-I24, I34, I36.

Which effects a character holds: those of its classes, styles and mooks in play, and of its
active items; the classes' epic powers only while ``Gear.epic`` (the epic option; in the race
to 20, level 10 or more).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from rules.munchkin_fu.content import DECK, Card, Effect

BASE_CLASSES = 1  # P9: one class, two with Super Munchkin
BASE_STYLES = 1  # P11: one style at a time
BASE_MOOKS = 1  # G2: "fintanto che hai solo un Mongo in gioco"
BASE_BIG = 1  # I23: "Personaggi normali possono portare solo un oggetto Grande"
UNLIMITED = 1_000  # the epic Yakuza's mooks (E5): more than a deck holds
HANDS = 2  # P15: two one-hand items or one two-handed item
SLOT_SIZE = {"head": 1, "armour": 1, "feet": 1, "hand": 1, "two_hands": HANDS}
SLOT_ROOM = {
    "head": "head",
    "armour": "armour",
    "feet": "feet",
    "hand": "hands",
    "two_hands": "hands",
}
"""Which room of :func:`active_items` each slot takes (both hand slots share the hands)."""
LEVEL_PRICE = 1000  # P17: 1,000 crediti a level, no change given


@dataclass(frozen=True, slots=True)
class Gear:
    """What a character has in play, as the engine holds it (card ids, in the order played)."""

    level: int
    classes: tuple[str, ...]
    styles: tuple[str, ...]
    super_munchkin: bool
    extra_styles: int
    items: tuple[str, ...]
    carried: frozenset[str]
    mooks: tuple[tuple[str, tuple[str, ...]], ...]
    epic: bool


def _card(card_id: str) -> Card:
    return DECK.cards[card_id]


def class_ids(gear: Gear) -> frozenset[str]:
    """The class ids (``"ninja"``…) of the class cards in play."""
    return frozenset(_card(c).class_id for c in gear.classes)


def style_ids(gear: Gear) -> frozenset[str]:
    """The style ids of the style cards in play."""
    return frozenset(_card(c).style_id for c in gear.styles)


def _ability_cards(gear: Gear) -> Iterator[Card]:
    """Classes, styles and mooks in play: their effects always count."""
    for cid in (*gear.classes, *gear.styles, *(m for m, _ in gear.mooks)):
        yield _card(cid)


def _sum(cards: Iterator[Card] | list[Card], op: str) -> int:
    return sum(e.amount for c in cards for e in c.effects if e.op == op)


def _allowed(card: Card, qualities: frozenset[str]) -> bool:
    """P14: a restricted item counts only while its owner has the class or style."""
    if card.requires and not set(card.requires) & qualities:
        return False
    return not set(card.forbids) & qualities


def allowed_items(gear: Gear) -> tuple[str, ...]:
    """P14: the items in play (used, unused or carried) whose class and style restrictions
    the owner meets now; what else keeps one from counting is slots and sideways."""
    qualities = class_ids(gear) | style_ids(gear)
    return tuple(c for c in gear.items if _card(c).kind == "item" and _allowed(_card(c), qualities))


def active_items(gear: Gear) -> tuple[str, ...]:
    """The items that count, in the order played: not carried, allowed by requires/forbids,
    within the slots and the big-item limit; the first played wins a contested slot (I23).
    A one-shot in play (I37) is never one of them: it waits there to be used in a fight.

    Items with no slot that are not big always count; only they (and classes, styles, mooks)
    may raise the hand and big-item limits (the loader checks it), so the limits are known
    before any slot is handed out."""
    qualities = class_ids(gear) | style_ids(gear)
    items = [c for c in map(_card, gear.items) if c.kind == "item"]  # I37: not one-shots
    allowed = [c for c in items if c.id not in gear.carried]
    allowed = [c for c in allowed if _allowed(c, qualities)]
    free = [c for c in allowed if not c.slot and not c.big]
    raisers = [*_ability_cards(gear), *free]
    room = {"head": 1, "armour": 1, "feet": 1, "hands": HANDS + _sum(raisers, "hand_slots")}
    bigs = BASE_BIG + _sum(raisers, "big_items")
    active: list[str] = []
    for card in allowed:
        key, size = SLOT_ROOM.get(card.slot, ""), SLOT_SIZE.get(card.slot, 0)
        if (key and room[key] < size) or (card.big and bigs < 1):
            continue
        if key:
            room[key] -= size
        bigs -= card.big
        active.append(card.id)
    return tuple(active)


def _holders(gear: Gear) -> list[Card]:
    """Every card whose effects count now: classes, styles, mooks, active items."""
    return [*_ability_cards(gear), *map(_card, active_items(gear))]


def effects_in_play(gear: Gear, op: str) -> tuple[Effect, ...]:
    """Every effect ``op`` the character holds, epic powers included while ``gear.epic``."""
    found = [e for c in _holders(gear) for e in c.effects if e.op == op]
    if gear.epic:
        found += [e for c in map(_card, gear.classes) for e in c.epic if e.op == op]
    return tuple(found)


def max_classes(gear: Gear) -> int:
    """P9, U2: one class, two with Super Munchkin."""
    return BASE_CLASSES + int(gear.super_munchkin)


def max_styles(gear: Gear) -> int:
    """P11, U3, E1, I36: one, + ``style_slots`` (the Monk), + each Extra Style, + one per
    class in play for an epic character."""
    epic = len(gear.classes) if gear.epic else 0
    slots = sum(e.amount for e in effects_in_play(gear, "style_slots"))
    return BASE_STYLES + slots + gear.extra_styles + epic


def max_mooks(gear: Gear) -> int:
    """G2: one mook; E5: any number for an epic Yakuza (``crime_lord``)."""
    return UNLIMITED if effects_in_play(gear, "crime_lord") else BASE_MOOKS


def max_big(gear: Gear) -> int:
    """I23: one big item, + ``big_items``."""
    return BASE_BIG + sum(e.amount for e in effects_in_play(gear, "big_items"))


def can_equip(gear: Gear, card_id: str) -> str | None:
    """None if ``card_id`` may go into play now as far as the character's limits go, else an
    IllegalAction code. An item whose slot is full may still be played: it is then carried
    (P16, "girando la carta di lato"); one the owner does not qualify for counts for nothing
    (P14). Timing (whose turn, which phase) is the engine's."""
    card = _card(card_id)
    in_play = {*gear.classes, *gear.styles, *gear.items, *(m for m, _ in gear.mooks)}
    if card_id in in_play:
        return "already_in_play"
    if card.kind == "one_shot":  # I37: played onto the table like an item
        return None
    if card.kind == "item":
        bigs = sum(_card(i).big for i in gear.items)
        return "too_many_big_items" if card.big and bigs >= max_big(gear) else None
    if card.kind == "class":
        if card.class_id in class_ids(gear):
            return "class_already_in_play"
        return "too_many_classes" if len(gear.classes) >= max_classes(gear) else None
    if card.kind == "style":
        if card.style_id in style_ids(gear):
            return "style_already_known"
        return "too_many_styles" if len(gear.styles) >= max_styles(gear) else None
    if card.kind == "mook":
        return "too_many_mooks" if len(gear.mooks) >= max_mooks(gear) else None
    if card.kind == "super_munchkin":
        if gear.super_munchkin:
            return "already_super_munchkin"
        return None if gear.classes else "super_munchkin_needs_a_class"
    if card.kind == "extra_style":
        return None
    return "not_equippable"


def _card_line(card: Card, tags: frozenset[str], helping: bool) -> int:
    """One card's part of the strength: its bonus, its ``bonus_vs`` against the monsters'
    tags (each effect once, I22) and, for a helper, its ``helper_bonus``."""
    counted = [
        e.amount
        for e in card.effects
        if (e.op == "bonus_vs" and e.target in tags) or (e.op == "helper_bonus" and helping)
    ]
    return card.bonus + sum(counted)


def strength_lines(
    gear: Gear, monster_tags: frozenset[str] = frozenset(), helping: bool = False
) -> tuple[tuple[str, int], ...]:
    """The strength as lines ("level" or a card id, amount) for the fight image and the
    narration (I21): level, classes, styles, mooks with their enhancers, active items; cards
    that add nothing are left out."""
    lines = [("level", gear.level)]
    for cid in (*gear.classes, *gear.styles):
        lines.append((cid, _card_line(_card(cid), monster_tags, helping)))
    for mook, enhancers in gear.mooks:
        lines.append((mook, _card_line(_card(mook), monster_tags, helping)))
        lines += [(e, _card(e).bonus) for e in enhancers]
    for cid in active_items(gear):
        lines.append((cid, _card_line(_card(cid), monster_tags, helping)))
    return tuple(line for line in lines if line[0] == "level" or line[1] != 0)


def strength(gear: Gear, monster_tags: frozenset[str] = frozenset(), helping: bool = False) -> int:
    """C1, H5, I21: level + active items + classes, styles and mooks (with their enhancers),
    ``bonus_vs`` against the monsters' tags, ``helper_bonus`` while helping."""
    return sum(amount for _, amount in strength_lines(gear, monster_tags, helping))


def run_modifier(gear: Gear) -> int:
    """R4: the sum of the ``run`` effects the character holds."""
    return sum(e.amount for e in effects_in_play(gear, "run"))


def sell_levels(gold_total: int) -> int:
    """P17: a level per full 1,000 crediti sold; the rest is lost."""
    return max(gold_total, 0) // LEVEL_PRICE
