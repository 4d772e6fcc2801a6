"""Monsterpocalypse's preparation: the roll-off, the map, the sides, the city, the armies and
the monsters' places ("Preparare il gioco", "Preparare la mappa").

Why each step is a move of its own: every choice here (map, side, where a building stands,
the draft, where the monster starts) is a player's decision the table shows and the bot makes,
and the roll-off is the only chance, drawn from the state's seeded dice.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from rules.base import Event, IllegalAction, Rng
from rules.monsterpocalypse import content, geometry
from rules.monsterpocalypse.dice import hits
from rules.monsterpocalypse.model import (
    SIDES,
    Action,
    Building,
    ChooseMap,
    ChooseSide,
    Draft,
    DraftDone,
    Figure,
    PlaceBuilding,
    PlaceMonster,
    Player,
    State,
    at,
    sq,
    with_player,
)

OCCULT = "shade"
"""The neutral Occult unit (content's one ``occult`` grunt), raised from hellmouths."""


def occult_unit() -> str:
    """The Occult unit type: the one unit of content's neutral faction."""
    found = [u.id for u in content.UNITS.values() if "occult" in u.abilities]
    return found[0] if found else OCCULT


def setup(num_players: int, options: dict[str, Any], seed: int) -> State:
    """Q1 (I24): each rolls 5 action dice until they differ; the lower chooses the map — unless
    the ``map`` option fixed it: then the roll-off still names who chooses, and the other
    player picks the side (Q2) at once."""
    if num_players != 2:
        raise ValueError("Monsterpocalypse is for exactly 2 players")
    rng = Rng(seed)
    rolls: list[tuple[int, int]] = []
    while not rolls or rolls[-1][0] == rolls[-1][1]:
        a, rng = rng.dice(5)
        b, rng = rng.dice(5)
        rolls.append((hits(a, "action"), hits(b, "action")))
    factions = (str(options["faction0"]), str(options["faction1"]))
    state = State(
        phase="choose_map",
        rng=rng,
        rounds=int(options["rounds"]),
        army_mode=str(options["army"]),
        players=tuple(Player(faction=f) for f in factions),
        rolloff=tuple(rolls),
        chooser=0 if rolls[-1][0] < rolls[-1][1] else 1,
    )
    if options["map"] != "rolloff":
        return replace(state, map=str(options["map"]), phase="choose_side")
    return state


def pending(state: State) -> list[int]:
    if state.phase == "choose_map":
        return [state.chooser]
    if state.phase == "choose_side":
        return [1 - state.chooser]
    if state.phase == "buildings":
        return [(state.first + len(state.buildings)) % 2]
    if state.phase == "draft":
        return [s for s, p in enumerate(state.players) if not p.drafted]
    if state.phase == "place":
        placed = [f.owner for f in state.figures if f.kind == "monster" and f.at]
        return [(state.first + len(placed)) % 2]
    return []


def free_foundations(state: State) -> list[str]:
    """X7: the free foundations of the first tier that still has one ("prima in quelli
    verdi"), whose 2×2 overlaps no building."""
    game_map = content.map_(state.map)
    taken = {s for b in state.buildings for s in b.squares()}
    free = [
        (anchor, tier)
        for anchor, tier in game_map.foundations
        if not taken & set(geometry.footprint(anchor, 2))
    ]
    primary = [a for a, tier in free if tier == "primary"]
    return [at(a) for a in (primary or [a for a, _ in free])]


def building_types(state: State) -> list[str]:
    """P3: at most 5 buildings of one type in the city."""
    used = Counter(b.type for b in state.buildings)
    return [b for b in content.BUILDINGS if used[b] < 5]


def draftable(state: State, seat: int) -> list[str]:
    """P2: the units the army may still take: any faction's, the Occult ones included (they
    count in the 15; only a hellmouth spawns them, X4)."""
    player = state.players[seat]
    return [
        u for u in content.UNITS if not content.army_problems(player.faction, [*player.army, u])
    ]


def start_anchors(state: State, seat: int) -> list[str]:
    """Q4: the anchors whose 2×2 lies in the seat's start zone, on free squares."""
    game_map = content.map_(state.map)
    zone = game_map.start[state.players[seat].side]
    taken = {s for f in state.figures for s in f.squares()}
    taken |= {s for b in state.buildings for s in b.squares()}
    found = []
    for anchor in sorted(zone):
        squares = set(geometry.footprint(anchor, 2))
        if squares <= zone and not squares & taken and not squares & game_map.impassable:
            found.append(at(anchor))
    return found


def legal(state: State, seat: int) -> list[Action]:
    if seat not in pending(state):
        return []
    if state.phase == "choose_map":
        return [ChooseMap(m) for m in content.MAPS]
    if state.phase == "choose_side":
        return [ChooseSide(s) for s in SIDES]
    if state.phase == "buildings":
        return [PlaceBuilding(b, f) for b in building_types(state) for f in free_foundations(state)]
    if state.phase == "draft":
        return [*(Draft(u) for u in draftable(state, seat)), DraftDone()]
    if state.phase == "place":
        return [PlaceMonster(a) for a in start_anchors(state, seat)]
    return []


def choose_map(state: State, seat: int, action: ChooseMap) -> tuple[State, list[Event]]:
    new = replace(state, map=action.map, phase="choose_side")
    return new, [{"type": "map_chosen", "seat": seat, "map": action.map}]


def choose_side(state: State, seat: int, action: ChooseSide) -> tuple[State, list[Event]]:
    """Q2: the other player picks the side and plays first."""
    other = "south" if action.side == "north" else "north"
    new = with_player(state, seat, side=action.side)
    new = with_player(new, 1 - seat, side=other)
    new = replace(new, first=seat, phase="buildings")
    new = _after_buildings(new)
    return new, [{"type": "side_chosen", "seat": seat, "side": action.side}]


def place_building(state: State, seat: int, action: PlaceBuilding) -> tuple[State, list[Event]]:
    """Q3: alternately from the first player; the building is the placer's (I27)."""
    bid = f"b{len(state.buildings)}"
    built = Building(id=bid, type=action.building, owner=seat, at=action.at)
    new = replace(state, buildings=(*state.buildings, built))
    event = {"type": "building_placed", "seat": seat, "building": bid, "kind": action.building}
    return _after_buildings(new), [{**event, "at": action.at}]


def _after_buildings(state: State) -> State:
    """The city is full (the map's count, or no foundation left): armies next."""
    count = content.map_(state.map).buildings
    if len(state.buildings) < count and free_foundations(state):
        return state
    if state.army_mode == "custom":
        return replace(state, phase="draft")
    for seat, player in enumerate(state.players):
        state = with_player(state, seat, army=content.faction(player.faction).preset)
    return _to_place(state)


def draft(state: State, seat: int, action: Draft) -> tuple[State, list[Event]]:
    player = state.players[seat]
    new = with_player(state, seat, army=(*player.army, action.unit))
    return new, [{"type": "drafted", "seat": seat}]  # the pick stays secret (I24)


def draft_done(state: State, seat: int, action: DraftDone) -> tuple[State, list[Event]]:
    new = with_player(state, seat, drafted=True)
    if all(p.drafted for p in new.players):
        new = _to_place(new)
    return new, [{"type": "draft_done", "seat": seat, "units": len(state.players[seat].army)}]


def _to_place(state: State) -> State:
    """Q6: the figures of both armies, all in the reserve: monsters m0/m1, then each seat's
    units in army order (u0.. for seat 0), its Occult units among them."""
    figures: list[Figure] = []
    for seat, player in enumerate(state.players):
        beast = content.monster(content.faction(player.faction).monster)
        health = (beast.alpha.health, beast.hyper.health)
        figures.append(Figure(f"m{seat}", seat, "monster", beast.id, form="alpha", health=health))
    kinds = [(seat, u) for seat, p in enumerate(state.players) for u in p.army]
    figures += [Figure(f"u{n}", seat, "unit", u) for n, (seat, u) in enumerate(kinds)]
    return replace(state, figures=tuple(figures), phase="place")


def place_monster(state: State, seat: int, action: PlaceMonster) -> tuple[State, list[Event]]:
    """Q4: from the first player; when both stand, the first activation is the first's."""
    figures = tuple(replace(f, at=action.at) if f.id == f"m{seat}" else f for f in state.figures)
    new = replace(state, figures=figures)
    if all(f.at for f in figures if f.kind == "monster"):
        new = replace(new, phase="play", round=1, turn=state.first)
    return new, [{"type": "monster_placed", "seat": seat, "at": action.at}]


def check_square(text: str) -> None:
    """A malformed square in an action is refused like any illegal move."""
    try:
        sq(text)
    except ValueError as error:
        raise IllegalAction("malformed_action", details=str(error)) from error
