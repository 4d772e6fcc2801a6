"""Notte di Terrore's forced moves (``forced_action``, I22): a move is made for a player only
when it is their one legal move and the public table alone shows it.

Why the reshuffles: "shown by the public table" means the answer cannot change when every zone
hidden from the seat's opponents changes (every hand, the seat's own included, the draw piles,
the face-down Places), keeping what is public (how many Events and Beings each hand holds, I21).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules.notte_di_terrore import ENGINE
from rules.notte_di_terrore import engine as e
from rules.notte_di_terrore.bot import bot_action
from rules.notte_di_terrore.engine import (
    Attack,
    EndResolution,
    Monster,
    Pass,
    Refill,
    State,
)
from tests.rules.test_notte_di_terrore import act, all_passed, at_apparition, at_resolution
from tests.rules.test_notte_di_terrore_bot import hide_differently

RESHUFFLES = 3


def test_the_contract_binds_the_engines_forced_action() -> None:
    state = at_apparition(hands={1: ()})
    assert ENGINE.forced_action(state, 1) == e.forced_action(state, 1) == Pass()
    assert ENGINE.forced_action(state, 2) is None  # not pending


def test_who_cannot_place_a_card_must_pass() -> None:
    # A3: "Chi non può o non vuole posizionare carte deve dire 'passo'".
    assert e.forced_action(at_apparition(hands={1: ()}), 1) == Pass()
    only_beings = at_apparition(hands={1: ("zombie:1", "werewolf:1")}, infested=True)
    assert e.forced_action(only_beings, 1) == Pass()  # L3: no new Being after the first time
    events_no_being = at_apparition(hands={1: ("killing:1",)})
    assert e.forced_action(events_no_being, 1) == Pass()  # A2: an Event needs a Being
    # A Werewolf cannot go on the Museum, but which Beings a hand holds is hidden: not forced.
    hidden = at_apparition("museum:1", hands={1: ("werewolf:1",)})
    assert e.legal_actions(hidden, 1) == [Pass()] and e.forced_action(hidden, 1) is None
    # An Event might be a Necronomicon (a summon), and could go on the Being there.
    assert (
        e.forced_action(at_apparition(hands={1: ("fog:1", "zombie:1")}, infested=True), 1) is None
    )
    on_being = at_apparition(hands={1: ("fog:1",)}, monsters=(Monster("zombie:9"),))
    assert e.forced_action(on_being, 1) is None


def test_the_fight_ends_when_nothing_is_left_to_attack_with() -> None:
    # R9: "Quando ha terminato i suoi attacchi, il giocatore passa alla fase successiva."
    state = at_resolution((Monster("zombie:1"),), ("shotgun:1", "garlic:1"))
    assert e.forced_action(state, 0) is None  # an attack, Flight
    state = act(state, 0, Attack("zombie:1", ("shotgun:1",)))
    assert e.forced_action(state, 0) == EndResolution() == e.legal_actions(state, 0)[0]
    stuck = at_resolution((Monster("vampire:1"),), ("shotgun:1", "axe:1"), face_down=())
    assert e.forced_action(stuck, 0) == EndResolution()  # F2: no Flight from the last Place
    necro = at_resolution((Monster("vampire:1"),), ("axe:1",), hand=("fog:1",), face_down=())
    assert e.forced_action(necro, 0) is None  # an Event in hand might be a Necronomicon
    swap = at_resolution((Monster("vampire:1"),), ("axe:1",), "torch:1", face_down=())
    assert e.forced_action(swap, 0) is None  # R1: the swap is still open


def test_a_full_hand_with_nothing_to_discard_draws_nothing() -> None:
    # D1-D4: nothing "inutile" to discard and nothing to draw: the only move is to go on.
    state = all_passed(at_apparition(hands={0: tuple(f"fog:{i}" for i in range(1, 9))}))
    players = list(state.players)
    players[0] = replace(players[0], table=(), weapon_hand=None)
    state = replace(state, players=tuple(players))
    assert state.phase == "discard"
    assert e.legal_actions(state, 0) == [Refill(0)] and e.forced_action(state, 0) == Refill(0)
    players[0] = replace(players[0], table=("axe:1",))
    assert e.forced_action(replace(state, players=tuple(players)), 0) is None


def _playout(players: int, seed: int) -> list[State]:
    """Every state of one game, bots and random players mixed so that rare states occur."""
    chooser = random.Random(seed)
    state = e.setup(players, {}, seed)
    states = [state]
    while pending := e.pending(state):
        seat = pending[0]
        legal = e.legal_actions(state, seat)
        action = chooser.choice(legal) if chooser.random() < 0.4 else bot_action(state, seat)
        state, _ = e.apply(state, seat, action)
        states.append(state)
    return states


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_forced_move_is_the_only_move_and_follows_from_public_facts(players: int) -> None:
    rng = random.Random(players)
    forced = 0
    for seed in range(3):
        for state in _playout(players, 10 * players + seed):
            for seat in e.pending(state):
                move = e.forced_action(state, seat)
                if move is not None:
                    assert e.legal_actions(state, seat) == [move], (state.phase, move)
                    forced += 1
                for _ in range(RESHUFFLES if state.phase != "split" else 0):
                    other = hide_differently(state, None, rng, own_hand=True)
                    assert e.forced_action(other, seat) == move
    assert forced > 20


# -- skip_action (I23): what a vote may play for a player whose time ran out ------------------


def test_a3_a_timed_out_player_may_be_skipped_only_by_saying_passo_in_an_apparition() -> None:
    """A3 "Chi non può o non vuole posizionare carte deve dire 'passo'": the one decision the
    rules let anyone decline, so the one a vote may skip, whatever the hand holds."""
    state = at_apparition(hands={1: ("ghoul:1", "zombie:2")})
    assert ENGINE.skip_action(state, 1) == Pass()
    assert Pass() in ENGINE.legal_actions(state, 1)
    assert ENGINE.skip_action(state, 2) is None  # not this seat's decision now


def test_a_fight_a_discard_and_the_split_are_never_skipped() -> None:
    fight = at_resolution(monsters=())
    assert all(ENGINE.skip_action(fight, seat) is None for seat in range(3))
    start = ENGINE.setup(3, {}, 7)
    assert all(ENGINE.skip_action(start, seat) is None for seat in ENGINE.pending(start))
