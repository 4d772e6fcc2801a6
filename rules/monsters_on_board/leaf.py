"""Monsters on Board's fitted leaf: a seat's final Juice predicted from its board of now.

Why fitted: the final scoring applied now (:mod:`.value`) says little of the end early in
the game (its total correlates negatively with a seat's final score in rounds 2-3, issue 28),
since most of a seat's Juice comes from what its board is on its way to: creatures still in
the town, rows of the Order to fill, summoning tracks, Evil to buy cards with. So the leaf
reads those as :data:`FEATURES` and weighs them by least squares on how normal-bot games
ended (``simulator/mob_leaf.py`` plays the games and writes :data:`WEIGHTS_FILE`), one set
of weights per stage of the game (round and phase), because what a creature's step or an
Evil is worth changes as the end nears.

A rival is read as the seat sees it: without its prophecy card (hidden until the end), by
the ``public`` weights fitted without the prophecy's features.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, replace
from functools import cache

from rules import levels
from rules.monsters_on_board import content as mob
from rules.monsters_on_board import scoring
from rules.monsters_on_board.arch import arch_cards
from rules.monsters_on_board.model import ROUNDS, Seat, State, die_colour
from rules.monsters_on_board.sheets import board_for_scoring

FEATURES = (
    "bias",
    "juice",
    "final_creatures",
    "prophecy",
    "arch_score",
    "cards",
    "card_backs",
    "progress",
    "in_final",
    "potential",
    "avenue",
    "avenue_match",
    "order_dice",
    "order_ranks",
    "jack",
    "summon",
    "evil",
    "ghosts",
    "servants",
    "open_juice",
    "open_icons",
    "to_move",
)
"""What the leaf reads of a seat (see :func:`features`)."""

HELD = ("juice", "final_creatures", "prophecy", "arch_score", "open_juice")
"""Juice the seat holds now, counted as it is: its Juice, what its board scores now, and the
Juice icons open to it (a move that banks one changes nothing)."""

GAINS = (
    "bias",
    "cards",
    "card_backs",
    "progress",
    "potential",
    "in_final",
    "avenue",
    "avenue_match",
    "order_dice",
    "order_ranks",
    "jack",
    "summon",
    "evil",
    "ghosts",
    "servants",
    "open_icons",
    "to_move",
)
"""What the seat still has to gain from, each weighed 0 or more Juice (the bias aside): a
good the search gives up must never look like a gain (``simulator/mob_leaf.py``'s solve)."""

WEIGHTS_FILE = mob.DATA_DIR / "leaf_weights.json"
"""The fitted weights: ``own`` and ``public`` (stage -> feature -> weight) and ``sharpness``
(stage -> how sharply a predicted lead in Juice turns into a win chance)."""


@dataclass(frozen=True, slots=True)
class Weights:
    """The fit as :func:`weights` loads it (see :data:`WEIGHTS_FILE`)."""

    own: dict[str, dict[str, float]]
    public: dict[str, dict[str, float]]
    sharpness: dict[str, float]


@cache
def weights() -> Weights:
    """The fitted weights, read once (package data, like the game's content)."""
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    return Weights(data["own"], data["public"], data["sharpness"])


def stage(state: State) -> str:
    """The weights' key: ``r<round>-<phase group>``, or ``final`` in the final window."""
    if state.phase in ("final_window", "over"):
        return "final"
    group = "draft" if state.phase == "draft" else state.phase
    return f"r{min(state.round, ROUNDS)}-{group}"


def features(seat: Seat, public: bool = False) -> dict[str, float]:
    """The seat's board as :data:`FEATURES` (``public``: without its prophecy card)."""
    board = board_for_scoring(seat)
    sheet = scoring.score_board(replace(board, prophecy=None) if public else board)
    by_source: Counter[str] = Counter()
    for line in sheet.lines:
        by_source[line.source] += line.juice
    kept = Counter(
        die_colour(d) for r, row in enumerate(seat.order) for d, _ in row[: seat.jack[r]]
    )
    avenue = Counter(die_colour(d) for d, _ in seat.avenue)
    areas = [(colour, area) for colour, area in board.creatures]
    progress = sum(area for _, area in areas if area < mob.FINAL_AREA) / mob.FINAL_AREA
    potential = sum(
        (kept[c] + avenue[c]) * (area / mob.FINAL_AREA)
        for c, area in areas
        if area < mob.FINAL_AREA
    )
    in_final = Counter(c for c, area in areas if area == mob.FINAL_AREA)
    items = [icon for frame in seat.stack for _, icon in frame.items]
    return {
        "bias": 1.0,
        "juice": float(seat.juice),
        "final_creatures": float(by_source["final_creatures"]),
        "prophecy": 0.0 if public else float(by_source["prophecy"]),
        "arch_score": float(by_source["arch"]),
        "cards": float(len(seat.arch)),
        "card_backs": float(sum(back_juice(card) for card in seat.arch)),
        "progress": progress,
        "in_final": float(sum(in_final.values())),
        "potential": potential,
        "avenue": float(len(seat.avenue)),
        "avenue_match": float(sum(in_final[c] for c in avenue.elements())),
        "order_dice": float(sum(kept.values())),
        "order_ranks": float(
            sum(r for i, row in enumerate(seat.order) for _, r in row[: seat.jack[i]])
        ),
        "jack": float(sum(seat.jack)),
        "summon": float(sum(seat.summon)),
        "evil": float(seat.evil),
        "ghosts": float(len(seat.ghosts)),
        "servants": float(sum(1 for s in seat.servants if not s.startswith("lodge"))),
        "open_juice": float(sum(mob.icon_amount(i) for i in items if mob.icon_kind(i) == "juice")),
        "open_icons": float(sum(1 for i in items if mob.icon_kind(i) != "juice")),
        "to_move": float(sum(len(frame.left) for frame in seat.stack)),
    }


def fitted(state: State) -> bool:
    """Whether the fitted leaf judges ``state``: a two-seat game of the normal mode, as the
    fit's games were. Solo 2 races Spider Jack and family scores otherwise; three and four
    seats keep the board scored now (:mod:`.value`), which won 57.9 % of 400 three-seat games
    (issue 28), until the fit is measured there."""
    return state.mode == "normal" and len(state.seats) == 2 and stage(state) in weights().own


def win_chance(state: State, seat: int) -> float:
    """``seat``'s win chance: a softmax of every seat's predicted final Juice (the seat read
    whole, its rivals without their prophecy) at the stage's fitted sharpness."""
    key, fit = stage(state), weights()
    totals = [
        predict(fit.own[key], features(s))
        if i == seat
        else predict(fit.public[key], features(s, public=True))
        for i, s in enumerate(state.seats)
    ]
    return levels.race_share(totals, seat, fit.sharpness[key])


def held(values: dict[str, float]) -> float:
    """The Juice a seat holds now (:data:`HELD`)."""
    return sum(values[name] for name in HELD)


def predict(weights: dict[str, float], values: dict[str, float]) -> float:
    """A seat's final Juice as the fit expects it: what it holds now plus the weighted goods
    it has to gain from."""
    return held(values) + sum(weights.get(name, 0.0) * values[name] for name in GAINS)


def back_juice(card: str) -> int:
    """The Juice flipping ``card`` gives (X1), 0 if its back shows none."""
    amounts = [mob.icon_amount(i) for i in arch_cards()[card].back if mob.icon_kind(i) == "juice"]
    return max(amounts, default=0)
