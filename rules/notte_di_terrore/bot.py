"""Notte di Terrore's bot player: legal, simple, and better than random.

Used for bot seats at a table and by the balance simulator; it sees the whole state (like any
engine function) but acts only on what its seat could know: its own hand, the public table.
"""

from __future__ import annotations

from rules.base import IllegalAction
from rules.notte_di_terrore.engine import (
    Action,
    Attack,
    ChooseSplit,
    Discard,
    EndResolution,
    Flee,
    Pass,
    PlaceBeing,
    PlaceEvent,
    Refill,
    State,
    hand_size,
    is_necronomicon,
    legal_actions,
    missing_cards,
)


def bot_action(state: State, seat: int) -> Action:
    """A simple, legal player: halves the hand, haunts others' Places, kills what it can."""
    legal = legal_actions(state, seat)
    if not legal:
        raise IllegalAction("not_your_turn", "the bot was asked out of turn")
    if state.phase == "split":
        return ChooseSplit(hand_size(state.num_players) // 2)
    if state.phase == "apparition":
        if seat != state.current:
            for kind in (PlaceEvent, PlaceBeing):
                choice = next((a for a in legal if isinstance(a, kind)), None)
                if choice is not None:
                    return choice
        return Pass()
    if state.phase == "resolution":
        weapon_attacks = [
            a for a in legal if isinstance(a, Attack) and not is_necronomicon(a.weapons[0])
        ]
        if weapon_attacks:
            return weapon_attacks[0]
        necro = [a for a in legal if isinstance(a, Attack)]
        if necro and Flee() not in legal:
            return necro[0]
        if Flee() in legal and not state.attacked:
            return Flee()
        return EndResolution()
    if state.phase == "discard":
        player = state.players[seat]
        if player.weapon_hand is not None and Discard(player.weapon_hand) in legal:
            return Discard(player.weapon_hand)
        return Refill(missing_cards(state) // 2)
    return legal[0]
