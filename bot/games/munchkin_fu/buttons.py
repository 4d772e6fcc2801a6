"""Which Munchkin Fu moves become DM buttons, and in what order (:func:`button_actions`).

Why a selection: a fighter may have hundreds of legal moves (a help offer for every player,
item and number of treasures; a counter-offer likewise; a trade for every pair of items), and
Discord shows 25 buttons. The taps issue 10 names (kick the door, resolve, run away, pass,
pass for the fight, accept / decline / counter an offer, ready, end the turn) are always kept
when legal, with the turn's other steps (look for trouble, loot the room); then the open
choice's answers, then one button per card that can be played (its first use), per player
the plain help request and the richest bribe of treasure, one trade, then further uses of a
card round-robin; everything else stays one ``/game move`` away (the hand says so). Buttons
are shown in the order a player does things.
"""

from __future__ import annotations

from typing import Any

from bot.games.monsters_on_board.buttons import _round_robin
from bot.games.munchkin_fu.words import View

MAX_BUTTONS = 25
TAPS = ("ready", "kick", "resolve", "run", "pass", "pass_fight", "accept", "decline", "end_turn")
"""Always kept when legal (issue 10's buttons); a counter is kept once per offer."""
STEPS = ("trouble", "loot_room")
"""The turn's other steps: few, and the turn cannot go on without one of them."""
ORDER = (
    "ready",
    "choose",
    "kick",
    "trouble",
    "loot_room",
    "accept",
    "decline",
    "counter",
    "play",
    "strike",
    "slay",
    "offer_help",
    "resolve",
    "run",
    "pass",
    "pass_fight",
    "sell",
    "claim",
    "carry",
    "discard",
    "offer_trade",
    "end_turn",
)
"""The order buttons are shown in: answers and the door first, then plays into a fight and
help, then what ends the fight, then what a player does before ending the turn."""


def _group(action: dict[str, Any]) -> tuple[Any, ...]:
    """Moves that differ only by a detail: one card played on another target, one help
    request with another bribe, one counter to one offer, one trade partner."""
    kind = action.get("type")
    if kind in ("play", "strike", "sell", "carry", "discard", "claim", "slay"):
        return (kind, action.get("card"))
    if kind == "offer_help":
        return (kind, action.get("target"))
    if kind == "counter":
        return (kind, action.get("offer"))
    if kind == "offer_trade":
        return (kind, action.get("target"))
    return (kind,)


def _plain(action: dict[str, Any]) -> int:
    """How much a help request or counter asks: the plainest first (no item, no treasure)."""
    return (
        len(action.get("items", [])) * 10
        + int(action.get("treasures", 0)) * 2
        + bool(action.get("helper_first"))
    )


def _two_asks(actions: list[dict[str, Any]], members: list[int]) -> list[int]:
    """Of one player's help requests (or one offer's counters): the plain ask and the most
    generous bribe of treasure alone (all of it, they pick first); the other bribes, with an
    item, are one ``/game move`` away."""
    plain = min(members, key=lambda i: (_plain(actions[i]), i))
    rich = [i for i in members if not actions[i].get("items")]
    best = max(rich, key=lambda i: (_plain(actions[i]), -i), default=plain)
    return [plain] if best == plain else [plain, best]


def button_actions(view: View, actions: list[dict[str, Any]]) -> list[int]:
    """The indices of ``actions`` worth a button (at most 25), in play order."""
    if len(actions) <= MAX_BUTTONS:
        return sorted(range(len(actions)), key=lambda i: (_rank(actions[i]), i))
    kept = [i for i, a in enumerate(actions) if a.get("type") in TAPS + STEPS]
    groups: dict[tuple[Any, ...], list[int]] = {}
    choices: list[int] = []
    for index, action in enumerate(actions):
        kind = action.get("type")
        if kind in TAPS or kind in STEPS:
            continue
        if kind == "choose":
            choices.append(index)
        else:
            groups.setdefault(_group(action), []).append(index)
    for key, members in groups.items():
        if key[0] in ("offer_help", "counter"):
            members[:] = _two_asks(actions, members)
        elif key[0] == "offer_trade":
            del members[1:]
    counters = [g[0] for k, g in groups.items() if k[0] == "counter"]
    kept += counters
    kept += choices[: max(0, MAX_BUTTONS - len(kept))]
    rest = [[i for i in g if i not in kept] for g in groups.values()]
    rest.sort(key=lambda g: _rank(actions[g[0]]) if g else len(ORDER))
    kept += _round_robin(rest, MAX_BUTTONS - len(kept))
    return sorted(kept[:MAX_BUTTONS], key=lambda i: (_rank(actions[i]), i))


def _rank(action: dict[str, Any]) -> int:
    kind = action.get("type")
    return ORDER.index(kind) if kind in ORDER else len(ORDER)
