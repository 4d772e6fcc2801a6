"""The Decktet data file matches the published 45-card deck (see ``rules/decktet.py``)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest

from rules import decktet
from rules.decktet import NUMERAL_RANKS, SUITS, Card

CARDS = decktet.cards()


def test_deck_has_45_cards_with_unique_ids() -> None:
    assert len(CARDS) == 45
    assert len(set(CARDS)) == 45
    assert all(card_id == card.id for card_id, card in CARDS.items())


def test_ids_are_lowercase_english_names_without_the() -> None:
    for card in CARDS.values():
        if card.rank == "ace":
            assert card.id == f"ace_{card.suits[0]}"
        else:
            expected = card.name_en.removeprefix("the ").lower().replace(" ", "_")
            assert card.id == expected
    assert {"author", "chance_meeting", "light_keeper", "huntress", "excuse"} <= set(CARDS)


def test_each_suit_is_on_exactly_eight_numerals() -> None:
    counts = Counter(s for c in CARDS.values() if c.is_numeral for s in c.suits)
    assert counts == dict.fromkeys(SUITS, 8)


def test_three_numerals_of_each_rank_each_with_two_suits() -> None:
    numerals = [c for c in CARDS.values() if c.is_numeral]
    assert Counter(c.rank for c in numerals) == dict.fromkeys(NUMERAL_RANKS, 3)
    assert all(len(c.suits) == 2 for c in numerals)


def test_one_ace_and_one_crown_per_suit() -> None:
    for rank in ("ace", "crown"):
        cards = [c for c in CARDS.values() if c.rank == rank]
        assert sorted(s for c in cards for s in c.suits) == sorted(SUITS)


def test_pawns_and_courts_have_three_suits_each_suit_twice() -> None:
    for rank in ("pawn", "court"):
        cards = [c for c in CARDS.values() if c.rank == rank]
        assert len(cards) == 4
        assert all(len(c.suits) == 3 for c in cards)
        assert Counter(s for c in cards for s in c.suits) == dict.fromkeys(SUITS, 2)


def test_excuse_has_no_suit_and_no_type() -> None:
    excuse = decktet.card("excuse")
    assert (excuse.rank, excuse.suits, excuse.types) == ("excuse", (), ())


def test_eleven_personality_cards_in_the_basic_deck() -> None:
    basic = [c for c in CARDS.values() if c.is_numeral or c.rank == "crown"]
    people = {c.id for c in basic if c.is_personality}
    assert people == {
        "author", "painter", "savage", "sailor", "soldier", "lunatic",
        "penitent", "diplomat", "merchant", "huntress", "bard",
    }  # fmt: skip


def test_spot_checks_against_the_published_list() -> None:
    castle = decktet.card("castle")
    assert (castle.rank, castle.suits, castle.types) == (7, ("suns", "knots"), ("location",))
    assert decktet.card("origin").types == ("location", "event")
    assert decktet.card("windfall").types == ("event",)  # the majority of the sources
    assert decktet.card("watchman").suits == ("moons", "wyrms", "knots")


def test_every_card_suit_and_type_has_english_and_italian_names() -> None:
    for card in CARDS.values():
        assert set(card.name) == {"en", "it"} and all(card.name.values())
    assert decktet.suit_names()["wyrms"] == {"en": "Wyrms", "it": "Viverne"}
    assert [decktet.suit_names()[s]["it"] for s in SUITS] == [
        "Lune", "Soli", "Onde", "Foglie", "Viverne", "Nodi",
    ]  # fmt: skip
    assert set(decktet.type_names()) == set(decktet.TYPES)
    assert decktet.rank_names()["pawn"]["it"] == "Pedone"
    assert decktet.card("castle").name == {"en": "the Castle", "it": "il Castello"}


def test_card_to_json_is_plain_json() -> None:
    data = decktet.card("light_keeper").to_json()
    assert json.loads(json.dumps(data)) == data
    assert data["suits"] == ["suns", "waves", "knots"]


def test_validation_rejects_a_missing_card() -> None:
    with pytest.raises(ValueError, match="45"):
        decktet.validate(list(CARDS.values())[:-1])


def test_validation_rejects_a_wrong_suit() -> None:
    cards = list(CARDS.values())
    index = next(i for i, c in enumerate(cards) if c.id == "castle")
    cards[index] = replace(cards[index], suits=("suns", "moons"))
    with pytest.raises(ValueError, match="8 numerals"):
        decktet.validate(cards)


def test_validation_rejects_a_bad_rank() -> None:
    cards = list(CARDS.values())
    cards[6] = replace(cards[6], rank=2.0)
    with pytest.raises(ValueError, match="bad rank"):
        decktet.validate(cards)


def test_validation_accepts_the_data_file() -> None:
    decktet.validate(list(CARDS.values()))
    assert isinstance(CARDS["excuse"], Card)


def test_ids_of_rank_filters_by_rank() -> None:
    assert decktet.ids_of_rank("crown") == (
        "huntress", "bard", "sea", "end", "calamity", "windfall",
    )  # fmt: skip
    assert len(decktet.numeral_ids()) == 24
