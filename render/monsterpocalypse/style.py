"""Monsterpocalypse's drawing vocabulary: colours of the terrain, the sides, the factions and
the hazard tokens, the drawn words in both languages (:data:`TEXT`) and the few helpers that
read a view's loose values (squares as "A1", integers that may be missing).

Why in one place: every other module of the package reads its colours and words from here, so
a new hazard kind or faction needs one line. Every colour that tells two things apart is
paired elsewhere with a shape (hazards, spaces, owners), so the map reads without colour."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from render.colours import ink_on
from render.common import RGB, Palette, hex_rgb, mix, tr

GRID = 12

GROUND = hex_rgb("#3a4a35")  # open city ground, a muted green-grey
GROUND_ALT = hex_rgb("#354531")  # the checker of alternate squares, for counting squares
ROUGH = hex_rgb("#5b4b33")
ROUGH_HATCH = hex_rgb("#8a7450")
IMPASSABLE = hex_rgb("#142331")  # deep water / rubble: dark blue
IMPASSABLE_MARK = hex_rgb("#33546e")
COVER = hex_rgb("#cfd8a8")
FOUNDATION = hex_rgb("#a39a8c")
GRID_LINE = hex_rgb("#2a3626")
HIGHLIGHT = hex_rgb("#ffe066")
TARGET = hex_rgb("#ff4d6d")

SIDE_NEUTRAL = hex_rgb("#d9d0bf")

FACTION_COLORS: dict[str, RGB] = {
    "titans": hex_rgb("#4aa3ff"),
    "swarm": hex_rgb("#b6e04a"),
    "occult": hex_rgb("#b07cff"),
}
UNKNOWN_FACTION = hex_rgb("#c9bfae")

HAZARD_COLORS: dict[str, RGB] = {
    "fire": hex_rgb("#ff7a2e"),
    "chemical": hex_rgb("#4fe08a"),
    "radioactive": hex_rgb("#ffd23a"),
    "ruins": hex_rgb("#9c8f7e"),
    "hellmouth": hex_rgb("#c23bd4"),
}

SPACE_COLORS: dict[str, RGB] = {
    "ability": hex_rgb("#ffd86b"),
    "negative": hex_rgb("#ff6b5a"),
    "power": hex_rgb("#ff4fa3"),
    "boost": hex_rgb("#5ec8ff"),
    "teleporter": hex_rgb("#c79bff"),
    "spawn": SIDE_NEUTRAL,
}

HEALTH_ALPHA = hex_rgb("#7fdc7a")
HEALTH_HYPER = hex_rgb("#ff8a3d")
HEALTH_EMPTY = hex_rgb("#1b1410")
HEALTH_PLATE = hex_rgb("#0e0a07")  # mixed into a monster's fill behind its health rows

TEXT: dict[str, dict[str, str]] = {
    "title": {"en": "Monsterpocalypse", "it": "Monsterpocalypse"},
    "round": {"en": "Round {n}/{total}", "it": "Round {n}/{total}"},
    "limit": {"en": "{n} rounds", "it": "{n} round"},
    "turn_of": {"en": "{name}'s turn", "it": "Turno di {name}"},
    "unit_pool": {"en": "Units", "it": "Unità"},
    "monster_pool": {"en": "Monster", "it": "Mostro"},
    "power": {"en": "Power", "it": "Potenziamento"},
    "destroyed": {"en": "Enemy monsters destroyed {n}", "it": "Mostri nemici distrutti {n}"},
    "reserve": {"en": "Reserve {n}", "it": "Riserva {n}"},
    "side_north": {"en": "north", "it": "nord"},
    "side_south": {"en": "south", "it": "sud"},
    "act_monster": {"en": "Monster activation", "it": "Attivazione mostro"},
    "act_units": {"en": "Unit activation", "it": "Attivazione unità"},
    "phase_power_up": {"en": "power-up", "it": "power up"},
    "phase_hyper": {"en": "hyper", "it": "hyper"},
    "phase_move": {"en": "move", "it": "movimento"},
    "phase_attack": {"en": "attack", "it": "attacco"},
    "phase_reorder": {"en": "reorder", "it": "riordine"},
    "phase_spawn": {"en": "spawn", "it": "generazione"},
    "setup_choose_map": {"en": "Setup: choosing the map", "it": "Preparazione: scelta mappa"},
    "setup_choose_side": {"en": "Setup: choosing a side", "it": "Preparazione: scelta lato"},
    "setup_buildings": {"en": "Setup: buildings", "it": "Preparazione: edifici"},
    "setup_draft": {"en": "Setup: armies", "it": "Preparazione: eserciti"},
    "setup_place": {"en": "Setup: monsters", "it": "Preparazione: mostri"},
    "over": {"en": "Game over", "it": "Partita finita"},
    "wins": {"en": "{name} wins!", "it": "vince {name}!"},
    "draw": {"en": "a draw", "it": "pareggio"},
    "choose_activation": {"en": "choose an activation", "it": "scegli un'attivazione"},
    "spent": {"en": "spent {n}", "it": "spesi {n}"},
    "seat": {"en": "Player {n}", "it": "Giocatore {n}"},
    "speed": {"en": "Speed {n}", "it": "Velocità {n}"},
    "defense": {"en": "DEF {n}", "it": "DIF {n}"},
    "brawl": {"en": "Brawl {n}", "it": "Rissa {n}"},
    "blast": {"en": "Blast {n}", "it": "Sparo {n}"},
    "power_attack": {"en": "Power {n}", "it": "Potenziato {n}"},
    "no_attack": {"en": "none", "it": "no"},
    "range_short": {"en": "short 2–3", "it": "corta 2–3"},
    "range_long": {"en": "long 2–5", "it": "lunga 2–5"},
    "cost": {"en": "Cost {n}", "it": "Costo {n}"},
    "hyper_cost": {"en": "to hyper {n}", "it": "per hyper {n}"},
    "health": {"en": "Health", "it": "Vita"},
    "form_alpha": {"en": "Alpha", "it": "Alpha"},
    "form_hyper": {"en": "Hyper", "it": "Hyper"},
    "in_play": {"en": "{form} (in play)", "it": "{form} (in gioco)"},
    "grunt": {"en": "Grunt", "it": "Grunt"},
    "elite": {"en": "Elite", "it": "Élite"},
    "reserve_unit": {"en": "in reserve", "it": "in riserva"},
    "focus_hint": {
        "en": "/mp card: any figure's stats (both forms of a monster)",
        "it": "/mp scheda: le caratteristiche di ogni miniatura (le due forme di un mostro)",
    },
}


def t(key: str, locale: str, **fmt: Any) -> str:
    """A drawn word of :data:`TEXT` in ``locale``."""
    return tr(key, locale, TEXT, **fmt)


def tmpl(key: str, locale: str) -> str:
    """A phrase with its ``{name}`` slot left open (see ``Canvas.fit_name``)."""
    return tr(key, locale, TEXT, name="{name}")


def square(text: Any) -> tuple[int, int] | None:
    """A view square ("A1".."L12") as ``(col, row)``, or None when it is not one: a trimmed or
    odd view still draws, without the piece it cannot place."""
    if not isinstance(text, str):
        return None
    text = text.strip().upper()
    if len(text) < 2 or not "A" <= text[0] <= "Z" or not text[1:].isdigit():
        return None
    col, row = ord(text[0]) - ord("A"), int(text[1:]) - 1
    return (col, row) if 0 <= col < GRID and 0 <= row < GRID else None


def squares(values: Any) -> list[tuple[int, int]]:
    """Every valid square of a view list."""
    found = (square(v) for v in values or [])
    return [sq for sq in found if sq is not None]


def num(value: Any, default: int = 0) -> int:
    """An integer of the view (a bool or a missing value counts as ``default``)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def seat_color(seat: Any) -> RGB:
    """A player's colour (the house's seat accents); grey for no owner."""
    return (
        Palette.seat(seat)
        if isinstance(seat, int) and not isinstance(seat, bool)
        else (SIDE_NEUTRAL)
    )


def side_seat(view: dict[str, Any], side: Any) -> int | None:
    """Which seat plays ``side`` ("north"/"south"), or None before the sides are chosen."""
    sides = view.get("sides") or []
    return sides.index(side) if side in sides else None


def faction_color(faction: Any) -> RGB:
    return FACTION_COLORS.get(str(faction), UNKNOWN_FACTION)


def on(color: RGB) -> RGB:
    """Readable ink on a ``color`` background (:func:`render.colours.ink_on`)."""
    return ink_on(color)


def dim(color: RGB, amount: float = 0.5) -> RGB:
    return mix(color, GROUND, amount)


@cache
def content() -> Any:
    """The content module, looked up once; read through ``importlib`` because it lands with
    the engine, and the image must draw (with the owners' factions) without it."""
    try:
        return importlib.import_module("rules.monsterpocalypse.content")
    except ImportError:
        return None
