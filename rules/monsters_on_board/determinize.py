"""Monsters on Board's ``determinize`` (issue 28): one table that a seat cannot tell from the
real one, with everything hidden from it dealt anew.

Why: the hard bot searches over states it may believe in, never over the real hidden cards.
What a seat sees is its view (:mod:`.views`): the cars, every board, the markets, the bought
cards, Spider Jack's area, the bag's count per colour, its own prophecy and pick. So the
re-deal keeps all that and changes only:

- the other seats' prophecy cards, until the end: any of the twelve but the seat's own (the
  rest stay in the box, so a card the seat never saw may be anyone's);
- a pick another seat made this draft step before the cars pass (simultaneous draft and
  family mode, I8): any die of the car in front of it, and in family mode any row with room
  (the turn-order draft shows each pick at once, D5, so it is kept);
- the order of the Arch deck, the ghost supply and the solo deck (counts only in the view);
- the dice to come: the state's :class:`~rules.base.Rng`, reseeded from ``rng`` (which dice
  leave the bag and how they roll; the bag itself is every die not in sight).

``rng`` alone drives the re-deal (never the state's ``Rng``, which holds the real future).
"""

from __future__ import annotations

import random
from dataclasses import replace

from rules.base import Rng
from rules.monsters_on_board.model import COLUMNS, Seat, State
from rules.monsters_on_board.modes import mode_of
from rules.monsters_on_board.prophecy import prophecy_cards


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """``state`` as ``seat`` may believe it: the same view, the hidden cards re-dealt."""
    seats = list(state.seats)
    if not state.over:
        seats = _prophecies(seats, seat, rng)
    if state.draft == "simultaneous":
        seats = [s if i == seat else _re_pick(state, i, s, rng) for i, s in enumerate(seats)]
    return replace(
        state,
        seats=tuple(seats),
        arch_deck=_shuffled(state.arch_deck, rng),
        ghost_supply=_shuffled(state.ghost_supply, rng),
        solo_deck=_shuffled(state.solo_deck, rng),
        rng=Rng(rng.getrandbits(63)),
    )


def _shuffled(cards: tuple[str, ...], rng: random.Random) -> tuple[str, ...]:
    pile = list(cards)
    rng.shuffle(pile)
    return tuple(pile)


def _prophecies(seats: list[Seat], seat: int, rng: random.Random) -> list[Seat]:
    """Each other seat's prophecy drawn from the cards ``seat`` does not hold: "ogni giocatore
    ne prende una a caso (rimetti le carte rimanenti nella scatola) ... tienila nascosta agli
    altri" (S4); they are shown only at the end."""
    others = [i for i, s in enumerate(seats) if i != seat and s.prophecy is not None]
    box = sorted(set(prophecy_cards()) - {seats[seat].prophecy})
    for i, card in zip(others, rng.sample(box, len(others)), strict=True):
        seats[i] = replace(seats[i], prophecy=card)
    return seats


def _re_pick(state: State, index: int, seat: Seat, rng: random.Random) -> Seat:
    """I8/FM6: a pick not yet revealed may be any die of the car in front of the seat (and,
    in family mode, any row of its Order with room)."""
    if seat.pick is None:
        return seat
    car = state.cars[mode_of(state).car_of(state, index)]
    pick = rng.choice([slot for slot, die in enumerate(car) if die is not None])
    if seat.pick_row is None:
        return replace(seat, pick=pick)
    rows = [r for r, row in enumerate(seat.order) if len(row) < COLUMNS]
    return replace(seat, pick=pick, pick_row=rng.choice(rows))
