"""Monsterpocalypse's state and actions as frozen values, and their lossless JSON form.

Why squares are "A1" strings everywhere in the state and the actions: the actions are dumped
with squares as strings (interfaces page), the views show strings, and one spelling in every
layer means a dump is the state as written, with no conversion to get wrong. The geometry works
on ``(col, row)`` tuples; :func:`sq` and :func:`at` convert at the edge of each computation.

Every figure is one :class:`Figure` for the whole game: monsters ``m0``/``m1``, units ``u<n>``
(created when the armies are known, in the reserve: ``at == ""``). A destroyed unit goes back
to the reserve ("potranno ritornare in gioco"), a destroyed monster stays with ``at == ""`` and
both health tracks at 0, so figures are conserved between map, reserve and destroyed.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Union

from rules import codec
from rules.base import IllegalAction, Rng
from rules.monsterpocalypse import geometry

GAME_ID = "monsterpocalypse"
DUMP_VERSION = 1
ACTION_DICE = 10
POWER_DICE = 10
BOOST_DICE = 4
SIDES = ("north", "south")
PHASES = ("choose_map", "choose_side", "buildings", "draft", "place", "play", "over")
MONSTER_PHASES = ("power_up", "hyper", "move", "attack", "reorder")
UNIT_PHASES = ("spawn", "move", "attack", "reorder")


@cache
def sq(text: str) -> geometry.Square:
    """An "A1" string as a square."""
    return geometry.parse(text)


@cache
def at(square: geometry.Square) -> str:
    """A square as its "A1" string."""
    return geometry.name(square)


@dataclass(frozen=True, slots=True)
class Figure:
    """A monster or a unit. ``at`` is the anchor ("" = in the reserve, or a destroyed
    monster); ``health`` is (alpha, hyper) for monsters; ``moved``/``attacked`` are reset at
    every activation."""

    id: str
    owner: int
    kind: str
    type: str
    at: str = ""
    form: str = ""
    health: tuple[int, int] = (0, 0)
    moved: bool = False
    attacked: bool = False

    @property
    def size(self) -> int:
        return 2 if self.kind == "monster" else 1

    def squares(self) -> tuple[geometry.Square, ...]:
        return geometry.footprint(sq(self.at), self.size) if self.at else ()


@dataclass(frozen=True, slots=True)
class Building:
    """A building in the city; ``owner`` placed it and may never attack it (I27)."""

    id: str
    type: str
    owner: int
    at: str

    def squares(self) -> tuple[geometry.Square, ...]:
        return geometry.footprint(sq(self.at), 2)


@dataclass(frozen=True, slots=True)
class Hazard:
    """The token a destroyed building leaves on its 2×2 squares (``id`` is the building's)."""

    id: str
    kind: str
    at: str

    def squares(self) -> tuple[geometry.Square, ...]:
        return geometry.footprint(sq(self.at), 2)


@dataclass(frozen=True, slots=True)
class Player:
    """One seat's pools and army. ``unit + monster == 10`` and ``power <= 10`` always."""

    faction: str
    side: str = ""
    unit: int = ACTION_DICE
    monster: int = 0
    power: int = 0
    destroyed: int = 0
    """Enemy monsters this player destroyed."""
    army: tuple[str, ...] = ()
    drafted: bool = False


@dataclass(frozen=True, slots=True)
class Activation:
    """The activation under way: its kind, its phase (forward only) and what it used."""

    seat: int
    kind: str
    phase: str
    spent: int = 0
    spawned: tuple[str, ...] = ()
    """Spawn squares used this activation (one unit per space) and "hellmouth" once used."""
    rolls: tuple[int, ...] = ()
    focus: str = ""
    met: tuple[str, ...] = ()
    """Hazard tokens a figure's movement entered this activation, as "figure token" (X3:
    each hurts a figure once per activation, however its move and runs are cut up)."""


@dataclass(frozen=True, slots=True)
class State:
    phase: str
    rng: Rng
    rounds: int
    army_mode: str
    map: str = ""
    round: int = 0
    turn: int = 0
    first: int = 0
    chooser: int = 0
    players: tuple[Player, ...] = ()
    figures: tuple[Figure, ...] = ()
    buildings: tuple[Building, ...] = ()
    hazards: tuple[Hazard, ...] = ()
    activation: Activation | None = None
    rolloff: tuple[tuple[int, int], ...] = ()
    winners: tuple[int, ...] = ()
    activations: int = 0
    last: tuple[str, ...] = ()
    """The last step's events as JSON text (public), for the summary in the view."""


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseMap:
    map: str


@dataclass(frozen=True, slots=True)
class ChooseSide:
    side: str


@dataclass(frozen=True, slots=True)
class PlaceBuilding:
    building: str
    at: str


@dataclass(frozen=True, slots=True)
class Draft:
    unit: str


@dataclass(frozen=True, slots=True)
class DraftDone:
    pass


@dataclass(frozen=True, slots=True)
class PlaceMonster:
    at: str


@dataclass(frozen=True, slots=True)
class ActivateMonster:
    pass


@dataclass(frozen=True, slots=True)
class ActivateUnits:
    pass


@dataclass(frozen=True, slots=True)
class PowerUp:
    dice: int


@dataclass(frozen=True, slots=True)
class Hyper:
    pass


@dataclass(frozen=True, slots=True)
class Alpha:
    pass


@dataclass(frozen=True, slots=True)
class Move:
    figure: str
    to: str


@dataclass(frozen=True, slots=True)
class Run:
    to: str


@dataclass(frozen=True, slots=True)
class Spawn:
    unit: str
    at: str


@dataclass(frozen=True, slots=True)
class Shift:
    figure: str
    to: str


@dataclass(frozen=True, slots=True)
class Attack:
    figure: str
    kind: str
    target: str
    dice: int
    manoeuvre: str = ""
    power: int = 0


@dataclass(frozen=True, slots=True)
class EndActivation:
    push: int


Action = Union[  # noqa: UP007  (typing.get_args needs the Union form)
    ChooseMap,
    ChooseSide,
    PlaceBuilding,
    Draft,
    DraftDone,
    PlaceMonster,
    ActivateMonster,
    ActivateUnits,
    PowerUp,
    Hyper,
    Alpha,
    Move,
    Run,
    Spawn,
    Shift,
    Attack,
    EndActivation,
]

ACTIONS: tuple[type, ...] = typing.get_args(Action)


ACTION_TYPES: dict[str, type] = codec.action_types(ACTIONS)


# --- small updates -------------------------------------------------------------------------


def figure(state: State, fid: str) -> Figure:
    for f in state.figures:
        if f.id == fid:
            return f
    raise IllegalAction("no_such_figure", details=fid)


def with_figure(state: State, fig: Figure) -> State:
    return replace(state, figures=tuple(fig if f.id == fig.id else f for f in state.figures))


def with_player(state: State, seat: int, **changes: Any) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


_NO_DICE = Rng(0)


def without_dice(state: State) -> State:
    """The state with its dice to come and its last events blanked: the key of the caches of
    legal moves and reaches, which read neither. Why: the ``hard`` bot re-deals the dice at
    every iteration of its search (``determinize``), so a cache keyed on the whole state
    worked out the same legal moves again for every deal (issue 28)."""
    if state.rng is _NO_DICE and not state.last:
        return state
    return replace(state, rng=_NO_DICE, last=())


def monster_of(state: State, seat: int) -> Figure:
    return figure(state, f"m{seat}")


def alive(fig: Figure) -> bool:
    """A monster with some health on either form (units: always)."""
    return fig.kind != "monster" or sum(fig.health) > 0


# --- JSON ----------------------------------------------------------------------------------


def dump(state: State) -> dict[str, Any]:
    return codec.dump_state(state, DUMP_VERSION)


def load(data: dict[str, Any]) -> State:
    return codec.load_state(State, data)


def dump_action(action: Action) -> dict[str, Any]:
    return codec.dump_action(action)


def load_action(data: dict[str, Any]) -> Action:
    """Raises :class:`IllegalAction` ``malformed_action`` on anything that is not an action."""
    action: Action = codec.load_action(ACTION_TYPES, data)
    return action
