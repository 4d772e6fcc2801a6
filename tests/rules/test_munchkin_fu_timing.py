"""Munchkin Fu: when things take effect — the clause fixes of issue 26 (items 1-7), one test
each, named after the clause of docs/rules/munchkin_fu.md it rests on, through the engine."""

from __future__ import annotations

from dataclasses import replace

from rules.munchkin_fu import engine as E
from rules.munchkin_fu import fight as F
from rules.munchkin_fu.model import Choose, Discard, EndTurn, Kick, Play, Resolve, Run, Slay
from tests.rules.test_munchkin_fu import act, fight, game, pass_all


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
    assert F.totals(state) == (-1, 1) and state.players[0].owed == ()


def test_E4_the_samurai_kill_opens_the_window_like_any_win() -> None:
    players = {0: {"level": 10, "classes": ("d069",), "hand": ("t001", "t002", "t008")}}
    players[1] = {"hand": ("d045", "d029")}
    state = act(fight("d004", players=players, epic=True), 0, Slay(0))
    assert state.fight is not None and state.fight.monsters == () and state.fight.killed
    assert Run() not in E.legal_actions(state, 0)  # nothing left to run from
    won = pass_all(act(state, 0, Resolve()))
    assert won.fight is None and won.players[0].level == 11  # C13: after the window
    state = act(act(state, 0, Resolve()), 1, Play("d045", extra="d029"))  # "proprio nel..."
    assert [m.card for m in state.fight.monsters] == ["d029"] and state.fight.stage == "fight"


def test_E5_mooks_over_the_limit_go_when_the_epic_yakuza_does() -> None:
    mooks = (("d102", ()), ("d106", ()), ("d105", ()))
    players = {0: {"level": 10, "classes": ("d071",), "mooks": mooks}, 1: {"hand": ("d061",)}}
    state = game(players=players, epic=True)
    assert F.ch.strength(F.gear(state, 0)) == 16  # 10 + 2 + 3 + 1: the epic Yakuza's three
    state = act(state, 1, Play("d061", target=0))  # level 9: no longer epic (I12)
    assert state.choice.seat == 0 and state.choice.kind == "lose"
    assert state.choice.default == "d105"  # the weakest goes first by default
    while state.choice is not None:
        state = act(state, 0, Choose(state.choice.default))
    assert state.players[0].mooks == (("d106", ()),)  # the owner keeps one, the strongest
    state = act(game(players=players, epic=True), 0, Discard("d071"))
    state = act(state, 0, Choose("d102"))
    assert state.choice is not None and "d102" not in state.choice.options
    state = act(state, 0, Choose("d106"))
    assert state.players[0].mooks == (("d105", ()),)  # the owner's choice
