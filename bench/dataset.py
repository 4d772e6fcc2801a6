"""A database of many stored games, written with raw SQL that mirrors :class:`SqliteStore`.

Why raw SQL: 10,000 games through ``commit_move`` would take minutes of fsyncs; one transaction
takes seconds. Why it is still realistic: the schema comes from the store's own migrations, the
JSON is encoded as the store encodes it, versions follow the table service (create 0, join 1,
start 2, one per move, action ``seq`` = the version it produced), and every snapshot and action
log is a prefix of a real playout with its real seed, so ``/game history`` can replay it.

The mix: finished games (a quarter of them against a bot seat), games in progress (humans only,
so start-up does not set bots moving in channels the fake does not have), and a few lobbies.
Snapshots are drawn from a pool of playouts, so games repeat positions; sizes and shapes do not.
"""

from __future__ import annotations

import random
import sqlite3
import time
from collections import Counter
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import rules
from bench.playouts import ENGINE, GAME, play
from bench.store import fresh_path, store_json
from bot.store import ACTIVE, FINISHED, LOBBY, Seat, SqliteStore

FINISHED_SHARE, ACTIVE_SHARE = 0.60, 0.35  # the rest are lobbies
BOT_OPPONENT_SHARE = 0.25
HOME_GUILD_SHARE = 0.10  # games in the fake's guild, so /game list has something to list
DAY = 86_400.0
ACTION_COLUMNS = ("game_id", "seq", "seat", "action", "events", "created_at")
GAME_COLUMNS = (
    "id", "game", "guild_id", "channel_id", "host_id", "status", "options", "seats", "locale",
    "seed", "seed_hash", "version", "state", "message_id", "created_at", "updated_at",
    "reminded_version", "extra",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class PooledGame:
    """One playout, encoded once: the snapshot after each move and each action row."""

    seed: int
    seed_hash: str
    states: tuple[str, ...]  # states[k]: after k moves (states[0]: just started)
    actions: tuple[tuple[int, str, str], ...]  # (seat, action JSON, events JSON)


@dataclass(frozen=True, slots=True)
class DatasetInfo:
    path: Path
    statuses: dict[str, int]
    actions: int
    seconds: float

    @property
    def size_mib(self) -> float:
        return self.path.stat().st_size / 2**20


def pooled(seed: int, rng: random.Random) -> PooledGame:
    game = play(seed, rng)
    states = (
        store_json(ENGINE.dump(game.initial)),
        *(store_json(ENGINE.dump(s.state)) for s in game.steps),
    )
    actions = tuple(
        (s.seat, store_json(ENGINE.dump_action(s.action)), store_json(s.events)) for s in game.steps
    )
    return PooledGame(seed, rules.seed_commitment(seed), states, actions)


class Writer:
    """Turns (game number, pooled playout, status) into rows of ``games`` and ``actions``."""

    def __init__(self, rng: random.Random, home_guild: int) -> None:
        self.rng = rng
        self.home_guild = home_guild
        self.guilds = [rng.getrandbits(60) for _ in range(300)]
        self.users = [rng.getrandbits(60) for _ in range(3000)]
        self.now = time.time()
        self.games: list[tuple[Any, ...]] = []
        self.actions: list[tuple[Any, ...]] = []

    def seat(self, locale: str) -> Seat:
        user = self.rng.choice(self.users)
        return Seat(user, f"player{user % 10_000}", locale)

    def players(self, status: str, locale: str) -> list[Seat]:
        """The host alone in a lobby; else a second human, or a bot in some finished games."""
        host = self.seat(locale)
        if status == LOBBY:
            return [host]
        vs_bot = status == FINISHED and self.rng.random() < BOT_OPPONENT_SHARE
        return [host, Seat(None, "Bot Ada", locale) if vs_bot else self.seat(locale)]

    def moves(self, pool: PooledGame, status: str) -> int:
        """How far the game went: all the way, part of the way, or not started."""
        if status == LOBBY:
            return 0
        total = len(pool.actions)
        return total if status == FINISHED else self.rng.randint(0, total - 1)

    def add(self, game_id: int, pool: PooledGame, status: str) -> None:
        rng = self.rng
        locale = "it" if rng.random() < 0.2 else "en"
        seats = self.players(status, locale)
        moves = self.moves(pool, status)
        home = rng.random() < HOME_GUILD_SHARE
        guild = self.home_guild if home else rng.choice(self.guilds)
        # One open table per channel; a message id the fake never saw.
        where = (guild, 10**12 + game_id, rng.getrandbits(60))
        self.add_row(game_id, pool, status, seats, moves, where)

    def add_live(
        self, game_id: int, pool: PooledGame, guild: int, channel: int, seats: list[Seat]
    ) -> int:
        """A game in progress in a real channel, somewhere in its middle (never at its end,
        so the player to move has a move): the load's tables. Returns the moves made."""
        total = len(pool.actions)
        moves = self.rng.randint(total // 4, max(total // 4, 3 * total // 4 - 1))
        # No table message yet: the first move posts one (as after a restart that lost it).
        self.add_row(game_id, pool, ACTIVE, seats, moves, (guild, channel, None))
        return moves

    def add_row(
        self,
        game_id: int,
        pool: PooledGame,
        status: str,
        seats: list[Seat],
        moves: int,
        where: tuple[int, int, int | None],
    ) -> None:
        """The game row (in ``where``: guild, channel, table message) and its action rows."""
        rng = self.rng
        guild, channel, message = where
        locale = seats[0].locale
        created = self.now - rng.uniform(0, 90 * DAY)
        updated = created + moves * rng.uniform(20, 600)
        row = {
            "id": game_id,
            "game": GAME,
            "guild_id": guild,
            "channel_id": channel,
            "host_id": seats[0].user_id,
            "status": status,
            "options": store_json(ENGINE.options),
            "seats": store_json([seat.dump() for seat in seats]),
            "locale": locale,
            "seed": pool.seed,
            "seed_hash": pool.seed_hash,
            "version": 0 if status == LOBBY else 2 + moves,
            "state": None if status == LOBBY else pool.states[moves],
            "message_id": message,
            "created_at": created,
            "updated_at": updated,
            "reminded_version": -1,
            "extra": "{}",
        }
        self.games.append(tuple(row[column] for column in GAME_COLUMNS))
        for index, (seat, action, events) in enumerate(pool.actions[:moves]):
            at = created + (index + 1) * (updated - created) / max(moves, 1)
            self.actions.append((game_id, 3 + index, seat, action, events, at))


def _status(rng: random.Random) -> str:
    draw = rng.random()
    if draw < FINISHED_SHARE:
        return FINISHED
    return ACTIVE if draw < FINISHED_SHARE + ACTIVE_SHARE else LOBBY


async def create_schema(path: Path) -> None:
    """Let the store create the file: its migrations, WAL mode, its pragmas."""
    store = SqliteStore(path)
    await store.open()
    await store.close()


def insert_sqlite(path: Path, writer: Writer) -> None:
    columns = ", ".join(GAME_COLUMNS)
    with closing(sqlite3.connect(path)) as db:
        with db:  # one transaction
            marks = ", ".join("?" * len(GAME_COLUMNS))
            db.executemany(f"INSERT INTO games ({columns}) VALUES ({marks})", writer.games)
            db.executemany(
                "INSERT INTO actions (game_id, seq, seat, action, events, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                writer.actions,
            )
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


async def build(
    path: Path, games: int, pool_size: int, home_guild: int, rng: random.Random
) -> DatasetInfo:
    """Write ``games`` stored games to a fresh database at ``path``."""
    started = time.perf_counter()
    await create_schema(fresh_path(path))
    pool = [pooled(50_000 + i, rng) for i in range(pool_size)]
    writer = Writer(rng, home_guild)
    for game_id in range(1, games + 1):
        writer.add(game_id, rng.choice(pool), _status(rng))
    insert_sqlite(path, writer)
    await verify(path)
    statuses = Counter(row[5] for row in writer.games)
    return DatasetInfo(path, dict(statuses), len(writer.actions), time.perf_counter() - started)


async def verify(path: Path) -> None:
    """Read a finished game back through the store and replay its log from its seed: the rows
    must be what the store and the engine would have written."""
    with closing(sqlite3.connect(path)) as db:
        row = db.execute("SELECT id FROM games WHERE status = ? LIMIT 1", (FINISHED,)).fetchone()
    store = SqliteStore(path)
    await store.open()
    try:
        record = await store.get(int(row[0]))
        assert record is not None and record.state is not None
        state = ENGINE.setup(2, dict(record.options), record.seed)
        for action in await store.actions(record.id):
            state, _ = ENGINE.apply(state, action.seat, ENGINE.load_action(action.action))
        if ENGINE.dump(state) != record.state:
            raise AssertionError(f"stored game {record.id} does not replay from its seed")
    finally:
        await store.close()
