"""Munchkin Fu: setup, the turn, charity, levels and winning, the engine contract (window,
forced and skip moves, views, JSON) — one test per clause of docs/rules/munchkin_fu.md.

The helpers here build tables with chosen hands and decks (every other card stays in the
decks, so cards are conserved) and play them through ``engine.apply``, never around it.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from rules import GAMES
from rules.base import IllegalAction, Rng
from rules.munchkin_fu import engine as E
from rules.munchkin_fu.content import DECK
from rules.munchkin_fu.model import (
    Accept,
    Action,
    Carry,
    Choose,
    Claim,
    Decline,
    Discard,
    EndTurn,
    Kick,
    LootRoom,
    OfferTrade,
    Pass,
    Play,
    Player,
    Ready,
    Resolve,
    Run,
    Sell,
    State,
    Trouble,
    all_cards,
)

ENGINE = GAMES["munchkin_fu"]


def game(
    n: int = 3,
    players: dict[int, dict[str, Any]] | None = None,
    door: tuple[str, ...] = (),
    treasure: tuple[str, ...] = (),
    phase: str = "door",
    turn: int = 0,
    seed: int = 1,
    **options: Any,
) -> State:
    """A table of ``n`` at ``phase``: seat -> Player fields; ``door``/``treasure`` on top of
    the decks, the rest of the deck below in data order; every player ready."""
    seats = [Player(**{"ready": True, **(players or {}).get(s, {})}) for s in range(n)]
    used = set(door) | set(treasure)
    for p in seats:
        used |= set(p.hand) | set(p.items) | set(p.classes) | set(p.styles) | set(p.curses)
        used |= set(p.super_munchkin) | set(p.extra_styles) | {m for m, _ in p.mooks}
        used |= {e for _, es in p.mooks for e in es}
    return State(
        players=tuple(seats),
        door=door + tuple(c for c in DECK.door if c not in used),
        treasure=treasure + tuple(c for c in DECK.treasure if c not in used),
        door_discard=(),
        treasure_discard=(),
        rng=Rng(seed),
        phase=phase,
        turn=turn,
        charity=(0,) * n,
        **options,
    )


def act(state: State, seat: int, action: Action) -> State:
    """``action`` through the engine (checked legal there)."""
    new, events = E.apply(state, seat, action)
    json.dumps(events)
    return new


def acts(state: State, *moves: tuple[int, Action]) -> State:
    for seat, action in moves:
        state = act(state, seat, action)
    return state


def pass_all(state: State) -> State:
    """Every seat the window waits for passes."""
    while state.fight is not None and state.fight.stage == "window" and E.pending(state):
        state = act(state, E.pending(state)[0], Pass())
    return state


def fight(monster: str, n: int = 3, **kwargs: Any) -> State:
    """Seat 0 kicks the door onto ``monster``."""
    return act(game(n, door=(monster,), **kwargs), 0, Kick())


def held(state: State) -> Counter[str]:
    return Counter(all_cards(state))


FULL = Counter([*DECK.door, *DECK.treasure])

# --- setup ---------------------------------------------------------------------------------------


def test_S1_the_deck_has_at_least_168_cards() -> None:
    assert len(DECK.cards) >= 168 and held(E.setup(3, {}, 0)) == FULL


def test_S2_every_roll_is_a_seeded_d6() -> None:
    a = E.setup(4, {}, 7)
    assert a == E.setup(4, {}, 7) and a.turn == E.setup(4, {}, 7).turn


def test_S3_three_to_six_players() -> None:
    for n in (3, 6):
        assert E.setup(n, {}, 0).num_players == n
    for n in (2, 7):
        with pytest.raises(ValueError):
            E.setup(n, {}, 0)


def test_S5_two_decks_door_and_treasure_shuffled() -> None:
    state = E.setup(3, {}, 0)
    assert set(state.door) <= set(DECK.door) and set(state.treasure) <= set(DECK.treasure)
    assert state.door != E.setup(3, {}, 1).door


def test_S6_two_cards_from_each_deck_to_each_player() -> None:
    state = E.setup(5, {}, 3)
    for p in state.players:
        decks = Counter(DECK.cards[c].deck for c in p.hand)
        assert decks == {"door": 2, "treasure": 2}


def test_S8_an_empty_deck_reshuffles_its_discards() -> None:
    state = game(door=())
    state = replace(state, door=(), door_discard=tuple(DECK.door))
    state = act(state, 0, Kick())
    assert not state.door_discard and len(state.door) + 1 >= len(DECK.door) - 1


def test_S9_no_cards_left_no_draw() -> None:
    state = replace(game(), door=(), door_discard=())
    state = act(state, 0, Kick())
    assert state.phase == "trouble" and state.fight is None
    state = act(state, 0, LootRoom())
    assert state.players[0].hand == () and state.phase == "loot"


def test_S15_everyone_starts_level_one_without_class_or_style() -> None:
    state = E.setup(3, {}, 0)
    assert all(p.level == 1 and not p.classes and not p.styles for p in state.players)


def test_S16_starting_hand_may_play_one_class_and_one_style() -> None:
    hand = ("d063", "d064", "d079", "d081")
    state = game(players={0: {"hand": hand, "ready": False}}, phase="setup")
    state = act(state, 0, Play("d063"))
    assert Play("d064") not in E.legal_actions(state, 0)  # a second class needs SM
    state = act(state, 0, Play("d079"))
    assert Play("d081") not in E.legal_actions(state, 0)  # one style
    assert state.players[0].classes == ("d063",) and state.players[0].styles == ("d079",)


def test_S18_items_and_a_mook_at_setup() -> None:
    state = game(players={0: {"hand": ("t001", "d101"), "ready": False}}, phase="setup")
    state = acts(state, (0, Play("t001")), (0, Play("d101")))
    assert state.players[0].items == ("t001",) and state.players[0].mooks == (("d101", ()),)


def test_S19_the_first_turn_starts_when_everyone_is_ready() -> None:
    state = E.setup(3, {}, 0)
    assert state.phase == "setup" and E.pending(state) == [0, 1, 2]
    assert E.window(state) is None  # time control, not a window
    state = acts(state, (0, Ready()), (1, Ready()))
    assert state.phase == "setup" and E.pending(state) == [2]
    state = act(state, 2, Ready())
    assert state.phase == "door" and E.pending(state) == [state.turn]


# --- the turn ------------------------------------------------------------------------------------


def test_T1_first_player_drawn_from_the_seed() -> None:
    firsts = {E.setup(4, {}, seed).turn for seed in range(20)}
    assert firsts == {0, 1, 2, 3}


def test_T2_turns_pass_to_the_left() -> None:
    state = game(phase="loot", turn=1)
    state = act(state, 1, EndTurn())
    assert state.turn == 2 and state.phase == "door"


def test_T3_level_ten_wins_only_by_a_kill() -> None:
    state = game(players={0: {"level": 9, "hand": ("t067",)}})
    assert Play("t067") not in E.legal_actions(state, 0)  # W2: no 10 by a card
    state = fight("d001", players={0: {"level": 9}})
    state = pass_all(act(state, 0, Resolve()))
    assert state.phase == "over" and state.winners == (0,)
    assert ENGINE.outcome(state) == {"scores": [10, 1, 1], "winners": [0], "capped": False}


def test_T5_kicking_the_door_draws_a_door_card_face_up() -> None:
    _, events = E.apply(game(door=("d079",)), 0, Kick())
    assert events[0] == {"type": "door_kicked", "seat": 0, "card": "d079"}


def test_T6_a_monster_behind_the_door_must_be_fought() -> None:
    state = fight("d001")
    assert state.phase == "fight" and state.fight is not None
    assert state.fight.monsters[0].card == "d001" and E.pending(state) == [0]
    assert LootRoom() not in E.legal_actions(state, 0)


def test_T7_a_kill_gives_the_levels_on_the_card() -> None:
    state = fight("d029", players={0: {"level": 7, "items": ("t037", "t011", "t002")}})
    state = pass_all(act(state, 0, Resolve()))  # 7 + 5 + 2 + 2 = 16 > 15
    assert state.players[0].level == 9  # the card's 2 levels


def test_T8_a_trap_behind_the_door_applies_at_once() -> None:
    state = act(game(door=("d061",), players={0: {"level": 3}}), 0, Kick())
    assert state.players[0].level == 2 and state.phase == "trouble"
    assert "d061" in state.door_discard


def test_T9_any_other_door_card_goes_to_the_hand_or_is_played() -> None:
    state = act(game(door=("d079",)), 0, Kick())
    assert state.players[0].hand == ("d079",) and state.players[0].shown == ("d079",)
    assert Play("d079") in E.legal_actions(state, 0)


def test_T10_look_for_trouble_with_a_monster_from_the_hand() -> None:
    state = act(game(door=("d079",), players={0: {"hand": ("d001",)}}), 0, Kick())
    assert Trouble("d001") in E.legal_actions(state, 0)
    state = act(state, 0, Trouble("d001"))
    assert state.fight is not None and state.fight.monsters[0].card == "d001"


def test_T14_no_monster_loot_the_room_face_down() -> None:
    state = act(game(door=("d079", "d080")), 0, Kick())
    new, events = E.apply(state, 0, LootRoom())
    assert "d080" in new.players[0].hand and "d080" not in json.dumps(events)
    assert "d080" not in json.dumps(E.view(new, 1))


def test_T15_charity_gives_the_excess_to_the_lowest_level() -> None:
    hand = ("t001", "t002", "t008", "t009", "t021", "t022", "t023")
    state = game(players={0: {"level": 3, "hand": hand}, 1: {"level": 2}, 2: {"level": 4}})
    state = replace(state, phase="loot")
    state = act(state, 0, EndTurn())
    assert state.phase == "charity" and state.choice is not None
    assert all(o.endswith(":1") for o in state.choice.options)
    window = E.window(state)
    assert window is not None and set(window.defaults) == {0}
    state = act(state, 0, window.defaults[0])
    state = act(state, 0, Choose(state.choice.options[0]))
    assert len(state.players[0].hand) == 5 and len(state.players[1].hand) == 2
    assert state.turn == 1


def test_T16_charity_split_as_evenly_as_possible_giver_chooses() -> None:
    hand = ("t001", "t002", "t008", "t009", "t021", "t022", "t023", "t024")
    state = game(4, players={0: {"level": 3, "hand": hand}}, phase="loot")
    state = act(state, 0, EndTurn())  # 3 to give to seats 1, 2, 3 (level 1): 1 each
    for to in (1, 2):
        state = act(state, 0, Choose(next(o for o in state.choice.options if o.endswith(f":{to}"))))
        assert state.choice is not None
        assert not any(o.endswith(f":{to}") for o in state.choice.options)
    state = act(state, 0, Choose(state.choice.options[0]))
    assert [len(p.hand) for p in state.players] == [5, 1, 1, 1]


def test_T17_the_lowest_level_player_discards_the_excess() -> None:
    hand = ("t001", "t002", "t008", "t009", "t021", "t022")
    state = game(players={0: {"hand": hand}}, phase="loot")
    state = act(state, 0, EndTurn())
    assert state.choice is not None and all(o.startswith("discard:") for o in state.choice.options)
    state = act(state, 0, Choose(state.choice.default))
    assert len(state.players[0].hand) == 5 and state.choice is None
    assert state.treasure_discard == ("t001",)  # the default: the cheapest card


def test_T18_charity_ends_the_turn() -> None:
    state = act(game(phase="loot"), 0, EndTurn())
    assert state.turn == 1 and state.phase == "door"


# --- levels, selling, at-any-time plays -----------------------------------------------------------


def test_P3_level_between_one_and_ten() -> None:
    state = act(game(door=("d061",)), 0, Kick())
    assert state.players[0].level == 1


def test_P17_sell_a_thousand_per_level_no_change() -> None:
    state = game(players={0: {"hand": ("t047", "t046")}})
    state = act(state, 0, Sell("t047"))  # 1100: a level, 100 waits
    assert state.players[0].level == 2 and state.players[0].sold == 100
    state = act(state, 0, Sell("t046"))
    assert state.players[0].level == 3


def test_P12_an_item_of_no_value_cannot_be_sold() -> None:
    state = game(players={0: {"hand": ("t077",), "items": ("t046",)}})
    legal = E.legal_actions(state, 0)
    assert Play("t077") in legal and Sell("t077") not in legal and Sell("t046") in legal


def test_P18_sell_from_the_hand_and_from_play() -> None:
    state = game(players={0: {"hand": ("t046",), "items": ("t047",)}})
    assert {Sell("t046"), Sell("t047")} <= set(E.legal_actions(state, 0))
    assert Sell("t046") not in E.legal_actions(replace(state, turn=1), 0)


def test_W4_go_up_a_level_at_any_time() -> None:
    state = game(players={1: {"hand": ("t067",)}})
    assert 1 not in E.pending(state) and Play("t067") in E.legal_actions(state, 1)
    state = act(state, 1, Play("t067"))
    assert state.players[1].level == 2


def test_F1_fast_game_four_and_four() -> None:
    state = E.setup(3, {"fast": True}, 0)
    assert all(len(p.hand) == 8 for p in state.players)


def test_F2_claim_the_top_discard_with_a_go_up_a_level() -> None:
    state = game(players={2: {"hand": ("t067",)}}, fast=True)
    state = replace(state, door=state.door[1:], door_discard=("d079",))
    assert Claim("t067") in E.legal_actions(state, 2)
    state = act(state, 2, Claim("t067"))
    assert state.players[2].hand == ("d079",) and state.treasure_discard == ("t067",)


def test_F3_first_claim_wins_the_later_keeps_its_card() -> None:
    state = game(players={1: {"hand": ("t067",)}, 2: {"hand": ("t068",)}}, fast=True)
    state = replace(state, door_discard=("d079",))
    state = act(state, 1, Claim("t067"))
    with pytest.raises(IllegalAction):
        E.apply(state, 2, Claim("t068"))
    assert state.players[2].hand == ("t068",)


def test_Z2_an_illegal_move_is_refused_with_a_code() -> None:
    with pytest.raises(IllegalAction) as refused:
        E.apply(game(), 1, Kick())
    assert refused.value.code == "illegal_action"
    with pytest.raises(IllegalAction) as bad:
        E.load_action({"type": "kick", "door": 3})
    assert bad.value.code == "malformed_action"


# --- the contract ------------------------------------------------------------------------------


def test_json_round_trip_of_state_and_actions() -> None:
    state = fight("d004", players={1: {"hand": ("t053",)}})
    assert E.load(json.loads(json.dumps(E.dump(state)))) == state
    for action in E.legal_actions(state, 1) + E.legal_actions(state, 0):
        assert E.load_action(json.loads(json.dumps(E.dump_action(action)))) == action


def test_views_hold_no_other_hand_and_name_their_cards() -> None:
    state = game(players={0: {"hand": ("t053",)}, 1: {"hand": ("t054",)}})
    public, mine = E.view(state, None), E.view(state, 0)
    assert "t053" not in json.dumps(public) and "t054" not in json.dumps(mine)
    assert mine["hand"] == ["t053"] and "t053" in mine["cards"]
    assert public["players"][1]["hand"] == 1


def test_skip_and_forced_moves() -> None:
    state = act(game(door=("d079",)), 0, Kick())
    assert E.skip_action(state, 0) == LootRoom()
    assert E.skip_action(game(), 0) is None  # kicking the door has no pass
    assert E.forced_action(game(), 0) == Kick()  # empty hand, one move: public
    assert E.forced_action(game(players={0: {"hand": ("t053",)}}), 0) is None


@pytest.mark.parametrize("players", [5, 6])
def test_bot_games_end_for_five_and_six(players: int) -> None:
    """Bot against bot to the end (the playouts cover 3 and 4 seats): a winner, cards kept."""
    state = E.setup(players, {}, players)
    steps = 0
    while E.pending(state):
        seat = random.Random(steps).choice(E.pending(state))
        state = act(state, seat, ENGINE.bot_action(state, seat))
        steps += 1
        assert steps < 20_000
    assert held(state) == FULL and state.winners


def test_P11_one_style_monks_two_extra_styles_more() -> None:
    state = game(players={0: {"classes": ("d078",), "styles": ("d079", "d081")}})
    state = act(state, 0, Discard("d078"))  # no longer a Monk: one style too many
    assert state.choice is not None and state.choice.default == "d081"  # the latest
    state = act(state, 0, Choose("d079"))
    assert state.players[0].styles == ("d081",) and state.choice is None


def test_U2_super_munchkin_with_a_second_class_lost_with_either() -> None:
    state = game(players={0: {"classes": ("d063",), "hand": ("d097", "d067", "d064")}})
    legal = E.legal_actions(state, 0)
    assert Play("d097", extra="d067") in legal and Play("d097", extra="d064") not in legal
    state = act(state, 0, Play("d097", extra="d067"))
    assert state.players[0].classes == ("d063", "d067")
    state = act(state, 0, Discard("d063"))
    assert state.players[0].super_munchkin == () and "d097" in state.door_discard


def test_U3_extra_style_raises_the_style_count_by_one() -> None:
    state = game(players={1: {"hand": ("d099", "d081"), "styles": ("d079",)}})
    assert Play("d099") not in E.legal_actions(state, 1)  # I35: when received or in turn
    state = act(replace(state, turn=1), 1, Play("d099"))
    assert Play("d081") in E.legal_actions(state, 1)


def test_G4_one_enhancer_on_a_mook_stays_with_it() -> None:
    state = game(players={1: {"mooks": (("d101", ()),), "hand": ("d042", "d038", "d043")}})
    legal = E.legal_actions(state, 1)
    assert Play("d042", extra="d101") in legal and Play("d043", extra="d101") not in legal
    state = act(state, 1, Play("d042", extra="d101"))
    assert state.players[1].mooks == (("d101", ("d042",)),)
    assert Play("d038", extra="d101") not in E.legal_actions(state, 1)


def test_K2_a_trap_from_the_hand_on_anyone_at_any_time() -> None:
    state = game(players={2: {"hand": ("d061",)}, 1: {"level": 3}})
    assert 2 not in E.pending(state)
    assert {Play("d061", target=s) for s in range(3)} <= set(E.legal_actions(state, 2))
    assert act(state, 2, Play("d061", target=1)).players[1].level == 2


def test_K5_a_trap_on_something_you_lack_does_nothing() -> None:
    state = act(game(players={1: {"hand": ("d049",)}}), 1, Play("d049", target=0))
    assert state.choice is None and state.players[0] == game().players[0]


def test_IF1_a_trap_on_yourself_is_legal() -> None:
    assert Play("d061", target=1) in E.legal_actions(game(players={1: {"hand": ("d061",)}}), 1)


def test_Y1_trade_items_in_play_only() -> None:
    state = game(players={0: {"items": ("t001",), "hand": ("t002",)}, 1: {"items": ("t008",)}})
    legal = E.legal_actions(state, 0)
    assert OfferTrade(1, ("t001",), ("t008",)) in legal
    assert not any(isinstance(a, OfferTrade) and "t002" in a.give for a in legal)


def test_Y3_traded_items_go_on_the_table() -> None:
    state = game(players={0: {"items": ("t001",)}, 1: {"items": ("t008",)}})
    state = act(state, 0, OfferTrade(1, ("t001",), ("t008",)))
    window = E.window(state)
    assert E.pending(state) == [0, 1] and window is not None
    assert window.defaults == {1: Decline(1)}
    state = act(state, 1, Accept(1))
    assert state.players[0].items == ("t008",) and state.players[1].items == ("t001",)


def test_Y4_a_gift_is_a_trade_taking_nothing() -> None:
    state = game(players={2: {"items": ("t001",)}})
    state = acts(state, (2, OfferTrade(0, ("t001",), ())), (0, Accept(1)))
    assert state.players[0].items == ("t001",)


def test_E1_epic_one_extra_style_per_class() -> None:
    me = {"level": 10, "classes": ("d063",), "styles": ("d079",), "hand": ("d081",)}
    assert Play("d081") in E.legal_actions(game(players={0: me}, epic=True), 0)
    assert Play("d081") not in E.legal_actions(game(players={0: me}), 0)


def test_E_epic_race_goes_to_twenty() -> None:
    """E6: the publisher's separate Epic rules: the race to 20, powers from level 10."""
    state = E.setup(3, {"epic": "race"}, 0)
    assert state.win_level == 20 and E.view(state, None)["win_level"] == 20
    me = {"level": 9, "classes": ("d063",), "styles": ("d079",), "hand": ("d081",)}
    assert Play("d081") not in E.legal_actions(game(players={0: me}, epic=True, race=True), 0)


def test_E_epic_is_the_rulebook_page_from_level_one_to_ten() -> None:
    """E1: "Ogni Classe di Munchkin Fu che hai in gioco ti conferisce uno Stile extra": no
    level condition and no new goal on the rulebook's page."""
    state = E.setup(3, {"epic": "yes"}, 0)
    assert state.epic and not state.race and state.win_level == 10
    me = {"level": 1, "classes": ("d063",), "styles": ("d079",), "hand": ("d081",)}
    assert Play("d081") in E.legal_actions(game(players={0: me}, epic=True), 0)
    assert E.setup(3, {"epic": True}, 0).race  # a table stored before the split: the race


def test_E_epic_variants_name_the_rulebook_and_the_race() -> None:
    variants = ENGINE.variants
    assert variants["epic"].options == {"epic": "yes"}
    assert variants["epic_race"].options == {"epic": "race"}
    assert {"en", "it"} <= set(variants["epic_race"].names)
    spec = next(s for s in ENGINE.option_specs if s.name == "epic")
    assert spec.default == "no" and spec.parse("sì") == "yes" and spec.parse("race") == "race"


def test_P16_extra_items_carried_sideways_no_change_in_a_fight() -> None:
    state = game(players={0: {"items": ("t001", "t002")}})
    state = act(state, 0, Carry("t001"))
    assert E.view(state, None)["players"][0]["items"][0] == {
        "id": "t001",
        "active": False,
        "carried": True,
    }
    state = act(replace(state, door=("d004", *state.door)), 0, Kick())
    assert not any(isinstance(a, Carry) for a in E.legal_actions(state, 0))


def test_I38_a_card_received_out_of_turn_is_playable_at_once() -> None:
    state = game(door=("d063", "d079"), players={1: {"hand": ("t066", "t067")}})
    state = act(state, 1, Play("t066"))  # draws the two door cards, out of turn
    assert {Play("d063"), Play("d079")} <= set(E.legal_actions(state, 1))
    state = act(state, 1, Play("d063"))
    assert state.players[1].classes == ("d063",) and Play("d079") in E.legal_actions(state, 1)
    state = act(state, 1, Play("t067"))  # another move: "at once" is over
    assert Play("d079") not in E.legal_actions(state, 1)


def test_I12_falling_below_ten_loses_the_epic_styles() -> None:
    me = {"level": 10, "classes": ("d063",), "styles": ("d079", "d081")}
    state = game(players={0: me, 1: {"hand": ("d061",)}}, epic=True, race=True)
    state = act(state, 1, Play("d061", target=0))
    assert state.players[0].level == 9 and state.choice is not None
    assert state.choice.kind == "lose" and state.choice.default == "d081"


def test_I3_a_ready_seat_keeps_its_at_any_time_plays() -> None:
    state = E.setup(3, {}, 0)
    state = replace(
        state, players=(replace(state.players[0], hand=("d061", "t001")), *state.players[1:])
    )
    state = act(state, 0, Ready())
    legal = E.legal_actions(state, 0)
    assert Play("d061", target=1) in legal and Play("t001") not in legal


def test_K4_a_trap_takes_the_footgear() -> None:
    state = game(players={0: {"items": ("t015", "t001")}, 1: {"hand": ("d108",)}})
    state = act(state, 1, Play("d108", target=0))
    assert state.players[0].items == ("t001",) and "t015" in state.treasure_discard


def test_R4_a_heavy_style_makes_running_harder() -> None:
    state = act(game(door=("d010",), players={0: {"styles": ("d081",)}}), 0, Kick())
    _, events = E.apply(act(state, 0, Run()), 0, Choose("roll"))
    assert next(e for e in events if "roll" in e)["modifier"] == -1 - 2


def test_P19_stealing_takes_an_item_in_play_never_in_a_fight() -> None:
    """P19: "NON puoi vendere, scambiare, o rubare oggetti DURANTE un combattimento"."""
    state = game(door=("d004",), players={0: {"items": ("t001",)}, 1: {"hand": ("t080",)}})
    legal = E.legal_actions(state, 1)
    assert Play("t080", target=0, extra="t001") in legal and Play("t080") not in legal
    fighting = act(state, 0, Kick())
    assert not any(isinstance(a, Play) and a.card == "t080" for a in E.legal_actions(fighting, 1))
    mine = E.legal_actions(replace(state, turn=1), 1)
    assert Play("t080") not in mine  # not put on the table: it is used, or kept


def test_I44_a_friendly_monster_behind_the_door_is_met_not_fought() -> None:
    """T14: "(o ne hai incontrato uno che era amichevole), cerca nella stanza"."""
    state, events = E.apply(game(door=("d112", "d001")), 0, Kick())
    assert state.fight is None and state.phase == "loot" and state.players[0].hand == ("d001",)
    assert "d112" in state.door_discard
    assert [e["type"] for e in events] == ["door_kicked", "friendly_met", "looted_room"]


def test_I44_a_friendly_monster_from_the_hand_is_met_and_joins_no_fight() -> None:
    state = game(door=("d002", "d001"), players={0: {"hand": ("d113",)}}, phase="trouble")
    assert Trouble("d113") in E.legal_actions(state, 0)
    met = act(state, 0, Trouble("d113"))
    assert met.fight is None and met.phase == "loot" and met.players[0].hand == ("d002",)
    brawl = act(game(door=("d004",), players={1: {"hand": ("d045", "d113")}}), 0, Kick())
    assert Play("d045", extra="d113") not in E.legal_actions(brawl, 1)


def test_I41_the_game_always_ends() -> None:
    """After 40 rounds (80 in the epic race) the game ends at the cap."""
    state = game(players={1: {"level": 4}}, phase="loot", turn=2)
    state = act(replace(state, round=40), 2, EndTurn())
    assert state.phase == "over" and state.winners == (1,)
    race = game(phase="loot", turn=2, epic=True, race=True)
    assert act(replace(race, round=40), 2, EndTurn()).phase == "door"


def test_I41_the_cap_ranks_by_level_then_strength_and_says_so() -> None:
    """Equal levels are ranked by combat strength outside a fight (level and every bonus in
    play); the cap is an event, and the outcome says the cap ended the game."""
    players = {0: {"level": 4, "items": ("t001",)}, 1: {"level": 4}, 2: {"level": 2}}
    state = replace(game(players=players, phase="loot", turn=2), round=40)
    state, events = E.apply(state, 2, EndTurn())
    assert state.winners == (0,)
    assert events[-1] == {"type": "capped", "round": 40, "ranking": [0, 1, 2], "winners": [0]}
    outcome = E.outcome(state)
    assert outcome is not None and outcome["capped"] and outcome["ranking"] == [0, 1, 2]
    assert outcome["winners"] == [0] and E.view(state, None)["capped"] is True


def test_I41_the_cap_makes_no_winner_of_players_who_never_levelled() -> None:
    state = replace(game(phase="loot", turn=2), round=40)
    state, events = E.apply(state, 2, EndTurn())
    assert state.phase == "over" and state.winners == ()
    assert events[-1]["type"] == "capped" and events[-1]["winners"] == []
    outcome = E.outcome(state)
    assert outcome is not None and outcome["winners"] == [] and outcome["capped"]
    tied = {0: {"level": 3}, 1: {"level": 3}}
    state = act(replace(game(players=tied, phase="loot", turn=2), round=40), 2, EndTurn())
    assert state.winners == (0, 1)  # a tie in level and strength is shared


def test_I41_a_real_win_is_not_capped() -> None:
    state = game(players={0: {"level": 9}}, door=("d001",))
    state = pass_all(act(act(state, 0, Kick()), 0, Resolve()))
    outcome = E.outcome(state)
    assert outcome is not None and outcome["winners"] == [0] and not outcome["capped"]
