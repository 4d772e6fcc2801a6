"""Munchkin Fu's ``determinize`` (issue 28): the hard bot's sample of what a seat cannot see,
checked on random games of 3 to 6 players, in every variant and at every phase, fight stage
and choice.

Hidden from a seat: the other hands (but the cards everyone saw arrive, ``shown``, and an
epic Monk's neighbours, E), the order of both decks, a choice's options when they name the
chooser's hand cards, and the dice to come.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.munchkin_fu import engine as e
from rules.munchkin_fu import model
from rules.munchkin_fu.content import DECK
from rules.munchkin_fu.determinize import determinize
from rules.munchkin_fu.run import epic_ops
from rules.munchkin_fu.views import PUBLIC_CHOICES
from tests.rules.determinize_checks import check, playout, state_after

GAME = "munchkin_fu"


def _hidden(state: model.State, seat: int) -> bool:
    """Something to re-deal: a deck of two cards or more, or an unshown card in another hand."""
    unshown = [
        c for s, p in enumerate(state.players) if s != seat for c in p.hand if c not in p.shown
    ]
    return len(state.door) > 1 or len(state.treasure) > 1 or bool(unshown)


def _kind(state: model.State) -> Hashable:
    fight = state.fight.stage if state.fight is not None else ""
    choice = state.choice.kind if state.choice is not None else ""
    return state.phase, fight, choice


def _hidden_choice(state: model.State, seat: int) -> bool:
    c = state.choice
    return c is not None and c.seat != seat and c.kind not in PUBLIC_CHOICES


VARIANTS: list[tuple[int, dict[str, Any]]] = [
    (3, {}),
    (4, {"fast": True}),
    (5, {"epic": "yes"}),
    (6, {"epic": "race"}),
]
"""Every table size, each with a variant: the fast game, the epic powers, the race to 20."""


def test_the_rules_module_offers_determinize() -> None:
    assert e.determinize is determinize  # ModuleEngine looks it up on the rules module


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_determinize_keeps_the_view_and_re_deals_the_rest(
    players: int, options: dict[str, Any]
) -> None:
    for state in playout(GAME, players, options, players, max_steps=700, kind=_kind):
        for seat in range(players):
            check(GAME, determinize, state, seat, model.all_cards, _hidden(state, seat), steps=30)


def test_cards_everyone_saw_arrive_stay_in_their_hand() -> None:
    state = playout(GAME, 4, {}, 2, points=2)[0]
    hand = state.players[1].hand
    state = model.with_player(state, 1, shown=hand[:2])
    for seed in range(4):
        after = determinize(state, 0, random.Random(seed)).players[1]
        assert after.hand[:2] == hand[:2] and after.shown == hand[:2]
        assert set(after.hand[2:]).isdisjoint(hand[:2])


def _named(option: str) -> set[str]:
    return {part for part in option.split(":") if part in DECK.cards}


def test_a_hidden_choice_is_re_asked_of_the_re_dealt_hand() -> None:
    """Charity, a running escape card, a hand loss: options naming the chooser's hand cards
    are re-listed from the new hand, so every option names a card the chooser holds, and
    answering it keeps every card in one place."""
    checked = 0
    for players, seed in [(3, 1), (4, 2), (5, 3), (6, 4)]:
        states = playout(GAME, players, {}, seed, max_steps=1_500, kind=_kind, points=40)
        for state in states:
            for seat in range(players):
                if not _hidden_choice(state, seat):
                    continue
                assert state.choice is not None
                chooser = state.choice.seat
                for rng_seed in range(3):
                    result = determinize(state, seat, random.Random(rng_seed))
                    assert result.choice is not None
                    p = result.players[chooser]
                    for option in result.choice.options:
                        assert _named(option) <= {*p.hand, *p.items}, option
                    assert result.choice.default in result.choice.options
                    for action in e.legal_actions(result, chooser):
                        after, _ = e.apply(result, chooser, action)
                        assert Counter(model.all_cards(after)) == Counter(model.all_cards(result))
                    checked += 1
    assert checked


def test_an_epic_monk_keeps_seeing_the_neighbours_hands() -> None:
    """E: the Monk's clairvoyance shows the hands on either side: those stay as they are."""
    state = playout(GAME, 5, {"epic": "yes"}, 1, points=2)[0]
    monk = next(c.id for c in DECK.cards.values() if c.kind == "class" and c.class_id == "monk")
    players = tuple(replace(p, hand=tuple(c for c in p.hand if c != monk)) for p in state.players)
    state = replace(state, players=players, door=tuple(c for c in state.door if c != monk))
    state = model.with_player(state, 0, classes=(monk,))
    assert "clairvoyance" in epic_ops(state, 0)
    for seed in range(4):
        result = determinize(state, 0, random.Random(seed))
        assert [p.hand for p in result.players[:2]] == [p.hand for p in state.players[:2]]
        assert result.players[4].hand == state.players[4].hand
        assert e.view(result, 0) == e.view(state, 0)
    others = {determinize(state, 0, random.Random(s)).players[2].hand for s in range(4)}
    assert len(others) > 1


def test_the_decks_are_re_dealt_and_the_seat_keeps_its_hand() -> None:
    state = playout(GAME, 3, {}, 5, points=3)[1]
    results = [determinize(state, 0, random.Random(s)) for s in range(4)]
    assert all(r.players[0].hand == state.players[0].hand for r in results)
    assert len({r.door for r in results}) > 1 and len({r.treasure for r in results}) > 1
    assert all(len(r.door) == len(state.door) for r in results)
    assert replace(results[0], rng=state.rng) != state


@settings(max_examples=20, deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 800),
    seat=st.integers(0, 5),
)
def test_any_moment_of_any_game_determinizes(
    variant: tuple[int, dict[str, Any]], seed: int, steps: int, seat: int
) -> None:
    players, options = variant
    state = state_after(GAME, players, options, seed, steps)
    seat %= players
    check(GAME, determinize, state, seat, model.all_cards, _hidden(state, seat), steps=10)
