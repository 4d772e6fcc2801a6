"""Monsterpocalypse attacks through the engine (the "attacks" clauses of
docs/rules/monsterpocalypse.md): brawl and blast, dice and boost, DEF and cover, damage and
super damage, forms, power dice, power-up, the power attacks (slam, stomp) and the abilities
that change an attack. Rolls come from seeds chosen for the hits a test needs (the engine's
own dice).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.base import IllegalAction
from rules.monsterpocalypse import content
from rules.monsterpocalypse.dice import FACES
from rules.monsterpocalypse.model import (
    ActivateMonster,
    ActivateUnits,
    Attack,
    EndActivation,
    Hyper,
    PowerUp,
    State,
    figure,
    monster_of,
    with_figure,
)
from rules.monsterpocalypse.odds import p_hit
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
SENTINEL = unit_of(BASE, 0, "sentinel")  # DEF 3, brawl 1+1, blast 2+1 long
GLIDER = unit_of(BASE, 0, "glider")  # flight
AEGIS = unit_of(BASE, 0, "aegis")  # guard, armored
LANCE = unit_of(BASE, 0, "lance")  # sharpshooter, blast 3+1 long
SKITTERS = [unit_of(BASE, 1, "skitter", n) for n in range(5)]  # DEF 2
STINGWING = unit_of(BASE, 1, "stingwing")  # flight
VAULTBACK = unit_of(BASE, 1, "vaultback")  # jump, brawl 3+1
CARAPACE = unit_of(BASE, 1, "carapace")  # armored DEF 4
EMPRESS_DEF = content.monster("empress").alpha.defense


def _units(state: State, seat: int = 0, rng: tuple[int, int, int, int] | None = None) -> State:
    state = replace(pools(state, seat, 10, 0), turn=seat)
    if rng is not None:
        state = with_rng(state, seeded_for(*rng))
    state, _ = act(state, ActivateUnits())
    return state


def _monster(state: State, power: int = 0, rng: tuple[int, int, int, int] | None = None) -> State:
    state = pools(state, 0, 0, 10, power)
    if rng is not None:
        state = with_rng(state, seeded_for(*rng))
    state, _ = act(state, ActivateMonster())
    return state


def _attacks(state: State, fid: str) -> list[Attack]:
    return [
        a for a in MP.legal_actions(state, state.turn) if isinstance(a, Attack) and a.figure == fid
    ]


def _entry(state: State, fid: str, target: str) -> dict[str, Any]:
    (found,) = [
        a
        for a in MP.view(state, state.turn)["attacks"]
        if a["figure"] == fid and a["target"] == target
    ]
    return found


def _events(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


# --- brawl, blast, dice ----------------------------------------------------------------------


def test_K1_brawl_or_blast() -> None:
    far = ("A1", "K11")  # the monsters out of reach
    units = {SENTINEL: "E6", SKITTERS[0]: "E7", SKITTERS[1]: "E9"}
    state = _units(arranged(monsters=far, units=units))
    kinds = {(a.kind, a.target) for a in _attacks(state, SENTINEL)}
    assert kinds == {("brawl", SKITTERS[0]), ("blast", SKITTERS[1])}


def test_K2_roll_one_to_stat_action_dice() -> None:
    state = _units(arranged(monsters=("A1", "K11"), units={SENTINEL: "E6", SKITTERS[1]: "E9"}))
    assert sorted(a.dice for a in _attacks(state, SENTINEL)) == [1, 2]
    with pytest.raises(IllegalAction):
        act(state, Attack(SENTINEL, "blast", SKITTERS[1], 3))


def test_K3_hits_at_least_defense_deal_one_damage() -> None:
    board = arranged(monsters=("E5", "E7"))
    miss, events = act(
        _monster(board, rng=(4, 2, 0, EMPRESS_DEF - 1)), Attack("m0", "brawl", "m1", 4)
    )
    assert monster_of(miss, 1).health == monster_of(board, 1).health
    assert _events(events, "attack")[0]["result"] == "miss"
    hit, _ = act(_monster(board, rng=(4, 2, 0, EMPRESS_DEF)), Attack("m0", "brawl", "m1", 4))
    assert monster_of(hit, 1).health[0] == monster_of(board, 1).health[0] - 1


def test_K4_boost_dice_rolled_free() -> None:
    board = arranged(monsters=("E5", "E7"))
    state, events = act(_monster(board), Attack("m0", "brawl", "m1", 3))
    rolled = _events(events, "attack")[0]["rolled"]
    assert len(rolled["action"]) == 3 and len(rolled["boost"]) == 2 and rolled["power"] == []
    assert state.players[0].monster == 7


def test_D4_boost_dice_are_rolled_free_and_never_held() -> None:
    state, _ = act(_monster(arranged(monsters=("E5", "E7"))), Attack("m0", "brawl", "m1", 1))
    assert state.players[0].unit + state.players[0].monster == 10
    assert "boost" not in MP.view(state, None)["players"][0]["pools"]


def test_K5_one_damage_per_successful_attack() -> None:
    board = arranged(monsters=("E5", "E7"))
    state, _ = act(
        _monster(board, rng=(4, 2, 0, 2 * EMPRESS_DEF - 1)), Attack("m0", "brawl", "m1", 4)
    )
    assert monster_of(state, 1).health[0] == monster_of(board, 1).health[0] - 1


def test_K11_super_damage_adds_at_most_one() -> None:
    board = arranged(monsters=("E5", "E7"))
    state, events = act(
        _monster(board, rng=(4, 2, 0, 2 * EMPRESS_DEF)), Attack("m0", "brawl", "m1", 4)
    )
    assert monster_of(state, 1).health[0] == monster_of(board, 1).health[0] - 2
    assert _events(events, "attack")[0]["super"] is True


def test_K6_one_attack_per_figure_per_activation() -> None:
    state = _units(
        arranged(units={SENTINEL: "E6", SKITTERS[0]: "E7", SKITTERS[1]: "E9"}), rng=(1, 1, 0, 0)
    )
    state, _ = act(state, Attack(SENTINEL, "brawl", SKITTERS[0], 1))
    assert _attacks(state, SENTINEL) == []


def test_R7_monster_attacks_once() -> None:
    board = arranged(monsters=("E5", "E7"), buildings=(("tower", 1, "C5"),))
    state, _ = act(_monster(board, rng=(1, 2, 0, 0)), Attack("m0", "brawl", "m1", 1))
    assert _attacks(state, "m0") == []


def test_R14_each_unit_attacks_once_paying_its_dice() -> None:
    units = {SENTINEL: "E6", LANCE: "G6", SKITTERS[1]: "E9"}
    state = _units(arranged(units=units), rng=(2, 1, 0, 0))
    state, _ = act(state, Attack(SENTINEL, "blast", SKITTERS[1], 2))
    assert state.players[0].unit == 8 and _attacks(state, LANCE)


def test_K7_no_attacks_on_own_figures_or_buildings() -> None:
    board = arranged(monsters=("E5", "E9"), units={SENTINEL: "G5"}, buildings=(("tower", 0, "C5"),))
    targets = {a.target for a in _attacks(_monster(board), "m0")}
    assert "b0" not in targets and SENTINEL not in targets
    theirs = arranged(monsters=("E5", "E9"), buildings=(("tower", 1, "C5"),))
    assert "b0" in {a.target for a in _attacks(_monster(theirs), "m0")}


# --- damage and forms ------------------------------------------------------------------------


def test_K9_damaged_unit_is_destroyed_to_the_reserve() -> None:
    state = _units(arranged(units={SENTINEL: "E6", SKITTERS[0]: "E7"}), rng=(1, 1, 0, 2))
    state, events = act(state, Attack(SENTINEL, "brawl", SKITTERS[0], 1))
    assert figure(state, SKITTERS[0]).at == "" and _events(events, "unit_destroyed")


def test_K10_monster_loses_health_on_its_current_form() -> None:
    board = arranged(monsters=("E5", "E7"))
    m1 = replace(monster_of(board, 1), form="hyper")
    board = with_figure(board, m1)
    hyper_def = content.monster("empress").hyper.defense
    state, _ = act(_monster(board, rng=(4, 2, 0, hyper_def)), Attack("m0", "brawl", "m1", 4))
    assert monster_of(state, 1).health == (m1.health[0], m1.health[1] - 1)


def test_B10_one_health_track_per_form() -> None:
    view = MP.view(arranged(), None)
    m1 = next(f for f in view["figures"] if f["id"] == "m1")
    assert set(m1["health"]) == set(m1["max"]) == {"alpha", "hyper"}


def _finishing_blow(
    health: tuple[int, int], form: str = "alpha"
) -> tuple[State, list[dict[str, Any]]]:
    board = arranged(monsters=("E5", "E7"))
    board = with_figure(board, replace(monster_of(board, 1), health=health, form=form))
    defense = getattr(content.monster("empress"), form).defense
    return act(_monster(board, rng=(4, 2, 0, defense)), Attack("m0", "brawl", "m1", 4))


def test_B11_a_form_at_zero_is_removed() -> None:
    state, events = _finishing_blow((1, 6))
    assert monster_of(state, 1).health == (0, 6) and _events(events, "form_destroyed")


def test_H4_destroyed_form_replaced_by_the_other_free() -> None:
    state, _ = _finishing_blow((1, 6))
    m1 = monster_of(state, 1)
    assert m1.form == "hyper" and m1.at == "E7" and state.players[1].power == 0


def test_B12_both_forms_at_zero_destroy_the_monster() -> None:
    state, events = _finishing_blow((0, 1), form="hyper")
    assert monster_of(state, 1).at == "" and _events(events, "monster_destroyed")
    assert state.phase == "over"


# --- dice and power dice ---------------------------------------------------------------------


def test_D1_three_dice_kinds_with_fixed_faces() -> None:
    assert FACES == {
        "action": (0, 0, 0, 1, 1, 2),
        "boost": (0, 0, 1, 1, 1, 2),
        "power": (0, 1, 1, 1, 2, 2),
    }
    _, events = act(
        _monster(arranged(monsters=("E5", "E7")), power=3),
        Attack("m0", "power", "m1", 2, "slam", 2),
    )
    rolled = _events(events, "attack")[0]["rolled"]
    assert all(v in (0, 1, 2) for kind in rolled.values() for v in kind)
    assert len(rolled["power"]) == 2


def test_p_hit_is_exact_from_the_faces() -> None:
    assert p_hit(1, 0, 1) == pytest.approx(0.5)
    assert p_hit(1, 0, 2) == pytest.approx(1 / 6)
    assert p_hit(0, 1, 1) == pytest.approx(4 / 6)
    assert p_hit(0, 0, 1, red=1) == pytest.approx(5 / 6)
    assert p_hit(2, 0, 4) == pytest.approx(1 / 36)
    assert p_hit(3, 1, 0) == pytest.approx(1.0)


def test_D5_power_dice_start_at_none_cap_ten_return_when_spent() -> None:
    assert all(p.power == 0 for p in arranged().players)
    state = _units(arranged(units={SENTINEL: "E6", SKITTERS[0]: "E7"}), rng=(1, 1, 0, 2))
    state = pools(state, 0, 10, 0, 10)
    state, _ = act(state, Attack(SENTINEL, "brawl", SKITTERS[0], 1))
    assert state.players[0].power == 10  # the gain past 10 is lost


def test_D6_power_die_per_enemy_unit_destroyed_or_crushed() -> None:
    state = _units(arranged(units={SENTINEL: "E6", SKITTERS[0]: "E7"}), rng=(1, 1, 0, 2))
    state, _ = act(state, Attack(SENTINEL, "brawl", SKITTERS[0], 1))
    assert state.players[0].power == 1


def test_D7_power_die_per_enemy_monster_destroyed() -> None:
    state, _ = _finishing_blow((1, 6))
    assert state.players[0].power == 1


def test_D8_monster_brawl_on_a_building_gains_its_energy() -> None:
    board = arranged(monsters=("E5", "E9"), buildings=(("reactor", 1, "C5"),))
    energy, defense = content.building("reactor").energy, content.building("reactor").defense
    state, events = act(_monster(board, rng=(4, 2, 0, defense)), Attack("m0", "brawl", "b0", 4))
    assert state.players[0].power == energy and not state.buildings
    assert _events(events, "building_destroyed")[0]["power"] == energy


def test_D9_other_building_destruction_gains_one() -> None:
    board = arranged(monsters=("E5", "E9"), buildings=(("reactor", 1, "A5"),))
    defense = content.building("reactor").defense
    state, _ = act(_monster(board, rng=(3, 1, 0, defense)), Attack("m0", "blast", "b0", 3))
    assert state.players[0].power == 1 and state.hazards[0].kind == "radioactive"


def test_R3_power_up_roll_once_per_activation() -> None:
    state = _monster(arranged(), rng=(3, 0, 0, 2))
    state, _ = act(state, PowerUp(3))
    assert state.players[0].power == 2 and state.players[0].monster == 7
    assert not any(isinstance(a, PowerUp) for a in MP.legal_actions(state, 0))


def test_D12_power_up_roll_gains_power_dice() -> None:
    state, events = act(_monster(arranged(), rng=(2, 0, 0, 3)), PowerUp(2))
    assert state.players[0].power == 3 and _events(events, "power_up")[0]["hits"] == 3


# --- cover and abilities on attacks ----------------------------------------------------------


def test_T4_cover_square_gives_units_plus_one_against_blasts() -> None:
    state = _units(arranged(units={SENTINEL: "D2", SKITTERS[0]: "D5"}))
    assert _entry(state, SENTINEL, SKITTERS[0])["defense"] == 3  # DEF 2 + cover


def test_T5_adjacent_monster_or_building_gives_cover() -> None:
    by_building = arranged(
        units={SENTINEL: "E2", SKITTERS[0]: "F5"}, buildings=(("tower", 1, "G5"),)
    )
    assert _entry(_units(by_building), SENTINEL, SKITTERS[0])["defense"] == 3
    by_monster = arranged(monsters=("A1", "G5"), units={SENTINEL: "E2", SKITTERS[0]: "F5"})
    assert _entry(_units(by_monster), SENTINEL, SKITTERS[0])["defense"] == 3
    in_open = arranged(units={SENTINEL: "E2", SKITTERS[0]: "F5"})
    assert _entry(_units(in_open), SENTINEL, SKITTERS[0])["defense"] == 2


def test_T6_cover_not_cumulative() -> None:
    both = arranged(units={SENTINEL: "D2", SKITTERS[0]: "D5"}, buildings=(("tower", 1, "E5"),))
    assert _entry(_units(both), SENTINEL, SKITTERS[0])["defense"] == 3


def test_T9_flyers_get_no_cover() -> None:
    state = _units(arranged(units={SENTINEL: "D2", STINGWING: "D5"}))
    assert _entry(state, SENTINEL, STINGWING)["defense"] == 2


def test_T8_no_brawl_at_flyers_without_flight() -> None:
    state = _units(arranged(units={SENTINEL: "E6", STINGWING: "E7"}))
    assert not [a for a in _attacks(state, SENTINEL) if a.kind == "brawl"]
    flyer = _units(arranged(units={GLIDER: "E6", STINGWING: "E7"}))
    assert [a for a in _attacks(flyer, GLIDER) if a.kind == "brawl"]


def test_T12_jumper_may_brawl_flyers() -> None:
    state = _units(arranged(units={VAULTBACK: "E6", GLIDER: "E7"}), seat=1)
    assert [a for a in _attacks(state, VAULTBACK) if a.kind == "brawl"]


def test_ability_armored() -> None:
    state = _units(arranged(units={SENTINEL: "E6", CARAPACE: "E7"}))
    assert _entry(state, SENTINEL, CARAPACE)["defense"] == 5  # DEF 4 + 1 vs brawl
    far = _units(arranged(units={SENTINEL: "E6", CARAPACE: "E9"}))
    assert _entry(far, SENTINEL, CARAPACE)["defense"] == 4


def test_ability_sharpshooter() -> None:
    state = _units(arranged(units={LANCE: "E6", SKITTERS[0]: "E9"}))
    assert _entry(state, LANCE, SKITTERS[0])["boost"] == 2  # printed 1 + 1


def test_ability_guard() -> None:
    mine = unit_of(BASE, 1, "spitter")
    guarded = arranged(units={SENTINEL: "E2", SKITTERS[0]: "F6", mine: "F7"})
    state = _units(guarded)
    assert _entry(state, SENTINEL, SKITTERS[0])["defense"] == 2  # a plain neighbour: no cover
    aegis_board = arranged(units={SKITTERS[0]: "E2", SENTINEL: "F6", AEGIS: "F7"})
    state = _units(aegis_board, seat=1)
    spitter = unit_of(BASE, 1, "spitter")
    state = replace(
        state, figures=tuple(replace(f, at="E3") if f.id == spitter else f for f in state.figures)
    )
    assert _entry(state, spitter, SENTINEL)["defense"] == 4  # DEF 3 + the aegis' guard


def _empress_powers_up(hits: int) -> tuple[State, list[dict[str, Any]]]:
    """The Empress's alpha form one point down, powering up with 1 die that shows ``hits``."""
    board = arranged(monsters=("E5", "E9"))
    board = replace(board, turn=1)
    m1 = replace(monster_of(board, 1), form="alpha", health=(3, 4))  # the Empress's alpha form
    board = with_figure(pools(board, 1, 0, 10), m1)
    board = with_rng(board, seeded_for(1, 0, 0, hits))
    return act(board, ActivateMonster(), PowerUp(1))


def test_ability_regenerate() -> None:
    state, events = _empress_powers_up(1)
    assert monster_of(state, 1).health == (4, 4) and _events(events, "power_up")[0]["healed"] == 1


def test_issue26_7_regenerate_needs_a_hit_at_the_power_up() -> None:
    """Balance (issue 26, item 7): a power-up that rolls no hit heals nothing; healing at every
    power-up gave the Empress about 3.5 health a battle and the swarm most round-limit wins."""
    state, events = _empress_powers_up(0)
    assert monster_of(state, 1).health == (3, 4) and _events(events, "power_up")[0]["healed"] == 0


def test_ability_inspire() -> None:
    state = _units(arranged(units={SENTINEL: "G6", SKITTERS[0]: "H6"}))
    assert _entry(state, SENTINEL, SKITTERS[0])["max_dice"] == 2  # brawl 1 + 1 on G6


def test_O3_S4_ability_inspire_raises_the_most_brawl_dice_rolled() -> None:
    """`inspire` is +1 to the brawl stat, «il quantitativo massimo di dadi "Azione" che puoi
    tirare» (S4): a sentinel (brawl 1 + 1) on G6 may pay 2 dice, and a brawl it pays 1 die
    for rolls 1 action die — no die comes free (free dice are boost dice, D4). The card said
    «rolls +1 brawl die», as if every brawl rolled one more; it now says it may roll one more."""
    state = _units(arranged(units={SENTINEL: "G6", SKITTERS[0]: "H6"}))
    assert {a.dice for a in _attacks(state, SENTINEL) if a.kind == "brawl"} == {1, 2}
    _, events = act(state, Attack(SENTINEL, "brawl", SKITTERS[0], 1))
    assert len(_events(events, "attack")[0]["rolled"]["action"]) == 1
    texts = content.ABILITIES["inspire"].texts
    assert "may roll 1 more action die" in texts["en"]
    assert "può tirare 1 dado azione in più" in texts["it"]


# --- power attacks ---------------------------------------------------------------------------


def test_G2_power_attack_costs_one_power_die() -> None:
    board = arranged(monsters=("E5", "E7"))
    assert not [a for a in _attacks(_monster(board), "m0") if a.kind == "power"]
    state, _ = act(_monster(board, power=3), Attack("m0", "power", "m1", 2, "slam", 1))
    assert state.players[0].power == 1 and state.players[0].monster == 8


def test_G3_slam_pushes_and_collides() -> None:
    board = arranged(monsters=("E5", "E7"))
    defense = EMPRESS_DEF
    pushed, _ = act(
        _monster(board, power=1, rng=(4, 1, 0, defense + 1)), Attack("m0", "power", "m1", 4, "slam")
    )
    assert monster_of(pushed, 1).at == "E9"  # 1 + the margin of 1: two squares
    assert monster_of(pushed, 1).health[0] == monster_of(board, 1).health[0] - 1
    walled = arranged(monsters=("E5", "E7"), buildings=(("tower", 1, "E9"),))
    hit, _ = act(
        _monster(walled, power=1, rng=(4, 1, 0, defense)), Attack("m0", "power", "m1", 4, "slam")
    )
    assert monster_of(hit, 1).at == "E7" and not hit.buildings  # collision: the tower falls
    assert monster_of(hit, 1).health[0] == monster_of(board, 1).health[0] - 2  # super damage
    assert hit.players[0].power == 1  # 1 spent, +1 for the building


def test_G4_stomp_crushes_adjacent_units() -> None:
    units = {SKITTERS[0]: "G5", CARAPACE: "D5", SKITTERS[1]: "E9"}
    board = arranged(monsters=("E5", "A11"), units=units)
    state, _ = act(
        _monster(board, power=1, rng=(4, 1, 0, 3)), Attack("m0", "power", "", 4, "stomp")
    )
    assert figure(state, SKITTERS[0]).at == "" and figure(state, CARAPACE).at == "D5"
    assert figure(state, SKITTERS[1]).at == "E9"  # not adjacent
    assert state.players[0].power == 1  # 1 spent, +1 for the crushed unit


def test_K12_crushed_unit_removed_without_abilities() -> None:
    board = arranged(monsters=("E5", "A11"), units={SKITTERS[0]: "G5"})
    state, events = act(
        _monster(board, power=1, rng=(4, 1, 0, 2)), Attack("m0", "power", "", 4, "stomp")
    )
    assert _events(events, "attack")[0]["crushed"] == [SKITTERS[0]]
    assert figure(state, SKITTERS[0]).at == "" and not _events(events, "unit_destroyed")


def test_hyper_then_attack_with_the_hyper_stats() -> None:
    cost = content.monster("warden").hyper.hyper_cost
    state, _ = act(_monster(arranged(monsters=("E5", "E7")), power=cost), Hyper())
    assert max(a.dice for a in _attacks(state, "m0") if a.kind == "brawl") == 5
    state, _ = act(state, EndActivation(0))
    assert state.turn == 1


def test_S13_no_stat_reduced_below_one() -> None:
    """No effect lowers a stat (the catalogue has none), so every effective speed and DEF in
    play is ≥ 1, and a printed 0 (no such attack) stays 0: no blast is offered."""
    units = {SKITTERS[0]: "E6", STINGWING: "G6", CARAPACE: "C6", SENTINEL: "E9"}
    view = MP.view(arranged(units=units), None)
    for fig in view["figures"]:
        assert fig["stats"]["speed"] >= 1 and fig["stats"]["defense"] >= 1
    near = {SENTINEL: "E7", AEGIS: "E9", SKITTERS[0]: "E6"}
    state = _units(arranged(monsters=("A1", "K11"), units=near), 1)
    assert {(a.kind, a.target) for a in _attacks(state, SKITTERS[0])} == {("brawl", SENTINEL)}


def test_D9_G3_a_slam_into_ones_own_building_gives_one_power_die() -> None:
    """Issue 26 item 8: «Se la stessa viene però distrutta a seguito di un'altra tipologia di
    attacco/azione, ottieni 1 solo dado "Potenziamento"» names no owner: a building of one's
    own brought down by one's slam gives 1, as any other destruction does (it gave 0)."""
    walled = arranged(monsters=("E5", "E7"), buildings=(("tower", 0, "E9"),))
    state = _monster(walled, power=1, rng=(4, 1, 0, EMPRESS_DEF))
    state, events = act(state, Attack("m0", "power", "m1", 4, "slam"))
    assert not state.buildings and state.players[0].power == 1
    assert _events(events, "building_destroyed")[0]["power"] == 1


def test_the_seat_view_lists_slams_and_stomps_with_their_red_dice() -> None:
    board = arranged(monsters=("E5", "E7"), units={SKITTERS[0]: "G5"})
    state = _monster(board, power=3)
    entries = {(a["kind"], a["target"], a["manoeuvre"]): a for a in MP.view(state, 0)["attacks"]}
    slam = entries[("power", "m1", "slam")]
    assert slam["max_power"] == 2 and slam["defense"] == EMPRESS_DEF and slam["odds"]
    stomp = entries[("power", "", "stomp")]
    assert stomp["defense"] is None and stomp["units"] == [SKITTERS[0]]
    assert entries[("brawl", "m1", "")]["max_power"] == 0


def _slam(board: State, hits: int) -> tuple[State, list[dict[str, Any]]]:
    state = _monster(board, power=1, rng=(4, 1, 0, hits))
    return act(state, Attack("m0", "power", "m1", 4, "slam"))


def test_2x2_slam_collides_with_a_figure_under_one_square() -> None:
    board = arranged(monsters=("E5", "E7"), units={SKITTERS[0]: "F10"})
    state, events = _slam(board, EMPRESS_DEF + 2)  # a push of 3, stopped after 1
    assert monster_of(state, 1).at == "E8" and figure(state, SKITTERS[0]).at == "F10"
    assert monster_of(state, 1).health[0] == monster_of(board, 1).health[0] - 2
    assert _events(events, "pushed")[0]["to"] == "E8"


def test_2x2_slam_collides_with_the_edge_and_the_sea() -> None:
    edge = arranged(monsters=("E9", "E11"))
    state, _ = _slam(edge, EMPRESS_DEF)
    assert monster_of(state, 1).at == "E11"  # on row 12 already: the edge at once
    assert monster_of(state, 1).health[0] == monster_of(edge, 1).health[0] - 2
    sea = arranged(monsters=("G5", "I5"))
    state, _ = _slam(sea, EMPRESS_DEF + 2)
    assert monster_of(state, 1).at == "J5"  # one square on; the next puts L5 (sea) under it


# --- the power attacks' smaller choices, each written in the doc (I13) ------------------------

WARDEN_POWER = content.monster("warden").alpha.power


def _power(
    board: State, hits: int, target: str, manoeuvre: str
) -> tuple[State, list[dict[str, Any]]]:
    """Seat 0's Warden makes a power attack with every power die it has, rolling ``hits``."""
    dice, boost = WARDEN_POWER.dice, WARDEN_POWER.boost
    state = _monster(board, power=1, rng=(dice, boost, 0, hits))
    return act(state, Attack("m0", "power", target, dice, manoeuvre))


def test_G4_stomp_meets_printed_defense() -> None:
    """A stomp crushes each adjacent enemy unit whose printed DEF ≤ hits: `armored` (a brawl
    bonus) and cover (a blast bonus) do not count."""
    printed = content.unit("carapace").defense
    board = arranged(monsters=("E5", "A11"), units={CARAPACE: "G5"})
    state, events = _power(board, printed, "", "stomp")
    assert figure(state, CARAPACE).at == "" and _events(events, "attack")[0]["crushed"]


def test_G3_a_slam_meets_armor_as_a_brawl_does() -> None:
    """A slam is the monster's brawl: `armored` adds 1 to the DEF it must beat."""
    printed = content.unit("carapace").defense
    board = arranged(monsters=("E5", "A11"), units={CARAPACE: "G5"})
    entries = MP.view(_monster(board, power=1), 0)["attacks"]
    (slam,) = [e for e in entries if e["manoeuvre"] == "slam" and e["target"] == CARAPACE]
    assert slam["defense"] == printed + 1
    state, events = _power(board, printed, CARAPACE, "slam")
    assert figure(state, CARAPACE).at == "G5" and _events(events, "attack")[0]["result"] == "miss"


def test_G3_G4_the_armored_card_says_slams_count_and_stomps_do_not() -> None:
    """G3 makes the slam a brawl (`armored` +1) and G4 crushes on the printed DEF: a slam at
    the carapace must beat DEF 5, a stomp 4. The card said «+1 DEF against brawl attacks»,
    while the slam is offered as a power attack; it now names both manoeuvres, as the
    `armored` row of the doc does."""
    printed = content.unit("carapace").defense
    board = arranged(monsters=("E5", "A11"), units={CARAPACE: "G5"})
    entries = MP.view(_monster(board, power=1), 0)["attacks"]
    (slam,) = [e for e in entries if e["manoeuvre"] == "slam" and e["target"] == CARAPACE]
    assert slam["defense"] == printed + 1
    state, _ = _power(board, printed, "", "stomp")
    assert figure(state, CARAPACE).at == ""  # crushed by hits = printed DEF
    texts = content.ABILITIES["armored"].texts
    assert "slams" in texts["en"] and "never against a stomp" in texts["en"]
    assert "spinte" in texts["it"] and "mai contro un pestone" in texts["it"]


def test_G3_G4_a_flyer_escapes_slams_and_stomps() -> None:
    """T8 bars a non-flyer's blows in base contact at a flyer: no slam, and a stomp leaves it
    standing (the monster is offered no stomp with only a flyer beside it)."""
    board = arranged(monsters=("E5", "A11"), units={STINGWING: "G5"})
    offered = {a.manoeuvre for a in _attacks(_monster(board, power=1), "m0")}
    assert "slam" not in offered and "stomp" not in offered


def test_G4_a_stomp_crushes_the_walkers_beside_a_flyer() -> None:
    """A stomp meets every adjacent enemy unit it can reach: the walker is crushed, the flyer
    next to it is not touched."""
    board = arranged(monsters=("E5", "A11"), units={STINGWING: "G5", SKITTERS[0]: "E7"})
    state, _ = _power(board, content.unit("skitter").defense, "", "stomp")
    assert figure(state, STINGWING).at == "G5" and figure(state, SKITTERS[0]).at == ""


def test_G3_a_slammed_unit_is_destroyed_where_it_stands() -> None:
    """Only a monster is pushed: a unit hit by a slam is destroyed at once (K9)."""
    board = arranged(monsters=("E5", "A11"), units={SKITTERS[0]: "G5"})
    state, events = _power(board, 2 * content.unit("skitter").defense + 1, SKITTERS[0], "slam")
    assert figure(state, SKITTERS[0]).at == "" and not _events(events, "pushed")
    assert state.players[0].power == 1  # 1 spent, +1 for the unit


def test_G3_a_push_is_no_move_hazards_do_not_hurt() -> None:
    """The lead's decision 4: a pushed figure takes no hazard damage ("vi muove attraverso")."""
    board = arranged(monsters=("E5", "E7"), hazards=(("fire", "E9"),))
    state, _ = _slam(board, EMPRESS_DEF + 1)  # a push of two squares, onto the fire
    assert monster_of(state, 1).at == "E9"
    assert monster_of(state, 1).health[0] == monster_of(board, 1).health[0] - 1
