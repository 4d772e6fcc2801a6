"""A rematch (issue 30): a finished table opened again, as a lobby of the same seats.

One tap of **Rematch** on the message that ended a game opens a new table in the same channel
(or thread) with the same game, options (the variant is one of them), time control and seats in
the same order, bots at their levels; whoever tapped hosts it. Every other player's seat is
kept for them until they answer (``awaiting`` in the new table's ``extra``): one tap confirms,
one declines and frees the seat. When nobody is left to answer, the table starts as
``/game start`` would; the host may start it earlier, and the seats still unanswered are freed
first (nobody is dealt into a game they did not confirm).

No Discord here: user ids in, records out, :class:`TableError` for a refusal. Only the players
of the finished table may ask for its rematch, once: a second tap, or a tap once that channel
holds a newer table, is refused with a reason.
"""

from __future__ import annotations

from typing import Any

import rules
from bot.clock import Clock
from bot.delivery import plan
from bot.store import ACTIVE, FINISHED, LOBBY, ChannelBusy, GameRecord, Seat
from bot.table import LobbyChange, TableError, TableService

REMATCH_OF = "rematch_of"
"""In a rematch's ``extra``: the table it replays."""
AWAITING = "awaiting"
"""In a rematch's ``extra``: the players whose kept seat waits for their answer."""
STAND_IN = ("Bot (", ")")
"""How the bot that finished a player's seat is named (``TableService._bot_takes_over``)."""


def awaiting(record: GameRecord) -> list[int]:
    """The players of a rematch lobby who have not answered yet (still seated)."""
    if record.status != LOBBY:
        return []
    return [user for user in record.extra.get(AWAITING, []) if record.seat_of(user) is not None]


def players(record: GameRecord) -> dict[int, int]:
    """The people who played a table, by seat: those seated at its end, and those whose seat
    a bot finished (they resigned or were taken off; ``replaced`` keeps who sat there)."""
    seated = {seat: info.user_id for seat, info in enumerate(record.seats) if not info.is_bot}
    replaced = {int(seat): user for seat, user in record.extra.get("replaced", {}).items()}
    return {**seated, **{seat: user for seat, user in replaced.items() if user is not None}}


def rematch_seats(record: GameRecord, host: Seat) -> tuple[Seat, ...]:
    """The finished table's seats in their order: its bots at their levels, each player back
    in their own seat (a seat a bot finished goes back to the player who sat there)."""
    people = players(record)
    seats = []
    for index, info in enumerate(record.seats):
        user = people.get(index)
        if user is None:
            seats.append(info)
        elif user == host.user_id:
            seats.append(host)
        else:
            seats.append(Seat(user, _player_name(info), info.locale))
    return tuple(seats)


def _player_name(info: Seat) -> str:
    """A seat's player's name; the bot that finished it carries it ("Bot (Ann)")."""
    opening, closing = STAND_IN
    if info.is_bot and info.name.startswith(opening) and info.name.endswith(closing):
        return info.name[len(opening) : -len(closing)]
    return info.name


async def open_rematch(tables: TableService, game_id: int, host: Seat) -> GameRecord:
    """The rematch of finished table ``game_id``, hosted by ``host`` (one of its players):
    a lobby awaiting the other players, or started at once when there is nobody to wait for."""
    old = await tables.get(game_id)
    if old.status != FINISHED:
        raise TableError("rematch_not_over")
    if host.user_id not in players(old).values():
        raise TableError("rematch_not_player")
    await _require_latest(tables, old)
    seed = tables.seed_source()
    clock = Clock.load(old.clock)
    try:
        created = await tables.store.create(
            game=old.game,
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            host=host,
            host_id=host.user_id or 0,
            options=dict(old.options),
            locale=old.locale,
            seed=seed,
            seed_hash=rules.seed_commitment(seed),
            clock=Clock(per_move=clock.per_move, bank=clock.bank).dump(),
        )
    except ChannelBusy:
        await _require_latest(tables, old)  # the rematch, opened a moment ago
        raise TableError("channel_busy", game_id=0, game=old.game) from None
    seats = rematch_seats(old, host)
    others = [s.user_id for s in seats if s.user_id is not None and s.user_id != host.user_id]
    record = await tables.store.update(
        created,
        seats=seats,
        extra={REMATCH_OF: old.id, AWAITING: others},
        announce=plan.lobby_changed(),
    )
    return await _start_when_answered(tables, record)


async def _require_latest(tables: TableService, old: GameRecord) -> None:
    """Refuse when the channel already holds a newer table: the rematch, or another."""
    latest = await tables.store.latest_in_channel(old.channel_id)
    if latest is None or latest.id == old.id:
        return
    if latest.extra.get(REMATCH_OF) == old.id:
        if latest.status in (LOBBY, ACTIVE):
            raise TableError("rematch_exists", game_id=latest.id)
        if latest.status == FINISHED:
            raise TableError("rematch_played", game_id=latest.id)
        raise TableError("rematch_called_off", game_id=latest.id)
    raise TableError("rematch_newer_table", game_id=latest.id)


async def answer(tables: TableService, game_id: int, user_id: int, *, accept: bool) -> GameRecord:
    """A player answers for the seat kept for them: confirmed, or freed. Once nobody is left
    to answer, the table starts."""
    record = await tables.get(game_id)
    if user_id not in awaiting(record):
        raise TableError("rematch_not_awaited")
    if accept:
        record = await tables.lobby_step(game_id, _answered(user_id))
    else:
        record = await tables.leave(game_id, user_id)
    return await _start_when_answered(tables, record)


def _answered(user_id: int) -> LobbyChange:
    """The lobby change that confirms ``user_id``'s kept seat."""

    def change(record: GameRecord) -> dict[str, Any]:
        if user_id not in awaiting(record):
            raise TableError("rematch_not_awaited")
        left = [user for user in awaiting(record) if user != user_id]
        return {"extra": {**record.extra, AWAITING: left}}

    return change


async def _start_when_answered(tables: TableService, record: GameRecord) -> GameRecord:
    """Start a rematch once every kept seat is answered, as its host would; a table short of
    players (a seat was freed) stays a lobby others can join."""
    if record.status != LOBBY or REMATCH_OF not in record.extra or awaiting(record):
        return record
    try:
        return await tables.start(record.id, record.host_id)
    except TableError as refused:
        if refused.code in ("not_enough_players", "options_misfit"):
            return record
        raise


async def free_unanswered(tables: TableService, game_id: int, user_id: int) -> None:
    """Before the host starts a rematch early: the seats still waiting for an answer are
    freed, so nobody is dealt into a game they did not confirm."""
    record = await tables.get(game_id)
    if record.host_id != user_id or not awaiting(record):
        return

    def unseat(record: GameRecord) -> dict[str, Any]:
        waiting = set(awaiting(record))
        seats = tuple(s for s in record.seats if s.user_id not in waiting)
        return {"seats": seats, "extra": {**record.extra, AWAITING: []}}

    await tables.lobby_step(game_id, unseat)
