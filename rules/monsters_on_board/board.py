"""Phases 3 and 4 of a seat (creature movement M1-M14, the Spider Jack phase J1-J9) and the
decision stack every phase shares.

Why a stack per seat: one die opens a move (M5), whose stops open actions (M8), one of which
may move creatures again (K3, I21) or call Spider Jack onto a track icon (K8a), and an Arch
card may be flipped in between (I19). Each of those is a :class:`~.model.Frame` pushed on the
seat's stack; :func:`settle` plays every step that needs no choice (a lone creature's move, a
finished frame) so that the top frame, if any, is always a real decision. Depth first: a
frame is finished before the one below it comes back.
"""

from __future__ import annotations

from dataclasses import replace

from rules.base import Event
from rules.monsters_on_board import content as mob
from rules.monsters_on_board.effects import (
    choices,
    gain_evil,
    next_location,
    perform,
    stop_items,
)
from rules.monsters_on_board.lanes import lane_step
from rules.monsters_on_board.model import (
    COLUMNS,
    Action,
    Activate,
    Frame,
    MoveNext,
    Place,
    Seat,
    Skip,
    State,
    Use,
    die_colour,
    put_seat,
)

# --- the stack -----------------------------------------------------------------------------------


def stack_actions(state: State, seat_i: int) -> list[Action]:
    """The legal answers to the seat's top frame."""
    seat = state.seats[seat_i]
    top = seat.stack[-1]
    if top.kind == "move":
        return [MoveNext(i) for i in top.left]
    found: list[Action] = []
    seen: set[tuple[str, str]] = set()
    for source, icon in top.items:
        if (source, icon) in seen:
            continue
        seen.add((source, icon))
        found += [Use(source, icon, p) for p in choices(state, seat_i, icon, top.fixed)]
    found.append(Skip(top.source))
    return found


def move_one(state: State, seat_i: int, creature: int) -> tuple[State, list[Event]]:
    """Move one creature of the top move frame to its next location (M5, M9, I15)."""
    seat = state.seats[seat_i]
    top = seat.stack[-1]
    colour, here = seat.creatures[creature]
    there = next_location(seat, creature)
    creatures = list(seat.creatures)
    creatures[creature] = (colour, there)
    stopped = top.stopped if there == "final" else (*top.stopped, creature)
    left = tuple(i for i in top.left if i != creature)
    frame = replace(top, left=left, stopped=stopped)
    seat = replace(seat, creatures=tuple(creatures), stack=(*seat.stack[:-1], frame))
    event: Event = {"type": "creature_moved", "seat": seat_i, "creature": creature}
    event.update({"colour": colour, "from": here, "to": there})
    return put_seat(state, seat_i, seat), [event]


def settle(state: State, seat_i: int) -> tuple[State, list[Event]]:
    """Play every step of the seat's stack that needs no choice: the one creature left to
    move (M7), a finished move becoming its stops' actions (M8, I16), an empty frame, a
    family lane move up to its next area choice (FM7, FM8)."""
    events: list[Event] = []
    while state.seats[seat_i].stack:
        seat = state.seats[seat_i]
        top = seat.stack[-1]
        if top.kind == "lane":  # family mode: a creature's lane move, one space at a time
            state, more = lane_step(state, seat_i)
            events += more
            continue
        arrived = tuple(i for i in top.left if seat.creatures[i][1] == "final")
        if arrived:  # a flip inside this move took a creature to the final area (M13)
            left = tuple(i for i in top.left if i not in arrived)
            frame = replace(top, left=left)
            state = put_seat(state, seat_i, replace(seat, stack=(*seat.stack[:-1], frame)))
            continue
        if top.kind == "move" and len(top.left) == 1:
            state, more = move_one(state, seat_i, top.left[0])
            events += more
            continue
        if top.kind == "move" and not top.left:
            items = tuple(
                item for i in top.stopped for item in stop_items(seat, seat.creatures[i][1])
            )
            frame = Frame("actions", "stops", items=items)
            state = put_seat(state, seat_i, replace(seat, stack=(*seat.stack[:-1], frame)))
            continue
        if top.kind == "actions" and not top.items:
            state = put_seat(state, seat_i, replace(seat, stack=seat.stack[:-1]))
            continue
        break
    return state, events


def use(state: State, seat_i: int, action: Use) -> tuple[State, list[Event]]:
    """Do one open icon of the top frame and take it off the frame (J2, M8)."""
    seat = state.seats[seat_i]
    top = seat.stack[-1]
    items = list(top.items)
    items.remove((action.source, action.icon))
    frame = replace(top, items=tuple(items))
    state = put_seat(state, seat_i, replace(seat, stack=(*seat.stack[:-1], frame)))
    state, events = perform(state, seat_i, action.icon, action.params, action.source)
    state = _inherit_fixed(state, seat_i, depth=len(seat.stack), fixed=top.fixed)
    state, more = settle(state, seat_i)
    return state, events + more


def _inherit_fixed(state: State, seat_i: int, depth: int, fixed: str) -> State:
    """A track space reached by a placed die's call is still that die's doing, so the die
    stays unchangeable there (K2a, I47); frames of a creature move are the stops' own."""
    seat = state.seats[seat_i]
    if not fixed or len(seat.stack) <= depth or not seat.stack[depth].source.startswith("track:"):
        return state
    frames = list(seat.stack)
    frames[depth] = replace(frames[depth], fixed=fixed)
    return put_seat(state, seat_i, replace(seat, stack=tuple(frames)))


def skip(state: State, seat_i: int, action: Skip) -> tuple[State, list[Event]]:
    """Forgo what is left of the top frame (J3: it cannot be kept for later)."""
    seat = state.seats[seat_i]
    state = put_seat(state, seat_i, replace(seat, stack=seat.stack[:-1]))
    state, events = settle(state, seat_i)
    return state, [{"type": "skipped", "seat": seat_i, "source": action.source}, *events]


def move_next(state: State, seat_i: int, action: MoveNext) -> tuple[State, list[Event]]:
    state, events = move_one(state, seat_i, action.creature)
    state, more = settle(state, seat_i)
    return state, events + more


# --- phases 3 and 4 ------------------------------------------------------------------------------


def stage(seat: Seat) -> str:
    """Where the seat is in its own phases 3-4: ``move`` until all four Avenue dice are
    activated (M2), ``place`` until three are in the Order (J1), then ``done``."""
    if seat.done:
        return "done"
    if len(seat.activated) < 4:
        return "move"
    return "place"


def board_actions(state: State, seat_i: int) -> list[Action]:
    seat = state.seats[seat_i]
    if stage(seat) == "move":
        return [Activate(d) for d, _ in seat.avenue if d not in seat.activated]
    if stage(seat) == "place":
        rows = [r for r, row in enumerate(seat.order) if len(row) < COLUMNS]
        return [Place(d, r) for d, _ in seat.avenue for r in rows]
    return []


def activate(state: State, seat_i: int, action: Activate) -> tuple[State, list[Event]]:
    """M2-M5: slide the die down and move every creature of its colour (M7: the player
    chooses their order when there are two or more)."""
    seat = state.seats[seat_i]
    colour = die_colour(action.die)
    left = tuple(i for i, (c, loc) in enumerate(seat.creatures) if c == colour and loc != "final")
    frame = Frame("move", f"die:{action.die}", colour=colour, left=left)
    seat = replace(seat, activated=(*seat.activated, action.die), stack=(*seat.stack, frame))
    state = put_seat(state, seat_i, seat)
    state, events = settle(state, seat_i)
    return state, [{"type": "activated", "seat": seat_i, "die": action.die}, *events]


def place(state: State, seat_i: int, action: Place) -> tuple[State, list[Event]]:
    """J1/J2: the die goes to the leftmost empty space of the row; its icons open."""
    seat = state.seats[seat_i]
    die = next(d for d in seat.avenue if d[0] == action.die)
    order = list(seat.order)
    order[action.row] = (*order[action.row], die)
    source = f"die:{die[0]}"
    icons = mob.content().dice[die[0]].faces[die[1]]
    frame = Frame("actions", source, items=tuple((source, i) for i in icons), fixed=die[0])
    seat = replace(
        seat,
        avenue=tuple(d for d in seat.avenue if d[0] != action.die),
        order=tuple(order),
        stack=(*seat.stack, frame),
    )
    event: Event = {"type": "placed", "seat": seat_i, "die": die[0], "rank": die[1]}
    event["row"] = action.row
    return put_seat(state, seat_i, seat), [event]


def fourth_die(state: State, seat_i: int) -> tuple[State, list[Event]]:
    """J4-J6: once three dice are placed and their actions are over, the last Avenue die
    gives Evil by its rank (its icons ignored) and goes back to the bag; the seat is done."""
    seat = state.seats[seat_i]
    if seat.done or seat.stack or len(seat.activated) < 4 or len(seat.avenue) != 1:
        return state, []
    ((die, rank),) = seat.avenue
    gained = mob.evil_for_rank(rank)
    seat = replace(seat, avenue=(), activated=(), evil=gain_evil(seat.evil, gained), done=True)
    state = replace(put_seat(state, seat_i, seat), bag=tuple(sorted((*state.bag, die))))
    event: Event = {"type": "fourth_die", "seat": seat_i, "die": die, "rank": rank}
    event["evil"] = gained
    return state, [event]
