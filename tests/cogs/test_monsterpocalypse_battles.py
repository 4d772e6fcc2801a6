"""Monsterpocalypse battles played through Discord (simcord) to their end: two people on
``harbour`` (the map chosen in the setup), one person against the bot seat on ``downtown``,
and a restart in the middle of an activation, after a move and before the attack.

People decide as the engine's bot would (the map is steered to the one the test needs) and
make every move as a person does: attacks by ``/mp attack`` (the preview, then its Confirm
button), moves, runs, spawns and placements by their ``/mp`` command with each value picked
from its autocomplete, the other taps (activations, power-up, hyper, ending) by their DM
button, else by ``/game move``. The test never calls the table service to move.

The counts the lead reports (``pytest -s``): channel messages per game and per activation,
DMs per game, and taps per activation.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

import rules
from bot.components import choices_digest
from bot.config import Settings
from bot.store import ACTIVE, FINISHED, GameRecord
from cogs.monsterpocalypse import command_for
from tests.cogs.helpers import (
    World,
    assert_png,
    button_for,
    drawn_once,
    first_move_button,
    followup_text,
    make_world,
    private,
    recent,
    replies,
    restarted,
    start_table,
    stored_messages,
    text_of,
)

GAME = "monsterpocalypse"
ENGINE = rules.GAMES[GAME]
COMMANDS = ("move", "run", "spawn", "place_monster", "place_building")
PLAIN_OPTIONS = ("power",)
MOVE_LIMIT = 400
"""A battle of 12 rounds is about 110 moves; more means it is not ending."""
pytestmark = pytest.mark.simcord(settle_timeout=30)


def stored_count(channel: Any) -> int:
    """How many messages everyone sees in ``channel`` (ephemeral answers to one person not
    counted; ``history()`` would build every message)."""
    return sum(not m.is_ephemeral for m in stored_messages(channel).values())


def legal(world: World, record: GameRecord, seat: int) -> list[dict[str, Any]]:
    state = world.bot.tables.state(record)
    return [ENGINE.dump_action(a) for a in ENGINE.legal_actions(state, seat)]


def choice_of(world: World, record: GameRecord, seat: int, map_id: str) -> dict[str, Any]:
    """The engine bot's move, except that whoever chooses the map chooses ``map_id``."""
    state = world.bot.tables.state(record)
    picked = dict(ENGINE.dump_action(ENGINE.bot_action(state, seat)))
    if picked["type"] == "choose_map":
        picked = {"type": "choose_map", "map": map_id}
    return picked


def one_message_per_activation(battle: Battle) -> bool:
    """The battle's table messages after the setup are no more than its activations (each a
    person's, the bot's or one the table forces posts one, edited by its steps) plus the
    outcome."""
    return bool(battle.spans) and sum(battle.per_activation) <= sum(battle.spans) + 1


async def picked_from_autocomplete(
    world: World, actor: Any, command: str, options: dict[str, Any]
) -> None:
    """Each option's value is among what autocomplete offers once the person has typed it,
    given the options filled before it. ``power`` (a power attack's extra red dice, 0..2) is a
    bounded number Discord checks itself: it has no autocomplete."""
    filled: dict[str, Any] = {}
    for option, value in options.items():
        if option in PLAIN_OPTIONS:
            filled[option] = value
            continue
        offered = await actor.autocomplete(world.channel, command, option, str(value), **filled)
        assert value in [c["value"] for c in offered], (command, option, value, offered)
        filled[option] = value


async def attack_confirmed(world: World, actor: Any, action: dict[str, Any]) -> Any:
    """``/mp attack`` from its autocomplete: the preview with the odds, then Confirm."""
    command, options = command_for(action)
    await picked_from_autocomplete(world, actor, command, options)
    preview = await actor.slash(world.channel, command, **options)
    text = followup_text(preview)
    assert preview.ephemeral and "Chance to hit" in text and "DEF" in text, text
    message = replies(preview)[-1].message
    confirm = first_move_button(message)
    return await actor.click(message, custom_id=confirm)


@dataclass
class Battle:
    """A table played to its end by its people, move by move, counted as it goes."""

    world: World
    record: GameRecord
    map_id: str
    ways: Counter[str] = field(default_factory=Counter)
    types: Counter[str] = field(default_factory=Counter)
    typed: Counter[str] = field(default_factory=Counter)
    """Moves by type and by the way they were made ("spawn by mp")."""
    per_activation: list[int] = field(default_factory=list)
    """Channel messages posted from the end of one activation to the end of the next."""
    taps: list[int] = field(default_factory=list)
    """Moves a person made in each of their activations (the bot starts a forced one)."""
    mark: int = 0
    tapped: int = 0
    spans: list[int] = field(default_factory=list)
    """Activations (anyone's, forced ones included) in each interval of ``per_activation``."""
    activations: int = 0

    def people_pending(self) -> list[int]:
        pending = self.world.bot.tables.pending(self.record)
        return [s for s in pending if not self.record.seats[s].is_bot]

    async def settle(self) -> None:
        await self.world.bot.scheduler.wait_idle()
        await self.world.bot.courier.wait_idle()
        self.record = await self.world.record()

    async def play(self, action: dict[str, Any]) -> None:
        """The seat the table waits for makes ``action`` as a person does."""
        record, world = self.record, self.world
        seat = self.people_pending()[0]
        actor = world.actor_for(record.seats[seat].user_id)
        moves = legal(world, record, seat)
        index = moves.index(action)
        if action["type"] == "attack":
            result, how = await attack_confirmed(world, actor, action), "preview"
        elif action["type"] in COMMANDS:
            command, options = command_for(action)
            await picked_from_autocomplete(world, actor, command, options)
            result, how = await actor.slash(world.channel, command, **options), "mp"
        elif (button := button_for(actor, index)) is not None:
            result, how = await actor.user.click(button[0], custom_id=button[1]), "button"
        else:
            value = f"{choices_digest(moves)}:{index}"
            result = await actor.slash(world.channel, "game move", move=value)
            how = "game move"
        assert private(result) and "Done" in followup_text(result), followup_text(result)
        self.ways[how] += 1
        self.typed[f"{action['type']} by {how}"] += 1
        self.types[action["type"]] += 1
        if world.bot.tables.state(record).phase == "play":
            self.tapped += 1
        await self.settle()
        if action["type"] == "end_activation":
            self.activation_ended()

    def activation_ended(self) -> None:
        now = stored_count(self.world.channel)
        self.per_activation.append(now - self.mark)
        self.taps.append(self.tapped)
        done = self.world.bot.tables.state(self.record).activations
        self.spans.append(done - self.activations)
        self.mark, self.tapped, self.activations = now, 0, done

    async def step(self) -> None:
        seat = self.people_pending()[0]
        await self.play(choice_of(self.world, self.record, seat, self.map_id))
        if self.world.bot.tables.view(self.record, None)["phase"] == "play" and not self.mark:
            self.mark = stored_count(self.world.channel)  # the setup is over
            self.activations = self.world.bot.tables.state(self.record).activations

    async def to_the_end(self) -> None:
        while self.record.status == ACTIVE:
            assert self.people_pending(), "the table waits for nobody"
            await self.step()
            assert sum(self.ways.values()) < MOVE_LIMIT, "the battle did not end"

    def report(self, label: str) -> str:
        dms = {
            seat.name: stored_count(self.world.actor_for(seat.user_id).user.dm_channel)
            for seat in self.record.seats
            if not seat.is_bot
        }
        taps = sum(self.taps) / max(1, len(self.taps))
        return (
            f"\n{label}: {stored_count(self.world.channel)} channel messages, DMs {dms}, "
            f"{len(self.per_activation)} activations ended by people, channel messages per "
            f"activation {Counter(self.per_activation)}, taps per activation {taps:.1f} "
            f"(max {max(self.taps, default=0)}), ways {dict(self.typed)}"
        )


async def assert_the_end_is_told(world: World, record: GameRecord) -> None:
    """The outcome is announced and the final board posted as a PNG."""
    assert record.status == FINISHED
    outcome = world.bot.tables.outcome(record)
    assert outcome is not None
    last = recent(world.channel, 3)
    told = "\n".join(text_of(m) for m in last)
    assert "🏆" in told or "🏁" in told, told
    assert "Scores:" in told, told
    boards = [m for m in last if m.attachments]
    assert boards, told
    await assert_png(boards[-1].attachments[0])


async def test_two_people_fight_a_whole_battle_on_harbour(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = make_world(simcord_env)
    record = await start_table(world, GAME, [world.bob], seed=3)
    assert world.bot.tables.view(record, None)["phase"] == "choose_map"
    battle = Battle(world, record, "harbour")
    while world.bot.tables.view(battle.record, None)["phase"] != "play":
        await battle.step()
    view = world.bot.tables.view(battle.record, None)
    assert view["map"]["id"] == "harbour" and len(view["buildings"]) == 8
    table = [m for m in recent(world.channel, 3) if m.attachments][-1]
    await assert_png(table.attachments[0])  # the board before the battle, drawn for real
    drawn_once(monkeypatch)
    made = await world.bot.store.actions(record.id)
    placers = [a.seat for a in made if a.action["type"] == "place_building"]
    assert placers == [placers[0], 1 - placers[0]] * 4  # the buildings alternate
    assert [a.action["type"] for a in made].count("place_monster") == 2

    await battle.to_the_end()
    await assert_the_end_is_told(world, battle.record)
    assert battle.types["move"] and battle.types["attack"] and battle.types["spawn"]
    assert battle.types["hyper"], battle.types  # both monsters evolved in this battle
    assert battle.ways["preview"] == battle.types["attack"] and battle.ways["mp"]
    assert battle.ways["button"]
    assert one_message_per_activation(battle), (battle.per_activation, battle.spans)
    longest = max(len(text_of(m)) for m in world.channel.history())
    assert longest <= 1500, longest  # a few lines an activation, not one per die
    print(battle.report("harbour, 2 people") + f", longest table message {longest} chars")


async def test_one_person_against_the_bot_on_downtown(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = make_world(simcord_env)
    record = await start_table(world, GAME, [], bots=1, seed=5, options="map=downtown")
    assert [s.is_bot for s in record.seats] == [False, True]
    drawn_once(monkeypatch)
    battle = Battle(world, record, "downtown")
    await battle.to_the_end()
    assert world.bot.tables.view(battle.record, None)["map"]["id"] == "downtown"
    await assert_the_end_is_told(world, battle.record)
    made = await world.bot.store.actions(record.id)
    by_bot = Counter(a.action["type"] for a in made if a.seat == 1)
    assert by_bot["end_activation"] >= 6 and by_bot["attack"], by_bot
    assert battle.types["attack"] and battle.types["move"], battle.types
    # Each activation (a person's, the bot's, one the table forces): one table message.
    assert one_message_per_activation(battle), (battle.per_activation, battle.spans)
    print(battle.report("downtown, 1 person and the bot"))


async def after_a_move_before_an_attack(battle: Battle) -> dict[str, Any]:
    """Play on until a person has moved in their activation and may still attack; that
    attack (the one with the most dice)."""
    world = battle.world
    while battle.record.status == ACTIVE:
        seat = battle.people_pending()[0]
        view = world.bot.tables.view(battle.record, seat)
        activation = view.get("activation") or {}
        moved = any(f["moved"] for f in view["figures"] if f["owner"] == seat)
        attacks = [
            a
            for a in legal(world, battle.record, seat)
            if a["type"] == "attack" and a["kind"] != "power" and a["dice"] >= 1
        ]
        if activation.get("phase") == "move" and moved and attacks:
            return max(attacks, key=lambda a: a["dice"])
        await battle.step()
    raise AssertionError("no attack after a move came up")


async def test_a_restart_mid_activation_loses_nothing(
    simcord_env, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process dies after a move and before the attack; the restarted bot has the same
    activation, its spent dice, and the person finishes it: nothing twice, nothing lost."""
    world = make_world(simcord_env)
    drawn_once(monkeypatch)
    battle = Battle(world, await start_table(world, GAME, [world.bob], seed=7), "harbour")
    attack = await after_a_move_before_an_attack(battle)
    before = await world.record()
    seat = battle.people_pending()[0]
    spent = world.bot.tables.view(before, None)["activation"]
    assert spent["spent"] >= 1
    channel_before = stored_count(world.channel)
    person = world.actor_for(before.seats[seat].user_id).user.dm_channel
    dms_before = stored_count(person)
    made_before = await world.bot.store.actions(before.id)

    async with restarted(world, settings):
        after = await world.record()
        assert (after.version, after.state) == (before.version, before.state)
        assert world.bot.tables.view(after, None)["activation"] == spent
        assert world.bot.tables.pending(after) == [seat]
        battle.record = after
        await battle.settle()
        # Coming back posts nothing again: no table message, no DM.
        assert (stored_count(world.channel), stored_count(person)) == (channel_before, dms_before)
        await battle.play(attack)
        ends = [a for a in legal(world, battle.record, seat) if a["type"] == "end_activation"]
        await battle.play(ends[0])
        made = await world.bot.store.actions(after.id)
        seqs = [a.seq for a in made]
        assert seqs == list(range(seqs[0], seqs[0] + len(made)))  # nothing twice, no gap
        assert made[: len(made_before)] == made_before  # nothing lost
        assert [a.action["type"] for a in made[len(made_before) :]][:2] == [
            "attack",
            "end_activation",
        ]
        # The finished activation still has its one table message, edited, not posted again.
        assert stored_count(world.channel) - channel_before <= 2
        await battle.to_the_end()
        assert battle.record.status == FINISHED
