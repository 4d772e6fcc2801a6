"""Monsterpocalypse movement through the engine (the "moves" clauses of
docs/rules/monsterpocalypse.md): speed, one move per figure, runs, blocking, terrain, flight,
jump, boost and teleporter spaces, and the 2×2 traps — every square of a monster's footprint
checked against figures, buildings, the edge, terrain and hazards.

Board: the harbour map (K3-L10 sea is impassable, C4/I3/C9/I10 rough, F3/F10 boost, H4/H9
teleporters); seat 0 (Titans, north) to play.
"""

from __future__ import annotations

from dataclasses import replace

from rules.monsterpocalypse.geometry import footprint
from rules.monsterpocalypse.model import (
    ActivateMonster,
    ActivateUnits,
    Attack,
    EndActivation,
    Hyper,
    Move,
    PowerUp,
    Run,
    State,
    figure,
    sq,
)
from tests.rules.monsterpocalypse_helpers import (
    MP,
    act,
    arranged,
    pools,
    seeded_for,
    unit_of,
    with_rng,
)

BASE = arranged()
SENTINEL = unit_of(BASE, 0, "sentinel")  # SPD 4
GLIDER = unit_of(BASE, 0, "glider")  # flight
SKITTER = unit_of(BASE, 1, "skitter")  # SPD 5, swift
VAULTBACK = unit_of(BASE, 1, "vaultback")  # jump
ENEMIES = [unit_of(BASE, 1, "skitter", n) for n in range(5)]
FRIENDS = [unit_of(BASE, 0, "sentinel", n) for n in range(1, 5)]


def _moves(state: State, fid: str, seat: int = 0) -> dict[str, int]:
    """The seat's view of one figure's moves: destination -> cost in points."""
    if state.activation is None:
        state = replace(state, turn=seat)
        state, _ = act(state, ActivateUnits() if fid.startswith("u") else ActivateMonster())
    return {m["to"]: m["cost"] for m in MP.view(state, seat)["moves"].get(fid, [])}


def _monster_turn(state: State, seat: int = 0) -> State:
    state = replace(pools(state, seat, 0, 10), turn=seat)
    state, _ = act(state, ActivateMonster())
    return state


def test_M1_move_up_to_speed_for_one_die() -> None:
    state = arranged(units={SENTINEL: "E6"})
    moves = _moves(state, SENTINEL)
    assert "E10" in moves and "E11" not in moves and max(moves.values()) <= 4
    state, _ = act(state, ActivateUnits(), Move(SENTINEL, "E10"))
    assert figure(state, SENTINEL).at == "E10" and state.players[0].unit == 9


def test_M2_each_figure_moves_once_per_activation() -> None:
    state = arranged(units={SENTINEL: "E6", FRIENDS[0]: "G6"})
    state, _ = act(state, ActivateUnits(), Move(SENTINEL, "E8"))
    legal = MP.legal_actions(state, 0)
    assert not any(isinstance(a, Move) and a.figure == SENTINEL for a in legal)
    assert any(isinstance(a, Move) and a.figure == FRIENDS[0] for a in legal)


def test_R13_each_unit_moves_once_for_one_die() -> None:
    state = arranged(units={SENTINEL: "E6", FRIENDS[0]: "G6"})
    state, _ = act(state, ActivateUnits(), Move(SENTINEL, "E8"), Move(FRIENDS[0], "G8"))
    assert state.players[0].unit == 8 and state.players[0].monster == 2


def test_M4_run_one_die_per_square_before_the_attack() -> None:
    state = _monster_turn(arranged(monsters=("E1", "E5")))
    runs = {r["to"]: r["cost"] for r in MP.view(state, 0)["runs"]}
    assert runs["E3"] == 2 and runs["G3"] == 2  # diagonal steps allowed in a run
    assert "E4" not in runs  # never onto the enemy monster
    state, _ = act(state, Run("E3"))
    assert figure(state, "m0").at == "E3" and state.players[0].monster == 8
    state = with_rng(state, seeded_for(1, 2, 0, 0))
    state, _ = act(state, Attack("m0", "brawl", "m1", 1))
    assert not MP.view(state, 0)["runs"]


def test_R6_monster_move_and_runs() -> None:
    state = _monster_turn(arranged(monsters=("E1", "E9")))
    state, _ = act(state, Run("E2"), Move("m0", "E5"), Run("E6"))
    assert figure(state, "m0").at == "E6" and state.players[0].monster == 7
    assert not any(isinstance(a, Move) and a.figure == "m0" for a in MP.legal_actions(state, 0))


def test_M5_no_passing_through_buildings_or_enemies() -> None:
    walled = arranged(units={SENTINEL: "A1", ENEMIES[0]: "B1", ENEMIES[1]: "A2", ENEMIES[2]: "B2"})
    assert _moves(walled, SENTINEL) == {}
    friends = arranged(units={SENTINEL: "A1", FRIENDS[0]: "B1", FRIENDS[1]: "A2", FRIENDS[2]: "B2"})
    moves = _moves(friends, SENTINEL)
    assert moves and not {"B1", "A2", "B2"} & set(moves)
    built = arranged(monsters=("A1", "E11"), buildings=(("tower", 1, "C1"),))
    tower = set(footprint(sq("C1"), 2))
    for anchor in _moves(_monster_turn(built), "m0"):
        assert not tower & set(footprint(sq(anchor), 2))
    assert "E1" not in _moves(_monster_turn(built), "m0")  # behind the tower, 4 squares round


def test_T2_rough_costs_double() -> None:
    moves = _moves(arranged(units={SENTINEL: "C1"}), SENTINEL)
    assert moves["C4"] == 4 and moves["C3"] == 2


def test_T3_impassable_cannot_be_entered() -> None:
    moves = _moves(arranged(units={SENTINEL: "J3"}), SENTINEL)
    sea = {"K3", "K4", "L3", "L4", "L5", "L6", "L7", "L8", "L9", "K9", "K10", "L10"}
    assert moves and not sea & set(moves)


def test_T7_flyer_crosses_everything() -> None:
    walled = arranged(units={GLIDER: "A1", ENEMIES[0]: "B1", ENEMIES[1]: "A2", ENEMIES[2]: "B2"})
    moves = _moves(walled, GLIDER)
    assert "C1" in moves and "B1" not in moves
    assert "K4" in _moves(arranged(units={GLIDER: "J4"}), GLIDER)


def test_ability_flight() -> None:
    over_sea = _moves(arranged(units={GLIDER: "J4"}), GLIDER)
    assert {"K4", "L4", "L6"} <= set(over_sea)


def test_T10_jumper_crosses_everything() -> None:
    mine = [unit_of(BASE, 0, "sentinel", n) for n in range(3)]
    walled = arranged(units={VAULTBACK: "A1", mine[0]: "B1", mine[1]: "A2", mine[2]: "B2"})
    assert "C1" in _moves(walled, VAULTBACK, seat=1)


def test_T11_jumper_cannot_end_on_impassable() -> None:
    moves = _moves(arranged(units={VAULTBACK: "J4"}), VAULTBACK, seat=1)
    assert "K4" not in moves and "L4" not in moves
    assert "K5" in moves  # cover beside the sea, reached over it or along the shore


def test_ability_jump() -> None:
    built = arranged(units={VAULTBACK: "E3"}, buildings=(("tower", 0, "E4"),))
    assert "E6" in _moves(built, VAULTBACK, seat=1)  # straight over the tower


def test_ability_swift() -> None:
    moves = _moves(arranged(units={SKITTER: "A1"}), SKITTER, seat=1)
    assert "A7" in moves and "A8" not in moves  # SPD 5 + 1


def test_O6_boost_space_costs_nothing_to_enter() -> None:
    moves = _moves(arranged(units={SENTINEL: "F1"}), SENTINEL)
    assert moves["F3"] == 1 and moves["F6"] == 4


def test_O7_teleporter_for_one_point() -> None:
    moves = _moves(arranged(units={SENTINEL: "H4"}), SENTINEL)
    assert moves["H9"] == 1 and moves["G10"] == 1
    state, _ = act(arranged(units={SENTINEL: "H4"}), ActivateUnits(), Move(SENTINEL, "H9"))
    assert figure(state, SENTINEL).at == "H9"


# --- 2×2 traps: every square of the footprint, through the engine ----------------------------


def test_2x2_an_enemy_under_the_far_square_blocks_the_monster() -> None:
    state = arranged(monsters=("E1", "E11"), units={ENEMIES[0]: "F3"})
    moves = _moves(_monster_turn(state), "m0")
    assert "E2" not in moves and "F2" not in moves and "D2" in moves
    for anchor in moves:
        assert sq("F3") not in footprint(sq(anchor), 2)


def test_2x2_never_hangs_off_the_edge() -> None:
    for start in ("A1", "K1", "A11", "K11"):
        state = arranged(monsters=(start, "E6"))
        for anchor in _moves(_monster_turn(state), "m0"):
            col, row = sq(anchor)
            assert 0 <= col <= 10 and 0 <= row <= 10


def test_2x2_impassable_under_one_square_stops_it() -> None:
    moves = _moves(_monster_turn(arranged(monsters=("I1", "E11"))), "m0")
    assert "J1" in moves and "J2" not in moves and "J3" not in moves  # K3 is sea


def test_2x2_rough_under_one_square_costs_double() -> None:
    moves = _moves(_monster_turn(arranged(monsters=("G1", "E11"))), "m0")
    assert moves["G2"] == 1 and moves["H2"] == 2  # H2 brings I3 (rough) under it


def test_2x2_friend_under_one_square_may_be_passed_not_ended_on() -> None:
    state = arranged(monsters=("E1", "E11"), units={FRIENDS[0]: "F3"})
    moves = _moves(_monster_turn(state), "m0")
    assert "E2" not in moves and "E4" in moves


def test_2x2_hazard_under_one_square_hurts_once() -> None:
    """The fire under the footprint's right column for the last two steps (it ends on it, so
    no path avoids it) hurts once."""
    state = arranged(monsters=("C1", "E11"), hazards=(("fire", "D5"),))
    state = _monster_turn(state)
    beast = figure(state, "m0")
    state = replace(state, figures=(replace(beast, type="empress"), *state.figures[1:]))
    before = figure(state, "m0").health[0]
    state, events = act(state, Move("m0", "C5"))
    assert figure(state, "m0").health[0] == before - 1
    assert [e["hazards"] for e in events if e["type"] == "move"] == [1]


def test_move_ends_the_activation_cleanly_with_the_flags_reset() -> None:
    state = arranged(units={SENTINEL: "E6"})
    state, _ = act(state, ActivateUnits(), Move(SENTINEL, "E8"), EndActivation(0))
    assert figure(state, SENTINEL).moved is False


def test_I10_runs_onto_rough_cost_double() -> None:
    """The lead's decision 1: a run step onto rough costs 2 dice."""
    state = _monster_turn(arranged(monsters=("A2", "E11")))
    runs = {r["to"]: r["cost"] for r in MP.view(state, 0)["runs"]}
    assert runs["B3"] == 2  # one diagonal step that brings the rough C4 under the monster
    assert runs["B1"] == 1 and runs["A3"] == 1


def test_I12_jumpers_are_hurt_only_by_the_hazard_they_land_on() -> None:
    """The lead's decision 2: like flyers, jumpers leap over hazards unhurt."""
    state = arranged(units={VAULTBACK: "C1"}, hazards=(("fire", "C2"),))
    moves = {m["to"]: m["hazards"] for m in MP.view(_turn_units(state, 1), 1)["moves"][VAULTBACK]}
    assert moves["C4"] == 0 and moves["C3"] == 1


def _turn_units(state: State, seat: int) -> State:
    state = replace(pools(state, seat, 10, 0), turn=seat)
    state, _ = act(state, ActivateUnits())
    return state


# --- the engine's smaller choices, each written in the doc (I10, I16, T2) ---------------------


def test_I10_a_run_offers_at_most_three_dice_and_runs_chain() -> None:
    """`RUN_SQUARES`: one ``Run`` spends at most 3 dice; another may follow at once, the move
    still to come, until the pool is empty or the monster attacks."""
    state = _monster_turn(arranged(monsters=("E1", "E11")))
    runs = {r["to"]: r["cost"] for r in MP.view(state, 0)["runs"]}
    assert max(runs.values()) == 3 and runs["E4"] == 3 and "E5" not in runs
    state, _ = act(state, Run("E4"), Run("E7"))
    assert figure(state, "m0").at == "E7" and state.players[0].monster == 4
    assert any(isinstance(a, Move) and a.figure == "m0" for a in MP.legal_actions(state, 0))
    low, _ = act(pools(arranged(monsters=("E1", "E11")), 0, 8, 2), ActivateMonster())
    assert max(r["cost"] for r in MP.view(low, 0)["runs"]) == 2  # never more than the pool


def test_I10_a_run_moves_the_phase_past_power_up_and_hyper() -> None:
    """Phases run forward: a run is in the move phase, so no power-up or hyper after it."""
    state, _ = act(pools(arranged(monsters=("E1", "E11")), 0, 0, 10, 10), ActivateMonster())
    assert {PowerUp(1), Hyper()} <= set(MP.legal_actions(state, 0))
    state, _ = act(state, Run("E2"))
    assert not {PowerUp(1), Hyper()} & set(MP.legal_actions(state, 0))


def test_O7_a_teleport_costs_one_point_and_the_unit_walks_on() -> None:
    """Issue 26 item 8: «al costo di 1 punto movimento»: the jump from a teleporter is 1 of the
    unit's points, not its whole move: a Sentinel (SPD 4) on H4 lands by H9 (on G8) and walks
    on with 3 points, in one ``Move`` (1 die). A unit that walks onto a teleporter does not jump in
    that move (it did not start its move there)."""
    moves = _moves(arranged(units={SENTINEL: "H4"}), SENTINEL)
    assert moves["H9"] == 1 and moves["G10"] == 1
    assert moves["D8"] == 4 and moves["H12"] == 3 and "C8" not in moves
    state, _ = act(arranged(units={SENTINEL: "H4"}), ActivateUnits(), Move(SENTINEL, "D8"))
    assert figure(state, SENTINEL).at == "D8" and state.players[0].unit == 9
    walking = _moves(arranged(units={SENTINEL: "G4"}), SENTINEL)
    assert "H4" in walking and not {"H9", "G10", "I10"} & set(walking)


def test_O7_flyers_never_teleport() -> None:
    """A flyer uses no objective space (T9, O2), teleporters included: it flies there or not."""
    moves = _moves(arranged(units={GLIDER: "H4"}), GLIDER)
    assert moves.get("H9", 99) > 1 and moves.get("G10", 99) > 1


def test_O7_I12_a_jumper_teleports_over_a_hazard_unhurt() -> None:
    """Decision 2 / I12 make no exception for teleporters (O7, I16): the Vaultback jumps from
    H4 to beside H9, then leaps the fires on G10-H11 and I10-J11 (no way round them with 3
    points) to H12 unhurt; ending on a fire (H11) still hurts. It died there once: the walk after
    the landing counted every hazard it passed over."""
    state = arranged(units={VAULTBACK: "H4"}, hazards=(("fire", "G10"), ("fire", "I10")))
    state = _turn_units(state, 1)
    moves = {m["to"]: m["hazards"] for m in MP.view(state, 1)["moves"][VAULTBACK]}
    assert moves["H12"] == 0 and moves["H11"] == 1
    state, events = act(state, Move(VAULTBACK, "H12"))
    assert figure(state, VAULTBACK).at == "H12"
    assert [e["type"] for e in events] == ["move"] and events[0]["hazards"] == 0


def test_T2_flyers_and_jumpers_pay_one_for_rough() -> None:
    """ "considera tutti i terreni come traversabili": rough costs them 1, not 2."""
    assert _moves(arranged(units={SENTINEL: "C3"}), SENTINEL)["C4"] == 2
    assert _moves(arranged(units={GLIDER: "C3"}), GLIDER)["C4"] == 1
    assert _moves(arranged(units={VAULTBACK: "C3"}), VAULTBACK, seat=1)["C4"] == 1


def test_I12_a_move_walks_round_a_hazard_it_has_the_points_to_avoid() -> None:
    """The player names the end square; a move costs one die whatever the path, so the engine
    takes the path through fewest hazards the unit's SPD allows («la miniatura che vi muove
    attraverso subisce 1 danno»: on the table the player would walk round the fire), then the
    cheapest."""
    state = arranged(monsters=("A1", "K11"), units={SKITTER: "E1"}, hazards=(("fire", "E2"),))
    moves = {
        m["to"]: (m["cost"], m["hazards"])
        for m in MP.view(_turn_units(state, 1), 1)["moves"][SKITTER]
    }
    assert moves["E4"] == (4, 0)  # round the fire for 4, not straight through it for 3
    assert moves["E2"] == (1, 1)  # ending on it is the only way there

    assert moves["D4"] == (3, 0)  # as cheap round the fire: no damage


def test_O6_flyers_pay_one_for_a_boost_space() -> None:
    """A flyer uses no objective space (O2), so a boost space costs it 1 like any square."""
    away = ("A1", "K11")
    assert _moves(arranged(away, units={SENTINEL: "F1"}), SENTINEL)["F3"] == 1
    assert _moves(arranged(away, units={GLIDER: "F1"}), GLIDER)["F3"] == 2


# --- hazards once per token per activation (issue 26 item 2) ---------------------------------


def _empress_turn(where: str, hazards: tuple[tuple[str, str], ...]) -> State:
    """Seat 0's monster activation with the (not hazard-proof) Empress at ``where``."""
    state = _monster_turn(arranged(monsters=(where, "A11"), hazards=hazards))
    beast = figure(state, "m0")
    return replace(state, figures=(replace(beast, type="empress"), *state.figures[1:]))


def _lost(state: State, *steps: Move | Run) -> int:
    before = sum(figure(state, "m0").health)
    state, _ = act(state, *steps)
    return before - sum(figure(state, "m0").health)


def test_X3_I12_a_token_hurts_once_per_activation_however_the_runs_are_split() -> None:
    """«la miniatura che vi muove attraverso subisce 1 danno»: the monster's movement in one
    activation — its move and the runs before and after it («Fase di movimento -> puoi
    spendere un dado azione per muovere il tuo mostro, e spendere prima o successivamente uno
    o più dadi azione per farlo correre») — meets a token once, however it is cut up."""
    fire = (("fire", "E5"),)
    assert _lost(_empress_turn("C5", fire), Run("E5")) == 1
    assert _lost(_empress_turn("C5", fire), Run("D5"), Run("E5")) == 1  # it cost 2
    assert _lost(_empress_turn("C5", fire), Run("D5"), Run("C5"), Run("D5")) == 1
    assert _lost(_empress_turn("C5", fire), Run("D5"), Move("m0", "E8")) == 1
    two = (("fire", "E5"), ("chemical", "E8"))
    assert _lost(_empress_turn("C5", two), Run("D5"), Move("m0", "E9")) == 2  # two tokens


def test_X3_I12_a_figure_already_on_a_token_is_not_hurt_moving_deeper() -> None:
    """Standing on a token does not hurt (I12), and neither does going further into the token
    it stands on: a monster half on the fire moving fully onto it, a unit stepping from one
    square of the fire to another, enter no new token. Another activation that leaves it and
    comes back does enter it again."""
    fire = (("fire", "E5"),)
    assert _lost(_empress_turn("D5", fire), Run("E5")) == 0
    assert _lost(_empress_turn("D5", fire), Move("m0", "E5")) == 0
    board = arranged(units={SENTINEL: "E5"}, hazards=fire)
    state, _ = act(board, ActivateUnits(), Move(SENTINEL, "F6"))
    assert figure(state, SENTINEL).at == "F6"
    state, _ = act(board, ActivateUnits(), Move(SENTINEL, "E4"), EndActivation(0))
    state, _ = act(_turn_units(state, 1), EndActivation(0))
    state, _ = act(state, ActivateUnits(), Move(SENTINEL, "E5"))
    assert figure(state, SENTINEL).at == ""  # a new activation, a new entry: destroyed
