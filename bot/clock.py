"""Time controls and deadlines: plain values and arithmetic, no Discord, no store, no clock.

A table's :class:`Clock` is stored with it (``GameRecord.clock``) and changes in the same
transaction as the move that changes whose turn it is, so a deadline can never disagree with
the table. It holds the time control chosen at ``/game new`` (time per move, and an optional
bank each player draws on once a move's time is used up) and the running :class:`Deadline`\\ s:

* ``move``: a seat that must act; it falls due at ``since + per move + what is left of the
  seat's bank``. When it does, the others vote (see :mod:`bot.table`);
* ``vote``: the vote on an absent seat; when it falls due the votes cast decide;
* ``window``: a seat that must answer within the table's window time (a reaction window, an
  offer, a choice inside a resolution: the engine's :class:`rules.base.Window`); when it falls
  due the table plays the seat's default. Windows run whether or not the table has a time
  control, so nothing waits for ever; ``opened`` is the window's own number, and a window
  opened anew starts every seat's time again.

Every deadline also wakes the scheduler twice before it falls due, to remind the player: at
half time and when a tenth of the time is left. ``wake_at`` is the earliest of those moments,
stored in an indexed column so that finding the due tables reads only those.

Why time is passed in, never read: the table service and the tests own the clock, so a test
can move time by a day without sleeping and a restart can give back the time the bot was down
(:meth:`Clock.shifted`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

MOVE = "move"
VOTE = "vote"
WINDOW = "window"

PER_MOVE_CHOICES: dict[str, int] = {
    "none": 0,
    "10m": 10 * 60,
    "1h": 60 * 60,
    "12h": 12 * 60 * 60,
    "24h": 24 * 60 * 60,
    "3d": 3 * 24 * 60 * 60,
}
"""The time controls ``/game new`` offers: time per move, by choice id."""

BANK_CHOICES: dict[str, int] = {
    "none": 0,
    "1h": 60 * 60,
    "1d": 24 * 60 * 60,
    "3d": 3 * 24 * 60 * 60,
}
"""The time bank each player starts with, by choice id."""

VOTE_MIN_SECONDS = 10 * 60
VOTE_MAX_SECONDS = 24 * 60 * 60
"""A vote lasts as long as a move, within these bounds: long enough for players who check in
once a day, short enough that a table never waits more than a day on an empty vote."""

REMINDERS = (0.5, 0.9)
"""When a running deadline reminds its player, as the share of its time that has passed."""

WAIT = "wait"
SKIP = "skip"
BOT = "bot"
VOTE_CHOICES = (WAIT, SKIP, BOT)
"""What the others may decide when a player's time runs out, in the order ties favour: the
gentlest first."""


@dataclass(frozen=True, slots=True)
class Deadline:
    """One running deadline: who it concerns, when it started and when it falls due.
    ``reminded`` counts the reminders already sent; a vote has ``votes`` (voter user id ->
    choice) and ``opened``, the table version that opened it (its buttons name it, so a
    button of an earlier vote on the same seat is refused)."""

    kind: str
    seat: int
    since: float
    due: float
    reminded: int = 0
    votes: dict[int, str] = field(default_factory=dict)
    opened: int = 0

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.seat}"

    def reminder_times(self) -> list[float]:
        """When each reminder is due (only moves remind)."""
        if self.kind != MOVE:
            return []
        span = self.due - self.since
        return [self.since + share * span for share in REMINDERS]

    def next_wake(self) -> float:
        """The next moment this deadline needs the scheduler: a reminder, or falling due."""
        pending = self.reminder_times()[self.reminded :]
        return min([*pending, self.due])

    def dump(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "kind": self.kind,
            "seat": self.seat,
            "since": self.since,
            "due": self.due,
            "reminded": self.reminded,
        }
        if self.kind == VOTE:
            data["votes"] = {str(user): choice for user, choice in self.votes.items()}
        if self.kind in (VOTE, WINDOW):
            data["opened"] = self.opened
        return data

    @classmethod
    def load(cls, data: dict[str, Any]) -> Deadline:
        votes = {int(user): str(choice) for user, choice in data.get("votes", {}).items()}
        return cls(
            str(data["kind"]),
            int(data["seat"]),
            float(data["since"]),
            float(data["due"]),
            int(data.get("reminded", 0)),
            votes,
            int(data.get("opened", 0)),
        )


@dataclass(frozen=True, slots=True)
class TimedWindow:
    """The engine's open window as the clock needs it: its number, the human seats it asks and
    how long each has (the table's window option)."""

    opened: int
    seats: frozenset[int]
    seconds: int


@dataclass(frozen=True, slots=True)
class Clock:
    """A table's time control and its running deadlines (see the module docstring)."""

    per_move: int = 0
    bank: int = 0
    banks: dict[int, float] = field(default_factory=dict)
    """What is left of each seat's bank (a seat not listed has all of it)."""
    deadlines: tuple[Deadline, ...] = ()

    @property
    def enabled(self) -> bool:
        return self.per_move > 0

    @property
    def vote_seconds(self) -> int:
        return min(max(self.per_move, VOTE_MIN_SECONDS), VOTE_MAX_SECONDS)

    def bank_left(self, seat: int) -> float:
        return self.banks.get(seat, float(self.bank))

    def get(self, kind: str, seat: int) -> Deadline | None:
        return next((d for d in self.deadlines if d.kind == kind and d.seat == seat), None)

    def wake_at(self) -> float | None:
        """When the scheduler must next look at this table; None: never (no deadline)."""
        if not self.deadlines:
            return None
        return min(deadline.next_wake() for deadline in self.deadlines)

    # -- following the game -------------------------------------------------------------------

    def follow(
        self,
        waiting: Iterable[int],
        now: float,
        acted: int | None = None,
        window: TimedWindow | None = None,
    ) -> Clock:
        """The clock after a change: ``waiting`` are the human seats that must act now,
        ``acted`` the seat that just acted (if any), ``window`` the seats of them that answer
        within the table's window time.

        A seat that no longer must act stops its clock and pays what it used past the time per
        move from its bank; a seat that now must act starts one; a seat that still must act
        keeps its running deadline (a turn of several steps is one move). A seat that acts
        while a vote on it is open ends the vote: the player is back, and their clock starts
        again. A seat in a window runs a window deadline instead, kept while the same window
        stays open and started again when it opens anew."""
        waiting = set(waiting)
        windowed = waiting & window.seats if window is not None else set()
        banks = dict(self.banks)
        kept: list[Deadline] = []
        for deadline in self.deadlines:
            if self._still_running(deadline, waiting, windowed, acted, window):
                kept.append(deadline)
            elif deadline.kind == MOVE:
                used = now - deadline.since
                overtime = max(0.0, used - self.per_move)
                banks[deadline.seat] = max(0.0, self.bank_left(deadline.seat) - overtime)
        clock = replace(self, banks=banks, deadlines=tuple(kept))
        for seat in sorted(waiting):
            if seat in windowed and window is not None:
                if clock.get(WINDOW, seat) is None:
                    due = now + window.seconds
                    clock = clock._with(Deadline(WINDOW, seat, now, due, opened=window.opened))
            elif self.enabled and clock.get(MOVE, seat) is None and clock.get(VOTE, seat) is None:
                clock = clock.started(seat, now)
        return clock

    @staticmethod
    def _still_running(
        deadline: Deadline,
        waiting: set[int],
        windowed: set[int],
        acted: int | None,
        window: TimedWindow | None,
    ) -> bool:
        """Whether ``deadline`` goes on after the change (see :meth:`follow`)."""
        if deadline.seat not in waiting:
            return False
        if deadline.kind == WINDOW:
            return (
                window is not None
                and deadline.seat in windowed
                and (deadline.opened == window.opened)
            )
        if deadline.seat in windowed:
            return False
        return not (deadline.seat == acted and deadline.kind == VOTE)

    def started(self, seat: int, now: float, *, with_bank: bool = True) -> Clock:
        """A new move deadline for ``seat``: the time per move, plus its bank."""
        extra = self.bank_left(seat) if with_bank else 0.0
        deadline = Deadline(MOVE, seat, now, now + self.per_move + extra)
        return self._with(deadline)

    def without(self, kind: str, seat: int) -> Clock:
        kept = tuple(d for d in self.deadlines if not (d.kind == kind and d.seat == seat))
        return replace(self, deadlines=kept)

    def _with(self, deadline: Deadline) -> Clock:
        rest = self.without(deadline.kind, deadline.seat)
        return replace(rest, deadlines=(*rest.deadlines, deadline))

    # -- what falls due ----------------------------------------------------------------------

    def due(self, now: float) -> list[Deadline]:
        """Deadlines whose time is up, oldest first."""
        return sorted((d for d in self.deadlines if d.due <= now), key=lambda d: d.due)

    def reminders_due(self, now: float) -> list[tuple[Deadline, int]]:
        """``(deadline, reminder number)`` for every reminder whose moment came and that was
        not sent (only the latest one when several came while the bot was away)."""
        found: list[tuple[Deadline, int]] = []
        for deadline in self.deadlines:
            if deadline.due <= now:
                continue
            passed = sum(1 for moment in deadline.reminder_times() if moment <= now)
            if passed > deadline.reminded:
                found.append((deadline, passed))
        return found

    def reminded(self, deadline: Deadline, number: int) -> Clock:
        return self._with(replace(deadline, reminded=number))

    def open_vote(self, seat: int, now: float, opened: int) -> Clock:
        """The seat's time is up: its move deadline becomes a vote of the others, opened by
        the change to version ``opened``."""
        vote = Deadline(VOTE, seat, now, now + self.vote_seconds, opened=opened)
        return self.without(MOVE, seat)._with(vote)

    def voted(self, seat: int, user_id: int, choice: str) -> Clock:
        vote = self.get(VOTE, seat)
        assert vote is not None
        return self._with(replace(vote, votes={**vote.votes, user_id: choice}))

    def shifted(self, delta: float) -> Clock:
        """Every running deadline moved ``delta`` seconds later (the bot was down that long:
        time nobody could play in is given back)."""
        moved = tuple(replace(d, since=d.since + delta, due=d.due + delta) for d in self.deadlines)
        return replace(self, deadlines=moved)

    # -- storage ------------------------------------------------------------------------------

    def dump(self) -> dict[str, Any]:
        if not self.enabled and not self.deadlines:
            return {}
        return {
            "per_move": self.per_move,
            "bank": self.bank,
            "banks": {str(seat): left for seat, left in self.banks.items()},
            "deadlines": [deadline.dump() for deadline in self.deadlines],
        }

    @classmethod
    def load(cls, data: dict[str, Any]) -> Clock:
        if not data:
            return cls()
        return cls(
            int(data["per_move"]),
            int(data.get("bank", 0)),
            {int(seat): float(left) for seat, left in data.get("banks", {}).items()},
            tuple(Deadline.load(d) for d in data.get("deadlines", [])),
        )


def decide(votes: dict[int, str], voters: int) -> str | None:
    """What a vote decides once it is over, or early (``None``: not yet).

    Early: as soon as one choice has more than half of the ``voters``. At the deadline (call
    with ``voters=0``): the choice most voted, ties going to the gentlest (wait, then skip);
    nobody voted at all: a bot takes the seat, so a table whose players are all gone still
    ends."""
    counts = dict.fromkeys(VOTE_CHOICES, 0)
    for choice in votes.values():
        counts[choice] = counts.get(choice, 0) + 1
    if voters:
        return next((c for c in VOTE_CHOICES if counts[c] * 2 > voters), None)
    if not votes:
        return BOT
    best = max(counts.values())
    return next(c for c in VOTE_CHOICES if counts[c] == best)


def shifted_clock(data: dict[str, Any], delta: float) -> tuple[dict[str, Any], float | None]:
    """A stored clock moved ``delta`` seconds later, and its new ``wake_at`` (what the store
    applies to every table when the bot comes back from an outage)."""
    clock = Clock.load(data).shifted(delta)
    return clock.dump(), clock.wake_at()
