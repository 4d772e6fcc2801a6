"""A whole Monsters on Board game played by the real bot process, as one person plays it.

Solo 2 against Spider Jack at +3: the person opens the table, is alone at it (a second person
is refused: the mode takes one seat), starts it and makes every move with ``/game move``, the
list of their legal moves that Discord shows as they type. Nothing else drives the game: no
bot seat, no database reads. At the end, the seed and log that ``/game history`` publishes are
replayed with the engine, and the final table message must say what the replay says.
"""

from __future__ import annotations

import random
from typing import Any

from rules import GAMES
from tests.fakediscord import FakeMessage
from tests.smoke.bot_process import WAIT, World, bot_running
from tests.smoke.seen import assert_accepted, assert_refused, replay_block, reply_text, scores_in

ENGINE = GAMES["monsters_on_board"]
MOVE_LIMIT = 400
"""A solo game is about 130 choices; more means the game is not ending."""


def _table_posts(world: World) -> list[FakeMessage]:
    return [
        m
        for m in world.fake.messages(world.channel)
        if any(a.filename == "board.png" for a in m.attachments)
    ]


def _replayed(block: dict[str, Any]) -> dict[str, Any]:
    """The outcome of the published seed and log, replayed with the engine."""
    assert block["game"] == "monsters_on_board"
    state = ENGINE.setup(block["players"], block["options"], block["seed"])
    for entry in block["actions"]:
        state, _ = ENGINE.apply(state, entry["seat"], ENGINE.load_action(entry["action"]))
    outcome = ENGINE.outcome(state)
    assert outcome is not None, "the published log does not end the game"
    return outcome


async def test_one_person_plays_solo_2_against_spider_jack_to_the_end(world: World) -> None:
    fake, channel, bob = world.fake, world.channel, world.bob
    pick = random.Random(3)
    async with bot_running(world):
        opened = await fake.slash(
            bob, channel, "game new", game="monsters_on_board", variant="solo2_3", timeout=WAIT
        )
        assert_accepted(opened)
        assert_refused(await fake.slash(world.alice, channel, "game join", timeout=WAIT))
        assert_accepted(await fake.slash(bob, channel, "game start", timeout=WAIT))
        first = await fake.wait_for_message(
            channel, lambda m: any(a.filename == "board.png" for a in m.attachments), timeout=WAIT
        )
        assert {a.filename for a in first.attachments} == {"board.png", "seat-1.png"}
        moves = 0
        while listed := await fake.autocomplete(bob, channel, "game move", "move", move=""):
            assert all(len(choice["name"]) <= 100 for choice in listed)
            chosen = pick.choice(listed)
            assert_accepted(
                await fake.slash(bob, channel, "game move", move=chosen["value"], timeout=WAIT)
            )
            moves += 1
            assert moves <= MOVE_LIMIT, "the game is still going"
        history = reply_text(await fake.slash(bob, channel, "game history", timeout=WAIT))
        final = _table_posts(world)[-1]
    outcome = _replayed(replay_block(history))
    (rival,) = outcome["rivals"]
    assert scores_in(final.content) == [*outcome["scores"], rival["score"]]
    assert "Spider Jack" in final.content
    assert ("Spider Jack wins" in final.content) == rival["won"]
    assert outcome["solo"] == "against_jack+3" and moves > 50
