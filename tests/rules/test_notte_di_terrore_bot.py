"""Notte di Terrore's bot: legal everywhere, blind to hidden cards, and clearly stronger than the
first simple bot and than random play.

Why these tests: the simulator's findings are only as good as its players, and bot seats play
real people; a bot that cheats (reads hidden cards) or stalls would mislead both. Strength is
measured over seeded games with the bot's seat rotated, so no seat advantage helps it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from itertools import product
from typing import Any

import pytest

from rules.base import IllegalAction
from rules.notte_di_terrore import engine as e
from rules.notte_di_terrore.bot import bot_action, simple_bot_action
from rules.notte_di_terrore.engine import Action, State

Player = Callable[[State, int], Action]

STRENGTH_GAMES = 60
ALL_OPTIONS = [
    {"places": places, "victory": victory, "necronomicon_removed": removed}
    for places, victory, removed in product(
        range(3, 7), ("least_terror", "home_first"), (False, True)
    )
]


def random_player(seed: int) -> Player:
    chooser = random.Random(seed)

    def play(state: State, seat: int) -> Action:
        return chooser.choice(e.legal_actions(state, seat))

    return play


def play(seed: int, players: list[Player], options: dict[str, Any] | None = None) -> State:
    """A whole game, checking that every action chosen is one the engine offers."""
    state = e.setup(len(players), options or {}, seed)
    while pending := e.pending(state):
        seat = pending[0]
        action = players[seat](state, seat)
        assert action in e.legal_actions(state, seat), (seed, seat, action)
        state, _ = e.apply(state, seat, action)
    return state


def bot_share(opponent: Callable[[int], Player], games: int, seats: int = 4) -> float:
    """The new bot's share of the wins (ties split) with one seat, rotated over the games,
    against ``seats - 1`` opponents."""
    won = 0.0
    for seed in range(games):
        mine = seed % seats
        players = [bot_action if s == mine else opponent(seed * 10 + s) for s in range(seats)]
        winners = e.winners(play(seed, players))
        won += (mine in winners) / len(winners)
    return won / games


def test_beats_the_simple_bot() -> None:
    # Measured: about 99% of the wins with one seat against three simple bots (fair: 25%).
    assert bot_share(lambda seed: simple_bot_action, STRENGTH_GAMES) > 0.6


def test_beats_random_play() -> None:
    # Measured: every game against three random players (fair: 25%).
    assert bot_share(random_player, STRENGTH_GAMES // 2) > 0.7


def test_the_simple_bot_is_still_legal_and_finishes() -> None:
    state = play(3, [simple_bot_action] * 4)
    assert state.over


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=lambda o: "-".join(map(str, o.values())))
def test_every_bot_action_is_legal_for_every_option(options: dict[str, Any]) -> None:
    index = ALL_OPTIONS.index(options)
    for players in (3, 4, 5):
        seed = 100 * index + players
        assert play(seed, [bot_action] * players, options).over


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bot_stays_legal_among_random_players(players: int) -> None:
    """Random neighbours make states bots never make for each other (crowded Places, piles of
    Events, Weapons thrown away)."""
    for seed in range(4):
        seats = [bot_action if s % 2 == 0 else random_player(seed + s) for s in range(players)]
        options = ALL_OPTIONS[(seed * 5 + players) % len(ALL_OPTIONS)]
        assert play(seed, seats, options).over


def test_bot_refuses_a_seat_that_is_not_pending() -> None:
    state = e.setup(3, {}, 0)
    for seat in range(3):
        state, _ = e.apply(state, seat, bot_action(state, seat))
    waiting = next(s for s in range(3) if s not in e.pending(state))
    with pytest.raises(IllegalAction):
        bot_action(state, waiting)


def hide_differently(
    state: State, seat: int | None, rng: random.Random, *, own_hand: bool = False
) -> State:
    """The same table as ``seat`` sees it, with every hidden zone changed: other hands (and
    with ``own_hand`` the seat's own too) swapped with cards from the draw piles, Beings for
    Beings and Events for Events (how many of each a hand holds is public, S4/D4), draw piles
    reshuffled, face-down Places reshuffled."""
    decks = [list(d) for d in state.decks]
    players = list(state.players)
    pools = {True: decks[0], False: decks[2]}
    for pool in pools.values():
        rng.shuffle(pool)
    for other, player in enumerate(players):
        if other == seat and not own_hand:
            continue
        fresh = []
        for card in player.hand:
            pool = pools[e.is_being(card)]
            if pool:
                fresh.append(pool.pop(0))
                pool.append(card)
            else:
                fresh.append(card)
        players[other] = replace(player, hand=tuple(fresh))
    beings, events = pools[True], pools[False]
    places = [c for p in players for c in p.face_down] + decks[3]
    rng.shuffle(places)
    for i, player in enumerate(players):
        count = len(player.face_down)
        players[i] = replace(player, face_down=tuple(places[:count]))
        places = places[count:]
    for deck in (beings, events, decks[1]):
        rng.shuffle(deck)
    new_decks = (tuple(beings), tuple(decks[1]), tuple(events), tuple(places))
    return replace(state, players=tuple(players), decks=new_decks)


def test_bot_acts_only_on_what_its_seat_may_know() -> None:
    rng = random.Random(7)
    checked = 0
    for seed in range(3):
        state = e.setup(4, {}, seed)
        while pending := e.pending(state):
            seat = pending[0]
            action = bot_action(state, seat)
            if state.phase != "split":
                assert bot_action(hide_differently(state, seat, rng), seat) == action
                checked += 1
            state, _ = e.apply(state, seat, action)
    assert checked > 300
