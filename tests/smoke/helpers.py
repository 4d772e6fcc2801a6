"""Driving the real bot process through the fake Discord like two people at a table would.

Everything here reads only what a Discord user could see (channel messages, their own DMs and
ephemeral replies) plus, at the end of a game, the engine replaying the published seed and log.
Waits are all bounded; every failure message carries the fake's diagnostics or the bot's output.
"""

# A `timeout` argument on each wait is the point of this test API (every wait is bounded).
# ruff: noqa: ASYNC109

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from PIL import Image

import rules
from bot.delivery.courier import COALESCE_SECONDS
from bot.errors import error_text
from bot.i18n import normalise
from bot.ratelimits import CHANNEL_POSTS
from bot.table import TableError
from rules import decktet
from tests.fakediscord import (
    BotProcess,
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeMessage,
    FakeUser,
    InteractionResult,
    run_bot_process,
)
from tests.fakediscord.interactions import DEFERRED_UPDATE
from tests.fakediscord.models import Revision
from tests.fakediscord.ratelimits import ROUTE_LIMITS, quicker

REPO = Path(__file__).resolve().parents[2]
ENGINE = rules.GAMES["monster_day"]
WAIT = 15.0
"""Generous bound for anything the bot does after a click (boards are drawn in a thread)."""

LIMITS_FACTOR = 5
"""Discord's rate-limit windows run this many times faster here, on the fake and in the bot's
pacer alike (the same counts: 5 posts per 1 s per channel): a whole night of ~150 channel
posts then waits ~30 s for its windows instead of ~3 minutes, and the bot must still keep to
every limit (the smoke tests allow no 429). The real windows are tested at their real length
in ``tests/bot/test_ratelimits.py`` and ``tests/fakediscord/test_ratelimits.py``."""
SMOKE_ROUTE_LIMITS = quicker(ROUTE_LIMITS, LIMITS_FACTOR)


def smoke_fake() -> FakeDiscord:
    """A fake Discord whose windows are :data:`LIMITS_FACTOR` times shorter."""
    return FakeDiscord(route_limits=SMOKE_ROUTE_LIMITS)


# Lines the bot process may print that are not problems.
ENVIRONMENT_NOISE = (r"PyNaCl is not installed", r"davey is not installed")
PROBLEM = re.compile(r"Traceback|\b(WARNING|ERROR|CRITICAL)\b")


# ----- the bot process ---------------------------------------------------------------------


@dataclass
class World:
    """One server with a #tables channel; alice speaks Italian, bob English."""

    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser
    tmp: Path

    @property
    def database(self) -> Path:
        return self.tmp / "monster_table.sqlite3"


def output_problems(output: str, allow: Iterable[str] = ()) -> list[str]:
    """Lines of the bot's output that show a traceback or a WARNING+ record, except the
    environment noise and the patterns a test expects (e.g. a retried 429)."""
    allowed = [re.compile(p) for p in (*ENVIRONMENT_NOISE, *allow)]
    return [
        line
        for line in output.splitlines()
        if PROBLEM.search(line) and not any(p.search(line) for p in allowed)
    ]


def subprocess_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """Settings every smoke run shares: the repo importable from an empty working directory
    (so no stray .env is read), reminders off, bots without a pause, drawings in threads."""
    path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    return {
        "PYTHONPATH": path,
        "LOG_LEVEL": "INFO",
        "REMINDER_CHECK_SECONDS": "0",
        "BOT_MOVE_DELAY_SECONDS": "0",
        "DEFAULT_LOCALE": "en",
        "CHANNEL_POST_WINDOW_SECONDS": str(CHANNEL_POSTS.period / LIMITS_FACTOR),
        # The edit window too runs LIMITS_FACTOR times quicker: a move's reply waits for its
        # table edit, and 0.25 s a move made a whole Munchkin Fu game 16 s longer.
        "EDIT_COALESCE_SECONDS": str(COALESCE_SECONDS / LIMITS_FACTOR),
        # No drawing worker process: its start (the fork server importing render and rules,
        # then the warm-up) is CPU a busy 2-core machine shares with the other smoke test.
        # A stop no longer waits for it (0.3 s, bot/render_pool.py), but the start still
        # costs: test_delivery.py and a restart test, two at a time, took 179 and 178 s
        # without the worker, 239 and 219 s with it (interleaved runs, load ~11). The
        # worker, and the hard bot deciding in it, are smoke-tested with a whole
        # game in test_solo_game_against_a_bot_seat (RENDER_PROCESSES=1) and in
        # tests/bot/test_render_pool.py and tests/bot/test_bot_worker.py.
        "RENDER_PROCESSES": "0",
        **(extra or {}),
    }


def empty_dir(tmp: Path, name: str) -> Path:
    path = tmp / name
    path.mkdir(exist_ok=True)
    return path


@contextlib.asynccontextmanager
async def bot_running(
    world: World, *, allow: Sequence[str] = (), env: dict[str, str] | None = None
) -> AsyncIterator[BotProcess]:
    """The real ``python -m bot`` logged in and synced; on exit it is stopped with SIGINT and
    must have shut down cleanly without a traceback or an unexpected warning."""
    fake = world.fake
    identifies, syncs = len(fake.gateway.identify_payloads), len(fake.sync_log)
    async with run_bot_process(
        fake,
        env=subprocess_env(env),
        cwd=empty_dir(world.tmp, "cwd"),
        database_path=world.database,
        dev_guild=world.guild,
    ) as proc:
        await proc.wait_ready(fake, timeout=30)

        def fresh() -> bool:
            gateway = fake.gateway
            return (
                len(gateway.identify_payloads) > identifies
                and len(fake.sync_log) > syncs
                and gateway.live.is_set()
            )

        await fake.wait_until(fresh, 30, what="this bot process to identify and sync")
        yield proc
    assert proc.returncode == 0, f"bot did not stop cleanly ({proc.returncode}):\n{proc.output}"
    problems = output_problems(proc.output, allow)
    assert not problems, "bot printed problems:\n" + "\n".join(problems) + "\n\n" + proc.output
    assert fake.unhandled == [], fake.diagnostics()
    assert fake.server_errors == [], fake.server_errors


# ----- what people see ---------------------------------------------------------------------


@contextlib.asynccontextmanager
async def bot_to_kill(
    world: World, *, env: dict[str, str] | None = None
) -> AsyncIterator[BotProcess]:
    """The real bot, logged in and synced, that the test will SIGKILL (as a crash or an
    out-of-memory kill would): on exit it is killed if still running, and its output is not
    checked (a killed process cannot shut down cleanly)."""
    fake = world.fake
    identifies = len(fake.gateway.identify_payloads)
    async with run_bot_process(
        fake,
        env=subprocess_env(env),
        cwd=empty_dir(world.tmp, "cwd"),
        database_path=world.database,
        dev_guild=world.guild,
    ) as proc:
        await proc.wait_ready(fake, timeout=30)
        await fake.wait_until(
            lambda: len(fake.gateway.identify_payloads) > identifies and fake.gateway.live.is_set(),
            30,
            what="the bot to identify",
        )
        try:
            yield proc
        finally:
            await kill(proc)


async def kill(proc: BotProcess) -> None:
    """SIGKILL: no clean-up of any kind runs in the bot."""
    with contextlib.suppress(ProcessLookupError):
        proc.proc.kill()
    await proc.proc.wait()


def expected_refusal(code: str, locale: str, **params: Any) -> str:
    """The bot's own wording of a refusal, so the tests follow the catalogue."""
    return error_text(TableError(code, **params), normalise(locale))


def assert_png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG" and image.width > 0 and image.height > 0
    return image


def visible_text(message: FakeMessage) -> str:
    """All a person can read on a message: content, embeds, button labels, file names."""
    parts = [message.text]
    parts += [str(comp.get("label", "")) for comp in _components(message.components)]
    parts += [att.filename for att in message.attachments]
    return "\n".join(parts)


def _components(components: list[dict[str, Any]]) -> Iterable[dict[str, Any]]:
    for comp in components:
        yield comp
        yield from _components(comp.get("components", []))


def reply_text(result: InteractionResult) -> str:
    """An ephemeral reply: the answer plus any later followups."""
    messages = [m for m in [result.original, *result.followups] if m is not None]
    unique = list({m.id: m for m in messages}.values())
    texts = [m.text for m in unique] or [result.text]
    for message in unique:
        texts += [a.data.decode() for a in message.attachments if a.filename.endswith(".txt")]
    return "\n".join(t for t in texts if t)


def assert_private_answer(result: InteractionResult) -> str:
    """Answered, ephemerally (or, for a button tapped on a message, by a deferred update of
    that message, the reply following ephemerally: a move button in a hand DM, issue 27; a
    lobby button, whose deferral goes out before the bot knows whether the lobby is still
    open, issue 27 §2), with something to read; returns the text (in a channel, the
    followups' only: the tapped message is the table's, not the reply)."""
    assert result.answered, result.describe()
    followed = result.callback_type == DEFERRED_UPDATE and all(
        m.ephemeral for m in result.followups
    )
    assert result.ephemeral or followed, f"{result.describe()} answered publicly: {result.text!r}"
    in_channel = followed and not result.channel.is_dm
    text = "\n".join(m.text for m in result.followups) if in_channel else reply_text(result)
    assert text.strip(), f"{result.describe()} answered with nothing to read"
    return text


async def replied(fake: FakeDiscord, result: InteractionResult) -> InteractionResult:
    """``result`` once its reply came: a move button in a hand DM updates that DM first (the
    fake counts that as answered) and replies in a followup after it (issue 27)."""
    if result.callback_type == DEFERRED_UPDATE and result.channel.is_dm:
        await fake.wait_until(partial(_followups, result), WAIT, what="the reply followup")
    return result


def _followups(result: InteractionResult) -> list[FakeMessage] | None:
    return result.followups or None


def assert_refused(result: InteractionResult, expected: str | None = None) -> str:
    text = assert_private_answer(result)
    assert "⚠️" in text, f"{result.describe()} was not refused: {text!r}"
    if expected is not None:
        assert expected in text, f"{result.describe()}: {text!r} does not say {expected!r}"
    return text


def assert_accepted(result: InteractionResult) -> str:
    text = assert_private_answer(result)
    assert "⚠️" not in text and "😵" not in text, f"{result.describe()} failed: {text!r}"
    return text


# ----- cards --------------------------------------------------------------------------------


def _bare(name: str) -> str:
    """``the Castle`` -> ``Castle``, ``l'Autore`` -> ``Autore``."""
    return re.sub(r"^(the |il |la |lo |l')", "", name)


def card_patterns(card_id: str) -> list[re.Pattern[str]]:
    """Ways a card could show up in text: its id and its English and Italian names."""
    card = decktet.card(card_id)
    words = [card_id, _bare(card.name_en), _bare(card.name_it)]
    return [re.compile(rf"(?<![\w]){re.escape(w)}(?![\w])") for w in words]


def leaked(text: str, card_ids: Iterable[str]) -> list[str]:
    """The cards among ``card_ids`` that ``text`` names."""
    return [c for c in card_ids if any(p.search(text) for p in card_patterns(c))]


def card_of_label(label: str) -> str:
    """The id of the card a hand line or button label names (``7 🌊🐉 la Caverna``)."""
    label = label.split(" → ")[0].removeprefix("• ").strip()
    found = [
        card.id
        for card in decktet.cards().values()
        for name in (card.name_en, card.name_it)
        if label == name or label.endswith(" " + name)
    ]
    assert len(found) == 1, f"cannot tell which card {label!r} is: {found}"
    return found[0]


# ----- a table ------------------------------------------------------------------------------


@dataclass
class Move:
    """A move a human made, and the choices Discord offered them for it."""

    seat: int
    user: FakeUser
    card: str
    space: int  # 0-based
    via: str  # "command" or "button"
    index: int  # how many moves the game had before this one
    offered: list[tuple[str, int]]  # buttons: (card, space) each; command: the spaces offered
    offered_cards: list[str] = field(default_factory=list)


@dataclass
class SeatedTable:
    """A table seen through Discord: its seats (``None`` for a bot seat), the channel's table
    messages and each human's hand DMs. Each game's driver builds its moves on this."""

    world: World
    seats: list[FakeUser | None]  # None: a bot seat

    @property
    def fake(self) -> FakeDiscord:
        return self.world.fake

    @property
    def channel(self) -> FakeChannel:
        return self.world.channel

    @property
    def humans(self) -> list[FakeUser]:
        return [u for u in self.seats if u is not None]

    def seat_of(self, user: FakeUser) -> int:
        return self.seats.index(user)

    # -- reading ------------------------------------------------------------------------

    def table_messages(self) -> list[FakeMessage]:
        """Public table messages (they carry the board) in the channel, oldest first."""
        return [
            m
            for m in self.fake.messages(self.channel)
            if any(a.filename == "board.png" for a in m.attachments)
        ]

    def latest_table(self) -> FakeMessage:
        messages = self.table_messages()
        assert messages, "no table message yet\n" + self.fake.diagnostics()
        return messages[-1]

    def hand_dms(self, user: FakeUser) -> list[FakeMessage]:
        return [
            m
            for m in self.fake.messages(user)
            if any(a.filename == "hand.png" for a in m.attachments)
        ]

    def hand_deliveries(self, user: FakeUser) -> list[Revision]:
        """Each hand the user was shown by DM, in order: a hand DM as sent, and each update
        that showed a new hand or new move buttons in it (the mover's new hand arrives in
        the answer to the move button they tapped, by updating that DM: issue 27); an update
        that only took spent buttons away is none."""
        shown: list[Revision] = []
        previous: dict[int, Revision] = {}
        for revision in self.fake.revisions_of(self.hand_dms(user)):
            before = previous.get(revision.message.id)
            previous[revision.message.id] = revision
            moves = [c for c in _ids(revision.components) if c.startswith("mt:act:")]
            if before is None or revision.embeds != before.embeds or moves:
                shown.append(revision)
        return shown


@dataclass
class TableDriver(SeatedTable):
    """Plays a table through Discord as its players would.

    Invariant used throughout: the bot posts exactly one table message when the game starts
    and one after every move, so the k-th table message in the channel (0-based) shows the game
    after k moves, and a hand DM shows it after as many moves as table messages precede it.
    """

    moves: list[Move] = field(default_factory=list)

    # -- reading ------------------------------------------------------------------------

    @staticmethod
    def hand_in(message: FakeMessage | Revision) -> list[str]:
        """Card ids listed in a hand message (DM or ephemeral reply), in order."""
        (embed,) = message.embeds
        lines = (embed.get("description") or "").splitlines()
        return [card_of_label(line) for line in lines if line.startswith("• ")]

    @staticmethod
    def is_finished(message: FakeMessage) -> bool:
        """A finished table has no "My hand" button any more."""
        return not any(c.startswith("mt:hand:") for c in message.custom_ids)

    def turn_of(self, message: FakeMessage) -> FakeUser | None:
        """The human named in the turn line (the first line) of a table message."""
        first = message.content.splitlines()[0] if message.content else ""
        named = [u for u in self.humans if u.mention in first]
        return named[0] if len(named) == 1 else None

    def log_position(self, message: FakeMessage) -> int:
        return next(i for i, m in enumerate(self.fake.messages_since(0)) if m is message)

    def moves_shown_by(self, message: FakeMessage) -> int:
        """How many moves the game had when ``message`` was sent (see the class doc)."""
        position = self.log_position(message)
        return sum(self.log_position(m) < position for m in self.table_messages()) - 1

    def moves_shown_at(self, revision: Revision) -> int:
        """How many moves the game had when ``revision`` was shown: as many as table messages
        were posted before it, less the first (see the class doc)."""
        posted = {
            r.message.id: r.seq for r in reversed(self.fake.revisions_of(self.table_messages()))
        }
        return sum(seq < revision.seq for seq in posted.values()) - 1

    def move_buttons(self, user: FakeUser) -> tuple[FakeMessage, list[str]]:
        """The user's latest hand DM and its move buttons."""
        dms = self.hand_dms(user)
        assert dms, f"{user.username} got no hand DM\n{self.fake.diagnostics()}"
        return dms[-1], [c for c in dms[-1].custom_ids if c.startswith("mt:act:")]

    # -- waiting ------------------------------------------------------------------------

    async def next_turn(self, *, timeout: float = WAIT) -> FakeUser | None:
        """Wait until a human must move (the table message says so and, if their DMs are
        open, their hand DM came after it) or the game is over (None). Bot seats move by
        themselves meanwhile."""

        def ready() -> tuple[FakeUser | None] | None:
            messages = self.table_messages()
            if not messages:
                return None
            latest = messages[-1]
            if self.is_finished(latest):
                return (None,)
            user = self.turn_of(latest)
            if user is None:
                return None  # a bot seat's turn: wait for its move
            if user.dms_open:
                dms = self.hand_dms(user)
                if not dms or self.log_position(dms[-1]) < self.log_position(latest):
                    return None
            return (user,)

        (user,) = await self.fake.wait_until(ready, timeout, what="a human's turn or the end")
        return user

    # -- moving -------------------------------------------------------------------------

    async def play_by_command(self, user: FakeUser, pick: int = 0) -> InteractionResult:
        """Autocomplete the card, then the spaces for that card, then run the command."""
        choices = await self.fake.autocomplete(
            user, self.channel, "monsterday play", focused="card"
        )
        assert choices, f"no card choices for {user.username} on their turn"
        card = choices[pick % len(choices)]["value"]
        spaces = await self.fake.autocomplete(
            user, self.channel, "monsterday play", focused="space", card=card
        )
        assert spaces, f"no space choices for {card}"
        space = spaces[pick % len(spaces)]["value"]
        move = self._move(user, card, space - 1, "command")
        move.offered_cards = [c["value"] for c in choices]
        move.offered = [(card, int(c["value"]) - 1) for c in spaces]
        command = self.fake.slash(
            user, self.channel, "monsterday play", card=card, space=space, timeout=WAIT
        )
        return await self._commit(move, command)

    async def play_by_button(self, user: FakeUser, pick: int = 0) -> InteractionResult:
        """Tap one of the move buttons of the user's latest hand DM."""
        dm, buttons = self.move_buttons(user)
        assert buttons, f"{user.username}'s latest DM has no move buttons: {dm.text!r}"
        offered = [_move_of(dm, b) for b in buttons]
        custom_id = buttons[pick % len(buttons)]
        card, space = _move_of(dm, custom_id)
        move = self._move(user, card, space, "button")
        move.offered = offered
        result = await self._commit(move, self.fake.click(user, dm, custom_id, timeout=WAIT))
        spent = [c for c in dm.custom_ids if c.startswith("mt:act:")]
        assert not spent, "the spent move buttons were not removed from the DM"
        return result

    def _move(self, user: FakeUser, card: str, space: int, via: str) -> Move:
        index = len(self.table_messages()) - 1
        return Move(self.seat_of(user), user, card, space, via, index, [])

    async def _commit(self, move: Move, action: Any) -> InteractionResult:
        before = len(self.table_messages())
        result: InteractionResult = await replied(self.fake, await action)
        assert_accepted(result)
        self.moves.append(move)
        await self.fake.wait_until(
            lambda: len(self.table_messages()) > before, WAIT, what="the table after a move"
        )
        return result

    async def play(self, user: FakeUser, turn: int) -> InteractionResult:
        """Alternate the two ways to move; vary the choice so many cards and spaces get
        played. A user with closed DMs has no buttons, so they always use the command."""
        if turn % 2 == 0 or not user.dms_open:
            return await self.play_by_command(user, pick=turn * 7 // 2)
        return await self.play_by_button(user, pick=turn * 5 // 2)

    async def history(self, user: FakeUser, table: int | None = None) -> str:
        """``/game history`` (with ``table:`` when given), as the user reads it."""
        result = await self.fake.slash(
            user, self.channel, "game history", table=table, timeout=WAIT
        )
        return assert_private_answer(result)

    # -- checking a finished game against the engine --------------------------------------

    def reconcile(self, rep: Replay, *, resigned: bool = False) -> None:
        """Every table message and hand DM against the replayed game: right hands to the right
        people, no hidden card in public or in the other player's DM, the offered choices
        exactly the legal ones, and the logged moves exactly the ones made. A resignation
        posts one more table message, showing the last state; a move the table made for a
        player (forced, as everyone could see) shows in the message of the move before it."""
        points = publish_points(rep, self.seats)
        tables = self.table_messages()
        assert len(tables) == len(points) + resigned, (len(tables), points)
        for i, message in enumerate(tables):
            k = points[min(i, len(points) - 1)]
            assert_png(message.attachment("board.png").data)
            hidden = [card for hand in rep.hands(k) for card in hand]
            named = leaked(visible_text(message), hidden)
            assert not named, f"table message {k} names hidden cards {named}:\n{message.text}"
        for user in self.humans:
            seat = self.seat_of(user)
            for shown in self.hand_deliveries(user):
                dm = shown.message
                k = points[self.moves_shown_at(shown)]
                hands = rep.hands(k)
                assert self.hand_in(shown) == list(hands[seat]), (user.username, k, dm.text)
                others = [c for s, hand in enumerate(hands) if s != seat for c in hand]
                named = leaked(visible_text(dm), others)
                assert not named, f"{user.username}'s DM names another hand's {named}"
                drawn = _ids(shown.components)
                moves = [_label_of(shown, c) for c in drawn if c.startswith("mt:act:")]
                legal = ENGINE.legal_actions(rep.states[k], seat)
                assert moves == [(a.card, a.space) for a in legal], (user.username, k, moves)
        for move in self.moves:
            j = points[move.index]
            entry = rep.actions[j]
            assert entry == {"seat": move.seat, "action": {"card": move.card, "space": move.space}}
            legal = ENGINE.legal_actions(rep.states[j], move.seat)
            if move.via == "button":
                assert move.offered == [(a.card, a.space) for a in legal]
            else:
                assert sorted(move.offered_cards) == sorted({a.card for a in legal})
                assert sorted(move.offered) == [
                    (a.card, a.space)
                    for a in sorted(legal, key=lambda a: a.space)
                    if a.card == move.card
                ]


def forced_for_people(rep: Replay, seats: Sequence[FakeUser | None]) -> list[int]:
    """The moves the table made for a person (their one move, as everyone could see)."""
    return [
        j
        for j, entry in enumerate(rep.actions)
        if seats[entry["seat"]] is not None
        and ENGINE.forced_action(rep.states[j], entry["seat"]) is not None
    ]


def publish_points(rep: Replay, seats: Sequence[FakeUser | None]) -> list[int]:
    """After how many moves each table message was posted: the start, then each move,
    together with the moves it forced on a person (made in the same commit)."""
    forced = set(forced_for_people(rep, seats))
    points = [0]
    for j in range(len(rep.actions)):
        if j in forced and j > 0:
            points[-1] = j + 1
        else:
            points.append(j + 1)
    return points


def _ids(components: list[dict[str, Any]]) -> list[str]:
    return [c["custom_id"] for c in _components(components) if "custom_id" in c]


def _move_of(message: FakeMessage, custom_id: str) -> tuple[str, int]:
    """(card id, 0-based space) a move button plays, from its label ``<card> → <space>``, as
    the message was first drawn (a used hand DM loses its buttons)."""
    drawn = message.history[0]["components"] if message.history else message.components
    comp = next((c for c in _components(drawn) if c.get("custom_id") == custom_id), None)
    assert comp is not None, custom_id
    return _label_move(str(comp["label"]))


def _label_of(revision: Revision, custom_id: str) -> tuple[str, int]:
    """(card id, 0-based space) a move button of this version of a message plays."""
    comp = next(c for c in _components(revision.components) if c.get("custom_id") == custom_id)
    return _label_move(str(comp["label"]))


def _label_move(label: str) -> tuple[str, int]:
    card_text, _, space = label.rpartition("→")
    return card_of_label(card_text.strip()), int(space.strip()) - 1


def logged_moves(history: str) -> list[str]:
    """The move lines of a /game history reply (``12. alice: {"card":...}``)."""
    return [line for line in history.splitlines() if re.match(r"^\d+\. .*\{\"card\"", line)]


def replay_block(history: str) -> dict[str, Any]:
    """The JSON replay published in the history of a finished game."""
    match = re.search(r"```json\n(.*?)\n```", history, re.S)
    assert match, f"no replay block in the history:\n{history}"
    return json.loads(match.group(1))


@dataclass
class Replay:
    seed: int
    states: list[Any]  # states[k]: the game after k actions
    actions: list[dict[str, Any]]

    @property
    def final(self) -> Any:
        return self.states[-1]

    def hands(self, moves: int) -> tuple[tuple[str, ...], ...]:
        return self.states[moves].hands


def replay(block: dict[str, Any]) -> Replay:
    """Set the game up from the published seed and apply the logged actions."""
    assert block["game"] == "monster_day"
    state = ENGINE.setup(block["players"], block["options"], block["seed"])
    states = [state]
    for entry in block["actions"]:
        state, _ = ENGINE.apply(state, entry["seat"], ENGINE.load_action(entry["action"]))
        states.append(state)
    return Replay(block["seed"], states, block["actions"])


def seed_hash(seed: int) -> str:
    return hashlib.sha256(str(seed).encode()).hexdigest()


def scores_in(text: str) -> list[int]:
    """The scores of an outcome message, in seat order: its ``Scores: alice 3 · bob 2`` line
    (``Punteggi:`` in Italian); each score is the last number of its part, since a name may
    hold digits."""
    match = re.search(r"^(?:Scores|Punteggi): (.*)$", text, re.MULTILINE)
    assert match, f"no scores in {text!r}"
    return [int(re.findall(r"\d+", part)[-1]) for part in match.group(1).split(" · ")]


def hex_hash(text: str) -> str:
    """The full SHA-256 published on a table message."""
    match = re.search(r"\b[0-9a-f]{64}\b", text)
    assert match, f"no SHA-256 in {text!r}"
    return match.group(0)


async def open_game(
    world: World, host: FakeUser, guest: FakeUser | None, level: str | None = None
) -> tuple[InteractionResult, int]:
    """``/game new`` by the host, ``/game join`` by the guest (or ``/game addbot`` when there
    is none, at ``level`` if given), ``/game start``: the start reply and the table id."""
    fake, channel = world.fake, world.channel
    opened = await fake.slash(host, channel, "game new", game="monster_day", timeout=WAIT)
    assert_accepted(opened)
    if guest is None:
        seated = await fake.slash(host, channel, "game addbot", timeout=WAIT, level=level)
    else:
        seated = await fake.slash(guest, channel, "game join", timeout=WAIT)
    assert_accepted(seated)
    started = await fake.slash(host, channel, "game start", timeout=WAIT)
    assert_accepted(started)
    table = await fake.wait_for_message(
        channel, lambda m: any(a.filename == "board.png" for a in m.attachments), timeout=WAIT
    )
    (hand_button,) = [c for c in table.custom_ids if c.startswith("mt:hand:")]
    return started, int(hand_button.rsplit(":", 1)[1])
