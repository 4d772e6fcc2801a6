"""A game in play: a player's move (typed or a button) applied under the table's lock with
compare-and-swap, the moves the table makes itself (bots, forced moves) and resignations;
every write stores what it must show."""

from __future__ import annotations

from typing import Any

from bot.bots import bot_move
from bot.components import choices_digest
from bot.delivery import plan
from bot.snapshots import Decoded, views_of
from bot.solo_best import solo_best_events
from bot.store import (
    ACTIVE,
    FINISHED,
    GameRecord,
    VersionConflict,
)
from bot.table.core import (
    MAX_FORCED_MOVES,
    Computed,
    MoveResult,
    TableCore,
    TableError,
)
from rules import IllegalAction


class PlayTables(TableCore):
    """A game in play: moves applied, automatic moves made, resignations."""

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
