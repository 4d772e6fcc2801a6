"""Monsterpocalypse's views: the public board (everything is public in this game but the seed)
and, for the active seat, what it may do now with the odds of each attack.

Why the seat's view lists moves, runs, attacks and spawns: the renderer highlights the focus
figure's squares and targets and the presenter labels buttons from them, without asking the
engine again (interfaces page, "The public view").
"""

from __future__ import annotations

import json
from typing import Any

from rules.monsterpocalypse import activation, attacks, board, city, content, movement
from rules.monsterpocalypse.geometry import Square
from rules.monsterpocalypse.model import Attack, Building, Figure, State, at
from rules.monsterpocalypse.odds import p_hit, p_super


def _squares(squares: Any) -> list[str]:
    return [at(s) for s in sorted(squares)]


def map_view(state: State) -> dict[str, Any] | None:
    if not state.map:
        return None
    m = content.map_(state.map)
    spaces = [
        {
            "at": at(s.square),
            "kind": s.kind,
            "ability": s.ability,
            "owner": s.owner,
            "activator": at(s.activator) if s.activator else None,
        }
        for s in m.spaces
    ]
    return {
        "id": m.id,
        "names": dict(m.names),
        "size": m.size,
        "rough": _squares(m.rough),
        "impassable": _squares(m.impassable),
        "cover": _squares(m.cover),
        "foundations": [{"at": at(a), "tier": tier} for a, tier in m.foundations],
        "start": {side: _squares(zone) for side, zone in m.start.items()},
        "spaces": spaces,
    }


def _stats(state: State, fig: Figure) -> dict[str, Any]:
    """The stats in play, as the engine counts them (S1/O3): ``swift`` in the speed,
    ``inspire`` in the brawl's dice and ``sharpshooter`` in the blast's boost, an ability
    space's included — the card and the hand show these (they showed the printed brawl and
    blast, so a unit on an `inspire` space read one die fewer than it may roll)."""
    stats: Any = board.form(fig) if fig.kind == "monster" else content.unit(fig.type)
    return {
        "speed": board.speed(state, fig),
        "defense": board.printed_defense(fig),
        "brawl": list(board.attack_stat(state, fig, "brawl")),
        "blast": list(board.attack_stat(state, fig, "blast")),
        "range": stats.blast_range,
        "power": list(board.attack_stat(state, fig, "power")),
    }


def printed(kind: content.Unit | content.Form) -> dict[str, Any]:
    """A unit's or a monster form's printed stat line («riportate sulla basetta», S1): a
    unit's with its cost, a form's with its power attack, health and hyper cost."""
    line: dict[str, Any] = {
        "speed": kind.speed,
        "defense": kind.defense,
        "brawl": [kind.brawl.dice, kind.brawl.boost],
        "blast": [kind.blast.dice, kind.blast.boost],
        "range": kind.blast_range,
        "abilities": list(kind.abilities),
    }
    if isinstance(kind, content.Unit):
        line["cost"] = kind.cost
    else:
        line.update(power=[kind.power.dice, kind.power.boost], health=kind.health,
                    hyper_cost=kind.hyper_cost)  # fmt: skip
    return line


def figure_view(state: State, fig: Figure) -> dict[str, Any]:
    """One figure as the map shows it: ``faction`` and ``rank`` (a unit's "grunt" or "elite",
    none for a monster) come from its printed type, so a renderer needs no content lookup.
    ``stats`` are the figure's stats now (``swift``, ``inspire``, an ability space counted);
    ``printed`` is a unit's printed stat line, ``forms`` a monster's, both forms at all times
    (issue 26: a player weighs going hyper before doing so)."""
    if fig.kind == "monster":
        beast = content.monster(fig.type)
        names, faction, rank = dict(beast.names), beast.faction, None
        health: Any = {"alpha": fig.health[0], "hyper": fig.health[1]}
        top: Any = {"alpha": beast.alpha.health, "hyper": beast.hyper.health}
        lines: dict[str, Any] = {
            "printed": None,
            "forms": {"alpha": printed(beast.alpha), "hyper": printed(beast.hyper)},
        }
    else:
        unit = content.unit(fig.type)
        names, faction, rank = dict(unit.names), unit.faction, unit.rank
        health, top = None, None
        lines = {"printed": printed(unit), "forms": None}
    return {
        "id": fig.id,
        "owner": fig.owner,
        "kind": fig.kind,
        "type": fig.type,
        "faction": faction,
        "rank": rank,
        "names": names,
        "at": fig.at or None,
        "size": fig.size,
        "squares": _squares(fig.squares()),
        "form": fig.form or None,
        "health": health,
        "max": top,
        "stats": _stats(state, fig),
        **lines,
        "abilities": list(board.abilities(state, fig)),
        "moved": fig.moved,
        "attacked": fig.attacked,
    }


def building_view(state: State, built: Building) -> dict[str, Any]:
    kind = content.building(built.type)
    return {
        "id": built.id,
        "type": built.type,
        "names": dict(kind.names),
        "owner": built.owner,
        "at": built.at,
        "squares": _squares(built.squares()),
        "defense": kind.defense,
        "energy": kind.energy,
        "hazard": kind.hazard,
        "secured_by": board.secured_by(state, built),
    }


def _player(state: State, seat: int, viewer: int | None) -> dict[str, Any]:
    """One seat's pools and army; during the draft an army is its own seat's secret (I24)."""
    player = state.players[seat]
    secret = state.phase == "draft" and viewer != seat
    reserve: dict[str, int] = {}
    for fig in state.figures:
        if fig.owner == seat and fig.kind == "unit" and not fig.at:
            reserve[fig.type] = reserve.get(fig.type, 0) + 1
    return {
        "seat": seat,
        "faction": player.faction,
        "faction_names": dict(content.faction(player.faction).names),
        "side": player.side or None,
        "pools": {"unit": player.unit, "monster": player.monster, "power": player.power},
        "destroyed_monsters": player.destroyed,
        "army": [] if secret else list(player.army),
        "reserve": reserve,
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    act = state.activation
    shown: dict[str, Any] = {
        "game": "monsterpocalypse",
        "seat": seat,
        "map": map_view(state),
        "phase": state.phase,
        "round": state.round,
        "rounds": state.rounds,
        "turn": state.turn,
        "first": state.first,
        "chooser": state.chooser,
        "rolloff": [list(r) for r in state.rolloff],
        "sides": [p.side or None for p in state.players],
        "players": [_player(state, s, seat) for s in range(len(state.players))],
        "figures": [figure_view(state, f) for f in state.figures],
        "buildings": [building_view(state, b) for b in state.buildings],
        "hazards": [
            {"at": h.at, "kind": h.kind, "squares": _squares(h.squares())} for h in state.hazards
        ],
        "activation": None
        if act is None
        else {
            "seat": act.seat,
            "kind": act.kind,
            "phase": act.phase,
            "spent": act.spent,
            "rolls": list(act.rolls),
            "focus": act.focus or None,
        },
        "winners": list(state.winners),
        "last": [json.loads(e) for e in state.last],
    }
    if seat is not None and act is not None and act.seat == seat:
        shown.update(options(state, seat))
    return shown


def _reach(found: dict[Square, Any]) -> list[dict[str, Any]]:
    return [
        {"to": at(a), "cost": r.cost, "hazards": len(r.hazards)} for a, r in sorted(found.items())
    ]


def _attack_entry(state: State, fig: Figure, a: Attack) -> dict[str, Any]:
    """One attack's entry: a brawl's or blast's DEF with cover and armour; a slam meets the
    DEF a brawl meets, and ``room`` is how far its push goes before a collision (a super
    damage, I6); a stomp has no single DEF (each adjacent unit's own, listed). A building
    takes no super damage (``super_damage`` False)."""
    boost = board.attack_stat(state, fig, a.kind)[1]
    defense: int | None = None
    room: int | None = None
    crushed: list[str] = []
    if a.manoeuvre == "stomp":
        crushed = [u.id for u in attacks.stomped(state, fig)]
    else:
        target = next((f for f in state.figures if f.id == a.target), None)
        aim: Figure | Building | None = target or board.building(state, a.target)
        assert aim is not None
        defense = attacks.defense(state, aim, fig, "brawl" if a.kind == "power" else a.kind)
        room = attacks.push_room(state, fig, aim, a.manoeuvre)
    entry: dict[str, Any] = {"figure": a.figure, "kind": a.kind, "target": a.target}
    entry.update(manoeuvre=a.manoeuvre, max_dice=0, max_power=0, boost=boost, defense=defense)
    entry.update(room=room, super_damage=board.building(state, a.target) is None)
    if crushed:
        entry["units"] = crushed
    entry.update(odds={}, super={})
    return entry


def options(state: State, seat: int) -> dict[str, Any]:
    """The active seat's moves, runs, attacks (with odds per number of dice) and spawns."""
    mine = [f for f in state.figures if f.owner == seat and f.at]
    moves = {f.id: _reach(movement.moves(state, f)) for f in mine}
    runs = [{"to": at(a), "cost": r.cost} for a, r in sorted(movement.runs(state, seat).items())]
    found: dict[tuple[str, str, str, str], dict[str, Any]] = {}
    for fig in mine:
        for a in attacks.options(state, fig):
            key = (a.figure, a.kind, a.target, a.manoeuvre)
            if key not in found:
                found[key] = _attack_entry(state, fig, a)
            entry = found[key]
            entry["max_dice"] = max(entry["max_dice"], a.dice)
            entry["max_power"] = max(entry["max_power"], a.power)
            if a.power == 0 and entry["defense"] is not None:
                odds = p_hit(a.dice, entry["boost"], entry["defense"])
                entry["odds"][str(a.dice)] = round(odds, 4)
                best = p_super(a.dice, entry["boost"], entry["defense"], 0, entry["room"])
                entry["super"][str(a.dice)] = round(best, 4) if entry["super_damage"] else 0.0
    spawns = [
        {"unit": s.unit, "at": s.at, "cost": city.spawn_cost(state, seat, s.unit)}
        for s in city.spawns(state, seat)
    ]
    return {
        "moves": {k: v for k, v in moves.items() if v},
        "runs": runs,
        "attacks": list(found.values()),
        "spawns": spawns,
        "left": activation.left(state),
    }
