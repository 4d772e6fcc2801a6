"""Monster Day's ``search_value``: a seat's chance to win, where the ``hard`` search
(:mod:`rules.search`) stops a playout.

Why a model of the monsters' walk and not the normal bot's board score: only where the
monsters stand after the last card counts, and a monster moves on about 11 turns in 36, so how
much a space is worth depends on how many turns are left. Each monster's walk to the end is
followed exactly (a small cached table): on each of the remaining turns it moves with chance
11/36, toward the village that leads it now with a chance that fades with every turn (tops are
covered soon: the lead of now says little about the lead five turns on). The chances that each
monster ends in either village give the chance that the seat has more points (Pegasus 2).

``LEAD_FADE`` and ``LEAD_SCALE`` were fitted on 180 000 monster positions from 1 500
normal-bot games (issue 28): they give the walk the likeliest final villages.

A card still in hand is worth something too: the last turns decide the game, and a high card
kept for them moves a monster when it counts. ``KEEP_WEIGHT`` (measured in the arena: a
greedy player with it won 56 % of 300 games against normal, 49.5 % without) credits the
cards the seat holds above an average card's worth, less as the deck runs out.

Everything read is in the seat's view (the board, the counts, its own hand), so the value
is the same on every state the search re-deals for that seat.
"""

from __future__ import annotations

import json
import math
from functools import cache

from rules import decktet
from rules.monster_day.bot import MOVE_CHANCE, expected_totals, expected_worth
from rules.monster_day.engine import (
    MONSTER_POINTS,
    MONSTERS,
    LastTurn,
    State,
    outcome,
    owner,
    starting_deck,
    step,
)
from rules.search.mcts import win_share

LEAD_FADE = 0.6
"""How much of a monster's lead is left one turn later (0.6 ** 3: a fifth after 3 turns)."""
LEAD_SCALE = 8.0
"""A lead of this many expected points pulls the next move about 76 % toward the leader."""
LEAD_STEPS = 20
"""How finely the lead is cut for the cached table (a lead of ``tanh`` 0.05 apart)."""
KEEP_WEIGHT = 0.05
"""Win chance per hand of card worth (see :func:`card_worth`) at the start of the game."""


@cache
def _ends(position: int | None, turns: int, lead: int) -> tuple[float, float]:
    """The chances that a monster at ``position`` ends in village 0 and in village 1 after
    ``turns`` turns, with the lead toward seat 0 of now ``lead / LEAD_STEPS`` in ``[-1, 1]``."""
    chances: dict[int | None, float] = {position: 1.0}
    pull = lead / LEAD_STEPS
    for turn in range(turns):
        toward_0 = 0.5 + 0.5 * pull * LEAD_FADE**turn
        walked: dict[int | None, float] = {}
        for at, chance in chances.items():
            walked[at] = walked.get(at, 0.0) + chance * (1 - MOVE_CHANCE)
            for toward, share in ((0, toward_0), (1, 1 - toward_0)):
                to = step(at, toward)[0]
                walked[to] = walked.get(to, 0.0) + chance * MOVE_CHANCE * share
        chances = walked
    villages = [0.0, 0.0]
    for at, chance in chances.items():
        if at is not None:
            villages[owner(at)] += chance
    return villages[0], villages[1]


def _win_share(villages: list[tuple[float, float]], seat: int) -> float:
    """The chance that ``seat`` ends with more points, plus half the chance of a tie, the
    monsters' walks taken as independent."""
    margins = {0: 1.0}
    for (to_0, to_1), monster in zip(villages, MONSTERS, strict=True):
        mine, theirs = (to_0, to_1) if seat == 0 else (to_1, to_0)
        points = MONSTER_POINTS[monster]
        spread: dict[int, float] = {}
        for margin, chance in margins.items():
            for shift, share in ((points, mine), (-points, theirs), (0, 1 - mine - theirs)):
                spread[margin + shift] = spread.get(margin + shift, 0.0) + chance * share
        margins = spread
    ahead = sum(chance for margin, chance in margins.items() if margin > 0)
    return ahead + 0.5 * margins.get(0, 0.0)


@cache
def card_worth(card_id: str) -> float:
    """What a card adds to the monsters' totals, weighted by their points, in units of about
    one high numeral (a Crown for Pegasus alone is worth 0.67)."""
    card = decktet.card(card_id)
    return sum(MONSTER_POINTS[m] * expected_worth(m, card) for m in MONSTERS) / 30


@cache
def before_roll(monsters: tuple[int | None, ...], last: LastTurn) -> tuple[int | None, ...]:
    """Where the monsters stood when the last card was played, before its dice (public: the
    last turn's events name every move). Why judge that: the card is the mover's choice, the
    dice are not; the walk from there, its first step led by the tops the card left, is the
    exact mean over those dice, where one sampled roll would swing the value far more than
    any choice of card does."""
    moved = {e["monster"]: e["from"] for e in json.loads(last.events) if e["type"] == "monster"}
    return tuple(moved.get(m, at) for m, at in zip(MONSTERS, monsters, strict=True))


@cache
def _mean_worth(deck: tuple[str, ...]) -> float:
    return sum(map(card_worth, deck)) / len(deck)


def search_value(state: State, seat: int) -> float:
    """``seat``'s chance to win in ``[0, 1]``: the win share once the game is over, else the
    monsters' walks to the end and the worth of the cards in hand (see the module)."""
    result = outcome(state)
    if result is not None:
        return win_share(result, seat)
    tops = [decktet.card(p[-1]) if p else None for p in state.piles]
    turns = len(state.deck) + sum(len(h) for h in state.hands)
    positions = state.monsters
    if state.last_turn is not None:
        positions, turns = before_roll(state.monsters, state.last_turn), turns + 1
    villages = []
    for monster, position in zip(MONSTERS, positions, strict=True):
        totals = expected_totals(tops, monster)
        lead = round(LEAD_STEPS * math.tanh((totals[0] - totals[1]) / LEAD_SCALE))
        villages.append(_ends(position, turns, lead))
    chance = _win_share(villages, seat)
    deck = starting_deck(state.extended)
    kept = sum(card_worth(c) - _mean_worth(deck) for c in state.hands[seat])
    left = turns / len(deck)
    return min(1.0, max(0.0, chance + KEEP_WEIGHT * left * kept))
