"""Playing Notte di Terrore through the fake Discord as its players would.

A :class:`NotteTable` drives the human seats of one table using only what a Discord user can
see: the table messages in the channel (whose first line names who must act), their own hand
DMs (with one-tap move buttons) and their own ephemeral replies and autocomplete lists. Bot
seats move by themselves; a chain of bot moves is published as one table message, so a table
message does not stand for exactly one move here.

Once a game is over, :mod:`tests.smoke.notte_checks` checks what the table showed and offered
against the engine replaying the published log.
"""

# A `timeout` argument on each wait is the point of this test API (every wait is bounded).
# ruff: noqa: ASYNC109

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import rules
from bot.games import PRESENTERS
from bot.i18n import normalise
from bot.payload import MAX_BUTTONS
from tests.fakediscord import FakeMessage, FakeUser, InteractionResult
from tests.fakediscord.models import Revision
from tests.smoke.bot_process import WAIT
from tests.smoke.seen import (
    assert_accepted,
    assert_png,
    assert_private_answer,
    replied,
    scores_in,
    visible_text,
)
from tests.smoke.table import SeatedTable

GAME = "notte_di_terrore"
ENGINE = rules.GAMES[GAME]
PRESENTER = PRESENTERS[GAME]
PLACING = ("place_being", "place_event", "summon")

# What a player reads on a move button: its first symbol says what kind of move it is.
BUTTON_KINDS: dict[str, str] = {
    "🃏": "choose_split",
    "✋": "pass",
    "📕": "summon",
    "📜": "place_event",
    "🔄": "swap_weapon",
    "⚔️": "attack",
    "🏃": "flee",
    "✅": "end_resolution",
    "🗑️": "discard",
    "🂠": "refill",
    "🗡️": "arrange_weapons",
}
"""Any other label (it starts with a Being's type emoji) places a Being."""


def button_kind(label: str) -> str:
    """The kind of move a button makes, read from its label as a player would."""
    return next(
        (kind for emoji, kind in BUTTON_KINDS.items() if label.startswith(emoji)), "place_being"
    )


def first_line(message: FakeMessage | Revision) -> str:
    return message.content.splitlines()[0] if message.content else ""


def is_finished(message: FakeMessage | Revision) -> bool:
    """A finished table has no "My hand" button any more."""
    return not any(c.startswith("mt:hand:") for c in message.custom_ids)


def hand_lines_of(message: FakeMessage) -> list[str]:
    """The lines of a hand DM that list cards in the hand (the Beings and the Events): the
    ``•`` lines before the third section header (the Weapons, which are public)."""
    (embed,) = message.embeds
    lines: list[str] = []
    headers = 0
    for line in (embed.get("description") or "").splitlines():
        if line.startswith("**"):
            headers += 1
        elif headers < 3 and line.startswith("• "):
            lines.append(line)
    return lines


def drawn_components(message: FakeMessage) -> list[dict[str, Any]]:
    """The components as the message was first sent (a used hand DM loses its buttons)."""
    return message.history[0]["components"] if message.history else message.components


def move_buttons(message: FakeMessage | Revision, *, drawn: bool = False) -> list[tuple[str, str]]:
    """(custom_id, label) of each move button on a message (or one version of it), now or
    as first drawn."""
    components = (
        drawn_components(message)
        if drawn and isinstance(message, FakeMessage)
        else message.components
    )
    return [
        (str(c["custom_id"]), str(c.get("label", "")))
        for c in _walk(components)
        if str(c.get("custom_id", "")).startswith("mt:act:")
    ]


def _walk(components: list[dict[str, Any]]) -> Iterable[dict[str, Any]]:
    for comp in components:
        yield comp
        yield from _walk(comp.get("components", []))


def button_ref(custom_id: str) -> tuple[str, int]:
    """(digest, index) of a move button ``mt:act:<game>:<digest>:<index>``."""
    _, _, _, digest, index = custom_id.split(":")
    return digest, int(index)


# ----- a move ------------------------------------------------------------------------------------


@dataclass
class HumanMove:
    """A move a human made, and what Discord offered them for it."""

    user: FakeUser
    seat: int
    via: str  # "button" or "command"
    kind: str  # the engine action type the player meant
    renderings: int  # how many renderings of the table there were when the move was made
    custom_id: str | None = None  # the button tapped
    label: str | None = None
    given: dict[str, Any] = field(default_factory=dict)  # the command's option values
    offered: dict[str, list[Any]] = field(default_factory=dict)  # autocomplete: option -> values


# ----- the table ---------------------------------------------------------------------------------


@dataclass
class NotteTable(SeatedTable):
    """Plays one Notte di Terrore table through Discord, as its human players would."""

    bot_names: list[str] = field(default_factory=list)
    table_id: int = 0
    moves: list[HumanMove] = field(default_factory=list)
    tally: Counter[tuple[int, str]] = field(default_factory=Counter)
    used_hands: set[int] = field(default_factory=set)
    """Hands shown by DM (their :class:`Revision` ``seq``) whose decision a move already
    answered: the next move waits for a new one (a new DM, or the tapped one updated)."""

    def names(self) -> list[str]:
        """Seat names as the bot knows them: display names, and the bots' own names."""
        bots = iter(self.bot_names)
        return [u.username if u is not None else next(bots) for u in self.seats]

    # -- opening ------------------------------------------------------------------------

    async def open(self, host: FakeUser, **options: Any) -> FakeMessage:
        """``/game new`` by the host, ``/game join`` by the other humans in seat order,
        ``/game addbot`` for each bot seat, ``/game start``: the first table message."""
        assert self.seats[0] is host
        fake, channel = self.fake, self.channel
        # options={...}: the command has an option named "options", as slash() has a keyword
        given = {"game": GAME, **options}
        opened = await fake.slash(host, channel, "game new", timeout=WAIT, options=given)
        assert_accepted(opened)
        for user in self.seats[1:]:
            if user is None:
                seated = await fake.slash(host, channel, "game addbot", timeout=WAIT)
            else:
                seated = await fake.slash(user, channel, "game join", timeout=WAIT)
            assert_accepted(seated)
        assert_accepted(await fake.slash(host, channel, "game start", timeout=WAIT))
        lobby = await fake.wait_for_message(channel, lambda m: bool(m.embeds), timeout=WAIT)
        players = next(f["value"] for f in lobby.embeds[0]["fields"])
        self.bot_names = re.findall(r"\*\*(🤖 .+?)\*\*", players)
        assert len(self.bot_names) == self.seats.count(None), players
        table = await fake.wait_for_message(
            channel, lambda m: any(a.filename == "board.png" for a in m.attachments), timeout=WAIT
        )
        (hand_button,) = [c for c in table.custom_ids if c.startswith("mt:hand:")]
        self.table_id = int(hand_button.rsplit(":", 1)[1])
        return table

    # -- reading ------------------------------------------------------------------------

    def renderings(self) -> list[Revision]:
        """Every version of the table the channel showed, in order: each table message as
        posted and then as edited (within a turn the bot edits its latest table message
        instead of posting a new one)."""
        return self.fake.revisions_of(self.table_messages())

    def seq_of(self, message: FakeMessage) -> int:
        """When a message was first shown, on the fake's clock of versions."""
        return next(r.seq for r in self.fake.revisions if r.message.id == message.id)

    def latest_dm(self, user: FakeUser) -> FakeMessage | None:
        dms = self.hand_dms(user)
        return dms[-1] if dms else None

    def latest_hand(self, user: FakeUser) -> Revision | None:
        """The newest hand shown to the user by DM (see :meth:`hand_deliveries`)."""
        shown = self.hand_deliveries(user)
        return shown[-1] if shown else None

    def named(self, message: FakeMessage | Revision) -> list[FakeUser]:
        """The humans the first line of a table message asks to act, in seat order."""
        line = first_line(message)
        return [u for u in self.humans if u.mention in line]

    def names_a_bot(self, message: FakeMessage | Revision) -> bool:
        line = first_line(message)
        return any(f"**{name}**" in line for name in self.bot_names)

    # -- waiting ------------------------------------------------------------------------

    async def next_actor(self, *, timeout: float = WAIT) -> FakeUser | None:
        """Wait until only humans must act (bot seats move by themselves meanwhile) and the
        first of them has the DM for it, or until the game is over (None).

        A human is named by every rendering of the table while they must act; the DM with
        their moves comes right after the first of those renderings, and it is a DM no move
        of theirs has answered yet (it is not sent again while their choices stay the same,
        e.g. while the others choose their hands)."""

        def ready() -> tuple[FakeUser | None] | None:
            shown = self.renderings()
            if not shown:
                return None
            latest = shown[-1]
            if is_finished(latest):
                return (None,)
            named = self.named(latest)
            if not named or self.names_a_bot(latest):
                return None  # a bot's move is due: wait for the bots' table message
            user = named[0]
            start = len(shown) - 1
            while start > 0 and user in self.named(shown[start - 1]):
                start -= 1
            hand = self.latest_hand(user)
            if hand is None or hand.seq in self.used_hands or hand.seq < shown[start].seq:
                return None
            return (user,)

        (user,) = await self.fake.wait_until(ready, timeout, what="a human's move or the end")
        return user

    # -- moving -------------------------------------------------------------------------

    async def play_turn(self, user: FakeUser) -> HumanMove:
        """One move for ``user``, chosen from their latest hand DM's buttons as a player
        would: pass in the Apparition (now and then placing a card with ``/terror place``),
        attack when they can, else flee, else end the fight; refill, arrange. Commands and
        buttons alternate so both paths are used for most kinds of move."""
        hand = self.latest_hand(user)
        assert hand is not None
        dm = hand.message
        self.used_hands.add(hand.seq)
        buttons = move_buttons(dm)
        assert buttons, f"{user.username} is named on the table but their DM has no moves"
        kinds: dict[str, list[tuple[str, str]]] = {}
        for custom_id, label in buttons:
            kinds.setdefault(button_kind(label), []).append((custom_id, label))
        seat = self.seat_of(user)

        def turn(kind: str) -> int:
            self.tally[(seat, kind)] += 1
            return self.tally[(seat, kind)]

        if "choose_split" in kinds:
            options = kinds["choose_split"]
            if seat % 2 == 1:
                return await self.by_number(user, "split", pick=seat + 2)
            return await self.tap(user, dm, options[(seat + 3) % len(options)])
        if "pass" in kinds:
            n = turn("apparition")
            prey = self.prey(user, dm, kinds.get("place_being", []))
            if prey is not None:
                self.tally[(seat, "prey placed")] += 1
                return await self.tap(user, dm, prey)
            if n % 4 == 2:
                move = await self.place(user, pick=n)
                if move is not None:
                    return move
            if n % 5 == 3:
                return await self.by_command(user, "pass", "pass")
            return await self.tap(user, dm, kinds["pass"][0])
        if "attack" in kinds:
            n = turn("attack")
            if n % 2 == 1:
                return await self.attack(user)
            return await self.tap(user, dm, kinds["attack"][n % len(kinds["attack"])])
        if "swap_weapon" in kinds and turn("swap") == 2:
            return await self.by_card(user, "swap", "weapon", "swap_weapon")
        if "flee" in kinds:
            if turn("flee") % 3 == 2:
                return await self.by_command(user, "flee", "flee")
            return await self.tap(user, dm, kinds["flee"][0])
        if "end_resolution" in kinds:
            if turn("end") % 3 == 2:
                return await self.by_command(user, "end", "end_resolution")
            return await self.tap(user, dm, kinds["end_resolution"][0])
        if "refill" in kinds:
            n = turn("discard phase")
            if "discard" in kinds and n % 4 == 2 and self.tally[(seat, "discarded")] < 2:
                self.tally[(seat, "discarded")] += 1
                return await self.by_card(user, "discard", "card", "discard")
            if n % 3 == 2:
                return await self.by_number(user, "refill", pick=n)
            options = kinds["refill"]
            return await self.tap(user, dm, options[len(options) // 2])
        if "arrange_weapons" in kinds:
            options = kinds["arrange_weapons"]
            n = turn("arrange")
            if n % 3 == 2:
                return await self.arrange(user)
            return await self.tap(user, dm, options[n % len(options)])
        raise AssertionError(f"{user.username}: no move I know how to make in {buttons}")

    def prey(
        self, user: FakeUser, dm: FakeMessage, placements: list[tuple[str, str]]
    ) -> tuple[str, str] | None:
        """On their own Place (the table marks whose Place is in play with ▶️), a player
        who acts last places a Being one of their Weapons kills, to kill it in the fight
        (that lowers their Terror): the button of such a Being, once per turn."""
        seat = self.seat_of(user)
        summary = self.latest_table().embeds[0]["fields"][0]["value"]
        mine = f"▶️ **{user.username}**"
        if not any(line.startswith(mine) for line in summary.splitlines()):
            self.tally[(seat, "prey turn")] = 0
            return None
        if self.tally[(seat, "prey turn")]:
            return None
        self.tally[(seat, "prey turn")] = 1
        kills = set()
        for line in (dm.embeds[0].get("description") or "").splitlines():
            if line.startswith("• 🗡️ ") and ": " in line:
                kills |= set(line.split(": ", 1)[1].split(" · ")[0].split())
        return next((b for b in placements if b[1].split(" ")[0] in kills), None)

    def _move(self, user: FakeUser, via: str, kind: str) -> HumanMove:
        return HumanMove(user, self.seat_of(user), via, kind, len(self.renderings()))

    async def tap(self, user: FakeUser, dm: FakeMessage, button: tuple[str, str]) -> HumanMove:
        """Tap a move button of a hand DM; the DM is updated in the answer: the mover's new
        hand (with new buttons if they must act again), or the same without its spent ones."""
        custom_id, label = button
        move = self._move(user, "button", button_kind(label))
        move.custom_id, move.label = custom_id, label
        shown = self.fake.revisions_of([dm])[-1].seq
        await self._commit(move, self.fake.click(user, dm, custom_id, timeout=WAIT))
        assert self.fake.revisions_of([dm])[-1].seq > shown, "the tapped DM was not updated"
        return move

    async def by_command(self, user: FakeUser, command: str, kind: str, **given: Any) -> HumanMove:
        move = self._move(user, "command", kind)
        move.given = dict(given)
        slash = self.fake.slash(user, self.channel, f"terror {command}", timeout=WAIT, **given)
        await self._commit(move, slash)
        return move

    async def choices(self, user: FakeUser, command: str, focused: str, **given: Any) -> list[Any]:
        """The values autocomplete offers for ``focused``."""
        return [c["value"] for c in await self.suggested(user, command, focused, **given)]

    async def suggested(
        self, user: FakeUser, command: str, focused: str, **given: Any
    ) -> list[dict[str, Any]]:
        """What autocomplete shows for ``focused`` (checked to be ≤ 25, each with a name)."""
        offered = await self.fake.autocomplete(
            user, self.channel, f"terror {command}", focused=focused, timeout=WAIT, **given
        )
        assert len(offered) <= MAX_BUTTONS, offered
        assert all(str(c["name"]).strip() for c in offered), offered
        return offered

    async def by_number(self, user: FakeUser, command: str, *, pick: int) -> HumanMove:
        """``/terror split events`` or ``/terror refill events``, the number picked from
        autocomplete."""
        kind = "choose_split" if command == "split" else "refill"
        values = await self.choices(user, command, "events")
        assert values, f"/terror {command}: nothing offered to {user.username}"
        events = values[pick % len(values)]
        move = await self.by_command(user, command, kind, events=events)
        move.offered = {"events": values}
        return move

    async def by_card(self, user: FakeUser, command: str, option: str, kind: str) -> HumanMove:
        """A one-card command (``/terror swap weapon``, ``/terror discard card``), the card
        picked from autocomplete."""
        values = await self.choices(user, command, option)
        assert values, f"/terror {command}: nothing offered to {user.username}"
        move = await self.by_command(user, command, kind, **{option: values[-1]})
        move.offered = {option: values}
        return move

    async def place(self, user: FakeUser, *, pick: int) -> HumanMove | None:
        """``/terror place card [target]`` with both picked from autocomplete (an Event goes
        on a Being, so it comes with a target); None when nothing can be placed."""
        offered = await self.suggested(user, "place", "card")
        if not offered:
            return None
        cards = [c["value"] for c in offered]
        # Events (📜) are named as such: every other time, one goes on a Being when it can.
        events = [c["value"] for c in offered if str(c["name"]).startswith(("📜", "📕"))]
        card = events[0] if events and pick % 2 == 0 else cards[pick % len(cards)]
        targets = await self.choices(user, "place", "target", card=card)
        given = {"card": card} | ({"target": targets[0]} if targets else {})
        move = await self.by_command(user, "place", "place", **given)
        move.offered = {"card": cards, "target": targets}
        return move

    async def attack(self, user: FakeUser) -> HumanMove:
        """``/terror attack target weapon [weapon2]`` from autocomplete: a second Weapon only
        when the first one is offered a partner (then the pair is a combination)."""
        targets = await self.choices(user, "attack", "target")
        assert targets, f"{user.username} was offered an attack button but no target"
        target = targets[0]
        weapons = await self.choices(user, "attack", "weapon", target=target)
        assert weapons, f"no weapon offered against {target}"
        weapon = weapons[0]
        partners = await self.choices(user, "attack", "weapon2", target=target, weapon=weapon)
        given = {"target": target, "weapon": weapon}
        if partners:
            given["weapon2"] = partners[0]
        move = await self.by_command(user, "attack", "attack", **given)
        move.offered = {"target": targets, "weapon": weapons, "weapon2": partners}
        return move

    async def arrange(self, user: FakeUser) -> HumanMove:
        kept = await self.choices(user, "arrange", "keep")
        assert kept, f"{user.username} may arrange but autocomplete offers no Weapon"
        partners = await self.choices(user, "arrange", "keep2", keep=kept[-1])
        assert partners, f"no second Weapon offered with {kept[-1]}"
        move = await self.by_command(
            user, "arrange", "arrange_weapons", keep=kept[-1], keep2=partners[0]
        )
        move.offered = {"keep": kept, "keep2": partners}
        return move

    async def _commit(self, move: HumanMove, action: Any) -> InteractionResult:
        """Make the move; it is accepted and the table shows it (a new table message, or the
        latest one edited)."""
        before = len(self.renderings())
        result: InteractionResult = await replied(self.fake, await action)
        assert_accepted(result)
        self.moves.append(move)
        await self.fake.wait_until(
            lambda: len(self.renderings()) > before, WAIT, what="the table to show the move"
        )
        return result

    # -- while playing: what each person sees ------------------------------------------

    def assert_hands_private(self) -> None:
        """The exact card lines of each player's latest hand DM appear nowhere in the channel
        and, in another player's DM, only as that player's own card lines (two hands may hold
        copies of one card)."""
        channel_lines = {
            line for m in self.fake.messages(self.channel) for line in visible_text(m).splitlines()
        }
        latest = {u.id: dm for u in self.humans if (dm := self.latest_dm(u)) is not None}
        for owner in self.humans:
            if owner.id not in latest:
                continue
            secret = set(hand_lines_of(latest[owner.id]))
            shown = secret & channel_lines
            assert not shown, f"the channel shows {owner.username}'s hand lines {shown}"
            for other in self.humans:
                if other is owner:
                    continue
                for dm in self.hand_dms(other):
                    own = set(hand_lines_of(dm))
                    lines = set(visible_text(dm).splitlines()) - own
                    assert not secret & lines, (owner.username, other.username, secret & lines)

    async def check_my_hand_button(self, user: FakeUser) -> None:
        """ "My hand" on the table message shows the clicker's hand to them alone, as their
        latest DM does."""
        public_before = len(self.fake.messages(self.channel))
        table = self.latest_table()
        (button,) = [c for c in table.custom_ids if c.startswith("mt:hand:")]
        shown = await self.fake.click(user, table, button, timeout=WAIT)
        assert_accepted(shown)
        reply = shown.original
        assert reply is not None and reply.ephemeral
        assert_png(reply.attachment("hand.png").data)
        assert self.latest_dm(user) is not None
        # The reply speaks the clicker's language, the DM the table's (the server's): compared
        # word for word when they are one language. The tap reads the table as it is now; the
        # DM of a change just committed may still be on its way (the courier), so it is
        # waited for, never assumed.
        if normalise(user.locale) == normalise(self.world.guild.preferred_locale):
            shown_text = reply.embeds[0]["description"]

            def dm_text() -> str:
                latest = self.latest_dm(user)
                return latest.embeds[0]["description"] if latest is not None else ""

            await self.fake.wait_until(
                lambda: dm_text() == shown_text, WAIT, what=f"{user.username}'s DM to match"
            )
        assert len(self.fake.messages(self.channel)) == public_before

    async def history(self, user: FakeUser) -> str:
        """``/game history table:<id>`` as the user reads it (a long log comes as a file)."""
        result = await self.fake.slash(
            user, self.channel, "game history", table=self.table_id, timeout=WAIT
        )
        return assert_private_answer(result)


__all__ = [
    "ENGINE",
    "GAME",
    "HumanMove",
    "NotteTable",
    "button_kind",
    "first_line",
    "hand_lines_of",
    "is_finished",
    "scores_in",
]
