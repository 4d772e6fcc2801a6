"""Monsters on Board engine: solo mode 2, against Spider Jack (T1-T19, I37-I42)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from rules.base import Rng
from rules.monsters_on_board import engine as E
from rules.monsters_on_board.draft import car_of
from rules.monsters_on_board.model import (
    BuyArch,
    Die,
    Flip,
    JackArea,
    Pass,
    Pick,
    State,
    die_colour,
    with_seat,
)
from rules.monsters_on_board.prophecy import prophecy_max
from rules.monsters_on_board.sheets import sheets_of
from rules.monsters_on_board.solo1 import ai_choice
from rules.monsters_on_board.solo2 import (
    LADDER,
    LEVELS,
    Ladder,
    Solo2,
    area_points,
    board_name,
    choose_scored,
    ladder,
    market_slots,
    score_picks,
)
from rules.monsters_on_board.spectral import creature_supply
from tests.rules.test_monsters_on_board import ENGINE, C, dice_everywhere, die, game, play, run

GHOSTS = ("g01", "g06", "g11", "g16", "g21")  # pink, blue, green, orange, purple (juice:3)


def level(n: int) -> str:
    """The difficulty option of ladder level ``n`` (I40): its parts joined by ``+``."""
    return "+".join(LADDER[n].parts)


def solo2(seed: int = 1, difficulty: int = 0) -> State:
    return game(1, seed=seed, mode="solo2", difficulty=level(difficulty))


def jack(state: State) -> JackArea:
    assert state.jack is not None
    return state.jack


def _pick(state: State) -> tuple[State, list[dict[str, Any]]]:
    action = E.legal_actions(state, 0)[0]
    assert isinstance(action, Pick)
    return E.apply(state, 0, action)


def draft_events(state: State) -> tuple[State, list[dict[str, Any]]]:
    events: list[dict[str, Any]] = []
    while state.phase == "draft":
        state, more = _pick(state)
        events += more
    return state, events


def spectral(difficulty: int = 0, rank: int = 3, **changes: Any) -> State:
    """Solo 2's spectral phase with a spare die of ``rank`` (taken from the bag), Evil 8 and
    the ghost market :data:`GHOSTS`."""
    state = solo2(seed=2, difficulty=difficulty)
    spare = state.bag[0]
    state = replace(
        state,
        phase="spectral",
        turn=0,
        passes=0,
        cars=(),
        bag=state.bag[1:],
        jack=replace(jack(state), spare=(spare, rank)),
        **{"ghost_market": GHOSTS, **changes},
    )
    return with_seat(state, 0, evil=8)


# --- T1, T2: goal and difficulty -----------------------------------------------------------------


def test_T1_you_must_beat_spider_jack() -> None:
    state = run(solo2(seed=4), random.Random(4))
    result = E.outcome(state)
    assert result is not None
    you = result["sheets"][0]["total"]
    assert result["scores"] == [you] and result["solo"] == "against_jack+0"
    assert result["rivals"] == [
        {"name": "Spider Jack", "score": jack(state).juice, "won": you <= jack(state).juice}
    ]
    assert result["winners"] == ([0] if you > jack(state).juice else [])
    tie = E.outcome(replace(state, jack=replace(jack(state), juice=you)))
    assert tie is not None and tie["winners"] == [] and tie["jack_won"] is True  # I37
    beaten = E.outcome(replace(state, jack=replace(jack(state), juice=you - 1)))
    assert beaten is not None and beaten["winners"] == [0] and beaten["jack_won"] is False


def test_T2_difficulty_0_to_7_and_its_labels() -> None:
    assert [level.plus for level in LADDER] == list(range(8))  # I40: level n adds up to n
    assert LEVELS == ("easy",) * 3 + ("normal",) * 2 + ("hard",) * 2 + ("monstrous",)
    for n in range(8):
        variant = ENGINE.variants[f"solo2_{n}"]
        assert variant.options == {"mode": "solo2", "difficulty": level(n)}
        assert variant.names["it"].startswith(f"Contro Spider Jack +{n} (")
    assert ENGINE.variants["solo2_7"].names["it"].endswith("(Mostruoso)")
    assert ENGINE.variants["solo2_3"].names["en"] == "Against Spider Jack +3 (Normal)"
    assert E.view(solo2(difficulty=5), None)["jack"]["level"] == "hard"
    with pytest.raises(ValueError):
        ENGINE.setup(1, {"mode": "solo2", "difficulty": "ghosts+ghosts4"}, 1)


def test_I41_difficulty_parts_combine_freely() -> None:
    """Issue 26 item 2: the printed "+" parts combine as the player likes, one step of each
    component: "+3: 4 ghosts" alone, or two ghosts without reaching +7."""
    four = solo2_parts("ghosts4", seed=6)
    assert len(jack(four).ghosts) == 4 and jack(four).creatures == (jack(four).colour,)
    assert jack(four).difficulty == 3 and jack(four).parts == ("ghosts4",)
    two = solo2_parts("prophecy+ghosts", seed=6)
    assert len(jack(two).ghosts) == 2 and jack(two).difficulty == 3
    assert E.view(two, None)["jack"]["parts"] == ["ghosts", "prophecy"]
    assert ladder(two) == Ladder(0, 2, False, "bag", True)
    # a set equal to a ladder level keeps that level's high-score board; others have their own
    assert board_name(jack(solo2(6, 3))) == "against_jack+3"
    assert board_name(jack(four)) == "against_jack+3:ghosts4"
    with pytest.raises(ValueError):
        ENGINE.setup(1, {"mode": "solo2", "difficulty": "ghosts+ghosts4"}, 1)
    # a game stored before the parts (no ``parts``) still reads its ladder level
    old = replace(solo2(6, 5), jack=replace(jack(solo2(6, 5)), parts=None))
    assert ladder(old) == LADDER[5] and board_name(jack(old)) == "against_jack+5"


def solo2_parts(parts: str, seed: int = 1) -> State:
    return game(1, seed=seed, mode="solo2", difficulty=parts)


# --- T3: setup -----------------------------------------------------------------------------------


def test_T3_jack_deck_is_the_ten_cards_of_a_random_colour() -> None:
    colours = set()
    for seed in range(12):
        state = solo2(seed)
        deck = [*state.solo_revealed, *state.solo_deck]
        assert len(deck) == len(set(deck)) == 10
        assert all(jack(state).colour in C.solo_cards[card].deck_colours for card in deck)
        colours.add(jack(state).colour)
    assert len(colours) >= 3


def test_T3a_jack_area_starts_with_a_creature_of_that_colour() -> None:
    state = solo2(3)
    area = jack(state)
    assert area.creatures == (area.colour,) and area.dice == () and area.ghosts == ()
    assert len(state.bag) == 78 - 8  # the die drawn went back; only the two cars are out
    assert sum(dice_everywhere(state).values()) == 78
    assert creature_supply(state, area.colour) == 6 - 1 - 1  # the seat's and Spider Jack's


def test_T3b_car_slots_keep_their_order_when_swapped() -> None:
    state = solo2(5)
    jack_car = state.cars[1]
    state, _ = _pick(state)
    assert car_of(state, 0) == 1
    taken = jack_car.index(state.ai_picks[0])
    assert state.cars[1] == tuple(None if i == taken else d for i, d in enumerate(jack_car))


def test_T3c_difficulty_creatures_and_ghosts_in_the_jack_area() -> None:
    for difficulty, creatures, ghosts in ((0, 1, 0), (1, 2, 0), (5, 2, 0), (6, 3, 0), (7, 2, 2)):
        state = solo2(6, difficulty)
        area = jack(state)
        assert len(area.creatures) == len(set(area.creatures)) == creatures
        assert area.creatures[0] == area.colour and len(area.ghosts) == ghosts
        assert len(state.ghost_supply) == 42 - 5 - ghosts
        assert not set(area.ghosts) & {*state.ghost_supply, *state.ghost_market}


# --- T4-T8: rounds and Spider Jack's picks -------------------------------------------------------


def test_T4_jack_car_gets_four_dice_in_random_slots() -> None:
    mine = (die("pink", 1), die("blue", 2), die("green", 3), die("black", 4))
    theirs = (die("pink", 5, 1), die("blue", 6, 1), die("green", 1, 1), die("black", 2, 1))
    arranged = set()
    for seed in range(8):
        state = replace(solo2(), cars=(mine, theirs), step=0, rng=Rng(seed))
        cars = Solo2().arrange_cars(state).cars
        assert cars[0] == mine and sorted(cars[1]) == sorted(theirs)
        arranged.add(cars[1])
    assert len(arranged) > 1
    state = run(solo2(7), random.Random(7), until="spectral")
    state = run(state, random.Random(7), until="draft")
    assert state.round == 2 and all(d is not None for d in state.cars[1])


def test_T5_one_card_revealed_per_round() -> None:
    state = solo2(8)
    assert len(state.solo_revealed) == 1 and len(state.solo_deck) == 9
    state = run(state, random.Random(8), until="spectral")
    state = run(state, random.Random(8), until="draft")
    assert len(state.solo_revealed) == 2 and len(state.solo_deck) == 8
    assert E.view(state, None)["solo"]["revealed"] == state.solo_revealed[-1]
    state = run(state, random.Random(8))
    assert len(state.solo_revealed) == 6


def _expected_picks(state: State) -> list[Die]:
    """T6/T7 worked out by hand from the card and Spider Jack's car at each step."""
    card = C.solo_cards[state.solo_revealed[-1]]
    expected: list[Die] = []
    while state.phase == "draft":
        car = state.cars[1 - state.step % 2]
        if state.step < 3:
            symbol = card.symbols[state.step]
            pick = car[ai_choice(car, symbol.colour, symbol.pick == "high")]
        else:
            (pick,) = [d for d in car if d is not None]
        assert pick is not None
        expected.append(pick)
        state, _ = _pick(state)
    return expected


def test_T6_symbols_left_to_right_then_the_last_die() -> None:
    for seed in range(4):
        state = solo2(seed)
        expected = _expected_picks(state)
        state, _ = draft_events(state)
        assert jack(state).picks == tuple(expected)


def test_T7_jack_picks_by_colour_then_rank_then_hood() -> None:
    car = (("pink-00", 3), ("blue-00", 6), ("pink-01", 5), None)
    assert ai_choice(car, "pink", high=True) == 2  # 1) colour, 2) rank
    assert ai_choice(car, "pink", high=False) == 0
    assert ai_choice(car, "white", high=True) == 1  # white: no colour preference
    assert ai_choice(car, "green", high=False) == 0  # none of the colour: the step passes
    tied = (None, ("blue-00", 4), ("pink-00", 4), ("blue-01", 4))
    assert ai_choice(tied, "blue", high=True) == 1  # 3) nearest the hood (slot 0)


def test_T8_each_pick_sits_above_its_symbol() -> None:
    state = solo2(9)
    state, _ = _pick(state)
    picks = E.view(state, None)["solo"]["ai_picks"]
    assert picks == [list(state.ai_picks[0])]
    state, _ = draft_events(state)
    assert E.view(state, None)["solo"]["ai_picks"] == [list(d) for d in jack(state).picks]
    assert len(jack(state).picks) == 4


# --- T9-T13: Spider Jack's scoring ---------------------------------------------------------------


def test_T9_jack_scores_three_of_four_dice() -> None:
    state, events = draft_events(solo2(10))
    area = jack(state)
    scored = [e for e in events if e["type"] == "jack_scored"]
    assert len(scored) == 3 and len(area.dice) == 3 and area.spare is not None
    assert sorted([*area.dice, area.spare]) == sorted(area.picks)
    assert area.juice == sum(e["juice"] for e in scored)
    assert state.ai_picks == () and sum(dice_everywhere(state).values()) == 78


def test_T10_highest_rank_first_then_most_area_points() -> None:
    area = JackArea(colour="pink", difficulty=0, creatures=("pink",))
    picks = (die("blue", 5), die("green", 3), die("pink", 5), die("black", 2))
    assert choose_scored(area, picks) == 2  # rank 5 twice: the pink one scores the creature
    scored, _ = score_picks(area, picks)
    assert [d for d, _ in scored.dice] == ["pink-00", "blue-00", "green-00"]
    assert scored.spare == die("black", 2)
    even = (die("blue", 4), die("green", 4))
    assert choose_scored(area, even) == 0  # a further tie: the earlier pick (I38)


def test_T11_jack_gains_the_rank_and_keeps_the_die() -> None:
    area = JackArea(colour="pink", difficulty=0)
    picks = (die("blue", 6), die("green", 5), die("orange", 4), die("black", 1))
    scored, events = score_picks(area, picks)
    assert scored.dice == picks[:3]
    assert scored.juice == (6 + 1) + (5 + 1) + (4 + 1)  # each rank plus the die itself (T12)
    assert [e["rank"] for e in events] == [6, 5, 4]


def test_T12_area_points_1_per_die_2_per_ghost_3_per_creature() -> None:
    area = JackArea(
        colour="pink",
        difficulty=0,
        dice=(die("pink", 2), die("pink", 3, 1), die("blue", 4)),
        ghosts=("g01", "g31", "g06"),  # pink, multicolour, blue (I39)
        creatures=("pink", "green"),
    )
    assert area_points(area, "pink") == 2 * 1 + 2 * 2 + 3
    assert area_points(area, "blue") == 1 + 2 * 2
    assert area_points(area, "green") == 2 + 3
    _, events = score_picks(replace(area, dice=()), (die("green", 6), die("pink", 1)) * 2)
    assert events[0]["area"] == 1 + 2 + 3  # the new green die, the multi ghost, the creature


def _summon(difficulty: int) -> tuple[State, State]:
    """The seat calls Spider Jack with a flipped card onto a summoning space of a row of four
    dice whose Spider Jack die is 2."""
    row = (die("pink", 2), die("blue", 3), die("green", 4), die("black", 5))
    state = with_seat(solo2(11, difficulty), 0, arch=("m09",), order=(row, (), ()), jack=(2, 1, 1))
    state = with_seat(state, 0, summon=(1, 0, 0))
    return state, play(state, 0, Flip("m09", "call", (0,)))


def test_T13_jack_gets_the_summoning_you_missed() -> None:
    before, after = _summon(2)
    assert after.seats[0].juice == before.seats[0].juice + 2 + 3
    assert jack(after).juice == jack(before).juice + 4 + 5
    before, after = _summon(1)  # not in the ladder below +2 (I40)
    assert jack(after).juice == jack(before).juice


# --- T14-T18: the spectral phase -----------------------------------------------------------------


def test_T14_you_buy_or_pass_then_jack_buys_then_you_buy_freely() -> None:
    state = spectral()
    state, events = E.apply(state, 0, BuyArch(4))
    assert [e["type"] for e in events] == ["bought_arch", "jack_bought", "jack_spare"]
    assert jack(state).spare is None and E.pending(state) == [0]
    state, events = E.apply(state, 0, BuyArch(4))
    assert [e["type"] for e in events] == ["bought_arch"]  # Spider Jack buys once
    state = play(state, 0, Pass())
    assert state.round == 2 and state.phase == "draft"
    state = play(spectral(), 0, Pass())  # a first pass: Spider Jack still buys ...
    assert state.phase == "spectral" and jack(state).spare is None and E.pending(state) == [0]
    assert any(isinstance(a, BuyArch) for a in E.legal_actions(state, 0))
    assert play(state, 0, Pass()).round == 2  # ... and the next pass ends the phase (I38)


def test_T15_jack_buys_the_ghost_at_the_spare_dies_rank() -> None:
    assert [market_slots(rank) for rank in range(1, 6)] == [(4,), (3,), (2,), (1,), (0,)]
    state = play(spectral(rank=3), 0, Pass())
    assert jack(state).ghosts == ("g11",)  # position 3 counted from the right
    assert state.ghost_market[1:] == ("g01", "g06", "g16", "g21")
    assert state.ghost_market[0] is not None


def test_T16_rank_6_takes_positions_1_and_5() -> None:
    assert market_slots(6) == (0, 4)
    state = spectral(rank=6)
    supply = state.ghost_supply[:2]
    state = play(state, 0, Pass())
    assert jack(state).ghosts == ("g01", "g21")
    assert state.ghost_market[2:] == ("g06", "g11", "g16")
    assert set(state.ghost_market[:2]) == set(supply)  # two slides, two refills


def test_T17_jack_discards_the_arch_cards_below_its_ghosts() -> None:
    state = spectral(rank=6)
    cards, deck = state.arch_market, state.arch_deck
    state = play(state, 0, Pass())
    assert state.arch_discard == (cards[0], cards[4])
    assert state.arch_market[2:] == cards[1:4] and set(state.arch_market[:2]) == set(deck[:2])
    empty = spectral(rank=2, ghost_market=(*GHOSTS[:3], None, GHOSTS[4]))
    empty = play(empty, 0, Pass())  # an empty position buys nothing; its card still goes
    assert jack(empty).ghosts == () and len(empty.arch_discard) == 1


def test_T18_spare_die_to_bag_or_area_by_difficulty() -> None:
    for difficulty, where, gained in ((0, "bag", 0), (3, "area", 0), (5, "area", 3)):
        state = spectral(difficulty, rank=3)
        spare = jack(state).spare
        assert spare is not None
        juice = jack(state).juice
        state, events = E.apply(state, 0, Pass())
        assert events[-1]["type"] == "jack_spare" and events[-1]["to"] == where
        assert (spare[0] in state.bag) == (where == "bag")
        assert (spare in jack(state).dice) == (where == "area")
        assert jack(state).juice == juice + gained  # +2 scores the rank only (I39)


# --- T19: final scoring --------------------------------------------------------------------------


def _last_round(difficulty: int) -> tuple[State, list[dict[str, Any]]]:
    state = replace(spectral(difficulty), round=6)
    state = play(state, 0, Pass())
    return E.apply(state, 0, Pass())


def test_T19_jack_gets_the_prophecy_points_you_missed() -> None:
    state, events = _last_round(4)
    assert state.over
    card = state.seats[0].prophecy
    assert card is not None
    (sheet,) = sheets_of(state)
    scored = sum(line.juice for line in sheet.lines if line.source == "prophecy")
    bonus = [e["juice"] for e in events if e["type"] == "jack_prophecy"]
    assert bonus == [prophecy_max(card) - scored] and bonus[0] > 0
    assert events[-1] == {"type": "game_over", "scores": [sheet.total, jack(state).juice]}
    state, events = _last_round(3)
    assert state.over and not [e for e in events if e["type"] == "jack_prophecy"]


def test_solo2_views_show_spider_jacks_area() -> None:
    state = solo2(12, difficulty=7)
    area = E.view(state, None)["jack"]
    assert area["colour"] == jack(state).colour and area["difficulty"] == 7
    assert area["creatures"] == list(jack(state).creatures) and len(area["ghosts"]) == 2
    assert area["modifiers"] == {
        "creatures": 1,
        "ghosts": 2,
        "summoning": True,
        "spare": "scored",
        "prophecy": True,
    }
    assert "jack" not in E.view(game(2), None)
    assert all(die_colour(d) for d, _ in jack(state).dice)
