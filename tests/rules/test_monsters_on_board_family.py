"""Monsters on Board engine: family mode (FM1-FM17, I31-I33), its forced and skip moves and
its bot."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from rules.monsters_on_board import engine as E
from rules.monsters_on_board.draft import car_of
from rules.monsters_on_board.model import (
    Die,
    FamilyPick,
    ScoreRow,
    Skip,
    State,
    Use,
    with_seat,
)
from tests.rules.test_monsters_on_board import (
    C,
    bot_wins_against_random,
    dice_everywhere,
    die,
    game,
    play,
    run,
)

PINK_1 = die("pink", 1)  # rank 1 shows 3 icons (I6)
PINK_2 = die("pink", 2)  # rank 2: 2 icons
BLUE_4 = die("blue", 4, 1)  # rank 4: 1 icon
FILL = (die("black", 6, 2), die("orange", 5, 2), die("purple", 3, 2))


def family(players: int = 2, seed: int = 1) -> State:
    return game(players, seed=seed, mode="family")


def cars(state: State, *first: Die) -> State:
    """Car i holds ``first[i]`` in its hood slot, then filler dice (step 0: seat i's car)."""
    return replace(state, cars=tuple((d, *FILL) for d in first))


def at(state: State, seat: int, colour: str, area: int) -> State:
    location = f"start-{colour}" if area == 0 else f"f{area:02d}-{colour}"
    creatures = tuple(
        (c, location if c == colour else loc) for c, loc in state.seats[seat].creatures
    )
    return with_seat(state, seat, creatures=creatures)


def lane(state: State, seat: int, colour: str) -> str:
    return next(loc for c, loc in state.seats[seat].creatures if c == colour)


def both_pick(state: State, mine: FamilyPick, theirs: FamilyPick) -> State:
    return play(play(state, 0, mine), 1, theirs)


def step_once(state: State, row: int = 0) -> State:
    """Every seat picks its car's hood die into ``row`` (and skips any area choice)."""
    for seat in range(state.num_players):
        car = state.cars[car_of(state, seat)]
        die_id = next(d for d in car if d is not None)[0]
        state = play(state, seat, FamilyPick(die_id, row))
    while state.phase == "family_move":
        seat = E.pending(state)[0]
        state = play(state, seat, Skip(state.seats[seat].stack[-1].source))
    return state


# --- setup ---------------------------------------------------------------------------------------


def test_FM1_servants_start_in_reserve() -> None:
    state = family(3)
    assert all(seat.servants == ("reserve",) * 6 for seat in state.seats)
    assert E.view(state, None)["seats"][0]["reserve"] == 6


def test_FM2_no_arch_cards_or_ghosts() -> None:
    state = family(4)
    assert state.ghost_market == state.arch_market == state.ghost_supply == state.arch_deck == ()
    market = E.view(state, None)["market"]
    assert market["ghosts"] == market["arch"] == [] and market["arch_deck"] == 0


def test_FM3_family_side_and_one_prophecy_each() -> None:
    state = family(4)
    prophecies = [seat.prophecy for seat in state.seats]
    assert len(set(prophecies)) == 4 and None not in prophecies
    for seat in state.seats:
        assert sorted(seat.creatures) == sorted((c, f"start-{c}") for c in C.colours)
        assert seat.jack == (6, 6, 6) and seat.evil == 0  # no Spider Jack dice on this side
    assert E.view(state, 1)["seats"][1]["lanes"] == dict.fromkeys(C.colours, 0)


def test_FM4_four_dice_per_car_each_round() -> None:
    state = family(3, seed=2)
    assert [sum(d is not None for d in car) for car in state.cars] == [4, 4, 4]
    assert state.phase == "family_pick" and len(state.bag) == 78 - 12
    state = run(state, random.Random(2), until="family_row")
    state = run(state, random.Random(2), until="family_pick")
    assert state.round == 2 and [sum(d is not None for d in c) for c in state.cars] == [4] * 3


# --- the round's three steps ---------------------------------------------------------------------


def test_FM5_pick_move_pass_in_lockstep() -> None:
    state = cars(at(family(3), 0, "pink", 2), PINK_2, BLUE_4, die("green", 4, 3))
    state = play(state, 0, FamilyPick("pink-00", 0))
    assert E.pending(state) == [1, 2] and state.phase == "family_pick" and state.step == 0
    state = play(state, 1, FamilyPick("blue-01", 0))
    state = play(state, 2, FamilyPick("green-03", 0))
    # seat 0's creature stopped in area 4 with a choice: only it is pending, the step waits
    assert state.phase == "family_move" and E.pending(state) == [0] and state.step == 0
    state = play(state, 0, Skip("area:4"))
    assert state.phase == "family_pick" and state.step == 1 and E.pending(state) == [0, 1, 2]


def test_FM6_pick_goes_straight_to_an_order_row() -> None:
    state = cars(family(2), BLUE_4, PINK_1)
    state = with_seat(state, 0, order=((), (die("green", 2),), ()))
    assert FamilyPick("blue-01", 2) in E.legal_actions(state, 0)
    state = play(state, 0, FamilyPick("blue-01", 1))
    other, own = E.view(state, 1)["seats"][0], E.view(state, 0)["seats"][0]
    assert other["picked"] and "pick" not in other and "pick_row" not in other  # I8
    assert own["pick"] == "blue-01" and own["pick_row"] == 1
    state = play(state, 1, FamilyPick("pink-00", 0))
    assert state.seats[0].order[1] == (die("green", 2), BLUE_4)  # the leftmost empty space
    full = with_seat(family(2), 0, order=((die("green", 2),) * 6, (), ()))
    assert not [a for a in E.legal_actions(full, 0) if isinstance(a, FamilyPick) and a.row == 0]


def test_FM7_creature_advances_one_space_per_icon() -> None:
    state = both_pick(cars(family(2), PINK_1, BLUE_4), *_hoods(0))
    assert lane(state, 0, "pink") == "f03-pink"  # three icons
    assert lane(state, 1, "blue") == "f01-blue"  # one icon
    assert all(lane(state, s, "green") == "start-green" for s in (0, 1))


def _hoods(row: int) -> tuple[FamilyPick, FamilyPick]:
    return FamilyPick("pink-00", row), FamilyPick("blue-01", row)


def test_FM8_passing_areas_4_or_8_offers_their_action() -> None:
    state = both_pick(cars(at(family(2), 0, "pink", 2), PINK_1, BLUE_4), *_hoods(0))
    assert lane(state, 0, "pink") == "f04-pink" and E.pending(state) == [0]
    assert E.view(state, 0)["seats"][0]["decision"]["source"] == "area:4"
    state = play(state, 0, Skip("area:4"))  # "puoi": the action may be skipped
    assert lane(state, 0, "pink") == "f05-pink" and state.phase == "family_pick"
    state = both_pick(cars(at(family(2), 0, "pink", 6), PINK_2, BLUE_4), *_hoods(0))
    # through area 8 with one die in the Order: nothing to swap, no choice (I44)
    assert lane(state, 0, "pink") == "f08-pink" and state.phase == "family_pick"


def test_FM9_area_4_promote_or_demote() -> None:
    state = both_pick(cars(at(family(2), 0, "pink", 3), PINK_2, BLUE_4), *_hoods(0))
    legal = E.legal_actions(state, 0)
    # the die just placed may change too (I32), either way, within 1..6
    assert Use("area:4", "promote", ("pink-00", 1)) in legal
    assert Use("area:4", "promote", ("pink-00", -1)) in legal
    state = play(state, 0, Use("area:4", "promote", ("pink-00", 1)))
    assert state.seats[0].order[0] == (("pink-00", 3),) and lane(state, 0, "pink") == "f05-pink"


def test_FM10_area_8_swap_two_dice() -> None:
    state = with_seat(at(family(2), 0, "blue", 7), 0, order=((), (die("green", 5),), ()))
    state = cars(state, BLUE_4, PINK_1)
    state = both_pick(state, FamilyPick("blue-01", 0), FamilyPick("pink-00", 0))
    assert lane(state, 0, "blue") == "f08-blue" and E.pending(state) == [0]
    state = play(state, 0, Use("area:8", "swap", (0, 0, 1, 0)))
    assert state.seats[0].order[:2] == ((die("green", 5),), (BLUE_4,))


def test_FM11_area_12_gives_12_and_returns_to_start() -> None:
    state = cars(at(family(2), 0, "pink", 11), PINK_1, BLUE_4)
    state, events = E.apply(play(state, 0, FamilyPick("pink-00", 0)), 1, FamilyPick("blue-01", 0))
    assert state.seats[0].juice == 12
    assert [e for e in events if e["type"] == "lane_end"] == [
        {"type": "lane_end", "seat": 0, "colour": "pink", "juice": 12}
    ]
    assert lane(state, 0, "pink") == "f02-pink"  # the residual two spaces from the start


def test_FM12_family_cars_pass_right() -> None:
    state = family(3, seed=3)
    assert [car_of(state, s) for s in range(3)] == [0, 1, 2]
    second = state.cars[1]
    state = step_once(state)
    assert [car_of(state, s) for s in range(3)] == [1, 2, 0]  # seat 1's car is now seat 0's
    assert [d for d in state.cars[1] if d] == [d for d in second[1:] if d]


def test_FM13_three_picks_then_the_last_die_returns() -> None:
    state = family(2, seed=4)
    for _ in range(3):
        state = step_once(state)
    assert state.phase == "family_row" and state.cars == ()
    assert all(sum(len(row) for row in seat.order) == 3 for seat in state.seats)
    assert len(state.bag) == 78 - 6 and sum(dice_everywhere(state).values()) == 78


# --- end of round and of the game ----------------------------------------------------------------


def _rows(state: State) -> State:
    return replace(
        state, phase="family_row", cars=(), seats=tuple(replace(s, done=False) for s in state.seats)
    )


def test_FM14_end_of_round_row_scoring() -> None:
    state = with_seat(family(2), 0, order=((), (die("pink", 4), die("blue", 6, 1)), ()))
    state = with_seat(state, 0, servants=("row-1", "row-1", "row-0", *("reserve",) * 3))
    state = _rows(state)
    assert E.legal_actions(state, 0) == [ScoreRow(0), ScoreRow(2)]  # row 1 is full (I33)
    state = with_seat(state, 0, servants=("row-0", *("reserve",) * 5))
    state = play(state, 0, ScoreRow(1))
    assert state.seats[0].juice == 10 and state.seats[0].servants[:2] == ("row-0", "row-1")
    assert E.pending(state) == [1] and E.view(state, 0)["seats"][0]["servant_rows"] == [1, 1, 0]
    state = play(state, 1, ScoreRow(0))
    assert state.round == 2 and state.phase == "family_pick"


def test_FM15_game_ends_when_servant_spaces_are_full() -> None:
    state = run(family(3, seed=5), random.Random(5))
    assert state.over and state.round == 6
    assert all("reserve" not in seat.servants for seat in state.seats)
    assert all(sum(len(row) for row in seat.order) == 18 for seat in state.seats)


def test_FM16_prophecy_then_most_juice_wins() -> None:
    state = run(family(2, seed=6), random.Random(6))
    result = E.outcome(state)
    assert result is not None
    for seat, sheet in zip(state.seats, result["sheets"], strict=True):
        sources = {line["source"] for line in sheet["lines"]}
        assert sources <= {"before", "prophecy"} and sheet["removed"] == []
        assert sheet["total"] >= seat.juice
    best = max(result["scores"])
    assert result["winners"] == [s for s, score in enumerate(result["scores"]) if score == best]


def test_FM17_family_tie_is_shared() -> None:
    state = run(family(2, seed=7), random.Random(7))
    twins = replace(state, seats=(state.seats[0], state.seats[0]))
    result = E.outcome(twins)
    assert result is not None and result["winners"] == [0, 1]  # I33: no ages to ask


# --- forced and skip moves, views, the bot -------------------------------------------------------


def test_family_forced_last_row_and_skips() -> None:
    state = _rows(
        with_seat(family(2), 0, servants=("row-0",) * 2 + ("row-1",) * 2 + ("row-2", "reserve"))
    )
    assert E.forced_action(state, 0) == ScoreRow(2) and E.skip_action(state, 0) is None
    assert E.forced_action(family(2), 0) is None  # a pick always has a choice of die
    state = both_pick(cars(at(family(2), 0, "pink", 2), PINK_1, BLUE_4), *_hoods(0))
    assert E.forced_action(state, 0) is None and E.skip_action(state, 0) == Skip("area:4")


def test_family_views_and_dump_round_trip() -> None:
    state = run(family(4, seed=8), random.Random(8), until="family_row")
    view = E.view(state, 2)
    assert view["mode"] == "family" and view["phase"] == "family_row"
    assert set(view["seats"][0]) >= {"lanes", "servant_rows", "reserve"}
    assert E.load(json.loads(json.dumps(E.dump(state)))) == state


def test_the_bot_beats_random_play_in_family_mode() -> None:
    assert bot_wins_against_random(lambda seed: family(2, seed=seed), 8) >= 7
