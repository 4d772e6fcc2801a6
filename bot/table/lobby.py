"""A table before its game: opened (by a player, or already seated for a tournament),
joined, left, bots added, started. Every lobby step runs under the table's lock and is
computed again from the new table when another process changed it meanwhile."""

from __future__ import annotations

from typing import Any

import rules
from bot.bots import bot_name, free_name
from bot.clock import Clock
from bot.delivery import plan
from bot.snapshots import Decoded
from bot.store import (
    ACTIVE,
    CANCELLED,
    LOBBY,
    ChannelBusy,
    GameRecord,
    Seat,
    VersionConflict,
)
from bot.table.core import (
    LOBBY_RETRIES,
    LobbyChange,
    TableCore,
    TableError,
    validated_options,
)


class LobbyTables(TableCore):
    """A table before its game: opened, joined, left, bots added, started."""

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
        chosen = validated_options(engine, options or {})
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
        key: dict[str, Any] | None = None,
    ) -> GameRecord:
        """A table whose seats are already decided (a tournament's pairing), started at once
        with its clock running: stored as a lobby, then seated and started in one change,
        announced as any start is (no lobby anyone could join is ever shown).

        Exactly once per ``key`` (kept in the table's ``extra`` from its first write): when
        the channel's latest table carries it, a crash came after the table was stored, so it
        is that table (started now if the crash came before its start), not another."""
        found = await self.store.latest_in_channel(channel_id)
        if key and found is not None and key.items() <= found.extra.items():
            return await self._start_seated(found, seats) if found.status == LOBBY else found
        engine = self.engine(game)
        chosen = validated_options(engine, options or {})
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
                extra=key,
            )
        except ChannelBusy:
            raise TableError("channel_busy", game_id=0, game=game) from None
        return await self._start_seated(lobby, seats)

    async def _start_seated(self, lobby: GameRecord, seats: tuple[Seat, ...]) -> GameRecord:
        """Seat ``seats`` at ``lobby`` and start it, in one change."""
        engine = self.engine(lobby.game)
        async with self._lock(lobby.id):
            seated = lobby.with_changes(seats=seats)
            state = engine.setup(len(seats), dict(lobby.options), lobby.seed)
            started = await self._update(
                lobby,
                seats=seats,
                status=ACTIVE,
                state=engine.dump(state),
                announce=plan.started(seated, engine.pending(state)),
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
                announce=plan.started(record, engine.pending(state)),
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
