"""The host's and the moderators' tools (end a table, expel a player, hand the host) and a
player's seat offered to someone else."""

from __future__ import annotations

from bot.delivery import plan
from bot.store import (
    ABANDONED,
    LOBBY,
    GameRecord,
    Seat,
)
from bot.table.core import (
    TableCore,
    TableError,
)


class ModerationTables(TableCore):
    """The host's and the moderators' tools, and seat offers."""

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
