"""Monsters on Board engine: game, setup, round structure, arrivals, round end, the final window
and views (G, S, R, A, L, E, F1, X clauses of docs/rules/monsters_on_board.md).

The helpers at the top build states mid-game (a seat's board set directly) and play actions;
the other ``test_monsters_on_board_*`` files of the engine import them.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

import rules
from rules.base import IllegalAction
from rules.monsters_on_board import content as mob
from rules.monsters_on_board import engine as E
from rules.monsters_on_board.arch import arch_cards
from rules.monsters_on_board.model import (
    Action,
    Done,
    Flip,
    Pick,
    State,
    with_seat,
)

ENGINE = rules.GAMES["monsters_on_board"]
C = mob.content()
BOARD = C.normal


# --- helpers (imported by the other engine test files) -------------------------------------------


def game(players: int = 2, seed: int = 1, **options: Any) -> State:
    return E.setup(players, options, seed)


def die(colour: str, rank: int, pattern: int = 0) -> tuple[str, int]:
    return (f"{colour}-{pattern:02d}", rank)


def on_board(state: State, seat: int = 0, **changes: Any) -> State:
    """``state`` in phases 3-4 with the given seat fields set (the other seats done)."""
    seats = tuple(replace(s, done=i != seat, pick=None) for i, s in enumerate(state.seats))
    state = with_seat(replace(state, phase="board", cars=(), seats=seats), seat, **changes)
    used = {d for s in state.seats for d, _ in (*s.avenue, *(x for row in s.order for x in row))}
    return replace(state, bag=tuple(d for d in sorted(C.dice) if d not in used))


def placing(state: State, seat: int = 0, **changes: Any) -> State:
    """On board, all four Avenue dice activated (the Spider Jack phase, J1)."""
    avenue = changes.get("avenue", state.seats[seat].avenue)
    changes.setdefault("activated", tuple(d for d, _ in avenue))
    return on_board(state, seat, **changes)


def play(state: State, seat: int, *actions: Action) -> State:
    for action in actions:
        state, _ = E.apply(state, seat, action)
    return state


def bot_wins_against_random(start: Callable[[int], State], seeds: int) -> int:
    """Games (one per seed, two seats) that the bot player wins against a random player, the
    bot's seat alternating; every bot move is checked legal on the way."""
    from rules.monsters_on_board.bot import bot_action

    wins = 0
    for seed in range(seeds):
        state, chooser, bot_seat = start(seed), random.Random(seed), seed % 2
        while E.pending(state):
            seat = E.pending(state)[0]
            if seat == bot_seat:
                action = bot_action(state, seat)
                assert action in E.legal_actions(state, seat)
            else:
                action = chooser.choice(E.legal_actions(state, seat))
            state = play(state, seat, action)
        result = E.outcome(state)
        assert result is not None
        wins += bot_seat in result["winners"]
    return wins


def events_of(state: State, seat: int, action: Action) -> list[dict[str, Any]]:
    return E.apply(state, seat, action)[1]


def where(state: State, seat: int, colour: str) -> list[str]:
    return [loc for c, loc in state.seats[seat].creatures if c == colour]


def finish_draft(state: State) -> State:
    while state.phase == "draft":
        seat = E.pending(state)[0]
        pick = next(a for a in E.legal_actions(state, seat) if isinstance(a, Pick))
        state = play(state, seat, pick)
    return state


def run(state: State, chooser: random.Random | None = None, until: str = "over") -> State:
    """Play random legal actions (no flips) until the phase is ``until`` or the game ends."""
    chooser = chooser or random.Random(0)
    while E.pending(state) and state.phase != until:
        seat = E.pending(state)[0]
        legal = [a for a in E.legal_actions(state, seat) if not isinstance(a, Flip)]
        state = play(state, seat, chooser.choice(legal))
    return state


def dice_everywhere(state: State) -> Counter[str]:
    found = list(state.bag) + [d for car in state.cars for d, _ in filter(None, car)]
    for seat in state.seats:
        found += [d for d, _ in seat.avenue] + [d for row in seat.order for d, _ in row]
        found += [d for _, (d, _) in seat.removed]
    found += [d for d, _ in state.ai_picks]
    if state.jack is not None:  # solo 2: Spider Jack's area and its spare die
        found += [d for d, _ in (*state.jack.dice, *filter(None, [state.jack.spare]))]
    return Counter(found)


# --- game, players, goal -------------------------------------------------------------------------


def test_G1_modes_and_player_counts() -> None:
    assert ENGINE.min_players == 1 and ENGINE.max_players == 4
    for players in (2, 3, 4):
        assert game(players).num_players == players
        assert game(players, mode="family").num_players == players
    assert game(1, mode="solo1").num_players == 1
    assert game(1, mode="solo2").num_players == 1
    bad = ((1, "normal"), (2, "solo1"), (5, "normal"), (1, "family"), (5, "family"), (2, "solo2"))
    for players, mode in bad:
        with pytest.raises(ValueError):
            E.setup(players, {"mode": mode}, 1)
    with pytest.raises(ValueError):
        ENGINE.setup(1, {}, 1)
    # the table's seat count follows the mode (I2), through the engine contract
    assert ENGINE.seat_range({}) == ENGINE.seat_range({"mode": "family"}) == (2, 4)
    assert ENGINE.seat_range({"mode": "solo1"}) == ENGINE.seat_range({"mode": "solo2"}) == (1, 1)


def test_I42_options_apply_only_to_their_modes() -> None:
    """The difficulty is solo 2's; family mode drafts its own way."""
    assert game(1, mode="solo2", difficulty="ghosts4+prophecy").jack is not None
    for players, options in (
        (2, {"difficulty": "creature"}),
        (1, {"mode": "solo1", "difficulty": "prophecy"}),
        (2, {"mode": "family", "difficulty": "spare"}),
        (2, {"mode": "family", "draft": "turn_order"}),
        (1, {"mode": "solo2", "difficulty": "creature+creatures"}),
        (1, {"mode": "solo2", "difficulty": 7}),
    ):
        with pytest.raises(ValueError):
            E.setup(players, options, 1)
    assert game(2, difficulty="").jack is None  # the default is accepted everywhere


def test_G2_six_rounds_of_five_phases() -> None:
    state = game(2, seed=3)
    phases: list[tuple[int, str]] = []
    chooser = random.Random(3)
    while E.pending(state):
        if not phases or phases[-1] != (state.round, state.phase):
            phases.append((state.round, state.phase))
        seat = E.pending(state)[0]
        state = play(state, seat, chooser.choice(E.legal_actions(state, seat)))
    rounds = [r for r, p in phases if p == "draft"]
    assert rounds == [1, 2, 3, 4, 5, 6]
    assert [p for r, p in phases if r == 2] == ["draft", "board", "spectral"]


def test_G3_juice_from_actions_and_final_scoring() -> None:
    state = run(game(2, seed=5), random.Random(5))
    result = E.outcome(state)
    assert result is not None
    for seat, sheet in zip(state.seats, result["sheets"], strict=True):
        before = [line for line in sheet["lines"] if line["source"] == "before"]
        assert sum(line["juice"] for line in before) == seat.juice
        assert sheet["total"] >= seat.juice
    assert result["scores"] == [s["total"] for s in result["sheets"]]


# --- setup ---------------------------------------------------------------------------------------


def test_S1_ghost_supply_is_42_shuffled_face_down() -> None:
    a, b = game(seed=1), game(seed=2)
    assert len(a.ghost_supply) + 5 == 42 == len({*a.ghost_supply, *a.ghost_market})
    assert a.ghost_supply != b.ghost_supply
    assert "ghost_supply" in E.view(a, None)["market"]
    assert not set(a.ghost_supply) & set(json.dumps(E.view(a, 0)).split('"'))


def test_S2_five_ghosts_face_up_in_the_market() -> None:
    state = game()
    assert len(state.ghost_market) == 5 and all(state.ghost_market)
    assert E.view(state, None)["market"]["ghosts"] == list(state.ghost_market)


def test_S3_juice_starts_at_zero() -> None:
    assert all(s.juice == 0 for s in game(4).seats)


def test_S4_one_hidden_prophecy_each_rest_boxed() -> None:
    state = game(4)
    cards = [s.prophecy for s in state.seats]
    assert len(set(cards)) == 4 and all(c in {f"{n:02d}" for n in range(1, 13)} for c in cards)
    assert E.view(state, 0)["seats"][0]["prophecy"] == cards[0]
    assert E.view(state, 0)["seats"][1]["prophecy"] is None
    assert all(s["prophecy"] is None for s in E.view(state, None)["seats"])


def test_S5_arch_deck_of_72_shuffled_face_down() -> None:
    a, b = game(seed=1), game(seed=2)
    assert len(a.arch_deck) + 5 == 72 == len({*a.arch_deck, *a.arch_market})
    assert a.arch_deck != b.arch_deck
    assert E.view(a, None)["market"]["arch_deck"] == 67


def test_S6_five_arch_cards_face_up_in_the_market() -> None:
    state = game()
    assert len(state.arch_market) == 5 and all(c in arch_cards() for c in state.arch_market)


def test_S7_all_78_dice_start_in_the_bag() -> None:
    state = game(3)
    assert sum(dice_everywhere(state).values()) == 78
    assert len(state.bag) == 78 - 3 * 4  # the first arrivals already happened (A1)


def test_S8_first_player_drawn_by_the_seeded_rng() -> None:
    firsts = {game(4, seed=s).first for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert game(4, seed=9).first == game(4, seed=9).first


def test_S9_round_starts_at_one() -> None:
    assert game().round == 1


def test_S10_each_seat_has_a_board_and_a_car() -> None:
    state = game(3)
    assert len(state.seats) == 3 and len(state.cars) == 3


def test_S11_evil_starts_at_zero() -> None:
    assert all(s.evil == 0 for s in game(3).seats)


def test_S12_one_creature_per_colour_on_its_start() -> None:
    seat = game().seats[0]
    assert sorted(seat.creatures) == sorted((c, BOARD.starts[c]) for c in C.colours)


def test_S13_six_servants_on_their_starting_points() -> None:
    seat = game().seats[0]
    assert seat.servants == tuple(BOARD.lodges) and len(seat.servants) == 6
    assert not set(seat.servants) & set(BOARD.spaces)


def test_S14_three_jack_dice_at_one_and_three_summon_markers_at_start() -> None:
    seat = game().seats[0]
    assert seat.jack == (1, 1, 1) and seat.summon == (0, 0, 0)


# --- round structure, arrivals -------------------------------------------------------------------


def test_R1_round_runs_arrivals_draft_movement_jack_spectral() -> None:
    state = game(2, seed=4)
    assert state.phase == "draft" and all(len([d for d in car if d]) == 4 for car in state.cars)
    state = finish_draft(state)
    assert state.phase == "board" and all(len(s.avenue) == 4 for s in state.seats)
    state = run(state, random.Random(1), until="spectral")
    assert state.phase == "spectral" and all(not s.avenue for s in state.seats)
    assert all(sum(len(r) for r in s.order) == 3 for s in state.seats)
    state = run(state, random.Random(1), until="draft")
    assert state.round == 2


def test_A1_four_random_dice_rolled_into_each_car() -> None:
    state = game(4, seed=11)
    dice = [d for car in state.cars for d in car]
    assert len(dice) == 16 and all(d is not None and 1 <= d[1] <= 6 for d in dice)
    assert len({d[0] for d in dice if d}) == 16
    assert {d[0] for d in dice if d}.isdisjoint(state.bag)
    assert [d for car in game(4, seed=12).cars for d in car] != dice


def test_A2_bag_never_runs_out() -> None:
    state = game(4, seed=2)
    smallest = len(state.bag)
    chooser = random.Random(2)
    while E.pending(state):
        seat = E.pending(state)[0]
        state = play(state, seat, chooser.choice(E.legal_actions(state, seat)))
        smallest = min(smallest, len(state.bag))
        assert sum(dice_everywhere(state).values()) == 78
    assert smallest >= 78 - 16 - 60


# --- lord dice at a glance -----------------------------------------------------------------------


def test_L1_die_colour_moves_creatures_of_that_colour() -> None:
    state = on_board(
        game(), avenue=(die("green", 3), die("pink", 2), die("blue", 1), die("black", 6))
    )
    state = play(state, 0, E.Activate("green-00"))
    assert where(state, 0, "green") == ["a01-green"]
    assert where(state, 0, "pink") == [BOARD.starts["pink"]]


def test_L3_icons_are_the_dies_actions() -> None:
    avenue = (die("pink", 1), die("blue", 2), die("green", 3), die("black", 6))
    state = placing(game(), avenue=avenue)
    state = play(state, 0, E.Place("pink-00", 0))
    top = state.seats[0].stack[-1]
    assert [icon for _, icon in top.items] == list(C.dice["pink-00"].faces[1])


# --- round end -----------------------------------------------------------------------------------


def test_E1_after_round_6_the_order_is_full_and_scoring_follows() -> None:
    state = run(game(3, seed=8), random.Random(8))
    assert state.over and state.round == 6
    assert all(sum(len(row) for row in s.order) + len(s.removed) == 18 for s in state.seats)
    assert E.outcome(state) is not None and E.pending(state) == []


def test_E2_first_player_passes_left_and_round_advances() -> None:
    state = game(3, seed=6)
    first = state.first
    state = run(state, random.Random(6), until="spectral")
    state = run(state, random.Random(6), until="draft")
    assert state.round == 2 and state.first == (first + 1) % 3


# --- final scoring window and Arch flips ---------------------------------------------------------


def _spectral_end(state: State) -> State:
    """Round 6's spectral phase, every seat passing from here on."""
    return replace(state, round=6, phase="spectral", turn=state.first, passes=0)


def test_F1_final_scoring_steps_run_in_order() -> None:
    state = _spectral_end(game(2))
    row = (die("pink", 2), die("blue", 3), die("green", 4))
    state = with_seat(state, 1, arch=("m01",), order=(row, (), ()), jack=(1, 1, 1))
    state = play(state, state.first, E.Pass())
    state = play(state, 1 - state.first, E.Pass())
    assert state.phase == "final_window" and E.pending(state) == [1]
    assert E.outcome(state) is None
    state = play(state, 1, Done())
    assert state.over
    result = E.outcome(state)
    assert result is not None
    # F2: the dice beyond the Spider Jack die left the game; the sheet still lists them.
    assert state.seats[1].order == ((die("pink", 2),), (), ())
    assert state.seats[1].removed == ((0, die("blue", 3)), (0, die("green", 4)))
    assert result["sheets"][1]["removed"] == [[0, 1], [0, 2]]
    sources = [line["source"] for line in result["sheets"][1]["lines"]]
    ranks = {"before": 0, "final_creatures": 1, "prophecy": 2, "arch": 3}
    assert [ranks[s] for s in sources] == sorted(ranks[s] for s in sources)


def test_X1_flip_an_owned_arch_card_for_one_back_action() -> None:
    card = next(c for c in arch_cards().values() if any(i.startswith("juice") for i in c.back))
    icon = next(i for i in card.back if i.startswith("juice"))
    state = with_seat(game(2), 0, arch=(card.id,))
    flip = Flip(card.id, icon, ())
    assert flip in E.legal_actions(state, 0)
    assert flip not in E.legal_actions(state, 1)
    state = play(state, 0, flip)
    seat = state.seats[0]
    assert seat.juice == mob.icon_amount(icon) and seat.arch == () and seat.flipped == (card.id,)
    assert not any(isinstance(a, Flip) for a in E.legal_actions(state, 0))


def test_X2_final_scoring_window_for_flips() -> None:
    state = _spectral_end(game(3))
    state = with_seat(state, 0, arch=("m01",))
    state = with_seat(state, 2, arch=("m02", "m03"))
    for _ in range(3):
        state = play(state, state.turn, E.Pass())
    assert state.phase == "final_window" and E.pending(state) == [0, 2]
    assert Done() in E.legal_actions(state, 2)
    assert any(isinstance(a, Flip) for a in E.legal_actions(state, 2))
    assert E.skip_action(state, 2) == Done()
    state = play(state, 2, Done())
    assert E.pending(state) == [0]
    state = play(state, 0, Done())
    assert state.over


def test_X3_flipped_cards_do_not_score() -> None:
    state = _spectral_end(game(2))
    state = with_seat(state, 0, arch=("m01", "m02"))
    for _ in range(2):
        state = play(state, state.turn, E.Pass())
    flip = next(a for a in E.legal_actions(state, 0) if isinstance(a, Flip) and a.card == "m02")
    state = play(state, 0, flip)
    while state.seats[0].stack:
        state = play(state, 0, E.skip_action(state, 0) or E.legal_actions(state, 0)[0])
    state = play(state, 0, Done())
    result = E.outcome(state)
    assert result is not None
    items = [line["item"] for line in result["sheets"][0]["lines"] if line["source"] == "arch"]
    assert items == ["m01"]


# --- views, dump, contract -----------------------------------------------------------------------


def test_views_hide_other_prophecies_and_deck_orders() -> None:
    state = game(3, seed=2)
    for viewer in (None, 0, 1, 2):
        text = json.dumps(E.view(state, viewer))
        for i, seat in enumerate(state.seats):
            assert (f'"{seat.prophecy}"' in text) == (i == viewer)
        assert not any(f'"{c}"' in text for c in state.arch_deck)


def test_dump_and_load_are_lossless_mid_game() -> None:
    state = run(game(2, seed=9), random.Random(9), until="spectral")
    assert E.load(json.loads(json.dumps(E.dump(state)))) == state
    with pytest.raises(ValueError):
        E.load({**E.dump(state), "version": 99})


def test_load_action_refuses_malformed_input() -> None:
    for bad in ({"type": "pick"}, {"type": "nope"}, {"type": "place", "die": "x", "row": "0"}):
        with pytest.raises(IllegalAction):
            E.load_action(bad)
    use = E.Use("die:pink-00", "promote", ("blue-01", 1))
    assert E.load_action(json.loads(json.dumps(E.dump_action(use)))) == use


def test_an_illegal_action_is_refused() -> None:
    state = game(2)
    with pytest.raises(IllegalAction):
        E.apply(state, 0, E.Pass())
    with pytest.raises(IllegalAction):
        E.apply(state, 0, Pick("no-such-die"))


def test_views_show_the_open_decision_in_full_only_to_its_seat() -> None:
    avenue = (die("pink", 4), die("blue", 2), die("green", 5), die("black", 6))
    state = play(on_board(game(), avenue=avenue), 0, E.Activate("pink-00"))
    own = E.view(state, 0)["seats"][0]["decision"]
    other = E.view(state, 1)["seats"][0]["decision"]
    assert own["items"] == [["space:a01-pink", "evil:1"]] and own["source"] == "stops"
    assert other == {"kind": "actions", "source": "stops"}
