"""``Engine.seat_range(options)``: a game's options may narrow its seats (a solo mode takes one
seat), and the table service, the lobby and the simulator ask the engine, not min/max."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from rules import GAMES
from rules.base import ModuleEngine
from rules.options import Choice, OptionSpec

MODE = OptionSpec(
    name="mode",
    kind="choice",
    default="duel",
    choices=(Choice("duel", {"en": "Duel", "it": "Duello"}),
             Choice("solo", {"en": "Solo", "it": "Solitario"})),
    names={"en": "Mode", "it": "Modalità"},
    description={"en": "How to play", "it": "Come si gioca"},
)  # fmt: skip


def _engine(**functions: Any) -> ModuleEngine:
    rules = SimpleNamespace(**functions)
    return ModuleEngine("x", {"en": "X", "it": "X"}, 1, 4, rules, lambda s, seat: None, (MODE,), {})  # type: ignore[arg-type]


def test_a_game_without_seat_range_keeps_min_and_max_players() -> None:
    assert _engine().seat_range({}) == (1, 4)
    for engine in GAMES.values():
        low, high = engine.seat_range(dict(engine.options))
        assert engine.min_players <= low <= high <= engine.max_players


def test_seat_range_follows_the_validated_options_within_min_and_max() -> None:
    seen: list[dict[str, Any]] = []

    def seat_range(options: dict[str, Any]) -> tuple[int, int]:
        seen.append(options)
        return (1, 1) if options["mode"] == "solo" else (2, 9)

    engine = _engine(seat_range=seat_range)
    assert engine.seat_range({"mode": "solo"}) == (1, 1)
    assert engine.seat_range({}) == (2, 4)  # defaulted to "duel"; clamped to max_players
    assert seen[-1] == {"mode": "duel"}
