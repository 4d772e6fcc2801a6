"""Which moves become buttons, and in what order (:func:`button_actions`): at most
:data:`MAX_BUTTONS` (Discord's limit), copies of one card shown once (:func:`action_key`), the
moves that end or shape a phase always kept, the Apparition's placements only when all fit. Also
``PRIVATE_SPLITS``: the starting split, a choice the log hides while the game runs.

Apart from the labels: this decides which buttons exist, the labels only what they say."""

from __future__ import annotations

from typing import Any

from bot.games.notte_di_terrore.words import View
from rules.notte_di_terrore import cards

MAX_BUTTONS = 25


PLACING = ("place_being", "place_event", "summon")
BUTTON_ORDER = (
    "choose_split",
    "place_being",
    "place_event",
    "summon",
    "pass",
    "swap_weapon",
    "attack",
    "flee",
    "end_resolution",
    "discard",
    "refill",
    "arrange_weapons",
)
"""The order buttons are shown in: the order a player does things within a phase."""
BUTTON_KEEP_FIRST = (
    "pass",
    "flee",
    "end_resolution",
    "choose_split",
    "refill",
    "arrange_weapons",
    "attack",
    "swap_weapon",
    "discard",
)
"""Which buttons survive when even the non-placing moves exceed 25: the ones that end a
phase first, since without them the player could not go on from the DM at all."""


def _design(card_id: Any) -> str:
    return cards.design_id(str(card_id))


def action_key(action: dict[str, Any]) -> tuple[Any, ...]:
    """What makes two moves different for the player: copies of one design from the hand are
    the same move (two Zombies in hand make one button), while Beings on the Place stay
    distinct (their Events differ)."""
    kind = action.get("type")
    if kind in ("place_being", "swap_weapon", "discard"):
        return (kind, _design(action["card"]))
    if kind == "place_event":
        return (kind, _design(action["card"]), action["target"])
    if kind == "summon":
        return (kind, _design(action["card"]), _design(action["being"]))
    if kind == "attack":
        return (kind, action["target"], tuple(sorted(_design(w) for w in action["weapons"])))
    if kind == "arrange_weapons":
        return (kind, tuple(sorted(_design(w) for w in action["table"])))
    return (kind, action.get("events"))


PRIVATE_SPLITS = ("choose_split",)


def button_actions(view: View, actions: list[dict[str, Any]]) -> list[int]:
    """The indices of ``actions`` worth a one-tap button (at most 25), in play order.

    Repeated moves (copies of one card) are shown once. Every move that ends or shapes a
    phase always gets a button; the Apparition's placements only when all of them fit, since
    a partial list would hide the rest without saying so (``/terror place`` offers them all).
    """
    unique: dict[tuple[Any, ...], int] = {}
    for index, action in enumerate(actions):
        unique.setdefault(action_key(action), index)
    indices = list(unique.values())
    chosen = indices
    if len(indices) > MAX_BUTTONS:
        chosen = [i for i in indices if actions[i].get("type") not in PLACING]
    if len(chosen) > MAX_BUTTONS:
        chosen = sorted(chosen, key=lambda i: (_rank(actions[i], BUTTON_KEEP_FIRST), i))
        chosen = chosen[:MAX_BUTTONS]
    return sorted(chosen, key=lambda i: (_rank(actions[i], BUTTON_ORDER), i))


def _rank(action: dict[str, Any], order: tuple[str, ...]) -> int:
    kind = action.get("type")
    return order.index(kind) if kind in order else len(order)
