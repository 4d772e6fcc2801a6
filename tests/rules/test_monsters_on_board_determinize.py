"""Monsters on Board's ``determinize`` (issue 28): the hard bot's sample of what a seat cannot
see, checked on random games of every mode (normal with both drafts, family, solo 1, solo 2)
at every phase.

Hidden from a seat: the other seats' prophecy cards until the end, a pick made this draft step
before the cars pass (simultaneous draft and family mode, I8: the die and, in family mode, the
row), the order of the Arch deck, the ghost supply and the solo deck, and the dice to come.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.monsters_on_board import engine as e
from rules.monsters_on_board import model
from rules.monsters_on_board.determinize import determinize
from rules.monsters_on_board.prophecy import prophecy_cards
from tests.rules.determinize_checks import check, playout, state_after

GAME = "monsters_on_board"


def cards(state: model.State) -> list[str]:
    """Every die, ghost, Arch card and solo card wherever it lies (prophecy cards are dealt
    one a seat from twelve: the others stay in the box, so they are checked apart)."""
    found = list(state.bag) + [d for car in state.cars for d, _ in filter(None, car)]
    for seat in state.seats:
        found += [d for d, _ in seat.avenue] + [d for row in seat.order for d, _ in row]
        found += [d for _, (d, _) in seat.removed]
        found += [g for _, g in seat.ghosts] + [*seat.arch, *seat.flipped]
    found += [d for d, _ in state.ai_picks]
    if state.jack is not None:
        found += [d for d, _ in state.jack.dice] + [d for d, _ in filter(None, [state.jack.spare])]
        found += list(state.jack.ghosts)
    found += [*state.ghost_supply, *filter(None, state.ghost_market), *state.ghost_discard]
    found += [*state.arch_deck, *filter(None, state.arch_market), *state.arch_discard]
    return [*found, *state.solo_deck, *state.solo_revealed]


def _secret_pick(state: model.State, seat: int) -> bool:
    return state.draft == "simultaneous" and any(
        s.pick is not None for i, s in enumerate(state.seats) if i != seat
    )


def _hidden(state: model.State, seat: int) -> bool:
    decks = (state.arch_deck, state.ghost_supply, state.solo_deck)
    others = state.num_players > 1 and not state.over
    return any(len(d) > 1 for d in decks) or others or _secret_pick(state, seat)


def _kind(state: model.State) -> Hashable:
    picks = sum(s.pick is not None for s in state.seats)
    stacks = tuple(sorted({f.kind for s in state.seats for f in s.stack}))
    return state.phase, picks > 0, stacks


MODES: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {"draft": "turn_order"}),
    (4, {}),
    (2, {"mode": "family"}),
    (4, {"mode": "family"}),
    (1, {"mode": "solo1"}),
    (1, {"mode": "solo2", "difficulty": "ghosts+prophecy"}),
]


def test_the_rules_module_offers_determinize() -> None:
    assert e.determinize is determinize  # ModuleEngine looks it up on the rules module


@pytest.mark.parametrize(("players", "options"), MODES)
def test_determinize_keeps_the_view_and_re_deals_the_rest(
    players: int, options: dict[str, Any]
) -> None:
    for state in playout(GAME, players, options, players, max_steps=900, kind=_kind):
        for seat in range(players):
            check(GAME, determinize, state, seat, cards, _hidden(state, seat), steps=30)


def test_other_prophecies_are_any_of_the_cards_the_seat_does_not_hold() -> None:
    state = e.setup(2, {}, 4)
    mine = state.seats[0].prophecy
    theirs = {determinize(state, 0, random.Random(s)).seats[1].prophecy for s in range(40)}
    assert mine not in theirs and theirs <= set(prophecy_cards())
    assert len(theirs) > 2  # not just swapped between the seats: any card left in the box
    four = e.setup(4, {}, 4)
    for seed in range(5):
        dealt = [s.prophecy for s in determinize(four, 2, random.Random(seed)).seats]
        assert dealt[2] == four.seats[2].prophecy and len(set(dealt)) == 4


def test_a_pick_not_yet_revealed_is_re_chosen_and_a_shown_one_kept() -> None:
    state = e.setup(3, {}, 8)
    state, _ = e.apply(state, 1, e.legal_actions(state, 1)[0])
    picks = {determinize(state, 0, random.Random(s)).seats[1].pick for s in range(12)}
    assert len(picks) > 1 and None not in picks
    turn_order = e.setup(3, {"draft": "turn_order"}, 8)
    first = e.pending(turn_order)[0]
    turn_order, _ = e.apply(turn_order, first, e.legal_actions(turn_order, first)[-1])
    seat = (first + 1) % 3
    kept = {determinize(turn_order, seat, random.Random(s)).seats[first].pick for s in range(6)}
    assert kept == {turn_order.seats[first].pick}


def test_family_picks_keep_a_row_with_room() -> None:
    state = e.setup(3, {"mode": "family"}, 2)
    state, _ = e.apply(state, 2, e.legal_actions(state, 2)[-1])
    rows = set()
    for seed in range(12):
        seat = determinize(state, 0, random.Random(seed)).seats[2]
        assert seat.pick is not None and seat.pick_row is not None
        rows.add(seat.pick_row)
    assert len(rows) > 1


@settings(max_examples=20, deadline=None)
@given(
    mode=st.sampled_from(MODES),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 500),
    seat=st.integers(0, 3),
)
def test_any_moment_of_any_game_determinizes(
    mode: tuple[int, dict[str, Any]], seed: int, steps: int, seat: int
) -> None:
    players, options = mode
    state = state_after(GAME, players, options, seed, steps)
    seat %= players
    check(GAME, determinize, state, seat, cards, _hidden(state, seat), steps=10)
