"""Bot levels (issue 28): every game offers easy, normal and hard through ``bot_action``;
normal is the game's own bot, unchanged; easy is weaker on purpose but legal, exact on replay
and never absurd (no pass, no throw-away move the normal bot would not make).

Positions come from a few normal-bot games of each game (a handful of actions each, so the
tests stay quick); the strength of each level is measured by the arena, not here.
"""

from __future__ import annotations

import random
from functools import cache
from types import SimpleNamespace
from typing import Any

import pytest

from rules import GAMES
from rules.base import BOT_LEVELS, ModuleEngine
from rules.monster_day import bot as md_bot
from rules.monsterpocalypse.model import EndActivation, PowerUp

STEPS = {
    "monster_day": 40,
    "monsterpocalypse": 40,
    "notte_di_terrore": 80,
    "munchkin_fu": 80,
    "monsters_on_board": 60,
}


@cache
def positions(
    game: str, seed: int = 3, steps: int | None = None, players: int | None = None
) -> list[tuple[Any, int]]:
    """``(state, seat)`` for every pending seat along one normal-bot game's first ``steps``
    moves (the game's :data:`STEPS`), at ``players`` seats (the fewest) (cached: several test
    files look at the same positions)."""
    engine = GAMES[game]
    state = engine.setup(players or engine.seat_range({})[0], {}, seed)
    found: list[tuple[Any, int]] = []
    for _ in range(steps or STEPS[game]):
        pending = engine.pending(state)
        if not pending:
            break
        found += [(state, seat) for seat in pending]
        state, _ = engine.apply(state, pending[0], engine.bot_action(state, pending[0]))
    return found


def test_every_game_offers_three_levels_weakest_first() -> None:
    assert BOT_LEVELS == ("easy", "normal", "hard")
    assert all(engine.bot_levels == BOT_LEVELS for engine in GAMES.values())


def test_an_unknown_level_is_refused() -> None:
    engine = GAMES["monster_day"]
    state = engine.setup(2, {}, 1)
    with pytest.raises(ValueError, match="no bot level 'brutal'"):
        engine.bot_action(state, engine.pending(state)[0], "brutal")


@pytest.mark.parametrize("game", sorted(STEPS))
def test_normal_is_the_games_own_bot(game: str) -> None:
    engine = GAMES[game]
    assert isinstance(engine, ModuleEngine)
    for state, seat in positions(game)[:10]:
        if engine.legal_actions(state, seat):
            own = engine.bot(state, seat)
            assert engine.bot_action(state, seat) == own
            assert engine.bot_action(state, seat, "normal") == own


def _fake_engine(**rules: Any) -> ModuleEngine:
    module: Any = SimpleNamespace(**rules)
    return ModuleEngine("fake", {"en": "Fake"}, 2, 2, module, lambda s, seat: "normal", (), {})


def test_a_game_without_an_easy_bot_plays_easy_as_normal() -> None:
    engine = _fake_engine()
    assert engine.bot_action(None, 0, "easy") == "normal"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_can_determinize(game: str) -> None:
    """The hard level searches in every game: each rules module re-deals what a seat can't see."""
    engine = GAMES[game]
    assert isinstance(engine, ModuleEngine)
    assert callable(getattr(engine.rules, "determinize", None))


def test_determinize_is_the_rules_modules() -> None:
    engine = _fake_engine(determinize=lambda state, seat, rng: (state, seat, rng.random()))
    assert engine.determinize("s", 1, random.Random(4)) == ("s", 1, random.Random(4).random())


def _absurd(game: str, state: Any, seat: int, action: Any) -> bool:
    """A move easy must never make unless the normal bot makes it too."""
    engine = GAMES[game]
    if action == engine.skip_action(state, seat):
        return True
    if game == "monsterpocalypse":
        return isinstance(action, EndActivation | PowerUp)
    if game == "monster_day":
        plays = engine.legal_actions(state, seat)
        scores = sorted((md_bot.evaluate(state, seat, p) for p in plays), reverse=True)
        return md_bot.evaluate(state, seat, action) < scores[(len(scores) - 1) // 2]
    return False


@pytest.mark.parametrize("game", sorted(STEPS))
def test_easy_is_legal_exact_and_never_absurd(game: str) -> None:
    engine = GAMES[game]
    differs = 0
    for state, seat in positions(game):
        legal = engine.legal_actions(state, seat)
        if not legal:
            continue
        easy = engine.bot_action(state, seat, "easy")
        assert easy in legal
        assert engine.bot_action(state, seat, "easy") == easy  # seeded from public information
        normal = engine.bot_action(state, seat)
        differs += easy != normal
        if easy != normal:
            assert not _absurd(game, state, seat, easy), (easy, normal)
    assert differs  # easy does play differently sometimes


def test_an_easy_munchkin_fu_game_ends_whatever_it_carries() -> None:
    """The easy bot is seeded from the public view, so a blunder it can undo is a loop: on seed
    12 (normal, easy, normal) it carried an item, carried it back, and so on for ever, the
    state and so the seed coming round again every two moves. Its blunders leave out Carry (a
    toggle that changes nothing a blunder would mean)."""
    engine = GAMES["munchkin_fu"]
    levels = ("normal", "easy", "normal")
    state = engine.setup(3, {}, 12)
    for _ in range(20_000):
        pending = engine.pending(state)
        if not pending:
            break
        seat = pending[0]
        state, _ = engine.apply(state, seat, engine.bot_action(state, seat, levels[seat]))
    assert engine.outcome(state) is not None, "the game is still going"
