"""Every Monsterpocalypse move named for a button, a ``/game move`` suggestion or an ``/mp``
autocomplete entry (:func:`action_label`), ≤ 80 characters and distinct among a seat's moves.

Why by coordinates and ids: a seat may have a hundred moves of one figure, so a label names
the figure by its id (``u3``), the square by its letter and number (``C4``) and the dice it
rolls, and an attack carries its odds, so that the list reads as the choice it is. Names are
the first thing cut when a label runs long; ids and squares never are."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.games.monsterpocalypse.odds import attack_entry, attack_odds
from bot.games.monsterpocalypse.words import (
    DIE,
    KIND_EMOJI,
    POWER,
    Action,
    View,
    content_item,
    content_name,
    dice,
    figure_name,
    figures,
    fit,
    hazard_count,
    hazard_damage,
    kind_name,
    manoeuvre_name,
    my_seat,
    percent,
    side_name,
    units,
    where,
)
from bot.i18n import t

MAX_LABEL = 80


def _choose_map(view: View, action: Action, locale: str) -> str:
    return t(locale, "Play on the map {map}", map=content_name("map", action["map"], locale))


def _choose_side(view: View, action: Action, locale: str) -> str:
    return t(locale, "Take the {side} side and play first", side=side_name(locale, action["side"]))


def _place_building(view: View, action: Action, locale: str) -> str:
    kind = str(action["building"])
    info = content_item("building", kind)
    stats = f" (DEF {info.defense}, {POWER}{info.energy})" if info is not None else ""
    name = content_name("building", kind, locale)
    return _named(
        lambda n: t(locale, "Build {name} at {at}", name=n, at=action["at"]) + stats, name
    )


def _draft(view: View, action: Action, locale: str) -> str:
    kind = str(action["unit"])
    info = content_item("unit", kind)
    name = content_name("unit", kind, locale)
    if info is None:
        return t(locale, "Draft {name}", name=name)
    return _named(
        lambda n: t(
            locale,
            "Draft {name} ({rank}, cost {cost})",
            name=n,
            rank=_rank(locale, info.rank),
            cost=info.cost,
        ),
        name,
    )


def _rank(locale: str, rank: str) -> str:
    return {"grunt": t(locale, "grunt"), "elite": t(locale, "elite")}.get(rank, rank)


def _draft_done(view: View, action: Action, locale: str) -> str:
    return t(locale, "Done drafting")


def _place_monster(view: View, action: Action, locale: str) -> str:
    return t(locale, "Place your monster at {at}", at=action["at"])


def _activate_monster(view: View, action: Action, locale: str) -> str:
    pool = _my_pools(view).get("monster", 0)
    return t(locale, "Activate your monster ({n} {die})", n=pool, die=DIE)


def _activate_units(view: View, action: Action, locale: str) -> str:
    pool = _my_pools(view).get("unit", 0)
    return t(locale, "Activate your units ({n} {die})", n=pool, die=DIE)


def _my_pools(view: View) -> dict[str, int]:
    """The pools of the seat an activation label is for: only the seat whose turn it is
    may activate, so the turn's seat when the view does not name its own."""
    seat = my_seat(view)
    seat = view.get("turn") if seat is None else seat
    players = view.get("players") or []
    if isinstance(seat, int) and 0 <= seat < len(players):
        return dict(players[seat].get("pools") or {})
    return {}


def _power_up(view: View, action: Action, locale: str) -> str:
    return t(locale, "Power up: roll {dice}", dice=dice(locale, int(action["dice"])))


def _hyper(view: View, action: Action, locale: str) -> str:
    """``Go hyper (−4⚡)``: the hyper form's cost, from the content."""
    seat = my_seat(view)
    seat = view.get("turn") if seat is None else seat
    monster = figures(view).get(f"m{seat}")
    info = content_item("monster", str(monster.get("type"))) if monster else None
    if info is None:
        return t(locale, "Go hyper")
    return t(locale, "Go hyper (−{cost}{bolt})", cost=info.hyper.hyper_cost, bolt=POWER)


def _alpha(view: View, action: Action, locale: str) -> str:
    return t(locale, "Back to alpha form")


def _move_entry(view: View, figure: str, to: str) -> dict[str, Any]:
    for entry in (view.get("moves") or {}).get(figure, []):
        if entry.get("to") == to:
            return dict(entry)
    return {}


def _move(view: View, action: Action, locale: str) -> str:
    figure, to = str(action["figure"]), str(action["to"])
    entry = _move_entry(view, figure, to)
    hurt = hazard_count(entry.get("hazards"))
    tail = dice(locale, 1)
    if hurt:
        tail += ", " + hazard_damage(hurt)
    return _figure_label(
        view,
        figure,
        locale,
        lambda n: t(locale, "Move {figure} to {to} ({cost})", figure=n, to=to, cost=tail),
    )


def _run(view: View, action: Action, locale: str) -> str:
    cost = next(
        (int(r.get("cost", 0)) for r in view.get("runs") or [] if r.get("to") == action["to"]),
        None,
    )
    if cost is None:
        return t(locale, "Run to {to}", to=action["to"])
    return t(locale, "Run to {to} ({cost})", to=action["to"], cost=dice(locale, cost))


def _spawn(view: View, action: Action, locale: str) -> str:
    kind, at = str(action["unit"]), str(action["at"])
    cost = next(
        (
            int(s.get("cost", 0))
            for s in view.get("spawns") or []
            if s.get("unit") == kind and s.get("at") == at
        ),
        None,
    )
    name = content_name("unit", kind, locale)
    if cost is None:
        return _named(lambda n: t(locale, "Spawn {name} at {at}", name=n, at=at), name)
    return _named(
        lambda n: t(
            locale, "Spawn {name} at {at} ({cost})", name=n, at=at, cost=dice(locale, cost)
        ),
        name,
    )


def _shift(view: View, action: Action, locale: str) -> str:
    figure, to = str(action["figure"]), str(action["to"])
    return _figure_label(
        view,
        figure,
        locale,
        lambda n: t(locale, "Shift {figure} off the spawn to {to} (1 die)", figure=n, to=to),
    )


def _attack(view: View, action: Action, locale: str) -> str:
    """``👊 Titan brawl Hive Drone u3 (E5): 4+2 🎲 vs DEF 5 — 46 %``; a stomp has no single
    target, so no DEF and no odds: ``💥 Titan stomp every adjacent unit: 3+1 🎲 +1⚡``."""
    figure, target = str(action["figure"]), str(action.get("target") or "")
    kind = str(action.get("kind", ""))
    how = kind_name(locale, kind)
    if kind == "power":
        how = manoeuvre_name(locale, str(action.get("manoeuvre", "")))
    entry = attack_entry(view, action)
    boost = int(entry.get("boost", 0)) if entry else 0
    roll = f"{action.get('dice', 0)}+{boost}" if boost else str(action.get("dice", 0))
    if int(action.get("power", 0)):
        roll += f" +{action['power']}{POWER}"
    odds = attack_odds(view, action)
    tail = f"{roll} {DIE}"
    if odds is not None:
        tail += f" vs DEF {odds.defense} — {percent(odds.hit)}"
    icon = KIND_EMOJI.get(kind, "⚔️")

    def text(attacker: str, victim: str) -> str:
        if not target:
            return t(
                locale, "{icon} {attacker} {how} every adjacent unit: {tail}", icon=icon,
                attacker=attacker, how=how, tail=tail,
            )  # fmt: skip
        return t(
            locale, "{icon} {attacker} {how} {target} ({at}): {tail}", icon=icon,
            attacker=attacker, how=how, target=victim, at=where(view, target), tail=tail,
        )  # fmt: skip

    full = text(figure_name(view, figure, locale), figure_name(view, target, locale))
    return full if units(full) <= MAX_LABEL else text(figure, target)


def _end(view: View, action: Action, locale: str) -> str:
    push = int(action.get("push", 0))
    if not push:
        return t(locale, "End the activation")
    activation = view.get("activation") or {}
    other = "monster" if activation.get("kind") == "units" else "unit"
    pool = t(locale, "monster pool") if other == "monster" else t(locale, "unit pool")
    return t(
        locale,
        "End the activation, pushing {dice} to the {pool}",
        dice=dice(locale, push),
        pool=pool,
    )


def _named(make: Callable[[str], str], name: str) -> str:
    """``make(name)``, with ``name`` shortened until the label fits (the rest of a label says
    what makes it unique, the name only helps reading it)."""
    text = make(name)
    while units(text) > MAX_LABEL and len(name) > 3:
        name = name[:-2]
        text = make(name.rstrip() + "…")
    return text


def _figure_label(view: View, figure: str, locale: str, make: Callable[[str], str]) -> str:
    """A label naming a figure: in full when it fits, else by its id alone."""
    text = make(figure_name(view, figure, locale))
    return text if units(text) <= MAX_LABEL else make(figure)


LABELS: dict[str, Callable[[View, Action, str], str]] = {
    "choose_map": _choose_map,
    "choose_side": _choose_side,
    "place_building": _place_building,
    "draft": _draft,
    "draft_done": _draft_done,
    "place_monster": _place_monster,
    "activate_monster": _activate_monster,
    "activate_units": _activate_units,
    "power_up": _power_up,
    "hyper": _hyper,
    "alpha": _alpha,
    "move": _move,
    "run": _run,
    "spawn": _spawn,
    "shift": _shift,
    "attack": _attack,
    "end_activation": _end,
}


def action_label(view: View, action: Action, locale: str) -> str:
    """A move's label (≤ 80 chars); an unknown move type reads as its type."""
    labeller = LABELS.get(str(action.get("type")))
    text = labeller(view, action, locale) if labeller else str(action.get("type"))
    return fit(text, MAX_LABEL)
