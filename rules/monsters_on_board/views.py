"""What each seat may see of a Monsters on Board table (the doc's "Views" table), as JSON.

Why a schema here: the renderer and the bot presenter are built from this one shape. Hidden:
other seats' prophecy cards, a pick made this draft step before the cars pass (simultaneous
draft, I8), the order of the Arch deck, the ghost supply and the solo deck (counts only), the
rng. Cars, boards, markets and bought cards are public.

Schema of ``view(state, seat)`` (``seat`` None = the public view)::

    {
      "game": "monsters_on_board", "mode": "normal" | "solo1", "draft": "simultaneous" | ...,
      "round": 1..6, "phase": "draft" | "board" | "spectral" | "final_window" | "over",
      "first": seat, "turn": seat (spectral), "passes": int, "step": 0..3 (draft),
      "pending": [seat, ...], "viewer": seat | null,
      "bag": {colour: count}, "cars": [[[die_id, rank] | null] x 4, ...],
      "car_of": [car index in front of each seat] (draft),
      "market": {"ghosts": [ghost_id | null] x 5, "arch": [card_id | null] x 5,
                 "prices": [5, 4, 3, 2, 1], "ghost_supply": count, "arch_deck": count,
                 "ghost_discard": [...], "arch_discard": [...]},
      "solo": {"revealed": card_id | null, "deck": count, "ai_picks": [[die_id, rank]]} | absent,
      "seats": [{
          "seat": s, "juice": int, "evil": 0..8,
          "avenue": [[die_id, rank], ...], "activated": [die_id, ...],
          "order": [[[die_id, rank], ...] x 3 rows], "jack": [1..6] x 3, "summon": [0..6] x 3,
          "removed": [[row, [die_id, rank]], ...] (F2, once over: right of the row's dice),
          "creatures": [{"id": index, "colour": c, "at": start-<c> | add-<c> | space id | "final"}],
          "servants": [lodge id | space id] x 6,
          "ghosts": [{"at": space id | add-<c>, "ghost": ghost_id}],
          "arch": [card_id, ...], "flipped": [card_id, ...],
          "prophecy": "01".."12" (own seat, or everyone once over) | null,
          "picked": bool, "pick": die_id (own seat, or everyone in the turn-order draft) | absent,
          "done": bool,
          "decision": {"kind": "move" | "actions", "source": str} plus, for the own seat only,
                      {"colour", "left": [creature], "items": [[source, icon]], "fixed": die_id}
                      | null
      }],
      "sheets": [dataclasses.asdict(scoring.Sheet)] (once over) | absent,
    }
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.monsters_on_board import content as mob
from rules.monsters_on_board.model import GAME_ID, Seat, State, die_colour, jsonable
from rules.monsters_on_board.modes import mode_of


def view(state: State, seat: int | None) -> dict[str, Any]:
    from rules.monsters_on_board.engine import pending

    data: dict[str, Any] = {
        "game": GAME_ID,
        "mode": state.mode,
        "draft": state.draft,
        "round": state.round,
        "phase": state.phase,
        "first": state.first,
        "turn": state.turn,
        "passes": state.passes,
        "step": state.step,
        "pending": pending(state),
        "viewer": seat,
        "bag": dict(sorted(Counter(die_colour(d) for d in state.bag).items())),
        "cars": [[list(d) if d else None for d in car] for car in state.cars],
        "market": _market(state),
        "seats": [_seat(state, i, s, seat) for i, s in enumerate(state.seats)],
    }
    if state.phase in ("draft", "family_pick"):
        from rules.monsters_on_board.draft import car_of

        data["car_of"] = [car_of(state, s) for s in range(state.num_players)]
    data.update(mode_of(state).view(state))
    if state.over:
        from dataclasses import asdict

        from rules.monsters_on_board.spectral import sheets_of

        data["sheets"] = [jsonable(asdict(s)) for s in sheets_of(state)]
    return data


def _market(state: State) -> dict[str, Any]:
    return {
        "ghosts": list(state.ghost_market),
        "arch": list(state.arch_market),
        "prices": list(mob.content().market_prices),
        "ghost_supply": len(state.ghost_supply),
        "arch_deck": len(state.arch_deck),
        "ghost_discard": list(state.ghost_discard),
        "arch_discard": list(state.arch_discard),
    }


def _seat(state: State, index: int, seat: Seat, viewer: int | None) -> dict[str, Any]:
    own = viewer == index
    data: dict[str, Any] = {
        "seat": index,
        "juice": seat.juice,
        "evil": seat.evil,
        "avenue": [list(d) for d in seat.avenue],
        "activated": list(seat.activated),
        "order": [[list(d) for d in row] for row in seat.order],
        "removed": [[row, list(d)] for row, d in seat.removed],
        "jack": list(seat.jack),
        "summon": list(seat.summon),
        "creatures": [
            {"id": i, "colour": c, "at": loc} for i, (c, loc) in enumerate(seat.creatures)
        ],
        "servants": list(seat.servants),
        "ghosts": [{"at": place, "ghost": ghost} for place, ghost in seat.ghosts],
        "arch": list(seat.arch),
        "flipped": list(seat.flipped),
        "prophecy": seat.prophecy if own or state.over else None,
        "picked": seat.pick is not None,
        "done": seat.done,
        "decision": _decision(seat, own),
        **mode_of(state).seat_view(state, index, own),
    }
    if seat.pick is not None and (own or state.draft == "turn_order"):
        from rules.monsters_on_board.draft import car_of

        die = state.cars[car_of(state, index)][seat.pick]
        data["pick"] = die[0] if die else None
    return data


def _decision(seat: Seat, own: bool) -> dict[str, Any] | None:
    if not seat.stack:
        return None
    top = seat.stack[-1]
    data: dict[str, Any] = {"kind": top.kind, "source": top.source}
    if own:
        data.update(
            {
                "colour": top.colour,
                "left": list(top.left),
                "items": [list(i) for i in top.items],
                "fixed": top.fixed,
            }
        )
    return data
