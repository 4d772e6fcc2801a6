"""Notte di Terrore's rules engine: one test per rule in ``docs/rules/notte_di_terrore.md``,
then random playouts with the generic contract checks of ``tests/rules/test_playouts.py``."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from rules.base import Engine, IllegalAction, Rng
from rules.notte_di_terrore import ENGINE
from rules.notte_di_terrore import engine as e
from rules.notte_di_terrore.bot import bot_action
from rules.notte_di_terrore.engine import (
    ArrangeWeapons,
    Attack,
    ChooseSplit,
    Discard,
    EndResolution,
    Flee,
    Monster,
    Pass,
    PileCard,
    PlaceBeing,
    PlaceEvent,
    Refill,
    State,
    Summon,
    SwapWeapon,
)
from tests.rules.test_playouts import _nt_secrets

# --- helpers -------------------------------------------------------------------------------------


def started(players: int = 3, seed: int = 0, options: dict | None = None) -> State:
    """Setup, every seat chooses 50/50, first turn begins."""
    state = e.setup(players, options or {}, seed)
    for seat in range(players):
        state, _ = e.apply(state, seat, ChooseSplit(e.hand_size(players) // 2))
    return state


def with_player(state: State, seat: int, **changes: Any) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def at_apparition(
    place: str = "cemetery:1",
    hands: dict[int, tuple[str, ...]] | None = None,
    monsters: tuple[Monster, ...] = (),
    infested: bool = False,
    options: dict | None = None,
) -> State:
    """Seat 0 active on ``place`` in Apparition, seat 1 to act; hands as given (else empty)."""
    state = replace(started(3, 0, options), current=0, to_act=1, passed=(), phase="apparition")
    for seat in range(3):
        state = with_player(state, seat, hand=(hands or {}).get(seat, ()), revealed=None)
    return with_player(state, 0, revealed=place, monsters=monsters, infested=infested)


def at_resolution(
    monsters: tuple[Monster, ...],
    table: tuple[str, ...] = ("shotgun:1", "silver_bullet:1"),
    weapon_hand: str | None = None,
    pile: tuple[PileCard, ...] = (),
    hand: tuple[str, ...] = (),
    face_down: tuple[str, ...] | None = None,
    options: dict | None = None,
) -> State:
    state = at_apparition(monsters=monsters, infested=True, options=options)
    state = replace(state, phase="resolution", to_act=None, passed=(0, 1, 2))
    state = with_player(state, 0, table=table, weapon_hand=weapon_hand, pile=pile, hand=hand)
    if face_down is not None:
        state = with_player(state, 0, face_down=face_down)
    return state


def act(state: State, seat: int, *actions: Any) -> State:
    for action in actions:
        state, _ = e.apply(state, seat, action)
    return state


def all_passed(state: State) -> State:
    while state.phase == "apparition":
        state = act(state, state.to_act, Pass())
    return state


def raises(code: str, state: State, seat: int, action: Any) -> None:
    with pytest.raises(IllegalAction) as info:
        e.apply(state, seat, action)
    assert info.value.code == code


# --- game and setup ------------------------------------------------------------------------------


def test_setup_accepts_three_to_five_players_only() -> None:
    for n in (3, 4, 5):
        assert e.setup(n, {}, 1).num_players == n
    for n in (2, 6):
        with pytest.raises(ValueError):
            e.setup(n, {}, 1)


def test_places_option_three_to_six() -> None:
    for count in range(3, 7):
        state = e.setup(3, {"places": count}, 2)
        assert all(len(p.face_down) == count for p in state.players)
    for bad in (2, 7, "4"):
        with pytest.raises(ValueError):
            e.setup(3, {"places": bad}, 2)


def test_places_dealt_face_down_and_hidden_from_all() -> None:
    state = started(4, 3)
    for seat in range(4):
        hidden = state.players[seat].face_down
        if state.players[seat].revealed:
            assert state.players[seat].revealed not in hidden
        for viewer in (None, 0, 1, 2, 3):
            text = json.dumps(e.view(state, viewer))
            assert not any(json.dumps(p) in text for p in hidden)


def test_one_face_up_weapon_each_at_setup() -> None:
    state = e.setup(5, {}, 4)
    for seat, player in enumerate(state.players):
        assert len(player.table) == 1 and player.weapon_hand is None
        assert e.view(state, None)["players"][seat]["table"] == list(player.table)


def test_hand_of_two_plus_two_per_player_split_as_chosen() -> None:
    assert [e.hand_size(n) for n in (3, 4, 5)] == [8, 10, 12]
    state = e.setup(3, {}, 5)
    for seat, k in enumerate((0, 3, 8)):
        state = act(state, seat, ChooseSplit(k))
    for k, player in zip((0, 3, 8), state.players, strict=True):
        assert len(player.hand) == 8
        assert sum(e.is_event(c) for c in player.hand) == k


def test_each_player_chooses_the_hand_split_privately() -> None:
    state = e.setup(3, {}, 6)
    assert e.pending(state) == [0, 1, 2]
    assert e.legal_actions(state, 1) == [ChooseSplit(k) for k in range(9)]
    state, events = e.apply(state, 1, ChooseSplit(7))
    assert e.pending(state) == [0, 2]
    assert "7" not in json.dumps(events) and "events" not in json.dumps(events)
    assert e.view(state, 0)["players"][1]["split_chosen"] is True
    raises("not_your_turn", state, 1, ChooseSplit(2))
    raises("bad_split", state, 0, ChooseSplit(9))


def test_the_split_is_drawn_from_two_decks_in_sight_of_all() -> None:
    # S4/D4: each draws "tra Eventi ed Esseri Mostruosi, suddivise come desidera" from two
    # face-down decks on the table: once every seat has chosen, who drew what is public.
    state = e.setup(3, {}, 6)
    for seat, k in enumerate((2, 8, 5)):
        state, events = e.apply(state, seat, ChooseSplit(k))
    dealt = next(ev for ev in events if ev["type"] == "hands_dealt")
    assert dealt["splits"] == [[2, 6], [8, 0], [5, 3]]
    public = e.view(state, None)["players"]
    assert [(p["hand_events"], p["hand_beings"]) for p in public] == [(2, 6), (8, 0), (5, 3)]


def test_first_player_drawn_by_lot_then_clockwise() -> None:
    firsts = {e.setup(4, {}, seed).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert firsts == {e.setup(4, {"first_player": "lot"}, seed).first for seed in range(40)}
    state = started(4, 7)
    assert state.current == state.first and state.to_act == (state.first + 1) % 4


def test_first_player_or_decided_by_the_players() -> None:
    # S5: "i giocatori estraggono a sorte o decidono chi inizierà": option first_player.
    assert e.DEFAULT_OPTIONS["first_player"] == "lot"
    for seed in range(5):
        state = started(4, seed, {"first_player": "3"})
        assert state.first == state.current == 2 and state.to_act == 3
        assert e.view(state, None)["options"]["first_player"] == "3"
        assert e.load(json.loads(json.dumps(e.dump(state)))) == state
    for bad in ("0", "6", 2, None, "random", "seat 2"):
        with pytest.raises(ValueError):
            e.setup(4, {"first_player": bad}, 1)
    with pytest.raises(ValueError, match="seat 5"):
        e.setup(4, {"first_player": "5"}, 1)  # a valid choice, but not at a table of four


# --- the turn ------------------------------------------------------------------------------------


def test_turn_reveals_a_place_unless_one_is_revealed() -> None:
    state = e.setup(3, {}, 8)
    face_down = state.players[state.first].face_down
    state = started(3, 8)
    player = state.players[state.first]
    assert player.revealed == face_down[0] and player.face_down == face_down[1:]
    kept = e._start_turn(with_player(state, 0, revealed="museum:1"), 0, [])
    assert kept.players[0].revealed == "museum:1"


def test_turn_phases_in_order() -> None:
    state = at_apparition(hands={1: ("zombie:1",)})
    state = act(state, 1, PlaceBeing("zombie:1"))
    state = all_passed(state)
    assert state.phase == "resolution"
    state = act(state, 0, EndResolution())
    assert state.phase == "discard"
    state = act(state, 0, Refill(0))
    assert state.phase in ("arrange", "apparition")


def test_t2_an_action_of_another_phase_is_refused_as_wrong_phase() -> None:
    # T2: "7. Apparizione 8. Risoluzione o Fuga 9. Scarto e Acquisizione" -- each step has its
    # own moves, refused (changing nothing) in another step even from the seat that must act.
    apparition = at_apparition(hands={1: ("zombie:1", "killing:1")})
    resolution = at_resolution((Monster("zombie:1"),), ("shotgun:1",), "axe:1", hand=("fog:1",))
    discard = at_discard(("zombie:1",))
    arrange = e.apply(at_discard(("zombie:1",), weapon_hand=None), 0, Refill(0))[0]
    split = e.setup(3, {}, 0)
    wrong = {
        split: [PlaceBeing("zombie:1"), Pass(), Refill(0)],
        apparition: [Attack("zombie:1", ("shotgun:1",)), EndResolution(), ChooseSplit(4)],
        resolution: [Pass(), PlaceEvent("fog:1", "zombie:1"), Discard("axe:1"), Refill(0)],
        discard: [SwapWeapon("axe:1"), Flee(), ArrangeWeapons(("axe:1", "torch:1"))],
        arrange: [Refill(0), EndResolution(), Discard("axe:1")],
    }
    for state, actions in wrong.items():
        seat = e.pending(state)[0]
        for action in actions:
            with pytest.raises(IllegalAction) as info:
                e.apply(state, seat, action)
            assert (info.value.code, info.value.details["phase"]) == ("wrong_phase", state.phase)


def test_turn_passes_to_the_left() -> None:
    state = at_apparition()
    state = act(with_player(state, 0, table=("axe:1", "torch:1")), 1, Pass())
    state = all_passed(state)
    assert state.phase == "discard"
    state = act(state, 0, Refill(0))
    if state.phase == "arrange":
        state = act(state, 0, e.legal_actions(state, 0)[0])
    assert state.current == 1 and state.phase == "apparition" and state.to_act == 2


def test_home_wins_at_once_without_discard_and_acquisition() -> None:
    # T3: "se il giocatore di turno ha superato tutti i Luoghi ed è tornato a casa ha vinto":
    # nothing in step 9 can change a score, so the night ends when the player gets home.
    state = at_apparition()
    state = with_player(state, 0, face_down=(), hand=("zombie:1",))
    state = all_passed(replace(state, passed=(1, 2), to_act=0))
    assert state.players[0].home and state.over and e.pending(state) == []
    assert e.outcome(state)["home"] == 0 and state.players[0].hand == ("zombie:1",)
    killed = at_resolution((Monster("zombie:1"),), ("shotgun:1",), face_down=())
    killed, events = e.apply(killed, 0, Attack("zombie:1", ("shotgun:1",)))
    killed, events = e.apply(killed, 0, EndResolution())
    assert killed.over and [ev["type"] for ev in events][-2:] == ["home", "game_over"]


# --- apparition ----------------------------------------------------------------------------------


def test_apparition_order_from_left_of_active_to_active() -> None:
    state = at_apparition(hands=dict.fromkeys(range(3), ("killing:1", "zombie:1")))
    order = []
    for _ in range(3):
        order.append(state.to_act)
        assert e.pending(state) == [state.to_act]
        state = act(state, state.to_act, Pass())
    assert order == [1, 2, 0]
    state = at_apparition(hands={0: ("zombie:1",), 1: ("zombie:2",), 2: ("zombie:3",)})
    state = act(state, 1, PlaceBeing("zombie:2"))
    raises("not_your_turn", state, 1, Pass())
    state = act(state, 2, PlaceBeing("zombie:3"))
    state = act(state, 0, PlaceBeing("zombie:1"))  # the active player, last, on their own Place
    assert state.to_act == 1


def test_event_needs_a_being_on_the_place() -> None:
    state = at_apparition(hands={1: ("killing:1", "zombie:1")})
    assert not any(isinstance(a, PlaceEvent) for a in e.legal_actions(state, 1))
    raises("event_needs_a_being", state, 1, PlaceEvent("killing:1", "zombie:1"))
    state = at_apparition(hands={1: ("killing:1",)}, monsters=(Monster("zombie:4"),))
    assert PlaceEvent("killing:1", "zombie:4") in e.legal_actions(state, 1)


def test_pass_is_final_for_the_turn() -> None:
    state = at_apparition(hands={1: ("zombie:1", "zombie:2"), 2: ("zombie:3",)})
    state = act(
        state,
        1,
        Pass(),
    )
    state = act(state, 2, PlaceBeing("zombie:3"))
    assert state.to_act == 0
    state = act(state, 0, Pass())
    assert state.to_act == 2  # seat 1 passed: skipped
    state = at_apparition(hands={1: ()})
    assert e.legal_actions(state, 1) == [Pass()]


def test_apparition_repeats_until_everyone_passed() -> None:
    hands = {1: ("zombie:1", "killing:1"), 2: ("fog:1",), 0: ()}
    state = at_apparition(hands=hands)
    state = act(state, 1, PlaceBeing("zombie:1"))
    state = act(state, 2, PlaceEvent("fog:1", "zombie:1"))
    state = act(state, 0, Pass())
    state = act(state, 1, PlaceEvent("killing:1", "zombie:1"))
    assert state.phase == "apparition" and state.to_act == 2
    state = act(state, 2, Pass())
    assert state.to_act == 1
    state = act(state, 1, Pass())
    assert state.phase == "resolution" and state.players[0].infested


def test_a_being_takes_any_number_of_events() -> None:
    events = tuple(f"killing:{i}" for i in range(1, 9))
    state = at_apparition(hands={1: events}, monsters=(Monster("werewolf:1"),))
    for card in events:
        state = act(state, 1, PlaceEvent(card, "werewolf:1"))
        state = act(state, 2, Pass()) if state.to_act == 2 else state
        state = act(state, 0, Pass()) if state.to_act == 0 else state
    assert state.players[0].monsters[0].events == events


# --- resolution ----------------------------------------------------------------------------------


def test_swap_one_table_weapon_with_the_hand_weapon_before_attacking() -> None:
    state = at_resolution((Monster("werewolf:1"),), ("axe:1", "torch:1"), "silver_bullet:1")
    assert SwapWeapon("axe:1") in e.legal_actions(state, 0)
    state = act(state, 0, SwapWeapon("axe:1"))
    player = state.players[0]
    assert player.table == ("silver_bullet:1", "torch:1") and player.weapon_hand == "axe:1"
    raises("illegal_swap", state, 0, SwapWeapon("torch:1"))
    fresh = at_resolution(
        (Monster("zombie:1"), Monster("werewolf:1")), ("axe:1", "torch:1"), "silver_bullet:1"
    )
    fresh = act(fresh, 0, Attack("zombie:1", ("axe:1",)))
    raises("illegal_swap", fresh, 0, SwapWeapon("torch:1"))


def test_r1_the_hand_weapon_fights_only_once_swapped_onto_the_table() -> None:
    # R1: "il giocatore può sostituire una delle due carte Arma in gioco con la carta che ha in
    # mano" -- the fight uses "le due carte Arma in gioco"; the Weapon in hand is not one of them.
    state = at_resolution((Monster("vampire:1"),), ("axe:1", "torch:1"), "wooden_stake:1")
    assert not any(isinstance(a, Attack) for a in e.legal_actions(state, 0))
    raises("weapon_not_on_table", state, 0, Attack("vampire:1", ("wooden_stake:1",)))
    raises("weapon_not_on_table", state, 0, Attack("vampire:1", ("crucifix:1",)))  # not held
    swapped = act(state, 0, SwapWeapon("axe:1"))
    assert Attack("vampire:1", ("wooden_stake:1",)) in e.legal_actions(swapped, 0)
    raises("weapon_not_on_table", swapped, 0, Attack("vampire:1", ("axe:1",)))  # now in hand


def test_each_weapon_once_per_turn_turned_when_used() -> None:
    state = at_resolution((Monster("zombie:1"), Monster("zombie:2")), ("shotgun:1", "garlic:1"))
    state = act(state, 0, Attack("zombie:1", ("shotgun:1",)))
    assert state.turned == ("shotgun:1",)
    raises("weapon_already_used", state, 0, Attack("zombie:2", ("shotgun:1",)))
    state = act(state, 0, EndResolution(), Refill(0))
    while state.phase == "arrange":
        state = act(state, 0, e.legal_actions(state, 0)[0])
    assert state.turned == ()


def test_weapon_kills_only_listed_types() -> None:
    state = at_resolution((Monster("zombie:1"), Monster("vampire:1")), ("shotgun:1", "axe:1"))
    attacks = [a for a in e.legal_actions(state, 0) if isinstance(a, Attack)]
    assert {a.target for a in attacks} == {"zombie:1"}
    raises("weapon_cannot_defeat", state, 0, Attack("vampire:1", ("shotgun:1",)))
    assert e.can_defeat(("wooden_stake:1",), "vampire:2")
    assert not e.can_defeat(("wooden_stake:1",), "werewolf:2")


def test_undefeated_being_sends_its_events_to_the_pile() -> None:
    monster = Monster("werewolf:1", ("killing:1", "full_moon:1", "curse:1"))
    state = act(at_resolution((monster,), ("axe:1", "torch:1")), 0, EndResolution())
    player = state.players[0]
    assert player.monsters == (Monster("werewolf:1"),)
    assert player.pile == (
        PileCard("killing:1", 1),
        PileCard("full_moon:1", 2),
        PileCard("curse:1", 1, True),
    )
    assert player.revealed == "cemetery:1"


def test_kill_removes_value_less_events_never_negative() -> None:
    pile = tuple(PileCard(f"fog:{i}", 1) for i in range(1, 6))
    state = at_resolution(
        (Monster("pack_leader:1", ("killing:1",)),), ("silver_bullet:1",), None, pile
    )
    state = act(state, 0, Attack("pack_leader:1", ("silver_bullet:1",)))
    assert e.terror_score(state.players[0].pile) == 5 - 3
    heavy = Monster("zombie:1", ("killing:1", "fog:9"))
    state = at_resolution((heavy,), ("shotgun:1",), None, pile)
    state = act(state, 0, Attack("zombie:1", ("shotgun:1",)))
    assert e.terror_score(state.players[0].pile) == 5
    assert {"killing:1", "fog:9", "zombie:1"} <= set(state.discards[0] + state.discards[2])


def test_end_resolution_moves_to_discard() -> None:
    state = at_resolution((Monster("vampire:1"),), ("axe:1",))
    assert e.legal_actions(state, 0)[-1] == EndResolution()
    assert act(state, 0, EndResolution()).phase == "discard"


# --- flight --------------------------------------------------------------------------------------


def test_flight_puts_beings_in_the_pile_at_twice_their_value() -> None:
    monsters = (Monster("vampire:1", ("bats:1", "fog:1")), Monster("zombie:1"))
    state = at_resolution(monsters, ("axe:1",))
    state = act(state, 0, Flee())
    player = state.players[0]
    assert player.revealed is None and player.path[-1] == "cemetery:1" and not player.monsters
    assert PileCard("vampire:1", 6, True) in player.pile
    assert PileCard("zombie:1", 2, True) in player.pile
    assert e.terror_score(player.pile) == 6 + 2 + 2 + 1
    assert state.phase == "discard"
    state = at_resolution(monsters, ("axe:1",))
    state = act(state, 0, Attack("zombie:1", ("axe:1",)))
    raises("no_flight_after_attacking", state, 0, Flee())


def test_F1_N3_fleeing_a_summoned_being_costs_twice_its_value_and_discards_the_necronomicon() -> (
    None
):
    """F1 «due volte il valore dell'Essere» holds for a summoned Being too (N3 sends it to the
    pile «con i suoi Eventi»), and its Necronomicon «viene scartato»."""
    monsters = (Monster("vampire:1", ("bats:1",), "necronomicon:1"),)
    state = act(at_resolution(monsters, ("axe:1",)), 0, Flee())
    assert state.players[0].pile == (
        PileCard("bats:1", 2, False),
        PileCard("vampire:1", 6, True),
    )
    assert "necronomicon:1" in state.discards[2] and not state.players[0].monsters


def test_no_flight_from_the_last_place() -> None:
    state = at_resolution((Monster("vampire:1"),), ("axe:1",), face_down=())
    assert Flee() not in e.legal_actions(state, 0)
    raises("no_flight_from_last_place", state, 0, Flee())


# --- discard and acquisition ---------------------------------------------------------------------


def at_discard(hand: tuple[str, ...], table=("axe:1", "torch:1"), weapon_hand="garlic:1"):
    state = at_resolution((Monster("vampire:1"),), table, weapon_hand, hand=hand)
    return act(state, 0, EndResolution())


def test_only_weapons_and_beings_may_be_discarded() -> None:
    state = at_discard(("killing:1", "necronomicon:1", "zombie:1", "werewolf:1"))
    raises("not_discardable", state, 0, Discard("killing:1"))
    raises("not_discardable", state, 0, Discard("necronomicon:1"))
    raises("not_your_turn", state, 1, Discard("axe:1"))


def test_being_discardable_only_if_a_revealed_place_forbids_it() -> None:
    state = at_discard(("zombie:1", "werewolf:1", "witch:1"))
    assert not any(e.is_being(a.card) for a in e.legal_actions(state, 0) if isinstance(a, Discard))
    state = with_player(state, 2, revealed="museum:1")  # forbids werewolf and witch
    beings = {a.card for a in e.legal_actions(state, 0) if isinstance(a, Discard)} - {
        "axe:1",
        "torch:1",
        "garlic:1",
    }
    assert beings == {"werewolf:1", "witch:1"}
    state = act(state, 0, Discard("witch:1"))
    assert "witch:1" not in state.players[0].hand and "witch:1" in state.discards[0]


def test_I11_a_place_passed_face_up_makes_no_being_discardable() -> None:
    """D1/D2, I11: «Luoghi scoperti» are the Places in play («scoperta di fronte a se», step 6);
    a Place passed lies face up in the path but takes no Being, so it makes none useless."""
    hand = ("werewolf:1", "witch:1", "zombie:5", "killing:1")
    state = at_resolution((Monster("zombie:1"),), ("shotgun:1",), None, hand=hand)
    state = with_player(state, 0, revealed="museum:1", face_down=("old_mill:1",))
    state = act(state, 0, Attack("zombie:1", ("shotgun:1",)), EndResolution())
    assert "museum:1" in state.players[0].path and state.players[0].revealed != "museum:1"
    assert [a.card for a in e.legal_actions(state, 0) if isinstance(a, Discard)] == ["shotgun:1"]


def test_all_weapons_may_be_discarded() -> None:
    state = at_discard(())
    state = act(state, 0, Discard("axe:1"), Discard("torch:1"), Discard("garlic:1"))
    player = state.players[0]
    assert player.table == () and player.weapon_hand is None


def test_refill_to_hand_size_with_the_chosen_split() -> None:
    state = at_discard(("zombie:1", "killing:1"))
    assert [a for a in e.legal_actions(state, 0) if isinstance(a, Refill)] == [
        Refill(k) for k in range(7)
    ]
    state, events = e.apply(state, 0, Refill(4))
    hand = state.players[0].hand
    assert len(hand) == 8 and sum(e.is_event(c) for c in hand) == 1 + 4
    refilled = next(ev for ev in events if ev["type"] == "refilled")
    assert (refilled["count"], refilled["events"], refilled["beings"]) == (6, 4, 2)
    mine = e.view(state, None)["players"][0]
    assert (mine["hand_events"], mine["hand_beings"]) == (5, 3)


def _run_out(state: State, deck: str, left: tuple[str, ...], discard: tuple[str, ...]) -> State:
    """``deck`` holds only ``left``; its discard pile holds ``discard``."""
    i = e.DECK_NAMES.index(deck)
    decks, discards = list(state.decks), list(state.discards)
    decks[i], discards[i] = left, discard
    return replace(state, decks=tuple(decks), discards=tuple(discards))


def test_d4_i10_a_deck_that_runs_out_is_made_up_by_shuffling_its_discards() -> None:
    # D4 "pesca le carte ... fino a raggiungere il numero previsto nella mano" and D5 "Dopo aver
    # pescato le Armi": a deck run out is refilled from its discard pile, shuffled (I10).
    old = ("killing:1", "killing:2", "bats:1", "scream:1")
    empty = _run_out(at_discard(("zombie:1",), weapon_hand=None), "events", ("fog:1",), old)
    empty = _run_out(empty, "weapons", (), ("garlic:2", "mirror:1"))
    state, events = e.apply(empty, 0, Refill(3))
    drawn = {c for c in state.players[0].hand if e.is_event(c)}
    assert len(drawn) == 3 and "fog:1" in drawn and drawn - {"fog:1"} <= set(old)
    assert state.discards[2] == () and set(state.decks[2]) | drawn == {"fog:1", *old}
    weapons = next(ev for ev in events if ev["type"] == "weapons_drawn")["cards"]
    assert len(weapons) == 1 and weapons[0] in {"garlic:2", "mirror:1"}
    assert state.discards[1] == () and len(state.decks[1]) == 1
    orders = {e.apply(replace(empty, rng=Rng(seed)), 0, Refill(3))[0].decks[2] for seed in range(8)}
    assert len(orders) > 1  # the order comes from the state's seeded shuffle


def test_weapons_drawn_are_shown_and_two_of_three_go_on_the_table() -> None:
    own = started(3, 0).players[0].table  # the real setup Weapon, not in the Weapon deck
    state = at_discard(("zombie:1",), table=own, weapon_hand=None)
    state, events = e.apply(state, 0, Refill(3))
    drawn = next(ev for ev in events if ev["type"] == "weapons_drawn")["cards"]
    assert len(drawn) == 2
    assert state.phase == "arrange"
    legal = e.legal_actions(state, 0)
    assert len(legal) == 3 and all(isinstance(a, ArrangeWeapons) for a in legal)
    choice = ArrangeWeapons((drawn[0], drawn[1]))
    state = act(state, 0, choice)
    assert state.players[0].table == tuple(drawn) and state.players[0].weapon_hand == own[0]
    assert e.view(state, None)["players"][0]["weapon_hand"] == own[0]


def test_two_table_weapons_and_one_in_hand_after_the_first_turn() -> None:
    state, chooser = started(3, 11), random.Random(11)
    checked = 0
    while not state.over and checked < 30:
        seat = e.pending(state)[0]
        action = (
            bot_action(state, seat)
            if chooser.random() < 0.5
            else chooser.choice(e.legal_actions(state, seat))
        )
        state = act(state, seat, action)
        if isinstance(action, ArrangeWeapons):
            player = state.players[seat]
            assert len(player.table) == 2 and player.weapon_hand is not None
            checked += 1
    assert checked


# --- general rules -------------------------------------------------------------------------------


def test_at_most_three_beings_per_place_necronomicon_aside() -> None:
    hands = {1: ("zombie:1", "skeleton:1", "ghost:1", "witch:1", "necronomicon:1", "mummy:1")}
    state = at_apparition(hands=hands)
    for card in ("zombie:1", "skeleton:1"):
        state = act(
            state,
            1,
            PlaceBeing(card),
        )
        state = act(state, 2, Pass()) if state.to_act == 2 else state
        state = act(state, 0, Pass()) if state.to_act == 0 else state
    state = act(state, 1, Summon("necronomicon:1", "mummy:1"))
    state = act(state, 1, PlaceBeing("ghost:1"))
    assert len(state.players[0].monsters) == 4
    raises("place_full", state, 1, PlaceBeing("witch:1"))


def test_place_forbidden_beings_and_per_type_maximum() -> None:
    hands = {1: ("werewolf:1", "zombie:1", "zombie:3"), 2: ("zombie:2",)}
    state = at_apparition("museum:1", hands)  # forbids werewolf, witch; 2 per type
    raises("being_forbidden_here", state, 1, PlaceBeing("werewolf:1"))
    state = act(state, 1, PlaceBeing("zombie:1"))
    state = act(state, 2, PlaceBeing("zombie:2"))
    state = act(state, 0, Pass())
    raises("too_many_of_type", state, 1, PlaceBeing("zombie:3"))
    crossroads = at_apparition("crossroads:1", {1: ("zombie:1",), 2: ("rotting_farmer:1",)})
    crossroads = act(crossroads, 1, PlaceBeing("zombie:1"))  # 1 per type, by type not design
    raises("too_many_of_type", crossroads, 2, PlaceBeing("rotting_farmer:1"))


def test_no_new_beings_after_the_first_apparition() -> None:
    hands = {1: ("zombie:1", "killing:1", "necronomicon:1", "skeleton:1")}
    state = at_apparition(hands=hands, monsters=(Monster("vampire:1"),), infested=True)
    raises("place_already_infested", state, 1, PlaceBeing("zombie:1"))
    legal = e.legal_actions(state, 1)
    assert PlaceEvent("killing:1", "vampire:1") in legal
    assert Summon("necronomicon:1", "zombie:1") in legal


def test_terror_removed_by_discarding_cards_rounding_down() -> None:
    pile = (PileCard("bats:1", 2), PileCard("fog:1", 1), PileCard("vampire:1", 6, True))
    kept, gone = e.remove_terror(pile, 3)
    assert gone == (PileCard("bats:1", 2), PileCard("fog:1", 1)) and kept == (pile[2],)
    kept, gone = e.remove_terror((PileCard("vampire:1", 6, True),), 5)
    assert gone == () and len(kept) == 1
    two_ways = (PileCard("fog:1", 1), PileCard("fog:2", 1), PileCard("bats:1", 2))
    assert e.remove_terror(two_ways, 2)[1] == (PileCard("bats:1", 2),)  # fewest cards
    same = (PileCard("fog:1", 1), PileCard("fog:2", 1))
    assert e.remove_terror(same, 1)[1] == (PileCard("fog:1", 1),)  # oldest first


def test_kill_with_an_empty_pile_has_no_effect() -> None:
    state = at_resolution((Monster("werewolf:1"),), ("silver_bullet:1",))
    assert e.view(state, None)["players"][0]["monsters"][0]["if_killed"] == 0
    state, events = e.apply(state, 0, Attack("werewolf:1", ("silver_bullet:1",)))
    assert state.players[0].pile == () and events[-1]["terror_removed"] == 0


def test_the_view_says_what_a_kill_removes_for_discarded_cards() -> None:
    # L5: "sottratti, per difetto, al mazzo Terrore, scartando le carte con punteggio
    # equivalente": a Werewolf (3) against a pile of one 2-point card removes 2, not 3.
    pile = (PileCard("bats:1", 2),)
    monsters = (Monster("werewolf:1"), Monster("zombie:1", ("fog:1",)))
    state = at_resolution(monsters, ("silver_bullet:1", "shotgun:1"), None, pile)
    shown = e.view(state, None)["players"][0]["monsters"]
    assert [m["if_killed"] for m in shown] == [-2, 0]
    assert [m["if_undefeated"] for m in shown] == [0, 1]
    assert [m["if_fled"] for m in shown] == [6, 3]
    _, events = e.apply(state, 0, Attack("werewolf:1", ("silver_bullet:1",)))
    assert events[-1]["terror_removed"] == 2


def test_passing_a_place_removes_two() -> None:
    pile = (PileCard("bats:1", 2), PileCard("fog:1", 1))
    state = at_resolution((Monster("zombie:1"),), ("shotgun:1",), None, pile)
    state = act(state, 0, Attack("zombie:1", ("shotgun:1",)))
    assert e.terror_score(state.players[0].pile) == 2  # the Zombie removed 1
    state = act(state, 0, EndResolution())
    player = state.players[0]
    assert player.pile == () and player.revealed is None and player.path[-1] == "cemetery:1"
    assert not player.home


def test_reaching_home_removes_five() -> None:
    pile = (*tuple(PileCard(f"fog:{i}", 1) for i in range(1, 6)), PileCard("bats:1", 2))
    state = at_resolution((Monster("zombie:1"),), ("shotgun:1",), None, pile, face_down=())
    state = act(state, 0, Attack("zombie:1", ("shotgun:1",)), EndResolution())
    # 8 points: the Zombie -1, the Place -2, home -5
    assert e.terror_score(state.players[0].pile) == 0 and state.players[0].home


# --- special rules -------------------------------------------------------------------------------


def test_necronomicon_summons_a_being_ignoring_restrictions() -> None:
    hands = {1: ("necronomicon:1", "werewolf:1", "killing:1")}
    state = at_apparition("museum:1", hands, infested=True)
    state = act(state, 1, Summon("necronomicon:1", "werewolf:1"))
    assert state.players[0].monsters == (Monster("werewolf:1", (), "necronomicon:1"),)
    state = (
        act(
            state,
            2,
            Pass(),
        )
        if state.to_act == 2
        else state
    )
    state = act(state, 0, Pass())
    state = act(state, 1, PlaceEvent("killing:1", "werewolf:1"))
    assert state.players[0].monsters[0].events == ("killing:1",)


def test_summoned_being_joins_the_pile_if_undefeated() -> None:
    summoned = Monster("vampire:1", ("bats:1",), "necronomicon:1")
    state = at_resolution((summoned, Monster("ghost:1")), ("axe:1",))
    state = act(state, 0, EndResolution())
    player = state.players[0]
    assert PileCard("vampire:1", 3) in player.pile and PileCard("bats:1", 2) in player.pile
    assert "necronomicon:1" in state.discards[2]
    assert player.monsters == (Monster("ghost:1"),)
    state = at_resolution((summoned,), ("wooden_stake:1",))
    state = act(state, 0, Attack("vampire:1", ("wooden_stake:1",)), EndResolution())
    assert "necronomicon:1" in state.discards[2] and state.players[0].path[-1] == "cemetery:1"


def _last_place_fight(summon: bool) -> State:
    """Seat 0 on their last Place with no Terror and no Weapon for Demons; seat 1 brings a Lord
    of the Abyss (5), by the Necronomicon or placed normally, and seat 2 adds a Pentagram (2)."""
    hands = {1: ("necronomicon:1", "abyss_lord:1"), 2: ("pentagram:1",)}
    state = at_apparition(hands=hands)
    state = with_player(state, 0, face_down=(), table=("shotgun:1", "silver_bullet:1"))
    lord = Summon("necronomicon:1", "abyss_lord:1") if summon else PlaceBeing("abyss_lord:1")
    state = act(state, 1, lord)
    state = act(state, 2, PlaceEvent("pentagram:1", "abyss_lord:1"))
    state = all_passed(state)
    assert not any(isinstance(a, Attack) for a in e.legal_actions(state, 0))
    return act(state, 0, EndResolution())


def test_n3_an_undefeated_summoned_being_keeps_the_place_unpassed_that_turn() -> None:
    # N3: "Alla fine del Turno se l'Essere non viene sconfitto va a far parte, con i suoi Eventi,
    # della pila del Terrore": it goes at the end of the turn, so the Place is not passed in it.
    summoned, placed = _last_place_fight(summon=True), _last_place_fight(summon=False)
    assert e.terror_score(placed.players[0].pile) == 2 and not placed.players[0].home
    victim = summoned.players[0]
    assert e.terror_score(victim.pile) == 5 + 2 and not victim.home and not summoned.over
    assert victim.revealed == "cemetery:1" and victim.monsters == () and victim.infested
    assert e.terror_score(victim.pile) >= e.terror_score(placed.players[0].pile)


def next_turn_of(state: State, seat: int) -> State:
    """``seat``'s next turn begins, as ``_start_turn`` leaves it (a Place already revealed)."""
    state = replace(state, current=seat, phase="apparition", passed=(), turned=())
    return replace(state, to_act=e.left_of(seat, state.num_players), swapped=False, attacked=False)


def test_n3_l6_l7_a_summoned_being_in_the_pile_outlasts_the_place_and_home_reductions() -> None:
    # N3 "se l'Essere non viene sconfitto va a far parte, con i suoi Eventi, della pila del
    # Terrore"; L6/L7 "sottrae 2 / 5 Punti Terrore"; L5 what leaves the pile: "scartando le carte
    # con punteggio equivalente; nel caso non vi siano Eventi nel mazzo, l'uccisione dell'Essere
    # non ha effetto" -- Events only. The summoned Lord (5) stays in the pile for good.
    summoned = _last_place_fight(summon=True)
    assert e.terror_score(summoned.players[0].pile) == 5 + 2
    summoned = act(summoned, 0, Refill(0))
    while summoned.phase == "arrange":
        summoned = act(summoned, 0, e.legal_actions(summoned, 0)[0])
    nobody_summons = all_passed(next_turn_of(summoned, 0))
    victim = nobody_summons.players[0]
    assert victim.home and nobody_summons.over  # the empty Place is passed: -2, then home -5
    assert victim.pile == (PileCard("abyss_lord:1", 5),)  # the Pentagram (2) went
    placed = _last_place_fight(summon=False)
    assert e.terror_score(placed.players[0].pile) == 2 and not placed.players[0].home


def test_l5_a_kill_removes_no_being_from_the_pile() -> None:
    # L5: "nel caso non vi siano Eventi nel mazzo, l'uccisione dell'Essere non ha effetto".
    fled = (PileCard("zombie:1", 2, True), PileCard("ghost:1", 4, True))
    state = at_resolution((Monster("pack_leader:1"),), ("silver_bullet:1",), None, fled)
    assert e.view(state, None)["players"][0]["monsters"][0]["if_killed"] == 0
    state, events = e.apply(state, 0, Attack("pack_leader:1", ("silver_bullet:1",)))
    assert state.players[0].pile == fled and events[-1]["terror_removed"] == 0
    mixed = (PileCard("zombie:1", 2, True), PileCard("fog:1", 1), PileCard("bats:1", 2))
    assert e.remove_terror(mixed, 4)[1] == (PileCard("fog:1", 1), PileCard("bats:1", 2))


def test_necronomicon_weapon_kills_anything_without_removing_terror() -> None:
    pile = (PileCard("bats:1", 2),)
    state = at_resolution((Monster("abyss_lord:1"),), ("axe:1",), None, pile, ("necronomicon:2",))
    assert Attack("abyss_lord:1", ("necronomicon:2",)) in e.legal_actions(state, 0)
    state = act(state, 0, Attack("abyss_lord:1", ("necronomicon:2",)))
    assert state.players[0].pile == pile and "necronomicon:2" in state.discards[2]
    assert state.players[0].monsters == () and state.removed == ()


def test_optional_rule_removes_necronomicon_used_as_weapon() -> None:
    state = at_resolution(
        (Monster("abyss_lord:1"),),
        ("axe:1",),
        hand=("necronomicon:2",),
        options={"necronomicon_removed": True},
    )
    state = act(state, 0, Attack("abyss_lord:1", ("necronomicon:2",)))
    assert state.removed == ("necronomicon:2",) and "necronomicon:2" not in state.discards[2]


def test_combined_weapons_turn_two_cards() -> None:
    state = at_resolution((Monster("vampire:1"),), ("torch:1", "petrol_can:1"))
    assert Attack("vampire:1", ("torch:1", "petrol_can:1")) in e.legal_actions(state, 0)
    state = act(state, 0, Attack("vampire:1", ("torch:1", "petrol_can:1")))
    assert set(state.turned) == {"torch:1", "petrol_can:1"}
    lone = at_resolution((Monster("vampire:1"),), ("torch:1", "axe:1"))
    raises("weapon_cannot_defeat", lone, 0, Attack("vampire:1", ("torch:1", "axe:1")))


def test_a_pair_of_weapons_named_in_either_order_is_the_same_move() -> None:
    state = at_resolution((Monster("vampire:1"),), ("torch:1", "petrol_can:1"))
    listed = act(state, 0, Attack("vampire:1", ("torch:1", "petrol_can:1")))
    reversed_ = act(state, 0, Attack("vampire:1", ("petrol_can:1", "torch:1")))
    assert listed == reversed_
    own = started(3, 0).players[0].table
    state = e.apply(at_discard(("zombie:1",), table=own, weapon_hand=None), 0, Refill(3))[0]
    a, b = state.players[0].table[:2]  # all three are on the table until arranged
    assert act(state, 0, ArrangeWeapons((a, b))) == act(state, 0, ArrangeWeapons((b, a)))


def test_any_event_on_any_being() -> None:
    hand = ("full_moon:1", "brain_hunger:1", "killing:1", "pentagram:1")
    state = at_apparition(hands={1: hand}, monsters=(Monster("ghost:1"), Monster("zombie:1")))
    legal = e.legal_actions(state, 1)
    assert all(PlaceEvent(c, t) in legal for c in hand for t in ("ghost:1", "zombie:1"))


def test_irrelevant_event_lies_rotated_in_the_pile() -> None:
    monster = Monster("zombie:1", ("full_moon:1", "brain_hunger:1"))
    state = act(at_resolution((monster,), ("garlic:1",)), 0, EndResolution())
    assert state.players[0].pile == (
        PileCard("full_moon:1", 1, True),
        PileCard("brain_hunger:1", 2),
    )
    assert e.view(state, None)["players"][0]["pile"][0] == {
        "card": "full_moon:1",
        "score": 1,
        "rotated": True,
    }


def test_game_ends_after_the_turn_limit_with_fewest_terror() -> None:
    state = at_apparition()
    limit = e.TURN_LIMIT_PER_PLAYER * 3
    state = with_player(replace(state, turn_number=limit), 1, pile=(PileCard("fog:1", 1),))
    state = act(all_passed(state), 0, Refill(0))
    while state.phase == "arrange":
        state = act(state, 0, e.legal_actions(state, 0)[0])
    assert state.over and e.outcome(state) == {"scores": [0, 1, 0], "winners": [0, 2], "home": None}


def test_views_hide_hands_face_down_places_and_decks_and_dump_round_trips() -> None:
    state = started(4, 12)
    for seat in (None, 0, 1, 2, 3):
        view = e.view(state, seat)
        text = json.dumps(view)
        assert ("hand" in view["players"][seat]) if seat is not None else True
        assert not any(json.dumps(c) in text for c in _nt_secrets(state, seat))
        assert "rng" not in text and "seed" not in text
    assert e.load(json.loads(json.dumps(e.dump(state)))) == state
    assert e.outcome(state) is None


# --- victory -------------------------------------------------------------------------------------


def finished(victory: str, piles: list[tuple[PileCard, ...]]) -> State:
    state = at_apparition(options={"victory": victory})
    for seat, pile in enumerate(piles):
        state = with_player(state, seat, pile=pile)
    state = all_passed(with_player(state, 0, face_down=()))
    assert state.over
    return state


def test_victory_least_terror_by_default() -> None:
    big = tuple(PileCard(f"bats:{i}", 2) for i in range(1, 6))  # 10, less 2 then 4 (not 5)
    state = finished("least_terror", [big, (PileCard("fog:1", 1),), (PileCard("fog:2", 1),)])
    assert e.outcome(state) == {"scores": [4, 1, 1], "winners": [1, 2], "home": 0}
    tie = finished("least_terror", [(*tuple(big[:4]), PileCard("fog:1", 1)), (), big[:1]])
    assert e.outcome(state)["home"] == 0
    assert e.outcome(tie)["scores"][0] == 2 and e.outcome(tie)["winners"] == [1]
    home_tied = finished("least_terror", [(), (), ()])
    assert e.outcome(home_tied)["winners"] == [0]


def test_victory_home_first_option() -> None:
    big = tuple(PileCard(f"bats:{i}", 2) for i in range(1, 6))
    state = finished("home_first", [big, (), ()])
    assert e.outcome(state)["winners"] == [0]
    with pytest.raises(ValueError):
        e.setup(3, {"victory": "most_terror"}, 1)


def test_terror_rises_on_undefeated_beings_and_flight_falls_on_kills_and_places() -> None:
    werewolf = Monster("werewolf:1", ("killing:1", "full_moon:1"))
    state = act(at_resolution((werewolf,), ("axe:1",)), 0, EndResolution())
    assert e.terror_score(state.players[0].pile) == 3
    state = act(at_resolution((Monster("zombie:1"),), ("axe:1",)), 0, Flee())
    assert e.terror_score(state.players[0].pile) == 2


# --- contract ------------------------------------------------------------------------------------


def test_load_action_rejects_malformed_input() -> None:
    for action in (ChooseSplit(3), Attack("zombie:1", ("torch:1", "petrol_can:1")), Pass()):
        assert e.load_action(json.loads(json.dumps(e.dump_action(action)))) == action
    for bad in (
        None,
        [],
        {"type": "nope"},
        {"type": "pass", "x": 1},
        {"type": "attack", "target": "zombie:1", "weapons": []},
        {"type": "attack", "target": "zombie:1", "weapons": ["a", "b", "c"]},
        {"type": "choose_split", "events": -1},
        {"type": "choose_split", "events": True},
        {"type": "place_being", "card": 5},
        {"type": "arrange_weapons", "table": ["a"]},
    ):
        with pytest.raises(IllegalAction) as info:
            e.load_action(bad)
        assert info.value.code == "malformed_action"


def test_engine_identity() -> None:
    assert isinstance(ENGINE, Engine)
    assert ENGINE.id == "notte_di_terrore"
    assert ENGINE.names == {"en": "Night of Terror", "it": "Notte di Terrore"}
    assert (ENGINE.min_players, ENGINE.max_players) == (3, 5)
    assert (
        ENGINE.options
        == e.DEFAULT_OPTIONS
        == {
            "places": 4,
            "victory": "least_terror",
            "necronomicon_removed": False,
            "first_player": "lot",
        }
    )
