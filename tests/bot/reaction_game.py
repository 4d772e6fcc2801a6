"""A small real engine for testing the platform's windows and "at any time" plays without
depending on a big game: each turn the current player *opens* a reaction window; every other
player must answer it (pass, or play one of their hidden reaction cards, which reopens it for
everyone); a player nobody waits for may *poke* at any time while no window is open.

It keeps the contract (``rules.base.ModuleEngine``), so the table service, the clocks and the
store treat it as any game; the tests register it under ``"reaction"`` for their own duration.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace
from typing import Any

from rules.base import Event, IllegalAction, ModuleEngine, Window
from rules.options import Variant, window_option

TURNS = 3
"""Turns in a game (a game ends, so the tests can finish one)."""


@dataclass(frozen=True, slots=True)
class Act:
    kind: str  # "open" | "pass" | "play" | "poke"


@dataclass(frozen=True, slots=True)
class State:
    players: int
    current: int = 0
    turn: int = 1
    phase: str = "turn"  # "turn" | "window" | "over"
    opened: int = 0
    passed: frozenset[int] = frozenset()
    cards: tuple[int, ...] = ()  # hidden: reaction cards each seat still holds
    pokes: tuple[int, ...] = ()  # public: pokes each seat made


def setup(num_players: int, options: dict[str, Any], seed: int) -> State:
    cards = tuple((seed + seat) % 2 for seat in range(num_players))
    return State(num_players, cards=cards, pokes=(0,) * num_players)


def pending(state: State) -> list[int]:
    if state.phase == "turn":
        return [state.current]
    if state.phase == "window":
        return [
            seat
            for seat in range(state.players)
            if seat != state.current and seat not in state.passed
        ]
    return []


def legal_actions(state: State, seat: int) -> list[Act]:
    if state.phase == "over":
        return []
    if seat in pending(state):
        if state.phase == "turn":
            return [Act("open")]
        return [Act("pass"), *([Act("play")] if state.cards[seat] else [])]
    if state.phase == "turn" and state.pokes[seat] < 2:
        return [Act("poke")]  # "at any time", outside a window
    return []


def apply(state: State, seat: int, action: Act) -> tuple[State, list[Event]]:
    if action not in legal_actions(state, seat):
        raise IllegalAction("not_now")
    if action.kind == "open":
        return replace(state, phase="window", opened=state.opened + 1, passed=frozenset()), [
            {"type": "opened", "seat": seat}
        ]
    if action.kind == "play":
        cards = list(state.cards)
        cards[seat] -= 1
        reopened = replace(state, cards=tuple(cards), opened=state.opened + 1, passed=frozenset())
        return reopened, [{"type": "played", "seat": seat}]
    if action.kind == "poke":
        pokes = list(state.pokes)
        pokes[seat] += 1
        return replace(state, pokes=tuple(pokes)), [{"type": "poked", "seat": seat}]
    passed = state.passed | {seat}
    if pending(replace(state, passed=passed)):
        return replace(state, passed=passed), [{"type": "passed", "seat": seat}]
    if state.turn >= TURNS:
        return replace(state, phase="over", passed=passed), [{"type": "passed", "seat": seat}]
    after = replace(
        state,
        phase="turn",
        passed=frozenset(),
        current=(state.current + 1) % state.players,
        turn=state.turn + 1,
    )
    return after, [{"type": "passed", "seat": seat}]


def window(state: State) -> Window | None:
    if state.phase != "window":
        return None
    return Window(state.opened, {seat: Act("pass") for seat in pending(state)})


def view(state: State, seat: int | None) -> dict[str, Any]:
    shown: dict[str, Any] = {"phase": state.phase, "turn": state.turn, "pokes": list(state.pokes)}
    if seat is not None:
        shown["cards"] = state.cards[seat]
        shown["legal"] = [dump_action(a) for a in legal_actions(state, seat)]
    return shown


def outcome(state: State) -> dict[str, Any] | None:
    if state.phase != "over":
        return None
    best = max(state.pokes)
    return {
        "scores": list(state.pokes),
        "winners": [s for s, p in enumerate(state.pokes) if p == best],
    }


def dump(state: State) -> dict[str, Any]:
    return {
        "players": state.players,
        "current": state.current,
        "turn": state.turn,
        "phase": state.phase,
        "opened": state.opened,
        "passed": sorted(state.passed),
        "cards": list(state.cards),
        "pokes": list(state.pokes),
    }


def load(data: dict[str, Any]) -> State:
    return State(
        data["players"],
        data["current"],
        data["turn"],
        data["phase"],
        data["opened"],
        frozenset(data["passed"]),
        tuple(data["cards"]),
        tuple(data["pokes"]),
    )


def dump_action(action: Act) -> dict[str, Any]:
    return {"type": action.kind}


def load_action(data: dict[str, Any]) -> Act:
    kind = data.get("type")
    if kind not in ("open", "pass", "play", "poke"):
        raise IllegalAction("malformed_action")
    return Act(str(kind))


def bot(state: State, seat: int) -> Act:
    return legal_actions(state, seat)[0]


ENGINE = ModuleEngine(
    "reaction",
    {"en": "Reaction", "it": "Reazione"},
    2,
    4,
    sys.modules[__name__],  # type: ignore[arg-type]  # this module: its functions are the rules
    bot,
    (window_option(),),
    {"standard": Variant({"en": "Standard", "it": "Standard"})},
)


class Presenter:
    """The game's words, as plain as the game (``bot.games.GamePresenter``)."""

    game = "reaction"

    def action_label(self, view: dict[str, Any], action: dict[str, Any], locale: str) -> str:
        return str(action["type"])

    def event_lines(self, events: list[dict[str, Any]], locale: str, names: list[str]) -> list[str]:
        return [f"{names[int(e['seat'])]} {e['type']}" for e in events]

    def hand_lines(self, view: dict[str, Any], locale: str) -> list[str]:
        return [f"cards: {view.get('cards', 0)}"]

    def summary_lines(self, view: dict[str, Any], locale: str, names: list[str]) -> list[str]:
        return [f"turn {view['turn']}"]

    def public_action(self, action: dict[str, Any]) -> dict[str, Any]:
        return action

    def button_actions(self, view: dict[str, Any], actions: list[dict[str, Any]]) -> list[int]:
        return list(range(len(actions)))
