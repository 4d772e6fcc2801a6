"""Family mode's lanes (I31): one lane of 12 spaces per colour, and a creature's move along its
lane one space at a time (FM7-FM11).

Why apart from :mod:`.family`: a lane move is a frame on the seat's stack, played out by
:func:`~.board.settle` like every other move, and family mode's phases build on the board; so
the lane step lives below both.
"""

from __future__ import annotations

from dataclasses import replace

from rules.base import Event
from rules.monsters_on_board import content as mob
from rules.monsters_on_board.effects import choices
from rules.monsters_on_board.model import Frame, State, put_seat


def lane_id(colour: str, area: int) -> str:
    return f"start-{colour}" if area == 0 else f"f{area:02d}-{colour}"


def lane_area(location: str) -> int:
    """0 on the start point, else the lane space's area 1..12."""
    return 0 if location.startswith("start-") else int(location[1:3])


def lane_step(state: State, seat_i: int) -> tuple[State, list[Event]]:
    """One space of the top lane frame (FM7): area 12 gives 12 Juice and sends the creature
    back to its start (FM11); entering area 4 or 8 opens its optional action (FM8-FM10) when
    it has a target (I44). A frame with no steps left is done."""
    seat = state.seats[seat_i]
    top = seat.stack[-1]
    if top.steps <= 0:
        return put_seat(state, seat_i, replace(seat, stack=seat.stack[:-1])), []
    index = next(i for i, (c, _) in enumerate(seat.creatures) if c == top.colour)
    here = seat.creatures[index][1]
    area = lane_area(here) + 1
    stack = (*seat.stack[:-1], replace(top, steps=top.steps - 1))
    creatures = list(seat.creatures)
    creatures[index] = (top.colour, lane_id(top.colour, area))
    seat = replace(seat, creatures=tuple(creatures), stack=stack)
    event: Event = {"type": "creature_moved", "seat": seat_i, "creature": index}
    event.update({"colour": top.colour, "from": here, "to": lane_id(top.colour, area)})
    events = [event]
    icon = mob.content().family.area_actions.get(area)
    if area == mob.AREAS and icon is not None:
        creatures[index] = (top.colour, lane_id(top.colour, 0))
        juice = mob.icon_amount(icon)
        seat = replace(seat, creatures=tuple(creatures), juice=seat.juice + juice)
        events.append({"type": "lane_end", "seat": seat_i, "colour": top.colour, "juice": juice})
        return put_seat(state, seat_i, seat), events
    state = put_seat(state, seat_i, seat)
    if icon is not None and choices(state, seat_i, icon):
        source = f"area:{area}"
        frame = Frame("actions", source, items=((source, icon),))
        state = put_seat(state, seat_i, replace(seat, stack=(*seat.stack, frame)))
    return state, events
