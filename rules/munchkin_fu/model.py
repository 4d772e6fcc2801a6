"""Munchkin Fu's state and actions as frozen values, and their lossless JSON form.

Why one flat :class:`State` with a :class:`Player` per seat and an optional :class:`Fight`:
every phase (setup, door, trouble, loot, charity) reads the same table, and a fight is the
only structure that lives for part of a turn. Resolutions that touch several players one after
the other (a monster's bad stuff, death's loot picks, a helped kill's treasure split) are a
queue of :class:`Job` values processed in order; a job that needs a decision becomes the one
open :class:`Choice`, answered by :class:`Choose`.

Cards are ids of :data:`rules.munchkin_fu.content.DECK`; every card lies in exactly one place
(decks, discards, hands, play areas, the fight, the corpse being looted, the fight's loot):
:func:`all_cards` lists them for the conservation test.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, replace
from typing import Any

from rules import codec
from rules.base import Rng

GAME_ID = "munchkin_fu"
DUMP_VERSION = 2
"""2: ``epic`` alone is the rulebook's epic; a version-1 ``epic`` was the race to 20."""
HAND_LIMIT = 5
WIN_LEVEL = 10
EPIC_WIN_LEVEL = 20
MAX_ROUNDS = 40
"""The termination cap (I41), a safety net and not an ending: after this many rounds (twice as
many in the epic race to 20) the game stops, ranked by level then combat strength; nobody who
never went up a level wins. Bot games never reach it."""

HEROES, MONSTERS = "heroes", "monsters"


@dataclass(frozen=True, slots=True)
class Player:
    """One character: level, what is in play and the hand (hidden from the others)."""

    level: int = 1
    hand: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()
    styles: tuple[str, ...] = ()
    super_munchkin: tuple[str, ...] = ()
    extra_styles: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    carried: tuple[str, ...] = ()
    """Items in play turned sideways (not used): the player's own marking."""
    mooks: tuple[tuple[str, tuple[str, ...]], ...] = ()
    curses: tuple[str, ...] = ()
    """Traps held as a reminder until the next combat ("nel tuo prossimo combattimento")."""
    owed: tuple[tuple[str, int], ...] = ()
    """(source card, amount): "next combat" penalties that are no card of one's own to hold
    (a monster's escape stuff, R5: its card is discarded with the fight), applied like the
    curses when the seat next fights or helps."""
    ready: bool = False
    """Setup: said Ready after the first plays."""
    reborn: bool = False
    """Died: the next own turn starts by drawing 2+2 (4+4 fast)."""
    sold: int = 0
    """Gold sold this turn not yet turned into a level (sales of one turn add up)."""
    fresh: tuple[str, ...] = ()
    """Cards received out of turn, playable at once (I38) until the receiver's next other
    move or the end of the turn they came in (charity cards: into the next turn)."""
    shown: tuple[str, ...] = ()
    """Cards of the hand everyone saw arrive (a kicked door kept, a face-up treasure pick, a
    corpse pick, a claim): public knowledge, shown in every view."""


@dataclass(frozen=True, slots=True)
class Monster:
    """A monster in the fight: its card (a double's own card, with ``of`` = the original's
    index), the enhancers played on it and the Hong Kong items given to it."""

    card: str
    enhancers: tuple[str, ...] = ()
    of: int = -1
    items: tuple[str, ...] = ()
    copy: str = ""
    """A Double whose original was removed (C7: the Double is a monster of its own, it stays):
    the original's card, which it still counts as (level, tags, treasures, Bad Stuff)."""
    copied: tuple[str, ...] = ()
    """That original's enhancers and raising Hong Kong items, still counting for the Double
    (M5); their cards left the fight with the original."""

    def base(self) -> str:
        """The card this monster counts as when it is not a Double of a monster in the fight."""
        return self.copy or self.card


@dataclass(frozen=True, slots=True)
class Fight:
    fighter: int
    monsters: tuple[Monster, ...]
    helper: int = -1
    stage: str = "fight"
    """``fight`` (the fighter acts), ``window`` (the others answer), ``run``, ``done``."""
    one_shots: tuple[tuple[str, str], ...] = ()
    """(card, side) for each combat bonus played (the cards are discarded at once)."""
    penalties: tuple[tuple[str, int, int], ...] = ()
    """(card, seat, amount): combat penalties on the fighter's side (curses, bad stuff)."""
    discards: tuple[tuple[int, str], ...] = ()
    """(seat, card) discarded for a bonus (``discard_for_bonus``)."""
    passed: tuple[int, ...] = ()
    passed_fight: tuple[int, ...] = ()
    asked: tuple[int, ...] = ()
    """Seats already asked for help in this fight (a refusal is final for the fight)."""
    treasures: int = 0
    """The helper's share of the treasure, agreed in the accepted offer."""
    bribe: tuple[str, ...] = ()
    """The fighter's items promised to the helper: paid when the fight ends (I7)."""
    helper_first: bool = False
    escaped: tuple[int, ...] = ()
    killed: tuple[str, ...] = ()
    """Monsters removed as killed (Samurai's epic strike): levels, and their treasures if
    the fight is won (E4); only 1 level and no treasure if the rest are run from."""
    killed_treasures: int = 0
    """The treasures the killed monsters' enhancers added (IF4, I53): their cards are
    discarded at the kill, their treasures count with the monster's when the fight is won."""
    loot: tuple[str, ...] = ()
    """Treasure drawn face up after a helped kill, waiting for the picks."""
    order: tuple[int, ...] = ()
    """The running order chosen (monster indexes)."""
    benched: tuple[str, ...] = ()
    """Items the fighter and the helper had in play, allowed but not in use (a second hat),
    when they entered the fight: they stay unused until it ends (P16: "NON puoi cambiare
    copricapo, per esempio, durante un combattimento o un tentativo di fuga")."""


@dataclass(frozen=True, slots=True)
class Offer:
    """A help offer (``kind == "help"``, fighter -> target) or a trade (``"trade"``, outside
    combat). ``counter`` marks a counter-offer: the source must answer it."""

    id: int
    kind: str
    source: int
    target: int
    items: tuple[str, ...] = ()
    want: tuple[str, ...] = ()
    treasures: int = 0
    helper_first: bool = False
    counter: bool = False

    @property
    def answerer(self) -> int:
        return self.source if self.counter else self.target


@dataclass(frozen=True, slots=True)
class Job:
    """One step of a resolution for ``seat``: an effect op of the vocabulary, or ``run``,
    ``loot`` (death's corpse pick), ``split`` (a helped kill's treasure pick)."""

    seat: int
    op: str
    amount: int = 0
    target: str = ""
    source: str = ""


@dataclass(frozen=True, slots=True)
class Choice:
    """The one decision open inside a resolution: ``seat`` picks one of ``options``;
    ``default`` is what the table plays when the window runs out."""

    seat: int
    kind: str
    options: tuple[str, ...]
    default: str
    job: Job | None = None


@dataclass(frozen=True, slots=True)
class State:
    players: tuple[Player, ...]
    door: tuple[str, ...]
    treasure: tuple[str, ...]
    door_discard: tuple[str, ...]
    treasure_discard: tuple[str, ...]
    rng: Rng
    phase: str = "setup"
    """``setup``, ``door``, ``trouble``, ``fight``, ``loot`` (the rest of the turn),
    ``charity``, ``over``."""
    turn: int = 0
    first: int = 0
    round: int = 1
    fast: bool = False
    epic: bool = False
    """The epic powers (E): the rulebook's page, for every character (option ``epic=yes``)."""
    race: bool = False
    """The publisher's separate Epic rules (``epic=race``, with ``epic``): the race to 20,
    the powers from level 10 (I12)."""
    fight: Fight | None = None
    offers: tuple[Offer, ...] = ()
    next_offer: int = 1
    traded: tuple[tuple[int, int], ...] = ()
    """(source, target) pairs that already offered a trade this turn."""
    queue: tuple[Job, ...] = ()
    choice: Choice | None = None
    opened: int = 0
    """Counts window openings: :class:`rules.base.Window` ``opened``."""
    corpse: tuple[str, ...] = ()
    charity: tuple[int, ...] = ()
    """Cards given to each seat in this charity (the split's bookkeeping)."""
    excess: int = 0
    winners: tuple[int, ...] = ()
    capped: bool = False
    """The round cap ended the game (I41), not a kill at the winning level."""
    died: tuple[int, ...] = ()
    """Seats that died this turn: no help may be asked of them until the next (I26)."""

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def win_level(self) -> int:
        return EPIC_WIN_LEVEL if self.race else WIN_LEVEL

    def epic_at(self, level: int) -> bool:
        """I12: whether a character of ``level`` has the epic powers: always in the rulebook's
        epic, from level 10 in the race to 20."""
        return self.epic and (not self.race or level >= WIN_LEVEL)

    @property
    def max_rounds(self) -> int:
        return MAX_ROUNDS * self.win_level // WIN_LEVEL


def put_player(state: State, seat: int, player: Player) -> State:
    players = list(state.players)
    players[seat] = player
    return replace(state, players=tuple(players))


def with_player(state: State, seat: int, **changes: Any) -> State:
    return put_player(state, seat, replace(state.players[seat], **changes))


def all_cards(state: State) -> list[str]:
    """Every card wherever it lies (the conservation invariant)."""
    found = [*state.door, *state.treasure, *state.door_discard, *state.treasure_discard]
    found += list(state.corpse)
    for p in state.players:
        found += [*p.hand, *p.classes, *p.styles, *p.super_munchkin, *p.extra_styles]
        found += [*p.items, *p.curses]
        for mook, enhancers in p.mooks:
            found += [mook, *enhancers]
    if state.fight is not None:
        for m in state.fight.monsters:
            found += [m.card, *m.enhancers, *m.items]
        found += list(state.fight.loot)
    return found


# --- actions -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ready:
    """Setup: done with the first plays."""


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card``: from the hand (or, for a Hong Kong item, from the table). ``target`` is
    a seat (a trap's victim), ``monster`` a fight index (an enhancer, a double, a removal, a
    Hong Kong item), ``side`` the side a combat bonus helps, ``extra`` a second card (the
    monster a Wandering Monster brings, the class Super Munchkin adds)."""

    card: str
    target: int = -1
    monster: int = -1
    side: str = ""
    extra: str = ""


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a class, style, Extra Style or mook from play ("in qualsiasi momento")."""

    card: str


@dataclass(frozen=True, slots=True)
class Carry:
    """Turn an item in play sideways (carried, not used) or back: own turn, outside combat."""

    card: str


@dataclass(frozen=True, slots=True)
class Kick:
    """Kick open the door."""


@dataclass(frozen=True, slots=True)
class Trouble:
    """Look for trouble: fight a monster from the hand."""

    card: str


@dataclass(frozen=True, slots=True)
class LootRoom:
    """Loot the room: draw a door card face down."""


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn (charity follows when the hand holds more than five cards)."""


@dataclass(frozen=True, slots=True)
class Resolve:
    """The fighter is done: the others may interfere, then the fight resolves."""


@dataclass(frozen=True, slots=True)
class Run:
    """Run away at once, skipping the interference window."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Interference window: no play."""


@dataclass(frozen=True, slots=True)
class PassFight:
    """Interference window: no play for the rest of this fight."""


@dataclass(frozen=True, slots=True)
class OfferHelp:
    """The fighter asks ``target`` for help: equipped ``items`` given on acceptance, a number
    of the monster's ``treasures`` and who picks first."""

    target: int
    items: tuple[str, ...] = ()
    treasures: int = 0
    helper_first: bool = False


@dataclass(frozen=True, slots=True)
class Counter:
    """The asked player's counter-offer (the fighter answers it)."""

    offer: int
    items: tuple[str, ...] = ()
    treasures: int = 0
    helper_first: bool = False


@dataclass(frozen=True, slots=True)
class OfferTrade:
    """Outside combat: give ``give`` (items in play) for ``want`` (the target's items)."""

    target: int
    give: tuple[str, ...] = ()
    want: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Accept:
    offer: int


@dataclass(frozen=True, slots=True)
class Decline:
    offer: int


@dataclass(frozen=True, slots=True)
class Choose:
    """Answer the open choice with one of its options."""

    option: str


@dataclass(frozen=True, slots=True)
class Sell:
    """Own turn, outside combat: sell an item (hand or play); each 1,000 is a level."""

    card: str


@dataclass(frozen=True, slots=True)
class Claim:
    """Fast game: discard a go-up-a-level card to take the top of the door discard pile."""

    card: str


@dataclass(frozen=True, slots=True)
class Strike:
    """The fighter or the helper discards a card, from the hand or from play (P7), for a
    bonus (``discard_for_bonus``)."""

    card: str


@dataclass(frozen=True, slots=True)
class Slay:
    """Epic Samurai (E4): discard the whole hand (3 cards or more) to kill one monster."""

    monster: int


Action = (
    Ready
    | Play
    | Discard
    | Carry
    | Kick
    | Trouble
    | LootRoom
    | EndTurn
    | Resolve
    | Run
    | Pass
    | PassFight
    | OfferHelp
    | Counter
    | OfferTrade
    | Accept
    | Decline
    | Choose
    | Sell
    | Claim
    | Strike
    | Slay
)

ACTIONS: tuple[type, ...] = typing.get_args(Action)


ACTION_TYPES: dict[str, type] = codec.action_types(ACTIONS)


# --- JSON ----------------------------------------------------------------------------------------


def dump(state: State) -> dict[str, Any]:
    return codec.dump_state(state, DUMP_VERSION)


def load(data: dict[str, Any]) -> State:
    if data.get("version", 1) < 2 and data.get("epic"):
        data = {**data, "race": True}  # version 1 had one epic: the race to 20
    return codec.load_state(State, data)


def dump_action(action: Action) -> dict[str, Any]:
    return codec.dump_action(action)


def load_action(data: dict[str, Any]) -> Action:
    """Raises :class:`IllegalAction` ``malformed_action`` on anything that is not an action."""
    action: Action = codec.load_action(ACTION_TYPES, data)
    return action
