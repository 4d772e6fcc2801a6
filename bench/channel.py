"""What a whole game costs a channel: messages posted, edits, pings, DMs, decisions per game.

Whole games are played through the fake Discord with the real ``python -m bot``: four people at
a Notte di Terrore table, two at Monster Day, every seat a person. Whoever must act makes the
move the engine's bot would choose, typed as the slash command a player types (one command per
decision, so "taps per decision" is one; the decisions the table made for a player, whose only
move was forced, are counted apart). The move is read from the bot's database (read-only), as
:mod:`bench.notte_interaction` does.

Counts, per game: channel messages the bot posted (the lobby included), edits of them, users
pinged in the channel, DMs, the players' decisions and the game's turns. Run it on an older
checkout to compare (see docs/architecture.md, "A channel people can read").
"""

from __future__ import annotations

import json
import random
import sqlite3
import statistics
from contextlib import closing
from pathlib import Path
from typing import Any

from bench import OUT_DIR
from bench.loopback import REPLY_TIMEOUT, BenchError, World, bot_process, command, reported_problems
from bench.profile import Profile
from bench.report import Figure, Result
from bench.store import fresh_path
from cogs.notte_di_terrore import command_for
from rules import GAMES
from tests.fakediscord import FakeChannel, FakeDiscord, FakeUser

SECTION = "channel"
PLAYERS = {"notte_di_terrore": 4, "monster_day": 2}
MAX_DECISIONS = 3_000


def _monster_day_command(action: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    return "monsterday play", {"card": action["card"], "space": action["space"] + 1}


COMMANDS = {"notte_di_terrore": command_for, "monster_day": _monster_day_command}


class Reader:
    """The bot's database, read-only: the active table of a channel and its next move."""

    def __init__(self, database: Path) -> None:
        self.db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)

    def close(self) -> None:
        self.db.close()

    def next_move(self, game: str, channel: FakeChannel) -> tuple[int, dict[str, Any]] | None:
        row = self.db.execute(
            "SELECT seats, state FROM games WHERE channel_id = ? AND status = 'active'",
            (channel.id,),
        ).fetchone()
        if row is None or row[1] is None:
            return None
        engine = GAMES[game]
        seats, state = json.loads(row[0]), engine.load(json.loads(row[1]))
        seat = engine.pending(state)[0]
        return seats[seat]["user_id"], engine.dump_action(engine.bot_action(state, seat))

    def finished(self, channel: FakeChannel) -> tuple[int, dict[str, Any]]:
        """(actions logged, final view) of the channel's finished table."""
        game_id, game, state = self.db.execute(
            "SELECT id, game, state FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (channel.id,),
        ).fetchone()
        (actions,) = self.db.execute(
            "SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)
        ).fetchone()
        engine = GAMES[game]
        return actions, engine.view(engine.load(json.loads(state)), None)


async def play_game(
    world: World, reader: Reader, game: str, people: list[FakeUser], channel: FakeChannel
) -> dict[str, float]:
    """One whole game in ``channel``; what it cost."""
    fake = world.fake
    users = {u.id: u for u in people}
    mark = fake.mark()
    revisions = len(fake.revisions)
    await command(world, people[0], channel, "game new", game=game)
    for user in people[1:]:
        await command(world, user, channel, "game join")
    await command(world, people[0], channel, "game start")
    decisions = 0
    while (move := reader.next_move(game, channel)) is not None:
        user_id, action = move
        name, options = COMMANDS[game](action)
        result = await fake.slash(users[user_id], channel, name, timeout=REPLY_TIMEOUT, **options)
        if not result.ephemeral or "✅" not in result.text:
            raise BenchError(f"/{name} {options} in #{channel.name}: {result.text!r}")
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise BenchError(f"{game} in #{channel.name} did not end")
    actions, view = reader.finished(channel)
    sent = [m for m in fake.messages_since(mark) if m.author is fake.bot and not m.ephemeral]
    posts = [m for m in sent if m.channel.id == channel.id]
    public = {m.id for m in posts}  # ephemeral replies are edited too: they are not counted
    edits = [
        r
        for r in fake.revisions[revisions:]
        if r.message.id in public and r is not fake.revisions_of([r.message])[0]
    ]
    return {
        "posts": len(posts),
        "edits": len(edits),
        "pings": sum(len(getattr(m, "pinged", [])) for m in posts),
        "dms": sum(1 for m in sent if m.channel.is_dm),
        "decisions": decisions,
        "forced": actions - decisions,
        "turns": int(view.get("turn_number") or 0),
    }


def _mean(rows: list[dict[str, float]], key: str) -> float:
    return statistics.fmean(row[key] for row in rows)


async def run(profile: Profile, rng: random.Random) -> list[Result]:
    del rng  # the games' seeds are the bot's own; the moves follow from them
    games = 3 if profile.interaction_turns >= 100 else 1
    results: list[Result] = []
    for game, players in PLAYERS.items():
        database = fresh_path(OUT_DIR / f"channel-{game}.sqlite3")
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Bench")
            people = [fake.add_user(name) for name in ("ann", "bob", "cy", "di")[:players]]
            channels = [fake.add_text_channel(guild, f"{game}-{i}") for i in range(games)]
            world = World(fake, guild, people[0], people[1], channels)
            async with bot_process(world, database) as (bot, _):
                with closing(Reader(database)) as reader:
                    rows = [await play_game(world, reader, game, people, c) for c in channels]
            problems = reported_problems(bot, fake)
        note = f"{players} people, {games} games, every move a typed command"
        per_turn = _mean(rows, "posts") / max(_mean(rows, "turns"), 1)
        results += [
            Figure(
                SECTION, f"{game}: channel messages per game", _mean(rows, "posts"), "msgs", note
            ),
            Figure(SECTION, f"{game}: channel messages per turn", per_turn, "msgs", "same run"),
            Figure(SECTION, f"{game}: edits per game", _mean(rows, "edits"), "edits", "same"),
            Figure(
                SECTION, f"{game}: channel pings per game", _mean(rows, "pings"), "pings", "same"
            ),
            Figure(SECTION, f"{game}: DMs per game", _mean(rows, "dms"), "DMs", "same"),
            Figure(
                SECTION,
                f"{game}: decisions per game",
                _mean(rows, "decisions"),
                "taps",
                "one command each",
            ),
            Figure(
                SECTION,
                f"{game}: moves made for a player",
                _mean(rows, "forced"),
                "moves",
                "forced by public information",
            ),
            Figure(SECTION, f"{game}: turns per game", _mean(rows, "turns"), "turns", "same"),
            Figure(SECTION, f"{game}: bot errors", problems, "lines", "should be 0"),
        ]
    return results
