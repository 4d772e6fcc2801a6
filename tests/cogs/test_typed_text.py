"""Typed text (issue 7): Discord lets people type instead of picking a suggestion. A typed
card, Being or Weapon that names one thing the player may choose, in English or Italian, in any
case, without accents or articles, plays that move; anything else is answered "pick one of the
suggestions" and changes nothing.

Each scenario is found by playing the engine's bot from a seed in a plain Python shell (rules/
is pure), then replayed through Discord with the same seed, every move as the command a player
types; the typed text is the player's last move.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from bot.choices import squash
from rules import GAMES
from rules.notte_di_terrore import ENGINE
from rules.notte_di_terrore.bot import bot_action
from tests.cogs.helpers import World, followup_text, make_world, open_table
from tests.cogs.test_notte_di_terrore_table import by_command, open_notte

View = dict[str, Any]
MONSTER_DAY = GAMES["monster_day"]


@cache
def find_night(scenario: str) -> tuple[int, int]:
    """A seed and a number of bot moves after which the seat to act (the first pending one)
    sees a view (with its legal moves) that ``SCENARIOS[scenario]`` wants (3 players, default
    options); few moves, so the test types few commands."""
    wanted = SCENARIOS[scenario]
    for limit in (8, 24, 60):
        for seed in range(300):
            moves = _moves_until(wanted, seed, limit)
            if moves is not None:
                return seed, moves
    raise AssertionError("no seed reaches the scenario; widen the search")


def _moves_until(wanted: Callable[[View], bool], seed: int, limit: int) -> int | None:
    state = ENGINE.setup(3, {}, seed)
    for moves in range(limit):
        if ENGINE.outcome(state) is not None:
            return None
        seat = ENGINE.pending(state)[0]
        if wanted(ENGINE.view(state, seat)):
            return moves
        state, _ = ENGINE.apply(state, seat, bot_action(state, seat))
    return None


async def night_at(world: World, seed: int, moves: int) -> tuple[Any, Any]:
    """The seeded night after ``moves`` bot moves typed as commands: the record and the actor
    who must act now."""
    record = await open_notte(world, [world.bob, world.add_player("cy")], seed=seed)
    # The table makes forced moves itself (a player's only move, as everyone can see), so
    # count the moves logged, not the commands typed.
    while len(await world.bot.store.actions(record.id)) < moves:
        seat = world.bot.tables.pending(record)[0]
        actor = world.actor_for(record.seats[seat].user_id)
        action = ENGINE.dump_action(bot_action(world.bot.tables.state(record), seat))
        assert "Done" in followup_text(await by_command(world, actor, action))
        record = await world.record()
    seat = world.bot.tables.pending(record)[0]
    return record, world.actor_for(record.seats[seat].user_id)


def design(card_id: str) -> str:
    return card_id.rpartition(":")[0]


def places(kind: str) -> Callable[[View], bool]:
    return lambda view: any(
        a["type"] == "place_being" and design(a["card"]) == kind for a in view["legal"]
    )


def attacks(target: str, weapon: str) -> Callable[[View], bool]:
    return lambda view: any(
        a["type"] == "attack"
        and design(a["target"]) == target
        and [design(w) for w in a["weapons"]] == [weapon]
        for a in view["legal"]
    )


SCENARIOS: dict[str, Callable[[View], bool]] = {
    "marsh hag": places("marsh_hag"),
    "skeleton, axe": attacks("skeleton", "axe"),
    "event": lambda view: event_on(view) is not None,
    "shared letter": lambda view: bool(shared_start(view)),
}


async def last_action(world: World) -> dict[str, Any]:
    return (await world.bot.store.actions(1))[-1].action


@pytest.mark.parametrize("typed", ["megera della palude", "MARSH HAG", "  Megera  DELLA palude "])
async def test_a_held_being_typed_by_name_is_placed(simcord_env, typed: str) -> None:
    """`/terror place card:Megera della Palude` answered "you don't have that card"."""
    world = make_world(simcord_env)
    record, actor = await night_at(world, *find_night("marsh hag"))
    offered = await actor.autocomplete(world.channel, "terror place", "card", typed)
    assert any(design(c["value"]) == "marsh_hag" for c in offered), offered
    result = await actor.slash(world.channel, "terror place", card=typed)
    assert "Done" in followup_text(result), followup_text(result)
    assert (await world.record()).version == record.version + 1
    placed = await last_action(world)
    assert placed["type"] == "place_being" and design(placed["card"]) == "marsh_hag"


async def test_an_event_typed_on_a_being_typed(simcord_env) -> None:
    """An Event's target is a Being on the Place, typed by its name like the Event."""
    world = make_world(simcord_env)
    record, actor = await night_at(world, *find_night("event"))
    view = world.bot.tables.view(record, world.bot.tables.pending(record)[0])
    event, being = event_on(view)
    names = {card: view["cards"][card]["name"] for card in (event, being)}
    typed = {"card": names[event]["it"].lower(), "target": names[being]["en"].upper()}
    offered = await actor.autocomplete(
        world.channel, "terror place", "target", "", card=typed["card"]
    )
    assert being in [c["value"] for c in offered], offered  # targets follow the typed Event
    result = await actor.slash(world.channel, "terror place", **typed)
    assert "Done" in followup_text(result), (typed, followup_text(result))
    placed = await last_action(world)
    assert placed["type"] == "place_event"
    assert (design(placed["card"]), design(placed["target"])) == (design(event), design(being))


def event_on(view: View) -> tuple[str, str] | None:
    """An Event (not a Necronomicon) the player may put on a Being: their ids."""
    for action in view["legal"]:
        if action["type"] == "place_event":
            return action["card"], action["target"]
    return None


@pytest.mark.parametrize(("target", "weapon"), [("Skeleton", "Axe"), ("scheletro", "ASCIA")])
async def test_an_attack_typed_by_names_kills(simcord_env, target: str, weapon: str) -> None:
    """`/terror attack target:Skeleton weapon:Axe` answered "that Weapon cannot defeat that
    Being"."""
    world = make_world(simcord_env)
    record, actor = await night_at(world, *find_night("skeleton, axe"))
    spoon = await actor.slash(world.channel, "terror attack", target=target, weapon="spoon")
    assert "“spoon” is none of your choices" in followup_text(spoon), followup_text(spoon)
    assert (await world.record()).version == record.version
    result = await actor.slash(world.channel, "terror attack", target=target, weapon=weapon)
    assert "Done" in followup_text(result), followup_text(result)
    assert (await world.record()).version >= record.version + 1  # and what it forced
    made = await world.bot.store.actions(record.id)
    (attack,) = [a.action for a in made if a.seq == record.version + 1]
    assert attack["type"] == "attack" and design(attack["target"]) == "skeleton"
    assert [design(w) for w in attack["weapons"]] == ["axe"]


async def test_unknown_or_ambiguous_text_changes_nothing(simcord_env) -> None:
    world = make_world(simcord_env)
    record, actor = await night_at(world, *find_night("shared letter"))
    unknown = await actor.slash(world.channel, "terror place", card="Vampire Countess")
    assert unknown.ephemeral and "Pick one of the suggestions" in followup_text(unknown)
    assert "“Vampire Countess” is none of your choices" in followup_text(unknown)
    view = world.bot.tables.view(record, world.bot.tables.pending(record)[0])
    letter = shared_start(view)
    ambiguous = await actor.slash(world.channel, "terror place", card=letter)
    assert "could be more than one" in followup_text(ambiguous), followup_text(ambiguous)
    assert "Pick one of the suggestions" in followup_text(ambiguous)
    assert (await world.record()).version == record.version


def shared_start(view: View) -> str:
    """A letter that starts the names of two different Beings the player may place, so it
    names both; "" when there is none."""
    starts: dict[str, set[str]] = {}
    for action in view["legal"]:
        if action["type"] == "place_being":
            for name in view["cards"][action["card"]]["name"].values():
                starts.setdefault(squash(name)[0], set()).add(design(action["card"]))
    return next((s.upper() for s, kinds in starts.items() if len(kinds) > 1), "")


def find_day(wanted: str) -> int:
    """A seed where the first player to act may play the Decktet card ``wanted``."""
    for seed in range(400):
        state = MONSTER_DAY.setup(2, {}, seed)
        seat = MONSTER_DAY.pending(state)[0]
        if any(a.card == wanted for a in MONSTER_DAY.legal_actions(state, seat)):
            return seed
    raise AssertionError(f"no seed deals {wanted} to the first player; widen the search")


async def day_with(world: World, card: str) -> tuple[Any, Any, list[Any]]:
    """A started Monster Day whose first player may play ``card``: the record, that player
    and their legal plays."""
    world.bot.tables.seed_source = lambda: find_day(card)
    await open_table(world)
    await world.ann.slash(world.channel, "game start")
    record = await world.record()
    seat = world.bot.tables.pending(record)[0]
    legal = MONSTER_DAY.legal_actions(world.bot.tables.state(record), seat)
    return record, world.actor_for(record.seats[seat].user_id), legal


@pytest.mark.parametrize("typed", ["calamita", "La Calamità", "the calamity", "CALAM"])
async def test_a_decktet_card_typed_without_accent_or_article(simcord_env, typed: str) -> None:
    world = make_world(simcord_env)
    record, actor, legal = await day_with(world, "calamity")
    space = next(a.space for a in legal if a.card == "calamity")
    result = await actor.slash(world.channel, "monsterday play", card=typed, space=space + 1)
    assert "Done" in followup_text(result), followup_text(result)
    assert (await last_action(world))["card"] == "calamity"
    assert (await world.record()).version == record.version + 1


async def test_suggestions_answer_to_either_language_without_accents(simcord_env) -> None:
    world = make_world(simcord_env)
    _, actor, legal = await day_with(world, "calamity")
    for typed in ("calamita", "CALAMITY", "calamità"):
        offered = await actor.autocomplete(world.channel, "monsterday play", "card", typed)
        assert [c["value"] for c in offered] == ["calamity"], (typed, offered)
    # The spaces offered follow the card typed, as they follow a card picked.
    spaces = await actor.autocomplete(
        world.channel, "monsterday play", "space", "", card="calamita"
    )
    assert {c["value"] - 1 for c in spaces} == {a.space for a in legal if a.card == "calamity"}


async def test_a_card_not_in_hand_typed_by_name_changes_nothing(simcord_env) -> None:
    world = make_world(simcord_env)
    record, actor, _ = await day_with(world, "calamity")
    seat = world.bot.tables.pending(record)[0]
    held = {c["id"] for c in world.bot.tables.view(record, seat)["hand"]}
    absent = next(c for c in ("castle", "sea", "bard", "mill") if c not in held)
    typed = await actor.slash(world.channel, "monsterday play", card=f"the {absent}", space=1)
    assert "Pick one of the suggestions" in followup_text(typed), followup_text(typed)
    assert (await world.record()).version == record.version
