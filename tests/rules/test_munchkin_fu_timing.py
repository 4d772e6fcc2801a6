"""Munchkin Fu: when things take effect — the clause fixes of issue 26 (items 1-7) and of
later audits, one test each, named after the clause of docs/rules/munchkin_fu.md it rests on,
through the engine."""

from __future__ import annotations

from dataclasses import replace

from rules.munchkin_fu import character as ch
from rules.munchkin_fu import engine as E
from rules.munchkin_fu import strength
from rules.munchkin_fu.model import (
    Accept,
    Carry,
    Choose,
    Discard,
    EndTurn,
    Kick,
    OfferHelp,
    OfferTrade,
    Play,
    Resolve,
    Run,
    Sell,
    Slay,
    State,
    Strike,
)
from rules.munchkin_fu.table import gear
from tests.rules.test_munchkin_fu import FULL, act, acts, fight, game, held, pass_all


def test_I18_a_draw_card_never_draws_itself_back() -> None:
    state = game(players={0: {"hand": ("t065",)}})
    state = replace(state, treasure=(), treasure_discard=("t001",))
    state = act(state, 0, Play("t065"))
    assert state.players[0].hand == ("t001",) and state.treasure_discard == ("t065",)
    assert E.legal_actions(state, 0)  # the game goes on


def test_I38_a_card_received_in_charity_is_playable_after_it() -> None:
    hand = ("t001", "t002", "t008", "t054", "t067", "d004")
    players = {0: {"level": 3, "hand": hand}, 1: {"level": 3}}
    players[2] = {"level": 1, "classes": ("d063",)}
    state = act(game(players=players, phase="loot"), 0, EndTurn())
    state = act(state, 0, Choose("give:t001:2"))
    assert state.turn == 1 and state.players[2].hand == ("t001",)
    assert Play("t001") in E.legal_actions(state, 2)  # I38: "nel momento stesso"
    state = act(state, 1, Kick())
    assert Play("t001") in E.legal_actions(state, 2)  # another seat's move keeps it
    state = act(state, 2, Discard("d063"))
    assert Play("t001") not in E.legal_actions(state, 2)  # the receiver's other move ends it


def test_R3_a_ninja_cannot_vanish_from_a_monster_that_forbids_running() -> None:
    players = {0: {"classes": ("d063",), "hand": ("t001", "t002"), "mooks": (("d101", ()),)}}
    state = act(fight("d023", players=players), 0, Run())
    assert "vanish" not in state.choice.options and "mook:d101" in state.choice.options
    other = act(fight("d030", players=players), 0, Run())
    assert "vanish" in other.choice.options


def test_R5_an_escape_penalty_waits_for_the_next_fight() -> None:
    state = act(fight("d037", players={0: {"hand": ("t061",)}}), 0, Run())
    state = act(state, 0, Choose("escape:t061"))  # "anche se scappi, -2 al prossimo"
    assert state.fight is None and state.players[0].owed == (("d037", 2),)
    assert E.view(state, 1)["players"][0]["curses"] == ["d037"]  # public, as a reminder
    state = act(
        replace(state, phase="door", door=("d001", *(c for c in state.door if c != "d001"))),
        0,
        Kick(),
    )
    assert strength.totals(state) == (-1, 1) and state.players[0].owed == ()


def test_E4_the_samurai_kill_opens_the_window_like_any_win() -> None:
    players = {0: {"level": 10, "classes": ("d069",), "hand": ("t001", "t002", "t008")}}
    players[1] = {"hand": ("d045", "d029")}
    state = act(fight("d004", players=players, epic=True, race=True), 0, Slay(0))
    assert state.fight is not None and state.fight.monsters == () and state.fight.killed
    assert Run() not in E.legal_actions(state, 0)  # nothing left to run from
    won = pass_all(act(state, 0, Resolve()))
    assert won.fight is None and won.players[0].level == 11  # C13: after the window
    state = act(act(state, 0, Resolve()), 1, Play("d045", extra="d029"))  # "proprio nel..."
    assert [m.card for m in state.fight.monsters] == ["d029"] and state.fight.stage == "fight"


def test_E5_mooks_over_the_limit_go_when_the_epic_yakuza_does() -> None:
    mooks = (("d102", ()), ("d106", ()), ("d105", ()))
    players = {0: {"level": 10, "classes": ("d071",), "mooks": mooks}, 1: {"hand": ("d061",)}}
    state = game(players=players, epic=True, race=True)
    assert ch.strength(gear(state, 0)) == 16  # 10 + 2 + 3 + 1: the epic Yakuza's three
    state = act(state, 1, Play("d061", target=0))  # level 9: no longer epic (I12)
    assert state.choice.seat == 0 and state.choice.kind == "lose"
    assert state.choice.default == "d105"  # the weakest goes first by default
    while state.choice is not None:
        state = act(state, 0, Choose(state.choice.default))
    assert state.players[0].mooks == (("d106", ()),)  # the owner keeps one, the strongest
    state = act(game(players=players, epic=True, race=True), 0, Discard("d071"))
    state = act(state, 0, Choose("d102"))
    assert state.choice is not None and "d102" not in state.choice.options
    state = act(state, 0, Choose("d106"))
    assert state.players[0].mooks == (("d105", ()),)  # the owner's choice


def test_I9_at_any_time_plays_are_offered_while_a_choice_is_open() -> None:
    hand = ("t001", "t002", "t008", "t054", "t065", "d004")
    players = {0: {"level": 3, "hand": hand}, 1: {"hand": ("d061", "d101", "t067")}}
    state = act(game(players=players, phase="loot"), 0, EndTurn())  # charity: 1 card to 1 or 2
    assert state.choice.kind == "charity" and "give:t001:1" in state.choice.options
    legal = E.legal_actions(state, 1)
    assert {Play("d061", target=0), Play("d101"), Play("t067")} <= set(legal)  # K2, G2, W4
    assert E.pending(state) == [0]  # still only the giver is waited for
    state = act(state, 1, Play("t067"))  # level 2: seat 2 is now the only lowest
    assert state.choice.kind == "charity" and "give:t001:1" not in state.choice.options
    state = act(state, 0, Play("t065"))  # the giver draws 2 for 1: 7 cards, 2 over
    assert state.choice.kind == "charity" and state.excess == 2
    assert held(state) == FULL


def test_I9_a_trap_or_a_mook_while_someone_runs() -> None:
    players = {0: {"level": 3, "hand": ("d101",)}, 1: {"hand": ("d061",)}}
    state = act(fight("d029", players=players), 0, Run())
    assert state.choice.kind == "run" and Play("d061", target=0) in E.legal_actions(state, 1)
    state = act(state, 1, Play("d061", target=0))  # strikes at once, the run is asked again
    assert state.players[0].level == 2 and state.choice.kind == "run"
    state = act(state, 0, Play("d101"))  # G2: "anche durante un combattimento"
    assert "mook:d101" in state.choice.options
    state = act(state, 0, Choose("mook:d101"))
    assert state.fight is None and held(state) == FULL


def test_I9_a_victim_may_play_a_card_the_choice_named() -> None:
    players = {0: {"hand": ("d061", "t001", "t002")}, 1: {"hand": ("d062",)}}
    state = act(game(players=players), 1, Play("d062", target=0))  # lose 2 of 3 cards
    assert state.choice.kind == "lose" and "d061" in state.choice.options
    state = act(state, 0, Play("d061", target=1))  # first come: the choice is asked again
    assert state.choice is None and state.players[0].hand == ()  # 2 left: both go
    assert held(state) == FULL and state.players[1].level == 1


def _over_the_style_limit(state: State) -> None:
    """Seat 0 knows two styles thanks to the tape and has just parted with it: the second
    style goes at once, the owner choosing which (I36), so one style is left."""
    assert state.choice is not None and (state.choice.seat, state.choice.kind) == (0, "lose")
    assert set(state.choice.options) == {"d079", "d081"}
    state = act(state, 0, Choose("d079"))
    assert state.players[0].styles == ("d081",) and "d079" in state.door_discard


def test_P11_styles_over_the_limit_go_when_the_tape_that_allowed_them_goes() -> None:
    # t042 (an item, "style_slots" +1) is the only card of the deck that raises the style
    # limit and can leave play without being discarded: sold, traded, stolen, carried or paid
    # as a bribe; each way the limit falls back to one, as when a Monk loses the class (I36)
    tape = {"items": ("t042",), "styles": ("d079", "d081")}
    state = game(players={0: tape}, phase="trouble")
    assert ch.max_styles(gear(state, 0)) == 2
    _over_the_style_limit(act(state, 0, Sell("t042")))
    _over_the_style_limit(act(state, 0, Carry("t042")))
    offered = act(state, 0, OfferTrade(1, give=("t042",)))
    _over_the_style_limit(act(offered, 1, Accept(offered.offers[-1].id)))
    thief = game(players={0: tape, 1: {"hand": ("t079",)}}, phase="trouble", turn=1)
    _over_the_style_limit(act(thief, 1, Play("t079", target=0, extra="t042")))
    helped = acts(fight("d013", players={0: tape, 1: {"level": 9}}), (0, OfferHelp(1, ("t042",))))
    helped = pass_all(act(act(helped, 1, Accept(helped.offers[-1].id)), 0, Resolve()))
    _over_the_style_limit(helped)  # the bribe is paid as the fight ends (I7)


def test_P16_a_hat_not_in_use_as_the_fight_begins_stays_unused_until_it_ends() -> None:
    # "NON puoi cambiare copricapo, per esempio, durante un combattimento": the helper wears
    # two hats, the first played (t001, +1) in use, the second (t002, +2) not; a trap takes
    # the first in the fight: its +1 goes, the second does not come into use there (+2),
    # only after the fight
    hats = {"items": ("t001", "t002")}
    state = fight("d013", players={1: hats, 2: {"hand": ("d049",)}})
    state = act(state, 0, OfferHelp(1))
    state = act(state, 1, Accept(state.offers[-1].id))
    before = strength.totals(state)
    state = act(act(state, 2, Play("d049", target=1)), 1, Choose("t001"))
    assert state.players[1].items == ("t002",)
    assert strength.totals(state) == (before[0] - 1, before[1])
    assert ch.active_items(gear(state, 1)) == ()
    state = pass_all(act(state, 0, Resolve()))  # lost: both run
    while state.fight is not None and state.choice is not None:
        state = act(state, state.choice.seat, Choose(state.choice.default))
    assert state.fight is None and ch.active_items(gear(state, 1)) == ("t002",)


def test_I23_a_second_big_item_goes_when_the_card_that_allowed_it_does() -> None:
    # "Personaggi normali possono portare solo un oggetto Grande": the Yakuza with a Van
    # (d073, big_items +1) carries two big items; the class fired, one of them goes at once,
    # the owner choosing which (as styles and mooks over their limits, I36, I34)
    players = {0: {"classes": ("d073",), "items": ("t006", "t033")}, 1: {"hand": ("d058",)}}
    state = game(players=players, phase="trouble")
    assert ch.active_items(gear(state, 0)) == ("t006", "t033")
    state = act(state, 1, Play("d058", target=0))
    assert state.choice is not None and (state.choice.seat, state.choice.kind) == (0, "lose")
    assert set(state.choice.options) == {"t006", "t033"}
    state = act(state, 0, Choose("t006"))
    assert state.players[0].items == ("t033",) and "t006" in state.treasure_discard
    assert ch.active_items(gear(state, 0)) == ("t033",)


def test_P16_a_hat_played_in_the_fight_over_one_in_use_stays_unused_there() -> None:
    # the fighter may play items in their own fight (W6), counting only in a free slot
    # (I39): a second hat played over the one in use does not take its place when a trap
    # takes the first, as a hat unused from the start does not
    players = {0: {"items": ("t001",), "hand": ("t002",)}, 1: {"hand": ("d049",)}}
    state = act(fight("d013", players=players), 0, Play("t002"))
    assert ch.active_items(gear(state, 0)) == ("t001",)
    state = act(act(state, 1, Play("d049", target=0)), 0, Choose("t001"))
    assert state.players[0].items == ("t002",) and ch.active_items(gear(state, 0)) == ()


def test_P16_an_item_paid_as_a_bribe_does_not_help_the_helper_run() -> None:
    # the bribe is paid as the lost fight ends, before anyone runs (I7); the helper's new
    # Ferry Season Ticket (t048, run +2) is theirs but comes into use only after the run:
    # "NON puoi cambiare copricapo, per esempio, durante un combattimento o un tentativo di fuga"
    state = fight("d013", players={0: {"items": ("t048",)}})
    state = act(state, 0, OfferHelp(1, ("t048",)))
    state = pass_all(act(act(state, 1, Accept(state.offers[-1].id)), 0, Resolve()))
    while state.choice is not None and state.choice.seat == 0:
        state = act(state, 0, Choose(state.choice.default))
    assert state.choice is not None and (state.choice.seat, state.choice.kind) == (1, "run")
    assert state.players[1].items == ("t048",) and ch.run_modifier(gear(state, 1)) == 0


def test_P9_super_munchkin_paid_for_a_bonus_leaves_one_class() -> None:
    # "Non puoi appartenere a più di una Classe contemporaneamente a meno che tu non giochi la
    # carta Super Munchkin": a Samurai-Ninja discards Super Munchkin for the Samurai's bonus
    # (P7: "qualunque carta, in mano o in gioco"); one class goes at once, the owner's choice
    players = {0: {"classes": ("d067", "d063"), "super_munchkin": ("d097",)}}
    state = fight("d013", players=players)
    before = strength.totals(state)[0]
    state = act(state, 0, Strike("d097"))
    assert state.choice is not None and (state.choice.seat, state.choice.kind) == (0, "lose")
    assert set(state.choice.options) == {"d067", "d063"}
    state = act(state, 0, Choose("d063"))
    assert state.players[0].classes == ("d067",) and state.players[0].super_munchkin == ()
    assert {"d097", "d063"} <= set(state.door_discard)
    assert strength.totals(state)[0] == before + 1  # the Samurai's discard still pays


def test_P11_a_character_who_dies_with_the_tape_keeps_the_styles_it_may_know() -> None:
    # D1 "Mantieni soltanto la tua Classe(i), Stile(i) e livello" keeps the styles, but the
    # tape (t042) goes to the corpse: with it goes the second style (I36), after the looting
    tape = {"level": 6, "items": ("t042",), "styles": ("d079", "d081")}
    state = act(fight("d034", players={0: tape}), 0, Run())  # no escape; Bad Stuff: death
    while state.choice is not None and state.choice.kind in ("run", "run_order", "loot"):
        state = act(state, state.choice.seat, Choose(state.choice.default))
    assert 0 in state.died
    _over_the_style_limit(state)
