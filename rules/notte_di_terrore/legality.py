"""Notte di Terrore: who must act and which actions are legal (A1-A5, R1-R3, F2, D1-D5, L1-L3,
N2, N4), with the stable code and clause of every refusal.
"""

from __future__ import annotations

from typing import Any

from rules.base import IllegalAction
from rules.notte_di_terrore import cards
from rules.notte_di_terrore.model import (
    ACTION_NAMES,
    PHASE_ACTIONS,
    Action,
    ArrangeWeapons,
    Attack,
    ChooseSplit,
    Discard,
    EndResolution,
    Flee,
    Pass,
    PlaceBeing,
    PlaceEvent,
    Player,
    Refill,
    State,
    Summon,
    SwapWeapon,
    being,
    can_defeat,
    hand_size,
    is_being,
    is_event,
    is_necronomicon,
    place,
)

# --- legality ----------------------------------------------------------------------------------


def pending(state: State) -> list[int]:
    if state.phase == "over":
        return []
    if state.phase == "split":
        return [s for s, p in enumerate(state.players) if p.split is None]
    if state.phase == "apparition":
        return [state.to_act] if state.to_act is not None else []
    return [state.current]


def _active_place(state: State) -> tuple[Player, cards.Place]:
    player = state.players[state.current]
    assert player.revealed is not None
    return player, place(player.revealed)


def being_placement_error(state: State, card_id: str) -> str | None:
    """L1-L3, I8: why ``card_id`` may not appear on the active Place now (None if it may)."""
    player, spot = _active_place(state)
    if player.infested:
        return "place_already_infested"
    placed = [being(m.card).type for m in player.monsters if m.summoned_by is None]
    if len(placed) >= cards.MAX_BEINGS_PER_PLACE:
        return "place_full"
    kind = being(card_id).type
    if kind in spot.forbidden:
        return "being_forbidden_here"
    if placed.count(kind) >= spot.max_per_type:
        return "too_many_of_type"
    return None


def _apparition_actions(state: State, seat: int) -> list[Action]:
    player = state.players[seat]
    active = state.players[state.current]
    beings_here = [m.card for m in active.monsters]
    actions: list[Action] = []
    hand_beings = [c for c in player.hand if is_being(c)]
    for card_id in hand_beings:
        if being_placement_error(state, card_id) is None:
            actions.append(PlaceBeing(card_id))
    for card_id in player.hand:
        if is_event(card_id) and not is_necronomicon(card_id):
            actions.extend(PlaceEvent(card_id, target) for target in beings_here)
    for card_id in player.hand:
        if is_necronomicon(card_id):
            actions.extend(Summon(card_id, b) for b in hand_beings)
    actions.append(Pass())
    return actions


def _attacks(state: State) -> list[Attack]:
    player = state.players[state.current]
    ready = [w for w in player.table if w not in state.turned]
    necros = [c for c in player.hand if is_necronomicon(c)]
    attacks: list[Attack] = []
    for monster in player.monsters:
        for w in ready:
            if can_defeat((w,), monster.card):
                attacks.append(Attack(monster.card, (w,)))
        for i, a in enumerate(ready):
            for b in ready[i + 1 :]:
                if can_defeat((a, b), monster.card):
                    attacks.append(Attack(monster.card, (a, b)))
        attacks.extend(Attack(monster.card, (n,)) for n in necros)
    return attacks


def _resolution_actions(state: State) -> list[Action]:
    player = state.players[state.current]
    actions: list[Action] = []
    if player.weapon_hand is not None and not state.swapped and not state.attacked:
        actions.extend(SwapWeapon(w) for w in player.table)
    actions.extend(_attacks(state))
    if not state.attacked and player.face_down:
        actions.append(Flee())
    actions.append(EndResolution())
    return actions


def revealed_forbidden(state: State) -> set[str]:
    """Being types forbidden on at least one currently revealed Place (D2, I11)."""
    return {t for p in state.players if p.revealed for t in place(p.revealed).forbidden}


def discardable(state: State) -> list[str]:
    """D1-D3, I11: every Weapon held, and Beings a revealed Place forbids."""
    player = state.players[state.current]
    forbidden = revealed_forbidden(state)
    weapons = [*player.table, *([player.weapon_hand] if player.weapon_hand else [])]
    beings = [c for c in player.hand if is_being(c) and being(c).type in forbidden]
    return [*weapons, *beings]


def missing_cards(state: State) -> int:
    return max(0, hand_size(state.num_players) - len(state.players[state.current].hand))


def held_weapons(player: Player) -> list[str]:
    return [*player.table, *([player.weapon_hand] if player.weapon_hand else [])]


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat not in pending(state):
        return []
    if state.phase == "split":
        return [ChooseSplit(k) for k in range(hand_size(state.num_players) + 1)]
    if state.phase == "apparition":
        return _apparition_actions(state, seat)
    if state.phase == "resolution":
        return _resolution_actions(state)
    if state.phase == "discard":
        actions: list[Action] = [Discard(c) for c in discardable(state)]
        return [*actions, *(Refill(k) for k in range(missing_cards(state) + 1))]
    held = held_weapons(state.players[seat])
    return [ArrangeWeapons((a, b)) for i, a in enumerate(held) for b in held[i + 1 :]]


def _reason(state: State, seat: int, action: Any) -> IllegalAction:
    """The most specific code for an action that is not legal now."""
    player = state.players[seat]
    if isinstance(action, PlaceBeing):
        if action.card not in player.hand or not is_being(action.card):
            return IllegalAction("card_not_in_hand", "play a Being from your hand")
        code = being_placement_error(state, action.card) or "illegal_being"
        return IllegalAction(code, "L1-L3: Place limits", card=action.card)
    if isinstance(action, PlaceEvent):
        if action.card not in player.hand or not is_event(action.card):
            return IllegalAction("card_not_in_hand", "play an Event from your hand")
        if is_necronomicon(action.card):
            return IllegalAction("necronomicon_summons", "N2: the Necronomicon summons a Being")
        return IllegalAction("event_needs_a_being", "A2: an Event goes on a Being on the Place")
    if isinstance(action, Summon):
        return IllegalAction("illegal_summon", "N2: a Necronomicon and a Being from your hand")
    if isinstance(action, SwapWeapon):
        return IllegalAction("illegal_swap", "R1: swap once, before attacking")
    if isinstance(action, Attack):
        if any(w not in player.table and not is_necronomicon(w) for w in action.weapons):
            return IllegalAction("weapon_not_on_table", "R1/I5: fight with your table Weapons")
        if any(w in state.turned for w in action.weapons):
            return IllegalAction("weapon_already_used", "R2: each Weapon once per turn")
        return IllegalAction("weapon_cannot_defeat", "R3/I4: the Weapon must match the Being")
    if isinstance(action, Flee):
        if not player.face_down:
            return IllegalAction("no_flight_from_last_place", "F2: no flight from the last Place")
        return IllegalAction("no_flight_after_attacking", "I7: Flight replaces Resolution")
    if isinstance(action, Discard):
        return IllegalAction("not_discardable", "D1-D3: Weapons, or Beings a Place forbids")
    if isinstance(action, Refill):
        missing = missing_cards(state)
        return IllegalAction("bad_split", "D4: split the cards you draw", missing=missing)
    if isinstance(action, ChooseSplit):
        return IllegalAction("bad_split", "S4: 0..hand size Events")
    if isinstance(action, ArrangeWeapons):
        return IllegalAction("bad_arrangement", "D5: two of your three Weapons on the table")
    return IllegalAction("illegal_action", "not allowed now")


def check_action(state: State, seat: int, action: Any) -> None:
    if state.over:
        raise IllegalAction("game_over", "the game has ended")
    if type(action) not in ACTION_NAMES:
        raise IllegalAction("malformed_action", "not a Notte di Terrore action")
    if seat not in pending(state):
        raise IllegalAction("not_your_turn", "wait for your turn", pending=pending(state))
    if type(action) not in PHASE_ACTIONS[state.phase]:
        raise IllegalAction("wrong_phase", "T2: not in this phase", phase=state.phase)
    if action not in legal_actions(state, seat):
        raise _reason(state, seat, action)
