"""Pure game engines. ``GAMES`` maps a game id to its engine (see :mod:`rules.base`).

Each game package defines its ``ENGINE`` without importing this package back (inside a package
imports form a tree, ``tests/test_import_tree.py``); this one, on top, lists them. Adding a
game: its package, and its name in :data:`GAMES` below.
"""

from rules import monster_day, monsterpocalypse, monsters_on_board, munchkin_fu, notte_di_terrore
from rules.base import Engine, Event, IllegalAction, Rng, seed_commitment
from rules.options import OptionError, OptionSpec, Variant, validate

GAMES: dict[str, Engine] = {
    game.ENGINE.id: game.ENGINE
    for game in (monster_day, monsterpocalypse, monsters_on_board, munchkin_fu, notte_di_terrore)
}

__all__ = [
    "GAMES",
    "Engine",
    "Event",
    "IllegalAction",
    "OptionError",
    "OptionSpec",
    "Rng",
    "Variant",
    "seed_commitment",
    "validate",
]
