"""Monsterpocalypse through its engine: setup, the turn, hyper and alpha, victory (the clauses
of docs/rules/monsterpocalypse.md marked "main"), registration, views, forced and skip moves."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rules import GAMES, IllegalAction
from rules.monsterpocalypse import content, engine
from rules.monsterpocalypse.model import (
    ActivateMonster,
    ActivateUnits,
    Alpha,
    Attack,
    ChooseSide,
    Draft,
    DraftDone,
    EndActivation,
    Hyper,
    Move,
    PlaceBuilding,
    PlaceMonster,
    PowerUp,
    Spawn,
    State,
    figure,
    monster_of,
    sq,
)
from tests.rules.monsterpocalypse_helpers import (
    MP,
    act,
    arranged,
    play_setup,
    pools,
    seeded_for,
    unit_of,
    with_rng,
)


def _to(state: State, phase: str) -> State:
    """The bot's setup moves until ``phase`` begins."""
    while state.phase != phase:
        seat = engine.pending(state)[0]
        state, _ = engine.apply(state, seat, MP.bot_action(state, seat))
    return state


def test_registered_with_its_options_and_variants() -> None:
    assert MP.names == {"en": "Monsterpocalypse", "it": "Monsterpocalypse"}
    assert (MP.min_players, MP.max_players) == (2, 2)
    assert list(MP.variants) == ["standard", "quick", "custom"]
    assert set(MP.options) == {"map", "army", "faction0", "faction1", "rounds"}
    assert MP.options["rounds"] == 20 and MP.options["map"] == "rolloff"
    with pytest.raises(ValueError):
        MP.setup(3, {}, 0)


# --- victory ---------------------------------------------------------------------------------


def _brawl_ready(health: tuple[int, int], form: str = "alpha") -> State:
    state = arranged(monsters=("E5", "E7"))
    m1 = replace(figure(state, "m1"), health=health, form=form)
    state = replace(state, figures=tuple(m1 if f.id == "m1" else f for f in state.figures))
    state = pools(state, 0, 0, 10)
    state, _ = act(state, ActivateMonster())
    return state


def test_V1_destroying_the_last_enemy_monster_wins_at_once() -> None:
    state = with_rng(_brawl_ready((1, 0)), seeded_for(4, 2, 0, 5))
    state, events = act(state, Attack("m0", "brawl", "m1", 4))
    assert state.phase == "over" and state.winners == (0,)
    assert MP.outcome(state) is not None and MP.pending(state) == []
    assert any(e["type"] == "monster_destroyed" for e in events)
    assert state.players[0].destroyed == 1


def _last_turn(state: State) -> State:
    """The second player's turn of the last round (seat 1; seat 0 went first)."""
    return replace(state, round=state.rounds, turn=1)


def test_V2_round_limit_more_monsters_destroyed_wins() -> None:
    state = _last_turn(arranged())
    players = (replace(state.players[0], destroyed=0), replace(state.players[1], destroyed=1))
    state = replace(state, players=players)
    state, _ = act(state, ActivateUnits(), EndActivation(0))
    assert state.phase == "over" and state.winners == (1,)


def test_V3_tie_broken_by_summed_health_then_draw() -> None:
    state = _last_turn(arranged())
    hurt = replace(figure(state, "m0"), health=(1, 4))  # 5 health against 8
    tied = state
    state = replace(state, figures=(hurt, *state.figures[1:]))
    state, _ = act(state, ActivateUnits(), EndActivation(0))
    assert state.winners == (1,)
    m0, m1 = figure(tied, "m0"), figure(tied, "m1")
    even = replace(m1, type=m0.type, health=m0.health)
    tied = replace(tied, figures=(m0, even, *tied.figures[2:]))
    tied, _ = act(tied, ActivateUnits(), EndActivation(0))
    assert tied.phase == "over" and tied.winners == (0, 1)


def test_V3_tie_broken_by_the_share_of_health_lost_fair_between_factions() -> None:
    """Issue 26 item 6 (a house rule, I28): the Warden (6 + 5 = 11 health) against the smaller
    Empress (4 + 5 = 9). Untouched monsters are a draw, not a Warden win; 2 lost of 11 (18 %)
    loses to 1 lost of 9 (11 %), though the Warden's summed 9 > 8."""
    state = _last_turn(arranged())
    assert (monster_of(state, 0).type, monster_of(state, 1).type) == ("warden", "empress")
    untouched, events = act(state, ActivateUnits(), EndActivation(0))
    assert untouched.winners == (0, 1)
    assert events[-1] == {"type": "game_over", "winners": [0, 1], "reason": "draw"}
    outcome = MP.outcome(untouched)
    assert outcome is not None and outcome["end"] == "draw"
    m0 = replace(monster_of(state, 0), health=(4, 5))
    m1 = replace(monster_of(state, 1), health=(4, 4))
    state = replace(state, figures=(m0, m1, *state.figures[2:]))
    state, events = act(state, ActivateUnits(), EndActivation(0))
    assert state.winners == (1,)
    assert events[-1] == {"type": "game_over", "winners": [1], "reason": "tie_break"}
    outcome = MP.outcome(state)
    assert outcome is not None and outcome["end"] == "tie_break"


def test_V1_a_destroyed_monster_names_its_end_reason() -> None:
    state = with_rng(_brawl_ready((1, 0)), seeded_for(4, 2, 0, 5))
    state, events = act(state, Attack("m0", "brawl", "m1", 4))
    assert events[-1] == {"type": "game_over", "winners": [0], "reason": "destroyed"}
    outcome = MP.outcome(state)
    assert outcome is not None and outcome["end"] == "destroyed"


def test_G1_game_ends_at_the_round_limit() -> None:
    state = arranged(options={"rounds": 6})
    activations = 0
    while state.phase == "play":
        state, _ = act(state, ActivateUnits(), EndActivation(0))
        activations += 1
    assert activations == 12 and state.round == 6


def test_G7_scores_from_destroyed_and_health() -> None:
    state = _last_turn(arranged())
    state = replace(state, players=(replace(state.players[0], destroyed=1), state.players[1]))
    state, _ = act(state, ActivateUnits(), EndActivation(0))
    outcome = MP.outcome(state)
    assert outcome is not None
    m0, m1 = monster_of(state, 0), monster_of(state, 1)
    assert outcome["scores"] == [100 + sum(m0.health), sum(m1.health)]


# --- basics ----------------------------------------------------------------------------------


def test_B1_three_kinds_of_figure() -> None:
    state = arranged(units={"u0": "A1"}, buildings=(("tower", 0, "E4"),))
    view = MP.view(state, None)
    kinds = {f["id"]: f["kind"] for f in view["figures"]}
    assert kinds["m0"] == "monster" and kinds["u0"] == "unit"
    assert [b["id"] for b in view["buildings"]] == ["b0"]


def test_B2_monster_starts_in_alpha_form() -> None:
    state = play_setup()
    assert {monster_of(state, s).form for s in (0, 1)} == {"alpha"}


def test_B3_one_form_in_play_the_other_in_reserve() -> None:
    state = play_setup()
    view = MP.view(state, None)
    monsters = [f for f in view["figures"] if f["kind"] == "monster"]
    assert len(monsters) == 2
    for m in monsters:
        assert m["form"] == "alpha" and set(m["health"]) == {"alpha", "hyper"}


def test_B5_destroyed_unit_returns_to_reserve_and_respawns() -> None:
    enemy = unit_of(arranged(), 1, "skitter")
    state = arranged(units={"u0": "E4", enemy: "E5"})
    state = with_rng(pools(state, 0, 10, 0), seeded_for(1, 1, 0, 3))
    state, _ = act(state, ActivateUnits(), Attack("u0", "brawl", enemy, 1))
    assert figure(state, enemy).at == ""
    assert MP.view(state, None)["players"][1]["reserve"]["skitter"] == 5
    state, _ = act(state, EndActivation(0))
    state, _ = act(state, ActivateUnits())
    assert any(isinstance(a, Spawn) and a.unit == "skitter" for a in MP.legal_actions(state, 1))


# --- dice ------------------------------------------------------------------------------------


def test_D2_ten_action_dice_start_in_the_unit_pool() -> None:
    state = play_setup()
    assert [(p.unit, p.monster) for p in state.players] == [(10, 0), (10, 0)]


def test_D3_spent_dice_flow_to_the_other_pool_and_are_conserved() -> None:
    state = arranged(units={"u0": "E4"})
    state, _ = act(state, ActivateUnits(), Move("u0", "E5"))
    assert (state.players[0].unit, state.players[0].monster) == (9, 1)
    state, _ = act(state, EndActivation(0), ActivateUnits(), EndActivation(0))
    state, _ = act(state, ActivateMonster(), Move("m0", "E2"))
    assert (state.players[0].unit, state.players[0].monster) == (10, 0)


# --- preparation -----------------------------------------------------------------------------


def test_P1_one_monster_with_its_hyper_form() -> None:
    state = play_setup({"faction0": "swarm", "faction1": "titans"})
    for seat, faction in ((0, "swarm"), (1, "titans")):
        assert monster_of(state, seat).type == content.faction(faction).monster


def test_P2_army_limits_fifteen_five_elites_five_per_grunt() -> None:
    state = _to(MP.setup(2, {"map": "harbour", "army": "custom"}, 0), "draft")
    assert state.phase == "draft" and MP.pending(state) == [0, 1]
    for _ in range(5):
        state, _ = MP.apply(state, 0, Draft("sentinel"))
    assert Draft("sentinel") not in MP.legal_actions(state, 0)
    with pytest.raises(IllegalAction):
        MP.apply(state, 0, Draft("sentinel"))
    for unit in ("forgeborn",) * 5 + ("glider",) * 5:
        state, _ = MP.apply(state, 0, Draft(unit))
    assert MP.legal_actions(state, 0) == [DraftDone()]
    state, _ = MP.apply(state, 0, DraftDone())
    state, _ = MP.apply(state, 1, DraftDone())
    assert state.phase == "place"
    assert len([f for f in state.figures if f.owner == 0]) == 16


def test_P2_X4_occult_units_are_drafted_inside_the_fifteen() -> None:
    """Issue 26 item 5: «puoi includere massimo 15 unità» counts every unit a player brings,
    the Occult ones too: they are drafted like any grunt (at most 5 alike), fill the cap, and
    no Occult figure comes from outside the army (there were 3 each, never drafted)."""
    state = _to(MP.setup(2, {"map": "harbour", "army": "custom"}, 0), "draft")
    assert Draft("shade") in MP.legal_actions(state, 0)
    for unit in ("shade",) * 5 + ("sentinel",) * 5 + ("forgeborn",) * 4:
        state, _ = MP.apply(state, 0, Draft(unit))
    assert Draft("shade") not in MP.legal_actions(state, 0)
    state, _ = MP.apply(state, 0, Draft("glider"))
    assert MP.legal_actions(state, 0) == [DraftDone()]
    state, _ = MP.apply(state, 0, DraftDone())
    state, _ = MP.apply(state, 1, DraftDone())
    assert [f.type for f in state.figures if f.owner == 1] == ["empress"]
    mine = [f.type for f in state.figures if f.owner == 0 and f.kind == "unit"]
    assert len(mine) == 15 and mine.count("shade") == 5


def test_P3_city_of_two_to_twelve_at_most_five_alike() -> None:
    state = _to(MP.setup(2, {"map": "harbour"}, 0), "buildings")
    for _ in range(5):
        seat = MP.pending(state)[0]
        spot = next(a for a in MP.legal_actions(state, seat) if isinstance(a, PlaceBuilding))
        state, _ = MP.apply(state, seat, PlaceBuilding("tower", spot.at))
    seat = MP.pending(state)[0]
    assert all(a.building != "tower" for a in MP.legal_actions(state, seat))
    assert 2 <= content.map_("harbour").buildings <= 12


# --- map setup -------------------------------------------------------------------------------


def test_Q1_rolloff_low_roller_chooses_the_map() -> None:
    seen = set()
    for seed in range(30):
        state = MP.setup(2, {}, seed)
        low, high = state.rolloff[-1]
        assert low != high and all(a == b for a, b in state.rolloff[:-1])
        assert state.chooser == (0 if low < high else 1) and MP.pending(state) == [state.chooser]
        seen.add(len(state.rolloff) > 1)
    assert seen == {True, False}  # some seeds tied and rolled again
    fixed = MP.setup(2, {"map": "downtown"}, 0)
    assert fixed.phase == "choose_side" and fixed.map == "downtown"
    assert fixed.rolloff and MP.pending(fixed) == [1 - fixed.chooser]  # I24


def test_Q2_other_player_chooses_side_and_goes_first() -> None:
    state = MP.setup(2, {"map": "harbour"}, 0)
    chooser = state.chooser
    assert MP.pending(state) == [1 - chooser]
    state, _ = MP.apply(state, 1 - chooser, ChooseSide("south"))
    assert state.first == 1 - chooser and state.players[1 - chooser].side == "south"
    assert state.players[chooser].side == "north"


def test_Q3_buildings_placed_alternately_from_the_first() -> None:
    state = _to(MP.setup(2, {"map": "harbour"}, 3), "buildings")
    order = []
    while state.phase == "buildings":
        seat = MP.pending(state)[0]
        order.append(seat)
        state, _ = MP.apply(state, seat, MP.bot_action(state, seat))
    first = order[0]
    assert order == [(first + n) % 2 for n in range(len(order))]
    assert [b.owner for b in state.buildings] == order


def test_X7_primary_foundations_first() -> None:
    state = _to(MP.setup(2, {"map": "harbour"}, 0), "buildings")
    tiers = dict(content.map_("harbour").foundations)
    while state.phase == "buildings":
        seat = MP.pending(state)[0]
        offered = {sq(a.at) for a in MP.legal_actions(state, seat)}
        taken = {sq(b.at) for b in state.buildings}
        free_primary = [a for a, t in tiers.items() if t == "primary" and a not in taken]
        if free_primary:
            assert all(tiers[a] == "primary" for a in offered)
        state, _ = MP.apply(state, seat, MP.bot_action(state, seat))


def test_Q4_alpha_placed_in_the_start_zone() -> None:
    state = _to(MP.setup(2, {"map": "harbour"}, 0), "place")
    seat = MP.pending(state)[0]
    zone = content.map_("harbour").start[state.players[seat].side]
    for action in MP.legal_actions(state, seat):
        assert isinstance(action, PlaceMonster)
        col, row = sq(action.at)
        assert {(col, row), (col + 1, row), (col, row + 1), (col + 1, row + 1)} <= zone
    with pytest.raises(IllegalAction):
        MP.apply(state, seat, PlaceMonster("F6"))


def test_Q5_starting_pools() -> None:
    view = MP.view(play_setup(), None)
    assert [p["pools"] for p in view["players"]] == [{"unit": 10, "monster": 0, "power": 0}] * 2


def test_Q6_units_and_hyper_start_in_reserve() -> None:
    state = play_setup()
    assert all(not f.at for f in state.figures if f.kind == "unit")
    preset = content.faction(state.players[0].faction).preset
    reserve = MP.view(state, None)["players"][0]["reserve"]
    assert sum(reserve.values()) == len(preset) <= 15  # the Occult units inside the army
    assert reserve["shade"] == preset.count("shade") > 0  # the lead's decision 6, revised


# --- the turn --------------------------------------------------------------------------------


def test_R1_activation_needs_dice_in_its_pool() -> None:
    state = arranged()
    assert MP.legal_actions(state, 0) == [ActivateUnits()]
    state = pools(state, 0, 0, 10)
    assert MP.legal_actions(state, 0) == [ActivateMonster()]
    assert MP.legal_actions(state, 1) == []


def test_R2_monster_activation_phases_forward_dice_to_units() -> None:
    state = pools(arranged(), 0, 0, 10)
    state, _ = act(state, ActivateMonster())
    assert PowerUp(1) in MP.legal_actions(state, 0)
    state, _ = act(state, Move("m0", "E2"))
    assert PowerUp(1) not in MP.legal_actions(state, 0)
    assert (state.players[0].unit, state.players[0].monster) == (1, 9)


def test_R8_monster_reorder_pushes_leftover_dice() -> None:
    state = pools(arranged(), 0, 0, 10)
    state, _ = act(state, ActivateMonster(), EndActivation(4))
    assert (state.players[0].unit, state.players[0].monster) == (4, 6)
    assert state.turn == 1 and state.activation is None


def test_R9_unit_activation_phases_forward_dice_to_monster() -> None:
    state = arranged(units={"u0": "E4", "u1": "F4"})
    state, _ = act(state, ActivateUnits(), Move("u0", "E5"))
    assert not any(isinstance(a, Spawn) for a in MP.legal_actions(state, 0))
    assert state.players[0].monster == 1


def test_R15_unit_reorder_pushes_leftover_dice() -> None:
    state, _ = act(arranged(), ActivateUnits(), EndActivation(7))
    assert (state.players[0].unit, state.players[0].monster) == (3, 7)


# --- hyper and alpha -------------------------------------------------------------------------


def _monster_turn(power: int) -> State:
    state = pools(arranged(), 0, 0, 10, power)
    state, _ = act(state, ActivateMonster())
    return state


def test_R5_hyper_phase_swaps_to_hyper() -> None:
    cost = content.monster(monster_of(arranged(), 0).type).hyper.hyper_cost
    state, _ = act(_monster_turn(cost), Hyper())
    assert monster_of(state, 0).form == "hyper" and state.players[0].power == 0


def test_H1_hyper_costs_power_dice_in_the_hyper_phase() -> None:
    cost = content.monster(monster_of(arranged(), 0).type).hyper.hyper_cost
    assert Hyper() not in MP.legal_actions(_monster_turn(cost - 1), 0)
    state, _ = act(_monster_turn(cost + 1), Move("m0", "E2"))
    assert Hyper() not in MP.legal_actions(state, 0)  # past the hyper phase


def test_H2_damage_stays_effects_vanish_on_swap() -> None:
    state = _monster_turn(10)
    m0 = replace(monster_of(state, 0), health=(3, 6))
    state = replace(state, figures=(m0, *state.figures[1:]))
    state, _ = act(state, Hyper(), Alpha())
    assert monster_of(state, 0).health == (3, 6) and monster_of(state, 0).form == "alpha"


def test_H3_back_to_alpha_is_free() -> None:
    state, _ = act(_monster_turn(10), Hyper(), Move("m0", "E2"))
    power = state.players[0].power
    left = state.players[0].monster
    state, _ = act(state, Alpha())
    assert monster_of(state, 0).form == "alpha"
    assert (state.players[0].power, state.players[0].monster) == (power, left)


# --- the contract: views, forced and skip, JSON ----------------------------------------------


def test_views_hide_the_seed_and_list_the_active_seats_options() -> None:
    state = arranged(units={"u0": "E4"})
    state, _ = act(state, ActivateUnits())
    mine, theirs = MP.view(state, 0), MP.view(state, 1)
    assert "u0" in mine["moves"] and "moves" not in theirs
    assert "rng" not in json.dumps(MP.view(state, None))
    assert {"runs", "attacks", "spawns"} <= set(mine)


def test_attack_odds_are_in_the_seat_view() -> None:
    enemy = unit_of(arranged(), 1, "skitter")
    state = arranged(units={"u0": "E4", enemy: "E5"})
    state, _ = act(state, ActivateUnits())
    (entry,) = [a for a in MP.view(state, 0)["attacks"] if a["target"] == enemy]
    assert entry["max_dice"] == 1 and 0 < entry["odds"]["1"] < 1


def test_forced_is_the_only_legal_move_and_skip_ends_the_activation() -> None:
    state = arranged()
    assert MP.forced_action(state, 0) == ActivateUnits()
    assert MP.skip_action(state, 0) is None
    state, _ = act(state, ActivateUnits())
    assert MP.skip_action(state, 0) == EndActivation(0)
    assert MP.forced_action(state, 0) is None


def test_actions_round_trip_through_json_with_squares_as_strings() -> None:
    action = Attack("m0", "power", "m1", 3, "slam", 1)
    data = MP.dump_action(action)
    assert data == {
        "type": "attack",
        "figure": "m0",
        "kind": "power",
        "target": "m1",
        "dice": 3,
        "manoeuvre": "slam",
        "power": 1,
    }
    assert MP.load_action(json.loads(json.dumps(data))) == action
    assert MP.dump_action(Move("u3", "C4")) == {"type": "move", "figure": "u3", "to": "C4"}
    with pytest.raises(IllegalAction):
        MP.load_action({"type": "move", "figure": "u3"})


def test_the_bot_plays_whole_games_legally() -> None:
    for seed in range(3):
        state = GAMES["monsterpocalypse"].setup(2, {}, seed)
        while MP.pending(state):
            seat = MP.pending(state)[0]
            action = MP.bot_action(state, seat)
            assert action in MP.legal_actions(state, seat)
            state, _ = MP.apply(state, seat, action)
        assert MP.outcome(state) is not None


def test_the_activation_names_its_focus_figure_and_its_rolls() -> None:
    state = arranged(units={"u0": "E4"})
    state, _ = act(state, ActivateUnits())
    assert MP.view(state, None)["activation"]["focus"] is None
    state, _ = act(state, Move("u0", "E5"))
    assert MP.view(state, None)["activation"]["focus"] == "u0"
    monster = pools(arranged(), 0, 0, 10)
    monster, _ = act(monster, ActivateMonster(), PowerUp(2))
    shown = MP.view(monster, None)["activation"]
    assert shown["focus"] == "m0" and len(shown["rolls"]) == 1


def test_the_bot_pays_for_hyper_and_attacks_the_enemy_monster_first() -> None:
    cost = content.monster("warden").hyper.hyper_cost
    state = pools(arranged(monsters=("E5", "E7"), units={"u15": "G5"}), 0, 0, 10, cost)
    state, _ = act(state, ActivateMonster())
    state = replace(state, activation=replace(state.activation, phase="hyper"))
    assert MP.bot_action(state, 0) == Hyper()
    state, _ = act(state, Hyper())
    action = MP.bot_action(state, 0)
    assert isinstance(action, Attack) and action.target == "m1" and action.dice == 5


def test_the_bot_closes_in_on_the_enemy_monster_and_spawns() -> None:
    state = pools(arranged(monsters=("E1", "E11")), 0, 0, 10)
    state, _ = act(state, ActivateMonster(), PowerUp(2))
    action = MP.bot_action(state, 0)
    assert isinstance(action, Move) and action.figure == "m0" and sq(action.to)[1] > 0
    units, _ = act(arranged(), ActivateUnits())
    assert isinstance(MP.bot_action(units, 0), Spawn)


def test_G5_maps_are_twelve_by_twelve() -> None:
    """G5: both maps are 12 × 12, named A1 … L12 (the renderer's and /mp's coordinates)."""
    assert set(content.MAPS) == {"harbour", "downtown"}
    assert all(m.size == 12 for m in content.MAPS.values())
    state = MP.setup(2, {"map": "harbour"}, 3)
    assert MP.view(state, None)["map"]["size"] == 12


def test_S1_stats_are_public_in_the_view() -> None:
    """S1: «queste sono riportate sulla basetta»: every figure's stats are in the public view."""
    view = MP.view(arranged(), None)
    placed = [f for f in view["figures"] if f["at"]]
    assert placed
    for fig in placed:
        assert {"speed", "defense", "brawl", "blast", "range", "power"} <= set(fig["stats"])
        assert fig["stats"]["defense"] >= 1


LINE = ("speed", "defense", "brawl", "blast", "range", "abilities")
SHOWN_AS = {"range": "blast_range"}
"""The view's name of a stat line's entry, where the content names it otherwise."""


def _shows(line: dict[str, object], kind: content.Unit | content.Form, *keys: str) -> None:
    """``line`` has exactly ``keys``, each with the printed value of ``kind``."""
    assert sorted(line) == sorted(keys)
    for key in keys:
        value = getattr(kind, SHOWN_AS.get(key, key))
        if isinstance(value, content.Attack):
            value = [value.dice, value.boost]
        assert line[key] == (list(value) if isinstance(value, tuple) else value), key


def test_S1_every_stat_line_and_both_forms_are_in_the_view() -> None:
    """S1 (issue 26, item 3): every figure's printed stat line is in the public view, placed
    or in the reserve: a unit's with its cost, a monster's both forms (the hyper one while it
    is alpha) with health, hyper cost and abilities. A seat's view shows the same figures (it
    only adds the active seat's options), and nothing but the seed is left out."""
    state = arranged()
    public = MP.view(state, None)
    assert json.loads(json.dumps(public)) == public
    assert any(not f["at"] for f in public["figures"])  # the reserve is shown too
    for fig in public["figures"]:
        if fig["kind"] == "unit":
            assert fig["forms"] is None
            _shows(fig["printed"], content.unit(fig["type"]), *LINE, "cost")
            continue
        beast = content.monster(fig["type"])
        assert fig["form"] == "alpha" and set(fig["forms"]) == {"alpha", "hyper"}
        for name, form in (("alpha", beast.alpha), ("hyper", beast.hyper)):
            _shows(fig["forms"][name], form, *LINE, "power", "health", "hyper_cost")
    for seat in (0, 1):
        mine = MP.view(state, seat)
        assert mine["figures"] == public["figures"]
    assert "rng" not in json.dumps(public) and "seed" not in json.dumps(public)


def test_S1_O3_the_stats_now_count_inspire_and_sharpshooter() -> None:
    """S1/O3: a figure's ``stats`` are its stats in play, an ability space's ability counted:
    a sentinel (brawl 1 + 1, blast 2 + 1) on the harbour's `inspire` space may brawl with 2
    dice, on downtown's `sharpshooter` space blasts with 2 boost dice, and the card and the
    hand, which show ``stats``, must say so (they showed the printed line: only the speed,
    ``swift``, was counted)."""
    sentinel = unit_of(arranged(), 0, "sentinel")

    def stats(state: State) -> dict[str, object]:
        return next(f for f in MP.view(state, None)["figures"] if f["id"] == sentinel)["stats"]

    inspired = arranged(units={sentinel: "G6"})
    assert stats(inspired)["brawl"] == [2, 1] and stats(inspired)["blast"] == [2, 1]
    aimed = arranged(units={sentinel: "D7"}, options={"map": "downtown"})
    assert stats(aimed)["blast"] == [2, 2] and stats(aimed)["brawl"] == [1, 1]
    assert stats(arranged(units={sentinel: "E6"}))["brawl"] == [1, 1]  # off the spaces: printed


# --- the smaller choices, each written in the doc ---------------------------------------------


def test_Q1_quick_variant_fixes_the_harbour_and_still_rolls_off() -> None:
    """The roll-off always runs: with the map fixed (the ``quick`` variant) it names who
    does not choose the side, and nobody is ever asked for a map."""
    for seed in range(5):
        state = MP.setup(2, dict(MP.variants["quick"].options), seed)
        assert state.map == "harbour" and state.rolloff and state.phase == "choose_side"
        assert MP.pending(state) == [1 - state.chooser]
        state = _to(state, "play")
        assert state.map == "harbour" and state.first == 1 - state.chooser


def test_H3_one_swap_each_way_per_activation() -> None:
    """Hyper is the hyper phase's; back to alpha moves the activation to its move phase, so a
    monster may not go hyper again in the same activation."""
    state, _ = act(_monster_turn(10), Hyper(), Alpha())
    legal = MP.legal_actions(state, 0)
    assert Hyper() not in legal and PowerUp(1) not in legal
    assert any(isinstance(a, Move) and a.figure == "m0" for a in legal)


def test_R9_once_a_unit_attacks_no_unit_moves() -> None:
    """Phases run forward for the whole activation: every unit moves before any unit
    attacks."""
    base = arranged()
    mine, other = unit_of(base, 0, "sentinel"), unit_of(base, 0, "sentinel", 1)
    state = arranged(units={mine: "E6", other: "A6", unit_of(base, 1, "skitter"): "E7"})
    state, _ = act(state, ActivateUnits())
    target = unit_of(base, 1, "skitter")
    state, _ = act(state, Attack(mine, "brawl", target, 1))
    assert not any(isinstance(a, Move) for a in MP.legal_actions(state, 0))


def test_P2_a_custom_army_has_a_maximum_and_no_minimum() -> None:
    """«puoi includere massimo 15 unità»: `DraftDone` is legal at once, and an army of no unit
    leaves a player the monster alone (no Occult unit outside the army: decision 6)."""
    state = _to(MP.setup(2, {"map": "harbour", "army": "custom"}, 0), "draft")
    assert DraftDone() in MP.legal_actions(state, 0)
    state, _ = MP.apply(state, 0, DraftDone())
    state, _ = MP.apply(state, 1, DraftDone())
    mine = [f.type for f in state.figures if f.owner == 0]
    assert state.phase == "place" and mine == ["warden"]


def test_the_bot_steps_a_unit_off_its_own_spawn_space() -> None:
    """A unit on its side's spawn space blocks the next spawn there: the bot moves it off,
    keeping its aim, even when it could already shoot from it (a long-range grunt that never
    moved left the titans a third of the swarm's spawns in the simulator)."""
    sentinel = unit_of(arranged(), 0, "sentinel")
    state = pools(arranged(monsters=("E1", "B6"), units={sentinel: "B1"}), 0, 10, 0)
    state, _ = act(state, ActivateUnits())
    seen = []
    while state.activation is not None and state.turn == 0:
        action = MP.bot_action(state, 0)
        seen.append(action)
        state, _ = MP.apply(state, 0, action)
    moves = [a for a in seen if isinstance(a, Move) and a.figure == sentinel]
    assert moves and moves[0].to != "B1"
    assert figure(state, sentinel).at != "B1"


def test_P2_I24_draft_picks_are_hidden_until_both_armies_are_in() -> None:
    """Issue 26 item 8: the rulebook has each player make up their own army («- Unità = puoi
    includere massimo 15 unità») and no turns to pick in, so both draft at once and in
    secret: neither the public view, nor the other seat's, nor the events show a pick before
    both are done (the second drafter could counter-pick); then both armies are public."""
    state = _to(MP.setup(2, {"map": "harbour", "army": "custom"}, 0), "draft")
    for unit in ("lance", "glider", "shade"):
        state, events = MP.apply(state, 0, Draft(unit))
        assert "lance" not in json.dumps(events) and "shade" not in json.dumps(events)
    state, events = MP.apply(state, 0, DraftDone())
    for seat in (None, 1):
        shown = MP.view(state, seat)
        assert shown["players"][0]["army"] == [] and "lance" not in json.dumps(shown["last"])
    assert MP.view(state, 0)["players"][0]["army"] == ["lance", "glider", "shade"]
    state, _ = MP.apply(state, 1, Draft("oracle"))
    assert MP.view(state, 0)["players"][1]["army"] == []
    state, _ = MP.apply(state, 1, DraftDone())
    shown = MP.view(state, None)
    assert [p["army"] for p in shown["players"]] == [["lance", "glider", "shade"], ["oracle"]]
