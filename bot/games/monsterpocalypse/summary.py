"""The table's state in a few lines (:func:`summary_lines`): the round, whose turn and which
activation phase, then per player the dice pools, the monster's health per form and the
monsters destroyed; the map and the setup step while the game is being set up.

Why these: they are what a player weighs before choosing an activation (where the dice are,
how hurt each monster is) and what the image shows too small on a phone."""

from __future__ import annotations

from typing import Any

from bot.games.monsterpocalypse.words import (
    DIE,
    POWER,
    View,
    fit,
    form_name,
    local,
    seat_name,
    side_name,
)
from bot.i18n import t

MAX_FIELD = 1024
MAX_LINE = 200

SETUP_PHASES = ("choose_map", "choose_side", "buildings", "draft", "place")


def phase_name(locale: str, phase: str) -> str:
    """An activation phase or a setup step in words."""
    words = {
        "choose_map": t(locale, "choosing the map"),
        "choose_side": t(locale, "choosing the side"),
        "buildings": t(locale, "placing the buildings"),
        "draft": t(locale, "drafting the armies"),
        "place": t(locale, "placing the monsters"),
        "power_up": t(locale, "power-up"),
        "hyper": t(locale, "hyper"),
        "move": t(locale, "movement"),
        "spawn": t(locale, "spawning"),
        "attack": t(locale, "attack"),
        "reorder": t(locale, "reorder"),
    }
    return words.get(phase, phase)


def _turn_line(view: View, locale: str, names: list[str]) -> str:
    phase = str(view.get("phase", ""))
    if phase == "over":
        return t(locale, "🏁 The battle is over.")
    if phase in SETUP_PHASES:
        return t(locale, "🏗️ Setup: {step}", step=phase_name(locale, phase))
    header = t(
        locale,
        "Round {n}/{of} · {who}'s turn",
        n=view.get("round", 0),
        of=view.get("rounds", 0),
        who=seat_name(names, view.get("turn")),
    )
    activation = view.get("activation")
    if not isinstance(activation, dict):
        return header
    kind = (
        t(locale, "monster activation")
        if activation.get("kind") == "monster"
        else t(locale, "unit activation")
    )
    return f"{header} · {kind}, {phase_name(locale, str(activation.get('phase', '')))}"


def _monster_text(figure: dict[str, Any], locale: str) -> str:
    """``Titan (hyper) ❤️ alpha 5/8 · hyper 7/9``: the form in play and each form's health."""
    health = figure.get("health") or {}
    most = figure.get("max") or {}
    forms = " · ".join(
        f"{form_name(locale, form)} {health.get(form, 0)}/{most.get(form, '?')}"
        for form in ("alpha", "hyper")
    )
    name = local(figure.get("names"), locale, str(figure.get("id")))
    return f"{name} ({form_name(locale, figure.get('form'))}) ❤️ {forms}"


def _player_lines(view: View, seat: int, locale: str, names: list[str]) -> list[str]:
    player = (view.get("players") or [])[seat]
    pools = player.get("pools") or {}
    sides = view.get("sides") or []
    side = f" ({side_name(locale, sides[seat])})" if seat < len(sides) and sides[seat] else ""
    faction = local(player.get("faction_names"), locale, str(player.get("faction", "")))
    head = t(
        locale,
        "**{who}**{side}, {faction}: units {unit}{die} · monster {monster}{die} · {power}{bolt}",
        who=seat_name(names, seat),
        side=side,
        faction=faction,
        unit=pools.get("unit", 0),
        monster=pools.get("monster", 0),
        power=pools.get("power", 0),
        die=DIE,
        bolt=POWER,
    )
    lines = [fit(head, MAX_LINE)]
    figures = view.get("figures") or []
    for figure in figures:
        if figure.get("owner") == seat and figure.get("kind") == "monster":
            lines.append(fit("  " + _monster_text(figure, locale), MAX_LINE))
    if view.get("phase") in SETUP_PHASES:  # no army on the map yet
        return lines
    on_map = sum(
        1 for f in figures if f.get("owner") == seat and f.get("kind") == "unit" and f.get("at")
    )
    reserve = sum(int(n) for n in (player.get("reserve") or {}).values())
    lines.append(
        t(
            locale,
            "  {units} units on the map, {reserve} in reserve · enemy monsters destroyed: {n}",
            units=on_map,
            reserve=reserve,
            n=player.get("destroyed_monsters", 0),
        )
    )
    return lines


def _rolloff_line(view: View, locale: str, names: list[str]) -> str | None:
    """``🎲 Roll-off: Anna 2 · Bruno 4`` (each roll of 5 dice until they differ; fewer hits
    chooses the map), shown until the sides are chosen."""
    rolls = view.get("rolloff") or []
    if view.get("phase") not in ("choose_map", "choose_side") or not rolls:
        return None
    rounds = " / ".join(
        f"{seat_name(names, 0)} {first} · {seat_name(names, 1)} {second}" for first, second in rolls
    )
    return t(locale, "🎲 Roll-off (5 dice, fewer hits chooses the map): {rolls}", rolls=rounds)


def summary_lines(view: View, locale: str, names: list[str]) -> list[str]:
    """The turn line, the roll-off, the map, then each player's lines; within one field."""
    lines = [_turn_line(view, locale, names)]
    rolloff = _rolloff_line(view, locale, names)
    if rolloff:
        lines.append(fit(rolloff, MAX_LINE))
    game_map = view.get("map") or {}
    if game_map.get("names"):
        lines.append(t(locale, "🗺️ Map: {map}", map=local(game_map.get("names"), locale)))
    for seat in range(len(view.get("players") or [])):
        lines += _player_lines(view, seat, locale, names)
    while len("\n".join(lines)) > MAX_FIELD and len(lines) > 1:
        lines.pop()
    return lines
