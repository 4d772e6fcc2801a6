"""The end of a turn and the start of the next: charity (T4), the next player's turn (with a
dead character's new deal, D6) and the round cap (I41).

Why charity is a choice card by card: the giver decides which cards go and, on a tie for the
lowest level, who gets the bigger half (T: "Decidi tu a chi assegnare la metà più grande"); each
card given is one answer with a default, so the table never waits for ever.

Why apart from :mod:`.turn`: charity is a step of :mod:`.effects`' queue (asked again after a
play made during it, I9), so it sits below the queue, and the turn's door and trouble sit above
it (a trap kicked strikes through the queue). Nothing here runs the queue: the engine runs it
after every action, so jobs left waiting resume with the next turn.
"""

from __future__ import annotations

from dataclasses import replace

from rules.base import Event
from rules.munchkin_fu.character import strength
from rules.munchkin_fu.content import DOOR, TREASURE
from rules.munchkin_fu.model import HAND_LIMIT, Choice, State, with_player
from rules.munchkin_fu.table import (
    cheapest_card,
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


def deal(state: State, seat: int) -> State:
    """2+2 (4+4 fast) cards into ``seat``'s hand, face down."""
    count = deal_count(state)
    state, doors = draw(state, DOOR, count)
    state, treasures = draw(state, TREASURE, count)
    return to_hand(state, seat, doors + treasures)


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
    return state, events
