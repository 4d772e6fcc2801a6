"""Which Monsters on Board moves become DM buttons, and in what order (:func:`button_actions`).

Why a selection at all: a seat's legal moves run to hundreds when it holds Arch cards (every
back action of every card with every target) or moves a servant (six servants times thirty
spaces), and Discord shows 25 buttons. The moves that end a decision (Skip, Pass, Done) are
always kept, since without them the player could not go on from the DM; the moves of the
decision itself (a pick, an activation, a creature, a placement, a purchase) come next; then
every open icon, ghost purchase and card flip gets at least one button before any gets a
second, so each kind of move is one tap away and the rest is one ``/game move`` away (the
hand says so). Buttons are shown in the order a player does things.
"""

from __future__ import annotations

from typing import Any

from bot.games.monsters_on_board.words import View

MAX_BUTTONS = 25
ALWAYS = ("skip", "pass", "done")
"""Moves that end a decision: never left out."""
DECISION = ("pick", "family_pick", "activate", "move_next", "place", "score_row", "buy_arch")
"""The decision's own moves: bounded (4 picks, 4 activations, 7 creatures, 4 dice x 3 rows,
3 rows, 5 cards), so they all fit beside the three above."""
BUTTON_ORDER = (
    "pick",
    "family_pick",
    "activate",
    "move_next",
    "place",
    "score_row",
    "use",
    "buy_arch",
    "buy_ghost",
    "skip",
    "pass",
    "flip",
    "done",
)
"""The order buttons are shown in: the decision first, then what ends it, then the flips an
owner may make at any time (X1, I19), then Done (X2)."""


def group_key(action: dict[str, Any]) -> tuple[Any, ...]:
    """Moves that differ only by their target: one icon of one source, one ghost, one
    card's back action."""
    kind = action.get("type")
    if kind == "use":
        return (kind, action.get("source"), action.get("icon"))
    if kind == "flip":
        return (kind, action.get("card"), action.get("icon"))
    if kind == "buy_ghost":
        return (kind, action.get("slot"))
    return (kind,)


def _round_robin(groups: list[list[int]], room: int) -> list[int]:
    """The first of each group, then the second of each, ... until ``room`` is taken."""
    chosen: list[int] = []
    depth = 0
    while len(chosen) < room and any(depth < len(g) for g in groups):
        for group in groups:
            if depth < len(group) and len(chosen) < room:
                chosen.append(group[depth])
        depth += 1
    return chosen


def button_actions(view: View, actions: list[dict[str, Any]]) -> list[int]:
    """The indices of ``actions`` worth a button (at most 25), in play order."""
    if len(actions) <= MAX_BUTTONS:
        return sorted(range(len(actions)), key=lambda i: (_rank(actions[i]), i))
    kept = [i for i, a in enumerate(actions) if a.get("type") in ALWAYS]
    kept += [i for i, a in enumerate(actions) if a.get("type") in DECISION]
    kept = kept[:MAX_BUTTONS]
    groups: dict[tuple[Any, ...], list[int]] = {}
    flips: dict[tuple[Any, ...], list[int]] = {}
    for index, action in enumerate(actions):
        kind = action.get("type")
        if kind in ALWAYS or kind in DECISION:
            continue
        (flips if kind == "flip" else groups).setdefault(group_key(action), []).append(index)
    room = MAX_BUTTONS - len(kept)
    firsts = _round_robin([*groups.values(), *flips.values()], min(room, len(groups) + len(flips)))
    kept += firsts
    rest = [[i for i in g if i not in firsts] for g in groups.values()]
    kept += _round_robin(rest, MAX_BUTTONS - len(kept))
    rest = [[i for i in g if i not in firsts] for g in flips.values()]
    kept += _round_robin(rest, MAX_BUTTONS - len(kept))
    return sorted(kept, key=lambda i: (_rank(actions[i]), i))


def _rank(action: dict[str, Any]) -> int:
    kind = action.get("type")
    return BUTTON_ORDER.index(kind) if kind in BUTTON_ORDER else len(BUTTON_ORDER)
