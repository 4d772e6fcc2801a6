"""The table service's ground floor: its refusal (:class:`TableError`), a committed move
(:class:`MoveResult`) and :class:`TableCore`, what the lobby, play and moderation steps share
(the store, the per-table locks, the decoded states, lookups, clocks and refusals)."""

from __future__ import annotations

import asyncio
import secrets
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import rules
from bot.clock import Clock, TimedWindow
from bot.components import choices_digest
from bot.metrics import Metrics
from bot.snapshots import Decoded, DecodedTables
from bot.store import (
    ACTIVE,
    FINISHED,
    LOBBY,
    OPEN_STATUSES,
    GameRecord,
    GameStore,
    Seat,
    VersionConflict,
)
from rules import Engine
from rules.options import window_seconds

LOBBY_RETRIES = 5
"""A lobby step that lost a race to another process is computed again from the new table
(joins and leaves commute); after this many losses the caller is told the table moved on."""

MAX_FORCED_MOVES = 1_000
"""A guard: no game forces this many moves in a row."""

LobbyChange = Callable[[GameRecord], dict[str, Any]]

Computed = Callable[[GameRecord, Decoded], None]
"""Told, before the commit, a move's table as it was read and the state the move leads to:
the publisher starts drawing the new board then, so the table post does not wait for the
commit and then the whole drawing. The commit may still lose its compare-and-swap; whatever
is made from this state must be keyed by the ``Decoded`` itself, which only a committed
version's lookups return (:meth:`TableService.decoded`), never by the version number."""


class TableError(Exception):
    """A request the table refuses. ``code`` picks the localised message; ``params`` fill it."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


@dataclass(frozen=True, slots=True)
class MoveResult:
    """A committed action: the table before and after, who acted and what happened."""

    before: GameRecord
    after: GameRecord
    seat: int
    events: list[dict[str, Any]]
    state_before: Any  # the decoded engine states, so publishing need not decode them again
    state_after: Any

    @property
    def finished(self) -> bool:
        return self.after.status == FINISHED


class TableCore:
    """What every step of a table shares: the store, the per-table locks, the decoded states,
    and the lookups, clocks and refusals the lobby, play and moderation steps build on."""

    def __init__(
        self,
        store: GameStore,
        seed_source: Callable[[], int] | None = None,
        *,
        clock: Callable[[], float] = time.time,
        metrics: Metrics | None = None,
    ) -> None:
        self.store = store
        self.metrics = metrics or Metrics()
        self.seed_source = seed_source or (lambda: secrets.randbits(62))
        self.clock = clock
        """What time it is for deadlines (tests move it by hand)."""
        # A table's lock lives while someone holds or awaits it: kept for every table ever
        # touched, a bot running for months would keep hundreds of thousands.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._decoded = DecodedTables()

    @staticmethod
    def engine(game: str) -> Engine:
        try:
            return rules.GAMES[game]
        except KeyError:
            raise TableError("unknown_game", game=game) from None

    def state(self, record: GameRecord) -> Any:
        """The decoded engine state of a started table."""
        return self.decoded(record).state

    def decoded(self, record: GameRecord) -> Decoded:
        """A started table's decoded state, with the views asked of it so far."""
        if record.state is None:
            raise TableError("not_started")
        return self._decoded.get(record, self.engine(record.game))

    def view(
        self, record: GameRecord, seat: int | None, decoded: Decoded | None = None
    ) -> dict[str, Any]:
        """The engine's view, plus the table's seat names (``names``, plain text, one per
        seat, told apart when two players share a name): engines know seats, not people, and
        a presenter naming a player in a move label ("Ask Bob for help") has only the view.
        ``decoded``: the state to view instead of ``record``'s (a move not yet committed)."""
        decoded = decoded or self.decoded(record)
        return {**decoded.view(seat), "names": seat_names(record)}

    def outcome(self, record: GameRecord) -> dict[str, Any] | None:
        """The result of a finished game (a resignation overrides the engine's scores)."""
        if "resigned" in record.extra:
            resigned = int(record.extra["resigned"])
            others = [s for s in range(len(record.seats)) if s != resigned]
            return {"resigned": resigned, "winners": others, "scores": None}
        if record.state is None:
            return None
        return self.engine(record.game).outcome(self.state(record))

    def pending(self, record: GameRecord) -> list[int]:
        if record.status != ACTIVE:
            return []
        return self.engine(record.game).pending(self.state(record))

    def may_act(self, record: GameRecord, seat: int) -> bool:
        """Whether ``seat`` may move now: the table waits for it, or the rules let it play
        something "at any time" (the engine offers it legal moves though nobody waits)."""
        if record.state is None:
            return False
        engine = self.engine(record.game)
        state = self.state(record)
        return seat in engine.pending(state) or bool(engine.legal_actions(state, seat))

    async def get(self, game_id: int) -> GameRecord:
        record = await self.store.get(game_id)
        if record is None:
            raise TableError("no_such_table", game_id=game_id)
        return record

    async def in_channel(self, channel_id: int) -> GameRecord:
        record = await self.store.open_in_channel(channel_id)
        if record is None:
            raise TableError("no_table_here")
        return record

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def _bot_takes_over(self, record: GameRecord, seat: int, state: Any) -> dict[str, Any]:
        """The changes that give ``seat`` to a bot player for the rest of the game, marked so
        that the result says which seats a bot finished (its clock stops: bots are not
        timed). It plays normal: a stand-in, not an opponent anyone chose."""
        bot = Seat(None, f"Bot ({record.seats[seat].name})", record.locale, "normal")
        seats = tuple(bot if i == seat else s for i, s in enumerate(record.seats))
        taken = sorted({*record.extra.get("taken_over", []), seat})
        # Who sat there: ratings count the game for them, not for the bot that finished it.
        replaced = {str(seat): record.seats[seat].user_id, **record.extra.get("replaced", {})}
        extra = {**record.extra, "taken_over": taken, "replaced": replaced}
        clock = self.clock_after(record.with_changes(seats=seats), state)
        return {"seats": seats, "extra": extra, **clock}

    async def _open(self, game_id: int) -> GameRecord:
        record = await self.get(game_id)
        if record.status not in OPEN_STATUSES:
            raise TableError("table_closed", game_id=record.id)
        return record

    def clock_after(
        self, record: GameRecord, state: Any, acted: int | None = None
    ) -> dict[str, Any]:
        """The ``clock`` and ``wake_at`` a change leaves (written in the change's own
        transaction), or nothing for a table with neither a time control nor windows: the
        human seats that must act in ``state`` run their clocks, the others' stop; those the
        engine's open window asks run the table's window time instead (:meth:`Clock.follow`)."""
        clock = Clock.load(record.clock)
        seconds = window_seconds(record.options)
        if not clock.enabled and not seconds and not clock.deadlines:
            return {}
        engine = self.engine(record.game)
        over = engine.outcome(state) is not None
        waiting = [] if over else engine.pending(state)
        people = [seat for seat in waiting if not record.seats[seat].is_bot]
        window = None if over or not seconds else engine.window(state)
        timed = (
            TimedWindow(window.opened, frozenset(window.defaults) & frozenset(people), seconds)
            if window is not None
            else None
        )
        clock = clock.follow(people, self.clock(), acted, timed)
        return {"clock": clock.dump(), "wake_at": clock.wake_at()}

    async def _active(self, game_id: int, expected_version: int | None) -> GameRecord:
        record = await self.get(game_id)
        if record.status == LOBBY:
            raise TableError("not_started")
        if record.status != ACTIVE:
            raise TableError("game_over")
        if expected_version is not None and expected_version != record.version:
            raise self._stale(record)
        return record

    def _not_theirs(self, record: GameRecord, seat: int, digest: str) -> TableError | None:
        """The refusal of a move listed for another seat (a ``/game move`` suggestion or a
        button passed on): it is not the caller's turn, or, when they may move too (a
        simultaneous step), not their move. None when no seat has those choices now: stale."""
        engine = self.engine(record.game)
        state = self.state(record)
        others = (other for other in range(len(record.seats)) if other != seat)
        for other in others:
            dumped = [engine.dump_action(a) for a in engine.legal_actions(state, other)]
            if dumped and choices_digest(dumped) == digest:
                mine = self.may_act(record, seat)
                return TableError("not_your_move" if mine else "not_your_turn")
        return None

    def _stale(self, record: GameRecord) -> TableError:
        """The refusal of a change computed from an older table (counted: a conflict)."""
        self.metrics.conflict(record.game)
        return TableError("stale")

    @staticmethod
    def _require_host(record: GameRecord, user_id: int) -> None:
        if record.host_id != user_id:
            raise TableError("not_host")

    @staticmethod
    def _require_host_or_moderator(record: GameRecord, user_id: int, moderator: bool) -> None:
        """The host, or a moderator (Manage Server or Manage Channels in the table's server:
        the Discord layer says which)."""
        if record.host_id != user_id and not moderator:
            raise TableError("not_host_or_moderator")

    async def _update(self, record: GameRecord, **changes: Any) -> GameRecord:
        try:
            return await self.store.update(record, **changes)
        except VersionConflict:
            raise self._stale(record) from None


def seat_names(record: GameRecord) -> list[str]:
    """Each seat's name as players read it in plain text; a name two seats share gets the
    seat's number (``Bob (2)``), so no two moves naming different players read alike."""
    names = [info.name for info in record.seats]
    return [
        f"{name} ({seat + 1})" if names.count(name) > 1 else name for seat, name in enumerate(names)
    ]


def validated_options(engine: Engine, options: dict[str, Any]) -> dict[str, Any]:
    """Every option of the game, ``options`` checked against its declared schema and the rest
    defaulted; then the engine must set up with them for some number of players (an option
    may fit only some table sizes, such as a first player in seat 5)."""
    try:
        chosen = rules.validate(engine.option_specs, options)
    except rules.OptionError as error:
        raise TableError("bad_option", option=error.option) from None
    for players in range(engine.min_players, engine.max_players + 1):
        try:
            engine.setup(players, dict(chosen), 0)
        except ValueError:
            continue
        return chosen
    raise TableError("bad_option", option=", ".join(sorted(options)))
