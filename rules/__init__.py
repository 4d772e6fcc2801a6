"""Pure game engines. ``GAMES`` maps a game id to its engine (see :mod:`rules.base`)."""

from rules.base import Engine, Event, IllegalAction, Rng, seed_commitment
from rules.options import OptionError, OptionSpec, Variant, validate

GAMES: dict[str, Engine] = {}


def register(engine: Engine) -> Engine:
    """Add an engine to :data:`GAMES` (each game module calls this once)."""
    GAMES[engine.id] = engine
    return engine


def _load_games() -> None:
    from rules import (  # noqa: F401  (register themselves)
        monster_day,
        monsterpocalypse,
        monsters_on_board,
        munchkin_fu,
        notte_di_terrore,
    )


_load_games()

__all__ = [
    "GAMES",
    "Engine",
    "Event",
    "IllegalAction",
    "OptionError",
    "OptionSpec",
    "Rng",
    "Variant",
    "register",
    "seed_commitment",
    "validate",
]
