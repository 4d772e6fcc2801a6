"""Munchkin Fu: the remaining clauses of docs/rules/munchkin_fu.md (character, cards in play,
when to play, epic powers, and fight clauses beyond the fight file's), one test each, through
the engine."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rules.munchkin_fu import engine as E
from rules.munchkin_fu import strength
from rules.munchkin_fu.content import DECK
from rules.munchkin_fu.model import (
    Accept,
    Carry,
    Choose,
    Discard,
    EndTurn,
    Kick,
    OfferHelp,
    OfferTrade,
    Pass,
    Play,
    Ready,
    Resolve,
    Run,
    Sell,
    Slay,
    Trouble,
)
from tests.rules.test_munchkin_fu import FULL, act, acts, fight, game, held, pass_all
from tests.rules.test_munchkin_fu_fight import run_choice


def test_C4_one_shot_means_marked_or_go_up_a_level() -> None:
    state = fight("d004", players={0: {"hand": ("t054", "t067")}})
    legal = E.legal_actions(state, 0)
    assert Play("t054", side="heroes") in legal and Play("t067") in legal
    assert act(state, 0, Play("t067")).players[0].level == 2


def test_E2_epic_monk_sees_both_neighbours_hands() -> None:
    players = {0: {"level": 10, "classes": ("d077",)}, 1: {"hand": ("t001",)}}
    players |= {2: {"hand": ("t002",)}, 3: {"hand": ("t008",)}}
    view = E.view(game(4, players=players, epic=True), 0)
    assert view["neighbours"] == {"3": ["t008"], "1": ["t001"]}
    assert "t002" not in json.dumps(view)


def test_E3_epic_ninja_vanishes_from_two_monsters_worth_double() -> None:
    players = {0: {"level": 10, "classes": ("d063",)}, 1: {"hand": ("d045", "d029")}}
    players[2] = {"level": 1}
    state = acts(fight("d030", players=players, epic=True), (0, OfferHelp(2)), (2, E.Accept(1)))
    state = act(act(state, 1, Play("d045", extra="d029")), 0, Run())
    state = act(act(state, 0, Choose("0,1")), 0, Choose("shadow"))
    assert state.players[0].level == 10 and state.choice.seat == 2  # the helper still runs


def test_E4_epic_samurai_kills_one_monster_for_a_hand_of_three() -> None:
    players = {0: {"level": 10, "classes": ("d069",), "hand": ("t001", "t002", "t008")}}
    players[1] = {"hand": ("d045", "d031")}
    state = act(fight("d004", players=players, epic=True, race=True), 1, Play("d045", extra="d031"))
    state = act(state, 0, Slay(1))
    assert [m.card for m in state.fight.monsters] == ["d004"] and state.players[0].hand == ()
    state = act(state, 0, Run())
    assert state.players[0].level == 11  # one level, no treasure, for the kill


def test_E4_a_slain_monster_keeps_its_enhancers_treasure_for_the_win() -> None:
    """E4 "Lo hai ucciso" and IF4 (enhancers "danno più tesori"): the slain monster's
    treasures count when the fight is won, its enhancer's +1 with them."""
    players = {0: {"level": 5, "classes": ("d067",), "hand": ("t001", "t002", "t008")}}
    players[1] = {"hand": ("d045", "d001", "d038")}
    state = act(fight("d004", players=players, epic=True), 1, Play("d045", extra="d001"))
    state = act(act(state, 1, Play("d038", monster=1)), 0, Slay(1))
    assert strength.treasures_won(state) == 3
    state = pass_all(act(state, 0, Resolve()))
    assert len(state.players[0].hand) == 3


@pytest.mark.parametrize("race", [False, True])
def test_E4_a_samurai_kill_then_running_reaches_the_goal_and_wins(race: bool) -> None:
    """T3 + E4: the strike is a kill ("Lo hai ucciso"), so its one level may reach the goal
    (10; 20 in the race) even when the rest are run from: the game ends there, one winner."""
    goal = 20 if race else 10
    players = {0: {"level": goal - 1, "classes": ("d067",), "hand": ("t001", "t002", "t008")}}
    players[1] = {"hand": ("d045", "d001")}
    state = act(fight("d022", players=players, epic=True, race=race), 1, Play("d045", extra="d001"))
    state = act(act(state, 0, Slay(1)), 0, Run())
    assert state.players[0].level == goal
    assert state.phase == "over" and state.winners == (0,)


def test_G1_a_mook_is_played_or_kept() -> None:
    state = act(game(door=("d101",)), 0, Kick())
    assert state.players[0].hand == ("d101",) and Play("d101") in E.legal_actions(state, 0)


def test_G3_discard_a_mook_any_time_never_trade_it() -> None:
    state = game(players={1: {"mooks": (("d101", ()),)}, 2: {"items": ("t001",)}})
    legal = E.legal_actions(state, 1)
    assert Discard("d101") in legal
    assert not any(isinstance(a, OfferTrade) and "d101" in a.give for a in legal)


def test_G3_d102_no_mook_text_says_it_cannot_be_discarded() -> None:
    """G3 "Puoi scartare un Mongo in qualunque momento", and the engine lets the owner do it:
    a mook's text saying "you can't fire him" (W1: the card would win) promised otherwise."""
    mooks = [c for c in DECK.cards.values() if c.kind == "mook"]
    assert [c.id for c in mooks if "can't" in c.texts["en"] or "non puoi" in c.texts["it"]] == []
    state = game(players={1: {"mooks": (("d102", ()),)}})
    assert act(state, 1, Discard("d102")).players[1].mooks == ()


def test_M3_a_plural_name_is_one_monster() -> None:
    assert len(fight("d036").fight.monsters) == 1


def test_P1_a_character_is_level_style_class_and_items() -> None:
    me = {"level": 9, "classes": ("d063",), "styles": ("d079",), "items": ("t001",)}
    seat = E.view(game(players={0: me}), None)["players"][0]
    assert (seat["level"], seat["classes"], seat["styles"]) == (9, ["d063"], ["d079"])
    assert seat["items"][0]["id"] == "t001"


def test_P4_levels_from_kills_cards_and_selling() -> None:
    state = game(players={0: {"hand": ("t067", "t046")}})
    state = acts(state, (0, Play("t067")), (0, Sell("t046")))
    assert state.players[0].level == 3
    state = pass_all(act(act(state, 0, Kick()), 0, Resolve()))
    assert state.players[0].level == 4


def test_P5_level_never_below_one_strength_may_be_negative() -> None:
    state = act(fight("d004", players={2: {"hand": ("d055",)}}), 2, Play("d055", target=0))
    assert strength.totals(state)[0] == 1 - 4 and state.players[0].level == 1


def test_P6_class_abilities_while_the_card_is_in_play() -> None:
    me = {"classes": ("d063",), "hand": ("t001", "t002")}
    assert "vanish" in act(fight("d029", players={0: me}), 0, Run()).choice.options
    state = act(act(fight("d029", players={0: me}), 0, Discard("d063")), 0, Run())
    assert "vanish" not in state.choice.options


def test_P10_twelve_styles_active_while_in_play() -> None:
    state = fight("d030", players={0: {"styles": ("d081",)}})
    assert strength.totals(state)[0] == 4
    assert strength.totals(act(state, 0, Discard("d081")))[0] == 1


def test_P13_any_number_of_items_in_play() -> None:
    state = game(players={0: {"hand": ("t001", "t002", "t005")}})
    state = acts(state, (0, Play("t001")), (0, Play("t002")), (0, Play("t005")))
    assert state.players[0].items == ("t001", "t002", "t005")


def test_P19_no_selling_trading_or_stealing_in_a_fight() -> None:
    state = fight("d004", players={0: {"hand": ("t046",), "items": ("t001",)}})
    assert not any(isinstance(a, Sell | OfferTrade) for a in E.legal_actions(state, 0))


def test_S4_levels_are_public_integers() -> None:
    assert [p["level"] for p in E.view(E.setup(3, {}, 0), None)["players"]] == [1, 1, 1]


def test_S7_one_face_up_discard_pile_per_deck() -> None:
    state = act(game(players={1: {"hand": ("d061", "t067")}}), 1, Play("d061", target=0))
    state = act(state, 1, Play("t067"))
    view = E.view(state, None)["discards"]
    assert view == {
        "door": {"count": 1, "top": ["d061"]},
        "treasure": {"count": 1, "top": ["t067"]},
    }


def test_S10_the_hand_gives_no_bonus_and_is_taken_only_by_hand_effects() -> None:
    state = fight("d030", players={0: {"hand": ("t037",), "items": ("t001",)}})
    assert strength.totals(state)[0] == 2
    state = act(
        game(players={0: {"hand": ("t037",)}, 1: {"hand": ("d052",)}}), 1, Play("d052", target=0)
    )
    assert state.players[0].hand == ("t037",)


def test_S11_at_most_five_cards_at_the_end_of_the_turn() -> None:
    hand = ("t001", "t002", "t008", "t009", "t021", "t022")
    assert act(game(players={0: {"hand": hand}}, phase="loot"), 0, EndTurn()).phase == "charity"
    assert act(game(players={0: {"hand": hand[:5]}}, phase="loot"), 0, EndTurn()).turn == 1


def test_S12_items_are_played_face_up_in_front_of_you() -> None:
    state = act(game(players={0: {"hand": ("t001",)}}), 0, Play("t001"))
    assert E.view(state, None)["players"][0]["items"][0]["id"] == "t001"


def test_S13_each_kind_has_its_moment() -> None:
    state = game(players={0: {"hand": ("d038", "t053", "d001")}})
    legal = E.legal_actions(state, 0)
    assert not any(isinstance(a, Play) and a.card in ("d038", "d001") for a in legal)
    assert [a for a in legal if isinstance(a, Play)] == [Play("t053")]  # I37: to the table


def test_S14_cards_in_play_never_return_to_the_hand() -> None:
    state = act(game(players={0: {"classes": ("d063",)}}), 0, Discard("d063"))
    assert state.players[0].hand == () and state.door_discard == ("d063",)


def test_S17_super_munchkin_and_extra_style_at_setup() -> None:
    hand = ("d063", "d067", "d097", "d099")
    state = game(players={0: {"hand": hand, "ready": False}}, phase="setup")
    state = acts(state, (0, Play("d063")), (0, Play("d097", extra="d067")), (0, Play("d099")))
    assert state.players[0].classes == ("d063", "d067") and state.players[0].extra_styles == (
        "d099",
    )
    assert act(state, 0, Ready()).players[0].ready


def test_T11_any_monster_may_be_played_when_looking_for_trouble() -> None:
    state = act(game(door=("d079",), players={0: {"hand": ("d034",)}}), 0, Kick())
    assert act(state, 0, Trouble("d034")).fight.monsters[0].card == "d034"


def test_U1_two_classes_and_one_more_style() -> None:
    me = {"classes": ("d063", "d067"), "super_munchkin": ("d097",), "extra_styles": ("d099",)}
    me["styles"] = ("d079",)
    state = game(players={0: {**me, "hand": ("d081",)}})
    assert Play("d081") in E.legal_actions(state, 0)
    assert strength.sides_ids(fight("d004", players={0: me})) >= {"ninja", "samurai"}


def test_W1_a_card_overrides_the_general_rule() -> None:
    state = act(fight("d031", players={0: {"mooks": (("d101", ()),), "level": 4}}), 0, Run())
    assert act(state, 0, Choose("mook:d101")).players[0].level == 4  # beats no_escape


def test_W2_nothing_below_level_one_and_ten_only_by_a_kill() -> None:
    state = game(players={0: {"level": 9, "hand": ("t046", "t067")}})
    legal = E.legal_actions(state, 0)
    assert Sell("t046") not in legal and Play("t067") not in legal


def test_W5_one_shots_from_hand_or_table_in_any_fight() -> None:
    state = fight("d004", players={1: {"hand": ("t054",)}}, turn=0)
    assert act(state, 1, Play("t054", side="heroes")).fight.one_shots == (("t054", "heroes"),)


def test_X3_treasure_playable_as_soon_as_gained() -> None:
    state = pass_all(
        act(fight("d004", players={0: {"level": 5}}, treasure=("t001",)), 0, Resolve())
    )
    assert Play("t001") in E.legal_actions(state, 0)


def test_Y2_trade_any_time_but_in_a_fight() -> None:
    state = game(players={1: {"items": ("t001",)}, 2: {"items": ("t002",)}})
    assert OfferTrade(2, ("t001",), ("t002",)) in E.legal_actions(state, 1)
    offered = act(state, 1, OfferTrade(2, ("t001",), ("t002",)))
    in_fight = act(replace(offered, turn=2, door=("d004", *offered.door)), 2, Kick())
    assert in_fight.offers == ()  # the fighter's open trades lapse
    legal = E.legal_actions(in_fight, 1)
    assert not any(isinstance(a, OfferTrade) and a.target == 2 for a in legal)
    assert OfferTrade(0, ("t001",), ()) in legal  # with someone not in the fight


def test_Y5_no_move_reveals_a_hand() -> None:
    """Whatever seat 1 or 2 does, no event nor public view names a card still in a hand."""
    state = game(players={1: {"hand": ("t054", "d038")}, 2: {"hand": ("t053",)}})
    for seat in (1, 2):
        for action in E.legal_actions(state, seat):
            new, events = E.apply(state, seat, action)
            text = json.dumps(events) + json.dumps(E.view(new, None))
            in_hands = {c for p in new.players for c in p.hand}
            assert not {c for c in in_hands if f'"{c}"' in text}


def test_Z1_the_card_wins() -> None:
    for seed in range(10):
        state = act(fight("d031", seed=seed, players={0: {"level": 5}}), 0, Run())
        assert act(state, 0, Choose("roll")).players[0].level == 2  # no roll escapes it


# --- fight clauses -------------------------------------------------------------------------------


def test_C8_removed_monster_then_run_no_treasure() -> None:
    state = fight("d031", players={1: {"hand": ("d045", "d001")}, 0: {"hand": ("t063",)}})
    state = act(act(state, 1, Play("d045", extra="d001")), 0, Play("t063", monster=1))
    state = run_choice(act(state, 0, Run()))
    assert state.players[0].hand == () and state.fight is None


def test_C11_monsters_discarded_treasure_drawn() -> None:
    state = pass_all(act(fight("d004", players={0: {"level": 5}}), 0, Resolve()))
    assert "d004" in state.door_discard and len(state.players[0].hand) == 1


def test_T4_two_players_reaching_ten_together_both_win() -> None:
    from rules.munchkin_fu.table import check_win

    state = game(players={0: {"level": 10}, 1: {"level": 10}})
    state, events = check_win(state)
    assert state.winners == (0, 1) and events == [{"type": "won", "seats": [0, 1]}]


def test_T4_a_helper_with_a_level_card_wins_with_the_fighter() -> None:
    players = {0: {"level": 9}, 1: {"level": 9, "mooks": (("d109", ()),)}}
    state = acts(fight("d004", players=players), (0, OfferHelp(1)), (1, Accept(1)))
    state = pass_all(act(state, 0, Resolve()))
    assert state.phase == "over" and state.winners == (0, 1)


def test_H8_the_monster_card_instruction_on_a_kill() -> None:
    state = pass_all(act(fight("d110", players={0: {"level": 8}}), 0, Resolve()))
    assert len(state.players[0].hand) == 2 + 1  # its 2 treasures and the door card it says
    _, events = E.apply(act(fight("d111", players={0: {"level": 8}}), 0, Resolve()), 1, Pass())
    _, events = E.apply(_, 2, Pass())
    assert {"type": "drew", "seat": 0, "deck": "treasure", "count": 1} in events


def test_T12_treasure_face_down_alone_face_up_with_help() -> None:
    alone = act(act(fight("d004", players={0: {"level": 5}}), 0, Resolve()), 1, Pass())
    _, events = E.apply(alone, 2, Pass())
    assert {"type": "treasure_drawn", "seat": 0, "deck": "treasure", "count": 1} in events
    helped = acts(fight("d004", players={1: {"level": 5}}), (0, OfferHelp(1)), (1, Accept(1)))
    helped = act(act(helped, 0, Resolve()), 1, Pass())
    _, events = E.apply(helped, 2, Pass())
    assert any(e["type"] == "treasure_drawn" and "cards" in e for e in events)


def test_T13_running_away_gives_no_treasure() -> None:
    state = run_choice(
        act(fight("d004", players={0: {"hand": ("t061",)}}), 0, Run()), "escape:t061"
    )
    assert state.players[0].hand == () and state.players[0].level == 1


def test_M1_a_monster_drawn_face_up_is_fought_at_once() -> None:
    state = fight("d010")
    assert state.phase == "fight" and E.pending(state) == [0]


def test_M2_monsters_from_the_hand_by_trouble_or_wandering_monster() -> None:
    state = fight("d004", players={2: {"hand": ("d001",)}})
    assert not any(isinstance(a, Play) and a.card == "d001" for a in E.legal_actions(state, 2))
    state = fight("d004", players={2: {"hand": ("d001", "d046")}})
    assert Play("d046", extra="d001") in E.legal_actions(state, 2)


def test_M4_enhancers_wandering_and_double_in_any_fight() -> None:
    hand = ("d038", "d045", "d001", "d047")
    state = fight("d004", players={1: {"hand": hand}})
    legal = set(E.legal_actions(state, 1))
    assert {Play("d038", monster=0), Play("d045", extra="d001"), Play("d047", monster=0)} <= legal


def test_IF3_a_one_shot_for_either_side() -> None:
    state = act(fight("d004", players={1: {"hand": ("t053",)}}), 1, Play("t053", side="heroes"))
    assert strength.totals(state) == (3, 3)


def test_IF4_enhancers_in_your_fight_or_anyone_elses() -> None:
    state = fight("d004", players={0: {"hand": ("d043",)}})
    assert strength.monster_level(act(state, 0, Play("d043", monster=0)), 0) == 1  # never below 1


def test_IF5_wandering_monster_brings_a_monster_from_the_hand() -> None:
    state = act(
        fight("d004", players={2: {"hand": ("d045", "d005")}}), 2, Play("d045", extra="d005")
    )
    assert [m.card for m in state.fight.monsters] == [
        "d004",
        "d005",
    ] and "d045" in state.door_discard


def test_K1_a_trap_drawn_face_up_hits_the_drawer() -> None:
    state = act(game(door=("d058",), players={0: {"classes": ("d063",)}}), 0, E.Kick())
    assert state.players[0].classes == ()


def test_K3_a_next_combat_trap_waits_for_the_next_fight() -> None:
    state = act(game(players={1: {"hand": ("d054",)}}), 1, Play("d054", target=0))
    assert state.players[0].curses == ("d054",) and E.view(state, None)["players"][0]["curses"]
    state = act(replace(state, door=("d004", *state.door)), 0, E.Kick())
    assert strength.totals(state)[0] == 1 - 2


def test_K4_the_victim_chooses_which_item() -> None:
    state = act(
        game(players={0: {"items": ("t008", "t009")}, 1: {"hand": ("d052",)}}),
        1,
        Play("d052", target=0),
    )
    assert state.choice.seat == 0 and state.choice.default == "t009"
    assert E.window(state).defaults == {0: Choose("t009")}


def test_D2_the_corpse_shows_the_hand() -> None:
    state = act(fight("d034", players={0: {"level": 6, "hand": ("t053",)}}), 0, Run())
    _, events = E.apply(state, 0, Choose("roll"))
    died = next(e for e in events if e["type"] == "died")
    assert died["corpse"] == ["t053"]


def test_D5_the_new_character_may_help_from_the_next_turn() -> None:
    from rules.munchkin_fu.effects import process
    from rules.munchkin_fu.run import die

    state, _ = process(die(fight("d030"), 1)[0])
    assert OfferHelp(1) not in E.legal_actions(state, 0) and OfferHelp(2) in E.legal_actions(
        state, 0
    )


def test_R4_styles_items_and_monsters_modify_the_run() -> None:
    state = act(fight("d010", players={0: {"items": ("t015",), "styles": ("d085",)}}), 0, Run())
    _, events = E.apply(state, 0, Choose("roll"))
    assert next(e for e in events if "roll" in e)["modifier"] == 2 + 2 - 2


def test_H3_help_may_be_bribed() -> None:
    state = fight("d005", players={0: {"items": ("t001",)}})
    assert OfferHelp(1, ("t001",), 2, True) in E.legal_actions(state, 0)


def test_H8_a_helped_kill_follows_the_monster_card() -> None:
    state = acts(fight("d005", players={1: {"level": 5}}), (0, OfferHelp(1)), (1, Accept(1)))
    state = pass_all(act(state, 0, Resolve()))
    state = act(state, 0, Choose(state.choice.default))
    state = act(state, 0, Choose(state.choice.default))
    assert (
        state.players[0].level == 2
        and len(state.players[0].hand) == 2
        and "d005" in state.door_discard
    )


def test_HK2_hk_items_given_to_a_named_hk_monster() -> None:
    state = fight("d036", players={1: {"hand": ("d010", "t030")}})
    state = act(state, 1, Play("d010"))
    assert {Play("t030", monster=0), Play("t030", monster=1)} <= set(E.legal_actions(state, 1))
    assert strength.monster_level(act(state, 1, Play("t030", monster=0)), 0) == 5


def test_P9_one_class_without_super_munchkin() -> None:
    state = game(players={0: {"classes": ("d063",), "hand": ("d067",)}})
    assert Play("d067") not in E.legal_actions(state, 0)


def test_P14_a_class_item_counts_only_for_that_class() -> None:
    plain = fight("d030", players={0: {"items": ("t003",)}})
    ninja = fight("d030", players={0: {"items": ("t003",), "classes": ("d066",)}})
    assert strength.totals(plain)[0] == 1 and strength.totals(ninja)[0] == 4


def test_P15_one_head_armour_feet_two_hands() -> None:
    state = fight("d030", players={0: {"items": ("t001", "t002", "t021", "t022", "t024")}})
    assert strength.totals(state)[0] == 1 + 1 + 2 + 2  # the first head, the first two hands


def test_W3_items_when_received_or_in_your_turn() -> None:
    state = game(players={1: {"hand": ("t001",)}})
    assert Play("t001") not in E.legal_actions(state, 1)
    assert Play("t001") in E.legal_actions(replace(state, turn=1), 1)


def test_W7_classes_and_styles_when_gained_or_in_your_turn() -> None:
    state = game(players={1: {"hand": ("d063", "d079")}})
    assert not {Play("d063"), Play("d079")} & set(E.legal_actions(state, 1))
    assert {Play("d063"), Play("d079")} <= set(E.legal_actions(replace(state, turn=1), 1))


def test_I23_a_second_big_item_is_not_received() -> None:
    players = {1: {"items": ("t006",)}, 2: {"items": ("t037",)}}
    state = act(game(players=players), 2, OfferTrade(1, ("t037",), ()))
    state = act(state, 1, Accept(1))
    assert state.players[1].items == ("t006",) and state.players[2].items == ("t037",)


def test_I39_no_changes_in_a_fight() -> None:
    players = {0: {"items": ("t001",)}, 2: {"items": ("t002",)}}
    state = fight("d004", players=players)
    assert not any(isinstance(a, Carry) for a in E.legal_actions(state, 0))
    assert Carry("t002") in E.legal_actions(state, 2)  # not in the fight: any time


def test_I7_a_bribe_may_offer_every_item() -> None:
    state = fight("d005", players={0: {"items": ("t001", "t008")}})
    assert OfferHelp(1, ("t001", "t008"), 0, False) in E.legal_actions(state, 0)


def test_I4_any_play_clears_the_passes() -> None:
    players = {0: {"level": 5, "items": ("t001", "t002")}, 2: {"hand": ("d049",)}}
    state = act(act(fight("d004", players=players), 0, Resolve()), 1, Pass())
    state = act(state, 2, Play("d049", target=0))  # the victim chooses which headgear
    assert state.choice is not None and state.fight.stage == "fight"
    assert state.fight.passed == () and E.pending(state) == [0]


def test_I37_one_shot_played_to_the_table_gives_no_bonus() -> None:
    """A fight one-shot goes on the table in its owner's turn outside a fight and adds nothing
    there; it is sold and traded as items are (the rulebook's one-shots are items: "Altri
    oggetti non possono essere utilizzati a meno che non siano già in gioco"), never turned
    sideways; a one-shot that works at any time (draw) is used, not tabled."""
    from rules.munchkin_fu import character as ch
    from rules.munchkin_fu.table import gear

    state = game(players={0: {"hand": ("t054", "t065")}, 1: {"hand": ("t053",)}})
    assert Play("t053") not in E.legal_actions(state, 1)  # not on someone else's turn
    tabled = act(state, 0, Play("t054"))
    p = tabled.players[0]
    assert p.items == ("t054",) and p.hand == ("t065",)
    assert ch.active_items(gear(tabled, 0)) == () and ch.strength(gear(tabled, 0)) == 1
    assert E.view(tabled, None)["players"][0]["strength"] == 1
    legal = E.legal_actions(tabled, 0)
    assert Sell("t054") in legal and OfferTrade(1, ("t054",), ()) in legal
    assert Discard("t054") in legal and Carry("t054") not in legal
    drawn = act(tabled, 0, Play("t065"))
    assert drawn.players[0].items == ("t054",) and len(drawn.players[0].hand) == 2
    in_fight = fight("d004", players={0: {"hand": ("t054",)}})
    assert Play("t054") not in E.legal_actions(in_fight, 0)  # only used there


def test_I37_one_shot_used_from_the_table_in_a_fight() -> None:
    """From the table exactly as from the hand, by any seat, for either side; it is then
    discarded and the fight goes back to the fighter (a new window)."""
    players = {0: {"items": ("t061",)}, 1: {"items": ("t054",)}, 2: {"items": ("t063",)}}
    state = fight("d004", players=players)
    window = act(state, 0, Resolve())
    assert window.fight.stage == "window"
    used = act(window, 1, Play("t054", side="monsters"))
    assert used.players[1].items == () and "t054" in used.treasure_discard
    assert used.fight.one_shots == (("t054", "monsters"),) and strength.totals(used) == (1, 6)
    assert used.fight.stage == "fight" and used.fight.passed == ()
    assert Play("t063", monster=0) in E.legal_actions(used, 2)
    running = run_choice(act(used, 0, Run()), "escape:t061")
    assert running.players[0].items == () and "t061" in running.treasure_discard
    assert held(running) == FULL
    gone = act(state, 2, Play("t063", monster=0))
    assert gone.fight is None and gone.players[2].items == () and held(gone) == FULL


def test_I37_a_one_shot_on_the_table_goes_with_the_corpse() -> None:
    state = act(fight("d034", players={0: {"level": 6, "items": ("t053",)}}), 0, Run())
    _, events = E.apply(state, 0, Choose("roll"))
    died = next(e for e in events if e["type"] == "died")
    assert "t053" in died["corpse"]


def test_I37_random_play_tables_and_uses_one_shots_keeping_every_card() -> None:
    """Random legal moves (tabling one-shots and using them from the table among them) never
    lose nor copy a card."""
    import random

    tabled_uses = 0
    for seed in (12, 19):  # seeds whose random play tables a one-shot and uses it (this deck)
        state, chooser = E.setup(3, {}, seed), random.Random(seed)
        for _ in range(3_000):
            if not E.pending(state):
                break
            seat = chooser.choice(E.pending(state))
            action = chooser.choice(E.legal_actions(state, seat))
            table = state.players[seat].items
            tabled_uses += isinstance(action, Play) and action.card in table and bool(action.side)
            state = act(state, seat, action)
            assert held(state) == FULL
    assert tabled_uses > 0


def test_E4_C7_the_samurai_strike_takes_one_monster_and_leaves_its_double() -> None:
    """E4 "per rimuovere un Mostro dal combattimento" takes one monster, as C7's removal does:
    a Double is a monster of its own (M4 "porta in campo un altro mostro"), so striking its
    original leaves it fighting as the copy, and a Double may be struck on its own."""
    players = {0: {"level": 4, "classes": ("d067",), "hand": ("t001", "t002", "t008")}}
    players[1] = {"hand": ("d047",)}
    state = act(fight("d004", players=players, epic=True), 1, Play("d047", monster=0))
    assert set(E.legal_actions(state, 0)) >= {Slay(0), Slay(1)}
    struck = act(state, 0, Slay(0))
    assert [m.card for m in struck.fight.monsters] == ["d047"]
    assert E.view(struck, None)["fight"]["monsters"][0]["copy_of"] == "d004"
    assert struck.fight.killed == ("d004",)
    double_struck = act(state, 0, Slay(1))
    assert [m.card for m in double_struck.fight.monsters] == ["d004"]
    assert double_struck.fight.killed == ("d004",)


def test_I53_an_enhancer_never_takes_its_monster_below_no_treasure() -> None:
    """IF4/I53: an enhancer's treasures add to its own monster's, never below 0, so two -1
    enhancers on a 1-treasure monster cost the fight that monster's 1, not the other's too."""
    players = {1: {"hand": ("d045", "d031", "d043", "d044")}}
    state = act(fight("d004", players=players), 1, Play("d045", extra="d031"))
    state = act(act(state, 1, Play("d043", monster=0)), 1, Play("d044", monster=0))
    assert strength.treasures_won(state) == 0 + 4
