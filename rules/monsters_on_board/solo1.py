"""Solo mode 1, beat yourself (O1-O9): the normal game for one seat against an AI that only
drafts.

Why so little: "Prepara la tua Plancia come di consueto" — everything but the draft and the
market's end of phase is the normal game. The AI has a car of its own, swapped with the
player's each step (O6), and picks right after the player by the revealed solo card (O5: T6,
T7 read by I38); its four dice go back to the bag when the draft ends (I35). After each
spectral phase the market loses its rightmost items (O7, O8). The score is one number to
beat (O9, I36).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.base import Event
from rules.monsters_on_board import content as mob
from rules.monsters_on_board.model import Die, State, die_colour
from rules.monsters_on_board.modes import Mode
from rules.monsters_on_board.spectral import discard_rightmost


class Solo1(Mode):
    id = "solo1"
    seats = (1, 1)

    def setup(self, state: State, options: dict[str, Any]) -> State:
        """O1: all 30 solo cards shuffled face down."""
        deck, rng = state.rng.shuffled(sorted(mob.content().solo_cards))
        return replace(state, solo_deck=deck, rng=rng)

    def cars(self, state: State) -> int:
        return 2

    def car_of(self, state: State, seat: int) -> int:
        """O6: the two cars swap each step; the player starts with car 0."""
        return state.step % 2

    def before_arrivals(self, state: State) -> tuple[State, list[Event]]:
        """O4: reveal the next solo card."""
        if not state.solo_deck:
            return state, []
        card, *rest = state.solo_deck
        state = replace(state, solo_deck=tuple(rest), solo_revealed=(*state.solo_revealed, card))
        return state, [{"type": "solo_card", "card": card}]

    def after_pick(self, state: State) -> tuple[State, list[Event]]:
        return ai_pick(state)

    def end_draft(self, state: State) -> tuple[State, list[Event]]:
        """I35: the AI's dice go back to the bag."""
        bag = tuple(sorted((*state.bag, *(d for d, _ in state.ai_picks))))
        return replace(state, bag=bag, ai_picks=()), []

    def end_spectral(self, state: State) -> tuple[State, list[Event]]:
        return discard_rightmost(state, 1 if state.seats[0].bought else 2)

    def outcome(self, state: State, result: dict[str, Any]) -> dict[str, Any]:
        """O9/I36: one score, the player "wins" it; the bot keeps the best per user."""
        return {**result, "winners": [0], "solo": "beat_yourself"}

    def view(self, state: State) -> dict[str, Any]:
        return {
            "solo": {
                "revealed": state.solo_revealed[-1] if state.solo_revealed else None,
                "deck": len(state.solo_deck),
                "ai_picks": [list(d) for d in state.ai_picks],
            }
        }


def ai_choice(car: tuple[Die | None, ...], colour: str, high: bool) -> int:
    """T7: the symbol's colour (white or none of it in the car: no preference), then the
    highest or lowest rank, then the slot nearest the hood (I38)."""
    dice = {i: die for i, die in enumerate(car) if die is not None}
    coloured = {i: die for i, die in dice.items() if die_colour(die[0]) == colour}
    if colour != mob.WHITE and coloured:
        dice = coloured
    best = (max if high else min)(rank for _, rank in dice.values())
    return min(i for i, (_, rank) in dice.items() if rank == best)


def ai_pick(state: State) -> tuple[State, list[Event]]:
    """O5: after the player's pick the AI takes one die from its car by the revealed card's
    symbol for this step (T6); the fourth step takes the die left."""
    ai_car = 1 - state.step % 2
    car = state.cars[ai_car]
    if state.step < len(mob.content().solo_cards[state.solo_revealed[-1]].symbols):
        symbol = mob.content().solo_cards[state.solo_revealed[-1]].symbols[state.step]
        slot = ai_choice(car, symbol.colour, symbol.pick == "high")
    else:
        slot = next(i for i, die in enumerate(car) if die is not None)
    die = car[slot]
    assert die is not None
    cars = list(state.cars)
    cars[ai_car] = (*car[:slot], None, *car[slot + 1 :])
    state = replace(state, cars=tuple(cars), ai_picks=(*state.ai_picks, die))
    return state, [{"type": "ai_picked", "die": die[0], "rank": die[1], "slot": slot}]
