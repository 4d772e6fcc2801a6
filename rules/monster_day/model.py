"""Monster Day's model: the constants, the cards' worth, the board's spaces, the state and
the one action, at the bottom of the package (:mod:`.monsters` and :mod:`.engine` build on it).

Board: six spaces in a line, each marked by an Ace. Spaces 0-2 are seat 0's village (space 0 is
nearest seat 0), spaces 3-5 are seat 1's (space 5 nearest seat 1). The monsters start between
space 2 and space 3 (position ``None``).

Why a module of its own: the engine grew past ~600 lines once the bots' caches (a card's legal
spaces, a top's fixed worth) joined it; what a card is worth and where it may go is read by the
rules, the monsters' walk and the bots alike, so it sits below all of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from rules import decktet
from rules.base import Rng
from rules.options import Choice, OptionSpec

GAME_ID = "monster_day"
NUM_SPACES = 6
HAND_SIZE = 3
CROWN_VALUE = 10
EXCUSE_VALUE = 0
ROLLED_RANKS = ("pawn", "court")
EXTENDED_PARTS: dict[str, str] = {"excuse": "excuse", "pawns": "pawn", "courts": "court"}
"""The extended Decktet's cards a table may add, by the option's part id -> the Decktet rank:
the rulebook lets players add «alcune o tutte» of them (X1, I16), kind by kind."""
EXTENDED_RANKS: tuple[str, ...] = tuple(EXTENDED_PARTS.values())
EXTENDED_CARDS = OptionSpec(
    name="extended_cards",
    kind="set",
    default="",
    choices=(
        Choice("excuse", {"en": "Excuse", "it": "Scusa"}),
        Choice("pawns", {"en": "Pawns", "it": "Pedoni"}),
        Choice("courts", {"en": "Courts", "it": "Corti"}),
    ),
    names={"en": "Extended cards", "it": "Carte estese"},
    description={
        "en": "Only some of the extended cards, joined by +, e.g. excuse+pawns "
        "(none named: all of them with the extended deck)",
        "it": "Solo alcune carte del Decktet esteso, unite da +, es. scusa+pedoni "
        "(nessuna: tutte, con il mazzo esteso)",
    },
)
"""The table option naming :data:`EXTENDED_PARTS`: declared here, beside the parts, so the
engine checks a value with the spec's own :meth:`OptionSpec.check` (the package's
``__init__`` offers it with the others)."""
DEFAULT_OPTIONS: dict[str, Any] = {"extended_deck": False, "extended_cards": ""}
DUMP_VERSION = 1

MONSTERS: tuple[str, ...] = ("catoblepas", "dire_bear", "glatisant", "pegasus")
"""Monster ids in die-face order: face 1 moves ``MONSTERS[0]`` ... face 4 ``MONSTERS[3]``."""

MONSTER_POINTS: dict[str, int] = {"catoblepas": 1, "dire_bear": 1, "glatisant": 1, "pegasus": 2}
MONSTER_NAMES: dict[str, dict[str, str]] = {
    "catoblepas": {"en": "Catoblepas", "it": "Catoblepa"},
    "dire_bear": {"en": "Dire Bear", "it": "Orso Terribile"},
    "glatisant": {"en": "Glatisant", "it": "Glatisant"},
    "pegasus": {"en": "Pegasus", "it": "Pegaso"},
}


@dataclass(frozen=True, slots=True)
class Play:
    """The only action: put ``card`` (an id from the hand) on ``space`` (0..5)."""

    card: str
    space: int


@dataclass(frozen=True, slots=True)
class LastTurn:
    """What the previous turn did, for the view. ``events`` is the turn's event list as one
    canonical JSON string, so the state stays deeply immutable and ``load(dump(s)) == s``."""

    seat: int
    card: str
    space: int
    dice: tuple[int, int]
    events: str


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn of the public history: ``seat`` put ``card`` on ``space`` while the monsters
    stood at ``monsters``, then rolled ``dice``. All of it is on the table (a played card lies
    face up, the dice and the monsters are seen by both), and with the Aces it rebuilds the
    board every play saw: what :mod:`.inference` reads the other hand from."""

    seat: int
    card: str
    space: int
    monsters: tuple[int | None, ...]
    dice: tuple[int, int]


@dataclass(frozen=True, slots=True)
class State:
    """A whole game. ``piles[i]`` is bottom-first (its last card is the top that counts);
    ``monsters[k]`` is the space of ``MONSTERS[k]`` or ``None`` at the start; ``deck[0]`` is the
    next card drawn; ``current`` is ``None`` once the game is over. ``history`` is every turn
    played, oldest first (one per card played, so at most the deck's 45 cards); a state loaded
    from a dump older than it has fewer turns than cards on the board (:mod:`.inference` then
    has nothing to read)."""

    extended: tuple[str, ...]
    aces: tuple[str, ...]
    piles: tuple[tuple[str, ...], ...]
    monsters: tuple[int | None, ...]
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    current: int | None
    turn_number: int
    first_player_rolls: tuple[tuple[int, int], ...]
    last_turn: LastTurn | None
    rng: Rng
    history: tuple[Turn, ...] = ()

    @property
    def over(self) -> bool:
        return self.current is None

    @property
    def extended_deck(self) -> bool:
        """Whether any extended Decktet card is in this game's deck (``extended`` names which)."""
        return bool(self.extended)


# --- the deck and the board ------------------------------------------------------------------


def owner(space: int) -> int:
    """The seat whose village holds ``space`` (the three spaces nearest a player are theirs)."""
    return 0 if space < NUM_SPACES // 2 else 1


@cache
def starting_deck(extended: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Numerals and Crowns, plus the extended ranks in ``extended`` (of :data:`EXTENDED_RANKS`:
    the Excuse, the Pawns, the Courts). Aces never."""
    ranks: tuple[int | str, ...] = (*decktet.NUMERAL_RANKS, "crown")
    ranks = (*ranks, *(rank for rank in EXTENDED_RANKS if rank in extended))
    return decktet.ids_of_rank(*ranks)


def fixed_value(card: decktet.Card) -> int | None:
    """A card's printed worth: numerals their rank, Crowns 10, the Excuse 0; ``None`` when the
    card has no fixed value (Aces, and Pawns/Courts whose value is rolled)."""
    if card.is_numeral:
        return int(card.rank)
    return {"crown": CROWN_VALUE, "excuse": EXCUSE_VALUE}.get(str(card.rank))


def is_rolled(card: decktet.Card) -> bool:
    return card.rank in ROLLED_RANKS


@cache
def matches(card_id: str, ace_id: str) -> bool:
    """May ``card_id`` go beside ``ace_id``? It must share a suit with the Ace; the Excuse goes
    anywhere. Whatever card it covers is ignored. Cached: the bots ask it for every play they
    weigh, and there are only 45 x 6 pairs."""
    card = decktet.card(card_id)
    return card.rank == "excuse" or bool(set(card.suits) & set(decktet.card(ace_id).suits))


def top_card(pile: tuple[str, ...]) -> decktet.Card | None:
    return decktet.card(pile[-1]) if pile else None


@cache
def spaces_for(card_id: str, aces: tuple[str, ...]) -> tuple[int, ...]:
    """The spaces whose Ace ``card_id`` matches, in line order. Cached: the search asks it
    for every hand it weighs, and a game has one line of Aces."""
    return tuple(i for i, ace in enumerate(aces) if matches(card_id, ace))
