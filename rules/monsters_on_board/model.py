"""Monsters on Board's state and actions as frozen values, and their lossless JSON form.

Why one flat :class:`State` with one :class:`Seat` per player: every phase of the normal game
and of the solo modes reads the same board (Avenue, Order, town, Evil, Juice), so phases are
functions over this one shape. Mode-specific parts sit in their own fields (``solo_*`` for the
solo card deck, ``ai_picks`` for the solo AI's picks, ``jack`` for solo 2's Spider Jack area,
``Seat.pick_row`` and the ``"lane"`` frames for family mode), added with defaults so that a
state dumped before they existed still loads.

Dice are ``(die_id, rank)`` pairs everywhere (I6): the id fixes colour and faces, the rank the
face up. Creatures are addressed by their index in ``Seat.creatures``; a location is the
board's id: ``"start-<colour>"``, ``"add-<colour>"`` (the add-creature slot, I17), a space id
(``"a07-orange"``) or ``"final"``. Ghosts sit on a space id or on ``"add-<colour>"``;
servants on a lodge id (``"lodge-3"``) or a space id.

The per-seat decision stack (``Seat.stack``) holds what is open, top last: a :class:`Frame`
of kind ``"move"`` (creatures of one colour still to move, M5/M7) or ``"actions"`` (icons still
to use from one source: a placed die J2, the stops of a move M8/I16, a track space K8a, an
Arch card's move), and in family mode ``"lane"`` (a creature's spaces still to move, FM7).
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields, replace
from typing import Any

from rules.base import IllegalAction, Rng

GAME_ID = "monsters_on_board"
DUMP_VERSION = 1
ROUNDS = 6
ROWS = 3
COLUMNS = 6
CAR_SLOTS = 4
MAX_EVIL = 8
DRAFTS = ("simultaneous", "turn_order")

Die = tuple[str, int]
"""A rolled Lord die: its id (``"pink-07"``) and the rank up (1..6)."""

Item = tuple[str, str]
"""An open action: the source it comes from (``"die:pink-07"``, ``"space:a07-orange"``,
``"ghost:g12"``, ``"track:1"``) and its icon."""


@dataclass(frozen=True, slots=True)
class Frame:
    """One open decision of a seat (see the module docstring)."""

    kind: str
    source: str
    colour: str = ""
    left: tuple[int, ...] = ()
    """Move frames: creatures of ``colour`` still to move."""
    stopped: tuple[int, ...] = ()
    """Move frames: creatures that moved and ended on a town space (their stops, M8)."""
    items: tuple[Item, ...] = ()
    """Actions frames: the icons still usable."""
    fixed: str = ""
    """The die just placed, which promote may not change (K2a)."""
    steps: int = 0
    """Lane frames (family): spaces the creature of ``colour`` still moves (FM7, FM11)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's board, car pick and open decisions."""

    avenue: tuple[Die, ...] = ()
    activated: tuple[str, ...] = ()
    """Die ids of the Avenue already activated this round (M2)."""
    order: tuple[tuple[Die, ...], ...] = ((), (), ())
    """The Order's three rows, leftmost first (J1)."""
    jack: tuple[int, ...] = (1, 1, 1)
    summon: tuple[int, ...] = (0, 0, 0)
    evil: int = 0
    juice: int = 0
    creatures: tuple[tuple[str, str], ...] = ()
    """(colour, location) per creature."""
    servants: tuple[str, ...] = ()
    """Location per servant: a lodge id or a space id."""
    ghosts: tuple[tuple[str, str], ...] = ()
    """(place, ghost id): a space id or ``"add-<colour>"``."""
    arch: tuple[str, ...] = ()
    flipped: tuple[str, ...] = ()
    prophecy: str | None = None
    pick: int | None = None
    """The car slot picked this draft step (hidden until the cars pass, I8)."""
    pick_row: int | None = None
    """Family: the Order row chosen with the pick (FM6), hidden like the pick."""
    stack: tuple[Frame, ...] = ()
    done: bool = False
    """Through its own phase 4 (M1/J9), or said Done in the final window (X2)."""
    bought: int = 0
    """Purchases this spectral phase (solo 1's O7/O8)."""
    removed: tuple[tuple[int, Die], ...] = ()
    """F2, once the game is over: (row, die) taken off the right of each Order row, left to
    right; they left the game (F4) and the score sheet lists them."""


@dataclass(frozen=True, slots=True)
class JackArea:
    """Solo 2's Spider Jack area (T3, T3a, T3c, T9-T19): what it holds and its Juice.

    ``dice`` are the Lord dice it scored (T11) or kept (T18 at +3 and more); ``spare`` is
    this round's fourth die between the draft and its spectral purchase (T15, T18);
    ``picks`` is a record of this round's four picks in pick order (T8), for showing on the
    card: those dice are in ``dice``/``spare``/the bag, never counted twice."""

    colour: str
    """The deck colour: the die drawn at setup (T3)."""
    difficulty: int
    """The "+" count of its parts (T2)."""
    dice: tuple[Die, ...] = ()
    ghosts: tuple[str, ...] = ()
    creatures: tuple[str, ...] = ()
    """The colours of its creatures (T3a, T3c)."""
    juice: int = 0
    spare: Die | None = None
    picks: tuple[Die, ...] = ()
    parts: tuple[str, ...] | None = None
    """The difficulty parts (I41, ``solo2.PARTS``); None in a game stored before them, whose
    ``difficulty`` is a ladder level (I40)."""


@dataclass(frozen=True, slots=True)
class State:
    mode: str
    draft: str
    seats: tuple[Seat, ...]
    round: int
    phase: str
    """``draft``, ``board`` (phases 3-4), ``spectral``, ``final_window``, ``over``."""
    first: int
    step: int
    """Draft step 0..3: seat s picks from car (s - step) mod cars (normal)."""
    turn: int
    """Spectral phase: the seat whose turn it is."""
    passes: int
    """Spectral phase: consecutive passes (P14)."""
    bag: tuple[str, ...]
    cars: tuple[tuple[Die | None, ...], ...]
    ghost_market: tuple[str | None, ...]
    arch_market: tuple[str | None, ...]
    ghost_supply: tuple[str, ...]
    arch_deck: tuple[str, ...]
    ghost_discard: tuple[str, ...]
    arch_discard: tuple[str, ...]
    solo_deck: tuple[str, ...]
    solo_revealed: tuple[str, ...]
    ai_picks: tuple[Die, ...]
    """The solo AI's picks this round (solo 1: back to the bag after the draft, I35; solo
    2: scored or kept as the spare die when the draft ends, T9)."""
    rng: Rng
    jack: JackArea | None = None
    """Solo 2 only: Spider Jack's area."""

    @property
    def num_players(self) -> int:
        return len(self.seats)

    @property
    def over(self) -> bool:
        return self.phase == "over"


def with_seat(state: State, seat: int, **changes: Any) -> State:
    """``state`` with ``changes`` applied to one seat."""
    seats = list(state.seats)
    seats[seat] = replace(seats[seat], **changes)
    return replace(state, seats=tuple(seats))


def put_seat(state: State, seat: int, value: Seat) -> State:
    """``state`` with one seat replaced."""
    return replace(state, seats=(*state.seats[:seat], value, *state.seats[seat + 1 :]))


def die_colour(die_id: str) -> str:
    return die_id.rsplit("-", 1)[0]


# --- actions -----------------------------------------------------------------------------------

Param = str | int


@dataclass(frozen=True, slots=True)
class Pick:
    """Take a die from the car in front of you into your Avenue (D1, D2)."""

    die: str


@dataclass(frozen=True, slots=True)
class Activate:
    """Slide an Avenue die down: move its colour's creatures (M2-M5)."""

    die: str


@dataclass(frozen=True, slots=True)
class MoveNext:
    """Choose which creature of the colour moves next (M7)."""

    creature: int


@dataclass(frozen=True, slots=True)
class Place:
    """Put an Avenue die on the leftmost empty space of an Order row (J1)."""

    die: str
    row: int


@dataclass(frozen=True, slots=True)
class Use:
    """Do one open icon of ``source`` with its parameters (K1-K9): swap ``(r1, c1, r2, c2)``,
    promote ``(die, +1|-1)``, move creature ``(colour,)``, move servant ``(servant, space)``,
    feed ``(row,)``, call ``(row,)``; amounts need none."""

    source: str
    icon: str
    params: tuple[Param, ...] = ()


@dataclass(frozen=True, slots=True)
class Skip:
    """Forgo what is left of the open source (J3, M8)."""

    source: str


@dataclass(frozen=True, slots=True)
class BuyGhost:
    """Buy the ghost in market ``slot`` and put it on ``target`` (P3-P6, P9)."""

    slot: int
    target: str


@dataclass(frozen=True, slots=True)
class BuyArch:
    slot: int


@dataclass(frozen=True, slots=True)
class Pass:
    pass


@dataclass(frozen=True, slots=True)
class Flip:
    """Flip an owned Arch card for one of its two back actions (X1)."""

    card: str
    icon: str
    params: tuple[Param, ...] = ()


@dataclass(frozen=True, slots=True)
class Done:
    """End one's final-scoring window (X2)."""


@dataclass(frozen=True, slots=True)
class FamilyPick:
    """Family: take a die from the car in front and put it in an Order row (FM6)."""

    die: str
    row: int


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """Family, end of round: a servant onto an empty servant space of ``row``, which scores
    the row's total rank (FM14)."""

    row: int


Action = (
    Pick
    | Activate
    | MoveNext
    | Place
    | Use
    | Skip
    | BuyGhost
    | BuyArch
    | Pass
    | Flip
    | Done
    | FamilyPick
    | ScoreRow
)

ACTION_TYPES: dict[str, type] = {
    "pick": Pick,
    "activate": Activate,
    "move_next": MoveNext,
    "place": Place,
    "use": Use,
    "skip": Skip,
    "buy_ghost": BuyGhost,
    "buy_arch": BuyArch,
    "pass": Pass,
    "flip": Flip,
    "done": Done,
    "family_pick": FamilyPick,
    "score_row": ScoreRow,
}
ACTION_NAMES = {cls: name for name, cls in ACTION_TYPES.items()}


def dump_action(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = {"type": ACTION_NAMES[type(action)]}
    for f in fields(action):
        value = getattr(action, f.name)
        data[f.name] = list(value) if isinstance(value, tuple) else value
    return data


def _fits(annotation: object, value: object) -> bool:
    """An action field's JSON value has the field's type (bools are no ints)."""
    if annotation == "int":
        return type(value) is int
    return annotation != "str" or isinstance(value, str)


def load_action(data: dict[str, Any]) -> Action:
    """The action ``data`` describes; :class:`IllegalAction` ``malformed_action`` otherwise."""
    try:
        cls = ACTION_TYPES[data["type"]]
        kwargs: dict[str, Any] = {}
        for f in fields(cls):
            value = data[f.name]
            if f.name == "params":
                if not isinstance(value, list) or not all(
                    isinstance(v, (str, int)) and not isinstance(v, bool) for v in value
                ):
                    raise TypeError(f.name)
                value = tuple(value)
            elif not _fits(f.type, value):
                raise TypeError(f.name)
            kwargs[f.name] = value
        if set(data) - {"type", *kwargs}:
            raise TypeError("extra")
        action: Action = cls(**kwargs)
        return action
    except (KeyError, TypeError) as exc:
        raise IllegalAction("malformed_action", "", data=str(data)) from exc


# --- JSON ----------------------------------------------------------------------------------------


def _tuples(value: Any) -> Any:
    """JSON lists back into the tuples the state holds."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def jsonable(value: Any) -> Any:
    """Tuples (and nested mappings) as JSON lists and dicts, for views, events and outcomes."""
    if isinstance(value, (tuple, list)):
        return [jsonable(v) for v in value]
    if isinstance(value, dict):
        return {k: jsonable(v) for k, v in value.items()}
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, (Frame, Seat, JackArea)):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    return value


def dump(state: State) -> dict[str, Any]:
    data: dict[str, Any] = {"version": DUMP_VERSION}
    for f in fields(state):
        value = getattr(state, f.name)
        data[f.name] = value.dump() if isinstance(value, Rng) else _plain(value)
    return data


def _load_seat(data: dict[str, Any]) -> Seat:
    values = {k: _tuples(v) for k, v in data.items()}
    values["stack"] = tuple(Frame(**{k: _tuples(v) for k, v in f.items()}) for f in data["stack"])
    return Seat(**values)


def _load_jack(data: dict[str, Any] | None) -> JackArea | None:
    return None if data is None else JackArea(**{k: _tuples(v) for k, v in data.items()})


def load(data: dict[str, Any]) -> State:
    if data.get("version") != DUMP_VERSION:
        raise ValueError(f"unknown Monsters on Board dump version {data.get('version')!r}")
    values: dict[str, Any] = {}
    for f in fields(State):
        if f.name not in data and f.default is not MISSING:
            continue  # a field added later, with its default (``jack``)
        raw = data[f.name]
        if f.name == "rng":
            values[f.name] = Rng.load(raw)
        elif f.name == "seats":
            values[f.name] = tuple(_load_seat(s) for s in raw)
        elif f.name == "jack":
            values[f.name] = _load_jack(raw)
        else:
            values[f.name] = _tuples(raw)
    return State(**values)
