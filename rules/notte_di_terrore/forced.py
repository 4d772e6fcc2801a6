"""Notte di Terrore's forced moves: the decisions the platform may take for a player (I22).

Why so narrow: a move is made for a player only when it is their one legal move *and* the
public table alone shows that (the cards on the Places, the Weapons, which are public (I12),
and how many Events and Beings each hand holds, public by I21). Playing it then tells nobody
anything; a move forced only by what the hidden hand holds ("no Being of a type this Place
allows") is left to the player, since playing it for them would reveal their hand. Every case
reasons from counts and public cards, never from the hidden cards themselves.
"""

from __future__ import annotations

from rules.notte_di_terrore import cards
from rules.notte_di_terrore.legality import held_weapons, pending, revealed_forbidden
from rules.notte_di_terrore.model import (
    Action,
    EndResolution,
    Pass,
    Refill,
    State,
    being,
    can_defeat,
    hand_kinds,
    hand_size,
    place,
)


def skip_action(state: State, seat: int) -> Action | None:
    """How ``seat`` lets its turn go by when its time ran out and the others vote to skip it:
    ``Pass`` in an Apparition ("Chi non può o non vuole posizionare carte deve dire «passo»"),
    the one decision the rules let anyone decline; None elsewhere (a fight or a discard is the
    player's own, so the vote offers waiting or a bot instead)."""
    if seat in pending(state) and state.phase == "apparition":
        return Pass()
    return None


def forced_action(state: State, seat: int) -> Action | None:
    """``seat``'s one legal move when the public table shows it is the only one, else None:
    ``Pass`` in an Apparition, ``EndResolution`` in a fight, ``Refill(0)`` in a Discard step
    with nothing to discard or draw."""
    if seat not in pending(state):
        return None
    if state.phase == "apparition":
        return Pass() if _can_only_pass(state, seat) else None
    if state.phase == "resolution":
        return EndResolution() if _can_only_end_the_fight(state) else None
    if state.phase == "discard":
        return Refill(0) if _nothing_to_discard_or_draw(state) else None
    return None  # a split or a Weapon arrangement always offers several choices


def _being_could_appear(state: State) -> bool:
    """Could a Being of *some* type still be placed on the active Place (L1-L3)? Asked of the
    Place alone, since the types in a hand are hidden."""
    active = state.players[state.current]
    if active.infested or active.revealed is None:
        return False
    placed = [being(m.card).type for m in active.monsters if m.summoned_by is None]
    if len(placed) >= cards.MAX_BEINGS_PER_PLACE:
        return False
    spot = place(active.revealed)
    allowed = set(cards.decks().types) - set(spot.forbidden)
    return any(placed.count(kind) < spot.max_per_type for kind in allowed)


def _can_only_pass(state: State, seat: int) -> bool:
    """A1-A3, N2: with no Being in hand (or none that could appear) no Being and no summon;
    with no Event in hand (or no Being on the Place) no Event. Counts are public (I21)."""
    events, beings = hand_kinds(state.players[seat].hand)
    monsters = state.players[state.current].monsters
    may_place_being = beings > 0 and _being_could_appear(state)
    may_place_event = events > 0 and bool(monsters)
    may_summon = events > 0 and beings > 0  # any Event in hand might be a Necronomicon
    return not (may_place_being or may_place_event or may_summon)


def _can_only_end_the_fight(state: State) -> bool:
    """R1, R2, N4, F1/F2: no swap left, no table Weapon (alone or combined) that kills a Being
    still standing, no Event in hand that could be a Necronomicon, and no Flight."""
    player = state.players[state.current]
    if player.weapon_hand is not None and not state.swapped and not state.attacked:
        return False
    if not state.attacked and player.face_down:
        return False
    if not player.monsters:
        return True
    if hand_kinds(player.hand)[0] > 0:
        return False
    ready = [w for w in player.table if w not in state.turned]
    uses = [(w,) for w in ready] + [(a, b) for i, a in enumerate(ready) for b in ready[i + 1 :]]
    return not any(can_defeat(use, m.card) for m in player.monsters for use in uses)


def _nothing_to_discard_or_draw(state: State) -> bool:
    """D1-D4: no Weapon held, no Being a revealed Place forbids (or no Being at all), a full
    hand: the only move is to draw nothing (then the Weapons are drawn, D5)."""
    player = state.players[state.current]
    if held_weapons(player) or len(player.hand) < hand_size(state.num_players):
        return False
    return hand_kinds(player.hand)[1] == 0 or not revealed_forbidden(state)
