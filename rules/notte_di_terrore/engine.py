"""Notte di Terrore (DaRgon): state, actions and rules.

The Italian rulebook is the specification; ``docs/rules/notte_di_terrore.md`` lists every rule,
the code implementing it, its test and each interpretation (I1..I15) followed here.

Everything is immutable: :class:`State` holds tuples and the seeded :class:`~rules.base.Rng`,
so ``apply`` returns a new state and ``setup(seed)`` plus the same actions replays a game.
Card ids are physical copies (``"zombie:3"``); ids are unique across the four decks.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from functools import cache
from typing import Any

from rules.base import Event, IllegalAction, Rng
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


def _deck_of(card_id: str) -> str:
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


def _left(seat: int, n: int) -> int:
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


def remove_terror(pile: tuple[PileCard, ...], points: int) -> tuple[tuple[PileCard, ...], tuple]:
    """I6/L5: discard the pile cards whose scores sum to the largest total not above ``points``
    (fewest cards, then oldest first). Returns the new pile and the discarded cards."""
    if points <= 0 or not pile:
        return pile, ()
    best: list[tuple[int, ...] | None] = [None] * (points + 1)
    best[0] = ()
    for index, entry in enumerate(pile):
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


# --- small state helpers -----------------------------------------------------------------------


def _set_player(state: State, seat: int, player: Player) -> State:
    players = list(state.players)
    players[seat] = player
    return replace(state, players=tuple(players))


def _to_discard(state: State, card_ids: tuple[str, ...] | list[str]) -> State:
    discards = [list(d) for d in state.discards]
    for card_id in card_ids:
        discards[DECK_NAMES.index(_deck_of(card_id))].append(card_id)
    return replace(state, discards=tuple(tuple(d) for d in discards))


def _draw(state: State, deck: str, count: int) -> tuple[State, tuple[str, ...]]:
    """Draw up to ``count`` from ``deck``, shuffling its discard pile in when it runs out."""
    index = DECK_NAMES.index(deck)
    decks, discards, rng = list(state.decks), list(state.discards), state.rng
    drawn: list[str] = []
    while len(drawn) < count:
        if not decks[index]:
            if not discards[index]:
                break
            decks[index], rng = rng.shuffled(discards[index])
            discards[index] = ()
        take = decks[index][: count - len(drawn)]
        drawn.extend(take)
        decks[index] = decks[index][len(take) :]
    new = replace(state, decks=tuple(decks), discards=tuple(discards), rng=rng)
    return new, tuple(drawn)


def _draw_hand_cards(state: State, events: int, beings: int) -> tuple[State, tuple[str, ...]]:
    """I10: the chosen split; a short deck is made up from the other deck."""
    state, got_events = _draw(state, "events", events)
    state, got_beings = _draw(state, "beings", beings)
    missing = events + beings - len(got_events) - len(got_beings)
    extra: tuple[str, ...] = ()
    if missing and len(got_events) < events:
        state, extra = _draw(state, "beings", missing)
    elif missing:
        state, extra = _draw(state, "events", missing)
    return state, (*got_events, *got_beings, *extra)


def _kinds(hand: tuple[str, ...]) -> tuple[int, int]:
    """How many Events and Beings: public, since they are drawn from two decks in sight of
    all (S4, D4, I10) and played face up."""
    events = sum(1 for c in hand if is_event(c))
    return events, len(hand) - events


def _add_to_pile(state: State, seat: int, entries: list[PileCard]) -> State:
    player = state.players[seat]
    return _set_player(state, seat, replace(player, pile=(*player.pile, *entries)))


def _reduce(state: State, seat: int, points: int) -> tuple[State, int]:
    player = state.players[seat]
    pile, gone = remove_terror(player.pile, points)
    state = _set_player(state, seat, replace(player, pile=pile))
    state = _to_discard(state, [c.card for c in gone])
    return state, sum(c.score for c in gone)


def _event_entries(monster: Monster) -> list[PileCard]:
    b = being(monster.card)
    return [
        PileCard(e, cards.event_value(event(e), b), cards.is_irrelevant(event(e), b))
        for e in monster.events
    ]


# --- setup -------------------------------------------------------------------------------------


def checked_options(options: dict[str, Any] | None) -> dict[str, Any]:
    merged = {**DEFAULT_OPTIONS, **(options or {})}
    unknown = set(merged) - set(DEFAULT_OPTIONS)
    if unknown:
        raise ValueError(f"unknown Notte di Terrore options: {sorted(unknown)}")
    places = merged["places"]
    if type(places) is not int or not 3 <= places <= 6:
        raise ValueError("places must be an int in 3..6")
    if merged["victory"] not in VICTORIES:
        raise ValueError(f"victory must be one of {VICTORIES}")
    if not isinstance(merged["necronomicon_removed"], bool):
        raise ValueError("necronomicon_removed must be a bool")
    if merged["first_player"] not in FIRST_PLAYERS or type(merged["first_player"]) is not str:
        raise ValueError(f"first_player must be one of {FIRST_PLAYERS}")
    return merged


def _first_seat(option: str, num_players: int, rng: Rng) -> tuple[int, Rng]:
    """S5: the first player, drawn by lot with the state's ``Rng`` or decided by the players
    (a seat that must be at the table)."""
    if option == "lot":
        drawn, rng = rng.roll(num_players)
        return drawn - 1, rng
    if int(option) > num_players:
        raise ValueError(f"first_player: seat {option} is not at a table of {num_players}")
    return int(option) - 1, rng


def setup(num_players: int, options: dict[str, Any] | None, seed: int) -> State:
    """G1, S1-S5: deal face-down Places and one face-up Weapon each, draw the first player;
    every seat then chooses its hand split privately."""
    if type(num_players) is not int or not 3 <= num_players <= 5:
        raise ValueError("Notte di Terrore is for 3 to 5 players")
    opts = checked_options(options)
    d = cards.decks()
    rng = Rng(int(seed))
    shuffled: list[tuple[str, ...]] = []
    for name in DECK_NAMES:
        deck, rng = rng.shuffled(cards.instance_ids(getattr(d, name)))
        shuffled.append(deck)
    beings_deck, weapons_deck, events_deck, places_deck = shuffled
    count = opts["places"]
    players = tuple(
        Player(
            face_down=places_deck[seat * count : (seat + 1) * count],
            revealed=None,
            path=(),
            monsters=(),
            infested=False,
            hand=(),
            table=(weapons_deck[seat],),
            weapon_hand=None,
            pile=(),
            split=None,
            home=False,
        )
        for seat in range(num_players)
    )
    first, rng = _first_seat(opts["first_player"], num_players, rng)
    return State(
        places_option=count,
        victory=opts["victory"],
        necronomicon_removed=opts["necronomicon_removed"],
        first_player_option=opts["first_player"],
        players=players,
        decks=(
            beings_deck,
            weapons_deck[num_players:],
            events_deck,
            places_deck[num_players * count :],
        ),
        discards=((), (), (), ()),
        removed=(),
        phase="split",
        first=first,
        current=first,
        to_act=None,
        passed=(),
        turned=(),
        swapped=False,
        attacked=False,
        turn_number=0,
        home_seat=None,
        rng=rng,
    )


# --- legality ----------------------------------------------------------------------------------


def pending(state: State) -> list[int]:
    if state.phase == "over":
        return []
    if state.phase == "split":
        return [s for s, p in enumerate(state.players) if p.split is None]
    if state.phase == "apparition":
        return [state.to_act] if state.to_act is not None else []
    return [state.current]


def _active_place(state: State) -> tuple[Player, cards.Place]:
    player = state.players[state.current]
    assert player.revealed is not None
    return player, place(player.revealed)


def being_placement_error(state: State, card_id: str) -> str | None:
    """L1-L3, I8: why ``card_id`` may not appear on the active Place now (None if it may)."""
    player, spot = _active_place(state)
    if player.infested:
        return "place_already_infested"
    placed = [being(m.card).type for m in player.monsters if m.summoned_by is None]
    if len(placed) >= cards.MAX_BEINGS_PER_PLACE:
        return "place_full"
    kind = being(card_id).type
    if kind in spot.forbidden:
        return "being_forbidden_here"
    if placed.count(kind) >= spot.max_per_type:
        return "too_many_of_type"
    return None


def _apparition_actions(state: State, seat: int) -> list[Action]:
    player = state.players[seat]
    active = state.players[state.current]
    beings_here = [m.card for m in active.monsters]
    actions: list[Action] = []
    hand_beings = [c for c in player.hand if is_being(c)]
    for card_id in hand_beings:
        if being_placement_error(state, card_id) is None:
            actions.append(PlaceBeing(card_id))
    for card_id in player.hand:
        if is_event(card_id) and not is_necronomicon(card_id):
            actions.extend(PlaceEvent(card_id, target) for target in beings_here)
    for card_id in player.hand:
        if is_necronomicon(card_id):
            actions.extend(Summon(card_id, b) for b in hand_beings)
    actions.append(Pass())
    return actions


def _attacks(state: State) -> list[Attack]:
    player = state.players[state.current]
    ready = [w for w in player.table if w not in state.turned]
    necros = [c for c in player.hand if is_necronomicon(c)]
    attacks: list[Attack] = []
    for monster in player.monsters:
        for w in ready:
            if can_defeat((w,), monster.card):
                attacks.append(Attack(monster.card, (w,)))
        for i, a in enumerate(ready):
            for b in ready[i + 1 :]:
                if can_defeat((a, b), monster.card):
                    attacks.append(Attack(monster.card, (a, b)))
        attacks.extend(Attack(monster.card, (n,)) for n in necros)
    return attacks


def _resolution_actions(state: State) -> list[Action]:
    player = state.players[state.current]
    actions: list[Action] = []
    if player.weapon_hand is not None and not state.swapped and not state.attacked:
        actions.extend(SwapWeapon(w) for w in player.table)
    actions.extend(_attacks(state))
    if not state.attacked and player.face_down:
        actions.append(Flee())
    actions.append(EndResolution())
    return actions


def revealed_forbidden(state: State) -> set[str]:
    """Being types forbidden on at least one currently revealed Place (D2, I11)."""
    return {t for p in state.players if p.revealed for t in place(p.revealed).forbidden}


def discardable(state: State) -> list[str]:
    """D1-D3, I11: every Weapon held, and Beings a revealed Place forbids."""
    player = state.players[state.current]
    forbidden = revealed_forbidden(state)
    weapons = [*player.table, *([player.weapon_hand] if player.weapon_hand else [])]
    beings = [c for c in player.hand if is_being(c) and being(c).type in forbidden]
    return [*weapons, *beings]


def missing_cards(state: State) -> int:
    return max(0, hand_size(state.num_players) - len(state.players[state.current].hand))


def _held_weapons(player: Player) -> list[str]:
    return [*player.table, *([player.weapon_hand] if player.weapon_hand else [])]


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat not in pending(state):
        return []
    if state.phase == "split":
        return [ChooseSplit(k) for k in range(hand_size(state.num_players) + 1)]
    if state.phase == "apparition":
        return _apparition_actions(state, seat)
    if state.phase == "resolution":
        return _resolution_actions(state)
    if state.phase == "discard":
        actions: list[Action] = [Discard(c) for c in discardable(state)]
        return [*actions, *(Refill(k) for k in range(missing_cards(state) + 1))]
    held = _held_weapons(state.players[seat])
    return [ArrangeWeapons((a, b)) for i, a in enumerate(held) for b in held[i + 1 :]]


def _reason(state: State, seat: int, action: Any) -> IllegalAction:
    """The most specific code for an action that is not legal now."""
    player = state.players[seat]
    if isinstance(action, PlaceBeing):
        if action.card not in player.hand or not is_being(action.card):
            return IllegalAction("card_not_in_hand", "play a Being from your hand")
        code = being_placement_error(state, action.card) or "illegal_being"
        return IllegalAction(code, "L1-L3: Place limits", card=action.card)
    if isinstance(action, PlaceEvent):
        if action.card not in player.hand or not is_event(action.card):
            return IllegalAction("card_not_in_hand", "play an Event from your hand")
        if is_necronomicon(action.card):
            return IllegalAction("necronomicon_summons", "N2: the Necronomicon summons a Being")
        return IllegalAction("event_needs_a_being", "A2: an Event goes on a Being on the Place")
    if isinstance(action, Summon):
        return IllegalAction("illegal_summon", "N2: a Necronomicon and a Being from your hand")
    if isinstance(action, SwapWeapon):
        return IllegalAction("illegal_swap", "R1: swap once, before attacking")
    if isinstance(action, Attack):
        if any(w in state.turned for w in action.weapons):
            return IllegalAction("weapon_already_used", "R2: each Weapon once per turn")
        return IllegalAction("weapon_cannot_defeat", "R3/I4: the Weapon must match the Being")
    if isinstance(action, Flee):
        if not player.face_down:
            return IllegalAction("no_flight_from_last_place", "F2: no flight from the last Place")
        return IllegalAction("no_flight_after_attacking", "I7: Flight replaces Resolution")
    if isinstance(action, Discard):
        return IllegalAction("not_discardable", "D1-D3: Weapons, or Beings a Place forbids")
    if isinstance(action, Refill):
        missing = missing_cards(state)
        return IllegalAction("bad_split", "D4: split the cards you draw", missing=missing)
    if isinstance(action, ChooseSplit):
        return IllegalAction("bad_split", "S4: 0..hand size Events")
    if isinstance(action, ArrangeWeapons):
        return IllegalAction("bad_arrangement", "D5: two of your three Weapons on the table")
    return IllegalAction("illegal_action", "not allowed now")


def check_action(state: State, seat: int, action: Any) -> None:
    if state.over:
        raise IllegalAction("game_over", "the game has ended")
    if type(action) not in ACTION_NAMES:
        raise IllegalAction("malformed_action", "not a Notte di Terrore action")
    if seat not in pending(state):
        raise IllegalAction("not_your_turn", "wait for your turn", pending=pending(state))
    if type(action) not in PHASE_ACTIONS[state.phase]:
        raise IllegalAction("wrong_phase", "T2: not in this phase", phase=state.phase)
    if action not in legal_actions(state, seat):
        raise _reason(state, seat, action)


# --- applying ----------------------------------------------------------------------------------


def _same_pair_in_listed_order(state: State, seat: int, action: Any) -> Any:
    """C1, D5: two Weapons used together, or kept together on the table, are the same move
    whichever is named first; ``legal_actions`` lists each pair once, in table order."""
    if isinstance(action, Attack) and len(action.weapons) == 2:
        swapped: Any = Attack(action.target, (action.weapons[1], action.weapons[0]))
    elif isinstance(action, ArrangeWeapons) and len(action.table) == 2:
        swapped = ArrangeWeapons((action.table[1], action.table[0]))
    else:
        return action
    legal = legal_actions(state, seat)
    return swapped if action not in legal and swapped in legal else action


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    action = _same_pair_in_listed_order(state, seat, action)
    check_action(state, seat, action)
    events: list[Event] = []
    if isinstance(action, ChooseSplit):
        state = _choose_split(state, seat, action, events)
    elif state.phase == "apparition":
        state = _apparition(state, seat, action, events)
    elif state.phase == "resolution":
        state = _resolution(state, action, events)
    elif isinstance(action, Discard):
        state = _discard(state, action, events)
    elif isinstance(action, Refill):
        state = _refill(state, action, events)
    else:
        state = _arrange(state, action, events)
    return state, events


def _choose_split(state: State, seat: int, action: ChooseSplit, events: list[Event]) -> State:
    state = _set_player(state, seat, replace(state.players[seat], split=action.events))
    events.append({"type": "split_chosen", "seat": seat})
    if any(p.split is None for p in state.players):
        return state
    size = hand_size(state.num_players)
    for s in range(state.num_players):
        k = state.players[s].split
        assert k is not None
        state, hand = _draw_hand_cards(state, k, size - k)
        state = _set_player(state, s, replace(state.players[s], hand=hand))
    events.append(
        {
            "type": "hands_dealt",
            "sizes": [len(p.hand) for p in state.players],
            "splits": [list(_kinds(p.hand)) for p in state.players],
        }
    )
    return _start_turn(state, state.first, events)


def _start_turn(state: State, seat: int, events: list[Event]) -> State:
    """T1: reveal the next Place unless one is revealed; Apparition starts on the left (A1)."""
    player = state.players[seat]
    state = replace(
        state,
        current=seat,
        phase="apparition",
        passed=(),
        turned=(),
        swapped=False,
        attacked=False,
        turn_number=state.turn_number + 1,
        to_act=_left(seat, state.num_players),
    )
    events.append({"type": "turn", "seat": seat, "number": state.turn_number})
    if player.revealed is None:
        revealed, rest = player.face_down[0], player.face_down[1:]
        player = replace(player, revealed=revealed, face_down=rest, infested=False, monsters=())
        state = _set_player(state, seat, player)
        events.append({"type": "place_revealed", "seat": seat, "place": revealed})
    return state


def _without(hand: tuple[str, ...], *card_ids: str) -> tuple[str, ...]:
    return tuple(c for c in hand if c not in card_ids)


def _apparition(state: State, seat: int, action: Action, events: list[Event]) -> State:
    player = state.players[seat]
    if isinstance(action, Pass):
        state = replace(state, passed=(*state.passed, seat))
        events.append({"type": "pass", "seat": seat})
    elif isinstance(action, PlaceBeing):
        state = _set_player(state, seat, replace(player, hand=_without(player.hand, action.card)))
        active = state.players[state.current]
        monsters = (*active.monsters, Monster(action.card))
        state = _set_player(state, state.current, replace(active, monsters=monsters))
        events.append({"type": "being_placed", "seat": seat, "card": action.card})
    elif isinstance(action, Summon):
        hand = _without(player.hand, action.card, action.being)
        state = _set_player(state, seat, replace(player, hand=hand))
        active = state.players[state.current]
        monsters = (*active.monsters, Monster(action.being, (), action.card))
        state = _set_player(state, state.current, replace(active, monsters=monsters))
        events.append(
            {"type": "summoned", "seat": seat, "card": action.card, "being": action.being}
        )
    else:
        assert isinstance(action, PlaceEvent)
        state = _set_player(state, seat, replace(player, hand=_without(player.hand, action.card)))
        active = state.players[state.current]
        monsters = tuple(
            replace(m, events=(*m.events, action.card)) if m.card == action.target else m
            for m in active.monsters
        )
        state = _set_player(state, state.current, replace(active, monsters=monsters))
        events.append(
            {"type": "event_placed", "seat": seat, "card": action.card, "target": action.target}
        )
    n = state.num_players
    if len(state.passed) == n:
        return _end_apparition(state, events)
    nxt = _left(seat, n)
    while nxt in state.passed:
        nxt = _left(nxt, n)
    return replace(state, to_act=nxt)


def _end_apparition(state: State, events: list[Event]) -> State:
    """A4, L3: the Place is infested; a Place with no Being is passed at once (I7)."""
    player = replace(state.players[state.current], infested=True)
    state = replace(_set_player(state, state.current, player), to_act=None)
    events.append({"type": "apparition_over", "seat": state.current})
    if not player.monsters:
        return _end_resolution(state, events)
    return replace(state, phase="resolution")


def _resolution(state: State, action: Action, events: list[Event]) -> State:
    seat = state.current
    player = state.players[seat]
    if isinstance(action, SwapWeapon):
        assert player.weapon_hand is not None
        table = tuple(player.weapon_hand if w == action.card else w for w in player.table)
        state = _set_player(state, seat, replace(player, table=table, weapon_hand=action.card))
        events.append({"type": "weapon_swapped", "seat": seat, "to_hand": action.card})
        return replace(state, swapped=True)
    if isinstance(action, Attack):
        return _attack(state, action, events)
    if isinstance(action, Flee):
        return _flee(state, events)
    return _end_resolution(state, events)


def _attack(state: State, action: Attack, events: list[Event]) -> State:
    """R2, R5, C1, N4: kill the target; turn the Weapons or spend the Necronomicon."""
    seat = state.current
    player = state.players[seat]
    monster = next(m for m in player.monsters if m.card == action.target)
    monsters = tuple(m for m in player.monsters if m.card != action.target)
    necro = is_necronomicon(action.weapons[0])
    hand = _without(player.hand, action.weapons[0]) if necro else player.hand
    state = _set_player(state, seat, replace(player, monsters=monsters, hand=hand))
    gone = [monster.card, *monster.events, *([monster.summoned_by] if monster.summoned_by else [])]
    state = _to_discard(state, gone)
    if necro:
        if state.necronomicon_removed:
            state = replace(state, removed=(*state.removed, action.weapons[0]))
        else:
            state = _to_discard(state, [action.weapons[0]])
        removed = 0
    else:
        state = replace(state, turned=(*state.turned, *action.weapons))
        b = being(monster.card)
        points = -cards.terror_of(b, [event(e) for e in monster.events], killed=True)
        state, removed = _reduce(state, seat, points)
    events.append(
        {
            "type": "killed",
            "seat": seat,
            "being": monster.card,
            "weapons": list(action.weapons),
            "terror_removed": removed,
        }
    )
    return replace(state, attacked=True)


def _flee(state: State, events: list[Event]) -> State:
    """F1, I7: Events and Beings (twice their value, rotated) to the pile; leave the Place."""
    seat = state.current
    player = state.players[seat]
    entries: list[PileCard] = []
    necros: list[str] = []
    for monster in player.monsters:
        entries.extend(_event_entries(monster))
        entries.append(PileCard(monster.card, 2 * being(monster.card).value, True))
        if monster.summoned_by:
            necros.append(monster.summoned_by)
    assert player.revealed is not None
    player = replace(
        player, monsters=(), revealed=None, path=(*player.path, player.revealed), infested=False
    )
    state = _add_to_pile(_set_player(state, seat, player), seat, entries)
    state = _to_discard(state, necros)
    events.append({"type": "fled", "seat": seat, "terror_added": sum(e.score for e in entries)})
    return replace(state, phase="discard")


def _end_resolution(state: State, events: list[Event]) -> State:
    """R4, N3, L6, L7: survivors' Events (and summoned survivors) to the pile; a Place with no
    survivor is passed (-2), the last one brings the player home (-5) and ends the game."""
    seat = state.current
    player = state.players[seat]
    entries: list[PileCard] = []
    necros: list[str] = []
    staying: list[Monster] = []
    for monster in player.monsters:
        entries.extend(_event_entries(monster))
        if monster.summoned_by:
            entries.append(PileCard(monster.card, being(monster.card).value))
            necros.append(monster.summoned_by)
        else:
            staying.append(Monster(monster.card))
    state = _set_player(state, seat, replace(player, monsters=tuple(staying)))
    state = _add_to_pile(state, seat, entries)
    state = _to_discard(state, necros)
    if entries:
        events.append(
            {"type": "terror_added", "seat": seat, "points": sum(e.score for e in entries)}
        )
    # I7, I19: a summoned survivor leaves for the pile "alla fine del Turno", so it still stands
    # on the Place when the fight ends: the Place is passed only if nothing survived at all.
    if player.monsters:
        return replace(state, phase="discard")
    return _pass_place(state, seat, events)


def _pass_place(state: State, seat: int, events: list[Event]) -> State:
    """L6, L7: the Place joins the path (-2); the last one brings the player home (-5)."""
    player = state.players[seat]
    assert player.revealed is not None
    player = replace(player, revealed=None, path=(*player.path, player.revealed), infested=False)
    state = _set_player(state, seat, player)
    state, removed = _reduce(state, seat, PLACE_PASSED_TERROR)
    events.append({"type": "place_passed", "seat": seat, "terror_removed": removed})
    if player.face_down:
        return replace(state, phase="discard")
    state, removed = _reduce(state, seat, HOME_TERROR)
    state = _set_player(state, seat, replace(state.players[seat], home=True))
    events.append({"type": "home", "seat": seat, "terror_removed": removed})
    return _game_over(state, events, seat)


def _discard(state: State, action: Discard, events: list[Event]) -> State:
    seat = state.current
    player = state.players[seat]
    card = action.card
    if card == player.weapon_hand:
        player = replace(player, weapon_hand=None)
    elif card in player.table:
        player = replace(player, table=_without(player.table, card))
    else:
        player = replace(player, hand=_without(player.hand, card))
    state = _to_discard(_set_player(state, seat, player), [card])
    state = replace(state, turned=_without(state.turned, card))
    events.append({"type": "discarded", "seat": seat, "card": card})
    return state


def _refill(state: State, action: Refill, events: list[Event]) -> State:
    """D4-D5: draw to hand size with the chosen split, then Weapons up to three, shown."""
    seat = state.current
    need = missing_cards(state)
    state, drawn = _draw_hand_cards(state, action.events, need - action.events)
    player = state.players[seat]
    player = replace(player, hand=(*player.hand, *drawn))
    state = _set_player(state, seat, player)
    got_events, got_beings = _kinds(drawn)
    events.append(
        {
            "type": "refilled",
            "seat": seat,
            "count": len(drawn),
            "events": got_events,
            "beings": got_beings,
        }
    )
    held = _held_weapons(player)
    state, new_weapons = _draw(state, "weapons", max(0, WEAPONS_HELD - len(held)))
    held = [*held, *new_weapons]
    events.append({"type": "weapons_drawn", "seat": seat, "cards": list(new_weapons)})
    if len(held) == WEAPONS_HELD:
        player = replace(state.players[seat], table=tuple(held), weapon_hand=None)
        return replace(_set_player(state, seat, player), phase="arrange")
    player = replace(state.players[seat], table=tuple(held), weapon_hand=None)
    return _end_turn(_set_player(state, seat, player), events)


def _arrange(state: State, action: ArrangeWeapons, events: list[Event]) -> State:
    seat = state.current
    player = state.players[seat]
    held = _held_weapons(player)
    kept = next(w for w in held if w not in action.table)
    player = replace(player, table=action.table, weapon_hand=kept)
    events.append({"type": "weapons_arranged", "seat": seat, "table": list(action.table)})
    return _end_turn(_set_player(state, seat, player), events)


def _end_turn(state: State, events: list[Event]) -> State:
    """T3, I15: the turn passes to the left, unless the turn limit ends the game."""
    if state.turn_number >= TURN_LIMIT_PER_PLAYER * state.num_players:
        return _game_over(state, events, None)
    state = replace(state, turned=(), swapped=False, attacked=False)
    return _start_turn(state, _left(state.current, state.num_players), events)


def _game_over(state: State, events: list[Event], home: int | None) -> State:
    """T3, I1, I15: the first player home ends the game at once (step 9 could change no
    score, so nobody waits for it); so does the turn limit, with nobody home."""
    events.append({"type": "game_over", "home": home})
    return replace(
        state, phase="over", home_seat=home, to_act=None, turned=(), swapped=False, attacked=False
    )


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


# --- view --------------------------------------------------------------------------------------


def _monster_view(monster: Monster, pile: tuple[PileCard, ...]) -> dict[str, Any]:
    """A Being on a Place with what it would change now, in the Terror of the player whose
    Place it is: ``if_undefeated`` if it is left standing (R4, N3), ``if_fled`` if they flee
    (F1), ``if_killed`` if they kill it with a Weapon: what the pile actually loses, whole
    cards rounding down (R5, L5), so 0 when the pile is empty. The board, the buttons and the
    narration all show these numbers, so they never disagree."""
    b = being(monster.card)
    on_it = [event(e) for e in monster.events]
    worth = -cards.terror_of(b, on_it, killed=True)
    return {
        "card": monster.card,
        "events": list(monster.events),
        "summoned_by": monster.summoned_by,
        "if_undefeated": cards.terror_of(
            b, on_it, killed=False, summoned=monster.summoned_by is not None
        ),
        "if_fled": cards.terror_of(b, on_it, killed=False, fled=True),
        "if_killed": -sum(c.score for c in remove_terror(pile, worth)[1]),
    }


@cache
def card_info(card_id: str) -> dict[str, Any]:
    """What a visible card is, so views are self-describing: renderers and presenters draw and
    name cards from the view alone, without the deck data. Cached and shared between views:
    read it, never change it."""
    design = cards.design_id(card_id)
    deck = _deck_of(card_id)
    d = cards.decks()
    info: dict[str, Any] = {"deck": deck, "design": design}
    if deck == "beings":
        b = d.beings[design]
        info.update(name=b.name, type=b.type, value=b.value)
    elif deck == "weapons":
        w = d.weapons[design]
        combos = [
            {
                "with": next(x for x in c.weapons if x != design),
                "name": c.name,
                "defeats": list(c.defeats),
            }
            for c in d.combinations.values()
            if design in c.weapons
        ]
        info.update(name=w.name, defeats=list(w.defeats), combinations=combos)
    elif deck == "events":
        ev = d.events[design]
        info.update(
            name=ev.name, value=ev.value, favours=ev.favours, necronomicon=ev.is_necronomicon
        )
    else:
        pl = d.places[design]
        info.update(name=pl.name, forbidden=list(pl.forbidden), max_per_type=pl.max_per_type)
    return info


def _visible_cards(view: dict[str, Any]) -> list[str]:
    ids: list[str] = [*view["turned"], *view["removed"]]
    for p in view["players"]:
        ids += [*p["path"], *p["table"], *p.get("hand", []), *[c["card"] for c in p["pile"]]]
        ids += [x for x in (p["revealed"], p["weapon_hand"]) if x]
        for m in p["monsters"]:
            ids += [m["card"], *m["events"], *([m["summoned_by"]] if m["summoned_by"] else [])]
    return ids


def _player_view(player: Player, mine: bool) -> dict[str, Any]:
    hand_events, hand_beings = _kinds(player.hand)
    view: dict[str, Any] = {
        "face_down": len(player.face_down),
        "revealed": player.revealed,
        "path": list(player.path),
        "monsters": [_monster_view(m, player.pile) for m in player.monsters],
        "infested": player.infested,
        "hand_size": len(player.hand),
        "hand_events": hand_events,
        "hand_beings": hand_beings,
        "table": list(player.table),
        "weapon_hand": player.weapon_hand,
        "pile": [{"card": c.card, "score": c.score, "rotated": c.rotated} for c in player.pile],
        "terror": terror_score(player.pile),
        "split_chosen": player.split is not None,
        "home": player.home,
    }
    if mine:
        view["hand"] = list(player.hand)
    return view


def view(state: State, seat: int | None) -> dict[str, Any]:
    """Public information plus ``seat``'s own hand; never a face-down Place or deck order (I14).
    ``cards`` describes every card the view names; a seat's view lists its legal actions."""
    result: dict[str, Any] = {
        "game": GAME_ID,
        "options": {
            "places": state.places_option,
            "victory": state.victory,
            "necronomicon_removed": state.necronomicon_removed,
            "first_player": state.first_player_option,
        },
        "phase": state.phase,
        "current": state.current,
        "to_act": state.to_act,
        "passed": list(state.passed),
        "turned": list(state.turned),
        "swapped": state.swapped,
        "attacked": state.attacked,
        "turn_number": state.turn_number,
        "hand_size": hand_size(state.num_players),
        "players": [_player_view(p, s == seat) for s, p in enumerate(state.players)],
        "deck_sizes": {n: len(d) for n, d in zip(DECK_NAMES, state.decks, strict=True)},
        "discard_sizes": {n: len(d) for n, d in zip(DECK_NAMES, state.discards, strict=True)},
        "removed": list(state.removed),
        "pending": pending(state),
        "outcome": outcome(state),
    }
    result["seat"] = seat
    result["cards"] = {c: card_info(c) for c in sorted(set(_visible_cards(result)))}
    result["types"] = {t.id: dict(t.name) for t in cards.decks().types.values()}
    if seat is not None:
        result["legal"] = [dump_action(a) for a in legal_actions(state, seat)]
    return result


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
    return cls(**{name: _field(kind, data[name]) for name, kind in fields.items()})
