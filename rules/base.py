"""The engine contract every game in ``rules/`` offers, and the seeded dice every game rolls.

Why a contract: the table service, the bot players, the simulator and the tests drive every
game through exactly this surface, so adding a game never touches them.

Engines are pure: no Discord, no database, no images, no clock, no global randomness. All chance
comes from :class:`Rng`, a seed plus a counter kept *inside* the state, so ``setup(seed)`` followed
by the same actions replays a game bit for bit.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

from rules import search
from rules.options import OptionSpec, OptionValue, Variant, defaults, validate

State = Any
"""An engine's own immutable state object (each engine documents its type)."""

Action = Any
"""An engine's own immutable, hashable action object."""

Event = dict[str, Any]
"""Something that happened, JSON-able and *public*: never a hidden card."""

T = TypeVar("T")

BOT_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
"""How well a bot seat may play, weakest first; ``"normal"`` is the greedy bot every game
had before levels (issue 28), and what a bot taking over a seat plays."""


@dataclass(frozen=True, slots=True)
class Window:
    """A decision the table waits on for at most the table's window time: a reaction window
    (everyone but the fighter may interfere) or a choice inside a resolution (the victim picks
    the item a trap takes). When it runs out, the platform plays ``defaults[seat]`` for each of
    its seats still pending (their pass, a decline, a documented default that uses only what
    that seat may know).

    ``opened`` changes whenever the window opens anew (a play reopens the fight and clears the
    passes): every seat's deadline then starts again, so a late play never leaves the others
    less time to answer it."""

    opened: int
    defaults: Mapping[int, Action]


class IllegalAction(Exception):
    """An action the rules forbid. ``code`` is stable (the bot localises it); ``clause`` names
    the rule it breaks, for logs and for players who ask why."""

    def __init__(self, code: str, clause: str = "", **details: Any) -> None:
        super().__init__(f"{code}: {clause}" if clause else code)
        self.code = code
        self.clause = clause
        self.details = details


@dataclass(frozen=True, slots=True)
class Rng:
    """Deterministic randomness as a value: a seed and how many draws were made.

    Every draw returns the value *and* the next ``Rng``; the old one is untouched, so states
    that hold an ``Rng`` stay immutable. Draw ``n`` depends only on ``(seed, n)``.
    """

    seed: int
    counter: int = 0

    def _generator(self) -> random.Random:
        return random.Random(f"{self.seed}/{self.counter}")

    def roll(self, sides: int = 6) -> tuple[int, Rng]:
        """One die with ``sides`` faces, 1..sides."""
        return self._generator().randint(1, sides), Rng(self.seed, self.counter + 1)

    def dice(self, count: int, sides: int = 6) -> tuple[tuple[int, ...], Rng]:
        rolled: list[int] = []
        rng = self
        for _ in range(count):
            value, rng = rng.roll(sides)
            rolled.append(value)
        return tuple(rolled), rng

    def shuffled(self, items: list[T] | tuple[T, ...]) -> tuple[tuple[T, ...], Rng]:
        """A shuffled copy of ``items``."""
        copy = list(items)
        self._generator().shuffle(copy)
        return tuple(copy), Rng(self.seed, self.counter + 1)

    def dump(self) -> dict[str, int]:
        return {"seed": self.seed, "counter": self.counter}

    @classmethod
    def load(cls, data: dict[str, int]) -> Rng:
        return cls(int(data["seed"]), int(data["counter"]))


def seed_commitment(seed: int) -> str:
    """SHA-256 of the seed, published when a game starts; the seed is revealed when it ends."""
    return hashlib.sha256(str(seed).encode()).hexdigest()


Bot = Callable[[State, int], Action]
"""A bot player: the move it makes for a seat, from what that seat may know."""


@runtime_checkable
class Engine(Protocol):
    """What ``rules.GAMES[game_id]`` is. Seats are 0-based ints."""

    id: str
    names: dict[str, str]  # locale -> display name, at least "en" and "it"
    min_players: int
    max_players: int
    option_specs: tuple[OptionSpec, ...]
    """Every table option, its type, range and names (see :mod:`rules.options`)."""
    variants: Mapping[str, Variant]
    """Named ways to play, ``"standard"`` (all defaults) first; keys are stable ids."""
    options: dict[str, OptionValue]
    """Option name -> default value, derived from :attr:`option_specs`."""

    def setup(self, num_players: int, options: dict[str, Any], seed: int) -> State: ...

    def seat_range(self, options: dict[str, Any]) -> tuple[int, int]:
        """The fewest and most seats a table with these (validated) options may have: a
        mode can narrow :attr:`min_players`..:attr:`max_players` (a solo mode takes one)."""
        ...

    def pending(self, state: State) -> list[int]:
        """The seats that must act now; empty when the game is over."""
        ...

    def legal_actions(self, state: State, seat: int) -> list[Action]: ...

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """The new state and what happened; raises :class:`IllegalAction`; never mutates."""
        ...

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """JSON-able: all that ``seat`` may know; ``None`` is the public view."""
        ...

    def outcome(self, state: State) -> dict[str, Any] | None:
        """``None`` while playing, else at least ``{"scores": [...], "winners": [seats]}``:
        one score per seat. A player who is no seat (a solo mode's automa) is a *rival*,
        ``"rivals": [{"name": ..., "score": ..., "won": bool}]``; a solo game's outcome names its
        high-score board in ``"solo"``."""
        ...

    def dump(self, state: State) -> dict[str, Any]: ...

    def load(self, data: dict[str, Any]) -> State: ...

    def dump_action(self, action: Action) -> dict[str, Any]: ...

    def load_action(self, data: dict[str, Any]) -> Action:
        """Raises :class:`IllegalAction` (code ``malformed_action``) on bad input."""
        ...

    bot_levels: tuple[str, ...]
    """The bot levels a seat may be given, weakest first: ``("easy", "normal", "hard")``."""

    def bot_action(self, state: State, seat: int, level: str = "normal") -> Action:
        """A legal action for ``seat`` at ``level`` (one of :attr:`bot_levels`, else
        ``ValueError``): ``normal`` is the game's own bot, ``easy`` plays weaker on purpose,
        ``hard`` searches (:mod:`rules.search`) over states re-dealt by :meth:`determinize`.
        Every level reads only what ``seat`` may know and is deterministic."""
        ...

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """A state whose :meth:`view` for ``seat`` is identical to ``state``'s, with all that
        is hidden from ``seat`` (other hands, deck order, face-down cards, the dice to come:
        the state's own :class:`Rng`) re-dealt from ``rng``, consistently with the view."""
        ...

    def forced_action(self, state: State, seat: int) -> Action | None:
        """The move the platform may make for ``seat`` without asking: returned only when it
        is ``seat``'s one legal action *and* public information alone shows that it is (so
        playing it reveals nothing hidden, not even to opponents who know their own hands);
        else ``None``. Each game documents its cases."""
        ...

    def skip_action(self, state: State, seat: int) -> Action | None:
        """The move by which ``seat`` lets its turn go by, where the rules allow one (a pass),
        else ``None``: what the table plays when the others vote to skip a player whose time
        ran out. Each game documents it."""
        ...

    def window(self, state: State) -> Window | None:
        """The window open now, if some pending seats answer within the table's window time
        (:func:`rules.options.window_seconds`) rather than its time control; else ``None``.

        Seats that are *not* pending may still act whenever :meth:`legal_actions` offers them
        moves (a card played "at any time"): nobody waits for them, and the first committed
        move wins."""
        ...


class RulesModule(Protocol):
    """What :class:`ModuleEngine` calls in a game's rules module (a module satisfies a
    Protocol): typed here, so a module missing a function or taking the wrong arguments fails
    type checking where it is bound, not at a table."""

    def setup(self, num_players: int, options: dict[str, Any], seed: int) -> State: ...

    def pending(self, state: State) -> list[int]: ...

    def legal_actions(self, state: State, seat: int) -> list[Action]: ...

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]: ...

    def view(self, state: State, seat: int | None) -> dict[str, Any]: ...

    def outcome(self, state: State) -> dict[str, Any] | None: ...

    def dump(self, state: State) -> dict[str, Any]: ...

    def load(self, data: dict[str, Any]) -> State: ...

    def dump_action(self, action: Action) -> dict[str, Any]: ...

    def load_action(self, data: dict[str, Any]) -> Action: ...

    def determinize(self, state: State, seat: int, rng: random.Random) -> State: ...


@dataclass(eq=False)
class ModuleEngine:
    """An :class:`Engine` whose rules are the plain functions of one module (``setup``,
    ``pending``, ``legal_actions``, ``apply``, ``view``, ``outcome``, ``dump``, ``load``,
    ``dump_action``, ``load_action``, and ``DEFAULT_OPTIONS``) and whose bot is a function.

    Every game here is written that way, as functions a test can call one by one; this binds
    them to the contract once instead of a wrapper class per game. Options are declared beside
    the binding (``rules/<game>/__init__.py``), and ``setup`` checks them against that schema
    before the rules see them, so every caller gets the same :class:`~rules.options.OptionError`.
    """

    id: str
    names: dict[str, str]
    min_players: int
    max_players: int
    rules: RulesModule
    bot: Bot
    option_specs: tuple[OptionSpec, ...]
    variants: Mapping[str, Variant]
    easy_bot: Bot | None = None
    """The game's ``easy`` level; a game without one plays ``easy`` as ``normal``."""
    search_value: Callable[[State, int], float] | None = None
    """A seat's win chance in ``[0, 1]`` mid-game, where ``hard`` stops a playout early
    (:class:`rules.search.Budget`); without it, playouts go to the end."""
    search_moves: Callable[[State, int, list[Action], Action], list[Action]] | None = None
    """The moves worth a flat search (state, seat, legal moves, the normal bot's move):
    fewer than two and ``hard`` plays the normal bot's move unsearched; without it, a flat
    search tries every legal move (up to the budget's ``width``)."""
    hard_bot: Bot | None = None
    """The game's own ``hard`` level, played instead of the search of :mod:`rules.search`
    where the search does not beat the normal bot (it too must read only its seat)."""
    bot_levels: tuple[str, ...] = BOT_LEVELS
    options: dict[str, OptionValue] = field(init=False)

    def __post_init__(self) -> None:
        self.options = defaults(self.option_specs)

    def setup(self, num_players: int, options: dict[str, Any], seed: int) -> State:
        return self.rules.setup(num_players, validate(self.option_specs, options), seed)

    def seat_range(self, options: dict[str, Any]) -> tuple[int, int]:
        """The module's ``seat_range(options)`` within :attr:`min_players`..
        :attr:`max_players`; a game whose options never change the seats has none."""
        narrow = getattr(self.rules, "seat_range", None)
        if narrow is None:
            return self.min_players, self.max_players
        low, high = narrow(validate(self.option_specs, options))
        return max(low, self.min_players), min(high, self.max_players)

    def pending(self, state: State) -> list[int]:
        return self.rules.pending(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return self.rules.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        return self.rules.apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return self.rules.view(state, seat)

    def outcome(self, state: State) -> dict[str, Any] | None:
        return self.rules.outcome(state)

    def dump(self, state: State) -> dict[str, Any]:
        return self.rules.dump(state)

    def load(self, data: dict[str, Any]) -> State:
        return self.rules.load(data)

    def dump_action(self, action: Action) -> dict[str, Any]:
        return self.rules.dump_action(action)

    def load_action(self, data: dict[str, Any]) -> Action:
        return self.rules.load_action(data)

    def bot_action(self, state: State, seat: int, level: str = "normal") -> Action:
        """The move of a bot of ``level``. ``hard`` is the game's :attr:`hard_bot` if it has
        one, else the search of :mod:`rules.search`, over states the rules module's
        ``determinize`` re-deals (every game has one: a module without it fails type checking
        where it is bound)."""
        if level not in self.bot_levels:
            raise ValueError(f"no bot level {level!r}; known: {', '.join(self.bot_levels)}")
        if level == "easy" and self.easy_bot is not None:
            return self.easy_bot(state, seat)
        if level == "hard" and self.hard_bot is not None:
            return self.hard_bot(state, seat)
        if level == "hard":
            return search.hard_action(
                self, state, seat, value=self.search_value, moves=self.search_moves
            )
        return self.bot(state, seat)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """The module's ``determinize`` (see :meth:`Engine.determinize`)."""
        return self.rules.determinize(state, seat, rng)

    def forced_action(self, state: State, seat: int) -> Action | None:
        """The module's ``forced_action``; a game without one never forces a move."""
        forced = getattr(self.rules, "forced_action", None)
        return forced(state, seat) if forced is not None else None

    def skip_action(self, state: State, seat: int) -> Action | None:
        """The module's ``skip_action``; a game without one never lets a turn be skipped."""
        skip = getattr(self.rules, "skip_action", None)
        return skip(state, seat) if skip is not None else None

    def window(self, state: State) -> Window | None:
        """The module's ``window``; a game without one has no windows."""
        window: Callable[[State], Window | None] | None = getattr(self.rules, "window", None)
        return window(state) if window is not None else None
