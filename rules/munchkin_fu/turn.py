"""Setup and the turn outside combat: the deal, the simultaneous first plays, kicking the door,
looking for trouble and looting the room; charity and the next turn are :mod:`.rounds`'.
"""

from __future__ import annotations

from dataclasses import replace

from rules.base import Event, Rng
from rules.munchkin_fu.content import DECK, DOOR
from rules.munchkin_fu.effects import trap
from rules.munchkin_fu.fight import start
from rules.munchkin_fu.model import Player, State, with_player
from rules.munchkin_fu.rounds import deal
from rules.munchkin_fu.table import (
    card,
    discard,
    draw,
    from_hand,
    to_hand,
)


def setup(num_players: int, options: dict[str, object], seed: int) -> State:
    """S: both decks shuffled, 2+2 cards each (4+4 fast), everyone level 1; the first player
    drawn from the seed (the lead's decision on "mettendosi d'accordo")."""
    if not 3 <= num_players <= 6:
        raise ValueError(f"Munchkin Fu is for 3-6 players, not {num_players}")
    epic = options.get("epic", "no")
    if isinstance(epic, bool):  # a table stored when epic was a flag for the race
        epic = "race" if epic else "no"
    rng = Rng(seed)
    door, rng = rng.shuffled(DECK.door)
    treasure, rng = rng.shuffled(DECK.treasure)
    first, rng = rng.roll(num_players)
    state = State(
        players=tuple(Player() for _ in range(num_players)),
        door=door,
        treasure=treasure,
        door_discard=(),
        treasure_discard=(),
        rng=rng,
        turn=first - 1,
        first=first - 1,
        fast=bool(options.get("fast", False)),
        epic=epic in ("yes", "race"),
        race=epic == "race",
        charity=(0,) * num_players,
    )
    for seat in range(num_players):
        state = deal(state, seat)
    return state


def ready(state: State, seat: int) -> tuple[State, list[Event]]:
    """S: the first plays are simultaneous; the first turn starts when everyone is ready."""
    state = with_player(state, seat, ready=True)
    events: list[Event] = [{"type": "ready", "seat": seat}]
    if all(p.ready for p in state.players):
        state = replace(state, phase="door")
        events.append({"type": "turn_started", "seat": state.turn, "round": state.round})
    return state, events


def kick(state: State, seat: int) -> tuple[State, list[Event]]:
    """T1: the top door card face up: a monster is fought, a trap strikes the kicker, anything
    else goes to the hand (from where it may be played at once, the same thing)."""
    state, drawn = draw(state, DOOR, 1)
    if not drawn:
        return replace(state, phase="trouble"), [{"type": "door_kicked", "seat": seat}]
    (cid,) = drawn
    events: list[Event] = [{"type": "door_kicked", "seat": seat, "card": cid}]
    k = card(cid)
    if k.kind == "monster" and k.friendly:
        state, more = meet_friendly(state, seat, cid)
        return state, events + more
    if k.kind == "monster":
        state, more = start(state, seat, cid)
        return state, events + more
    state = replace(state, phase="trouble")
    if k.kind == "trap":
        state, more = trap(state, seat, cid, seat)
        return state, events + more
    return to_hand(state, seat, (cid,), shown=True), events


def meet_friendly(state: State, seat: int, cid: str) -> tuple[State, list[Event]]:
    """I44: a friendly monster is met, not fought, and discarded; having met no monster to
    fight, the player loots the room (T14: "o ne hai incontrato uno che era amichevole")."""
    state = discard(replace(state, phase="trouble"), [cid])
    state, events = loot_room(state, seat)
    return state, [{"type": "friendly_met", "seat": seat, "card": cid}, *events]


def trouble(state: State, seat: int, cid: str) -> tuple[State, list[Event]]:
    """T2: fight a monster from the hand (a friendly one is met, I44)."""
    state = from_hand(state, seat, cid)
    if card(cid).friendly:
        state, events = meet_friendly(state, seat, cid)
        return state, [{"type": "card_played", "seat": seat, "card": cid}, *events]
    state, events = start(state, seat, cid)
    return state, [{"type": "card_played", "seat": seat, "card": cid}, *events]


def loot_room(state: State, seat: int) -> tuple[State, list[Event]]:
    """T3: no monster met: a second door card, face down, into the hand."""
    state, drawn = draw(state, DOOR, 1)
    state = replace(to_hand(state, seat, drawn), phase="loot")
    return state, [{"type": "looted_room", "seat": seat, "deck": "door", "count": len(drawn)}]
