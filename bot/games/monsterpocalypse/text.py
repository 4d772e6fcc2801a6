"""Monsterpocalypse's text view (issue 29's text mode, :mod:`bot.text_mode`): the map as a grid
of symbols, one letter a square, then every figure and building with its square and state;
and a hand read instead of seen: each of the seat's figures with what it can do.

Why a grid: the map is the game; a list of squares says where each thing is, but not what
stands between two of them. The grid sits in a code block (every character the same width,
so a column reads as a column) and tells sides apart by a letter's case, never by colour:
the first seat's pieces in capitals, the second's in small letters.
"""

from __future__ import annotations

from typing import Any

from bot.games.monsterpocalypse.card import stat_lines
from bot.games.monsterpocalypse.hand import hand_lines
from bot.games.monsterpocalypse.words import (
    View,
    form_name,
    hazard_count,
    local,
    my_seat,
    seat_name,
)
from bot.i18n import t
from rules.monsterpocalypse.geometry import name

MARKS = {"monster": "M", "unit": "U", "building": "B"}
"""A seat's piece on the grid: capitals for the first seat, small letters for the second."""
TERRAIN = (("impassable", "#"), ("rough", "~"), ("cover", "+"))
SPACE, HAZARD, EMPTY = "*", "!", "."


def _mark(kind: str, owner: Any) -> str:
    letter = MARKS.get(kind, "?")
    return letter if owner == 0 else letter.lower() if owner == 1 else "N"


def grid(view: View) -> list[str]:
    """The map, row 1 at the top, columns lettered: terrain, then hazards and special
    spaces, then buildings and figures over them (what stands there matters most)."""
    board = view.get("map") or {}
    size = int(board.get("size") or 12)
    cells: dict[str, str] = {}
    for key, mark in TERRAIN:
        cells.update(dict.fromkeys(board.get(key) or [], mark))
    cells.update({str(space.get("at")): SPACE for space in board.get("spaces") or []})
    for hazard in view.get("hazards") or []:
        cells.update(dict.fromkeys(hazard.get("squares") or [hazard.get("at")], HAZARD))
    for building in view.get("buildings") or []:
        mark = _mark("building", building.get("owner"))
        cells.update(dict.fromkeys(building.get("squares") or [], mark))
    for figure in view.get("figures") or []:
        mark = _mark(str(figure.get("kind")), figure.get("owner"))
        cells.update(dict.fromkeys(figure.get("squares") or [figure.get("at")], mark))
    letters = "".join(name((col, 0))[0] for col in range(size))
    rows = [f"    {letters}"]
    for row in range(size):
        line = "".join(cells.get(name((col, row)), EMPTY) for col in range(size))
        rows.append(f"{row + 1:>3} {line}")
    return ["```", *rows, "```"]


def legend(locale: str, names: list[str]) -> str:
    """What the grid's symbols mean, naming whose capitals are whose."""
    return t(
        locale,
        "M/U/B: monster, unit, building of {first}; m/u/b: of {second}; N: nobody's. "
        "#: impassable · ~: rough · +: cover · *: a special space · !: a hazard · .: open",
        first=seat_name(names, 0),
        second=seat_name(names, 1),
    )


def _figure_line(figure: dict[str, Any], locale: str, names: list[str]) -> str:
    who = seat_name(names, figure.get("owner"))
    what = local(figure.get("names"), locale, str(figure.get("id")))
    line = f"• {what} ({who}) — {figure.get('at')}"
    if figure.get("kind") == "monster":
        form = str(figure.get("form"))
        health = (figure.get("health") or {}).get(form, "?")
        top = (figure.get("max") or {}).get(form, "?")
        line += f" · {form_name(locale, form)} ❤️ {health}/{top}"
    return line


def _building_line(building: dict[str, Any], locale: str, names: list[str]) -> str:
    owner = building.get("owner")
    who = seat_name(names, owner) if owner is not None else t(locale, "nobody")
    what = local(building.get("names"), locale, str(building.get("id")))
    return t(locale, "• {building} ({who}) — {at} · defence {defence} · ⚡ {energy}",
             building=what, who=who, at=building.get("at"), defence=building.get("defense"),
             energy=building.get("energy"))  # fmt: skip


def text_lines(view: View, locale: str, names: list[str]) -> list[str]:
    """The map as a grid with its legend, then every figure on the map and every building by
    square (the summary counts those in reserve), and the hazards on the map."""
    lines = [*grid(view), legend(locale, names)]
    placed = [figure for figure in view.get("figures") or [] if figure.get("at")]
    lines += [_figure_line(figure, locale, names) for figure in placed]
    lines += [_building_line(b, locale, names) for b in view.get("buildings") or []]
    hazards = hazard_count(view.get("hazards"))
    if hazards:
        lines.append(t(locale, "Hazards on the map: {n}", n=hazards))
    return lines


def hand_text_lines(view: View, locale: str) -> list[str]:
    """The seat's hand (its dice and what it may do now), then each of its figures on the map
    with its stats in play: what each one can do, as ``/mp card`` says it."""
    seat = my_seat(view)
    lines = hand_lines(view, locale)
    for figure in view.get("figures") or []:
        if figure.get("owner") != seat or not figure.get("at"):
            continue
        name = local(figure.get("names"), locale, str(figure.get("id")))
        stats = {**(figure.get("stats") or {}), "abilities": figure.get("abilities") or []}
        lines.append(f"• **{name}** {figure['id']} — {figure['at']}: " + " · ".join(
            stat_lines(stats, locale)))  # fmt: skip
    return lines
