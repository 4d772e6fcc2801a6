"""What happens when a clock runs out, and the vote that decides it: one mechanism for every
game (no Discord here; :mod:`bot.scheduler` calls it, :mod:`bot.flows` turns votes into it).

A table's deadlines live in its clock (:mod:`bot.clock`), written with the change that set
them. The scheduler wakes a table when its ``wake_at`` comes; :meth:`Deadlines.wake` then,
under the table's lock and guarded by its version like any move, either sends the reminders
that are due or acts on the deadline that fell due:

* a player's time is up: the table says so and the other players vote (wait longer, skip the
  turn where the game has a pass, or let a bot take the seat to the end); alone at the table,
  the player is just told, and the table waits for them;
* a vote's time is up: the votes cast decide (:func:`bot.clock.decide`);
* a window's time is up (a reaction, an offer, a choice inside a resolution): the table plays
  the default the engine's :class:`rules.base.Window` names for each seat still silent, as a
  move (narrated as the window running out), and the game goes on.

Exactly once: acting on a deadline is a compare-and-swap on the table's version, like a move.
Of a player's move and their deadline falling due at the same instant, one is applied first
and the other finds the table changed: the deadline is gone (the player moved), or the move is
made during the vote, which ends it (the player is back).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from bot.clock import (
    BOT,
    MOVE,
    SKIP,
    VOTE,
    VOTE_CHOICES,
    WAIT,
    WINDOW,
    Clock,
    Deadline,
    decide,
)
from bot.clock import shifted_clock as _shifted_clock
from bot.delivery import plan
from bot.store import GameRecord, GameStore, VersionConflict
from bot.table import MoveResult, TableError, TableService

log = logging.getLogger(__name__)

DOWNTIME_GRACE_SECONDS = 30.0
"""A restart shorter than this gives no time back (the heartbeat is written every few
seconds, so a gap this short is a restart, not an outage)."""


@dataclass(frozen=True, slots=True)
class Reminder:
    """A DM owed to a player whose deadline is getting close (``number`` 1: half time, 2: the
    last tenth)."""

    record: GameRecord
    seat: int
    due: float
    number: int


@dataclass
class Woken:
    """What waking a table did: the table after any change, and the reminders to send."""

    record: GameRecord | None = None
    changed: bool = False
    reminders: list[Reminder] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class VoteResult:
    """A vote cast: the table after it, the decision if the vote is over, and the count."""

    record: GameRecord
    decision: str | None
    votes: int
    voters: int
    move: MoveResult | None = None


class Deadlines:
    """Acts on due deadlines and on votes, through the table service's locks and writes."""

    def __init__(self, tables: TableService) -> None:
        self.tables = tables

    @property
    def store(self) -> GameStore:
        return self.tables.store

    # -- who may vote, and on what ------------------------------------------------------------

    @staticmethod
    def voters(record: GameRecord, seat: int) -> list[int]:
        """The user ids that vote on an absent seat: every other person at the table."""
        return [
            info.user_id
            for index, info in enumerate(record.seats)
            if index != seat and info.user_id is not None
        ]

    def can_skip(self, record: GameRecord, seat: int) -> bool:
        """Whether the game lets ``seat``'s turn go by now (it has a pass)."""
        if record.state is None:
            return False
        engine = self.tables.engine(record.game)
        return engine.skip_action(self.tables.state(record), seat) is not None

    def choices(self, record: GameRecord, seat: int) -> list[str]:
        """What a vote on ``seat`` offers, in order."""
        return [c for c in VOTE_CHOICES if c != SKIP or self.can_skip(record, seat)]

    # -- waking a table -----------------------------------------------------------------------

    async def wake(self, game_id: int) -> Woken:
        """Act on whatever is due at this table now: one deadline, or else the reminders."""
        async with self.tables._lock(game_id):
            record = await self.tables.get(game_id)
            now = self.tables.clock()
            clock = Clock.load(record.clock)
            if record.status != "active" or not clock.deadlines:
                return Woken(record)
            due = clock.due(now)
            try:
                if due:
                    return await self._fall_due(record, clock, due, now)
                return await self._remind(record, clock, now)
            except VersionConflict:  # the table moved on meanwhile: the next tick looks again
                return Woken(None)

    async def _remind(self, record: GameRecord, clock: Clock, now: float) -> Woken:
        reminders = []
        for deadline, number in clock.reminders_due(now):
            clock = clock.reminded(deadline, number)
            reminders.append(Reminder(record, deadline.seat, deadline.due, number))
        after = await self.store.set_clock(record, clock.dump(), clock.wake_at())
        return Woken(after, False, [Reminder(after, r.seat, r.due, r.number) for r in reminders])

    async def _fall_due(
        self, record: GameRecord, clock: Clock, due: list[Deadline], now: float
    ) -> Woken:
        """Windows that ran out are answered with their defaults; every player whose time is up
        at once is told in one change; else the oldest vote that is over is decided."""
        windows = [deadline.seat for deadline in due if deadline.kind == WINDOW]
        if windows:
            return Woken(await self._windows_closed(record, windows, now), True)
        moves = [deadline.seat for deadline in due if deadline.kind == MOVE]
        if moves:
            after = await self._time_up(record, clock, moves, now)
        else:
            after = await self._carry_out(record, clock, due[0], self._verdict(due[0]))
        return Woken(after, True)

    async def _time_up(
        self, record: GameRecord, clock: Clock, seats: list[int], now: float
    ) -> GameRecord:
        """Players' time ran out: a vote of the others on each, or (alone) a note that it
        did."""
        events = []
        for seat in seats:
            name = record.seats[seat].name
            if not self.voters(record, seat):
                clock = clock.without(MOVE, seat)
                events.append({"type": "time_up", "seat": seat, "name": name})
            else:
                clock = clock.open_vote(seat, now, opened=record.version + 1)
                events.append({"type": "vote_opened", "seat": seat, "name": name})
        return await self.store.update(
            record,
            clock=clock.dump(),
            wake_at=clock.wake_at(),
            announce=plan.seat_changed(record, events),
        )

    async def _windows_closed(self, record: GameRecord, seats: list[int], now: float) -> GameRecord:
        """The window ran out for ``seats``: each one's default is played, in seat order, as
        a move of its own (the same path as a click: the engine checks it, the change is
        announced). A seat whose window the previous default closed or opened anew (its
        deadline is gone or no longer due) is left alone."""
        engine = self.tables.engine(record.game)
        for seat in seats:
            deadline = Clock.load(record.clock).get(WINDOW, seat)
            window = engine.window(self.tables.state(record))
            if deadline is None or deadline.due > now or window is None:
                continue
            action = window.defaults.get(seat)
            if action is None:
                continue
            event = {"type": "window_closed", "seat": seat, "name": record.seats[seat].name}
            try:
                record = (await self.tables._apply(record, seat, action, narrated=[event])).after
            except TableError:  # the engine no longer takes it: the next tick looks again
                log.warning("table %d: the default of seat %d was refused", record.id, seat)
                break
        return record

    @staticmethod
    def _verdict(vote: Deadline) -> str:
        """A vote at its deadline: the votes cast decide (nobody voted: a bot plays on)."""
        return decide(vote.votes, voters=0) or BOT

    # -- votes --------------------------------------------------------------------------------

    async def vote(
        self, game_id: int, user_id: int, seat: int, opened: int, choice: str
    ) -> VoteResult:
        """``user_id`` votes ``choice`` on the absent ``seat`` (the vote opened at version
        ``opened``: a button from an older vote is refused). The host's vote decides alone;
        otherwise a choice more than half of the voters made does."""
        async with self.tables._lock(game_id):
            record = await self.tables._active(game_id, None)
            clock = Clock.load(record.clock)
            vote = clock.get(VOTE, seat)
            if vote is None or vote.opened != opened:
                raise TableError("no_vote")
            voters = self.voters(record, seat)
            if record.seat_of(user_id) == seat:
                raise TableError("vote_on_yourself")
            if user_id not in voters:
                raise TableError("not_seated")
            if user_id in vote.votes:
                raise TableError("already_voted")
            if choice not in self.choices(record, seat):
                raise TableError("cannot_skip")
            clock = clock.voted(seat, user_id, choice)
            vote = clock.get(VOTE, seat)
            assert vote is not None
            decision = choice if user_id == record.host_id else decide(vote.votes, len(voters))
            try:
                if decision is None:
                    after = await self.store.set_clock(record, clock.dump(), clock.wake_at())
                    return VoteResult(after, None, len(vote.votes), len(voters))
                outcome = await self._carry_out(record, clock, vote, decision)
            except VersionConflict:
                raise TableError("stale") from None
        if isinstance(outcome, MoveResult):
            return VoteResult(outcome.after, decision, len(vote.votes), len(voters), outcome)
        return VoteResult(outcome, decision, len(vote.votes), len(voters))

    async def _carry_out(
        self, record: GameRecord, clock: Clock, vote: Deadline, decision: str
    ) -> Any:
        """Do what a vote decided. Returns the table after it (a :class:`MoveResult` for a
        skip, which is a move)."""
        seat = vote.seat
        now = self.tables.clock()
        event = {"type": f"vote_{decision}", "seat": seat, "name": record.seats[seat].name}
        if decision == SKIP and self.can_skip(record, seat):
            engine = self.tables.engine(record.game)
            action = engine.skip_action(self.tables.state(record), seat)
            voted = record.with_changes(clock=clock.dump())
            return await self.tables._apply(voted, seat, action, narrated=[event])
        if decision == BOT:
            state = self.tables.state(record)
            voted = record.with_changes(clock=clock.without(VOTE, seat).dump())
            takeover = self.tables._bot_takes_over(voted, seat, state)
            return await self.store.update(
                record, **takeover, announce=plan.seat_changed(record, [event])
            )
        event["type"] = f"vote_{WAIT}"
        clock = clock.without(VOTE, seat).started(seat, now, with_bank=False)
        return await self.store.update(
            record,
            clock=clock.dump(),
            wake_at=clock.wake_at(),
            announce=plan.seat_changed(record, [event]),
        )

    # -- outages ------------------------------------------------------------------------------

    async def give_back_downtime(self) -> float:
        """At start-up: every running clock moves later by the time the bot was down."""
        return float(
            await self.store.give_back_downtime(
                self.tables.clock(), DOWNTIME_GRACE_SECONDS, _shifted_clock
            )
        )
