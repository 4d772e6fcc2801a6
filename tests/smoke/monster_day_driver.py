"""Playing Monster Day through the fake Discord like two people at a table would.

A :class:`TableDriver` moves the human seats by command and by DM button, reading only what a
Discord user could see; at the end of a game :func:`replay` rebuilds every state from the
published seed and log, and :meth:`TableDriver.reconcile` checks every table message, hand DM
and offered choice against it.
"""

# A `timeout` argument on each wait is the point of this test API (every wait is bounded).
# ruff: noqa: ASYNC109

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import rules
from rules import decktet
from tests.fakediscord import FakeMessage, FakeUser, InteractionResult
from tests.fakediscord.models import Revision
from tests.smoke.bot_process import WAIT, World
from tests.smoke.seen import (
    _components,
    _ids,
    assert_accepted,
    assert_png,
    assert_private_answer,
    replied,
    visible_text,
)
from tests.smoke.table import SeatedTable

ENGINE = rules.GAMES["monster_day"]


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
