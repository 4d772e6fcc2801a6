"""Monsterpocalypse's city through the engine (the "city" clauses of
docs/rules/monsterpocalypse.md): buildings destroyed and their tokens, hazards entered,
hellmouths, securing, objective spaces and the power-up gains they give, spawns and shifts.

Board: the harbour map — spawn spaces B1/J1 (north, seat 0), B12/J12 (south, seat 1), neutral
J6 (activator K6) and J7 (K7); power C6/C7, negative C3/C10, inspire G6/G7, boost F3/F10.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.base import IllegalAction
from rules.monsterpocalypse import board, content
from rules.monsterpocalypse.model import (
    ActivateMonster,
    ActivateUnits,
    Attack,
    Move,
    PowerUp,
    Shift,
    Spawn,
    State,
    figure,
    with_figure,
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
SENTINELS = [unit_of(BASE, 0, "sentinel", n) for n in range(5)]
FORGEBORN = unit_of(BASE, 0, "forgeborn")  # hazard_proof
GLIDER = unit_of(BASE, 0, "glider")  # flight
SKITTERS = [unit_of(BASE, 1, "skitter", n) for n in range(5)]


def _spawns(state: State) -> set[tuple[str, str]]:
    return {(a.unit, a.at) for a in MP.legal_actions(state, state.turn) if isinstance(a, Spawn)}


def _units_turn(state: State, seat: int = 0) -> State:
    state, _ = act(replace(state, turn=seat), ActivateUnits())
    return state


def _power_up(state: State, hits: int = 0) -> tuple[State, dict[str, Any]]:
    """Seat 0's monster activation and a one-die power-up rolling ``hits``."""
    state = with_rng(pools(state, 0, 0, 10), seeded_for(1, 0, 0, hits))
    state, events = act(state, ActivateMonster(), PowerUp(1))
    return state, next(e for e in events if e["type"] == "power_up")


# --- buildings and hazards -------------------------------------------------------------------


def _knock_down(kind: str) -> tuple[State, list[dict[str, Any]]]:
    board = arranged(monsters=("E5", "E9"), buildings=((kind, 1, "C5"),))
    defense = content.building(kind).defense
    state = with_rng(pools(board, 0, 0, 10), seeded_for(4, 2, 0, defense))
    return act(state, ActivateMonster(), Attack("m0", "brawl", "b0", 4))


def test_X1_damaged_building_is_destroyed() -> None:
    state, events = _knock_down("tower")
    assert not state.buildings and [e["building"] for e in events if "building" in e] == ["b0"]


def test_X2_building_leaves_its_hazard_token() -> None:
    for kind in ("tower", "depot", "plant", "reactor", "chapel"):
        state, _ = _knock_down(kind)
        (token,) = state.hazards
        assert (token.kind, token.at) == (content.building(kind).hazard, "C5")


def test_X3_hazard_entered_deals_one_damage_once_per_token() -> None:
    state = _units_turn(arranged(units={SENTINELS[0]: "C1"}, hazards=(("fire", "C2"),)))
    state, events = act(state, Move(SENTINELS[0], "C4"))  # through C2 and C3: one token
    assert figure(state, SENTINELS[0]).at == ""  # one damage destroys a unit
    assert [e["type"] for e in events] == ["move", "unit_destroyed"]
    assert state.players[1].power == 0  # nobody's attack: no power die


def test_X3_H4_each_token_hurts_on_its_own_the_second_falls_on_the_new_form() -> None:
    """«la miniatura che vi muove attraverso subisce 1 danno» per token, and H4 «sostituitela con
    l'altra»: the Empress (alpha at 1) moving E9 -> E3 through the fires on E7 and E5 loses the
    alpha to the first and 1 hyper health to the second (it once lost the second point with the
    alpha, a lump of 2 clamped to the form); with no hyper health left the monster is gone after
    the first and nothing more is told."""
    state, events = _through_two_fires((1, 5))
    assert [e["type"] for e in events] == ["move", "damaged", "form_destroyed", "damaged"]
    assert [e["amount"] for e in events if e["type"] == "damaged"] == [1, 1]
    beast = figure(state, "m1")
    assert (beast.form, beast.health, beast.at) == ("hyper", (0, 4), "E3")
    state, events = _through_two_fires((1, 0))
    kinds = [e["type"] for e in events]
    assert kinds[:4] == ["move", "damaged", "form_destroyed", "monster_destroyed"]
    assert kinds.count("damaged") == 1 and figure(state, "m1").at == ""
    assert state.winners == (0,)


def _through_two_fires(health: tuple[int, int]) -> tuple[State, list[dict[str, Any]]]:
    """The Empress (seat 1) with ``health`` moves E9 -> E3, where every way crosses two fires."""
    board = arranged(monsters=("A1", "E9"), hazards=(("fire", "E7"), ("fire", "E5")))
    board = with_figure(board, replace(figure(board, "m1"), health=health))
    state, _ = act(replace(pools(board, 1, 0, 10), turn=1), ActivateMonster())
    assert {m["to"]: m["hazards"] for m in MP.view(state, 1)["moves"]["m1"]}["E3"] == 2
    return act(state, Move("m1", "E3"))


def test_ability_hazard_proof() -> None:
    state = _units_turn(arranged(units={FORGEBORN: "C1"}, hazards=(("chemical", "C2"),)))
    state, _ = act(state, Move(FORGEBORN, "C3"))
    assert figure(state, FORGEBORN).at == "C3"


def test_ruins_and_hellmouths_do_not_hurt() -> None:
    hazards = (("ruins", "C2"), ("hellmouth", "E2"))
    state = _units_turn(arranged(units={SENTINELS[0]: "C1", SENTINELS[1]: "E1"}, hazards=hazards))
    state, _ = act(state, Move(SENTINELS[0], "C4"), Move(SENTINELS[1], "E4"))
    assert figure(state, SENTINELS[0]).at == "C4" and figure(state, SENTINELS[1]).at == "E4"


def test_X4_hellmouth_spawns_one_occult_unit_per_activation() -> None:
    state = _units_turn(arranged(hazards=(("hellmouth", "E5"),)))
    occult = {(u, at) for u, at in _spawns(state) if u == "shade"}
    assert occult == {("shade", s) for s in ("E5", "F5", "E6", "F6")}
    state, events = act(state, Spawn("shade", "E5"))
    assert not {u for u, _ in _spawns(state) if u == "shade"}
    assert [e["cost"] for e in events] == [content.unit("shade").cost + 1]


def test_ability_occult() -> None:
    state = _units_turn(arranged())
    assert "shade" not in {u for u, _ in _spawns(state)}  # only from hellmouths
    with pytest.raises(IllegalAction):
        act(state, Spawn("shade", "B1"))


def test_X4_I19_occult_text_says_an_empty_hellmouth_square() -> None:
    """X4 «può usare uno spazio vuoto di questo tipo» is a free square of the 2×2 hellmouth
    token (I19): with a shade already on one, the other three still spawn one. The card's
    text said «an empty hellmouth», a whole token free; it now says a square, as the engine
    and I19 do."""
    shade = unit_of(BASE, 0, "shade")
    state = _units_turn(arranged(units={shade: "E5"}, hazards=(("hellmouth", "E5"),)))
    assert {at for u, at in _spawns(state) if u == "shade"} == {"F5", "E6", "F6"}
    texts = content.ABILITIES["occult"].texts
    assert "square of a hellmouth" in texts["en"] and "casella vuota" in texts["it"]


def test_X5_three_units_and_no_enemy_secure_a_building() -> None:
    around = {SENTINELS[0]: "D5", SENTINELS[1]: "D6", SENTINELS[2]: "G5"}
    board = arranged(units=around, buildings=(("tower", 1, "E5"),))
    assert MP.view(board, None)["buildings"][0]["secured_by"] == 0
    contested = arranged(units={**around, SKITTERS[0]: "G6"}, buildings=(("tower", 1, "E5"),))
    assert MP.view(contested, None)["buildings"][0]["secured_by"] is None
    two = arranged(units={SENTINELS[0]: "D5", SENTINELS[1]: "D6"}, buildings=(("tower", 1, "E5"),))
    assert MP.view(two, None)["buildings"][0]["secured_by"] is None


def test_X6_secured_building_gives_one_at_power_up() -> None:
    around = {SENTINELS[0]: "D5", SENTINELS[1]: "D6", SENTINELS[2]: "G5"}
    board = arranged(monsters=("A1", "K11"), units=around, buildings=(("tower", 1, "E5"),))
    state, event = _power_up(board)
    assert state.players[0].power == 1 and event["secured"] == 1


def test_D11_power_up_gains_one_per_secured_building() -> None:
    around = {SENTINELS[0]: "D5", SENTINELS[1]: "D6", SENTINELS[2]: "G5", SENTINELS[3]: "D9"}
    two = (("tower", 1, "E5"), ("depot", 0, "E9"))
    extra = {SENTINELS[4]: "G9", FORGEBORN: "E11"}
    state, event = _power_up(
        arranged(monsters=("A1", "K11"), units={**around, **extra}, buildings=two)
    )
    assert event["secured"] == 2 and state.players[0].power == 2


# --- objective spaces ------------------------------------------------------------------------


def test_D10_power_up_gains_one_per_power_space_held() -> None:
    state, event = _power_up(arranged(units={SENTINELS[0]: "C6", SENTINELS[1]: "C7"}))
    assert event["spaces"] == 2 and state.players[0].power == 2


def test_O5_power_space_gives_one_at_power_up() -> None:
    state, _ = _power_up(arranged(units={SENTINELS[0]: "C6"}))
    assert state.players[0].power == 1


def test_R4_power_up_space_and_building_gains_whatever_the_roll() -> None:
    state, event = _power_up(arranged(units={SENTINELS[0]: "C6"}), hits=2)
    assert event["hits"] == 2 and state.players[0].power == 3


def test_O4_negative_space_costs_the_opponent_a_die() -> None:
    board = arranged(units={SENTINELS[0]: "C3"})
    board = pools(board, 1, 10, 0, 2)
    state, event = _power_up(board)
    assert event["negative"] == 1 and state.players[1].power == 1
    broke, _ = _power_up(arranged(units={SENTINELS[0]: "C3"}))
    assert broke.players[1].power == 0  # never below 0


def test_O1_only_units_hold_objective_spaces() -> None:
    state, event = _power_up(arranged(monsters=("C6", "K11")))
    assert event["spaces"] == 0 and state.players[0].power == 0


def test_O2_flyers_block_but_never_use_spaces() -> None:
    _, event = _power_up(arranged(units={GLIDER: "C6"}))
    assert event["spaces"] == 0
    blocked = _units_turn(arranged(units={GLIDER: "C6", SENTINELS[0]: "C5"}))
    assert "C6" not in {m["to"] for m in MP.view(blocked, 0)["moves"][SENTINELS[0]]}


def test_T9_flyers_hold_no_objectives_and_get_no_cover() -> None:
    view = MP.view(arranged(units={GLIDER: "G6"}), None)
    glider = next(f for f in view["figures"] if f["id"] == GLIDER)
    assert "inspire" not in glider["abilities"]


def test_T9_O2_the_flight_card_says_a_flyer_uses_no_space() -> None:
    """T9 «Miniature che volano non possono presidiare obbiettivi, né ottenere coperture»: a
    glider on the harbour's `inspire` space G6 brawls with its printed dice, and on the power
    space C6 adds nothing at the power-up, while the space's card says «The unit on this
    space ...». The flight card said only the cover half of T9; it now says both."""
    state = arranged(units={GLIDER: "G6"})
    assert board.attack_stat(state, figure(state, GLIDER), "brawl") == (1, 0)  # printed 1 + 0
    _, event = _power_up(arranged(units={GLIDER: "C6"}))
    assert event["spaces"] == 0
    texts = content.ABILITIES["flight"].texts
    assert "objective space" in texts["en"] and "spazi obbiettivo" in texts["it"]


def test_O3_ability_space_grants_its_ability() -> None:
    view = MP.view(arranged(units={SENTINELS[0]: "G6", SENTINELS[1]: "G8"}), None)
    held = {f["id"]: f["abilities"] for f in view["figures"]}
    assert "inspire" in held[SENTINELS[0]] and "inspire" not in held[SENTINELS[1]]


def test_O8_spawn_spaces_owned_by_side_for_the_game() -> None:
    north = {at for _, at in _spawns(_units_turn(arranged()))}
    assert north == {"B1", "J1"}
    south = {at for _, at in _spawns(_units_turn(pools(arranged(), 1, 10, 0), seat=1))}
    assert south == {"B12", "J12"}


def test_O9_activator_controls_neutral_spawn() -> None:
    state = _units_turn(arranged(units={SENTINELS[0]: "K6"}))
    assert {at for _, at in _spawns(state)} == {"B1", "J1", "J6"}
    enemy = _units_turn(arranged(units={SKITTERS[0]: "K6"}))
    assert "J6" not in {at for _, at in _spawns(enemy)}


# --- spawns ----------------------------------------------------------------------------------


def test_R10_spawn_pays_cost_one_per_spawn_space() -> None:
    state = _units_turn(arranged())
    state, events = act(state, Spawn("sentinel", "B1"))
    cost = content.unit("sentinel").cost
    assert state.players[0].unit == 10 - cost and events[0]["at"] == "B1"
    assert not {at for _, at in _spawns(state)} & {"B1"}
    state, _ = act(state, Shift(events[0]["figure"], "C1"))
    assert "B1" not in {at for _, at in _spawns(state)}  # once per space per activation


def test_R11_other_faction_costs_one_more() -> None:
    state = _units_turn(arranged())
    state, events = act(state, Spawn("spitter", "J1"))  # a Swarm unit in the Titans' preset
    assert events[0]["cost"] == content.unit("spitter").cost + 1


def test_R12_shift_a_unit_off_a_spawn_space() -> None:
    state = _units_turn(arranged(units={SKITTERS[0]: "B1"}))
    shifts = {a.to for a in MP.legal_actions(state, 0) if isinstance(a, Shift)}
    assert shifts == {"A1", "C1", "A2", "B2", "C2"}
    state, _ = act(state, Shift(SKITTERS[0], "C2"))
    assert figure(state, SKITTERS[0]).at == "C2" and state.players[0].unit == 9


# --- the smaller choices, each written in the doc ---------------------------------------------


def test_X5_T9_flyers_do_not_secure_buildings() -> None:
    """Issue 26 item 5: buildings are «gli ostacoli e gli obbiettivi dei vostri mostri» and
    «Miniature che volano non possono presidiare obbiettivi»: a flyer is not one of the three
    units that secure a building (it counted before). That it still contests one is
    :func:`test_X5_an_enemy_flyer_beside_a_building_contests_it`."""
    around = {GLIDER: "D5", SENTINELS[0]: "D6", SENTINELS[1]: "G5"}
    board = arranged(units=around, buildings=(("tower", 1, "E5"),))
    assert MP.view(board, None)["buildings"][0]["secured_by"] is None
    three = {**around, SENTINELS[2]: "G6"}
    board = arranged(units=three, buildings=(("tower", 1, "E5"),))
    assert MP.view(board, None)["buildings"][0]["secured_by"] == 0


def test_X5_an_enemy_flyer_beside_a_building_contests_it() -> None:
    """X5 «senza che lo siano anche quelle nemiche» names every enemy unit, and the objective
    spaces' «Nb: unità volanti non possono sfruttarli, ma possono occuparli per impedire
    all'avversario di farlo» shows a flyer blocking what it cannot hold (session 30: an enemy
    flyer beside the building did not contest it). An enemy monster still does not (units only);
    a flyer of one's own neither helps nor hinders. The power-up pays nothing for it."""
    three = {SENTINELS[0]: "D5", SENTINELS[1]: "D6", SENTINELS[2]: "G5"}
    stingwing = unit_of(BASE, 1, "stingwing")
    tower = (("tower", 1, "E5"),)
    board = arranged(units={**three, stingwing: "E4"}, buildings=tower)
    assert MP.view(board, None)["buildings"][0]["secured_by"] is None
    board = arranged(monsters=("A1", "K11"), units={**three, stingwing: "E4"}, buildings=tower)
    state, event = _power_up(board)
    assert state.players[0].power == 0 and event["secured"] == 0
    beside = arranged(monsters=("A1", "E3"), units={**three, GLIDER: "G6"}, buildings=tower)
    assert MP.view(beside, None)["buildings"][0]["secured_by"] == 0


def test_R12_a_shift_is_no_move() -> None:
    """A shift is the spawn phase's step, not the unit's move: no hazard hurts the unit
    shifted onto it, and the unit may still move in the move phase."""
    board = arranged(units={SENTINELS[0]: "B1"}, hazards=(("fire", "C1"),))
    state, _ = act(_units_turn(board), Shift(SENTINELS[0], "C1"))
    assert figure(state, SENTINELS[0]).at == "C1"
    legal = MP.legal_actions(state, 0)
    assert any(isinstance(a, Move) and a.figure == SENTINELS[0] for a in legal)


def test_R10_a_spawned_unit_may_move_in_the_same_activation() -> None:
    state, events = act(_units_turn(arranged()), Spawn("sentinel", "B1"))
    fid = events[0]["figure"]
    assert any(isinstance(a, Move) and a.figure == fid for a in MP.legal_actions(state, 0))


def test_V1_a_monster_killed_by_a_hazard_loses_and_gives_no_power_die() -> None:
    """I28 and the lead's decision 3: a monster destroyed on its own move counts for its
    opponent (V1 at once), who gains no power die (nobody's attack)."""
    board = arranged(monsters=("E1", "E11"), hazards=(("fire", "E8"),))
    beast = replace(figure(board, "m1"), health=(1, 0))
    board = replace(board, figures=tuple(beast if f.id == "m1" else f for f in board.figures))
    state, _ = act(replace(pools(board, 1, 0, 10), turn=1), ActivateMonster())
    moves = MP.view(state, 1)["moves"]["m1"]
    into = next(m["to"] for m in moves if m["hazards"] == 1)
    state, _ = act(state, Move("m1", into))
    assert state.phase == "over" and state.winners == (0,)
    assert state.players[0].destroyed == 1 and state.players[0].power == 0


def test_O9_T9_a_flyer_on_an_activator_controls_nothing() -> None:
    """Issue 26 item 1: «Miniature che volano non possono presidiare obbiettivi»: a Glider on
    the activator K6 does not give its owner the neutral spawn space J6."""
    state = _units_turn(arranged(units={GLIDER: "K6"}))
    assert "J6" not in {at for _, at in _spawns(state)}
    assert not any(isinstance(a, Shift) for a in MP.legal_actions(state, 0))
