"""Munchkin Fu fights: totals, the interference window, help and bribes, running away, bad
stuff, death and the corpse, treasure, mooks, Hong Kong — one test per clause of
docs/rules/munchkin_fu.md, and the rulebook's examples (the Monk helper against a monster at
-2 vs Monks, the Samurai helper not raising a monster twice, Hong Kong Kong joining).
"""

from __future__ import annotations

from dataclasses import replace

from rules.munchkin_fu import engine as E
from rules.munchkin_fu import strength
from rules.munchkin_fu.model import (
    Accept,
    Choose,
    Counter,
    Decline,
    Discard,
    OfferHelp,
    OfferTrade,
    Pass,
    PassFight,
    Play,
    Resolve,
    Run,
    State,
    Strike,
)
from tests.rules.test_munchkin_fu import FULL, act, acts, fight, held, pass_all


def totals(state: State) -> tuple[int, int]:
    return strength.totals(state)


def run_choice(state: State, option: str = "roll") -> State:
    """Answer the open run choices (order by default) with ``option`` for every runner."""
    while state.choice is not None and state.choice.kind in ("run", "run_order"):
        pick = option if state.choice.kind == "run" else state.choice.default
        state = act(state, state.choice.seat, Choose(pick))
    return state


# --- combat --------------------------------------------------------------------------------------


def test_C1_strictly_greater_kills_a_tie_loses() -> None:
    tie = fight("d004", players={0: {"level": 3}})  # 3 against 3
    assert totals(tie) == (3, 3)
    state = pass_all(act(tie, 0, Resolve()))
    assert state.choice is not None and state.choice.kind == "run"
    win = fight("d004", players={0: {"level": 4}})
    state = pass_all(act(win, 0, Resolve()))
    assert state.players[0].level == 5 and state.fight is None


def test_C2_a_monster_bonus_against_a_class() -> None:
    state = fight("d006", players={0: {"classes": ("d063",)}})  # +2 vs ninja
    assert totals(state)[1] == 4


def test_C3_one_shots_from_the_hand_in_a_fight() -> None:
    state = fight("d004", players={0: {"hand": ("t053",)}})
    state = act(state, 0, Play("t053", side="heroes"))
    assert totals(state) == (3, 3) and "t053" in state.treasure_discard


def test_C5_no_trading_during_a_fight() -> None:
    players = {0: {"items": ("t001",)}, 1: {"items": ("t002",)}, 2: {"items": ("t008",)}}
    state = fight("d004", players=players)
    assert not any(isinstance(a, OfferTrade) for a in E.legal_actions(state, 0))
    assert not any(isinstance(a, OfferTrade) and a.target == 0 for a in E.legal_actions(state, 1))
    assert OfferTrade(2, ("t002",), ("t008",)) in E.legal_actions(state, 1)  # I25: not in it


def test_C6_several_monsters_sum_their_levels() -> None:
    state = fight("d004", players={1: {"hand": ("d045", "d001")}})
    state = act(state, 1, Play("d045", extra="d001"))
    assert totals(state)[1] == 3 + 1 and len(state.fight.monsters) == 2


def test_C7_remove_one_monster_fight_the_rest_never_run_from_part() -> None:
    state = fight("d004", players={1: {"hand": ("d045", "d001")}, 0: {"hand": ("t063",)}})
    state = act(state, 1, Play("d045", extra="d001"))
    state = act(state, 0, Play("t063", monster=0))
    assert [m.card for m in state.fight.monsters] == ["d001"]


def test_C7_removing_a_monster_leaves_its_double_in_the_fight() -> None:
    """C7 "puoi eliminare un mostro dal combattimento e combattere l'altro normalmente" and M4
    (the Double "porta in campo un altro mostro"): one removal takes one monster; the Double
    stays, still the copy of the original with its enhancer (level 3 + 5, 1 + 1 treasures)."""
    players = {0: {"level": 4, "items": ("t037",), "hand": ("t063",)}}
    players[1] = {"hand": ("d038", "d047")}
    state = acts(fight("d004", players=players), (1, Play("d038", monster=0)))
    state = acts(state, (1, Play("d047", monster=0)), (0, Play("t063", monster=0)))
    assert [m.card for m in state.fight.monsters] == ["d047"]
    assert strength.monster_level(state, 0) == 8 and strength.treasures_won(state) == 2
    assert E.view(state, None)["fight"]["monsters"][0]["copy_of"] == "d004"
    state = pass_all(act(state, 0, Resolve()))
    assert state.players[0].level == 5 and len(state.players[0].hand) == 2


def test_C10_defeat_without_kill_gives_no_level() -> None:
    state = fight("d004", players={0: {"hand": ("t063",)}})
    state = act(state, 0, Play("t063", monster=0))
    assert state.fight is None and state.players[0].level == 1 and state.phase == "loot"


def test_C12_a_hostile_card_after_resolve_reopens_the_fight() -> None:
    state = fight("d004", players={0: {"level": 5}, 2: {"hand": ("d038",)}})
    state = act(state, 0, Resolve())
    state = act(state, 1, Pass())
    assert state.fight.passed == (1,)
    opened = E.window(state).opened
    state = act(state, 2, Play("d038", monster=0))
    assert state.fight.stage == "fight" and state.fight.passed == () and E.pending(state) == [0]
    state = act(state, 0, Resolve())
    assert E.window(state).opened != opened


def test_C13_resolve_opens_a_window_for_every_other_player() -> None:
    state = act(fight("d004", 4), 0, Resolve())  # nobody holds a card: all are asked
    window = E.window(state)
    assert E.pending(state) == [1, 2, 3] and window is not None
    assert window.defaults == {1: Pass(), 2: Pass(), 3: Pass()}


def test_C14_after_the_window_the_result_stands() -> None:
    state = act(fight("d004", players={0: {"level": 4}}), 0, Resolve())
    state = act(state, 1, PassFight())
    state = act(state, 2, Pass())
    assert state.fight is None and state.players[0].level == 5


def test_C15_ask_for_help_or_run() -> None:
    state = fight("d030")
    legal = E.legal_actions(state, 0)
    assert Run() in legal and Resolve() in legal and OfferHelp(1) in legal


# --- monsters and enhancers -----------------------------------------------------------------------


def test_M5_enhancers_stack_and_raise_the_double_too() -> None:
    state = fight("d004", players={1: {"hand": ("d038", "d047", "d042")}})
    state = acts(state, (1, Play("d038", monster=0)), (1, Play("d047", monster=0)))
    assert [strength.monster_level(state, i) for i in (0, 1)] == [8, 8]
    state = act(state, 1, Play("d042", monster=1))  # on the copy: only the copy
    assert [strength.monster_level(state, i) for i in (0, 1)] == [8, 11]


def test_M5_a_hong_kong_item_on_the_original_raises_the_double_too() -> None:
    """M5 "tutto quello che innalza il livello di un mostro ha effetto sul suo doppio": an HK
    item given to the original (+2, HK3) raises its Double as well, played before or after."""
    players = {1: {"hand": ("d047",)}, 2: {"hand": ("t030", "t049")}}
    state = acts(fight("d010", players=players), (2, Play("t049", monster=0)))
    state = acts(state, (1, Play("d047", monster=0)), (2, Play("t030", monster=0)))
    assert [strength.monster_level(state, i) for i in (0, 1)] == [7, 7]


def test_M6_example_two_enhancers_and_a_double_in_any_order() -> None:
    a = fight("d004", players={1: {"hand": ("d038", "d042", "d047")}})
    a = acts(a, (1, Play("d038", monster=0)), (1, Play("d042", monster=0)))
    a = act(a, 1, Play("d047", monster=0))
    b = fight("d004", players={1: {"hand": ("d038", "d042", "d047")}})
    b = acts(b, (1, Play("d047", monster=0)), (1, Play("d038", monster=0)))
    b = act(b, 1, Play("d042", monster=0))
    assert totals(a)[1] == totals(b)[1] == 2 * (3 + 5 + 3)


def test_M7_the_enhancer_names_its_monster_among_several() -> None:
    state = fight("d004", players={1: {"hand": ("d045", "d001", "d038")}})
    state = act(state, 1, Play("d045", extra="d001"))
    assert {Play("d038", monster=0), Play("d038", monster=1)} <= set(E.legal_actions(state, 1))


# --- running away --------------------------------------------------------------------------------


def test_R1_running_gives_no_level_treasure_or_loot() -> None:
    state = run_choice(act(fight("d004"), 0, Run()))
    assert state.fight is None and state.players[0].level == 1 and state.phase == "loot"
    assert not any(a == E.LootRoom() for a in E.legal_actions(state, 0))


def test_R2_escape_on_five_or_more() -> None:
    outcomes = set()
    for seed in range(20):
        state = act(fight("d001", seed=seed), 0, Run())
        _, events = E.apply(state, 0, Choose("roll"))
        ran = next(e for e in events if e["type"] in ("ran", "caught"))
        assert (ran["type"] == "ran") == (ran["roll"] + ran["modifier"] >= 5)
        outcomes.add(ran["type"])
    assert outcomes == {"ran", "caught"}


def test_R3_ninja_escapes_by_discarding_a_hand_of_two_or_more() -> None:
    state = act(
        fight("d030", players={0: {"classes": ("d063",), "hand": ("t001", "t002")}}), 0, Run()
    )
    assert "vanish" in state.choice.options
    state = act(state, 0, Choose("vanish"))
    assert state.players[0].hand == () and state.fight is None and state.players[0].level == 1
    one = act(fight("d030", players={0: {"classes": ("d063",), "hand": ("t001",)}}), 0, Run())
    assert "vanish" not in one.choice.options


def test_R5_some_monsters_hurt_you_even_when_you_escape() -> None:
    state = act(fight("d007", players={0: {"hand": ("t061", "t001")}}), 0, Run())
    state = act(state, 0, Choose("escape:t061"))
    assert state.players[0].hand == () and "t001" in state.treasure_discard  # lose_cards 1


def test_R6_a_failed_run_applies_bad_stuff() -> None:
    state = act(fight("d031", players={0: {"level": 5}}), 0, Run())  # no_escape
    state = act(state, 0, Choose("roll"))
    assert state.players[0].level == 2


def test_R7_fighter_and_helper_both_run_and_both_may_be_caught() -> None:
    state = fight("d031", players={0: {"level": 5}, 1: {"level": 6}})
    state = acts(state, (0, OfferHelp(1)), (1, Accept(1)))
    state = pass_all(act(state, 0, Resolve()))
    state = act(state, 0, Choose("roll"))
    assert state.choice.seat == 1
    state = act(state, 1, Choose("roll"))
    assert (state.players[0].level, state.players[1].level) == (2, 3)


def test_R8_one_roll_per_monster_in_the_order_chosen() -> None:
    state = fight("d004", players={1: {"hand": ("d045", "d001")}})
    state = act(act(state, 1, Play("d045", extra="d001")), 0, Run())
    assert state.choice.kind == "run_order" and state.choice.options == ("0,1", "1,0")
    state = act(state, 0, Choose("1,0"))
    _, events = E.apply(state, 0, Choose("roll"))
    rolls = [e["monster"] for e in events if e["type"] in ("ran", "caught")]
    assert rolls == [1, 0]


# --- help and bribes -----------------------------------------------------------------------------


def test_R8_any_of_six_monsters_may_be_run_from_first() -> None:
    """R8 "nell’ordine che preferisci" with 6 monsters (720 orders): the runner picks the
    next monster one at a time, so any may come first, and the rolls follow the pick."""
    hk = ("d010", "d019", "d020", "d027", "d033")  # HK1: HK monsters join from any hand
    players = {1: {"hand": hk[:2]}, 2: {"hand": hk[2:4]}, 3: {"hand": hk[4:]}}
    state = fight("d036", n=4, players=players)
    for seat, cid in zip((1, 1, 2, 2, 3), hk, strict=True):
        state = act(state, seat, Play(cid))
    state = act(state, 0, Run())
    assert state.choice.kind == "run_order"
    assert state.choice.options == ("0", "1", "2", "3", "4", "5")
    state = act(state, 0, Choose("3"))
    assert state.choice.options == ("3,0", "3,1", "3,2", "3,4", "3,5")
    state = act(state, 0, Choose("3,5"))
    while state.choice.kind == "run_order":
        state = act(state, 0, Choose(state.choice.default))
    _, events = E.apply(state, 0, Choose("roll"))
    rolls = [e["monster"] for e in events if e["type"] in ("ran", "caught")]
    assert rolls[:2] == [3, 5] and sorted(rolls) == [0, 1, 2, 3, 4, 5]


def test_H1_ask_anyone_then_someone_else() -> None:
    state = act(fight("d030", 4), 0, OfferHelp(1))
    assert E.pending(state) == [1]
    state = act(state, 1, Decline(1))
    legal = E.legal_actions(state, 0)
    assert OfferHelp(2) in legal and OfferHelp(1) not in legal


def test_H2_only_one_helper_first_acceptance_wins() -> None:
    state = acts(fight("d030", 4), (0, OfferHelp(1)), (0, OfferHelp(2)))
    assert {o.target for o in state.offers} == {1, 2} and E.pending(state) == [1, 2]
    state = act(state, 2, Accept(2))
    assert state.fight.helper == 2 and state.offers == ()
    assert not any(isinstance(a, OfferHelp) for a in E.legal_actions(state, 0))


def test_H4_a_bribe_of_items_and_treasures_with_first_pick() -> None:
    state = fight("d005", players={0: {"items": ("t001",)}, 1: {"level": 5}})
    state = acts(state, (0, OfferHelp(1, ("t001",), 1, True)), (1, Accept(1)))
    assert state.fight.treasures == 1 and state.fight.helper_first
    state = pass_all(act(state, 0, Resolve()))  # 1 + 5 > 4: two treasures face up
    assert state.players[1].items == ("t001",)  # paid when the fight ends
    assert state.choice.kind == "split" and state.choice.seat == 1
    state = act(state, 1, Choose(state.choice.default))
    state = act(state, 0, Choose(state.choice.options[0]))
    assert len(state.players[1].hand) == 1 and len(state.players[0].hand) == 1
    assert held(state) == FULL


def test_H5_the_helper_adds_level_and_bonuses() -> None:
    state = fight("d030", players={1: {"level": 4, "items": ("t002",)}})
    state = acts(state, (0, OfferHelp(1)), (1, Accept(1)))
    assert totals(state)[0] == 1 + 4 + 2


def test_H6_example_a_monk_helper_gives_the_tiger_minus_two() -> None:
    state = fight("d021", players={1: {"classes": ("d078",)}})
    assert totals(state)[1] == 10
    state = acts(state, (0, OfferHelp(1)), (1, Accept(1)))
    assert totals(state)[1] == 8


def test_H7_example_samurai_helper_plus_four_not_twice() -> None:
    state = fight("d024", players={0: {"classes": ("d067",)}, 1: {"classes": ("d068",)}})
    assert totals(state)[1] == 17
    state = acts(state, (0, OfferHelp(1)), (1, Accept(1)))
    assert totals(state)[1] == 17


def test_I22_a_side_bonus_against_a_tag_counts_once_however_many_monsters_have_it() -> None:
    """I22: "+2 contro i demoni" (d083) raises the character's one strength, which faces the
    monsters' sum (C6): two demons in the fight do not make it +4."""
    players = {0: {"styles": ("d083",)}, 1: {"hand": ("d045", "d004")}}
    state = fight("d001", players=players)
    assert totals(state)[0] == 1 + 2 + 2
    state = act(state, 1, Play("d045", extra="d004"))
    assert totals(state) == (1 + 2 + 2, 1 + 3)


def test_H9_the_helper_gains_no_level() -> None:
    state = fight("d004", players={1: {"level": 5}})
    state = pass_all(act(acts(state, (0, OfferHelp(1)), (1, Accept(1))), 0, Resolve()))
    assert state.players[1].level == 5 and state.players[0].level == 2


def test_I40_t078_the_helper_goes_up_a_level_per_monster_killed() -> None:
    """t078 "When you help kill a monster, you go up 1 level too", as H9's "per ogni mostro
    ucciso" for the fighter: two monsters killed with help, the helper goes up 2."""
    players = {0: {"level": 5}, 1: {"level": 3, "items": ("t078",)}, 2: {"hand": ("d045", "d003")}}
    state = acts(fight("d001", players=players), (0, OfferHelp(1)), (1, Accept(1)))
    state = pass_all(act(act(state, 2, Play("d045", extra="d003")), 0, Resolve()))
    assert [p.level for p in state.players[:2]] == [7, 5]


def test_H10_interference_beats_both_and_both_run() -> None:
    state = fight("d004", players={1: {"level": 5}, 2: {"hand": ("d039",)}})
    state = act(acts(state, (0, OfferHelp(1)), (1, Accept(1))), 0, Resolve())
    state = act(state, 2, Play("d039", monster=0))
    state = pass_all(act(state, 0, Resolve()))
    assert state.choice.kind == "run" and state.fight.stage == "run"


def test_counter_offer_is_answered_by_the_fighter() -> None:
    state = act(fight("d005"), 0, OfferHelp(1))
    state = act(state, 1, Counter(1, (), 2, True))
    assert E.pending(state) == [0] and state.offers[0].counter
    state = act(state, 0, Accept(1))
    assert state.fight.helper == 1 and state.fight.treasures == 2


# --- death and the corpse ------------------------------------------------------------------------


def test_D1_death_keeps_classes_styles_and_level_only() -> None:
    me = {"level": 6, "classes": ("d063",), "styles": ("d079",), "items": ("t001",)}
    state = act(fight("d034", players={0: {**me, "hand": ("t002",)}}), 0, Run())
    state = act(state, 0, Choose("roll"))
    p = state.players[0]
    assert (p.level, p.classes, p.styles, p.items, p.hand) == (6, ("d063",), ("d079",), (), ())
    assert p.reborn


def test_D3_corpse_picked_by_level_ties_by_a_roll() -> None:
    players = {0: {"items": ("t001", "t002"), "level": 6}, 1: {"level": 2}, 2: {"level": 5}}
    state = act(act(fight("d034", players=players), 0, Run()), 0, Choose("roll"))
    assert state.corpse == ("t001", "t002") and state.choice.kind == "loot"
    assert state.choice.seat == 2 and state.choice.default == "t002"  # the richest
    state = act(state, 2, Choose("t002"))
    state = act(state, 1, Choose("t001"))
    assert state.corpse == () and "t001" in state.players[1].hand


def test_D4_an_empty_corpse_leaves_some_without_and_the_rest_is_discarded() -> None:
    dead = {0: {"items": ("t001",), "level": 6}}
    state = act(act(fight("d034", players=dead), 0, Run()), 0, Choose("roll"))
    state = act(state, state.choice.seat, Choose("t001"))
    assert state.choice is None and state.fight is None and held(state) == FULL


def test_D6_next_turn_starts_with_two_cards_from_each_deck() -> None:
    state = act(act(fight("d034", players={0: {"level": 6}}), 0, Run()), 0, Choose("roll"))
    state = act(state, 2, Choose(state.choice.default)) if state.choice else state
    state = act(replace(state, turn=2, phase="loot"), 2, E.EndTurn())
    assert state.turn == 0 and len(state.players[0].hand) == 4 and not state.players[0].reborn


# --- treasure ------------------------------------------------------------------------------------


def test_X1_draw_the_monster_treasure_number() -> None:
    state = pass_all(act(fight("d005", players={0: {"level": 5}}), 0, Resolve()))
    assert len(state.players[0].hand) == 2


def test_X1_extra_treasure_per_kill_counts_each_monster_killed() -> None:
    """d065 "+1 Tesoro per ogni uccisione" and C9 ("per ogni mostro ucciso"): two monsters
    killed in one fight are two kills, so 1 + 1 treasure of the cards and 2 of the class."""
    players = {0: {"level": 6, "classes": ("d065",)}, 1: {"hand": ("d045", "d003")}}
    state = act(fight("d001", players=players), 1, Play("d045", extra="d003"))
    assert strength.treasures_won(state) == 4
    state = pass_all(act(state, 0, Resolve()))
    assert state.players[0].level == 8 and len(state.players[0].hand) == 4


def test_X2_face_down_alone_face_up_when_helped() -> None:
    state = act(fight("d004", players={0: {"level": 5}}, treasure=("t001",)), 0, Resolve())
    state = acts(state, (1, Pass()))
    new, events = E.apply(state, 2, Pass())
    drawn = next(e for e in events if e["type"] == "treasure_drawn")
    assert drawn == {"type": "treasure_drawn", "seat": 0, "deck": "treasure", "count": 1}
    assert "t001" in new.players[0].hand and "t001" not in E.view(new, 1).__repr__()


def test_C9_one_level_per_monster_killed() -> None:
    state = fight("d004", players={0: {"level": 8}, 1: {"hand": ("d045", "d001")}})
    state = pass_all(act(act(state, 1, Play("d045", extra="d001")), 0, Resolve()))
    assert state.players[0].level == 10 and state.winners == (0,)


# --- mooks, classes, interference -------------------------------------------------------------


def test_G2_a_mook_at_any_time_one_in_play() -> None:
    state = fight("d004", players={1: {"hand": ("d101", "d102")}})
    state = act(state, 1, Play("d101"))
    assert Play("d102") not in E.legal_actions(state, 1)


def test_G5_a_sacrificed_mook_escapes_every_monster() -> None:
    state = act(fight("d031", players={0: {"mooks": (("d101", ()),), "level": 5}}), 0, Run())
    state = act(state, 0, Choose("mook:d101"))
    assert state.players[0].level == 5 and state.players[0].mooks == () and state.fight is None


def test_G6_the_sacrificer_decides_whether_the_helper_escapes() -> None:
    players = {0: {"mooks": (("d101", ()),), "level": 5}, 1: {"level": 5}}
    state = acts(fight("d031", players=players), (0, OfferHelp(1)), (1, Accept(1)))
    state = act(pass_all(act(state, 0, Resolve())), 0, Choose("mook:d101"))
    assert state.choice.kind == "mook_helper" and state.choice.default == "yes"
    state = act(state, 0, Choose("yes"))
    assert state.players[1].level == 5 and state.fight is None


def test_P8_discard_a_class_at_any_time_even_in_a_fight() -> None:
    state = fight("d006", players={0: {"classes": ("d063",)}})
    state = act(state, 0, Discard("d063"))
    assert totals(state)[1] == 2 and state.players[0].classes == ()


def test_P7_abilities_paid_by_discarding_any_card_whole_hand_needs_cards() -> None:
    state = fight("d004", players={0: {"classes": ("d067",), "hand": ("t001", "t002")}})
    before = totals(state)[0]
    state = act(state, 0, Strike("t001"))
    assert totals(state)[0] == before + 1 and state.players[0].hand == ("t002",)


def test_P7_an_ability_discard_may_come_from_play() -> None:
    """P7: "Puoi scartare qualunque carta, in mano o in gioco": an item in play pays for the
    Ninja's strike; its own bonus goes with it, and the class that gives the ability is not
    offered as its own price."""
    state = fight("d004", players={0: {"classes": ("d067",), "items": ("t001",), "hand": ()}})
    strikes = {a for a in E.legal_actions(state, 0) if isinstance(a, Strike)}
    assert strikes == {Strike("t001")}
    before = totals(state)[0]
    state = act(state, 0, Strike("t001"))
    assert totals(state)[0] == before - 1 + 1  # the hat's +1 gone, the strike's +1 gained
    assert state.players[0].items == () and "t001" in state.treasure_discard
    assert state.fight is not None and state.fight.discards == ((0, "t001"),)


def test_P7_d067_d087_each_discard_ability_keeps_its_own_count_and_bonus() -> None:
    """d067 "discard up to 3 cards: +1 each" and d087 "discard up to 2 cards: +2 each" held
    together are two abilities: 5 cards, the first two at +2, the next three at +1 (+7); the
    best bonus never stretches to the larger count (3 cards at +2)."""
    hand = ("t001", "t002", "t003", "t004", "t005", "t006")
    players = {0: {"classes": ("d067",), "styles": ("d087",), "hand": hand}}
    state = fight("d004", players=players)
    before = strength.totals(state)[0]
    gains = []
    for cid in hand[:5]:
        state = act(state, 0, Strike(cid))
        gains.append(strength.totals(state)[0] - before - sum(gains))
    assert gains == [2, 2, 1, 1, 1]
    assert not any(isinstance(a, Strike) for a in E.legal_actions(state, 0))


def test_P7_discarding_the_class_takes_its_ability_away() -> None:
    state = fight("d004", players={0: {"classes": ("d067",), "hand": ("t001", "t002")}})
    state = act(state, 0, Discard("d067"))
    assert not any(isinstance(a, Strike) for a in E.legal_actions(state, 0))


def test_IF2_anyone_may_interfere_in_a_fight() -> None:
    state = fight("d004", players={2: {"hand": ("t053",)}})
    assert 2 not in E.pending(state)
    assert {Play("t053", side="heroes"), Play("t053", side="monsters")} <= set(
        E.legal_actions(state, 2)
    )


def test_IF6_a_trap_on_a_fighter() -> None:
    state = fight("d004", players={2: {"hand": ("d053",)}, 0: {"level": 4}})
    state = act(state, 2, Play("d053", target=0))
    assert totals(state) == (1, 3) and "d053" in state.door_discard


def test_W6_no_new_items_when_helping_or_out_of_turn() -> None:
    state = acts(fight("d030", players={1: {"hand": ("t001",)}}), (0, OfferHelp(1)), (1, Accept(1)))
    assert Play("t001") not in E.legal_actions(state, 1)


# --- Hong Kong -----------------------------------------------------------------------------------


def test_HK1_hk_monsters_join_an_hk_fight_from_any_hand() -> None:
    state = fight("d036", players={1: {"hand": ("d010",)}})
    state = act(state, 1, Play("d010"))
    assert [m.card for m in state.fight.monsters] == ["d036", "d010"]
    plain = fight("d004", players={1: {"hand": ("d010",)}})
    assert Play("d010") not in E.legal_actions(plain, 1)


def test_HK4_example_two_hk_items_of_plus_two_on_the_second_monster() -> None:
    """Ila meets an HK monster, Matteo sends Kong from his hand, Michele gives Kong an HK item
    from his hand, Ale takes his HK item off the table and gives it to Kong: +2 and +2."""
    players = {0: {"level": 2}, 1: {"hand": ("d010",)}, 2: {"hand": ("t030",)}}
    players[3] = {"items": ("t014",)}
    state = act(fight("d036", 4, players=players), 1, Play("d010"))
    state = acts(state, (2, Play("t030", monster=1)), (3, Play("t014", monster=1)))
    assert strength.monster_level(state, 1) == 4 + 2 + 2 and state.players[3].items == ()
    state = run_choice(pass_all(act(state, 0, Resolve())))  # 2 against 11: all run
    assert {"t030", "t014"} <= set(state.treasure_discard) and state.fight is None


def test_HK3_only_the_main_bonus_counts_then_discarded() -> None:
    state = act(fight("d036", players={1: {"items": ("t048",)}}), 1, Play("t048", monster=0))
    assert strength.monster_level(state, 0) == 3 and state.players[1].items == ()
    state = run_choice(act(state, 0, Run()))
    assert "t048" in state.treasure_discard and held(state) == FULL
