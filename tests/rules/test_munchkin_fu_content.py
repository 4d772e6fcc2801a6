"""Munchkin Fu's original deck (``rules/munchkin_fu/content.py`` + ``data/*.json``).

The counts the interface page and the "Components" section of ``docs/rules/munchkin_fu.md``
ask for, the balance of the monsters, the effect vocabulary (every op used by some card), the
two languages, the rulebook's examples on original cards, and the loader's refusal of broken
data with the file and the card named.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from rules.munchkin_fu.content import (
    CLASSES,
    DATA_DIR,
    DECK,
    DOOR,
    EFFECT_OPS,
    KINDS_DOOR,
    KINDS_TREASURE,
    LANGUAGES,
    NAME_MAX,
    SLOTS,
    TEXT_MAX,
    TREASURE,
    Card,
    ContentError,
    load_deck,
)

CARDS = list(DECK.cards.values())


def _kind(kind: str) -> list[Card]:
    return [c for c in CARDS if c.kind == kind]


def _ops(effects: Iterable[Any]) -> set[str]:
    return {e.op for e in effects}


def _every_op(card: Card) -> set[str]:
    return _ops((*card.effects, *card.bad_stuff, *card.escape_stuff, *card.on_kill, *card.epic))


def _band(level: int) -> str:
    return "1-4" if level <= 4 else "5-9" if level <= 9 else "10-14" if level <= 14 else "15-20"


# -- loading ----------------------------------------------------------------------------------


def test_content_deck_loads_once_and_equals_a_fresh_load() -> None:
    assert load_deck() is DECK
    assert load_deck(DATA_DIR) == DECK
    assert set(DECK.cards) == {*DECK.door, *DECK.treasure}
    assert all(DECK.cards[c].deck == DOOR for c in DECK.door)
    assert all(DECK.cards[c].deck == TREASURE for c in DECK.treasure)


def test_content_ids_are_numbered_in_data_order() -> None:
    """Stable ids: d001.. and t001.. without gaps, in the order of the files."""
    assert list(DECK.door) == [f"d{n:03d}" for n in range(1, len(DECK.door) + 1)]
    assert list(DECK.treasure) == [f"t{n:03d}" for n in range(1, len(DECK.treasure) + 1)]


# -- counts -----------------------------------------------------------------------------------


def test_S1_the_deck_has_at_least_168_cards() -> None:
    assert len(DECK.cards) >= 168
    assert 85 <= len(DECK.door) <= 120
    assert 65 <= len(DECK.treasure) <= 90


def test_content_every_kind_is_in_its_deck_with_the_counts_the_rules_need() -> None:
    kinds = Counter(c.kind for c in CARDS)
    assert set(kinds) == {*KINDS_DOOR, *KINDS_TREASURE}
    minimum = {
        "monster": 28, "enhancer": 6, "wandering": 2, "double": 2, "trap": 10, "class": 16,
        "style": 18, "super_munchkin": 2, "extra_style": 2, "mook": 6, "item": 40,
        "one_shot": 6, "level_up": 4,
    }  # fmt: skip
    assert {k: n for k, n in kinds.items() if n < minimum[k]} == {}


def test_content_monsters_in_every_level_band_with_bad_stuff() -> None:
    monsters = _kind("monster")
    bands = Counter(_band(m.level) for m in monsters)
    assert set(bands) == {"1-4", "5-9", "10-14", "15-20"}
    assert min(bands.values()) >= 6
    assert {m.level for m in monsters} >= {1, 20}
    assert all(m.bad_stuff for m in monsters if not m.friendly)  # I44: never fought


def test_T7_monsters_of_level_15_or_more_give_two_levels() -> None:
    for m in _kind("monster"):
        assert m.levels == (2 if m.level >= 15 else 1), m.id


def test_content_treasures_grow_with_the_level_band() -> None:
    allowed = {"1-4": {1, 2}, "5-9": {2, 3}, "10-14": {3, 4}, "15-20": {4, 5}}
    for m in _kind("monster"):
        assert m.treasures in allowed[_band(m.level)] or m.friendly, m.id


def test_P6_four_cards_of_each_class_with_the_rulebook_powers() -> None:
    classes = _kind("class")
    assert Counter(c.class_id for c in classes) == dict.fromkeys(CLASSES, 4)
    power = {"ninja": ("escape_discard_hand", 2), "monk": ("style_slots", 1)}
    epic = {
        "ninja": "shadow_escape", "samurai": "draw_and_strike", "yakuza": "crime_lord",
        "monk": "clairvoyance",
    }  # fmt: skip
    for c in classes:
        if c.class_id in power:
            op, amount = power[c.class_id]
            assert [e.amount for e in c.effects if e.op == op] == [amount], c.id
        assert [e.op for e in c.epic] == [epic[c.class_id]], c.id
        assert len(c.effects) >= 2, f"{c.id}: the class power plus an original one"
    assert all(e.amount == 3 for c in classes for e in c.epic if e.op == "draw_and_strike")


def test_H3_every_yakuza_makes_help_pay() -> None:
    """ "a meno che non vi siano Yakuza in giro": each Yakuza card has helper_bonus (I17)."""
    for c in _kind("class"):
        if c.class_id == "yakuza":
            assert "helper_bonus" in _ops(c.effects), c.id


def test_P10_twelve_styles_each_with_a_card() -> None:
    styles = _kind("style")
    assert len(DECK.styles) == 12
    assert {s.style_id for s in styles} == set(DECK.styles)
    assert len(styles) >= 18


def test_P10_every_card_of_a_style_is_that_style() -> None:
    """The cards of one style are copies: the style's name, the same bonus and effects."""
    for card in _kind("style"):
        assert card.names == DECK.styles[card.style_id], card.id
    for style_id in DECK.styles:
        copies = {(c.bonus, c.effects, tuple(c.texts.items())) for c in _kind("style")
                  if c.style_id == style_id}  # fmt: skip
        assert len(copies) == 1, style_id


def test_content_enhancers_raise_and_lower() -> None:
    bonuses = [c.bonus for c in _kind("enhancer")]
    assert sum(b > 0 for b in bonuses) >= 4 and sum(b < 0 for b in bonuses) >= 1
    for card in _kind("enhancer"):
        assert (card.treasures > 0) == (card.bonus > 0), card.id


def test_K3_traps_include_next_combat_ones_and_every_loss() -> None:
    traps = _kind("trap")
    waiting = [t for t in traps if any(e.next_combat for e in t.effects)]
    assert len(waiting) >= 3
    losses = {op for op in EFFECT_OPS if op.startswith("lose_")}
    assert set().union(*(_ops(t.effects) for t in traps)) >= losses


def test_I44_friendly_monsters_and_on_kill_instructions() -> None:
    monsters = _kind("monster")
    assert sum(m.friendly for m in monsters) >= 2
    assert all(not (m.treasures or m.bad_stuff or m.hk) for m in monsters if m.friendly)
    assert sum(bool(m.on_kill) for m in monsters) >= 2


def test_K4_traps_take_every_slot_footgear_included() -> None:
    slots = {e.target for t in _kind("trap") for e in t.effects if e.op == "lose_slot"}
    assert slots >= {"head", "armour", "feet", "hand"}


def test_R4_a_style_makes_running_harder() -> None:
    assert any(e.op == "run" and e.amount < 0 for s in _kind("style") for e in s.effects)


def test_G1_mooks_fight_for_you() -> None:
    assert all(m.bonus >= 1 for m in _kind("mook"))


def test_P15_items_for_every_slot_and_none() -> None:
    items = _kind("item")
    assert {i.slot for i in items} == {"", *SLOTS}
    assert Counter(i.slot for i in items)["hand"] >= 6
    assert any(i.big and i.slot == "two_hands" for i in items)
    assert any(i.big and not i.slot for i in items)


def test_P14_class_and_style_restricted_items() -> None:
    items = _kind("item")
    required = {r for i in items for r in i.requires}
    assert required >= set(CLASSES)
    assert len(required & set(DECK.styles)) >= 4
    assert any(i.forbids for i in items)


def test_P12_every_item_has_a_name_a_power_and_a_gold_value() -> None:
    """A value of 0 is printed as "No value" (I24): such an item cannot be sold."""
    for item in _kind("item"):
        assert item.names and (item.bonus or item.effects or item.gold >= 1000), item.id
        assert item.gold >= 100 or "No value" in item.texts["en"], item.id
        assert item.gold % 100 == 0, item.id
    assert any(item.gold == 0 for item in _kind("item"))


def test_P17_gold_in_hundreds_with_items_worth_a_level_alone() -> None:
    golds = [c.gold for c in CARDS if c.kind in ("item", "one_shot")]
    assert all(g % 100 == 0 for g in golds)
    assert min(g for g in golds if g) == 100 and max(golds) > 1000
    assert all(c.gold == 0 for c in CARDS if c.deck == DOOR)


def test_C3_one_shots_for_the_fight_and_the_getaway() -> None:
    one_shots = _kind("one_shot")
    ops = Counter(op for c in one_shots for op in _ops(c.effects))
    assert ops["combat_bonus"] >= 4 and ops["remove_monster"] >= 1 and ops["auto_escape"] >= 1
    for card in one_shots:
        assert card.bonus == sum(e.amount for e in card.effects if e.op == "combat_bonus")


def test_X3_go_up_a_level_cards() -> None:
    ups = _kind("level_up")
    assert len(ups) >= 4
    assert all(_ops(c.effects) == {"gain_levels"} and c.gold == 0 for c in ups)


def test_HK1_hong_kong_monsters_and_items() -> None:
    assert sum(c.hk for c in _kind("monster")) >= 4
    hk_items = [c for c in CARDS if c.hk and c.deck == TREASURE]
    assert len(hk_items) >= 4
    assert all(c.kind in ("item", "one_shot") for c in hk_items)


def test_content_every_effect_op_is_used_by_a_card() -> None:
    used = set().union(*(_every_op(c) for c in CARDS))
    assert used == set(EFFECT_OPS)


def test_content_monster_ops_cover_the_fight() -> None:
    ops = Counter(op for m in _kind("monster") for op in _ops(m.effects))
    assert ops["vs"] >= 6 and ops["run"] >= 4 and ops["no_escape"] >= 2
    assert ops["ignore_below"] >= 2
    assert sum(bool(m.escape_stuff) for m in _kind("monster")) >= 3
    targets = {e.target for m in _kind("monster") for e in m.effects if e.op == "vs"}
    assert targets & set(CLASSES) and targets & set(DECK.styles)


# -- the rulebook's examples on original cards ------------------------------------------------


def test_H6_a_monster_minus_two_against_a_monk() -> None:
    assert any(
        e.op == "vs" and e.target == "monk" and e.amount == -2
        for m in _kind("monster")
        for e in m.effects
    )


def test_H7_a_monster_plus_four_against_a_samurai() -> None:
    assert any(
        e.op == "vs" and e.target == "samurai" and e.amount == 4
        for m in _kind("monster")
        for e in m.effects
    )


def test_HK4_two_hk_monsters_and_two_hk_items_of_plus_two() -> None:
    """Enough +2 HK items that the example (two of them given in one fight) arises in play."""
    assert sum(m.hk for m in _kind("monster")) >= 2
    assert sum(c.hk and c.bonus == 2 for c in _kind("item")) >= 4


def test_M6_two_raising_enhancers_and_a_double() -> None:
    assert sum(c.bonus > 0 for c in _kind("enhancer")) >= 2 and _kind("double")


# -- names and texts --------------------------------------------------------------------------

SAME_IN_BOTH = {"Super Munchkin"}
"""Proper names allowed to read the same in Italian and English."""

COMMERCIAL = (
    "Tigre Fantasma", "Viet-Cong", "Maschera Ninja", "Strafatto di Loto", "Posseduto da un",
    "Addestrato da un Maestro", "Seguaci Malvagi", "Fili Visibili", "Cambi Sesso",
    "Grande Muraglia", "Filo Fu", "Unghie di Cinque", "Dente di Drago", "Squadrong",
    "Hong Kong Kong", "HK Bong", "Mutandong", "Corda Strangolante", "Lady Drago",
    "Karatetotano", "Gaki", "Polvere", "Talco", "Roba da Monaco",
)  # fmt: skip
"""Names the rulebook gives to cards of the commercial game: none of ours may use them."""


def test_content_every_card_has_both_languages_within_length() -> None:
    for card in CARDS:
        for lang in LANGUAGES:
            assert 0 < len(card.names[lang]) <= NAME_MAX, (card.id, lang)
            assert 0 < len(card.texts[lang]) <= TEXT_MAX, (card.id, lang)


def test_content_italian_names_are_not_the_english_ones() -> None:
    same = {c.names["en"] for c in CARDS if c.names["en"] == c.names["it"]}
    assert same <= SAME_IN_BOTH
    texts = [c.id for c in CARDS if c.texts["en"] == c.texts["it"]]
    assert texts == []


def test_content_names_are_unique_but_for_copies_of_a_style() -> None:
    for lang in LANGUAGES:
        names = Counter(c.names[lang] for c in CARDS if c.kind != "style")
        assert [n for n, k in names.items() if k > 1] == [], lang
        styles = {c.names[lang] for c in _kind("style")}
        assert not styles & set(names), lang


def test_content_no_card_uses_a_commercial_card_name() -> None:
    words = [(c.id, f"{c.names['en']} {c.names['it']} {c.texts['en']} {c.texts['it']}")
             for c in CARDS]  # fmt: skip
    found = [(cid, name) for cid, text in words for name in COMMERCIAL if name in text]
    assert found == []


def test_P2_no_card_refers_to_sex() -> None:
    for card in CARDS:
        text = f"{card.texts['en']} {card.texts['it']} {card.names['en']} {card.names['it']}"
        assert not any(w in text.lower() for w in ("sex", "sesso", "gender")), card.id


def test_content_hk_cards_say_so() -> None:
    for card in CARDS:
        hong_kong = ("Hong Kong" in card.texts["en"], "Hong Kong" in card.texts["it"])
        assert hong_kong == (card.hk, card.hk), card.id


# -- the loader refuses broken data -----------------------------------------------------------


def _edit(file: str, change: Callable[[dict[str, Any]], None]) -> Callable[[Path], None]:
    def corrupt(directory: Path) -> None:
        path = directory / file
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data)
        path.write_text(json.dumps(data), encoding="utf-8")

    return corrupt


def _card_edit(file: str, card_id: str, **fields: Any) -> Callable[[Path], None]:
    def change(data: dict[str, Any]) -> None:
        card = next(c for c in data["cards"] if c["id"] == card_id)
        for key, value in fields.items():
            if value is None:
                del card[key]
            else:
                card[key] = value

    return _edit(file, change)


BROKEN = {
    "unknown op": (_card_edit("door.json", "d001", bad_stuff=[{"op": "explode"}]),
                   "door.json: d001: bad_stuff: unknown op"),
    "op without its amount": (_card_edit("door.json", "d001", bad_stuff=[{"op": "lose_cards"}]),
                              "door.json: d001: bad_stuff: lose_cards amount 0"),
    "op with a bad target": (
        _card_edit("door.json", "d002", bad_stuff=[{"op": "lose_slot", "target": "tail"}]),
        "door.json: d002: bad_stuff: lose_slot target 'tail'"),
    "op not for the kind": (_card_edit("treasure.json", "t001", effects=[{"op": "death"}]),
                            "treasure.json: t001: effects: op 'death' is not allowed"),
    "next combat on a loss": (
        _card_edit("door.json", "d061",
                   effects=[{"op": "lose_levels", "amount": 1, "next_combat": True}]),
        "door.json: d061: effects: only combat_penalty"),
    "bad id": (_card_edit("door.json", "d001", id="x001"), "door.json: x001: bad id"),
    "treasure id in the door deck": (_card_edit("door.json", "d001", id="t999"),
                                     "door.json: t999: bad id"),
    "repeated id": (_card_edit("door.json", "d002", id="d001"), "door.json: d001: repeated id"),
    "treasure kind in the door deck": (_card_edit("door.json", "d001", kind="item"),
                                       "door.json: d001: kind 'item' is not a door kind"),
    "monster without bad stuff": (_card_edit("door.json", "d001", bad_stuff=None),
                                  "door.json: d001: a monster needs bad_stuff"),
    "monster level 21": (_card_edit("door.json", "d034", level=21),
                         "door.json: d034: level 21 outside 1..20"),
    "unknown class": (_card_edit("door.json", "d063", class_id="pirate"),
                      "door.json: d063: class_id 'pirate'"),
    "class without epic": (_card_edit("door.json", "d063", epic=None),
                           "door.json: d063: a class card needs its epic power"),
    "unknown style": (_card_edit("door.json", "d079", style_id="yodel"),
                      "door.json: d079: unknown style_id 'yodel'"),
    "unknown requirement": (_card_edit("treasure.json", "t003", requires=["pirate"]),
                            "treasure.json: t003: requires/forbids 'pirate'"),
    "unknown slot": (_card_edit("treasure.json", "t001", slot="tail"),
                     "treasure.json: t001: slot 'tail'"),
    "gold not in hundreds": (_card_edit("treasure.json", "t001", gold=250),
                             "treasure.json: t001: gold 250"),
    "capacity item in a slot": (_card_edit("treasure.json", "t044", slot="head"),
                                "treasure.json: t044: capacity effects: no slot"),
    "text too long": (_card_edit("treasure.json", "t001", texts={"en": "x" * 141, "it": "y"}),
                      "treasure.json: t001: text (en) empty or longer than 140"),
    "missing Italian": (_card_edit("treasure.json", "t002", names={"en": "Hat"}),
                        "treasure.json: t002: malformed"),
    "empty name": (_card_edit("treasure.json", "t002", names={"en": "Hat", "it": " "}),
                   "treasure.json: t002: name (it) empty"),
    "unknown field": (_card_edit("treasure.json", "t002", colour="red"),
                      "treasure.json: t002: malformed: TypeError: unknown fields ['colour']"),
    "one-shot bonus not its combat bonus": (_card_edit("treasure.json", "t053", bonus=3),
                                            "treasure.json: t053: bonus 3 must equal"),
    "eleven styles": (_edit("styles.json", lambda d: d["styles"].pop()),
                      "styles.json: 11 styles"),
    "a field the kind does not use": (_card_edit("treasure.json", "t001", level=3),
                                      "treasure.json: t001: level is not for kind item"),
    "bonus on a monster": (_card_edit("door.json", "d001", bonus=2),
                           "door.json: d001: bonus is not for kind monster"),
    "bad json": (lambda d: (d / "door.json").write_text("{", encoding="utf-8"),
                 "door.json: cannot read"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_content_loader_names_the_file_and_card_of_each_problem(case: str, tmp_path: Path) -> None:
    corrupt, message = BROKEN[case]
    directory = tmp_path / "data"
    shutil.copytree(DATA_DIR, directory)
    corrupt(directory)
    with pytest.raises(ContentError) as error:
        load_deck(directory)
    assert any(p.startswith(message) for p in error.value.problems), error.value.problems
