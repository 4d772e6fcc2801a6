"""The REST budget per move (issue 27): what one move costs in Discord requests, per game.

Why: Discord allows a bot 50 requests per second in all, interaction answers (callbacks and
webhook follow-ups) excepted. Whatever the CPU, a bot making *n* requests per move tops out
near 50 / *n* moves per second across every server. So each game is played whole through the
fake Discord with the real ``python -m bot`` (every seat a person, each making the engine
bot's move), and every request the bot makes outside interaction answers is counted, by kind.

How a player moves: by the move button of their latest hand DM when it shows the move (what
a player does; or of the hand the Start tap's answer showed them), else by ``/game move``
with the same reference a button carries (a choice with too many moves for buttons, or a
player whose DMs are closed); they join and start by the lobby message's Join and Start
buttons. Each game is played twice:
everyone's DMs open, then with the last player's DMs closed (they hear of their turn only
from the channel). "Per move" divides by the actions the table logged (the players' moves and
those the table made for them); the lobby and the start are included in the requests.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import random
from collections import Counter
from contextlib import closing
from dataclasses import dataclass

from bench import OUT_DIR
from bench import channel as channel_section
from bench.loopback import (
    REFUSALS,
    REPLY_TIMEOUT,
    BenchError,
    World,
    bot_process,
    command,
    reported_problems,
)
from bench.profile import Profile
from bench.report import Figure, Result
from bench.store import fresh_path
from bot.components import choices_digest
from bot.layout import DEFAULT_LAYOUT
from rules import GAMES
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser, InteractionResult

SECTION = "rest"
PLAYERS = {
    "notte_di_terrore": 4,
    "monster_day": 2,
    "munchkin_fu": 3,
    "monsters_on_board": 3,
    "monsterpocalypse": 2,
}
GAMES_ONLY = [g for g in os.environ.get("BENCH_REST_GAMES", "").split(",") if g]
"""``BENCH_REST_GAMES=monster_day,munchkin_fu``: only these games (a whole game of Monsters on
Board takes minutes a run; a before/after of one game need not wait for every game)."""
MAX_MOVES = 4_000
KINDS = ("channel posts", "channel edits", "DM posts", "DM edits", "DM opens", "deletes", "other")
LAYOUT = os.environ.get("BENCH_REST_LAYOUT", DEFAULT_LAYOUT)
"""The layout of the table messages (``bot.layout``): ``BENCH_REST_LAYOUT=modern`` measures
components v2 (issue 29: it must cost no more requests per move than the classic one)."""
FREE = ("/interactions/", "/webhooks/")
"""Interaction callbacks and webhook follow-ups: outside Discord's global limit."""


@dataclass(frozen=True)
class Cost:
    """One whole game: requests by kind, the actions logged, turns, channel messages."""

    calls: Counter[str]
    moves: int
    turns: int
    channel_messages: int
    standing: int
    by_button: int
    boards: int
    """Table messages posted (a board each): one per table turn (``plan.turn_key``)."""

    @property
    def total(self) -> int:
        return sum(self.calls.values())


class Reader(channel_section.Reader):
    """The bot's database, read-only: a channel's active table and the move its seat makes
    as the reference a move button carries."""

    def next_ref(self, channel: FakeChannel) -> tuple[int, int, str, int] | None:
        """(table id, user id, digest of the seat's moves, index of the bot's move)."""
        row = self.db.execute(
            "SELECT id, game, seats, state FROM games WHERE channel_id = ? AND status = 'active'",
            (channel.id,),
        ).fetchone()
        if row is None or row[3] is None:
            return None
        engine = GAMES[row[1]]
        seats, state = json.loads(row[2]), engine.load(json.loads(row[3]))
        seat = engine.pending(state)[0]
        legal = [engine.dump_action(a) for a in engine.legal_actions(state, seat)]
        chosen = engine.dump_action(engine.bot_action(state, seat))
        return row[0], seats[seat]["user_id"], choices_digest(legal), legal.index(chosen)


def kind_of(fake: FakeDiscord, method: str, path: str) -> str | None:
    """The kind of a logged request, None for an interaction answer (free)."""
    if path.startswith(FREE):
        return None
    parts = path.removeprefix("/api/v10").strip("/").split("/")
    if parts[:3] == ["users", "@me", "channels"]:
        return "DM opens"
    if parts[0] != "channels" or len(parts) < 3 or parts[2] != "messages":
        return "other"
    if method == "DELETE":
        return "deletes"
    channel = fake.channels.get(int(parts[1]))
    where = "DM" if channel is not None and channel.is_dm else "channel"
    if method == "POST" and len(parts) == 3:
        return f"{where} posts"
    if method == "PATCH" and len(parts) == 4:
        return f"{where} edits"
    return "other"


def _button(
    fake: FakeDiscord, user: FakeUser, channel: FakeChannel, custom_id: str
) -> FakeMessage | None:
    """The user's latest hand DM if it has this button, else their latest private message in
    the table's channel if it has it (a starting hand shown in the Start tap's answer)."""
    places = []
    if user.dms_open:
        places.append([m for m in fake.messages(fake.dm_channel(user)) if m.author is fake.bot])
    places.append([m for m in fake.messages(channel, ephemeral=True)  # the reply follows it
                   if m.ephemeral and m.interaction_user is user
                   and any(c.startswith("mt:act:") for c in m.custom_ids)])  # fmt: skip
    for messages in places:
        if messages and custom_id in messages[-1].custom_ids:
            return messages[-1]
    return None


def _replied(result: InteractionResult) -> list[FakeMessage] | None:
    """The private reply, once it came (a tapped private hand's answer may post the table
    publicly first)."""
    return [m for m in result.followups if m.ephemeral] or None


async def _tap_lobby(fake: FakeDiscord, user: FakeUser, channel: FakeChannel, kind: str) -> None:
    """The lobby message's button ``kind`` (join, start), tapped as a player does; its reply
    follows the update of the lobby. The lobby may come a moment after ``/game new``'s reply
    (its followup, issue 27), as a player sees it."""

    def lobby_shown() -> FakeMessage | None:
        return next((m for m in reversed(fake.messages(channel))
                     if any(c.startswith(f"mt:{kind}:") for c in m.custom_ids)), None)  # fmt: skip

    lobby = await fake.wait_until(lobby_shown, REPLY_TIMEOUT, what=f"the lobby's {kind}")
    (custom_id,) = [c for c in lobby.custom_ids if c.startswith(f"mt:{kind}:")]
    result = await fake.click(user, lobby, custom_id, timeout=REPLY_TIMEOUT)
    await fake.wait_until(functools.partial(_replied, result), REPLY_TIMEOUT,
                          what=f"the reply to {kind}")  # fmt: skip
    said = [m.text for m in result.followups]
    if any(text.startswith(REFUSALS) for text in said):
        raise BenchError(f"{kind} in #{channel.name}: {said!r}")


async def _settled(fake: FakeDiscord) -> None:
    """Until the bot's requests stop for a moment (the courier's last deliveries)."""
    count = -1
    while count != len(fake.requests):
        count = len(fake.requests)
        await asyncio.sleep(0.5)


async def play_game(
    world: World, reader: Reader, game: str, people: list[FakeUser], channel: FakeChannel
) -> Cost:
    """One whole game in ``channel``; what it cost."""
    fake = world.fake
    users = {u.id: u for u in people}
    if LAYOUT != DEFAULT_LAYOUT:  # the server's choice, before anything is counted
        await command(world, fake.owner, channel, "game config", layout=LAYOUT)
    await _settled(fake)
    requests, messages = len(fake.requests), fake.mark()
    await command(world, people[0], channel, "game new", game=game)
    for user in people[1:]:
        await _tap_lobby(fake, user, channel, "join")
    await _tap_lobby(fake, people[0], channel, "start")
    await _settled(fake)  # as a player waits for the first table and their hand to show
    moves = buttons = 0
    while (move := reader.next_ref(channel)) is not None:
        table, user_id, digest, index = move
        user = users[user_id]
        dm = _button(fake, user, channel, f"mt:act:{table}:{digest}:{index}")
        if dm is not None:
            result = await fake.click(user, dm, f"mt:act:{table}:{digest}:{index}",
                                      timeout=REPLY_TIMEOUT)  # fmt: skip
            buttons += 1
        else:
            result = await fake.slash(user, channel, "game move", timeout=REPLY_TIMEOUT,
                                      move=f"{digest}:{index}")  # fmt: skip
        if dm is not None:  # the tapped message is updated first, the reply follows it
            await fake.wait_until(functools.partial(_replied, result), REPLY_TIMEOUT,
                                  what="the reply to a move button")  # fmt: skip
        said = [result.text, *(m.text for m in result.followups)]
        if not any("✅" in text for text in said):
            raise BenchError(f"{game} move {digest}:{index} in #{channel.name}: {result.text!r}")
        moves += 1
        if moves > MAX_MOVES:
            raise BenchError(f"{game} in #{channel.name} did not end")
    await _settled(fake)
    calls = Counter(
        kind
        for r in fake.requests[requests:]
        if (kind := kind_of(fake, r.method, r.path)) is not None
    )
    actions, view = reader.finished(channel)
    turns = int(view.get("turn_number") or view.get("round") or 0)
    posted = [
        m
        for m in fake.messages_since(messages)
        if m.author is fake.bot and m.channel is channel and not m.ephemeral
    ]
    standing = sum(1 for m in posted if not m.deleted)
    boards = sum(1 for m in posted if m.attachments)
    return Cost(calls, actions, turns, len(posted), standing, buttons, boards)


async def play(game: str, players: int, closed: bool) -> tuple[Cost, int]:
    """One game of ``players`` people (the last with DMs closed if ``closed``)."""
    tag = "closed" if closed else "open"
    database = fresh_path(OUT_DIR / f"rest-{game}-{tag}.sqlite3")
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Bench")
        names = ("ann", "bob", "cy", "di")[:players]
        people = [
            fake.add_user(name, dms_open=not (closed and i == players - 1))
            for i, name in enumerate(names)
        ]
        channel = fake.add_text_channel(guild, f"{game}-{tag}")
        world = World(fake, guild, people[0], people[1], [channel])
        async with bot_process(world, database) as (bot, _):
            with closing(Reader(database)) as reader:
                cost = await play_game(world, reader, game, people, channel)
        return cost, reported_problems(bot, fake)


def figures(game: str, players: int, closed: bool, cost: Cost, problems: int) -> list[Result]:
    layout = f", {LAYOUT} layout" if LAYOUT != DEFAULT_LAYOUT else ""
    tag = f"{game} ({players}p, {'one DM closed' if closed else 'DMs open'}{layout})"
    moves = max(cost.moves, 1)
    note = f"{cost.moves} moves ({cost.by_button} by DM button), {cost.turns} turns, one game"
    by_kind = ", ".join(f"{k} {cost.calls[k] / moves:.2f}" for k in KINDS if cost.calls[k])
    return [
        Figure(SECTION, f"{tag}: REST calls per move", cost.total / moves, "calls", note),
        Figure(SECTION, f"{tag}: REST calls by kind", cost.total, "calls", by_kind),
        Figure(
            SECTION,
            f"{tag}: channel messages per turn",
            cost.channel_messages / max(cost.turns, 1),
            "msgs",
            f"{cost.channel_messages} channel messages",
        ),
        Figure(
            SECTION,
            f"{tag}: channel messages left per turn",
            cost.standing / max(cost.turns, 1),
            "msgs",
            "after tidying (ping lines deleted when the turn moves on)",
        ),
        Figure(
            SECTION,
            f"{tag}: channel messages per table turn",
            cost.channel_messages / max(cost.boards, 1),
            "msgs",
            f'{cost.boards} table messages (a game\'s "turn" above may hold several: a round)',
        ),
        Figure(SECTION, f"{tag}: bot errors", problems, "lines", "should be 0"),
    ]


async def run(profile: Profile, rng: random.Random) -> list[Result]:
    del profile, rng  # one whole game each: the seeds are the bot's, the moves follow
    results: list[Result] = []
    for game, players in PLAYERS.items():
        if GAMES_ONLY and game not in GAMES_ONLY:
            continue
        for closed in (False, True):
            cost, problems = await play(game, players, closed)
            results += figures(game, players, closed, cost, problems)
    return results
