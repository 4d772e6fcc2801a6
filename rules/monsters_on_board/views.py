"""What each seat may see of a Monsters on Board table (the doc's "Views" table), as JSON.

Why a schema here: the renderer and the bot presenter are built from this one shape. Hidden:
other seats' prophecy cards, a pick made this draft step before the cars pass (simultaneous
draft, I8; family mode's pick and row likewise), the order of the Arch deck, the ghost supply
and the solo deck (counts only), the rng. Cars, boards, markets, bought cards and Spider Jack's
area are public. Keys are only ever added for a new mode, never change meaning.

Schema of ``view(state, seat)`` (``seat`` None = the public view)::

    {
      "game": "monsters_on_board", "mode": "normal" | "family" | "solo1" | "solo2",
      "draft": "simultaneous" | "turn_order",
      "round": 1..6, "phase": "draft" | "board" | "spectral" | "final_window" | "over"
               | family: "family_pick" | "family_move" | "family_row",
      "first": seat, "turn": seat (spectral), "passes": int, "step": 0..3 (draft; family 0..2),
      "pending": [seat, ...], "viewer": seat | null,
      "bag": {colour: count}, "cars": [[[die_id, rank] | null] x 4, ...],
      "car_of": [car index in front of each seat] (draft, family_pick),
      "market": {"ghosts": [ghost_id | null] x 5, "arch": [card_id | null] x 5,
                 "prices": [5, 4, 3, 2, 1], "ghost_supply": count, "arch_deck": count,
                 "ghost_discard": [...], "arch_discard": [...]}
                 (family: no market, FM2: "ghosts" and "arch" are [], counts 0),
      "solo": {"revealed": card_id | null, "deck": count, "ai_picks": [[die_id, rank]]}
              (solo 1 and 2; "ai_picks": the AI's picks this round in pick order, the i-th
              taken by the card's i-th symbol, T8; solo 1 empties it when the draft ends,
              solo 2 keeps showing the round's four) | absent,
      "jack": {"colour": the deck colour (T3), "difficulty": the "+" of its parts,
               "parts": [part] (I41),
               "level": "easy" | "normal" | "hard" | "monstrous" (T2),
               "modifiers": {"creatures": 0..2, "ghosts": 0 | 2 | 4, "summoning": bool,
                             "spare": "bag" | "area" | "scored", "prophecy": bool} (I40),
               "dice": [[die_id, rank]] (its area), "ghosts": [ghost_id], "creatures": [colour],
               "juice": int, "spare": [die_id, rank] (from the draft to its purchase) | null}
              (solo 2 only: Spider Jack's area) | absent,
      "seats": [{
          "seat": s, "juice": int, "evil": 0..8,
          "avenue": [[die_id, rank], ...], "activated": [die_id, ...],
          "order": [[[die_id, rank], ...] x 3 rows], "jack": [1..6] x 3, "summon": [0..6] x 3,
          (family: no Spider Jack dice on that side; "jack" is [6, 6, 6] so nothing is
          removed at the end, "summon" and "evil" stay 0)
          "removed": [[row, [die_id, rank]], ...] (F2, once over: right of the row's dice),
          "creatures": [{"id": index, "colour": c, "at": start-<c> | add-<c> | space id | "final"
                         | family: "f<area 01..12>-<c>"}],
          "servants": [lodge id | space id] x 6 (family: "reserve" | "row-<r>"),
          "ghosts": [{"at": space id | add-<c>, "ghost": ghost_id}],
          "arch": [card_id, ...], "flipped": [card_id, ...],
          "prophecy": "01".."12" (own seat, or everyone once over) | null,
          "picked": bool, "pick": die_id (own seat, or everyone in the turn-order draft) | absent,
          "done": bool (family_row: has scored its row this round),
          "decision": {"kind": "move" | "actions", "source": str} plus, for the own seat only,
                      {"colour", "left": [creature], "items": [[source, icon]], "fixed": die_id}
                      | null
                      (family: "area:4" / "area:8" actions sources, FM8-FM10),
          family only: "lanes": {colour: area 0..12} (0 = start), "servant_rows": [0..2] x 3
                       (servants on each row's two servant spaces), "reserve": 0..6,
                       "pick_row": row (own seat, with its pick) | absent
      }],
      "sheets": [dataclasses.asdict(scoring.Sheet)] (once over; one per seat: solo 2's
                 Spider Jack has none, its total is "jack"."juice") | absent,
      "winners": [seat, ...] (once over: the outcome's, F9/F10, FM16/FM17, I37; none in
                 solo 1) | absent,
      "rivals": [{"name", "score", "won"}] (once over, solo 2: Spider Jack) | absent,
    }
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict
from typing import Any

from rules.monsters_on_board import content as mob
from rules.monsters_on_board.draft import car_of
from rules.monsters_on_board.model import GAME_ID, Seat, State, die_colour, jsonable
from rules.monsters_on_board.modes import mode_of
from rules.monsters_on_board.phases import pending
from rules.monsters_on_board.sheets import sheets_of
from rules.monsters_on_board.spectral import outcome


def view(state: State, seat: int | None) -> dict[str, Any]:
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
        data["car_of"] = [car_of(state, s) for s in range(state.num_players)]
    data.update(mode_of(state).view(state))
    if state.over:
        data["sheets"] = [jsonable(asdict(s)) for s in sheets_of(state)]
        data.update(_result(state))
    return data


def _result(state: State) -> dict[str, Any]:
    """Who won, as the outcome says: the renderer marks it without restating any rule."""
    result = outcome(state) or {}
    winners = [] if state.mode == "solo1" else list(result.get("winners", []))
    return {"winners": winners, **({"rivals": result["rivals"]} if "rivals" in result else {})}


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
