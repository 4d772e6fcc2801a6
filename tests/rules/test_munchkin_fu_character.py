"""Munchkin Fu's card math (``rules/munchkin_fu/character.py``), one test per rulebook clause.

Every test builds a :class:`Gear` from real cards of the deck; ``_pick`` names each card by
what the test relies on and fails at import if the data stops saying so.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.munchkin_fu import character as ch
from rules.munchkin_fu.character import Gear
from rules.munchkin_fu.content import DECK


def _pick(card_id: str, **expected: Any) -> str:
    card = DECK.cards[card_id]
    for field, value in expected.items():
        if field == "ops":
            assert {e.op for e in card.effects} == set(value), (card_id, field)
        else:
            assert getattr(card, field) == value, (card_id, field)
    return card_id


PLAIN = {"requires": (), "forbids": (), "big": False}
HAT = _pick("t001", slot="head", bonus=1, **PLAIN)
HEADBAND = _pick("t002", slot="head", bonus=2, **PLAIN)
LION_HEAD = _pick("t006", slot="head", bonus=3, big=True, requires=())
PYJAMAS = _pick("t008", slot="armour", bonus=2, **PLAIN)
STEAMER = _pick("t009", slot="armour", bonus=1, **PLAIN)
SHOES = _pick("t016", slot="feet", bonus=1, ops={"run"}, **PLAIN)
BOOTS = _pick("t017", slot="feet", bonus=2, ops={"run"}, **PLAIN)
CHOPSTICKS = _pick("t021", slot="hand", bonus=2, **PLAIN)
NUNCHAKU = _pick("t022", slot="hand", bonus=2, **PLAIN)
CLEAVER = _pick("t024", slot="hand", bonus=3, **PLAIN)
NEWSPAPER = _pick("t025", slot="hand", bonus=1, **PLAIN)
STAFF = _pick("t034", slot="two_hands", bonus=3, **PLAIN)
RAM = _pick("t037", slot="two_hands", bonus=5, big=True, requires=())
CAT = _pick("t040", slot="", bonus=1, **PLAIN)
DVDS = _pick("t041", slot="", bonus=2, big=True)
TAPE = _pick("t042", slot="", ops={"style_slots"}, **PLAIN)
BACKPACK = _pick("t043", slot="", ops={"big_items"}, **PLAIN)
RUBBER_ARM = _pick("t044", slot="", ops={"hand_slots"}, **PLAIN)
NINJA_HOOD = _pick("t003", slot="head", bonus=3, requires=("ninja",))
LUCKY_ABACUS = _pick("t029", slot="hand", bonus=1, requires=("abacus",))
NEWSPAPER_ARMOUR = _pick("t013", slot="armour", bonus=1, forbids=("samurai",))
SLAPPING_FAN = _pick("t023", slot="hand", bonus=1, ops={"bonus_vs"}, **PLAIN)

NINJA = _pick("d063", class_id="ninja", ops={"escape_discard_hand", "run"})
NINJA_2 = _pick("d064", class_id="ninja")
SAMURAI = _pick("d067", class_id="samurai", ops={"discard_for_bonus", "bonus_vs"})
YAKUZA = _pick("d071", class_id="yakuza", ops={"helper_bonus", "extra_treasure"})
MONK = _pick("d075", class_id="monk", ops={"style_slots", "bonus_vs"})
NOODLE = _pick("d079", style_id="noodle", bonus=1, ops={"run"})
NOODLE_2 = _pick("d091", style_id="noodle")
WOK = _pick("d081", style_id="wok", bonus=3, ops={"run"})
ABACUS = _pick("d088", style_id="abacus", bonus=1, ops={"big_items"})
UMBRELLA = _pick("d080", style_id="umbrella", bonus=1, ops={"bonus_vs"})
TRAM = _pick("d085", style_id="tram", bonus=1, ops={"run"})
NEPHEW = _pick("d102", kind="mook", bonus=2, ops=set())
BODYGUARD = _pick("d106", kind="mook", bonus=3, ops=set())
DELIVERY_BOY = _pick("d101", kind="mook", bonus=1, ops={"run"})
SLOW_MOTION = _pick("d038", kind="enhancer", bonus=5)
SUPER_MUNCHKIN = _pick("d097", kind="super_munchkin")
EXTRA_STYLE = _pick("d099", kind="extra_style")
GREMLIN = _pick("d001", kind="monster")
ZOOM = _pick("d039", kind="enhancer", bonus=10)

NOBODY = Gear(
    level=1, classes=(), styles=(), super_munchkin=False, extra_styles=0, items=(),
    carried=frozenset(), mooks=(), epic=False,
)  # fmt: skip


def _gear(**fields: Any) -> Gear:
    return replace(NOBODY, **fields)


# -- slots and items (P13-P16, I23) -----------------------------------------------------------


def test_P_slots_one_head_one_armour_one_feet_two_hands() -> None:
    items = (HAT, HEADBAND, PYJAMAS, STEAMER, SHOES, BOOTS, CHOPSTICKS, NUNCHAKU, CLEAVER)
    assert ch.active_items(_gear(items=items)) == (HAT, PYJAMAS, SHOES, CHOPSTICKS, NUNCHAKU)


def test_P15_a_two_handed_item_takes_both_hands() -> None:
    assert ch.active_items(_gear(items=(STAFF, CHOPSTICKS))) == (STAFF,)
    assert ch.active_items(_gear(items=(CHOPSTICKS, STAFF, NUNCHAKU))) == (CHOPSTICKS, NUNCHAKU)


def test_P15_a_card_may_give_one_more_hand() -> None:
    gear = _gear(items=(RUBBER_ARM, CHOPSTICKS, NUNCHAKU, CLEAVER))
    assert ch.active_items(gear) == (RUBBER_ARM, CHOPSTICKS, NUNCHAKU, CLEAVER)
    assert ch.active_items(_gear(items=(STAFF, CLEAVER, RUBBER_ARM))) == (
        STAFF,
        CLEAVER,
        RUBBER_ARM,
    )


def test_P16_the_first_played_wins_a_contested_slot() -> None:
    assert ch.active_items(_gear(items=(HEADBAND, HAT))) == (HEADBAND,)
    assert ch.active_items(_gear(items=(HAT, HEADBAND))) == (HAT,)


def test_P16_carried_items_count_for_nothing_and_free_their_slot() -> None:
    gear = _gear(items=(HAT, HEADBAND, CAT), carried=frozenset({HAT, CAT}))
    assert ch.active_items(gear) == (HEADBAND,)
    assert ch.strength(gear) == 1 + 2


def test_P13_any_number_of_items_in_play_the_extra_ones_carried() -> None:
    """A third hat may still be played: it is then carried (P16, "girando la carta di lato")."""
    gear = _gear(items=(HAT, HEADBAND))
    assert ch.can_equip(gear, NINJA_HOOD) is None
    assert ch.active_items(replace(gear, items=(*gear.items, NINJA_HOOD))) == (HAT,)


def test_P15_items_with_no_slot_always_count() -> None:
    gear = _gear(items=(HAT, CAT, HEADBAND, TAPE))
    assert ch.active_items(gear) == (HAT, CAT, TAPE)


def test_P_big_item_only_one() -> None:
    gear = _gear(items=(LION_HEAD,))
    assert ch.max_big(gear) == 1
    assert ch.can_equip(gear, RAM) == "too_many_big_items"
    assert ch.can_equip(gear, DVDS) == "too_many_big_items"
    assert ch.can_equip(gear, CHOPSTICKS) is None
    assert ch.active_items(_gear(items=(LION_HEAD, RAM))) == (LION_HEAD,)


def test_P_big_item_limit_counts_carried_big_items() -> None:
    """I23: one big item *in play*, carried or not."""
    gear = _gear(items=(LION_HEAD,), carried=frozenset({LION_HEAD}))
    assert ch.can_equip(gear, RAM) == "too_many_big_items"
    assert ch.active_items(replace(gear, items=(LION_HEAD, RAM))) == (RAM,)


def test_P_big_items_more_with_a_card_that_says_so() -> None:
    for gear in (_gear(items=(BACKPACK, LION_HEAD)), _gear(styles=(ABACUS,), items=(LION_HEAD,))):
        assert ch.max_big(gear) == 2
        assert ch.can_equip(gear, RAM) is None
        assert ch.active_items(replace(gear, items=(*gear.items, RAM)))[-2:] == (LION_HEAD, RAM)


def test_P_class_restricted_item_counts_only_for_that_class() -> None:
    hood = _gear(items=(NINJA_HOOD,))
    assert ch.can_equip(NOBODY, NINJA_HOOD) is None
    assert ch.active_items(hood) == ()
    assert ch.strength(hood) == 1
    ninja = replace(hood, classes=(NINJA,))
    assert ch.active_items(ninja) == (NINJA_HOOD,)
    assert ch.strength(ninja) == 1 + 3


def test_P14_a_style_restricted_item_counts_only_with_that_style() -> None:
    gear = _gear(items=(LUCKY_ABACUS,))
    assert ch.active_items(gear) == ()
    assert ch.active_items(replace(gear, styles=(ABACUS,))) == (LUCKY_ABACUS,)


def test_P14_a_forbidden_item_counts_for_everyone_else() -> None:
    gear = _gear(items=(NEWSPAPER_ARMOUR,))
    assert ch.active_items(gear) == (NEWSPAPER_ARMOUR,)
    assert ch.active_items(replace(gear, classes=(SAMURAI,))) == ()
    assert ch.active_items(replace(gear, classes=(NINJA,))) == (NEWSPAPER_ARMOUR,)


def test_P14_a_restricted_item_in_its_slot_leaves_it_free_for_the_next() -> None:
    gear = _gear(items=(NINJA_HOOD, HAT))
    assert ch.active_items(gear) == (HAT,)
    assert ch.active_items(replace(gear, classes=(NINJA,))) == (NINJA_HOOD,)


# -- classes, styles, mooks (P9, P11, U1-U3, G2, E1, E5) --------------------------------------


def test_P9_one_class_without_super_munchkin() -> None:
    gear = _gear(classes=(NINJA,))
    assert ch.max_classes(gear) == 1
    assert ch.can_equip(NOBODY, NINJA) is None
    assert ch.can_equip(gear, SAMURAI) == "too_many_classes"


def test_U_super_munchkin_two_classes() -> None:
    gear = _gear(classes=(NINJA,), super_munchkin=True)
    assert ch.max_classes(gear) == 2
    assert ch.can_equip(gear, SAMURAI) is None
    assert ch.can_equip(gear, NINJA_2) == "class_already_in_play"
    both = replace(gear, classes=(NINJA, SAMURAI))
    assert ch.class_ids(both) == {"ninja", "samurai"}
    assert ch.can_equip(both, MONK) == "too_many_classes"


def test_U2_super_munchkin_needs_a_class_in_play() -> None:
    assert ch.can_equip(NOBODY, SUPER_MUNCHKIN) == "super_munchkin_needs_a_class"
    assert ch.can_equip(_gear(classes=(NINJA,)), SUPER_MUNCHKIN) is None
    gear = _gear(classes=(NINJA,), super_munchkin=True)
    assert ch.can_equip(gear, SUPER_MUNCHKIN) == "already_super_munchkin"


def test_P11_one_style_at_a_time() -> None:
    gear = _gear(styles=(NOODLE,))
    assert ch.max_styles(gear) == 1
    assert ch.style_ids(gear) == {"noodle"}
    assert ch.can_equip(NOBODY, NOODLE) is None
    assert ch.can_equip(gear, WOK) == "too_many_styles"


def test_P11_a_style_is_known_once() -> None:
    gear = _gear(styles=(NOODLE,), extra_styles=1)
    assert ch.can_equip(gear, NOODLE_2) == "style_already_known"
    assert ch.can_equip(gear, WOK) is None


def test_P_monk_two_styles() -> None:
    gear = _gear(classes=(MONK,), styles=(NOODLE,))
    assert ch.max_styles(gear) == 2
    assert ch.can_equip(gear, WOK) is None
    assert ch.can_equip(replace(gear, styles=(NOODLE, WOK)), TRAM) == "too_many_styles"


def test_U3_extra_style_raises_the_style_count_by_one() -> None:
    assert ch.can_equip(NOBODY, EXTRA_STYLE) is None
    assert ch.max_styles(_gear(extra_styles=1)) == 2
    assert ch.max_styles(_gear(extra_styles=2, classes=(MONK,))) == 4


def test_P11_a_card_may_teach_one_more_style() -> None:
    assert ch.max_styles(_gear(items=(TAPE,))) == 2
    assert ch.max_styles(_gear(items=(TAPE,), carried=frozenset({TAPE}))) == 1


def test_E1_epic_one_extra_style_per_class() -> None:
    gear = _gear(level=10, classes=(MONK, NINJA), super_munchkin=True)
    assert ch.max_styles(gear) == 1 + 1
    assert ch.max_styles(replace(gear, epic=True)) == 1 + 1 + 2


def test_G2_one_mook_in_play() -> None:
    gear = _gear(mooks=((NEPHEW, ()),))
    assert ch.max_mooks(gear) == 1
    assert ch.can_equip(NOBODY, NEPHEW) is None
    assert ch.can_equip(gear, BODYGUARD) == "too_many_mooks"


def test_E5_epic_yakuza_any_number_of_mooks() -> None:
    gear = _gear(level=10, classes=(YAKUZA,), mooks=((NEPHEW, ()), (BODYGUARD, ())))
    assert ch.can_equip(gear, DELIVERY_BOY) == "too_many_mooks"
    epic = replace(gear, epic=True)
    assert ch.max_mooks(epic) >= len(DECK.cards)
    assert ch.can_equip(epic, DELIVERY_BOY) is None
    assert ch.max_mooks(_gear(level=10, classes=(MONK,), epic=True)) == 1


def test_S14_a_card_in_play_is_not_played_again() -> None:
    assert ch.can_equip(_gear(items=(HAT,)), HAT) == "already_in_play"
    assert ch.can_equip(_gear(mooks=((NEPHEW, ()),)), NEPHEW) == "already_in_play"


def test_S13_only_cards_that_stay_in_play_are_equipped() -> None:
    for card_id in (GREMLIN, SLOW_MOTION):
        assert ch.can_equip(NOBODY, card_id) == "not_equippable"


# -- strength (C1, H5, I21, I22, G4) ----------------------------------------------------------


def test_C1_strength_is_level_items_styles_classes_and_mooks() -> None:
    gear = _gear(
        level=4, classes=(NINJA,), styles=(WOK,), items=(HAT, CHOPSTICKS, HEADBAND),
        mooks=((BODYGUARD, ()),),
    )  # fmt: skip
    assert ch.strength(gear) == 4 + 3 + 1 + 2 + 3


def test_G4_an_enhancer_on_a_mook_adds_its_bonus() -> None:
    gear = _gear(mooks=((NEPHEW, (SLOW_MOTION,)),))
    assert ch.strength(gear) == 1 + 2 + 5
    assert ch.strength_lines(gear) == (("level", 1), (NEPHEW, 2), (SLOW_MOTION, 5))


def test_I22_a_bonus_against_a_tag_counts_only_against_it() -> None:
    gear = _gear(classes=(MONK,), styles=(UMBRELLA,), items=(SLAPPING_FAN,))
    assert ch.strength(gear) == 1 + 1 + 1
    assert ch.strength(gear, frozenset({"ghost"})) == 1 + (1 + 3) + (1 + 2)
    assert ch.strength(gear, frozenset({"ghost", "demon"})) == 1 + 2 + (1 + 3) + (1 + 2)


def test_H5_the_helper_adds_helper_bonus_only_while_helping() -> None:
    gear = _gear(level=3, classes=(YAKUZA,))
    assert ch.strength(gear) == 3
    assert ch.strength(gear, helping=True) == 3 + 2


def test_I21_strength_lines_name_every_card_that_counts() -> None:
    gear = _gear(
        level=2, classes=(NINJA,), styles=(UMBRELLA,), items=(HAT, HEADBAND, TAPE),
        mooks=((NEPHEW, (ZOOM,)),),
    )  # fmt: skip
    lines = ch.strength_lines(gear, frozenset({"ghost"}))
    assert lines == (("level", 2), (UMBRELLA, 4), (NEPHEW, 2), (ZOOM, 10), (HAT, 1))
    assert ch.strength(gear, frozenset({"ghost"})) == sum(n for _, n in lines)


def test_P5_strength_starts_from_the_level() -> None:
    assert ch.strength_lines(NOBODY) == (("level", 1),)
    assert ch.strength(_gear(level=7)) == 7


# -- effects, running away, selling (R3, R4, E2-E5, P17) --------------------------------------


def test_R4_styles_items_classes_and_mooks_modify_the_run() -> None:
    gear = _gear(classes=(NINJA,), styles=(TRAM,), items=(SHOES,), mooks=((DELIVERY_BOY, ()),))
    assert ch.run_modifier(gear) == 1 + 2 + 1 + 1
    assert ch.run_modifier(replace(gear, items=(BOOTS,))) == 1 + 2 - 1 + 1
    assert ch.run_modifier(replace(gear, carried=frozenset({SHOES}))) == 1 + 2 + 1
    assert ch.run_modifier(NOBODY) == 0


def test_R3_the_ninja_holds_escape_by_discarding_a_hand_of_two() -> None:
    found = ch.effects_in_play(_gear(classes=(NINJA,)), "escape_discard_hand")
    assert [e.amount for e in found] == [2]
    assert ch.effects_in_play(NOBODY, "escape_discard_hand") == ()


def test_E2_epic_powers_only_for_an_epic_character() -> None:
    for cls, op in ((MONK, "clairvoyance"), (NINJA, "shadow_escape"), (YAKUZA, "crime_lord")):
        gear = _gear(level=10, classes=(cls,))
        assert ch.effects_in_play(gear, op) == ()
        assert [e.op for e in ch.effects_in_play(replace(gear, epic=True), op)] == [op]
    strike = ch.effects_in_play(_gear(level=12, classes=(SAMURAI,), epic=True), "draw_and_strike")
    assert [e.amount for e in strike] == [3]


def test_X1_extra_treasure_from_classes_styles_and_active_items() -> None:
    gear = _gear(classes=(YAKUZA,), styles=(ABACUS,), items=(LUCKY_ABACUS,))
    assert sum(e.amount for e in ch.effects_in_play(gear, "extra_treasure")) == 2
    gear = replace(gear, styles=())
    assert sum(e.amount for e in ch.effects_in_play(gear, "extra_treasure")) == 1


def test_P_sell_per_1000() -> None:
    assert [ch.sell_levels(g) for g in (0, 900, 1000, 1100, 1999, 2000, 3500)] == [
        0, 0, 1, 1, 1, 2, 3,
    ]  # fmt: skip
    assert ch.sell_levels(-100) == 0
