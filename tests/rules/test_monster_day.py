"""One test per Monster Day rule (``docs/rules/monster_day.md`` maps each rule to its test).

States are built directly with :func:`make_state`; dice are fixed by :func:`rng_rolling`, which
finds a counter of the seeded :class:`~rules.base.Rng` whose next rolls are the ones wanted.
Board used by most tests (:data:`ACES`): spaces 0-2 (seat 0's village) hold the Aces of Moons,
Suns and Waves; spaces 3-5 (seat 1's) the Aces of Leaves, Wyrms and Knots.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from functools import cache
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import GAMES, Engine, IllegalAction, Rng, decktet
from rules.monster_day import bot
from rules.monster_day import engine as md
from rules.monster_day.engine import Play, State

E = GAMES["monster_day"]
ACES = ("ace_moons", "ace_suns", "ace_waves", "ace_leaves", "ace_wyrms", "ace_knots")
NO_MOVE = (5, 6)


@cache
def rng_rolling(*rolls: int, seed: int = 7) -> Rng:
    """An :class:`Rng` whose next ``len(rolls)`` d6 rolls are exactly ``rolls``."""
    counter = 0
    while Rng(seed, counter).dice(len(rolls))[0] != rolls:
        counter += 1
    return Rng(seed, counter)


def make_state(
    *,
    tops: dict[int, str] | None = None,
    piles: dict[int, tuple[str, ...]] | None = None,
    monsters: tuple[int | None, ...] = (None, None, None, None),
    hands: tuple[tuple[str, ...], ...] = ((), ()),
    deck: tuple[str, ...] = (),
    current: int | None = 0,
    rolls: tuple[int, ...] = NO_MOVE,
    extended: bool = False,
) -> State:
    """A state with the given board, hands and deck whose next dice are ``rolls``."""
    board = {space: (card,) for space, card in (tops or {}).items()} | (piles or {})
    return State(
        extended=md.EXTENDED_RANKS if extended else (),
        aces=ACES,
        piles=tuple(board.get(i, ()) for i in range(6)),
        monsters=monsters,
        hands=hands,
        deck=deck,
        current=current,
        turn_number=1,
        first_player_rolls=((4, 2),),
        last_turn=None,
        rng=rng_rolling(*rolls),
    )


def turn(state: State, card: str, space: int) -> tuple[State, list[dict[str, Any]]]:
    return md.apply(state, state.current, Play(card, space))


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def monster_event(events: list[dict[str, Any]], monster: str) -> dict[str, Any]:
    (event,) = [e for e in of_type(events, "monster") if e["monster"] == monster]
    return event


def totals_after(card: str, space: int, face: int, **board: Any) -> list[int]:
    """Play ``card`` on ``space`` with dice (face, 6) and return that monster's totals."""
    state = make_state(hands=((card,), ()), rolls=(face, 6), **board)
    _, events = turn(state, card, space)
    return monster_event(events, md.MONSTERS[face - 1])["totals"]


def illegal_code(state: State, seat: int, action: Any) -> str:
    with pytest.raises(IllegalAction) as caught:
        md.apply(state, seat, action)
    return caught.value.code


# --- identity and options ----------------------------------------------------------------------


def test_engine_is_registered_with_its_identity() -> None:
    assert isinstance(E, Engine)
    assert (E.id, E.min_players, E.max_players) == ("monster_day", 2, 2)
    assert E.names == {"en": "Monster Day", "it": "Monster Day"}


def test_extended_deck_option_defaults_to_false() -> None:
    assert E.options == {"extended_deck": False, "extended_cards": ""}
    assert E.setup(2, {}, 1).extended_deck is False


def test_setup_rejects_wrong_player_count_and_bad_options() -> None:
    for players in (1, 3):
        with pytest.raises(ValueError):
            E.setup(players, {}, 1)
    with pytest.raises(ValueError):
        E.setup(2, {"quick": True}, 1)
    with pytest.raises(ValueError):
        E.setup(2, {"extended_deck": "yes"}, 1)


# --- preparation -------------------------------------------------------------------------------


def test_basic_deck_removes_aces_pawns_courts_and_excuse() -> None:
    state = E.setup(2, {}, 3)
    cards = [*state.hands[0], *state.hands[1], *state.deck]
    ranks = {decktet.card(c).rank for c in cards}
    assert sorted(cards) == sorted(decktet.numeral_ids() + decktet.ids_of_rank("crown"))
    assert len(cards) == 30 and not ranks & {"ace", "pawn", "court", "excuse"}


def test_extended_deck_shuffles_in_excuse_pawns_and_courts() -> None:
    state = E.setup(2, {"extended_deck": True}, 3)
    cards = [*state.hands[0], *state.hands[1], *state.deck]
    assert len(cards) == 39
    assert sorted(cards) == sorted(md.starting_deck(md.EXTENDED_RANKS))
    assert {"excuse", "harvest", "watchman", "consul", "window"} <= set(cards)
    assert not any(decktet.card(c).rank == "ace" for c in cards)


def test_aces_are_shuffled_into_a_line_of_six_spaces() -> None:
    lines = {E.setup(2, {}, seed).aces for seed in range(20)}
    assert all(sorted(line) == sorted(ACES) for line in lines)
    assert len(lines) > 10
    assert E.setup(2, {}, 5).piles == ((),) * 6


def test_three_spaces_nearest_each_player_are_their_village() -> None:
    view = E.view(E.setup(2, {}, 1), None)
    assert [space["owner"] for space in view["spaces"]] == [0, 0, 0, 1, 1, 1]


def test_monsters_start_between_third_and_fourth_ace() -> None:
    state = E.setup(2, {}, 1)
    assert state.monsters == (None,) * 4
    assert [m["space"] for m in E.view(state, None)["monsters"]] == [None] * 4


def test_three_cards_dealt_to_each_player_rest_is_the_draw_pile() -> None:
    state = E.setup(2, {}, 9)
    assert [len(h) for h in state.hands] == [3, 3]
    assert len(state.deck) == 24


def test_highest_die_starts_and_ties_are_rerolled() -> None:
    rerolled = 0
    for seed in range(200):
        state = E.setup(2, {}, seed)
        *ties, (a, b) = state.first_player_rolls
        assert all(x == y for x, y in ties) and a != b
        assert state.current == (0 if a > b else 1)
        rerolled += bool(ties)
    assert rerolled > 0


def test_first_player_rolls_are_recorded_for_display() -> None:
    state = E.setup(2, {}, 11)
    view = E.view(state, None)
    assert view["first_player_rolls"] == [list(r) for r in state.first_player_rolls]
    assert view["turn_number"] == 1 and view["current"] == state.current


# --- exert influence: playing a card -----------------------------------------------------------


def test_card_must_share_a_suit_with_the_ace() -> None:
    state = make_state(hands=(("castle",), ()))  # Suns and Knots
    assert md.legal_spaces(state, "castle") == [1, 5]
    assert illegal_code(state, 0, Play("castle", 0)) == "suit_mismatch"
    assert turn(state, "castle", 1)[0].piles[1] == ("castle",)


def test_card_may_be_played_in_either_village() -> None:
    state = make_state(hands=(("castle",), ()))
    mine, theirs = turn(state, "castle", 1)[0], turn(state, "castle", 5)[0]
    assert mine.piles[1] == ("castle",) and theirs.piles[5] == ("castle",)


def test_new_card_covers_the_previous_and_only_the_ace_must_match() -> None:
    state = make_state(tops={0: "mountain"}, hands=(("castle", "author"), ()))
    # The Castle shares Suns with the Mountain underneath, not with the Ace of Moons.
    assert illegal_code(state, 0, Play("castle", 0)) == "suit_mismatch"
    after, _ = turn(state, "author", 0)
    assert after.piles[0] == ("mountain", "author")
    assert E.view(after, None)["spaces"][0]["covered"] == 1
    assert E.view(after, None)["spaces"][0]["top"]["id"] == "author"


def test_only_the_top_card_counts() -> None:
    # Pact (9) in seat 0's village would lead the Catoblepas; covered by the Author (2) it
    # counts for nothing and the Savage (3) in seat 1's village leads.
    totals = totals_after("author", 0, 1, tops={0: "pact", 3: "savage"})
    assert totals == [0, 3]


def test_t3_x5_a_covered_pawn_or_court_is_never_rolled() -> None:
    # T3 "Le carte coperte non hanno altro effetto sul gioco" and X5 "Lancia i dadi ogni
    # qualvolta il valore della carta sia rilevante": a covered Pawn or Court counts for nothing,
    # so nobody rolls for it.
    pawn = make_state(
        piles={4: ("watchman",)}, hands=(("savage",), ()), rolls=(4, 3), extended=True
    )
    _, events = turn(pawn, "savage", 4)  # the Savage (3, Wyrms) covers the Watchman (Pawn)
    assert of_type(events, "card_value_rolled") == []
    assert monster_event(events, "pegasus")["totals"] == [0, 3]
    assert monster_event(events, "glatisant")["totals"] == [0, 3]  # the Watchman is a personality
    court = make_state(piles={0: ("consul",)}, hands=(("excuse",), ()), rolls=(1, 4), extended=True)
    _, events = turn(court, "excuse", 0)  # the Excuse (0) covers the Consul (Court)
    assert of_type(events, "card_value_rolled") == []
    assert monster_event(events, "catoblepas")["totals"] == [0, 0]
    assert monster_event(events, "pegasus")["totals"] == [0, 0]
    uncovered = make_state(tops={0: "consul"}, hands=(("savage",), ()), rolls=(1, 4), extended=True)
    _, events = turn(uncovered, "savage", 4)
    assert [e["card"] for e in of_type(events, "card_value_rolled")] == ["consul", "consul"]


def test_only_the_current_seat_may_play() -> None:
    state = make_state(hands=(("castle",), ("author",)))
    assert illegal_code(state, 1, Play("author", 0)) == "not_your_turn"
    assert E.pending(state) == [0]
    assert E.legal_actions(state, 1) == []


def test_card_not_in_hand_is_rejected() -> None:
    state = make_state(hands=(("castle",), ("author",)))
    assert illegal_code(state, 0, Play("author", 0)) == "card_not_in_hand"


def test_no_such_space() -> None:
    state = make_state(hands=(("castle",), ()))
    for space in (-1, 6, 10**30):
        assert illegal_code(state, 0, Play("castle", space)) == "no_such_space"


def test_no_play_after_game_over() -> None:
    state = make_state(hands=(("castle",), ()), current=None)
    assert illegal_code(state, 0, Play("castle", 1)) == "game_over"
    assert E.pending(state) == [] and E.legal_actions(state, 0) == []


def test_malformed_action_objects_are_rejected() -> None:
    state = make_state(hands=(("castle",), ()))
    for action in (Play("castle", "1"), Play("castle", True), {"card": "castle", "space": 1}):
        assert illegal_code(state, 0, action) == "malformed_action"


def test_illegal_action_leaves_state_unchanged() -> None:
    state = make_state(hands=(("castle",), ()))
    before = md.dump(state)
    illegal_code(state, 0, Play("castle", 0))
    assert md.dump(state) == before


# --- take your chances: the dice ---------------------------------------------------------------


def test_engine_rolls_two_dice_each_turn() -> None:
    state = make_state(hands=(("castle",), ()), rolls=(6, 5))
    after, events = turn(state, "castle", 1)
    assert of_type(events, "dice") == [{"type": "dice", "seat": 0, "dice": [6, 5]}]
    assert after.rng.counter == state.rng.counter + 2
    assert after.last_turn is not None and after.last_turn.dice == (6, 5)


def chi_square(counts: dict[Any, int], outcomes: list[Any]) -> float:
    """Pearson's statistic of ``counts`` against every outcome being equally likely."""
    expected = sum(counts.values()) / len(outcomes)
    return sum((counts.get(o, 0) - expected) ** 2 / expected for o in outcomes)


def test_t5_s6_the_dice_are_d6_every_face_and_pair_equally_likely() -> None:
    # T5 "Lancia entrambi i dadi" and S6 "Ognuno lancia un dado": six-sided dice ("2 dadi D6"),
    # fair and independent. Over 1500 seeded first turns (fixed seeds: the test is exact), each
    # die's faces and the 36 pairs are within chi-square bounds a fair die misses 1 time in
    # 10^4 (5 and 35 degrees of freedom), and each monster moves in about 11/36 of the turns.
    faces: list[dict[int, int]] = [{}, {}]
    pairs: dict[tuple[int, int], int] = {}
    opening: dict[int, int] = {}
    moves = dict.fromkeys(md.MONSTERS, 0)
    turns = 1500
    for seed in range(turns):
        state = E.setup(2, {}, seed)
        for roll in state.first_player_rolls:
            for face in roll:
                opening[face] = opening.get(face, 0) + 1
        _, events = E.apply(state, state.current, E.legal_actions(state, state.current)[0])
        (dice,) = [tuple(e["dice"]) for e in of_type(events, "dice")]
        for i, face in enumerate(dice):
            faces[i][face] = faces[i].get(face, 0) + 1
        pairs[dice] = pairs.get(dice, 0) + 1
        for e in of_type(events, "monster"):
            moves[e["monster"]] += 1
    sides = [1, 2, 3, 4, 5, 6]
    assert set(faces[0]) == set(faces[1]) == set(opening) == set(sides)
    assert all(chi_square(f, sides) < 25.7 for f in (*faces, opening))
    assert chi_square(pairs, [(a, b) for a in sides for b in sides]) < 71.2
    assert all(abs(n / turns - 11 / 36) < 0.05 for n in moves.values())


@pytest.mark.parametrize("face", [1, 2, 3, 4])
def test_dice_1_to_4_move_their_monster(face: int) -> None:
    state = make_state(hands=(("castle",), ()), rolls=(face, 5))
    _, events = turn(state, "castle", 1)
    assert [e["monster"] for e in of_type(events, "monster")] == [md.MONSTERS[face - 1]]


def test_doubles_move_the_monster_once() -> None:
    state = make_state(hands=(("castle",), ()), rolls=(4, 4))
    after, events = turn(state, "castle", 1)
    assert len(of_type(events, "monster")) == 1
    assert after.monsters[3] == 2  # Pegasus: start -> 2, not on to 1


@pytest.mark.parametrize("dice", [(5, 6), (6, 6), (5, 5), (6, 5)])
def test_fives_and_sixes_move_nothing(dice: tuple[int, int]) -> None:
    state = make_state(hands=(("castle",), ()), rolls=dice)
    after, events = turn(state, "castle", 1)
    assert of_type(events, "monster") == [] and after.monsters == state.monsters


def test_two_monsters_move_in_die_order() -> None:
    state = make_state(hands=(("castle",), ()), rolls=(3, 1))
    _, events = turn(state, "castle", 1)
    assert [e["monster"] for e in of_type(events, "monster")] == ["glatisant", "catoblepas"]
    assert md.monsters_for_dice((2, 4)) == [1, 3]


# --- the four monsters' totals -----------------------------------------------------------------


def test_catoblepas_sums_odd_numerals_not_crowns() -> None:
    # Seat 0: Pact 9 + Cave 7 (played) + the Bard (Crown, ignored); seat 1: Soldier 5, Mill 8.
    board = {"tops": {0: "pact", 1: "bard", 3: "mill", 5: "soldier"}}
    assert totals_after("cave", 2, 1, **board) == [16, 5]


def test_no_odd_cards_means_a_total_of_zero() -> None:
    assert totals_after("mill", 3, 1, tops={0: "author", 1: "bard"}) == [0, 0]


def test_dire_bear_sums_even_numerals_not_crowns() -> None:
    board = {"tops": {0: "author", 1: "penitent", 2: "sea", 4: "cave"}}
    assert totals_after("mill", 3, 2, **board) == [8, 8]


def test_glatisant_sums_personality_cards_crown_counts_ten() -> None:
    # The Huntress (personality Crown) 10 + the Author 2; the Sea (location Crown) and the Castle
    # (location) count nothing; the Merchant 9 is a personality.
    board = {"tops": {0: "huntress", 1: "castle", 2: "sea", 5: "merchant"}}
    assert totals_after("author", 0, 3, **board) == [2, 9]
    assert totals_after("diplomat", 1, 3, **board) == [18, 9]


def test_pegasus_sums_all_cards_crowns_count_ten() -> None:
    board = {"tops": {0: "huntress", 1: "castle", 3: "end", 4: "desert"}}
    assert totals_after("sea", 2, 4, **board) == [27, 12]


# --- moving the monsters -----------------------------------------------------------------------


def test_monster_moves_one_space_toward_the_higher_total() -> None:
    state = make_state(tops={4: "pact"}, monsters=(1, None, None, None), hands=(("castle",), ()))
    after, events = turn(replace(state, rng=rng_rolling(1, 6)), "castle", 1)
    assert after.monsters[0] == 2
    assert monster_event(events, "catoblepas") == {
        "type": "monster",
        "monster": "catoblepas",
        "totals": [7, 9],
        "toward": 1,
        "from": 1,
        "to": 2,
        "result": "moved",
    }


def test_first_move_leaves_start_to_the_first_space_of_a_village() -> None:
    assert md.step(None, 0) == (2, "moved")
    assert md.step(None, 1) == (3, "moved")
    state = make_state(hands=(("castle",), ()), rolls=(4, 6))
    assert turn(state, "castle", 1)[0].monsters[3] == 2
    assert turn(state, "castle", 5)[0].monsters[3] == 3


def test_first_move_leaves_start_never_reentered() -> None:
    assert md.step(2, 1) == (3, "moved")
    assert md.step(3, 0) == (2, "moved")
    assert all(md.step(p, seat)[0] is not None for p in range(6) for seat in (0, 1))
    state = make_state(monsters=(None, None, None, 2), hands=(("castle",), ()), rolls=(4, 6))
    assert turn(state, "castle", 5)[0].monsters[3] == 3


def test_tie_does_not_move() -> None:
    board = {"tops": {0: "pact"}, "hands": (("darkness",), ()), "rolls": (1, 6)}
    for start in (None, 2, 4):
        state = make_state(monsters=(start, None, None, None), **board)
        after, events = turn(state, "darkness", 4)
        assert after.monsters[0] == start
        event = monster_event(events, "catoblepas")
        assert (event["totals"], event["result"], event["to"]) == ([9, 9], "tie", start)


def test_monster_at_nearest_space_stays() -> None:
    for position, space in ((0, 1), (5, 5)):
        state = make_state(
            monsters=(None, None, None, position), hands=(("castle",), ()), rolls=(4, 6)
        )
        after, events = turn(state, "castle", space)
        assert after.monsters[3] == position
        assert monster_event(events, "pegasus")["result"] == "at_edge"


# --- draw a card, alternate, end ---------------------------------------------------------------


def test_player_draws_if_the_deck_has_cards() -> None:
    state = make_state(hands=(("castle", "pact"), ("mill",)), deck=("sea", "end"))
    after, events = turn(state, "castle", 1)
    assert after.hands[0] == ("pact", "sea") and after.deck == ("end",)
    assert of_type(events, "drew") == [{"type": "drew", "seat": 0}]


def test_no_draw_from_an_empty_deck() -> None:
    state = make_state(hands=(("castle", "pact"), ("mill",)))
    after, events = turn(state, "castle", 1)
    assert after.hands[0] == ("pact",)
    assert of_type(events, "deck_empty") == [{"type": "deck_empty", "seat": 0}]
    assert of_type(events, "drew") == []


def test_a_turn_is_exert_influence_then_take_chances_then_draw() -> None:
    state = make_state(hands=(("castle", "pact"), ("mill",)), deck=("sea",), rolls=(4, 1))
    _, events = turn(state, "castle", 1)
    assert [e["type"] for e in events] == ["played", "dice", "monster", "monster", "drew"]
    # The monsters moved on the board that already held the card just played.
    assert monster_event(events, "pegasus")["totals"] == [7, 0]


def test_turns_alternate() -> None:
    state = make_state(hands=(("castle", "pact"), ("mill",)), deck=("sea",))
    after, _ = turn(state, "castle", 1)
    assert (after.current, after.turn_number) == (1, 2)
    again, _ = turn(after, "mill", 3)
    assert (again.current, again.turn_number) == (0, 3)


def test_game_ends_at_the_end_of_the_turn_the_last_card_is_played() -> None:
    state = make_state(hands=(("castle",), ()), rolls=(4, 6))
    after, events = turn(state, "castle", 1)
    assert after.current is None and E.pending(after) == []
    assert after.monsters[3] == 2  # the last turn still rolls for the monsters
    assert events[-1] == {"type": "game_over", "scores": [2, 0], "winners": [0]}
    assert E.outcome(after) == {"scores": [2, 0], "winners": [0]}


def test_game_goes_on_while_the_opponent_holds_cards() -> None:
    state = make_state(hands=(("castle",), ("mill",)))
    after, events = turn(state, "castle", 1)
    assert after.current == 1 and E.outcome(after) is None
    assert of_type(events, "game_over") == []


def test_player_with_cards_plays_again_when_the_other_has_none() -> None:
    state = make_state(hands=(("castle", "pact"), ()))
    after, _ = turn(state, "castle", 1)
    assert after.current == 0 and E.legal_actions(after, 0)


@pytest.mark.parametrize(("extended", "cards"), [(False, 30), (True, 39)])
def test_a_game_lasts_one_turn_per_card(extended: bool, cards: int) -> None:
    state = E.setup(2, {"extended_deck": extended}, 4)
    turns = 0
    while E.pending(state):
        seat = E.pending(state)[0]
        state, _ = E.apply(state, seat, E.legal_actions(state, seat)[0])
        turns += 1
    assert turns == cards and state.turn_number == cards


# --- victory -----------------------------------------------------------------------------------


def test_one_point_per_monster_in_your_village_pegasus_two() -> None:
    assert md.score((0, 1, 4, 5)) == [2, 3]
    assert md.score((3, 4, 5, 0)) == [2, 3]
    view = E.view(make_state(monsters=(0, 1, 2, 3), current=None), None)
    assert [m["points"] for m in view["monsters"]] == [1, 1, 1, 2]
    assert view["scores"] == [3, 2]


def test_position_within_the_village_does_not_matter() -> None:
    assert md.score((0, 0, 0, 0)) == md.score((2, 1, 2, 1)) == [5, 0]


def test_monster_still_at_the_start_scores_for_nobody() -> None:
    assert md.score((None, None, None, None)) == [0, 0]
    assert md.score((None, 3, 2, None)) == [1, 1]


def test_more_points_win_and_equal_points_are_a_draw() -> None:
    assert E.outcome(make_state(monsters=(0, 3, 4, 1), current=None)) == {
        "scores": [3, 2],
        "winners": [0],
    }
    assert E.outcome(make_state(monsters=(None, 3, 4, 1), current=None)) == {
        "scores": [2, 2],
        "winners": [0, 1],
    }
    assert E.outcome(make_state(hands=(("castle",), ()))) is None


# --- the extended Decktet ----------------------------------------------------------------------


def test_excuse_may_go_on_any_space_and_is_worth_zero() -> None:
    state = make_state(tops={0: "pact"}, hands=(("excuse",), ()), extended=True)
    assert md.legal_spaces(state, "excuse") == [0, 1, 2, 3, 4, 5]
    assert totals_after("excuse", 0, 4, tops={0: "pact"}, extended=True) == [0, 0]
    assert totals_after("excuse", 5, 1, tops={0: "pact"}, extended=True) == [9, 0]


def test_I5_a_pawn_is_rolled_even_when_its_monster_stays_at_the_edge() -> None:
    """«Lancia i dadi ogni qualvolta il valore della carta sia rilevante»: the totals still say
    whether Pegasus, already nearest seat 1, stays; so the Pawn is rolled."""
    state = make_state(
        tops={3: "harvest"},
        monsters=(None, None, None, 5),
        hands=(("castle",), ()),
        rolls=(4, 6, 6, 6),
        extended=True,
    )
    _, events = turn(state, "castle", 1)
    assert [(e["card"], e["roller"], e["value"]) for e in of_type(events, "card_value_rolled")] == [
        ("harvest", 1, 12)
    ]
    assert monster_event(events, "pegasus") | {"type": "monster"} == {
        "type": "monster",
        "monster": "pegasus",
        "totals": [7, 12],
        "toward": 1,
        "from": 5,
        "to": 5,
        "result": "at_edge",
    }


def test_I6_a_matching_card_may_cover_the_excuse() -> None:
    state = make_state(tops={0: "excuse"}, hands=(("journey",), ()), extended=True)
    assert 0 in md.legal_spaces(state, "journey")  # the Journey's Moons match the Ace of Moons
    after, _ = turn(state, "journey", 0)
    assert after.piles[0] == ("excuse", "journey")


def test_I7_aces_never_count_in_a_village() -> None:
    assert totals_after("castle", 1, 4) == [md.fixed_value(decktet.card("castle")), 0]
    assert totals_after("castle", 1, 3) == [0, 0]  # no personality on the board, Aces none


def test_I10_the_windfall_adds_nothing_to_the_glatisant() -> None:
    assert decktet.card("windfall").types == ("event",)
    assert totals_after("windfall", 5, 3) == [0, 0]
    assert totals_after("windfall", 5, 4) == [0, 10]


def test_pawns_and_courts_match_any_of_their_three_suits() -> None:
    state = make_state(extended=True)
    assert md.legal_spaces(state, "harvest") == [0, 1, 3]  # Moons, Suns, Leaves
    assert md.legal_spaces(state, "consul") == [0, 2, 5]  # Moons, Waves, Knots


def test_pawn_value_rolled_by_space_controller() -> None:
    state = make_state(hands=(("watchman",), ()), rolls=(4, 6, 2, 6), extended=True)
    _, events = turn(state, "watchman", 4)  # Ace of Wyrms, seat 1's village
    assert of_type(events, "card_value_rolled") == [
        {
            "type": "card_value_rolled",
            "card": "watchman",
            "space": 4,
            "roller": 1,
            "dice": [2, 6],
            "value": 8,
            "monster": "pegasus",
        }
    ]
    assert monster_event(events, "pegasus")["totals"] == [0, 8]


def test_pawn_rerolled_every_time_its_value_matters() -> None:
    state = make_state(tops={0: "harvest"}, hands=(("castle",), ()), rolls=(1, 4), extended=True)
    _, events = turn(state, "castle", 1)
    rolled = of_type(events, "card_value_rolled")
    assert [(e["card"], e["monster"], e["roller"]) for e in rolled] == [
        ("harvest", "catoblepas", 0),
        ("harvest", "pegasus", 0),
    ]
    assert E.view(state, None)["spaces"][0]["top"]["value"] is None


def test_rolled_value_counts_for_catoblepas_only_if_odd() -> None:
    board = {"tops": {0: "harvest"}, "extended": True}
    for pawn_dice, total in (((3, 4), 7), ((3, 3), 0)):
        state = make_state(hands=(("mill",), ()), rolls=(1, 6, *pawn_dice), **board)
        _, events = turn(state, "mill", 3)
        assert monster_event(events, "catoblepas")["totals"] == [total, 0]


def test_rolled_value_counts_for_dire_bear_only_if_even() -> None:
    board = {"tops": {5: "window"}, "extended": True}
    for court_dice, total in (((6, 6), 12), ((5, 6), 0)):
        state = make_state(hands=(("journey",), ()), rolls=(2, 6, *court_dice), **board)
        _, events = turn(state, "journey", 0)
        assert monster_event(events, "dire_bear")["totals"] == [0, total]
        assert of_type(events, "card_value_rolled")[0]["roller"] == 1


def test_rolled_value_counts_for_glatisant_only_on_personality_cards() -> None:
    board = {"tops": {0: "harvest", 4: "watchman"}, "extended": True}
    state = make_state(hands=(("castle",), ()), rolls=(3, 6, 1, 2), **board)
    _, events = turn(state, "castle", 1)
    assert [e["card"] for e in of_type(events, "card_value_rolled")] == ["watchman"]
    assert monster_event(events, "glatisant")["totals"] == [0, 3]


def test_court_value_rolled_like_a_pawn() -> None:
    state = make_state(hands=(("consul",), ()), rolls=(3, 5, 4, 1), extended=True)
    _, events = turn(state, "consul", 0)
    (rolled,) = of_type(events, "card_value_rolled")
    assert (rolled["roller"], rolled["value"], rolled["monster"]) == (0, 5, "glatisant")
    assert monster_event(events, "glatisant")["totals"] == [5, 0]


# --- actions on the wire -----------------------------------------------------------------------


def test_action_dump_and_load_round_trip() -> None:
    action = Play("castle", 2)
    assert E.dump_action(action) == {"card": "castle", "space": 2}
    assert E.load_action(json.loads(json.dumps(E.dump_action(action)))) == action


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "castle",
        {},
        {"card": "castle"},
        {"space": 2},
        {"card": "castle", "space": 2, "extra": 1},
        {"card": "castle", "space": "2"},
        {"card": "castle", "space": 2.0},
        {"card": "castle", "space": True},
        {"card": "castle", "space": 10**100},
        {"card": "not_a_card", "space": 2},
        {"card": 7, "space": 2},
        {"card": ["castle"], "space": 2},
    ],
)
def test_load_action_rejects_malformed_input(data: Any) -> None:
    with pytest.raises(IllegalAction) as caught:
        E.load_action(data)
    assert caught.value.code == "malformed_action"


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)


@given(
    st.dictionaries(st.sampled_from(["card", "space", "x"]) | st.text(max_size=6), JSONISH)
    | st.fixed_dictionaries(
        {"card": st.sampled_from(list(decktet.cards())) | JSONISH, "space": JSONISH}
    )
)
def test_load_action_raises_only_illegal_action_on_arbitrary_dicts(data: dict) -> None:
    try:
        action = E.load_action(data)
    except IllegalAction as error:
        assert error.code == "malformed_action"
    else:
        assert E.dump_action(action) == data


@given(st.sampled_from(list(decktet.cards())), st.integers(), st.integers(0, 1))
def test_apply_raises_only_illegal_action_for_arbitrary_plays(
    card: str, space: int, seat: int
) -> None:
    state = E.setup(2, {"extended_deck": True}, 12)
    legal = set(E.legal_actions(state, seat))
    try:
        E.apply(state, seat, Play(card, space))
    except IllegalAction as error:
        assert Play(card, space) not in legal
        assert error.code in {"not_your_turn", "card_not_in_hand", "no_such_space", "suit_mismatch"}
    else:
        assert Play(card, space) in legal


# --- state, views, bot -------------------------------------------------------------------------


def test_apply_does_not_mutate_state() -> None:
    state = E.setup(2, {"extended_deck": True}, 8)
    before = E.dump(state)
    seat = state.current
    E.apply(state, seat, E.legal_actions(state, seat)[0])
    assert E.dump(state) == before


def test_dump_load_round_trip_is_lossless_json() -> None:
    state = E.setup(2, {"extended_deck": True}, 8)
    for _ in range(5):
        seat = state.current
        state, _ = E.apply(state, seat, E.bot_action(state, seat))
        text = json.dumps(E.dump(state))
        assert E.load(json.loads(text)) == state


def test_history_keeps_every_play_public_and_rebuilds_the_monsters() -> None:
    """Every turn is kept in order (who, which card, where, the monsters before its dice, the
    dice) and shown to every seat: the cards lie face up on the table."""
    state = E.setup(2, {}, 4)
    played: list[tuple[int, str, int]] = []
    before: list[tuple[int | None, ...]] = []
    while state.current is not None:
        seat = state.current
        play = E.bot_action(state, seat)
        played.append((seat, play.card, play.space))
        before.append(state.monsters)
        state, _ = E.apply(state, seat, play)
    assert [(t.seat, t.card, t.space) for t in state.history] == played
    assert [t.monsters for t in state.history] == before
    assert len(state.history) == sum(map(len, state.piles)) <= 45
    assert state.history[-1].dice == state.last_turn.dice
    for viewer in (None, 0, 1):
        shown = E.view(state, viewer)["history"]
        assert [(t["seat"], t["card"], t["space"]) for t in shown] == played


def test_a_dump_from_before_the_history_still_loads() -> None:
    state = E.setup(2, {}, 6)
    for _ in range(4):
        state, _ = E.apply(state, state.current, E.bot_action(state, state.current))
    old = {k: v for k, v in E.dump(state).items() if k != "history"}
    loaded = E.load(old)
    assert loaded.history == () and loaded.piles == state.piles
    assert E.bot_action(loaded, loaded.current, "hard") in E.legal_actions(loaded, loaded.current)


def test_load_rejects_an_unknown_dump_version() -> None:
    data = E.dump(E.setup(2, {}, 1)) | {"version": 99}
    with pytest.raises(ValueError):
        E.load(data)


VIEW_KEYS = {
    "game", "seat", "options", "spaces", "monsters", "hand_counts", "deck_count", "current",
    "turn_number", "first_player_rolls", "last_turn", "history", "scores", "over", "outcome",
}  # fmt: skip
CARD_KEYS = {"id", "rank", "value", "suits", "types", "name"}


def test_view_has_exactly_the_agreed_schema() -> None:
    state = E.setup(2, {}, 2)
    seat = state.current
    state, _ = E.apply(state, seat, E.legal_actions(state, seat)[0])
    public, own = E.view(state, None), E.view(state, 0)
    assert set(public) == VIEW_KEYS and set(own) == VIEW_KEYS | {"hand"}
    assert set(public["spaces"][0]) == {"ace", "owner", "top", "covered"}
    assert set(public["spaces"][0]["ace"]) == CARD_KEYS
    assert set(public["monsters"][0]) == {"id", "space", "points", "name"}
    assert set(public["last_turn"]) == {"seat", "card", "space", "dice", "events"}
    assert set(public["history"][0]) == {"seat", "card", "space", "monsters", "dice"}
    assert set(own["hand"][0]) == CARD_KEYS
    assert json.loads(json.dumps(own)) == own


def test_monster_ids_and_names_in_the_view() -> None:
    monsters = E.view(E.setup(2, {}, 2), None)["monsters"]
    assert [m["id"] for m in monsters] == ["catoblepas", "dire_bear", "glatisant", "pegasus"]
    assert [m["name"]["it"] for m in monsters] == [
        "Catoblepa", "Orso Terribile", "Glatisant", "Pegaso",
    ]  # fmt: skip


def test_card_values_in_the_view() -> None:
    values = {c: md.card_view(c)["value"] for c in ("castle", "huntress", "excuse", "harvest")}
    assert values == {"castle": 7, "huntress": 10, "excuse": 0, "harvest": None}
    assert md.card_view("ace_moons")["value"] is None
    assert md.card_view("castle")["name"] == {"en": "the Castle", "it": "il Castello"}


def _strings(data: Any) -> set[str]:
    """Every string (key or value) anywhere inside ``data``."""
    if isinstance(data, dict):
        return set(data) | {s for v in data.values() for s in _strings(v)}
    if isinstance(data, list):
        return {s for v in data for s in _strings(v)}
    return {data} if isinstance(data, str) else set()


def test_public_and_opponent_views_hide_hands_deck_and_seed() -> None:
    state = E.setup(2, {"extended_deck": True}, 21)
    secret = set(state.hands[0]) | set(state.hands[1]) | set(state.deck)
    for view in (E.view(state, None), E.view(state, 1)):
        strings = _strings(view)
        assert not (strings & (set(state.hands[0]) | set(state.deck)))
        assert not {"rng", "seed", "counter", "deck"} & strings
    assert not _strings(E.view(state, None)) & secret


def test_own_view_shows_own_hand_only() -> None:
    state = E.setup(2, {}, 21)
    view = E.view(state, 1)
    assert [c["id"] for c in view["hand"]] == list(state.hands[1])
    assert not _strings(view) & set(state.hands[0])
    with pytest.raises(ValueError):
        E.view(state, 2)


def test_events_never_reveal_the_drawn_card() -> None:
    state = make_state(hands=(("castle",), ("mill",)), deck=("sea",))
    after, events = turn(state, "castle", 1)
    assert "sea" not in _strings(events)
    assert "sea" not in _strings(E.view(after, None))
    assert "sea" in _strings(E.view(after, 0))


def test_view_reports_the_last_turn() -> None:
    state = make_state(hands=(("castle",), ("mill",)), rolls=(4, 2))
    after, events = turn(state, "castle", 5)
    last = E.view(after, None)["last_turn"]
    assert (last["seat"], last["card"]["id"], last["space"]) == (0, "castle", 5)
    assert last["dice"] == [4, 2]
    assert last["events"] == events


def test_legal_actions_are_exactly_the_plays_apply_accepts() -> None:
    state = make_state(hands=(("castle", "excuse", "harvest"), ()), extended=True)
    legal = set(E.legal_actions(state, 0))
    for card in state.hands[0]:
        for space in range(6):
            try:
                E.apply(state, 0, Play(card, space))
                assert Play(card, space) in legal
            except IllegalAction:
                assert Play(card, space) not in legal
    assert len(legal) == 2 + 6 + 3


def test_bot_action_is_legal_and_deterministic() -> None:
    for seed in range(20):
        state = E.setup(2, {"extended_deck": seed % 2 == 0}, seed)
        seat = state.current
        choice = E.bot_action(state, seat)
        assert choice in E.legal_actions(state, seat)
        assert E.bot_action(state, seat) == choice


def test_bot_does_not_peek_at_dice_deck_or_opponent_hand() -> None:
    state = E.setup(2, {"extended_deck": True}, 30)
    seat = state.current
    other = 1 - seat
    hands = list(state.hands)
    hands[other] = tuple(reversed(state.deck[:3]))
    peeked = replace(state, rng=Rng(999, 5), deck=tuple(reversed(state.deck)), hands=tuple(hands))
    assert E.bot_action(peeked, seat) == E.bot_action(state, seat)


def test_bot_plays_a_crown_into_its_own_village_to_lead_the_pegasus() -> None:
    state = make_state(tops={3: "merchant"}, hands=(("huntress", "author"), ()), deck=("mill",) * 6)
    assert E.bot_action(state, 0) == Play("huntress", 0)
    assert bot.evaluate(state, 0, Play("huntress", 0)) > bot.evaluate(state, 0, Play("author", 5))


def test_bot_beats_a_random_player() -> None:
    bot_wins = 0
    for seed in range(100):
        state, chooser = E.setup(2, {}, seed), random.Random(seed)
        bot_seat = seed % 2
        while E.pending(state):
            seat = E.pending(state)[0]
            legal = E.legal_actions(state, seat)
            action = E.bot_action(state, seat) if seat == bot_seat else chooser.choice(legal)
            state, _ = E.apply(state, seat, action)
        bot_wins += E.outcome(state)["winners"] == [bot_seat]
    assert bot_wins >= 75
