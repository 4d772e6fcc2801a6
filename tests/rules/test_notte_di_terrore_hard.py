"""Notte di Terrore's ``hard`` level (issue 28): the normal bot's planner with the weights
tuned against normal bots (:mod:`rules.notte_di_terrore.hard`), blind to what its seat cannot
see. Its strength is measured by the arena (``docs/simulator.md``), not here.
"""

from __future__ import annotations

import random
from dataclasses import replace

from rules import GAMES
from rules.notte_di_terrore import bot
from rules.notte_di_terrore.engine import (
    Attack,
    ChooseSplit,
    EndResolution,
    Monster,
    Pass,
    PileCard,
    PlaceBeing,
    Refill,
    State,
    Summon,
    terror_score,
)
from rules.notte_di_terrore.hard import HARD, HARD_FIVE, HARD_FOUR
from tests.rules.test_levels import positions
from tests.rules.test_notte_di_terrore import at_apparition, at_resolution, started, with_player

GAME = "notte_di_terrore"


def test_hard_plays_the_planner_with_the_hard_weights() -> None:
    engine = GAMES[GAME]
    for state, seat in positions(GAME):
        assert engine.bot_action(state, seat, "hard") == bot.choose(state, seat, HARD)


def test_hard_plays_its_four_seat_weights_at_four_seats_only() -> None:
    """Tuned apart at four seats (``docs/simulator.md``): a 4-seat table gets
    :data:`HARD_FOUR`, and some of its moves there differ from the 3-seat weights'; 3 seats
    play :data:`HARD` unchanged."""
    engine = GAMES[GAME]
    four = positions(GAME, players=4, steps=400)
    assert all(
        engine.bot_action(s, seat, "hard") == bot.choose(s, seat, HARD_FOUR) for s, seat in four
    )
    assert any(engine.bot_action(s, seat, "hard") != bot.choose(s, seat, HARD) for s, seat in four)
    for state, seat in positions(GAME, players=3, steps=200):
        assert engine.bot_action(state, seat, "hard") == bot.choose(state, seat, HARD)


def test_hard_plays_its_five_seat_weights_at_five_seats_only() -> None:
    """Tuned apart at five seats (``docs/simulator.md``, issue 28): a 5-seat table gets
    :data:`HARD_FIVE` (haunting those behind the leader more), and some of its moves there
    differ from the 3-seat weights'; 3 and 4 seats play as before."""
    engine = GAMES[GAME]
    five = positions(GAME, players=5, steps=400)
    assert all(
        engine.bot_action(s, seat, "hard") == bot.choose(s, seat, HARD_FIVE) for s, seat in five
    )
    assert any(engine.bot_action(s, seat, "hard") != bot.choose(s, seat, HARD) for s, seat in five)
    for players, tuning in ((3, HARD), (4, HARD_FOUR)):
        for state, seat in positions(GAME, players=players, steps=200):
            assert engine.bot_action(state, seat, "hard") == bot.choose(state, seat, tuning)


def test_hard_keeps_more_beings_in_hand_than_normal() -> None:
    """Fewer Events in the starting split (and refills)."""
    engine = GAMES[GAME]
    state = engine.setup(3, {}, 5)
    seat = engine.pending(state)[0]
    hard, normal = (engine.bot_action(state, seat, level) for level in ("hard", "normal"))
    assert isinstance(hard, ChooseSplit) and isinstance(normal, ChooseSplit)
    assert hard.events < normal.events


def test_hard_sees_only_its_seat() -> None:
    """Different hidden cards, deck order and dice to come, one view: one hard move."""
    engine = GAMES[GAME]
    for state, seat in positions(GAME)[::7]:
        a, b = (engine.determinize(state, seat, random.Random(n)) for n in (1, 2))
        assert engine.view(a, seat) == engine.view(b, seat)
        assert engine.bot_action(a, seat, "hard") == engine.bot_action(b, seat, "hard")


def _pile(terror: int) -> tuple[PileCard, ...]:
    return tuple(PileCard(f"fog:{i}", 1) for i in range(1, terror + 1))


def test_hard_does_not_go_home_to_lose() -> None:
    """On its last Place, killing the Zombie takes it home (L7) with 12 - 1 - 2 - 5 = 4 Terror
    where seat 2 holds none: the game would end with its loss, so hard stays and fights on;
    normal goes home. Likewise on an empty last Place."""
    state = at_resolution((Monster("zombie:1"),), ("shotgun:1",), pile=_pile(12), face_down=())
    state = with_player(with_player(state, 1, pile=_pile(3)), 2, pile=())
    engine = GAMES[GAME]
    assert engine.bot_action(state, 0, "normal") == Attack("zombie:1", ("shotgun:1",))
    assert engine.bot_action(state, 0, "hard") == EndResolution()
    # An empty last Place is passed at once when the Apparition ends (I7): hard, last to play,
    # places a Vampire there itself rather than go home to lose.
    empty = at_apparition(hands={0: ("vampire:1",)})
    empty = with_player(empty, 0, face_down=(), table=("shotgun:1",), pile=_pile(12))
    empty = replace(with_player(empty, 2, pile=()), passed=(1, 2), to_act=0)
    assert engine.bot_action(empty, 0, "normal") == Pass()
    assert engine.bot_action(empty, 0, "hard") == PlaceBeing("vampire:1")


def test_hard_lets_a_rival_go_home_when_that_ends_the_game_in_its_favour() -> None:
    """Seat 0 will kill its Zombie on its last Place and go home with 9 - 8 = 1 Terror; seat 1
    holds none, so that ending is its win: hard passes where normal blocks with a Vampire the
    Shotgun cannot kill. With seat 0 ending below seat 1, hard blocks too."""
    state = at_apparition(monsters=(Monster("zombie:1"),), hands={1: ("vampire:1",)})
    state = with_player(state, 0, face_down=(), table=("shotgun:1",), pile=_pile(9))
    state = with_player(with_player(state, 1, pile=()), 2, pile=_pile(4))
    engine = GAMES[GAME]
    assert engine.bot_action(state, 1, "normal") == PlaceBeing("vampire:1")
    assert engine.bot_action(state, 1, "hard") == Pass()
    behind = with_player(state, 1, pile=_pile(2))
    assert engine.bot_action(behind, 1, "hard") == PlaceBeing("vampire:1")


def _museum_at_turn_29() -> State:
    """Seed 1199 at five seats, turn 29, hard at seat 1 (``(-seed) % 5``) against four normal
    bots: its own Apparition on its last Place, the Museum, infested and empty (a summoned
    Being stood there last turn and left, N3), everyone else passed. No Being may be placed
    there any more (L3), but it holds a Necronomicon. Its pile: two Beings fled from (4 + 4)
    and a summoned one (1), all for good (I6), and 7 Terror in Events; seat 3 holds 7."""
    state = replace(started(5, 1199), phase="apparition", current=1, to_act=1, passed=(2, 3, 4, 0))
    fixed = (
        PileCard("mummy:1", 4, True),
        PileCard("skeleton_knight:3", 4, True),
        PileCard("rotting_farmer:2", 1),
    )
    state = with_player(
        state,
        1,
        face_down=(),
        revealed="museum:2",
        monsters=(),
        infested=True,
        hand=("skeleton:4", "necronomicon:1", "skeleton:5", "zombie_horde:3"),
        table=("mirror:2", "exorcism:2"),
        weapon_hand="shotgun:4",
        pile=(*fixed, *_pile(7)),
    )
    for seat, terror in ((0, 27), (2, 22), (3, 7), (4, 12)):
        state = with_player(state, seat, pile=_pile(terror))
    return state


def _play_out_the_turn(state: State, seat: int) -> State:
    """Hard's moves for ``seat`` until its turn leaves Apparition and Resolution."""
    engine = GAMES[GAME]
    while state.phase in ("apparition", "resolution") and engine.pending(state) == [seat]:
        state, _ = engine.apply(state, seat, engine.bot_action(state, seat, "hard"))
    return state


def test_hard_summons_on_its_empty_last_place_rather_than_go_home_to_lose() -> None:
    """A real position (seed 1199, five seats): passing would pass the empty Place at once (I7)
    and take hard home with 16 - 2 - 5 = 9 Terror (the fled and summoned Beings stay, I6) where
    seat 3 holds 7: the game over and lost (L7, I1). Normal passes; hard summons a Being of its
    own (N2) and leaves it standing, 1 Terror for good (N3), to fight on (I19). And where a
    summoned Being killed with the Shotgun swapped in (R1) takes it home level with the
    fewest, a win on the tie (I1), it summons, kills and wins."""
    engine = GAMES[GAME]
    state = _museum_at_turn_29()
    assert engine.bot_action(state, 1, "normal") == Pass()
    summon = engine.bot_action(state, 1, "hard")
    assert isinstance(summon, Summon)
    after = _play_out_the_turn(state, 1)
    assert after.phase == "discard" and after.players[1].revealed == "museum:2"
    assert terror_score(after.players[1].pile) == 17
    # Events only, 16 of them, seat 3 at 8: home by passing at 9 loses, home at 16 - 1 (a
    # Skeleton or Zombie killed, R5) - 2 - 5 = 8 wins.
    level = with_player(with_player(state, 1, pile=_pile(16)), 3, pile=_pile(8))
    assert engine.bot_action(level, 1, "normal") == Pass()
    assert isinstance(engine.bot_action(level, 1, "hard"), Summon)
    result = engine.outcome(_play_out_the_turn(level, 1))
    assert result is not None and result["winners"] == [1]


def test_hard_places_a_being_it_kills_early_at_five_seats_only() -> None:
    """Its own Apparition, a rival's Vampire on its Place, the other seats still to play: the
    Zombie in its hand dies to its spare Shotgun and takes 1 more Terror off its pile (R5). At
    five seats hard places it now rather than pass at once, a pass being final for the turn
    (A3); with three seats, and normal at five, it passes and waits, as before."""
    engine = GAMES[GAME]
    for players, placed in ((5, True), (3, False)):
        state = replace(started(players, 3), phase="apparition", current=0, to_act=0, passed=())
        state = with_player(
            state,
            0,
            revealed="cemetery:1",
            monsters=(Monster("vampire:1"),),
            infested=False,
            hand=("zombie:1",),
            table=("wooden_stake:1", "shotgun:1"),
            weapon_hand=None,
            pile=_pile(6),
        )
        assert engine.bot_action(state, 0, "normal") == Pass()
        expected = PlaceBeing("zombie:1") if placed else Pass()
        assert engine.bot_action(state, 0, "hard") == expected


def _hard_refill(state: State, seat: int) -> Refill:
    """Hard's moves in its Discard and Acquisition until it refills (D1, D4)."""
    engine = GAMES[GAME]
    while True:
        action = engine.bot_action(state, seat, "hard")
        if isinstance(action, Refill):
            return action
        state, _ = engine.apply(state, seat, action)


def test_hard_refills_towards_more_events_without_a_necronomicon_at_five_seats_only() -> None:
    """At five seats, with no Necronomicon in hand (the one card that kills any Being, N4, and
    the only sure way off the last Place, F2), hard refills towards 10 Events of 12 rather than
    7, for more chances to draw one (D4): 8 Events of the 10 cards it draws where, holding one,
    it draws 5. With three seats it refills alike either way."""
    for players, without, holding in ((5, 8, 5), (3, 3, 3)):
        state = replace(started(players, 3), phase="discard", current=0, to_act=None)
        state = with_player(state, 0, table=("axe:1", "torch:1"), weapon_hand="garlic:1")
        plain = with_player(state, 0, hand=("killing:1", "fog:1"))
        necro = with_player(state, 0, hand=("necronomicon:1", "fog:1"))
        assert _hard_refill(plain, 0) == Refill(without)
        assert _hard_refill(necro, 0) == Refill(holding)
