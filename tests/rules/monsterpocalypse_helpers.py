"""Shared set-ups for the Monsterpocalypse clause tests: a game played to its first activation
by the engine itself, then a board arranged square by square, and seeds that roll what a test
needs (the engine's own dice, never mocked)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules import GAMES
from rules.base import Rng
from rules.monsterpocalypse import engine
from rules.monsterpocalypse.dice import roll
from rules.monsterpocalypse.model import Action, Building, Hazard, State, figure, with_figure

MP = GAMES["monsterpocalypse"]


def play_setup(options: dict[str, Any] | None = None, seed: int = 0) -> State:
    """A game set up by the bot until the first activation (map harbour unless given)."""
    state: State = MP.setup(2, {"map": "harbour", **(options or {})}, seed)
    while state.phase != "play":
        seat = engine.pending(state)[0]
        state, _ = engine.apply(state, seat, MP.bot_action(state, seat))
    return state


def arranged(
    monsters: tuple[str, str] = ("E1", "E11"),
    units: dict[str, str] | None = None,
    buildings: tuple[tuple[str, int, str], ...] = (),
    hazards: tuple[tuple[str, str], ...] = (),
    seed: int = 0,
    options: dict[str, Any] | None = None,
) -> State:
    """A started game with nothing on the board but what is given: monsters' anchors, units
    ``{figure id: square}``, buildings ``(type, owner, anchor)`` and hazard tokens
    ``(kind, anchor)``; seat 0 (north) to play, no activation under way."""
    state = play_setup(options, seed)
    figures = []
    for f in state.figures:
        where = ""
        if f.kind == "monster":
            where = monsters[f.owner]
        elif units and f.id in units:
            where = units[f.id]
        figures.append(replace(f, at=where))
    built = tuple(Building(f"b{n}", t, owner, a) for n, (t, owner, a) in enumerate(buildings))
    tokens = tuple(Hazard(f"b{n + 20}", kind, a) for n, (kind, a) in enumerate(hazards))
    players = tuple(
        replace(p, side=side) for p, side in zip(state.players, ("north", "south"), strict=True)
    )
    return replace(
        state,
        figures=tuple(figures),
        buildings=built,
        hazards=tokens,
        turn=0,
        first=0,
        players=players,
    )


def unit_of(state: State, seat: int, kind: str, nth: int = 0) -> str:
    """The id of a seat's ``nth`` figure of a unit type."""
    found = [f.id for f in state.figures if f.owner == seat and f.type == kind]
    return found[nth]


def pools(state: State, seat: int, unit: int, monster: int, power: int = 0) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], unit=unit, monster=monster, power=power)
    return replace(state, players=tuple(players))


def place(state: State, fid: str, where: str) -> State:
    return with_figure(state, replace(figure(state, fid), at=where))


def act(state: State, *actions: Action) -> tuple[State, list[dict[str, Any]]]:
    """Apply actions for the seat to play, through the engine; the last step's events."""
    events: list[dict[str, Any]] = []
    for action in actions:
        state, events = MP.apply(state, state.turn, action)
    return state, events


def seeded_for(action: int, boost: int, power: int, hits: int) -> Rng:
    """An rng whose next roll of these dice shows exactly ``hits`` hits."""
    for seed in range(10_000):
        _, total, _ = roll(Rng(seed), action, boost, power)
        if total == hits:
            return Rng(seed)
    raise AssertionError("no seed rolls that")


def with_rng(state: State, rng: Rng) -> State:
    return replace(state, rng=rng)
