"""A seeded bot census of Monsters on Board's prophecy cards (issue 26 items 1 and 4).

Usage, from the repository root::

    PYTHONPATH=$PWD .venv/bin/python scripts/mob_prophecy_census.py [GAMES] [PLAYERS] [SEED]

Plays GAMES normal games (default 12) of PLAYERS bots (default 4) from SEED (default 100), then
scores every card on every seat's final Order (the dice F2 removed put back, I53):

- item 1: the mean prophecy Juice counting only the dice left (the old reading) and failing a
  line through a removed die (F4a), and how often the old reading let a removal raise a score
  above the full Order's;
- item 4: how many Orders meet card 02 with six different ranks (the old requirement) and with
  five (I29), removals applied.

The engine's bot does not steer towards its card, so the figures are a floor.
"""

from __future__ import annotations

import sys

from rules import GAMES
from rules.monsters_on_board.model import State, die_colour
from rules.monsters_on_board.prophecy import prophecy_cards, prophecy_score
from rules.monsters_on_board.scoring import Placed, kept_order, removed_dice

Grid = list[list[Placed | None]]


def finished(players: int, seed: int) -> State:
    engine = GAMES["monsters_on_board"]
    state: State = engine.setup(players, {}, seed)
    while engine.outcome(state) is None:
        seat = engine.pending(state)[0]
        state, _ = engine.apply(state, seat, engine.bot_action(state, seat))
    return state


def full_orders(state: State) -> list[tuple[Grid, tuple[int, ...]]]:
    """Each seat's Order as placed, the dice F2 removed back at the right of their rows, and
    its Spider Jack dice."""
    grids = []
    for seat in state.seats:
        rows = [list(row) for row in seat.order]
        for r, die in seat.removed:
            rows[r].append(die)
        cells: Grid = [[Placed(die_colour(d), k) for d, k in row] for row in rows]
        grids.append(([row + [None] * (6 - len(row)) for row in cells], seat.jack))
    return grids


def six_ranks_groups(kept: Grid, removed: tuple[tuple[int, int], ...]) -> int:
    cut = {c // 2 for _, c in removed}
    return sum(
        1
        for g in range(3)
        if g not in cut
        and len({p.rank for row in kept for p in row[2 * g : 2 * g + 2] if p is not None}) == 6
    )


def main(games: int, players: int, first: int) -> None:
    pairs = old = new = raised = boards = six = five = 0
    for seed in range(first, first + games):
        for order, jack in full_orders(finished(players, seed)):
            boards += 1
            removed = removed_dice(order, jack)
            kept = [list(row) for row in kept_order(order, removed)]
            for card in prophecy_cards():
                before, after = prophecy_score(card, kept), prophecy_score(card, kept, removed)
                pairs, old, new = pairs + 1, old + before, new + after
                raised += before > prophecy_score(card, order)
            six += six_ranks_groups(kept, removed) > 0
            five += prophecy_score("02", kept, removed) > 0
    print(f"{games} games x {players} bots from seed {first}: {boards} final Orders")
    print(
        f"item 1: mean prophecy Juice per (Order, card): dice left {old / pairs:.2f}, "
        f"F4a {new / pairs:.2f}; a removal raised the score in {raised} of {pairs} pairs"
    )
    print(f"item 4: card 02 met on {six} Orders with six ranks, {five} with five")


if __name__ == "__main__":
    numbers = [int(a) for a in sys.argv[1:4]]
    main(*(numbers + [12, 4, 100][len(numbers) :]))
