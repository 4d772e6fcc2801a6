"""Notte di Terrore's ``search_value``: where the ``hard`` search (:mod:`rules.search`) stops
a playout, a seat's chance to win: the rest of the turn played by the normal bot, then the
race read from the table by weights fitted on normal-bot games.

Why the race and not the Terror alone: the first player home ends the game and takes -2 and -5
on the way (L6, L7), so the one who gets home wins most games (62 % of 3 000 3-player
normal-bot games). A softmax of the Terror alone judged turn-start positions worse than a
uniform guess (log loss 1.41 against 1.10 on held-out positions); the fitted weights below
give 0.94, with the Places left weighing most and the Terror more as the end nears.

Why the turn played out: a Notte turn is about 13 moves (the Apparition round, then the
Resolution), and the Terror piles and Places change only at its end, so a position inside a
turn is judged where that turn ends; the normal bot plays the rest, blind to nothing it
could not see in the re-dealt state the search hands it.
"""

from __future__ import annotations

import math

from rules.notte_di_terrore import bot
from rules.notte_di_terrore.engine import apply, pending
from rules.notte_di_terrore.model import (
    Player,
    State,
    hand_kinds,
    is_event,
    left_of,
    outcome,
    terror_score,
)
from rules.search.mcts import win_share

MAX_TURN_MOVES = 200
"""A turn this long is a bug; the playout stops there and judges what it has."""


def search_value(state: State, seat: int) -> float:
    """``seat``'s win chance in ``[0, 1]``: the win share once the game is over, else the
    fitted race once the normal bot has played the current turn out."""
    state = finish_turn(state)
    result = outcome(state)
    if result is not None:
        return win_share(result, seat)
    return race(state)[seat]


def searched(state: State, seat: int) -> bool:
    """Whether the hard search takes this decision (``search_scope``): the active seat's own
    fight, its Apparition (a Being it may kill) and its Resolution (attack, flee or stay),
    which the race judges where the turn ends. Not the others': the split, the Discard and
    Refill, the Weapons kept (the race cannot tell a hand's make-up: searched, the bot chose
    a hand of Events only and won 3 of 22 games where normal won 10), nor the haunting of
    another seat's Place (searched too, it won 7 of 16 games, as normal did on those seeds,
    at several times the cost)."""
    if seat != state.current:
        return False
    return state.phase in ("apparition", "resolution")


def finish_turn(state: State) -> State:
    """``state`` once the current turn is over (the next turn begun, or the game over),
    every move by the normal bot."""
    if turn_started(state):
        return state
    turn = state.turn_number
    for _ in range(MAX_TURN_MOVES):
        if state.over or (state.turn_number != turn and state.phase == "apparition"):
            break
        mover = pending(state)[0]
        state, _ = apply(state, mover, bot.bot_action(state, mover))
    return state


def turn_started(state: State) -> bool:
    """Whether nobody has moved yet in the current turn (a move that ended the last turn
    leaves the next one just begun, which is where it is judged). A fresh Place holds no
    Being until someone places one; a Place kept from an earlier turn holds only its
    survivors, bare (their Events went to the pile, R4) and none summoned (N3); the first
    card of the round changes that, and a pass shows in ``passed``."""
    if state.phase != "apparition" or state.passed:
        return False
    if state.to_act != left_of(state.current, state.num_players):
        return False
    player = state.players[state.current]
    if not player.infested:
        return not player.monsters
    return all(not m.events and m.summoned_by is None for m in player.monsters)


def race(state: State) -> list[float]:
    """Each seat's win chance from the fitted weights (a softmax over seats)."""
    left = [_places_left(p) for p in state.players]
    nearest = max(min(left), 1)
    scores = [_score(state, s, left[s], nearest) for s in range(state.num_players)]
    top = max(scores)
    weights = [math.exp(x - top) for x in scores]
    total = sum(weights)
    return [w / total for w in weights]


WEIGHTS: dict[str, float] = {
    "terror": 0.033,
    "fixed": -0.028,
    "left": -0.368,
    "foes": -0.017,
    "standing": -0.032,
    "events": 0.0,
    "coverage": 1.011,
    "terror_near": -0.201,
    "last_place": 0.44,
}
"""A seat's score (its log-odds up to a constant), fitted by a softmax over the seats on the
turn-start positions of 3 000 normal-bot 3-player games (seeds 100000..101499 and
200000..201499): Terror (its weight grows as the nearest seat nears home: ``terror_near`` is
the Terror over that seat's Places left), Terror in Beings (never removed, I6), Places left,
the Beings standing on the seat's Place and what they would add, Events in hand, how widely
its Weapons cover the Being types (:func:`bot.coverage`), on the last Place."""

ORDER_WEIGHTS: dict[int, tuple[tuple[float, float], ...]] = {
    3: ((0.0, 0.0), (-0.169, 0.038), (-0.227, 0.019)),
}
"""By seats at the table, per turns until the seat is active (0: active now): a constant and
a weight per Place left (being next to play is worth a tempo in the race)."""


def _score(state: State, seat: int, left: int, nearest: int) -> float:
    player = state.players[seat]
    w = WEIGHTS
    terror = terror_score(player.pile)
    foes = [bot.foe(m) for m in player.monsters]
    held = [*player.table, *([player.weapon_hand] if player.weapon_hand else [])]
    order = (seat - state.current) % state.num_players
    base, per_place = _order_weights(state.num_players)[order]
    return (
        terror * (w["terror"] + w["terror_near"] / nearest)
        + w["fixed"] * sum(c.score for c in player.pile if not is_event(c.card))
        + left * (w["left"] + per_place)
        + base
        + w["foes"] * len(foes)
        + w["standing"] * sum(f.events + f.value for f in foes)
        + w["events"] * hand_kinds(player.hand)[0]
        + (w["coverage"] * bot.coverage(held, []) if held else 0.0)
        + (w["last_place"] if left == 1 else 0.0)
    )


def _order_weights(players: int) -> tuple[tuple[float, float], ...]:
    """The fitted order weights of the nearest table size fitted."""
    nearest = min(ORDER_WEIGHTS, key=lambda n: abs(n - players))
    fitted = ORDER_WEIGHTS[nearest]
    return tuple(fitted[min(i, len(fitted) - 1)] for i in range(players))


def _places_left(player: Player) -> int:
    return len(player.face_down) + (player.revealed is not None)
