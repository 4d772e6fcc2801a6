"""Monsters on Board engine: the spectral phase (P1-P14) and its market (I14, I43)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.monsters_on_board import engine as E
from rules.monsters_on_board.effects import stop_items
from rules.monsters_on_board.model import BuyArch, BuyGhost, Pass, State, with_seat
from rules.monsters_on_board.spectral import take
from tests.rules.test_monsters_on_board import BOARD, C, die, game, on_board, play, where

GHOSTS = ("g01", "g31", "g37", "g02", "g06")  # pink juice, multi swap, pink add, pink, blue


def spectral(players: int = 2, evil: int = 8, **state_changes: Any) -> State:
    """A spectral phase with every seat holding ``evil``; the market as given."""
    state = game(players, seed=3)
    state = replace(state, phase="spectral", turn=state.first, passes=0, cars=(), **state_changes)
    for seat in range(players):
        state = with_seat(state, seat, evil=evil)
    return state


def buys(state: State, seat: int) -> list[BuyGhost | BuyArch]:
    return [a for a in E.legal_actions(state, seat) if isinstance(a, (BuyGhost, BuyArch))]


def test_P1_one_purchase_or_pass_per_turn_clockwise_from_first() -> None:
    state = spectral(3)
    first = state.first
    assert E.pending(state) == [first] and Pass() in E.legal_actions(state, first)
    state = play(state, first, BuyArch(4))
    assert E.pending(state) == [(first + 1) % 3]
    state = play(state, (first + 1) % 3, Pass())
    assert E.pending(state) == [(first + 2) % 3]


def test_P2_a_pass_is_not_final() -> None:
    state = spectral(2)
    first, other = state.first, 1 - state.first
    state = play(state, first, Pass())
    state = play(state, other, BuyArch(4))
    assert E.pending(state) == [first] and BuyArch(4) in E.legal_actions(state, first)


def test_P3_ghost_costs_the_evil_shown_below_it() -> None:
    state = spectral(2, evil=3, ghost_market=GHOSTS)
    first = state.first
    slots = {a.slot for a in buys(state, first) if isinstance(a, BuyGhost)}
    assert slots == {2, 3, 4}  # prices 5 4 3 2 1 left to right (I14)
    action = next(a for a in buys(state, first) if isinstance(a, BuyGhost) and a.slot == 3)
    assert play(state, first, action).seats[first].evil == 3 - 2


def test_P4_ghost_goes_on_an_empty_space_of_its_colour() -> None:
    state = spectral(2, ghost_market=GHOSTS)
    first = state.first
    state = with_seat(
        state, first, creatures=(("pink", "a01-pink"),), ghosts=(("a03-pink", "g04"),)
    )
    state = with_seat(state, first, servants=("a05-pink", *BOARD.lodges[1:]))
    targets = {a.target for a in buys(state, first) if isinstance(a, BuyGhost) and a.slot == 0}
    assert targets == {"a07-pink", "a09-pink", "a11-pink"}


def test_P5_multicolour_ghost_goes_on_any_colour() -> None:
    state = spectral(2, ghost_market=GHOSTS)
    targets = {
        a.target for a in buys(state, state.first) if isinstance(a, BuyGhost) and a.slot == 1
    }
    assert targets == set(BOARD.spaces)


def test_P6_ghost_may_cover_a_space_with_or_without_an_icon() -> None:
    state = spectral(2, ghost_market=GHOSTS)
    first = state.first
    targets = {a.target for a in buys(state, first) if isinstance(a, BuyGhost) and a.slot == 0}
    assert {"a01-pink", "a03-pink"} <= targets
    state = play(state, first, BuyGhost(0, "a01-pink"))
    assert stop_items(state.seats[first], "a01-pink") == (
        ("space:a01-pink", "evil:1"),
        ("ghost:g01", "juice:3"),
    )


def test_P7_ghost_market_slides_right_and_refills_leftmost() -> None:
    state = spectral(2, ghost_market=GHOSTS, ghost_supply=("g10", "g11"))
    state = play(state, state.first, BuyGhost(3, "a01-pink"))
    assert state.ghost_market == ("g10", "g01", "g31", "g37", "g06")
    assert state.ghost_supply == ("g11",)
    assert take(("a", None, "c"), 2, ()) == ((None, None, "a"), ())  # I43: an empty supply


def test_P8_placing_a_ghost_triggers_nothing() -> None:
    state = spectral(2, ghost_market=GHOSTS)
    first = state.first
    state = play(state, first, BuyGhost(4, "a02-blue"))
    seat = state.seats[first]
    assert seat.juice == 0 and seat.evil == 8 - 1 and not seat.stack
    assert ("a02-blue", "g06") in seat.ghosts


def test_P9_add_creature_ghost_brings_a_creature_from_the_supply() -> None:
    state = spectral(2, ghost_market=GHOSTS)
    first = state.first
    targets = [a.target for a in buys(state, first) if isinstance(a, BuyGhost) and a.slot == 2]
    assert targets == ["add-pink"]
    state = play(state, first, BuyGhost(2, "add-pink"))
    seat = state.seats[first]
    assert ("add-pink", "g37") in seat.ghosts and seat.creatures[-1] == ("pink", "add-pink")
    # No creature left in the supply: the ghost is not offered.
    full = tuple(("pink", "final") for _ in range(5))
    crowded = with_seat(spectral(2, ghost_market=GHOSTS), 1 - first, creatures=full)
    assert not [a for a in buys(crowded, first) if isinstance(a, BuyGhost) and a.slot == 2]


def test_P10_added_creature_moves_straight_into_the_town() -> None:
    creatures = (*((c, BOARD.starts[c]) for c in C.colours), ("pink", "add-pink"))
    avenue = (die("pink", 4), die("blue", 2), die("green", 5), die("black", 6))
    state = on_board(game(), creatures=creatures, avenue=avenue, ghosts=(("add-pink", "g37"),))
    state = play(state, 0, E.Activate("pink-00"), E.MoveNext(6))
    assert sorted(where(state, 0, "pink")) == ["a01-pink", "a03-pink"]


def test_P11_arch_card_costs_the_evil_shown_above_it() -> None:
    state = spectral(2, evil=4)
    first = state.first
    assert {a.slot for a in buys(state, first) if isinstance(a, BuyArch)} == {1, 2, 3, 4}
    assert play(state, first, BuyArch(1)).seats[first].evil == 0


def test_P12_bought_arch_cards_are_public() -> None:
    state = spectral(2)
    first = state.first
    card = state.arch_market[4]
    state = play(state, first, BuyArch(4))
    for viewer in (None, 0, 1):
        assert E.view(state, viewer)["seats"][first]["arch"] == [card]


def test_P13_arch_market_slides_right_and_refills_leftmost() -> None:
    state = spectral(2)
    market, top = state.arch_market, state.arch_deck[0]
    state = play(state, state.first, BuyArch(2))
    assert state.arch_market == (top, market[0], market[1], market[3], market[4])


def test_P14_phase_ends_after_everyone_passes_in_a_row() -> None:
    state = spectral(3)
    first = state.first
    state = play(state, first, Pass())
    state = play(state, (first + 1) % 3, BuyArch(4))
    state = play(state, (first + 2) % 3, Pass())
    state = play(state, first, Pass())
    assert state.phase == "spectral"
    state = play(state, (first + 1) % 3, Pass())
    assert state.phase == "draft" and state.round == 2


def test_I43_an_empty_slot_cannot_be_bought() -> None:
    state = spectral(2, ghost_market=(None, None, "g01", "g02", "g06"), ghost_supply=())
    state = replace(state, arch_market=(None, *state.arch_market[1:]), arch_deck=())
    slots = {(type(a).__name__, a.slot) for a in buys(state, state.first)}
    assert ("BuyGhost", 0) not in slots and ("BuyArch", 0) not in slots
    state = play(state, state.first, BuyArch(3))
    assert state.arch_market[0] is None and state.arch_market[1] is None
