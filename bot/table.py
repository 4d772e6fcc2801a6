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
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import rules
from bot.bots import bot_move, bot_name, free_name
from bot.clock import Clock, TimedWindow
from bot.components import choices_digest
from bot.delivery import plan
from bot.metrics import Metrics
from bot.snapshots import Decoded, DecodedTables, views_of
from bot.solo_best import solo_best_events
from bot.store import (
    ABANDONED,
    ACTIVE,
    CANCELLED,
    FINISHED,
    LOBBY,
    OPEN_STATUSES,
    ChannelBusy,
    GameRecord,
    GameStore,
    Seat,
    VersionConflict,
)
from rules import Engine, IllegalAction
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


class TableService:
    """Creates tables, seats players, starts games and applies actions."""

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

    # -- lookups --------------------------------------------------------------------------

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
        time_control: Clock | None = None,
        host_locale: str | None = None,
    ) -> GameRecord:
        """A lobby; ``time_control`` (time per move and bank) starts running at the start.
        ``locale`` is the table's (its public messages), ``host_locale`` the host's own (their
        seat's DMs; the table's if not given)."""
        engine = self.engine(game)
        chosen = _validated_options(engine, options or {})
        seed = self.seed_source()
        try:
            return await self.store.create(
                game=game,
                guild_id=guild_id,
                channel_id=channel_id,
                host=Seat(user_id, name, host_locale or locale),
                host_id=user_id,
                options=chosen,
                locale=locale,
                seed=seed,
                seed_hash=rules.seed_commitment(seed),
                announce=plan.lobby_changed(),
                clock=(time_control or Clock()).dump(),
            )
        except ChannelBusy:
            existing = await self.store.open_in_channel(channel_id)
            raise TableError(
                "channel_busy",
                game_id=existing.id if existing else 0,
                game=existing.game if existing else game,
            ) from None

    async def open_started(
        self,
        game: str,
        *,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        seats: tuple[Seat, ...],
        locale: str,
        options: dict[str, Any] | None = None,
        time_control: Clock | None = None,
        extra: dict[str, Any] | None = None,
    ) -> GameRecord:
        """A table whose seats are already decided (a tournament's pairing), started at once
        with its clock running: stored as a lobby, then seated and started in one change,
        announced as any start is (no lobby anyone could join is ever shown)."""
        engine = self.engine(game)
        chosen = _validated_options(engine, options or {})
        seed = self.seed_source()
        try:
            lobby = await self.store.create(
                game=game,
                guild_id=guild_id,
                channel_id=channel_id,
                host=seats[0],
                host_id=host_id,
                options=chosen,
                locale=locale,
                seed=seed,
                seed_hash=rules.seed_commitment(seed),
                clock=(time_control or Clock()).dump(),
            )
        except ChannelBusy:
            raise TableError("channel_busy", game_id=0, game=game) from None
        async with self._lock(lobby.id):
            seated = lobby.with_changes(seats=seats)
            state = engine.setup(len(seats), dict(chosen), seed)
            started = await self._update(
                lobby,
                seats=seats,
                status=ACTIVE,
                state=engine.dump(state),
                extra={**lobby.extra, **(extra or {})},
                announce=plan.started(seated),
                **self.clock_after(seated, state),
            )
            self._decoded.put(started, Decoded(engine, state))
            return started

    async def join(self, game_id: int, user_id: int, name: str, locale: str) -> GameRecord:
        def seat_them(record: GameRecord) -> dict[str, Any]:
            if record.seat_of(user_id) is not None:
                raise TableError("already_seated")
            self._require_room(record)
            return {"seats": (*record.seats, Seat(user_id, name, locale))}

        return await self.lobby_step(game_id, seat_them)

    async def add_bot(self, game_id: int, user_id: int, level: str = "normal") -> GameRecord:
        """Seat a bot playing at ``level`` (one of the game's ``bot_levels``), named with it
        in the table's language."""

        def seat_a_bot(record: GameRecord) -> dict[str, Any]:
            self._require_host(record, user_id)
            if level not in self.engine(record.game).bot_levels:
                raise TableError("bad_bot_level", level=level)
            self._require_room(record)
            name = bot_name(free_name(s.name for s in record.seats), level, record.locale)
            return {"seats": (*record.seats, Seat(None, name, record.locale, level))}

        return await self.lobby_step(game_id, seat_a_bot)

    async def leave(self, game_id: int, user_id: int) -> GameRecord:
        """Leave a lobby. The host leaving hands the table to the next human, or cancels it
        when no human is left. Leaving a started game is :meth:`resign`."""

        def unseat(record: GameRecord) -> dict[str, Any]:
            seat = record.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            seats = tuple(s for i, s in enumerate(record.seats) if i != seat)
            humans = [s for s in seats if not s.is_bot]
            if not humans:
                return {"seats": seats, "status": CANCELLED}
            host_id = record.host_id if record.host_id != user_id else humans[0].user_id
            return {"seats": seats, "host_id": host_id}

        return await self.lobby_step(game_id, unseat)

    async def start(self, game_id: int, user_id: int) -> GameRecord:
        async with self._lock(game_id):
            record = await self._lobby(game_id)
            self._require_host(record, user_id)
            engine = self.engine(record.game)
            fewest, _ = self.seat_range(record)
            if len(record.seats) < fewest:
                raise TableError("not_enough_players", min=fewest, have=len(record.seats))
            try:
                state = engine.setup(len(record.seats), dict(record.options), record.seed)
            except ValueError:  # e.g. the first player named is a seat nobody took
                raise TableError("options_misfit", have=len(record.seats)) from None
            started = await self._update(
                record,
                status=ACTIVE,
                state=engine.dump(state),
                announce=plan.started(record),
                **self.clock_after(record, state),
            )
            self._decoded.put(started, Decoded(engine, state))
            return started

    async def lobby_step(self, game_id: int, change: LobbyChange) -> GameRecord:
        """Apply a lobby change under the table's lock; if another process changed the table
        meanwhile, compute the change again from the new table rather than refuse it."""
        async with self._lock(game_id):
            for _ in range(LOBBY_RETRIES):
                record = await self._lobby(game_id)
                try:
                    return await self.store.update(
                        record, announce=plan.lobby_changed(), **change(record)
                    )
                except VersionConflict:
                    continue
            raise self._stale(record)

    # -- play -----------------------------------------------------------------------------

    async def act(
        self,
        game_id: int,
        user_id: int,
        action: Any,
        *,
        expected_version: int | None = None,
        computed: Computed | None = None,
    ) -> MoveResult:
        """Apply ``action`` (an engine action, or its dumped dict) for the user's seat.

        ``expected_version`` comes from a button: if the table has moved on since the button
        was drawn, the click is refused (``stale``) rather than applied to a different state.
        ``computed`` is told the new state before it is committed (see :data:`Computed`).
        """
        async with self._lock(game_id):
            record = await self._active(game_id, expected_version)
            seat = record.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            return await self._apply(record, seat, action, computed=computed)

    async def act_choice(
        self,
        game_id: int,
        user_id: int,
        digest: str,
        index: int,
        *,
        computed: Computed | None = None,
    ) -> MoveResult:
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
                raise self._not_theirs(record, seat, digest) or self._stale(record)
            if index >= len(legal):
                raise TableError("malformed_component")
            return await self._apply(record, seat, legal[index], computed=computed)

    async def automatic_action(self, record: GameRecord, seat: int) -> Any | None:
        """The move the table makes for ``seat`` without asking anyone: a bot seat's move at
        the seat's level (a hard one decided off the event loop, :mod:`bot.bots`), or a
        player's only legal move when public information alone makes it so (the engine's
        ``forced_action``: playing it reveals nothing the others could not know)."""
        info = record.seats[seat]
        if not info.is_bot:
            return self._forced_move(record, seat)
        try:
            return await bot_move(self.engine(record.game), self.state(record), seat, info.level)
        except IllegalAction as illegal:
            raise TableError(f"illegal.{illegal.code}", **illegal.details) from illegal

    def _forced_move(self, record: GameRecord, seat: int) -> Any | None:
        forced = getattr(self.engine(record.game), "forced_action", None)
        return forced(self.state(record), seat) if forced is not None else None

    def automatic_seats(self, record: GameRecord) -> list[int]:
        """The seats that must act now and whose move the table makes itself."""
        return [
            seat
            for seat in self.pending(record)
            if record.seats[seat].is_bot or self._forced_move(record, seat) is not None
        ]

    async def act_automatically(self, game_id: int, seat: int, expected_version: int) -> MoveResult:
        """Make ``seat``'s automatic move (the same path as a human's: lock, compare-and-swap,
        announcement)."""
        async with self._lock(game_id):
            record = await self._active(game_id, expected_version)
            action = await self.automatic_action(record, seat)
            if action is None:
                raise TableError("not_a_bot_seat")
            return await self._apply(record, seat, action)

    async def resign(self, game_id: int, user_id: int) -> MoveResult:
        """A player concedes. With two seats the other wins; with more, a bot takes the seat
        so the others can finish."""
        async with self._lock(game_id):
            record = await self._active(game_id, None)
            seat = record.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            # A platform event: the publisher narrates it, with the name the player had.
            resigned = [{"type": "resigned", "seat": seat, "name": record.seats[seat].name}]
            announce = plan.seat_changed(record, resigned)
            state = self.state(record)
            if len(record.seats) > 2:
                after = await self._update(
                    record, **self._bot_takes_over(record, seat, state), announce=announce
                )
            else:
                extra = {**record.extra, "resigned": seat}
                after = await self._update(
                    record, status=FINISHED, extra=extra, announce=announce, wake_at=None
                )
            return MoveResult(record, after, seat, resigned, state, state)

    # -- the host's and the moderators' tools ------------------------------------------------

    async def end_table(
        self, game_id: int, user_id: int, name: str, *, moderator: bool
    ) -> GameRecord:
        """End a table nobody will finish (its host, or a server moderator): it is kept with
        its history and marked abandoned, and the channel can host a new table."""
        async with self._lock(game_id):
            record = await self._open(game_id)
            self._require_host_or_moderator(record, user_id, moderator)
            ended = [{"type": "abandoned", "name": name}]
            announce = (
                plan.lobby_changed() if record.status == LOBBY else plan.seat_changed(record, ended)
            )
            extra = {**record.extra, "ended_by": user_id}
            return await self._update(
                record, status=ABANDONED, extra=extra, announce=announce, wake_at=None
            )

    async def expel(
        self, game_id: int, user_id: int, target_id: int, *, moderator: bool
    ) -> GameRecord:
        """Take a player off a table (its host, or a moderator): in the lobby their seat is
        freed; in a game a bot takes it over to the end, and the result says so."""
        async with self._lock(game_id):
            record = await self._open(game_id)
            self._require_host_or_moderator(record, user_id, moderator)
            if target_id == user_id:
                raise TableError("expel_yourself")
            seat = record.seat_of(target_id)
            if seat is None:
                raise TableError("not_seated_them")
            if record.status == LOBBY:
                seats = tuple(s for i, s in enumerate(record.seats) if i != seat)
                humans = [s.user_id for s in seats if s.user_id is not None]
                host_id = record.host_id
                if host_id == target_id:  # a moderator took the host off: the next human hosts
                    host_id = humans[0] if humans else user_id
                return await self._update(
                    record, seats=seats, host_id=host_id, announce=plan.lobby_changed()
                )
            expelled = [{"type": "expelled", "seat": seat, "name": record.seats[seat].name}]
            return await self._update(
                record,
                **self._bot_takes_over(record, seat, self.state(record)),
                announce=plan.seat_changed(record, expelled),
            )

    async def hand_host(
        self, game_id: int, user_id: int, target_id: int, *, moderator: bool
    ) -> GameRecord:
        """Make another seated player the host (the host, or a moderator)."""
        async with self._lock(game_id):
            record = await self._open(game_id)
            self._require_host_or_moderator(record, user_id, moderator)
            if record.seat_of(target_id) is None:
                raise TableError("not_seated_them")
            if target_id == record.host_id:
                raise TableError("already_host")
            announce = plan.lobby_changed() if record.status == LOBBY else None
            return await self._update(record, host_id=target_id, announce=announce)

    async def offer_seat(self, game_id: int, user_id: int, target_id: int) -> GameRecord:
        """A player offers their seat to a member who is not playing at this table; it is
        theirs once they accept (both confirm: the offer, then the acceptance)."""
        async with self._lock(game_id):
            record = await self._open(game_id)
            seat = record.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            if target_id == user_id or record.seat_of(target_id) is not None:
                raise TableError("already_seated_them")
            offers = {**record.extra.get("seat_offers", {}), str(seat): target_id}
            extra = {**record.extra, "seat_offers": offers}
            return await self._update(record, extra=extra, announce=plan.seat_offered(seat))

    async def answer_seat_offer(
        self, game_id: int, seat: int, user_id: int, name: str, locale: str, *, accept: bool
    ) -> GameRecord:
        """The member a seat was offered to takes it (``accept``) or declines; the player who
        offered it may withdraw the offer the same way."""
        async with self._lock(game_id):
            record = await self._open(game_id)
            offers = dict(record.extra.get("seat_offers", {}))
            target = offers.get(str(seat))
            holder = record.seats[seat].user_id if seat < len(record.seats) else None
            if target is None or holder is None:
                raise TableError("no_seat_offer")
            if user_id != target and not (user_id == holder and not accept):
                raise TableError("not_your_seat_offer")
            del offers[str(seat)]
            extra = {**record.extra, "seat_offers": offers}
            if not accept:
                return await self._update(record, extra=extra)
            if record.seat_of(user_id) is not None:
                raise TableError("already_seated")
            handed = [{"type": "seat_handed", "seat": seat, "name": record.seats[seat].name,
                       "to": name}]  # fmt: skip
            seats = tuple(
                Seat(user_id, name, locale) if i == seat else s for i, s in enumerate(record.seats)
            )
            host_id = user_id if record.host_id == holder else record.host_id
            return await self._update(
                record,
                seats=seats,
                host_id=host_id,
                extra=extra,
                announce=plan.seat_handed(record, seat, handed),
            )

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

    async def _apply(
        self,
        record: GameRecord,
        seat: int,
        action: Any,
        narrated: list[dict[str, Any]] | None = None,
        *,
        computed: Computed | None = None,
    ) -> MoveResult:
        """Apply ``action`` and every move it forces on a player (see :meth:`_forced`), and
        commit them in one transaction with what they must show (``narrated``: platform events
        told before the move, such as the vote that skipped it) and the clock they leave.
        ``computed`` learns the new state before the commit (:data:`Computed`)."""
        engine = self.engine(record.game)
        before = self.decoded(record)
        state = before.state
        if not self.may_act(record, seat):
            raise TableError("not_your_turn")
        try:
            if isinstance(action, dict):
                action = engine.load_action(action)
            new_state, events = engine.apply(state, seat, action)
        except IllegalAction as illegal:
            raise TableError(f"illegal.{illegal.code}", **illegal.details) from illegal
        new_state, forced = self._forced(record, new_state)
        everything = [
            *(narrated or []),
            *events,
            *(event for _, _, happened in forced for event in happened),
        ]
        outcome = engine.outcome(new_state)
        status = FINISHED if outcome is not None else ACTIVE
        if outcome is not None:  # a solo game's end says where the score stands (O9)
            everything += await solo_best_events(self.store, record, outcome)
        decoded = Decoded(engine, new_state)
        if computed is not None:
            computed(record, decoded)
        views = views_of(before, decoded)
        announce = plan.moved(engine, record, state, new_state, seat, everything, view=views)
        try:
            after = await self.store.commit_move(
                record,
                seat=seat,
                action=engine.dump_action(action),
                events=events,
                state=engine.dump(new_state),
                status=status,
                announce=announce,
                then=forced,
                **self.clock_after(record, new_state, acted=seat),
            )
        except VersionConflict:
            raise self._stale(record) from None
        self.metrics.move_committed(record.game, 1 + len(forced))
        self._decoded.put(after, decoded)
        return MoveResult(record, after, seat, everything, state, new_state)

    def _forced(
        self, record: GameRecord, state: Any
    ) -> tuple[Any, list[tuple[int, dict[str, Any], list[dict[str, Any]]]]]:
        """The moves the table makes at once for players whose only legal move public
        information shows (the engine's ``forced_action``), in order, and the state after
        them: nobody is asked, or pinged, for a decision that is not theirs to make. Bot
        seats are left to the scheduler, which plays them after a pause people can follow."""
        engine = self.engine(record.game)
        forced_action = getattr(engine, "forced_action", None)
        made: list[tuple[int, dict[str, Any], list[dict[str, Any]]]] = []
        if forced_action is None:
            return state, made
        for _ in range(MAX_FORCED_MOVES):
            if engine.outcome(state) is not None:
                break
            found = next(
                (
                    (seat, move)
                    for seat in engine.pending(state)
                    if not record.seats[seat].is_bot
                    and (move := forced_action(state, seat)) is not None
                ),
                None,
            )
            if found is None:
                break
            seat, move = found
            state, happened = engine.apply(state, seat, move)
            made.append((seat, engine.dump_action(move), happened))
        return state, made

    # -- clocks ---------------------------------------------------------------------------

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

    # -- helpers --------------------------------------------------------------------------

    async def _lobby(self, game_id: int) -> GameRecord:
        record = await self.get(game_id)
        if record.status == ACTIVE:
            raise TableError("already_started")
        if record.status != LOBBY:
            raise TableError("table_closed", game_id=record.id)
        return record

    def seat_range(self, record: GameRecord) -> tuple[int, int]:
        """The fewest and most seats this table's game and options allow (a solo mode: one)."""
        return self.engine(record.game).seat_range(dict(record.options))

    def _require_room(self, record: GameRecord) -> None:
        _, most = self.seat_range(record)
        if len(record.seats) >= most:
            raise TableError("table_full", max=most)

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


def _validated_options(engine: Engine, options: dict[str, Any]) -> dict[str, Any]:
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
