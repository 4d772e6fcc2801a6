"""The table service: lobby, seats, turns and applying an action safely, for every game.

No Discord here: the service takes user ids and plain data, returns records and events, and
raises :class:`TableError` with a stable code that the Discord layer localises. Cogs and
component handlers call it; they never touch the store or an engine directly.

Safety: per game, an in-process lock serialises actions, and every write names the version it
was computed from, so a double click or a second process can never apply a move twice.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import rules
from bot.components import choices_digest
from bot.store import (
    ACTIVE,
    CANCELLED,
    FINISHED,
    LOBBY,
    ChannelBusy,
    GameRecord,
    GameStore,
    Seat,
    VersionConflict,
)
from rules import Engine, IllegalAction

BOT_NAMES = ("Bot Ada", "Bot Boris", "Bot Cleo", "Bot Dante", "Bot Elsa", "Bot Fido")


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

    @classmethod
    def merge(cls, results: list[MoveResult]) -> MoveResult:
        """Consecutive moves as one change: from the first's before to the last's after, with
        every event in order (the bot runner publishes a chain of bot moves this way)."""
        first, last = results[0], results[-1]
        events = [event for result in results for event in result.events]
        return cls(
            first.before, last.after, last.seat, events, first.state_before, last.state_after
        )


@dataclass
class _StateCache:
    """Decoded engine states by (game id, version): loading JSON on every autocomplete
    keystroke would be wasted work; a version identifies a snapshot exactly."""

    entries: dict[int, tuple[int, Any]] = field(default_factory=dict)

    def get(self, record: GameRecord, engine: Engine) -> Any:
        cached = self.entries.get(record.id)
        if cached is not None and cached[0] == record.version:
            return cached[1]
        assert record.state is not None
        state = engine.load(record.state)
        self.entries[record.id] = (record.version, state)
        return state

    def put(self, record: GameRecord, state: Any) -> None:
        self.entries[record.id] = (record.version, state)


class TableService:
    """Creates tables, seats players, starts games and applies actions."""

    def __init__(self, store: GameStore, seed_source: Callable[[], int] | None = None) -> None:
        self.store = store
        self.seed_source = seed_source or (lambda: secrets.randbits(62))
        self._locks: dict[int, asyncio.Lock] = {}
        self._states = _StateCache()

    # -- lookups --------------------------------------------------------------------------

    @staticmethod
    def engine(game: str) -> Engine:
        try:
            return rules.GAMES[game]
        except KeyError:
            raise TableError("unknown_game", game=game) from None

    def state(self, record: GameRecord) -> Any:
        """The decoded engine state of a started table."""
        if record.state is None:
            raise TableError("not_started")
        return self._states.get(record, self.engine(record.game))

    def view(self, record: GameRecord, seat: int | None) -> dict[str, Any]:
        return self.engine(record.game).view(self.state(record), seat)

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
        return self._locks.setdefault(game_id, asyncio.Lock())

    # -- lobby ----------------------------------------------------------------------------

    async def new_table(
        self,
        game: str,
        *,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        name: str,
        locale: str,
        options: dict[str, Any] | None = None,
    ) -> GameRecord:
        engine = self.engine(game)
        chosen = _validated_options(engine, options or {})
        seed = self.seed_source()
        try:
            return await self.store.create(
                game=game,
                guild_id=guild_id,
                channel_id=channel_id,
                host=Seat(user_id, name, locale),
                host_id=user_id,
                options=chosen,
                locale=locale,
                seed=seed,
                seed_hash=rules.seed_commitment(seed),
            )
        except ChannelBusy:
            existing = await self.store.open_in_channel(channel_id)
            raise TableError(
                "channel_busy",
                game_id=existing.id if existing else 0,
                game=existing.game if existing else game,
            ) from None

    async def join(self, channel_id: int, user_id: int, name: str, locale: str) -> GameRecord:
        record = await self._lobby(channel_id)
        if record.seat_of(user_id) is not None:
            raise TableError("already_seated")
        if len(record.seats) >= self.engine(record.game).max_players:
            raise TableError("table_full", max=self.engine(record.game).max_players)
        return await self._update(record, seats=(*record.seats, Seat(user_id, name, locale)))

    async def add_bot(self, channel_id: int, user_id: int) -> GameRecord:
        record = await self._lobby(channel_id)
        self._require_host(record, user_id)
        if len(record.seats) >= self.engine(record.game).max_players:
            raise TableError("table_full", max=self.engine(record.game).max_players)
        taken = {seat.name for seat in record.seats}
        name = next(n for n in BOT_NAMES if n not in taken)
        return await self._update(record, seats=(*record.seats, Seat(None, name, record.locale)))

    async def leave(self, channel_id: int, user_id: int) -> GameRecord:
        """Leave a lobby. The host leaving hands the table to the next human, or cancels it
        when no human is left. Leaving a started game is :meth:`resign`."""
        record = await self.in_channel(channel_id)
        if record.status == ACTIVE:
            return (await self.resign(record.id, user_id)).after
        seat = record.seat_of(user_id)
        if seat is None:
            raise TableError("not_seated")
        seats = tuple(s for i, s in enumerate(record.seats) if i != seat)
        humans = [s for s in seats if not s.is_bot]
        if not humans:
            return await self._update(record, seats=seats, status=CANCELLED)
        host_id = record.host_id if record.host_id != user_id else humans[0].user_id
        return await self._update(record, seats=seats, host_id=host_id)

    async def start(self, channel_id: int, user_id: int) -> GameRecord:
        record = await self._lobby(channel_id)
        self._require_host(record, user_id)
        engine = self.engine(record.game)
        if len(record.seats) < engine.min_players:
            raise TableError("not_enough_players", min=engine.min_players, have=len(record.seats))
        state = engine.setup(len(record.seats), dict(record.options), record.seed)
        started = await self._update(record, status=ACTIVE, state=engine.dump(state))
        self._states.put(started, state)
        return started

    # -- play -----------------------------------------------------------------------------

    async def act(
        self,
        game_id: int,
        user_id: int,
        action: Any,
        *,
        expected_version: int | None = None,
    ) -> MoveResult:
        """Apply ``action`` (an engine action, or its dumped dict) for the user's seat.

        ``expected_version`` comes from a button: if the table has moved on since the button
        was drawn, the click is refused (``stale``) rather than applied to a different state.
        """
        async with self._lock(game_id):
            record = await self._active(game_id, expected_version)
            seat = record.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            return await self._apply(record, seat, action)

    async def act_choice(self, game_id: int, user_id: int, digest: str, index: int) -> MoveResult:
        """A move button: the user's ``index``-th legal move, if their legal moves still have
        ``digest``. Checked under the table's lock, so a move another seat made a moment
        earlier refuses the click only when it changed this seat's choices."""
        async with self._lock(game_id):
            record = await self._active(game_id, None)
            seat = record.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            engine = self.engine(record.game)
            legal = engine.legal_actions(self.state(record), seat)
            if choices_digest([engine.dump_action(a) for a in legal]) != digest:
                raise TableError("stale")
            if index >= len(legal):
                raise TableError("malformed_component")
            return await self._apply(record, seat, legal[index])

    async def act_for_bot(self, game_id: int, seat: int, expected_version: int) -> MoveResult:
        """Let the bot player in ``seat`` make its move (the same path as a human's)."""
        async with self._lock(game_id):
            record = await self._active(game_id, expected_version)
            if not record.seats[seat].is_bot:
                raise TableError("not_a_bot_seat")
            engine = self.engine(record.game)
            action = engine.bot_action(self.state(record), seat)
            return await self._apply(record, seat, action)

    async def resign(self, game_id: int, user_id: int) -> MoveResult:
        """A player concedes. With two seats the other wins; with more, a bot takes the seat
        so the others can finish."""
        async with self._lock(game_id):
            record = await self._active(game_id, None)
            seat = record.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            if len(record.seats) > 2:
                bot = Seat(None, f"Bot ({record.seats[seat].name})", record.locale)
                seats = tuple(bot if i == seat else s for i, s in enumerate(record.seats))
                after = await self._update(record, seats=seats)
            else:
                extra = {**record.extra, "resigned": seat}
                after = await self._update(record, status=FINISHED, extra=extra)
            state = self.state(record)
            resigned = [{"type": "resigned", "seat": seat}]
            return MoveResult(record, after, seat, resigned, state, state)

    async def _apply(self, record: GameRecord, seat: int, action: Any) -> MoveResult:
        engine = self.engine(record.game)
        state = self.state(record)
        if seat not in engine.pending(state):
            raise TableError("not_your_turn")
        try:
            if isinstance(action, dict):
                action = engine.load_action(action)
            new_state, events = engine.apply(state, seat, action)
        except IllegalAction as illegal:
            raise TableError(f"illegal.{illegal.code}", **illegal.details) from illegal
        status = FINISHED if engine.outcome(new_state) is not None else ACTIVE
        try:
            after = await self.store.commit_move(
                record,
                seat=seat,
                action=engine.dump_action(action),
                events=events,
                state=engine.dump(new_state),
                status=status,
            )
        except VersionConflict:
            raise TableError("stale") from None
        self._states.put(after, new_state)
        return MoveResult(record, after, seat, events, state, new_state)

    # -- helpers --------------------------------------------------------------------------

    async def _lobby(self, channel_id: int) -> GameRecord:
        record = await self.in_channel(channel_id)
        if record.status != LOBBY:
            raise TableError("already_started")
        return record

    async def _active(self, game_id: int, expected_version: int | None) -> GameRecord:
        record = await self.get(game_id)
        if record.status == LOBBY:
            raise TableError("not_started")
        if record.status != ACTIVE:
            raise TableError("game_over")
        if expected_version is not None and expected_version != record.version:
            raise TableError("stale")
        return record

    @staticmethod
    def _require_host(record: GameRecord, user_id: int) -> None:
        if record.host_id != user_id:
            raise TableError("not_host")

    async def _update(self, record: GameRecord, **changes: Any) -> GameRecord:
        try:
            return await self.store.update(record, **changes)
        except VersionConflict:
            raise TableError("stale") from None


def _validated_options(engine: Engine, options: dict[str, Any]) -> dict[str, Any]:
    """The engine's defaults overridden by ``options``; unknown names or wrong types refused."""
    chosen = dict(engine.options)
    for name, value in options.items():
        if name not in chosen:
            raise TableError("bad_option", option=name)
        if type(value) is not type(chosen[name]):
            raise TableError("bad_option", option=name)
        chosen[name] = value
    try:  # the engine knows the ranges (a number of Places, a choice of rules): ask it
        engine.setup(engine.min_players, dict(chosen), 0)
    except ValueError:
        raise TableError("bad_option", option=", ".join(sorted(options))) from None
    return chosen
