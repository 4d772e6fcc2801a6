"""Setup and the turn outside combat: the deal, the simultaneous first plays, kicking the door,
looking for trouble, looting the room, charity and the next turn.

Why charity is a choice card by card: the giver decides which cards go and, on a tie for the
lowest level, who gets the bigger half (T: "Decidi tu a chi assegnare la metà più grande"); each
card given is one answer with a default, so the table never waits for ever.
"""

from __future__ import annotations

from dataclasses import replace

from rules.base import Event, Rng
from rules.munchkin_fu.character import strength
from rules.munchkin_fu.content import DECK, DOOR, TREASURE
from rules.munchkin_fu.effects import cheapest_card, process, trap
from rules.munchkin_fu.fight import start
from rules.munchkin_fu.model import (
    HAND_LIMIT,
    Choice,
    Player,
    State,
    with_player,
)
from rules.munchkin_fu.table import (
    card,
    discard,
    draw,
    end_game,
    from_hand,
    gear,
    next_seat,
    to_hand,
)

START_CARDS, FAST_CARDS = 2, 4
"""S: "Dai due carte da ogni mazzo ad ogni giocatore"; F: four in the fast game."""


def deal_count(state: State) -> int:
    return FAST_CARDS if state.fast else START_CARDS


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


def deal(state: State, seat: int) -> State:
    """2+2 (4+4 fast) cards into ``seat``'s hand, face down."""
    count = deal_count(state)
    state, doors = draw(state, DOOR, count)
    state, treasures = draw(state, TREASURE, count)
    return to_hand(state, seat, doors + treasures)


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


# --- end of the turn: charity -------------------------------------------------------------------


def lowest(state: State) -> list[int]:
    low = min(p.level for p in state.players)
    return [s for s, p in enumerate(state.players) if p.level == low]


def end_turn(state: State, seat: int) -> tuple[State, list[Event]]:
    """T4: more than five cards: the excess goes to the lowest level (discarded when that is
    you); then the next player's turn. I38: cards received out of turn stop being playable
    as received with the turn they came in, so those received in this charity stay playable
    into the next turn (until their receiver's next other move)."""
    state = replace(state, players=tuple(replace(p, fresh=()) for p in state.players))
    excess = len(state.players[seat].hand) - HAND_LIMIT
    if excess <= 0:
        return next_turn(state)
    state = replace(state, phase="charity", excess=excess, charity=(0,) * state.num_players)
    return open_charity(state), []


def charity_options(state: State) -> tuple[str, ...]:
    """Every card of the hand to each lowest-level player with room left in an even split
    ("il più equamente possibile"), or to the discard pile when the giver is among them."""
    seat = state.turn
    hand = tuple(dict.fromkeys(state.players[seat].hand))
    low = lowest(state)
    if seat in low:
        return tuple(f"discard:{c}" for c in hand)
    share, bigger = divmod(state.excess + sum(state.charity), len(low))
    at_top = sum(1 for s in low if state.charity[s] > share)
    room = [
        s
        for s in low
        if state.charity[s] < share or (state.charity[s] == share and at_top < bigger)
    ]
    return tuple(f"give:{c}:{s}" for s in room for c in hand)


def charity_default(state: State, options: tuple[str, ...]) -> str:
    """The cheapest card (lowest gold, door first) to the first recipient after the giver in
    turn order."""
    cards = tuple(dict.fromkeys(o.split(":")[1] for o in options))
    pick = cheapest_card(cards)
    order = [(state.turn + k) % state.num_players for k in range(1, state.num_players + 1)]

    def rank(option: str) -> int:
        parts = option.split(":")
        return order.index(int(parts[2])) if len(parts) == 3 else 0

    return min((o for o in options if o.split(":")[1] == pick), key=rank)


def open_charity(state: State) -> State:
    options = charity_options(state)
    choice = Choice(state.turn, "charity", options, charity_default(state, options))
    return replace(state, choice=choice, opened=state.opened + 1)


def resume_charity(state: State) -> tuple[State, list[Event]]:
    """Charity asked again after a play made during it (I9): the excess is what the giver's
    hand holds over five now, and the lowest levels are today's."""
    excess = len(state.players[state.turn].hand) - HAND_LIMIT
    if excess <= 0:
        return next_turn(state)
    return open_charity(replace(state, excess=excess)), []


def charity_answer(state: State, seat: int, option: str) -> tuple[State, list[Event]]:
    parts = option.split(":")
    cid = parts[1]
    state = from_hand(state, seat, cid)
    if parts[0] == "discard":
        state = discard(state, [cid])
        event: Event = {"type": "charity", "seat": seat, "card": cid}
    else:
        to = int(parts[2])
        state = to_hand(state, to, (cid,))
        given = list(state.charity)
        given[to] += 1
        state = replace(state, charity=tuple(given))
        event = {"type": "charity", "seat": seat, "to": to}
    state = replace(state, excess=state.excess - 1)
    if state.excess > 0:
        return open_charity(state), [event]
    state, more = next_turn(state)
    return state, [event, *more]


def cap_ranking(state: State) -> list[int]:
    """I41: the seats best first at the round cap: level, then combat strength outside a fight
    (level and every bonus in play), then turn order from the first player."""
    order = [(state.first + k) % state.num_players for k in range(state.num_players)]
    return sorted(order, key=lambda s: (-state.players[s].level, -strength(gear(state, s))))


def cap(state: State) -> tuple[State, list[Event]]:
    """I41: the round cap stops the game. The first of :func:`cap_ranking` wins, with whoever
    ties them in level and strength; nobody wins if nobody ever went up a level."""
    ranking = cap_ranking(state)

    def key(s: int) -> tuple[int, int]:
        return state.players[s].level, strength(gear(state, s))

    best = key(ranking[0])
    winners = tuple(sorted(s for s in ranking if key(s) == best and best[0] > 1))
    rnd = state.max_rounds
    state = replace(end_game(state, winners), capped=True)
    event = {"type": "capped", "round": rnd, "ranking": ranking, "winners": list(winners)}
    return state, [event]


def next_turn(state: State) -> tuple[State, list[Event]]:
    """The player on the left plays; a dead character starts by drawing again (D); after
    :attr:`State.max_rounds` rounds the cap stops the game (I41)."""
    seat = next_seat(state, state.turn)
    rnd = state.round + (seat == state.first)
    state = with_player(state, state.turn, sold=0)
    if rnd > state.max_rounds:
        return cap(state)
    state = replace(
        state,
        turn=seat,
        round=rnd,
        phase="door",
        traded=(),
        excess=0,
        choice=None,
        died=(),
    )
    events: list[Event] = [{"type": "turn_started", "seat": seat, "round": rnd}]
    if state.players[seat].reborn:
        state = with_player(deal(state, seat), seat, reborn=False)
        events.append({"type": "drew", "seat": seat, "count": 2 * deal_count(state)})
    state, more = process(state)
    return state, events + more
