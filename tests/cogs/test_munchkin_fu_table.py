"""Munchkin Fu played through Discord (simcord), to its end: a table of three people in which
a fight gets help for a bribe, someone who is not fighting plays a card into the window, and a
window runs out (the silent players pass and the table says so); a table of six, three people
and three bots, where fights, help, bribes and interference happen by themselves.

People decide as the engine's bot would, except where the test steers them to the moment it
needs (the fighter asks a named player for help with a treasure, that player accepts; a
player holding a fight card plays it in the window), and make every move as a person does: a
DM button when the move has one, else ``/game move`` with the name autocomplete offers. After
every move each message the channel or a DM gained or changed is read for the names of cards
hidden in another seat's hand (the engine's views say who holds what). The test never calls
the table service to move.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from simcord.results import to_discord_message

import rules
from bot.clock import WINDOW, Clock
from bot.games import PRESENTERS
from bot.store import ACTIVE, FINISHED, GameRecord
from rules.munchkin_fu.content import DECK
from rules.munchkin_fu.model import Accept, Action, OfferHelp, Play, State
from tests.cogs.helpers import (
    World,
    button_for,
    drawn_once,
    followup_text,
    make_world,
    private,
    start_table,
    stored_messages,
    text_of,
)

GAME = "munchkin_fu"
ENGINE = rules.GAMES[GAME]
PRESENTER = PRESENTERS[GAME]
pytestmark = pytest.mark.simcord(settle_timeout=30)


class Now:
    """The table service's clock, moved by hand (no test sleeps)."""

    def __init__(self, t: float) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


async def open_mf(
    world: World, guests: list[Any], bots: int = 0, seed: int = 11, **options: Any
) -> GameRecord:
    """Open, fill and start a table of this game (see :func:`start_table`)."""
    return await start_table(world, GAME, guests, bots, seed, **options)


# --- what nobody may read -----------------------------------------------------------------------


def _name(state: State, cid: str) -> str:
    return str(ENGINE.view(state, None)["cards"].get(cid, {}).get("names", {}).get("en", ""))


def card_names(cids: list[str] | set[str]) -> set[str]:
    return {DECK.cards[cid].names["en"] for cid in cids}


def named_in(value: Any) -> set[str]:
    """Every card id a public event names (``"give:d001:2"`` holds one too)."""
    if isinstance(value, str):
        return {part for part in value.split(":") if part in DECK.cards}
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return set().union(*(named_in(v) for v in value)) if value else set()
    return set()


def public_cards(state: State) -> set[str]:
    """The cards everyone sees: what is in play, the fight, the corpse, the discard piles and
    the cards everyone saw arrive in a hand."""
    found = {*state.door_discard, *state.treasure_discard, *state.corpse}
    for p in state.players:
        found |= {*p.classes, *p.styles, *p.super_munchkin, *p.extra_styles, *p.items}
        found |= {*p.curses, *p.shown, *(c for mook in p.mooks for c in (mook[0], *mook[1]))}
    if state.fight is not None:
        found |= {c for m in state.fight.monsters for c in (m.card, *m.enhancers, *m.items)}
        found |= set(state.fight.loot)
    return found


def secrets(state: State, reader: int | None) -> set[str]:
    """Names of cards hidden in a hand other than ``reader``'s (None: the channel), unless a
    card of that name is in sight anyway (a copy in play, in the reader's hand, discarded)."""
    hidden = {c for s, p in enumerate(state.players) if s != reader for c in p.hand}
    seen = public_cards(state) | set(state.players[reader].hand if reader is not None else ())
    return card_names(hidden - seen) - card_names(seen)


NAMES = {card.names["en"] for card in DECK.cards.values()}


def mentions(text: str, name: str) -> bool:
    """``name`` appears in ``text`` other than inside a longer card name ("Stunt Double" in
    "Spare Stunt Double")."""
    for longer in NAMES:
        if name in longer and name != longer:
            text = text.replace(longer, "")
    return name in text


@dataclass
class Watch:
    """Every message the channel and each person's DMs hold, as last read: a message new or
    edited since is read again for hidden names."""

    world: World
    people: dict[int, Any]  # seat -> actor
    seen: dict[int, str] = field(default_factory=dict)
    read: int = 0
    before: dict[int | None, set[str]] | None = None
    """The secrets of the last check, by reader."""
    said: list[set[str]] = field(default_factory=list)
    """The card names public events said, one set per check."""
    first: dict[int, int] = field(default_factory=dict)
    """Message id -> the check that first read it."""
    drawn: dict[int, tuple[Any, ...]] = field(default_factory=dict)
    """Message id -> what it showed when last read (content, embeds, components)."""

    def unread(self, channel: Any) -> list[discord.Message]:
        """Messages new since the last check, and those of the newest few (the ones still
        edited) that an edit changed since. Why not all of the newest: building a message
        copies its payload, and a whole game's checks built ~7,700 (8 % of the test's time).
        An edit gives the stored message new embed and component lists, so an unchanged one
        still holds the very lists it was read with."""
        stored = stored_messages(channel)
        ids = sorted(stored)
        new = [i for i in ids[:-6] if i not in self.first]
        changed = []
        for i in new + ids[-6:]:
            message = stored[i]
            shown = (message.content, message.embeds, message.components)
            if self.drawn.get(i) == shown:
                continue
            self.drawn[i] = shown
            changed.append(to_discord_message(channel._env, message))
        return changed

    def check(self, state: State, events: list[dict[str, Any]]) -> None:
        """A message may have been built from any version since the last check: a name is a
        secret when it was hidden from the reader both then and now, and no public event
        the message may narrate (since the check before it appeared) named a card of that
        name (another copy, played or discarded)."""
        now = {reader: secrets(state, reader) for reader in (None, *self.people)}
        previous, self.before = self.before or now, now
        self.said.append(card_names(named_in(events)))
        places: list[tuple[int | None, Any]] = [(None, self.world.channel)]
        places += [(seat, actor.user.dm_channel) for seat, actor in self.people.items()]
        for reader, channel in places:
            forbidden = now[reader] & previous[reader]
            for message in self.unread(channel):
                text = text_of(message)
                if self.seen.get(message.id) == text:
                    continue
                self.seen[message.id] = text
                self.read += 1
                since = self.first.setdefault(message.id, len(self.said) - 1)
                said = set().union(*self.said[max(0, since - 1) :])
                leaked = [name for name in forbidden - said if mentions(text, name)]
                assert not leaked, (reader, leaked, text)


# --- choosing and making moves ------------------------------------------------------------------


@dataclass
class Plan:
    """The moments a game must see, steered once each (``steer``), and what the announced
    events say happened (``count``)."""

    bribe: bool = False
    helper: int = -1
    interfere: bool = False
    fighter: int = -1
    events: Counter[str] = field(default_factory=Counter)

    def count(self, events: list[dict[str, Any]]) -> None:
        """Fights, accepted help, bribes (an accepted offer with treasure or an item) and
        interference (a card played into a fight by someone who is not fighting)."""
        for event in events:
            kind = event["type"]
            self.events[kind] += 1
            if kind == "fight_started":
                self.fighter = event["seat"]
            elif kind == "help_answered" and event.get("answer") == "accept":
                self.events["help"] += 1
                self.events["bribe"] += bool(event.get("treasures") or event.get("items"))
            elif kind == "card_played" and event["seat"] != self.fighter:
                into_fight = {"monster", "side", "monster_card"} & set(event)
                self.events["interference"] += bool(into_fight)
            elif kind == "fight_ended":
                self.fighter = -1


def fight_card(state: State, seat: int) -> Action | None:
    """A card ``seat`` may play from its hand into the open fight (interference)."""
    hand = set(state.players[seat].hand)
    for action in ENGINE.legal_actions(state, seat):
        if (
            isinstance(action, Play)
            and action.card in hand
            and (action.monster >= 0 or action.side)
        ):
            return action
    return None


def steer(state: State, seat: int, plan: Plan) -> tuple[Action, bool]:
    """The move ``seat`` makes, and whether to type it: the bot's, unless it is a moment the
    plan still needs: the fighter asks a named player for help for a treasure (typed: an
    offer in full is a ``/game move``), that player accepts; someone not fighting plays a
    card into the window."""
    fight = state.fight
    legal = ENGINE.legal_actions(state, seat)
    if fight is not None and not plan.bribe and fight.stage == "fight" and seat == fight.fighter:
        bribes = [a for a in legal if isinstance(a, OfferHelp) and a.treasures == 1 and not a.items]
        if bribes:
            plan.bribe, plan.helper = True, bribes[-1].target
            return bribes[-1], True
    if seat == plan.helper:
        accept = next((a for a in legal if isinstance(a, Accept)), None)
        if accept is not None:
            plan.helper = -1
            return accept, False
    if fight is not None and fight.stage == "window" and not plan.interfere:
        played = fight_card(state, seat) if seat != fight.fighter else None
        if played is not None:
            plan.interfere = True
            return played, False
    return ENGINE.bot_action(state, seat), False


async def make_move(
    world: World, record: GameRecord, seat: int, action: Action, typed: bool = False
) -> str:
    """``seat`` makes ``action`` by DM button when its DM has one (unless ``typed``), else by
    ``/game move`` with the name autocomplete offers. Returns how it moved."""
    actor = world.actor_for(record.seats[seat].user_id)
    state = world.bot.tables.state(record)
    dumped = ENGINE.dump_action(action)
    legal = [ENGINE.dump_action(a) for a in ENGINE.legal_actions(state, seat)]
    button = None if typed else button_for(actor, legal.index(dumped))
    if button is not None:
        message, custom_id = button
        result = await actor.user.click(message, custom_id=custom_id)
        how = "button"
    else:
        name = PRESENTER.action_label(world.bot.tables.view(record, seat), dumped, "en")
        offered = await actor.autocomplete(world.channel, "game move", "move", name)
        found = [c for c in offered if c["name"] == name]
        assert len(found) == 1, (name, [c["name"] for c in offered])
        choice = found[0]
        result = await actor.slash(world.channel, "game move", move=choice["value"])
        how = "command"
    assert private(result) and "Done" in followup_text(result), followup_text(result)
    return how


async def time_out(world: World, now: Now, record: GameRecord) -> GameRecord:
    """Let the open window's time run out, as the scheduler's tick finds it."""
    due = [d.due for d in Clock.load(record.clock).deadlines if d.kind == WINDOW]
    assert due, "no window deadline is running"
    now.t = max(due)
    assert await world.bot.scheduler.tick() == [record.id]
    await world.bot.scheduler.wait_idle()
    await world.bot.courier.wait_idle()
    return await world.record()


@dataclass
class Game:
    """A table being played to its end by its people, watched and counted."""

    world: World
    record: GameRecord
    plan: Plan = field(default_factory=Plan)
    ways: Counter[str] = field(default_factory=Counter)
    turns: Counter[tuple[int, int, bool]] = field(default_factory=Counter)
    """Moves people made, by round, the turn's seat and whether it was theirs."""

    def __post_init__(self) -> None:
        people = {s: self.world.actor_for(i.user_id) for s, i in enumerate(self.record.seats)}
        self.watch = Watch(
            self.world, {s: a for s, a in people.items() if not self.record.seats[s].is_bot}
        )
        self.version = self.record.version

    def people_pending(self) -> list[int]:
        pending = self.world.bot.tables.pending(self.record)
        return [s for s in pending if not self.record.seats[s].is_bot]

    async def move(self) -> None:
        """The first person the table waits for makes their move."""
        state = self.world.bot.tables.state(self.record)
        seat = self.people_pending()[0]
        action, typed = steer(state, seat, self.plan)
        typed = typed or sum(self.ways.values()) % 15 == 14
        self.ways[await make_move(self.world, self.record, seat, action, typed)] += 1
        self.turns[(state.round, state.turn, seat == state.turn)] += 1
        await self.world.bot.scheduler.wait_idle()
        await self.settled(await self.world.record())

    async def settled(self, record: GameRecord) -> None:
        """Count what was announced since the last look and read what changed."""
        store = self.world.bot.store
        events = []
        for told in await store.announced_between(record.id, self.version + 1, record.version):
            events += told.events
        self.plan.count(events)
        self.record, self.version = record, record.version
        await self.world.bot.courier.wait_idle()
        self.watch.check(self.world.bot.tables.state(record), events)


# --- tests ---------------------------------------------------------------------------------------


async def test_three_people_play_a_whole_game_with_help_a_bribe_interference_and_a_timeout(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = make_world(simcord_env)
    cy = world.add_player("cy")
    now = Now(world.bot.tables.clock())
    world.bot.tables.clock = now
    game = Game(world, await open_mf(world, [world.bob, cy], seed=17))
    drawn_once(monkeypatch)
    timed_out = 0
    while game.record.status == ACTIVE:
        fight = world.bot.tables.state(game.record).fight
        if game.plan.interfere and not timed_out and fight and fight.stage == "window":
            silent = len(world.bot.tables.pending(game.record))
            await game.settled(await time_out(world, now, game.record))
            timed_out = silent
            assert text_of(world.channel.history()[-1]).count("did not answer in time") == silent
        else:
            await game.move()
        assert sum(game.ways.values()) < 2_000, "the game did not end"
    assert game.record.status == FINISHED and timed_out
    events = game.plan.events
    assert events["window_closed"] == timed_out
    assert events["help"] and events["bribe"] and events["interference"], events
    assert game.ways["command"] and game.ways["button"]
    channel = world.channel.history()
    assert len(channel) <= events["turn_started"] + 3  # one table message a turn
    dms = {seat: len(a.user.dm_channel.history()) for seat, a in game.watch.people.items()}
    turns = {key[:2] for key in game.turns}
    own = sum(n for key, n in game.turns.items() if key[2]) / len(turns)
    others = sum(n for key, n in game.turns.items() if not key[2]) / len(turns)
    print(  # the measure the lead reports (pytest -s)
        f"\n3 people: {len(channel)} channel messages, DMs {dms}, {game.ways}, {len(turns)} "
        f"turns, taps a turn: {own:.1f} by its player, {others:.1f} by the others"
    )


async def test_six_seats_people_and_bots_play_a_whole_game(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three people and three bots: fights, help, bribes and interference happen (the bots
    ask for help and accept what pays; the people are steered once to each). Seed 47 plays
    a game of 244 moves, 118 by people, with 13 fights, 9 bribed helps and 3 interferences:
    of the seeds 0-59 with at least three of each, the fewest moves by people (seed 24's
    game took 617 moves, 326 by people, and ~35 s: the slowest cog test)."""
    world = make_world(simcord_env)
    cy = world.add_player("cy")
    game = Game(world, await open_mf(world, [world.bob, cy], bots=3, seed=47))
    assert [s.is_bot for s in game.record.seats] == [False] * 3 + [True] * 3
    drawn_once(monkeypatch)
    while game.record.status == ACTIVE:
        assert game.people_pending(), "the bots left a move undone"
        await game.move()
        assert sum(game.ways.values()) < 2_000, "the game did not end"
    assert game.record.status == FINISHED
    events = game.plan.events
    assert events["fight_started"] and events["help"] and events["bribe"], events
    assert events["interference"], events
    print(f"\n6 seats: {sum(game.ways.values())} moves by people, {dict(events)}")
