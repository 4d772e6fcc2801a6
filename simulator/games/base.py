"""The simulator's per-game knowledge, the shape of it: :class:`GameStats` and its defaults
(a game that counts nothing special reports with them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.base import Event
from simulator.numbers import Record

Tally = dict[str, list[int]]
"""Per-seat counters a game's :attr:`GameStats.observe` keeps while a game is played."""


def _no_first(state: Any) -> int | None:
    return None


def _actions_are_turns(state: Any, actions: int) -> int:
    return actions


def _no_tally(players: int) -> Tally:
    return {}


def _ignore(tally: Tally, seat: int, events: list[Event]) -> None:
    return None


def _no_extras(state: Any, outcome: dict[str, Any], tally: Tally) -> dict[str, Any]:
    return {}


def _no_summary(records: list[Record], players: int) -> dict[str, Any]:
    return {}


def _no_lines(summary: dict[str, Any]) -> list[str]:
    return []


def _no_panels(summary: dict[str, Any]) -> list[dict[str, Any]]:
    return []


@dataclass(frozen=True, slots=True)
class GameStats:
    """What the simulator needs to know about one game beyond the engine contract."""

    score_name: str = "score"
    lower_is_better: bool = False
    turns: Callable[[Any, int], int] = _actions_are_turns
    """Turns in a finished game, given its final state and the number of actions."""
    first: Callable[[Any], int | None] = _no_first
    """The seat that plays first, read from the state right after setup."""
    start_tally: Callable[[int], Tally] = _no_tally
    observe: Callable[[Tally, int, list[Event]], None] = _ignore
    extras: Callable[[Any, dict[str, Any], Tally], dict[str, Any]] = _no_extras
    """Fields added to the game's :data:`Record`."""
    summarize: Callable[[list[Record], int], dict[str, Any]] = _no_summary
    report: Callable[[dict[str, Any]], list[str]] = _no_lines
    panels: Callable[[dict[str, Any]], list[dict[str, Any]]] = _no_panels
