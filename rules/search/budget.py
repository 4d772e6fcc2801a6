"""How much the ``hard`` bot searches in each game, counted in iterations, never in time.

Why iterations: a budget in seconds would make the same position give different moves on a
busy machine, so replays, tests and the simulator could not be exact. The figures are tuned
(``bench/bots.py``) so that a decision stays under ~300 ms at p95 on one core.

A budget of ``iterations=0`` means "not searched yet": ``hard`` plays the normal bot's move
(without determinizing), for a game whose search cannot yet fit the 300 ms target. Why not a
tiny budget instead: a handful of playouts to the game's end is both over the target and too
few to beat the normal bot, so it only costs time.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Budget:
    """``iterations`` determinized descents; a playout stops after ``depth`` moves (``None``:
    play to the end; ``0``: judge the new leaf at once) and is scored by the game's
    ``search_value`` if it has one; ``widen`` children are open at a node before its visits
    open more (progressive widening: the normal bot's move is always the first child, so a
    small budget refines that move) in the first ``guided`` levels of the tree; deeper, a
    random move opens first (the normal bot is too dear to ask at every new node in some
    games).

    ``flat``: no tree; each iteration re-deals once and plays *every* legal move on that one
    deal (common random numbers: the same hidden cards and dice to come behind each move),
    then plays on ``depth`` moves with the normal bot. Why: where the dice swing the value of
    a position far more than the choice of move does (Monster Day), a tree's move-by-move
    samples drown the difference in noise, while moves compared on the same deals keep it.

    ``width``: a flat search tries at most this many moves (``None``: all): the normal bot's
    first, then one move of each kind (its class) in turn. Why: a game with hundreds of
    legal moves (offers of every set of items) cannot play each on every deal within the
    budget, and most of them are variants of one kind, so one of each kind is tried first.

    ``turns``: a playout is also judged once the seat to move has changed this many times
    (``None``: only ``depth`` cuts it). Why: a move is worth what it leads to at the end of
    its mover's turn and the other's reply (Monsterpocalypse: an activation of 3-8 moves,
    whose power-up pays off only in the blows after it), not after a fixed count of moves.

    ``margin``: a flat search leaves the normal bot's move only for one whose mean reward is
    higher by more than this. Why: with a few noisy deals the best of several means is
    high by luck alone, and a move picked for that luck plays worse than the normal bot.

    ``skip``: kinds of move (class names) a flat search does not try, unless it is the
    normal bot's move. Why: a move "at any time" (Monsters on Board's Flip) delays what the
    game schedules next (the draft's end and Spider Jack's scoring, a round's end), so a
    leaf judged at depth 0 right after it is compared with leaves a step later in the game,
    and the delay looks like a gain."""

    iterations: int = 200
    depth: int | None = None
    exploration: float = 0.7
    widen: int = 4
    guided: int = 1_000
    flat: bool = False
    width: int | None = None
    turns: int | None = None
    margin: float = 0.0
    skip: tuple[str, ...] = ()


BUDGETS: dict[str, Budget] = {
    # Every card tried on the same 16 re-deals, then the other seat's reply and one more
    # move of the bot's by the normal bot, judged by value.py's walk of the monsters to the
    # end. Against normal: 58.9 % [55.8, 61.9] of 1,000 games (seeds 0..999; normal at the
    # same seats 48.8 %); CPU p50 / p95 43-46 / 58-71 ms on bench/bots.py's 20 positions.
    # Seven tries to go further (more deals, other depths, a solved endgame, the other hand
    # read from its plays, playouts to the end) are measured in docs/simulator.md, "Monster
    # Day's hard bot" (issue 28); none beat this search on fresh seeds.
    "monster_day": Budget(iterations=16, depth=2, flat=True),
    # The activation's plans (engine.search_moves, plans.py: the normal bot's move, power-ups,
    # hyper, full blows at the enemy monster, pushes, the step into contact where safe or
    # decisive) on the same 4 re-deals, the activation finished by the normal bot and judged
    # by the monsters' health, power dice and hyper form credited (levels.search_value); the
    # normal bot's move unless another is better by 0.02 (about half a health point). Seeds
    # 0..399: against normal 56.0 % [51.1, 60.8] (224.0 wins; normal at the same seats
    # 49.1 %), hard vs hard a kill in 188, 47.0 % [42.2, 51.9]; the credit +78 +- 22 wins
    # over 1,750 fresh battles against normal. CPU p50 / p95 6.2 / 40 ms on bench/bots.py's
    # 20 positions. What was tried, kept or not (more deals, the other's reply, fitted
    # values, other steps into contact, a way through the screen, three activations ahead):
    # docs/simulator.md, "Issue 28" and the Monsterpocalypse sections from "the activation's
    # plans" to "three activations ahead".
    "monsterpocalypse": Budget(iterations=4, depth=40, flat=True, turns=1, margin=0.02),
    # Not what hard plays: Notte di Terrore's hard is its own (notte_di_terrore/hard.py, the
    # planner with weights tuned against normal bots per seat count and the end of the game
    # read; ModuleEngine.hard_bot), since no search beat normal. Seeds 0..399 against normal
    # bots: 50.4 % / 39.4 % / 31.1 % at 3 / 4 / 5 seats (goals 50 / 37.5 / 30 %), and 32.8 %
    # [30.7, 34.8] of 2000 other five-seat seeds; CPU p50 / p95 under 0.4 ms. This tree (a
    # playout of 4 moves judged by the Terror race; CPU p95 171-176 ms, no better than normal)
    # is kept for hard_action's callers and tests only. What was tried, kept or not:
    # docs/simulator.md, "Issue 28" and the Notte di Terrore sections from "a fitted race" to
    # "the Summon on its last Place".
    "notte_di_terrore": Budget(iterations=80, depth=4, guided=1),
    # Only the decisions munchkin_fu/hard.py names (fight, run, ask whom, help or not, throw a
    # card in, a level or a curse now; at most 6 moves, the normal bot's first) on the same 3
    # re-deals, 6 moves on, judged by the level race; the routine rest plays normal unsearched.
    # The 30-iteration tree searched every offer and window: 6.4-13.3 s of CPU a game (seeds
    # 1000-1002), now a median 1.6 s (37 games); bench p50 93-102 -> 16-21 ms, p95 154-218 ->
    # 66-89 ms. Hard won 83.0 % [77.2, 87.6] of 200 games (seeds 0..199, hard,normal,normal)
    # where normal at its seat won 30.0 % (issue 28, simulator.md).
    "munchkin_fu": Budget(iterations=3, depth=6, flat=True, width=6),
    # The normal bot's move and 15 others (one of each kind in turn; no Flip but the normal
    # bot's, see Budget.skip) on one re-deal (at depth 0 nothing hidden changes a leaf).
    # Two seats: each move's leaf judged after the seat's board turn played on by the normal
    # bot (monsters_on_board/horizon.py), by each seat's final Juice as leaf.py predicts it
    # (fitted on 350 normal-bot games); 93.8 % [90.9, 95.7] of 400 against normal (seeds
    # 0..399; normal at the same seats 49.0 %), CPU p50 / p95 13.7-16.0 / 32.5-52.7 ms.
    # Three and four seats judge by value.py's boards scored now (the fit is two seats'
    # only): 57.9 % of 400 with three seats (normal 32.0 %), 47.6 % with four (normal 24.9 %).
    # What was tried and not kept (widths, deals, other leaves): docs/simulator.md, "Monsters
    # on Board's hard bot" (issue 28).
    "monsters_on_board": Budget(iterations=1, depth=0, flat=True, width=16, skip=("Flip",)),
}


def budget_for(game: str) -> Budget:
    """The tuned budget of ``game``; a game not listed gets the default."""
    return BUDGETS.get(game, Budget())
