"""Monsters on Board engine: the back-page actions (K1-K9a) and the summoning tracks (I22,
I23), each opened as a decision on the seat's stack the way a die, a stop or a track opens it."""

from __future__ import annotations

from typing import Any

from rules.monsters_on_board import engine as E
from rules.monsters_on_board.arch import arch_cards
from rules.monsters_on_board.effects import summoning
from rules.monsters_on_board.model import Flip, Frame, MoveNext, Place, Skip, State, Use
from tests.rules.test_monsters_on_board import BOARD, die, game, on_board, placing, play, where

AVENUE = (die("pink", 4), die("blue", 2), die("green", 5), die("black", 6))
ORDER = ((die("orange", 2), die("purple", 5)), (die("pink", 3, 1),), ())


def opened(icon: str, fixed: str = "", **seat: Any) -> State:
    """A board-phase state whose seat 0 has one open ``icon`` from a test source."""
    seat.setdefault("avenue", AVENUE)
    seat.setdefault("order", ORDER)
    frame = Frame("actions", "test", items=(("test", icon),), fixed=fixed)
    return on_board(game(), stack=(frame,), **seat)


def uses(state: State, icon: str) -> list[Use]:
    return [a for a in E.legal_actions(state, 0) if isinstance(a, Use) and a.icon == icon]


def test_K1_swap_two_order_dice_keeping_their_faces() -> None:
    state = opened("swap")
    assert {a.params for a in uses(state, "swap")} == {(0, 0, 0, 1), (0, 0, 1, 0), (0, 1, 1, 0)}
    state = play(state, 0, Use("test", "swap", (0, 1, 1, 0)))
    assert state.seats[0].order[:2] == (
        (die("orange", 2), die("pink", 3, 1)),
        (die("purple", 5),),
    )
    assert uses(opened("swap", order=((die("orange", 2),), (), ())), "swap") == []  # I44


def test_K2_promote_or_demote_one_die_by_one() -> None:
    state = opened("promote")
    params = {a.params for a in uses(state, "promote")}
    assert ("pink-00", 1) in params and ("pink-00", -1) in params  # the Avenue (I20)
    assert ("purple-00", 1) in params  # the Order
    state = play(state, 0, Use("test", "promote", ("purple-00", -1)))
    assert state.seats[0].order[0][1] == die("purple", 4)
    state = play(opened("promote"), 0, Use("test", "promote", ("green-00", 1)))
    assert die("green", 6) in state.seats[0].avenue


def test_K2a_cannot_change_the_die_just_placed() -> None:
    state = placing(game(), avenue=(die("pink", 2), *AVENUE[1:]))  # pink-00 rank 2: promote
    state = play(state, 0, Place("pink-00", 0))
    dice = {a.params[0] for a in uses(state, "promote")}
    assert "pink-00" not in dice and "blue-00" in dice


def test_K2b_rank_stays_within_1_and_6() -> None:
    state = opened("promote", avenue=(die("pink", 1), die("blue", 6)), order=((), (), ()))
    assert {a.params for a in uses(state, "promote")} == {("pink-00", 1), ("blue-00", -1)}


def test_K2c_jack_dice_cannot_be_promoted() -> None:
    state = opened("promote", avenue=(), order=((), (), ()), jack=(3, 3, 3))
    assert uses(state, "promote") == []
    assert E.legal_actions(state, 0) == [Skip("test")]


def test_K3_move_creature_moves_every_creature_of_a_colour_once() -> None:
    creatures = tuple((c, BOARD.starts[c]) for c in BOARD.starts if c != "blue")
    creatures += (("blue", BOARD.starts["blue"]), ("blue", "a02-blue"))
    state = opened("move_creature", creatures=creatures)
    assert {a.params for a in uses(state, "move_creature")} == {(c,) for c in BOARD.starts}
    state = play(state, 0, Use("test", "move_creature", ("blue",)))
    assert {a for a in E.legal_actions(state, 0) if isinstance(a, MoveNext)} == {
        MoveNext(5),
        MoveNext(6),
    }
    state = play(state, 0, MoveNext(6))
    assert sorted(where(state, 0, "blue")) == ["a02-blue", "a04-blue"]
    # I21: the new stops' actions come first, then the frame the move came from.
    top = state.seats[0].stack[-1]
    assert top.source == "stops" and set(top.items) == {
        ("space:a02-blue", "evil:1"),
        ("space:a04-blue", "swap"),
    }


def test_K4_move_servant_to_an_empty_path_space() -> None:
    state = opened(
        "move_servant",
        creatures=(("pink", "a01-pink"),),
        ghosts=(("a03-pink", "g01"),),
        servants=("a05-pink", *BOARD.lodges[1:]),
    )
    params = {a.params for a in uses(state, "move_servant")}
    targets = {p[1] for p in params}
    assert targets.isdisjoint({"a01-pink", "a03-pink", "a05-pink"}) and len(targets) == 33
    assert {p[0] for p in params} == {0, 1}  # the path servant and one lodge servant
    state = play(state, 0, Use("test", "move_servant", (1, "a07-pink")))
    assert state.seats[0].servants[1] == "a07-pink"


def test_K4a_servant_triggers_nothing_and_blocks_creatures() -> None:
    state = opened("move_servant")
    state = play(state, 0, Use("test", "move_servant", (0, "a01-pink")))
    seat = state.seats[0]
    assert seat.evil == 0 and not seat.stack
    state = play(state, 0, E.Activate("pink-00"))
    assert where(state, 0, "pink") == ["a03-pink"]  # a01 holds the servant: skipped (M9)


def test_K5_gain_the_juice_shown() -> None:
    state = play(opened("juice:5", juice=2), 0, Use("test", "juice:5", ()))
    assert state.seats[0].juice == 7


def test_K6_feed_raises_a_jack_die_up_to_6() -> None:
    state = opened("feed", jack=(6, 2, 6))
    assert [a.params for a in uses(state, "feed")] == [(1,)]
    state = play(state, 0, Use("test", "feed", (1,)))
    assert state.seats[0].jack == (6, 3, 6)


def test_K7_gain_one_evil_per_icon_capped_at_8() -> None:
    assert play(opened("evil:2", evil=3), 0, Use("test", "evil:2", ())).seats[0].evil == 5
    assert play(opened("evil:2", evil=7), 0, Use("test", "evil:2", ())).seats[0].evil == 8


def test_K8_call_advances_one_summon_marker() -> None:
    state = opened("call", summon=(6, 3, 6))
    assert [a.params for a in uses(state, "call")] == [(1,)]  # I23: a marker at 6 stays
    state = play(state, 0, Use("test", "call", (1,)))
    assert state.seats[0].summon == (6, 4, 6)
    assert uses(opened("call", summon=(6, 6, 6)), "call") == []


def test_K8a_track_action_is_done_at_once() -> None:
    state = play(opened("call"), 0, Use("test", "call", (0,)))  # top row, position 1: feed
    top = state.seats[0].stack[-1]
    assert top.source == "track:0" and top.items == (("track:0", BOARD.tracks[0][1].icon),)
    state = play(state, 0, Use("track:0", "feed", (2,)))
    assert state.seats[0].jack == (1, 1, 2)


def test_K8b_summon_space_scores_the_row_above() -> None:
    state = opened("call", summon=(1, 0, 0), jack=(2, 1, 1))
    state, events = E.apply(state, 0, Use("test", "call", (0,)))
    assert BOARD.tracks[0][2].summon
    assert state.seats[0].juice == 2 + 5
    assert {"type": "summoning", "seat": 0, "row": 0, "juice": 7} in events


def test_K9_summoning_sums_the_leftmost_jack_value_dice() -> None:
    row = (die("pink", 4), die("blue", 2), die("green", 5))
    assert summoning(row, 2) == 6
    assert summoning(row, 6) == 11  # fewer dice than the Jack die: those there are
    assert summoning((), 4) == 0


def test_K9a_example_jack_3_gives_6() -> None:
    row = (die("pink", 1), die("blue", 2), die("green", 3), die("black", 6))
    state = opened("call", summon=(0, 0, 3), jack=(1, 1, 3), order=((), (), row))
    state = play(state, 0, Use("test", "call", (2,)))
    assert state.seats[0].juice == 6


def test_I19_a_flip_inside_a_move_resolves_first_and_the_move_goes_on() -> None:
    card = next(c for c in arch_cards().values() if "move_creature" in c.back)
    creatures = (*((c, BOARD.starts[c]) for c in BOARD.starts if c != "pink"),)
    creatures += (("pink", "a09-pink"), ("pink", "a11-pink"))
    frame = Frame("move", "die:pink-00", colour="pink", left=(5, 6))
    state = on_board(game(), creatures=creatures, stack=(frame,), arch=(card.id,))
    state = play(state, 0, Flip(card.id, "move_creature", ("pink",)), MoveNext(6))
    assert where(state, 0, "pink") == ["a11-pink", "final"]
    assert state.seats[0].stack[-1].source == "stops"  # the flip's stop (a11: juice 5)
    state = play(state, 0, Use("space:a11-pink", "juice:5", ()))
    assert where(state, 0, "pink") == ["final", "final"]  # the die's move went on
    assert state.seats[0].juice == 5
