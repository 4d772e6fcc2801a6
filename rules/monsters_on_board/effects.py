"""The back-page actions (K1-K9): which parameters each icon may take now, and doing it.

Why one place for icons: a die placed in the Order (J2), a town stop (M8), a ghost on a stop
(I16), a summoning track space (K8a) and a flipped Arch card (X1) all offer the same actions;
only where they come from differs. :func:`choices` lists the legal parameters of an icon
(an icon with none is not offered, I44) and :func:`perform` does it. Moving creatures is the
one action that opens a new decision (a move frame, I21); calling Spider Jack may open one
too (the track space's icon, K8a).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from rules.base import Event
from rules.monsters_on_board import content as mob
from rules.monsters_on_board.model import (
    MAX_EVIL,
    Frame,
    Param,
    Seat,
    State,
    die_colour,
    put_seat,
)
from rules.monsters_on_board.modes import mode_of

T = TypeVar("T")


def board() -> mob.NormalBoard:
    return mob.content().normal


def occupied(seat: Seat) -> set[str]:
    """Town spaces holding a creature or a servant: a creature skips them (M9, K4a)."""
    return {loc for _, loc in seat.creatures} | set(seat.servants)


def ghost_places(seat: Seat) -> dict[str, str]:
    return dict(seat.ghosts)


def free_path_spaces(seat: Seat) -> list[str]:
    """Path spaces with no ghost, servant or creature (K4, P4), in board order."""
    taken = occupied(seat) | set(ghost_places(seat))
    return [space for space in board().spaces if space not in taken]


def movable(seat: Seat, colour: str) -> tuple[int, ...]:
    """Creatures of ``colour`` that can still move: any not in the final area (M13)."""
    return tuple(i for i, (c, loc) in enumerate(seat.creatures) if c == colour and loc != "final")


def next_location(seat: Seat, creature: int) -> str:
    """Where one move takes a creature: the next space of its colour with no servant or
    creature (M5, M9); ghosts do not matter (M6); none left: the final area (I15). From the
    start or the add-creature slot the first free space of the colour (P10, I17)."""
    colour, here = seat.creatures[creature]
    path = board().path[colour]
    ahead = path[path.index(here) + 1 :] if here in path else path
    taken = occupied(seat)
    return next((space for space in ahead if space not in taken), "final")


def stop_items(seat: Seat, space: str) -> tuple[tuple[str, str], ...]:
    """The actions where a creature stopped: the printed icon and a ghost's icon (I16)."""
    items: list[tuple[str, str]] = []
    printed = board().spaces[space].icon
    if printed:
        items.append((f"space:{space}", printed))
    ghost = ghost_places(seat).get(space)
    if ghost is not None:
        items.append((f"ghost:{ghost}", mob.content().ghosts[ghost].icon))
    return tuple(items)


def summoning(row: tuple[tuple[str, int], ...], jack: int) -> int:
    """K9: the ranks of the leftmost ``jack`` dice of the row (fewer dice: those there are)."""
    return sum(rank for _, rank in row[:jack])


def gain_evil(evil: int, amount: int) -> int:
    """J8/K7: Evil above 8 is lost."""
    return min(MAX_EVIL, evil + amount)


# --- parameters ----------------------------------------------------------------------------------


def choices(state: State, seat_i: int, icon: str, fixed: str = "") -> list[tuple[Param, ...]]:
    """Every legal parameter tuple of ``icon`` for the seat now; ``fixed`` is the die just
    placed (K2a). Empty when the icon has no legal target (I44)."""
    seat = state.seats[seat_i]
    kind = mob.icon_kind(icon)
    if kind in ("juice", "evil"):
        return [()]
    if kind == "feed":
        return [(row,) for row, value in enumerate(seat.jack) if value < 6]
    if kind == "call":
        return [(row,) for row, value in enumerate(seat.summon) if value < 6]
    if kind == "promote":
        return _promotions(seat, fixed)
    if kind == "swap":
        return _swaps(seat)
    if kind == "move_creature":
        colours = mob.content().colours
        return [(c,) for c in colours if movable(seat, c)]
    if kind == "move_servant":
        return _servant_moves(seat)
    return []  # add_creature acts only when its ghost is bought (P9, K10)


def _promotions(seat: Seat, fixed: str) -> list[tuple[Param, ...]]:
    """K2: any own Lord die in the Avenue or the Order (I20) but the one just placed (K2a),
    by one within 1..6 (K2b); Spider Jack's dice are not Lord dice (K2c)."""
    dice = [*seat.avenue, *(die for row in seat.order for die in row)]
    found: list[tuple[Param, ...]] = []
    for die, rank in dice:
        if die == fixed:
            continue
        found += [(die, delta) for delta in (1, -1) if 1 <= rank + delta <= 6]
    return found


def _swaps(seat: Seat) -> list[tuple[Param, ...]]:
    """K1: any two dice of the Order; two dice of one colour and rank would change nothing
    a player can see, so that pair is not offered (keeps the list short)."""
    spots = [(r, c) for r, row in enumerate(seat.order) for c in range(len(row))]
    found: list[tuple[Param, ...]] = []
    for i, (r1, c1) in enumerate(spots):
        a = seat.order[r1][c1]
        for r2, c2 in spots[i + 1 :]:
            b = seat.order[r2][c2]
            if (die_colour(a[0]), a[1]) != (die_colour(b[0]), b[1]):
                found.append((r1, c1, r2, c2))
    return found


def _servant_moves(seat: Seat) -> list[tuple[Param, ...]]:
    """K4: one servant from anywhere to a free path space; servants in lodges are alike, so
    only the first of them is offered."""
    free = free_path_spaces(seat)
    lodges = set(board().lodges)
    found: list[tuple[Param, ...]] = []
    lodge_seen = False
    for i, place in enumerate(seat.servants):
        if place in lodges:
            if lodge_seen:
                continue
            lodge_seen = True
        found += [(i, space) for space in free]
    return found


# --- doing ---------------------------------------------------------------------------------------


def perform(
    state: State, seat_i: int, icon: str, params: tuple[Param, ...], source: str
) -> tuple[State, list[Event]]:
    """Do ``icon`` with ``params`` (already checked legal) for the seat."""
    seat = state.seats[seat_i]
    kind, amount = mob.icon_kind(icon), mob.icon_amount(icon)
    event: Event = {"type": "action", "seat": seat_i, "icon": icon, "source": source}
    event["params"] = list(params)
    if kind == "juice":
        seat = replace(seat, juice=seat.juice + amount)
    elif kind == "evil":
        seat = replace(seat, evil=gain_evil(seat.evil, amount))
    elif kind == "feed":
        row = int(params[0])
        seat = replace(seat, jack=_set(seat.jack, row, seat.jack[row] + 1))
    elif kind == "promote":
        seat = _promote(seat, str(params[0]), int(params[1]))
    elif kind == "swap":
        seat = _swap(seat, *(int(p) for p in params))
    elif kind == "move_servant":
        i = int(params[0])
        seat = replace(seat, servants=_set(seat.servants, i, str(params[1])))
    elif kind == "move_creature":
        colour = str(params[0])
        frame = Frame("move", f"move:{colour}", colour=colour, left=movable(seat, colour))
        seat = replace(seat, stack=(*seat.stack, frame))
    elif kind == "call":
        return _call(state, seat_i, int(params[0]), event)
    return put_seat(state, seat_i, seat), [event]


def _call(state: State, seat_i: int, row: int, event: Event) -> tuple[State, list[Event]]:
    """K8: advance a summoning marker; a summon space scores the row above (K8b, K9); an
    icon space opens that action at once (K8a)."""
    seat = state.seats[seat_i]
    position = seat.summon[row] + 1
    seat = replace(seat, summon=_set(seat.summon, row, position))
    spot = board().tracks[row][position]
    events = [event]
    missed = 0
    if spot.summon:
        gained = summoning(seat.order[row], seat.jack[row])
        missed = sum(rank for _, rank in seat.order[row][seat.jack[row] :])
        seat = replace(seat, juice=seat.juice + gained)
        events.append({"type": "summoning", "seat": seat_i, "row": row, "juice": gained})
    if spot.icon:
        source = f"track:{row}"
        frame = Frame("actions", source, items=((source, spot.icon),))
        seat = replace(seat, stack=(*seat.stack, frame))
    state = put_seat(state, seat_i, seat)
    if missed:  # solo 2's T13: what the Spider Jack die was too low for
        state, more = mode_of(state).missed_summoning(state, missed)
        events += more
    return state, events


def _promote(seat: Seat, die: str, delta: int) -> Seat:
    avenue = tuple((d, r + delta) if d == die else (d, r) for d, r in seat.avenue)
    order = tuple(
        tuple((d, r + delta) if d == die else (d, r) for d, r in row) for row in seat.order
    )
    return replace(seat, avenue=avenue, order=order)


def _swap(seat: Seat, r1: int, c1: int, r2: int, c2: int) -> Seat:
    rows = [list(row) for row in seat.order]
    rows[r1][c1], rows[r2][c2] = rows[r2][c2], rows[r1][c1]
    return replace(seat, order=tuple(tuple(row) for row in rows))


def _set(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with one position replaced."""
    return (*values[:index], value, *values[index + 1 :])
