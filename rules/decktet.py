"""The Decktet as data: 45 cards with stable ids, ranks, suits, types and it/en names.

The Decktet was designed by P.D. Magnus and is released under the Creative Commons
Attribution-NonCommercial-ShareAlike licence (https://www.decktet.com). Only the card list is
encoded here (ids, ranks, suits, types, names); no card art or text.

Why data and not code: several games may use the deck, the renderer and the Discord layer need
the same names, and a JSON file is easy to check against the published card list. The file lives
in ``rules/data/decktet.json`` and is validated on load, so a typo fails loudly at import time.

Ids are the lowercase English name without "the", spaces as underscores (``chance_meeting``);
the Aces are ``ace_<suit>``. Ranks are ``"ace"``, the ints 2..9, ``"crown"``, ``"pawn"``,
``"court"`` and ``"excuse"``. Suit ids: ``moons suns waves leaves wyrms knots`` (Italian: Lune,
Soli, Onde, Foglie, Viverne, Nodi). Type ids: ``personality location event``.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).with_name("data") / "decktet.json"

SUITS: tuple[str, ...] = ("moons", "suns", "waves", "leaves", "wyrms", "knots")
TYPES: tuple[str, ...] = ("personality", "location", "event")
NUMERAL_RANKS: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9)
WORD_RANKS: tuple[str, ...] = ("ace", "crown", "pawn", "court", "excuse")


@dataclass(frozen=True, slots=True)
class Card:
    """One Decktet card; immutable and hashable so states can hold cards or their ids."""

    id: str
    rank: int | str
    suits: tuple[str, ...]
    types: tuple[str, ...]
    name_en: str
    name_it: str

    @property
    def name(self) -> dict[str, str]:
        """Locale -> display name (a fresh dict: callers may not change the card)."""
        return {"en": self.name_en, "it": self.name_it}

    @property
    def is_numeral(self) -> bool:
        return type(self.rank) is int

    @property
    def is_personality(self) -> bool:
        return "personality" in self.types

    def to_json(self) -> dict[str, Any]:
        """The card as plain JSON (the shape used by views)."""
        return {
            "id": self.id,
            "rank": self.rank,
            "suits": list(self.suits),
            "types": list(self.types),
            "name": self.name,
        }


def _card_from_json(raw: dict[str, Any]) -> Card:
    return Card(
        id=raw["id"],
        rank=raw["rank"],
        suits=tuple(raw["suits"]),
        types=tuple(raw["types"]),
        name_en=raw["name"]["en"],
        name_it=raw["name"]["it"],
    )


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise ValueError(f"invalid Decktet data: {message}")


def _validate_card(card: Card) -> None:
    numeral = type(card.rank) is int and card.rank in NUMERAL_RANKS
    _check(numeral or card.rank in WORD_RANKS, f"{card.id}: bad rank {card.rank!r}")
    _check(all(s in SUITS for s in card.suits), f"{card.id}: unknown suit")
    _check(len(set(card.suits)) == len(card.suits), f"{card.id}: repeated suit")
    _check(all(t in TYPES for t in card.types), f"{card.id}: unknown type")
    _check(bool(card.name_en) and bool(card.name_it), f"{card.id}: missing name")
    expected_suits = {"ace": 1, "crown": 1, "pawn": 3, "court": 3, "excuse": 0}
    wanted = 2 if card.is_numeral else expected_suits[str(card.rank)]
    _check(len(card.suits) == wanted, f"{card.id}: {len(card.suits)} suits, want {wanted}")


def _suits_cover_evenly(cards: list[Card], rank: str, per_suit: int) -> bool:
    counts = Counter(s for c in cards if c.rank == rank for s in c.suits)
    return all(counts[s] == per_suit for s in SUITS)


def validate(cards: list[Card]) -> None:
    """Raise ``ValueError`` unless ``cards`` is exactly the published 45-card Decktet shape."""
    _check(len(cards) == 45, f"{len(cards)} cards, want 45")
    _check(len({c.id for c in cards}) == 45, "duplicate ids")
    for card in cards:
        _validate_card(card)
    ranks = Counter(c.rank for c in cards)
    _check(all(ranks[r] == 3 for r in NUMERAL_RANKS), "want three cards of each rank 2..9")
    _check(ranks["ace"] == 6 and ranks["crown"] == 6, "want six Aces and six Crowns")
    _check(ranks["pawn"] == 4 and ranks["court"] == 4, "want four Pawns and four Courts")
    _check(ranks["excuse"] == 1, "want one Excuse")
    numeral_suits = Counter(s for c in cards if c.is_numeral for s in c.suits)
    _check(all(numeral_suits[s] == 8 for s in SUITS), "each suit must be on exactly 8 numerals")
    for rank, per_suit in (("ace", 1), ("crown", 1), ("pawn", 2), ("court", 2)):
        _check(_suits_cover_evenly(cards, rank, per_suit), f"{rank}s must cover suits evenly")


@cache
def _raw() -> dict[str, Any]:
    with DATA_FILE.open(encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


@cache
def cards() -> dict[str, Card]:
    """All 45 cards by id, in the data file's order (Aces, numerals by rank, Crowns, extended)."""
    loaded = [_card_from_json(raw) for raw in _raw()["cards"]]
    validate(loaded)
    return {card.id: card for card in loaded}


def card(card_id: str) -> Card:
    """The card with this id; ``KeyError`` if there is none."""
    return cards()[card_id]


def suit_names() -> dict[str, dict[str, str]]:
    """Suit id -> {"en": ..., "it": ...}."""
    return {s["id"]: dict(s["name"]) for s in _raw()["suits"]}


def type_names() -> dict[str, dict[str, str]]:
    """Type id -> {"en": ..., "it": ...}."""
    return {t["id"]: dict(t["name"]) for t in _raw()["types"]}


def rank_names() -> dict[str, dict[str, str]]:
    """Word rank ("ace", "crown", ...) -> {"en": ..., "it": ...}; numerals are their digits."""
    return {rank: dict(names) for rank, names in _raw()["ranks"].items()}


def ids_of_rank(*ranks: int | str) -> tuple[str, ...]:
    """Ids of every card whose rank is one of ``ranks``, in data order."""
    return tuple(c.id for c in cards().values() if c.rank in ranks)


def numeral_ids() -> tuple[str, ...]:
    return ids_of_rank(*NUMERAL_RANKS)
