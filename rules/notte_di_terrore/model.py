"""Notte di Terrore's model: constants, actions, the immutable state, card look-ups, Terror
piles, the outcome and the JSON form of states and actions.

Why a module of its own: the rules (:mod:`.engine`), what is legal (:mod:`.legality`), the
views (:mod:`.views`) and the forced moves (:mod:`.forced`) all stand on these; none of them
needs another's code to describe a table.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from rules.base import IllegalAction, Rng
from rules.notte_di_terrore import cards

GAME_ID = "notte_di_terrore"
DEFAULT_OPTIONS: dict[str, Any] = {
    "places": 4,
    "victory": "least_terror",
    "necronomicon_removed": False,
    "first_player": "lot",
}
VICTORIES = ("least_terror", "home_first")
FIRST_PLAYERS = ("lot", "1", "2", "3", "4", "5")
"""Option ``first_player`` (S5): drawn by lot, or the seat (1-based, in seating order) the
players decided on."""
PLACE_PASSED_TERROR = 2
HOME_TERROR = 5
WEAPONS_HELD = 3
TURN_LIMIT_PER_PLAYER = 30
"""Guard (I15): after this many turns per player the game ends, fewest Terror winning."""
DUMP_VERSION = 1
DECK_NAMES = ("beings", "weapons", "events", "places")


# --- actions -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseSplit:
    """Setup (S4, I10): how many of the hand's cards are Events; the rest are Beings."""

    events: int


@dataclass(frozen=True, slots=True)
class PlaceBeing:
    card: str


@dataclass(frozen=True, slots=True)
class PlaceEvent:
    card: str
    target: str


@dataclass(frozen=True, slots=True)
class Summon:
    """The Necronomicon as Event (N2): ``card`` is the Necronomicon, ``being`` from the hand."""

    card: str
    being: str


@dataclass(frozen=True, slots=True)
class Pass:
    pass


@dataclass(frozen=True, slots=True)
class SwapWeapon:
    card: str


@dataclass(frozen=True, slots=True)
class Attack:
    target: str
    weapons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Flee:
    pass


@dataclass(frozen=True, slots=True)
class EndResolution:
    pass


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one Weapon or discardable Being (D1-D3); repeat, then :class:`Refill`."""

    card: str


@dataclass(frozen=True, slots=True)
class Refill:
    events: int


@dataclass(frozen=True, slots=True)
class ArrangeWeapons:
    table: tuple[str, str]


Action = (
    ChooseSplit
    | PlaceBeing
    | PlaceEvent
    | Summon
    | Pass
    | SwapWeapon
    | Attack
    | Flee
    | EndResolution
    | Discard
    | Refill
    | ArrangeWeapons
)

ACTION_TYPES: dict[str, type] = {
    "choose_split": ChooseSplit,
    "place_being": PlaceBeing,
    "place_event": PlaceEvent,
    "summon": Summon,
    "pass": Pass,
    "swap_weapon": SwapWeapon,
    "attack": Attack,
    "flee": Flee,
    "end_resolution": EndResolution,
    "discard": Discard,
    "refill": Refill,
    "arrange_weapons": ArrangeWeapons,
}
ACTION_NAMES = {cls: name for name, cls in ACTION_TYPES.items()}

PHASE_ACTIONS: dict[str, tuple[type, ...]] = {
    "split": (ChooseSplit,),
    "apparition": (PlaceBeing, PlaceEvent, Summon, Pass),
    "resolution": (SwapWeapon, Attack, Flee, EndResolution),
    "discard": (Discard, Refill),
    "arrange": (ArrangeWeapons,),
    "over": (),
}


# --- state -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Monster:
    """A Being on a Place, the Events on it, and the Necronomicon that summoned it (if any)."""

    card: str
    events: tuple[str, ...] = ()
    summoned_by: str | None = None


@dataclass(frozen=True, slots=True)
class PileCard:
    """A card in a Terror pile and its score; ``rotated`` for irrelevant Events and fled-from
    Beings (I6)."""

    card: str
    score: int
    rotated: bool = False


@dataclass(frozen=True, slots=True)
class Player:
    face_down: tuple[str, ...]
    revealed: str | None
    path: tuple[str, ...]
    monsters: tuple[Monster, ...]
    infested: bool
    hand: tuple[str, ...]
    table: tuple[str, ...]
    weapon_hand: str | None
    pile: tuple[PileCard, ...]
    split: int | None
    home: bool


@dataclass(frozen=True, slots=True)
class State:
    places_option: int
    victory: str
    necronomicon_removed: bool
    first_player_option: str
    players: tuple[Player, ...]
    decks: tuple[tuple[str, ...], ...]
    """Draw piles in :data:`DECK_NAMES` order, next card first."""
    discards: tuple[tuple[str, ...], ...]
    removed: tuple[str, ...]
    phase: str
    first: int
    current: int
    to_act: int | None
    passed: tuple[int, ...]
    turned: tuple[str, ...]
    swapped: bool
    attacked: bool
    turn_number: int
    home_seat: int | None
    rng: Rng

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def over(self) -> bool:
        return self.phase == "over"


# --- cards -------------------------------------------------------------------------------------


def deck_of(card_id: str) -> str:
    design = cards.design_id(card_id)
    d = cards.decks()
    for name in DECK_NAMES:
        if design in getattr(d, name):
            return name
    raise KeyError(card_id)


def being(card_id: str) -> cards.Being:
    return cards.decks().beings[cards.design_id(card_id)]


def weapon(card_id: str) -> cards.Weapon:
    return cards.decks().weapons[cards.design_id(card_id)]


def event(card_id: str) -> cards.Event:
    return cards.decks().events[cards.design_id(card_id)]


def place(card_id: str) -> cards.Place:
    return cards.decks().places[cards.design_id(card_id)]


def is_being(card_id: str) -> bool:
    return cards.design_id(card_id) in cards.decks().beings


def is_event(card_id: str) -> bool:
    return cards.design_id(card_id) in cards.decks().events


def is_necronomicon(card_id: str) -> bool:
    return is_event(card_id) and event(card_id).is_necronomicon


def hand_size(num_players: int) -> int:
    """S4: 2 cards plus 2 per player (8, 10, 12)."""
    return 2 + 2 * num_players


def left_of(seat: int, n: int) -> int:
    return (seat + 1) % n


def can_defeat(weapon_ids: tuple[str, ...], being_id: str) -> bool:
    """R3/I4/N4: one Weapon listing the type, a listed Combination, or the Necronomicon."""
    kind = being(being_id).type
    if len(weapon_ids) == 1:
        (only,) = weapon_ids
        if is_necronomicon(only):
            return True
        return kind in weapon(only).defeats
    if len(weapon_ids) == 2:
        combo = combination(weapon_ids[0], weapon_ids[1])
        return combo is not None and kind in combo.defeats
    return False


def combination(a: str, b: str) -> cards.Combination | None:
    pair = {cards.design_id(a), cards.design_id(b)}
    for combo in cards.decks().combinations.values():
        if set(combo.weapons) == pair and len(pair) == 2:
            return combo
    return None


def terror_score(pile: tuple[PileCard, ...]) -> int:
    return sum(c.score for c in pile)


def remove_terror(
    pile: tuple[PileCard, ...], points: int
) -> tuple[tuple[PileCard, ...], tuple[PileCard, ...]]:
    """I6/L5: discard the pile's Events whose scores sum to the largest total not above
    ``points`` (fewest cards, then oldest first). Beings in the pile (fled from, or summoned
    and undefeated) never leave it: "nel caso non vi siano Eventi nel mazzo, l'uccisione
    dell'Essere non ha effetto". Returns the new pile and the discarded cards."""
    if points <= 0 or not pile:
        return pile, ()
    best: list[tuple[int, ...] | None] = [None] * (points + 1)
    best[0] = ()
    for index, entry in enumerate(pile):
        if not is_event(entry.card):
            continue
        for total in range(points, entry.score - 1, -1):
            prev = best[total - entry.score]
            if prev is None:
                continue
            candidate = (*prev, index)
            current = best[total]
            if current is None or (len(candidate), candidate) < (len(current), current):
                best[total] = candidate
    for total in range(points, 0, -1):
        chosen = best[total]
        if chosen is not None:
            taken = set(chosen)
            kept = tuple(c for i, c in enumerate(pile) if i not in taken)
            return kept, tuple(pile[i] for i in chosen)
    return pile, ()


def hand_kinds(hand: tuple[str, ...]) -> tuple[int, int]:
    """How many Events and Beings: public, since they are drawn from two decks in sight of
    all (S4, D4, I10) and played face up."""
    events = sum(1 for c in hand if is_event(c))
    return events, len(hand) - events


# --- outcome -----------------------------------------------------------------------------------


def scores(state: State) -> list[int]:
    return [terror_score(p.pile) for p in state.players]


def winners(state: State) -> list[int]:
    """I1: fewest Terror (the player home wins a tie they are in), or the first home."""
    points = scores(state)
    home = state.home_seat
    if state.victory == "home_first" and home is not None:
        return [home]
    low = min(points)
    tied = [s for s, p in enumerate(points) if p == low]
    if home is not None and home in tied:
        return [home]
    return tied


def outcome(state: State) -> dict[str, Any] | None:
    if not state.over:
        return None
    return {"scores": scores(state), "winners": winners(state), "home": state.home_seat}


# --- dump / load -------------------------------------------------------------------------------


def _dump_player(player: Player) -> dict[str, Any]:
    """By hand rather than ``asdict``: a move dumps the state once and ``asdict`` deep-copies
    every field, which made dumping the slowest step of a move."""
    return {
        "face_down": list(player.face_down),
        "revealed": player.revealed,
        "path": list(player.path),
        "monsters": [
            {"card": m.card, "events": list(m.events), "summoned_by": m.summoned_by}
            for m in player.monsters
        ],
        "infested": player.infested,
        "hand": list(player.hand),
        "table": list(player.table),
        "weapon_hand": player.weapon_hand,
        "pile": [{"card": c.card, "score": c.score, "rotated": c.rotated} for c in player.pile],
        "split": player.split,
        "home": player.home,
    }


def dump(state: State) -> dict[str, Any]:
    return {
        "version": DUMP_VERSION,
        "places_option": state.places_option,
        "victory": state.victory,
        "necronomicon_removed": state.necronomicon_removed,
        "first_player_option": state.first_player_option,
        "players": [_dump_player(p) for p in state.players],
        "decks": [list(d) for d in state.decks],
        "discards": [list(d) for d in state.discards],
        "removed": list(state.removed),
        "phase": state.phase,
        "first": state.first,
        "current": state.current,
        "to_act": state.to_act,
        "passed": list(state.passed),
        "turned": list(state.turned),
        "swapped": state.swapped,
        "attacked": state.attacked,
        "turn_number": state.turn_number,
        "home_seat": state.home_seat,
        "rng": state.rng.dump(),
    }


def _load_player(data: dict[str, Any]) -> Player:
    return Player(
        face_down=tuple(data["face_down"]),
        revealed=data["revealed"],
        path=tuple(data["path"]),
        monsters=tuple(
            Monster(m["card"], tuple(m["events"]), m["summoned_by"]) for m in data["monsters"]
        ),
        infested=data["infested"],
        hand=tuple(data["hand"]),
        table=tuple(data["table"]),
        weapon_hand=data["weapon_hand"],
        pile=tuple(PileCard(c["card"], c["score"], c["rotated"]) for c in data["pile"]),
        split=data["split"],
        home=data["home"],
    )


def load(data: dict[str, Any]) -> State:
    if data.get("version") != DUMP_VERSION:
        raise ValueError(f"unknown Notte di Terrore dump version {data.get('version')!r}")
    return State(
        places_option=data["places_option"],
        victory=data["victory"],
        necronomicon_removed=data["necronomicon_removed"],
        # Dumps written before the option existed: the first player was drawn by lot.
        first_player_option=data.get("first_player_option", "lot"),
        players=tuple(_load_player(p) for p in data["players"]),
        decks=tuple(tuple(d) for d in data["decks"]),
        discards=tuple(tuple(d) for d in data["discards"]),
        removed=tuple(data["removed"]),
        phase=data["phase"],
        first=data["first"],
        current=data["current"],
        to_act=data["to_act"],
        passed=tuple(data["passed"]),
        turned=tuple(data["turned"]),
        swapped=data["swapped"],
        attacked=data["attacked"],
        turn_number=data["turn_number"],
        home_seat=data["home_seat"],
        rng=Rng.load(data["rng"]),
    )


def dump_action(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = {"type": ACTION_NAMES[type(action)]}
    for key, value in asdict(action).items():
        data[key] = list(value) if isinstance(value, tuple) else value
    return data


_FIELDS: dict[type, dict[str, str]] = {
    ChooseSplit: {"events": "int"},
    PlaceBeing: {"card": "str"},
    PlaceEvent: {"card": "str", "target": "str"},
    Summon: {"card": "str", "being": "str"},
    Pass: {},
    SwapWeapon: {"card": "str"},
    Attack: {"target": "str", "weapons": "weapons"},
    Flee: {},
    EndResolution: {},
    Discard: {"card": "str"},
    Refill: {"events": "int"},
    ArrangeWeapons: {"table": "pair"},
}


def _field(kind: str, value: Any) -> Any:
    def card_id(v: Any) -> str:
        if not isinstance(v, str) or not 0 < len(v) <= 64:
            raise IllegalAction("malformed_action", "card ids are short strings")
        return v

    if kind == "int":
        if type(value) is not int or not 0 <= value <= 100:
            raise IllegalAction("malformed_action", "a small non-negative integer")
        return value
    if kind == "str":
        return card_id(value)
    sizes = (1, 2) if kind == "weapons" else (2,)
    if not isinstance(value, list) or len(value) not in sizes:
        raise IllegalAction("malformed_action", "a list of Weapon card ids")
    return tuple(card_id(v) for v in value)


def load_action(data: Any) -> Action:
    if not isinstance(data, dict) or data.get("type") not in ACTION_TYPES:
        raise IllegalAction("malformed_action", "an action is {type, ...}")
    cls = ACTION_TYPES[data["type"]]
    fields = _FIELDS[cls]
    if set(data) != {"type", *fields}:
        raise IllegalAction("malformed_action", f"{data['type']} takes {sorted(fields)}")
    action: Action = cls(**{name: _field(kind, data[name]) for name, kind in fields.items()})
    return action
