"""Notte di Terrore's decks as data (``rules/notte_di_terrore/cards.py`` + ``data/*.json``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from rules.notte_di_terrore import cards
from rules.notte_di_terrore.cards import DATA_DIR, DeckError, load_decks, terror_of

DECKS = cards.decks()
ALL_CARDS = {
    "beings": DECKS.beings,
    "weapons": DECKS.weapons,
    "events": DECKS.events,
    "places": DECKS.places,
}


def test_the_data_loads() -> None:
    assert DECKS.beings and DECKS.weapons and DECKS.events and DECKS.places
    assert load_decks() == DECKS


@pytest.mark.parametrize(
    ("deck", "count"), [("beings", 60), ("weapons", 54), ("events", 90), ("places", 45)]
)
def test_deck_sizes_match_the_rulebook(deck: str, count: int) -> None:
    assert DECKS.size(deck) == count
    assert len(cards.instance_ids(ALL_CARDS[deck])) == count


def test_ids_are_unique_across_all_decks() -> None:
    ids = [i for deck in (*ALL_CARDS.values(), DECKS.combinations) for i in deck]
    assert len(ids) == len(set(ids))
    instances = [i for deck in ALL_CARDS.values() for i in cards.instance_ids(deck)]
    assert len(instances) == len(set(instances)) == 60 + 54 + 90 + 45
    assert {cards.design_id(i) for i in instances} == {
        i for deck in ALL_CARDS.values() for i in deck
    }


def test_every_referenced_being_type_exists() -> None:
    types = set(DECKS.types)
    assert {b.type for b in DECKS.beings.values()} == types
    for weapon in DECKS.weapons.values():
        assert set(weapon.defeats) <= types
    for combo in DECKS.combinations.values():
        assert set(combo.defeats) <= types
    for event in DECKS.events.values():
        assert event.favours is None or event.favours in types
    for place in DECKS.places.values():
        assert set(place.forbidden) <= types


def test_every_being_type_is_defeated_by_some_weapon() -> None:
    for type_id in DECKS.types:
        assert any(type_id in w.defeats for w in DECKS.weapons.values()), type_id


def test_combinations_pair_two_weapons_and_add_a_type() -> None:
    assert DECKS.combinations
    for combo in DECKS.combinations.values():
        first, second = (DECKS.weapons[w] for w in combo.weapons)
        assert second.id in first.combines_with and first.id in second.combines_with
        alone = set(first.defeats) | set(second.defeats)
        assert alone < set(combo.defeats)


def test_every_place_leaves_room_for_beings() -> None:
    for place in DECKS.places.values():
        allowed = set(DECKS.types) - set(place.forbidden)
        assert allowed, place.id
        assert 1 <= place.max_per_type <= cards.MAX_BEINGS_PER_PLACE
        assert len(allowed) * place.max_per_type >= 1


def test_both_names_present_and_non_empty() -> None:
    for deck in (*ALL_CARDS.values(), DECKS.combinations, DECKS.types):
        for card in deck.values():
            assert set(card.name) == {"en", "it"}
            assert all(v.strip() for v in card.name.values()), card.id


def test_the_rulebooks_named_cards_are_present() -> None:
    assert DECKS.beings["werewolf"].name == {"en": "Werewolf", "it": "Lupo Mannaro"}
    assert DECKS.beings["zombie"].name == {"en": "Zombie", "it": "Zombi"}
    assert DECKS.events["killing"].name == {"en": "Killing", "it": "Uccisione"}
    assert DECKS.events["full_moon"].name == {"en": "Full Moon", "it": "Luna Piena"}
    necronomicon = DECKS.events["necronomicon"]
    assert necronomicon.is_necronomicon and necronomicon.copies > 1


def test_events_favouring_a_type_give_two_and_one_when_irrelevant() -> None:
    full_moon, killing = DECKS.events["full_moon"], DECKS.events["killing"]
    werewolf, zombie = DECKS.beings["werewolf"], DECKS.beings["zombie"]
    assert cards.event_value(full_moon, werewolf) == 2
    assert cards.event_value(full_moon, zombie) == 1
    assert cards.is_irrelevant(full_moon, zombie) and not cards.is_irrelevant(full_moon, werewolf)
    assert cards.event_value(killing, werewolf) == cards.event_value(killing, zombie) == 1
    assert not cards.is_irrelevant(killing, zombie)


def test_example_werewolf_with_killing_and_full_moon_not_killed_is_plus_three() -> None:
    events = [DECKS.events["killing"], DECKS.events["full_moon"]]
    assert terror_of(DECKS.beings["werewolf"], events, killed=False) == 3


ZOMBIES = [b for b in DECKS.beings.values() if b.type == "zombie"]


@pytest.mark.parametrize("zombie", ZOMBIES, ids=lambda b: b.id)
def test_example_zombie_killed_is_minus_one(zombie: cards.Being) -> None:
    # R7: "un giocatore che uccide uno Zombi riduce i suoi punti Terrore di 1": any Zombie.
    assert terror_of(zombie, [], killed=True) == -1


@pytest.mark.parametrize("zombie", ZOMBIES, ids=lambda b: b.id)
def test_example_zombie_with_killing_killed_is_zero(zombie: cards.Being) -> None:
    assert terror_of(zombie, [DECKS.events["killing"]], killed=True) == 0


def test_terror_of_flight_summons_and_necronomicon_weapon() -> None:
    werewolf, killing = DECKS.beings["werewolf"], DECKS.events["killing"]
    assert terror_of(werewolf, [killing], killed=False, fled=True) == 1 + 2 * 3
    assert terror_of(werewolf, [killing], killed=False, summoned=True) == 1 + 3
    assert terror_of(werewolf, [], killed=True, by_necronomicon=True) == 0
    many = [killing] * 5
    assert terror_of(werewolf, many, killed=True) == 0  # never a gain


def _copy_data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def _edit(directory: Path, file: str, change) -> None:  # type: ignore[no-untyped-def]
    path = directory / file
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_loader_accepts_an_unchanged_copy(tmp_path: Path) -> None:
    assert load_decks(_copy_data(tmp_path)) == DECKS


def test_loader_rejects_a_broken_file_and_names_every_broken_entry(tmp_path: Path) -> None:
    directory = _copy_data(tmp_path)

    def break_beings(data: dict) -> None:  # type: ignore[type-arg]
        data["beings"][0]["value"] = -2
        data["beings"][3]["type"] = "banshee"

    def break_events(data: dict) -> None:  # type: ignore[type-arg]
        data["events"][1]["name"]["it"] = ""

    _edit(directory, "beings.json", break_beings)
    _edit(directory, "events.json", break_events)
    with pytest.raises(DeckError) as caught:
        load_decks(directory)
    message = str(caught.value)
    assert "beings.json beings[0] 'zombie': value" in message
    assert "beings.json beings[3] 'skeleton': type 'banshee'" in message
    assert "events.json events[1] 'killing': name" in message
    assert len(caught.value.problems) == 3


def test_loader_rejects_wrong_totals_and_unknown_types(tmp_path: Path) -> None:
    directory = _copy_data(tmp_path)
    _edit(directory, "weapons.json", lambda d: d["weapons"][0].update(copies=5))
    _edit(directory, "places.json", lambda d: d["places"][1].update(forbidden=["dragon"]))
    with pytest.raises(DeckError) as caught:
        load_decks(directory)
    assert "places.json places[1] 'deconsecrated_church': forbidden names unknown" in str(
        caught.value
    )
    _edit(directory, "places.json", lambda d: d["places"][1].update(forbidden=[]))
    with pytest.raises(DeckError, match="55 cards with copies, want 54"):
        load_decks(directory)


def test_loader_rejects_duplicate_ids_and_invalid_json(tmp_path: Path) -> None:
    directory = _copy_data(tmp_path)
    _edit(directory, "events.json", lambda d: d["events"][2].update(id="zombie"))
    with pytest.raises(DeckError, match=r"events\.json events\[2\] 'zombie': duplicate id"):
        load_decks(directory)
    (directory / "places.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(DeckError, match=r"places\.json: cannot read"):
        load_decks(directory)


def test_every_type_has_two_single_weapons_and_a_combination() -> None:
    for type_id in DECKS.types:
        assert sum(type_id in w.defeats for w in DECKS.weapons.values()) >= 2, type_id
        assert any(type_id in k.defeats for k in DECKS.combinations.values()), type_id
