"""Phase 5 (the spectral phase P1-P14, with solo 1's market discards O7, O8 and solo 2's
purchase T14), the round's end (E1, E2), the final window for Arch flips (X2) and final
scoring (F1-F10, through :mod:`.scoring`).

Why the market is a row of optional slots: an empty ghost supply or Arch deck leaves a slot
empty (I43); a purchase or a discard slides what is left of it to the right and refills the
leftmost slot (P7, P13), so prices (position from the right, I14) age as in the box.
"""

from __future__ import annotations

from dataclasses import asdict, replace
from typing import Any

from rules.base import Event
from rules.monsters_on_board import content as mob
from rules.monsters_on_board.draft import arrivals
from rules.monsters_on_board.effects import free_path_spaces
from rules.monsters_on_board.model import (
    ROUNDS,
    Action,
    BuyArch,
    BuyGhost,
    Pass,
    State,
    jsonable,
    put_seat,
)
from rules.monsters_on_board.modes import mode_of
from rules.monsters_on_board.sheets import sheets_of

# --- the market ----------------------------------------------------------------------------------


def take(
    market: tuple[str | None, ...], slot: int, supply: tuple[str, ...]
) -> tuple[tuple[str | None, ...], tuple[str, ...]]:
    """Remove ``slot``; the items to its left slide right and the leftmost slot takes the top
    of the supply, if any (P7, P13, I43). Returns the market and the supply."""
    left = [item for item in market[:slot] if item is not None]
    right = list(market[slot + 1 :])
    slid: list[str | None] = [None] * (slot + 1 - len(left)) + list(left)
    if supply and slid[0] is None:
        slid[0], supply = supply[0], supply[1:]
    return (*slid, *right), supply


def price(slot: int) -> int:
    return mob.content().market_prices[slot]


def creature_supply(state: State, colour: str) -> int:
    """Creatures of ``colour`` not on any board nor in Spider Jack's area: 6 per colour in
    the box (I17)."""
    used = sum(c == colour for seat in state.seats for c, _ in seat.creatures)
    used += mode_of(state).creatures_elsewhere(state, colour)
    return mob.content().components.get("creatures", 36) // 6 - used


def ghost_targets(state: State, seat_i: int, ghost_id: str) -> list[str]:
    """Where a bought ghost may go: an empty path space of its colour (P4), any colour for a
    multicolour ghost (P5), or its colour's empty add-creature slot with a creature in the
    supply for an add-creature ghost (P9, I17)."""
    seat = state.seats[seat_i]
    ghost = mob.content().ghosts[ghost_id]
    if mob.icon_kind(ghost.icon) == "add_creature":
        slot = mob.content().normal.add_slots[ghost.colour]
        taken = {place for place, _ in seat.ghosts} | {loc for _, loc in seat.creatures}
        if slot in taken or creature_supply(state, ghost.colour) <= 0:
            return []
        return [slot]
    spaces = mob.content().normal.spaces
    return [
        space
        for space in free_path_spaces(seat)
        if ghost.colour == mob.MULTI or spaces[space].colour == ghost.colour
    ]


def spectral_actions(state: State, seat_i: int) -> list[Action]:
    """P1: buy one Arch card or one ghost the seat's Evil covers (P3, P11), or pass."""
    seat = state.seats[seat_i]
    found: list[Action] = []
    for slot, card in enumerate(state.arch_market):
        if card is not None and price(slot) <= seat.evil:
            found.append(BuyArch(slot))
    for slot, ghost in enumerate(state.ghost_market):
        if ghost is not None and price(slot) <= seat.evil:
            found += [BuyGhost(slot, t) for t in ghost_targets(state, seat_i, ghost)]
    found.append(Pass())
    return found


def start_spectral(state: State) -> State:
    seats = tuple(replace(s, bought=0, done=False) for s in state.seats)
    return replace(state, seats=seats, phase="spectral", turn=state.first, passes=0)


def buy_ghost(state: State, seat_i: int, action: BuyGhost) -> tuple[State, list[Event]]:
    """P3-P9: pay, place the ghost face up (an add-creature ghost brings a creature from the
    supply onto it, P9), slide and refill (P7)."""
    seat = state.seats[seat_i]
    ghost = state.ghost_market[action.slot]
    assert ghost is not None
    market, supply = take(state.ghost_market, action.slot, state.ghost_supply)
    creatures = seat.creatures
    colour = mob.content().ghosts[ghost].colour
    if action.target == mob.content().normal.add_slots.get(colour):
        creatures = (*creatures, (colour, action.target))
    seat = replace(
        seat,
        evil=seat.evil - price(action.slot),
        ghosts=(*seat.ghosts, (action.target, ghost)),
        creatures=creatures,
        bought=seat.bought + 1,
    )
    state = replace(put_seat(state, seat_i, seat), ghost_market=market, ghost_supply=supply)
    event: Event = {"type": "bought_ghost", "seat": seat_i, "ghost": ghost}
    event.update({"slot": action.slot, "target": action.target, "price": price(action.slot)})
    state, more = mode_of(state).after_spectral_turn(_next_turn(state, passed=False))
    return state, [event, *more]


def buy_arch(state: State, seat_i: int, action: BuyArch) -> tuple[State, list[Event]]:
    """P11-P13: pay, the card goes face up before the seat, slide and refill."""
    seat = state.seats[seat_i]
    card = state.arch_market[action.slot]
    assert card is not None
    market, deck = take(state.arch_market, action.slot, state.arch_deck)
    seat = replace(
        seat,
        evil=seat.evil - price(action.slot),
        arch=(*seat.arch, card),
        bought=seat.bought + 1,
    )
    state = replace(put_seat(state, seat_i, seat), arch_market=market, arch_deck=deck)
    event: Event = {"type": "bought_arch", "seat": seat_i, "card": card}
    event.update({"slot": action.slot, "price": price(action.slot)})
    state, more = mode_of(state).after_spectral_turn(_next_turn(state, passed=False))
    return state, [event, *more]


def pass_turn(state: State, seat_i: int) -> tuple[State, list[Event]]:
    """P2, P14: a pass is not final; the phase ends after everyone passes in a row (solo 2:
    Spider Jack's purchase comes first, T14)."""
    state, more = mode_of(state).after_spectral_turn(_next_turn(state, passed=True))
    events: list[Event] = [{"type": "passed", "seat": seat_i}, *more]
    if state.passes >= state.num_players:
        state, more = end_spectral(state)
        events += more
    return state, events


def _next_turn(state: State, passed: bool) -> State:
    passes = state.passes + 1 if passed else 0
    return replace(state, turn=(state.turn + 1) % state.num_players, passes=passes)


def end_spectral(state: State) -> tuple[State, list[Event]]:
    """The phase is over: solo 1 discards from the market (O7, O8), then the round ends."""
    state, events = mode_of(state).end_spectral(state)
    state, more = end_round(state)
    return state, events + more


def discard_rightmost(state: State, count: int) -> tuple[State, list[Event]]:
    """Discard the ``count`` rightmost ghosts and Arch cards, refilling as always (solo 1's
    O7, O8)."""
    ghosts, supply, gone_g = state.ghost_market, state.ghost_supply, list(state.ghost_discard)
    cards, deck, gone_a = state.arch_market, state.arch_deck, list(state.arch_discard)
    for _ in range(count):
        slot = _rightmost(ghosts)
        if slot is not None:
            gone_g.append(ghosts[slot] or "")
            ghosts, supply = take(ghosts, slot, supply)
        slot = _rightmost(cards)
        if slot is not None:
            gone_a.append(cards[slot] or "")
            cards, deck = take(cards, slot, deck)
    new = (tuple(gone_g[len(state.ghost_discard) :]), tuple(gone_a[len(state.arch_discard) :]))
    state = replace(
        state,
        ghost_market=ghosts,
        ghost_supply=supply,
        ghost_discard=tuple(gone_g),
        arch_market=cards,
        arch_deck=deck,
        arch_discard=tuple(gone_a),
    )
    return state, [{"type": "solo_discard", "ghosts": list(new[0]), "arch": list(new[1])}]


def _rightmost(market: tuple[str | None, ...]) -> int | None:
    return next((i for i in reversed(range(len(market))) if market[i] is not None), None)


# --- round end, final window, scoring ------------------------------------------------------------


def end_round(state: State) -> tuple[State, list[Event]]:
    """E1: after round 6 final scoring follows (after the X2 window); E2: otherwise the first
    player passes left, the round advances and arrivals follow."""
    if state.round >= ROUNDS:
        return final_window(state)
    first = (state.first + 1) % state.num_players
    state = replace(state, first=first, round=state.round + 1)
    state, events = arrivals(state)
    return state, [{"type": "round", "round": state.round, "first": first}, *events]


def final_window(state: State) -> tuple[State, list[Event]]:
    """X2: every holder of unflipped Arch cards may flip them before F2; the others wait."""
    seats = tuple(replace(s, done=not s.arch) for s in state.seats)
    state = replace(state, seats=seats, phase="final_window")
    if all(s.done for s in seats):
        return finish(state)
    return state, [{"type": "final_window"}]


def finish(state: State) -> tuple[State, list[Event]]:
    """F2: the dice beyond each row's Spider Jack die leave the game; then the sheets."""
    seats = tuple(
        replace(
            seat,
            order=tuple(row[: seat.jack[r]] for r, row in enumerate(seat.order)),
            removed=tuple((r, d) for r, row in enumerate(seat.order) for d in row[seat.jack[r] :]),
        )
        for seat in state.seats
    )
    state = replace(state, phase="over", seats=seats)
    state, events = mode_of(state).at_finish(state)
    scores = [s.total for s in sheets_of(state)]
    if state.jack is not None:  # solo 2: [you, Spider Jack] as in the outcome (T1)
        scores.append(state.jack.juice)
    return state, [*events, {"type": "game_over", "scores": scores}]


def outcome(state: State) -> dict[str, Any] | None:
    """The scores and sheets; the mode names the winners (F9/F10; solo 1: O9, I36)."""
    if not state.over:
        return None
    sheets = sheets_of(state)
    result: dict[str, Any] = {
        "scores": [s.total for s in sheets],
        "sheets": [jsonable(asdict(s)) for s in sheets],
        "prophecies": [seat.prophecy for seat in state.seats],
    }
    return mode_of(state).outcome(state, result)
