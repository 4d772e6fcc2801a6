"""Notte di Terrore's ``determinize`` (issue 28): the hard bot's sample of what a seat cannot
see, checked on random games of 3, 4 and 5 players at every phase.

Hidden from a seat: the other hands (but how many Events and Beings each holds, S4/D4, I21),
every face-down Place (its own too), the draw piles' order, the other seats' split while
they choose it (S4), and the dice to come.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.notte_di_terrore import engine as e
from rules.notte_di_terrore.determinize import determinize
from tests.rules.determinize_checks import check, playout, state_after

GAME = "notte_di_terrore"


def cards(state: e.State) -> list[str]:
    """Every card wherever it lies: decks, discards, removed, paths, hands, tables, piles."""
    found = [c for deck in state.decks for c in deck]
    found += [c for deck in state.discards for c in deck] + list(state.removed)
    for p in state.players:
        found += [*p.face_down, *p.path, *p.hand, *p.table, *[c.card for c in p.pile]]
        found += [x for x in (p.revealed, p.weapon_hand) if x]
        for m in p.monsters:
            found += [m.card, *m.events, *([m.summoned_by] if m.summoned_by else [])]
    return found


def _hidden(state: e.State, seat: int) -> bool:
    """Something to re-deal: two cards of one kind among the unseen ones, or a split."""
    others = [p for s, p in enumerate(state.players) if s != seat]
    unseen = [*state.decks[0], *state.decks[2], *[c for p in others for c in p.hand]]
    kinds = Counter(e.is_event(c) for c in unseen)
    places = len(state.decks[3]) + sum(len(p.face_down) for p in state.players)
    split = state.phase == "split" and any(p.split is not None for p in others)
    return max(kinds.values(), default=0) > 1 or len(state.decks[1]) > 1 or places > 1 or split


def _kind(state: e.State) -> tuple[str, int]:
    return state.phase, sum(p.split is not None for p in state.players)


def test_the_rules_module_offers_determinize() -> None:
    assert e.determinize is determinize  # ModuleEngine looks it up on the rules module


@pytest.mark.parametrize("players", [3, 4, 5])
def test_determinize_keeps_the_view_and_re_deals_the_rest(players: int) -> None:
    for state in playout(GAME, players, {}, players, max_steps=600, kind=_kind):
        for seat in range(players):
            check(GAME, determinize, state, seat, cards, _hidden(state, seat))


def test_other_hands_keep_their_events_and_beings_and_are_re_dealt() -> None:
    state = next(s for s in playout(GAME, 4, {}, 3, kind=_kind) if s.phase == "apparition")
    changed = 0
    for seed in range(5):
        result = determinize(state, 0, random.Random(seed))
        assert result.players[0].hand == state.players[0].hand
        for before, after in zip(state.players[1:], result.players[1:], strict=True):
            assert e.hand_kinds(after.hand) == e.hand_kinds(before.hand)
            changed += after.hand != before.hand
    assert changed


def test_a_split_being_chosen_is_hidden_from_the_others() -> None:
    state = e.setup(3, {}, 5)
    state, _ = e.apply(state, 1, e.ChooseSplit(4))
    splits = {determinize(state, 0, random.Random(seed)).players[1].split for seed in range(8)}
    assert len(splits) > 1 and None not in splits
    assert {determinize(state, 1, random.Random(s)).players[1].split for s in range(3)} == {4}
    assert {determinize(state, 0, random.Random(s)).players[2].split for s in range(3)} == {None}


@settings(max_examples=20, deadline=None)
@given(
    players=st.integers(3, 5),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 600),
    seat=st.integers(0, 4),
)
def test_any_moment_of_any_game_determinizes(
    players: int, seed: int, steps: int, seat: int
) -> None:
    state = state_after(GAME, players, {}, seed, steps)
    check(GAME, determinize, state, seat % players, cards, _hidden(state, seat % players), steps=10)


def test_determinize_depends_only_on_the_view() -> None:
    """Two tables the seat cannot tell apart give the same deal for the same ``rng``: the
    hard look-ahead plays out these deals, so its move depends on the view alone."""
    for state in playout(GAME, 4, {}, 8, max_steps=600, kind=_kind):
        seat = 0
        other = determinize(state, seat, random.Random(1))
        assert e.view(other, seat) == e.view(state, seat)
        same = [determinize(s, seat, random.Random(9)) for s in (state, other)]
        assert same[0] == same[1]
