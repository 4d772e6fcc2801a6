"""Monsterpocalypse played through Discord (simcord): a table opened and set up through
commands and DM buttons, an activation by ``/mp`` with its autocomplete, an attack's preview
confirmed, a stale confirm refused, and a refusal that is private and changes nothing.

Players decide like the engine's bot would, then make that move the way a person does: a DM
button when it has one, else the ``/mp`` command (checked against the autocomplete lists), else
the ``/game move`` suggestion. The test never calls the table service to move.
"""

from __future__ import annotations

import random
from typing import Any

import discord

import rules
from bot.components import choices_digest
from bot.games import PRESENTERS
from bot.store import GameRecord
from cogs.monsterpocalypse import command_for, figure_id, preview_text, square
from tests.cogs.helpers import (
    World,
    assert_png,
    first_move_button,
    followup_text,
    make_world,
    replies,
    slash_as_offered,
    start_table,
    text_of,
)

GAME = "monsterpocalypse"
PRESENTER = PRESENTERS[GAME]
COMMANDS = ("move", "run", "spawn", "place_monster", "place_building")


def engine(world: World) -> Any:
    return world.bot.tables.engine(GAME)


def legal(world: World, record: GameRecord, seat: int) -> list[dict[str, Any]]:
    e = engine(world)
    return [e.dump_action(a) for a in e.legal_actions(world.bot.tables.state(record), seat)]


def bot_choice(world: World, record: GameRecord, seat: int) -> dict[str, Any]:
    e = engine(world)
    return dict(e.dump_action(e.bot_action(world.bot.tables.state(record), seat)))


async def by_command(world: World, actor: Any, action: dict[str, Any]) -> Any:
    """Run the ``/mp`` command for ``action``, first checking that autocomplete offered each
    value given the options filled before it."""
    return await slash_as_offered(world, actor, *command_for(action))


def dm_button(actor: Any, index: int) -> tuple[discord.Message, str] | None:
    for message in reversed(actor.user.dm_channel.history()):
        if message.components:
            for row in message.components:
                for child in row.children:
                    if (child.custom_id or "").endswith(f":{index}"):
                        return message, str(child.custom_id)
            return None
    return None


async def play(world: World, record: GameRecord, action: dict[str, Any]) -> Any:
    """Seat to act plays ``action``: DM button, else ``/mp``, else ``/game move``."""
    seat = world.bot.tables.pending(record)[0]
    actor = world.actor_for(record.seats[seat].user_id)
    moves = legal(world, record, seat)
    index = moves.index(action)
    button = dm_button(actor, index)
    if button is not None:
        message, custom_id = button
        result = await actor.user.click(message, custom_id=custom_id)
    elif action["type"] in COMMANDS:
        result = await by_command(world, actor, action)
    else:
        value = f"{choices_digest(moves)}:{index}"
        result = await actor.slash(world.channel, "game move", move=value)
    assert "Done" in followup_text(result), followup_text(result)
    await world.bot.scheduler.wait_idle()
    return result


async def set_up(world: World, seed: int = 5) -> GameRecord:
    """Open a table for ann and bob and play the setup to the first activation."""
    record = await start_table(world, GAME, [world.bob], seed=seed)
    while world.bot.tables.view(record, None)["phase"] != "play":
        seat = world.bot.tables.pending(record)[0]
        await play(world, record, bot_choice(world, record, seat))
        record = await world.record()
    return record


async def test_setup_and_an_activation_by_commands(simcord_env) -> None:
    world = make_world(simcord_env)
    record = await set_up(world)
    view = world.bot.tables.view(record, None)
    assert view["round"] == 1 and len(view["buildings"]) > 0
    table = [m for m in world.channel.history() if m.attachments][-1]
    await assert_png(table.attachments[0])
    assert "Round 1/" in text_of(table)

    # The first activation is the units' (all dice start in the unit pool), so the table
    # starts it by itself: the only choice there is.
    seat = world.bot.tables.pending(record)[0]
    actor = world.actor_for(record.seats[seat].user_id)
    if {"type": "activate_units"} in legal(world, record, seat):
        await play(world, record, {"type": "activate_units"})
        record = await world.record()
    assert world.bot.tables.view(record, None)["activation"]["kind"] == "units"
    spawns = [a for a in legal(world, record, seat) if a["type"] == "spawn"]
    assert spawns
    await play(world, record, spawns[0])
    record = await world.record()
    moves = [a for a in legal(world, record, seat) if a["type"] == "move"]
    assert moves
    move = moves[-1]
    offered = await actor.autocomplete(world.channel, "mp move", "figure", "")
    assert move["figure"] in [c["value"] for c in offered]
    squares = await actor.autocomplete(world.channel, "mp move", "to", "", figure=move["figure"])
    assert move["to"] in [c["value"] for c in squares]
    typed = move["to"].lower()[0] + " " + move["to"][1:]  # "c 4", as a player may type it
    done = await actor.slash(world.channel, "mp move", figure=move["figure"], to=typed)
    assert done.ephemeral and "Done" in followup_text(done), followup_text(done)
    record = await world.record()
    figure = next(
        f for f in world.bot.tables.view(record, None)["figures"] if f["id"] == move["figure"]
    )
    assert figure["at"] == move["to"]

    # While the activation goes on, the table's map is drawn from the active seat's view:
    # the channel sees where its figures may go.
    drawn = world.bot.publisher._board_view(record, world.bot.tables.decoded(record))
    assert "moves" in drawn and drawn["activation"]["seat"] == seat


async def reach_an_attack(world: World, record: GameRecord) -> tuple[GameRecord, dict[str, Any]]:
    """Play the bot's choices until the seat to act may attack; that seat's best attack."""
    for _ in range(400):
        seat = world.bot.tables.pending(record)[0]
        attacks = [a for a in legal(world, record, seat) if a["type"] == "attack"]
        plain = [a for a in attacks if a["kind"] != "power" and a["dice"] >= 1]
        if plain:
            return record, max(plain, key=lambda a: a["dice"])
        await play(world, record, bot_choice(world, record, seat))
        record = await world.record()
    raise AssertionError("no attack came up")


async def test_attack_preview_confirm_and_a_stale_confirm(simcord_env) -> None:
    world = make_world(simcord_env)
    record = await set_up(world, seed=7)
    record, attack = await reach_an_attack(world, record)
    seat = world.bot.tables.pending(record)[0]
    actor = world.actor_for(record.seats[seat].user_id)
    command, options = command_for(attack)
    for option in ("figure", "target", "dice"):
        filled = {
            k: v
            for k, v in options.items()
            if k in ("figure", "target")[: ("figure", "target", "dice").index(option)]
        }
        offered = await actor.autocomplete(world.channel, command, option, "", **filled)
        assert options[option] in [c["value"] for c in offered], (option, offered)

    preview = await actor.slash(world.channel, command, **options)
    text = followup_text(preview)
    assert preview.ephemeral and "Chance to hit" in text and "super damage" in text
    assert "DEF" in text and "%" in text
    assert (await world.record()).version == record.version  # nothing rolled yet
    message = replies(preview)[-1].message
    confirm = first_move_button(message)

    # Cancel: nothing happens.
    cancelled = await actor.click(message, label="Cancel")
    assert "nothing was changed" in followup_text(cancelled)
    assert (await world.record()).version == record.version

    # Confirm: the attack is rolled and narrated.
    preview = await actor.slash(world.channel, command, **options)
    message = replies(preview)[-1].message
    confirmed = await actor.click(message, custom_id=confirm)
    assert "Done" in followup_text(confirmed), followup_text(confirmed)
    record = await world.record()
    made = (await world.bot.store.actions(record.id))[-1]
    assert made.action["type"] == "attack"

    # A preview shown before the table moved on: its confirm is refused and changes nothing.
    record, attack = await reach_an_attack(world, record)
    seat = world.bot.tables.pending(record)[0]
    actor = world.actor_for(record.seats[seat].user_id)
    command, options = command_for(attack)
    preview = await actor.slash(world.channel, command, **options)
    message = replies(preview)[-1].message
    other = next(
        a
        for a in legal(world, record, seat)
        if a["type"] in ("move", "end_activation", "spawn", "run")
    )
    await play(world, record, other)
    before = (await world.record()).version
    stale = await actor.click(message, label=message.components[0].children[0].label)
    assert stale.ephemeral and "moved on" in followup_text(stale), followup_text(stale)
    assert (await world.record()).version == before


async def test_a_refusal_is_private_and_changes_nothing(simcord_env) -> None:
    world = make_world(simcord_env)
    record = await set_up(world)
    seat = world.bot.tables.pending(record)[0]
    actor = world.actor_for(record.seats[seat].user_id)
    waiting = world.actor_for(record.seats[1 - seat].user_id)

    out_of_turn = await waiting.slash(world.channel, "mp run", to="C4")
    assert out_of_turn.ephemeral and "⚠️" in followup_text(out_of_turn)
    nowhere = await actor.slash(world.channel, "mp move", figure="u0", to="Z99")
    assert nowhere.ephemeral and "⚠️" in followup_text(nowhere)
    no_attack = await actor.slash(world.channel, "mp attack", figure="m0", target="m1", dice=3)
    assert no_attack.ephemeral and "⚠️" in followup_text(no_attack)
    assert (await world.record()).version == record.version


def test_a_square_typed_by_hand_is_read_as_the_engine_names_it() -> None:
    assert square("c4") == "C4" and square(" C 4 ") == "C4" and square("l12") == "L12"
    assert square("Z99") == "Z99"  # no square: the engine's refusal says so


def test_a_figure_is_named_by_id_or_by_its_suggestion() -> None:
    view = {
        "figures": [
            {"id": "u3", "kind": "unit", "names": {"en": "Hive Drone", "it": "Drone"}},
            {"id": "m0", "kind": "monster", "names": {"en": "Titan", "it": "Titano"}},
        ],
        "buildings": [],
    }
    assert figure_id(view, "U3") == "u3"
    assert figure_id(view, "hive drone u3") == "u3"
    assert figure_id(view, "Titano", "it") == "m0"
    assert figure_id(view, "nobody") == "nobody"


def test_every_attack_previews_its_odds() -> None:
    """Plain attacks, slams and stomps of seeded games: the preview names the attacker, the
    dice and, with a single target, the DEF and both chances."""
    engine = rules.GAMES[GAME]
    seen: set[str] = set()
    for seed in (1, 2, 3):
        rng = random.Random(seed)
        state = engine.setup(2, dict(engine.options), seed)
        while engine.outcome(state) is None:
            seat = engine.pending(state)[0]
            moves = engine.legal_actions(state, seat)
            view = engine.view(state, seat)
            for action in (engine.dump_action(a) for a in moves):
                if action["type"] != "attack":
                    continue
                text = preview_text(view, action, "en")
                assert "dice" in text or "die" in text
                if action["target"]:
                    assert "DEF" in text and "Chance to hit" in text and "super damage" in text
                seen.add(action["manoeuvre"] or action["kind"])
            pick = rng.choice(moves) if rng.random() < 0.4 else engine.bot_action(state, seat)
            state, _events = engine.apply(state, seat, pick)
    assert {"brawl", "blast", "slam"} <= seen
