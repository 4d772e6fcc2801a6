"""Monster Day's oracle: what a bot reading every card wins against the normal bot (issue 28).

``python -m simulator.md_oracle --games 200 --seed 1000`` plays the oracle at seat ``seed % 2``
(the arena's ``--bots hard,normal`` seating) against the normal bot, and the all-normal game of
each seed, and prints both win shares at that seat with their 95 % intervals. ``--sees hand``
reads the other hand only (the deck shuffled for each playout), ``--sees none`` nothing (the
hidden cards re-dealt, ``determinize``: the same search as a fair bot); docs/simulator.md,
"Monster Day's hard bot, sixth try", has the figures.

Why an oracle and what it sees: the issue asks hard to win 65 % against normal; a bot allowed to
see *every* hidden card (the other hand and the deck's order) bounds what any fair bot can do
with better reading, and one that searches to the game's end bounds what a better judgement or a
deeper horizon can do. It does *not* see the dice to come (those it samples, from its own
generator, never the state's). Since it sees the other hand and the normal bot is deterministic,
it knows every reply the normal bot would make; the dice are the only thing it cannot know. It
is therefore a rollout player over the whole game: every legal play is played out to the end
``rollouts`` times on the same dice (common random numbers; the first roll stratified over its 36
faces), both seats by the normal bot after it, judged by who actually wins.

Not a legal bot (it reads hidden cards): nothing in play imports it. Basic deck only (no rolled
Pawns or Courts: a play's effect is then a function of the tops, and each turn rolls two dice).

The rollouts run on a small model of the game (lists and ids, no events, no copies), several
times faster than the engine (:mod:`rules.monster_day.playout`, where the ``hard`` bot plays
it too); :func:`check_model` replays engine games on it.
"""

from __future__ import annotations

import argparse
import random
import sys

from rules.monster_day import bot, engine
from rules.monster_day.engine import Play, State
from rules.monster_day.playout import FACES, Game, rollout
from simulator.numbers import interval, pct, wilson


def oracle_action(
    state: State, seat: int, rollouts: int, rng: random.Random, sees: str = "all"
) -> Play:
    """The play with the best mean win share over ``rollouts`` playouts to the end (see the
    module); a tie goes to the normal bot's play. ``sees``: ``all`` reads every hidden card;
    ``hand`` reads the other hand but shuffles the deck for each playout; ``none`` re-deals
    all the seat cannot see (``determinize``), the same search as a legal bot."""
    game = Game.of(state)
    preferred = game.normal(seat)
    plays = game.plays(seat)
    if len(plays) == 1:
        return plays[0]
    left = len(game.deck) + len(game.hands[0]) + len(game.hands[1])
    start = rng.randrange(len(FACES))
    totals = dict.fromkeys(plays, 0.0)
    for k in range(rollouts):
        first = FACES[(start + k) % len(FACES)]
        dice = [first] + [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(left)]
        deal = _deal(game, state, seat, sees, rng)
        for play in plays:
            trial = deal.copy()
            trial.play(seat, play, dice[0])
            totals[play] += rollout(trial, seat, dice[1:])
    best = max(totals.values())
    return preferred if totals[preferred] >= best else max(plays, key=lambda p: totals[p])


def _deal(game: Game, state: State, seat: int, sees: str, rng: random.Random) -> Game:
    """The game a playout starts from: as it is, or with what ``sees`` hides re-dealt."""
    if sees == "all":
        return game
    if sees == "none":
        return Game.of(engine.determinize(state, seat, rng))
    deal = game.copy()
    rng.shuffle(deal.deck)
    return deal


def play_game(seed: int, oracle_seat: int | None, rollouts: int, sees: str = "all") -> float:
    """Seat ``seed % 2``'s win share in game ``seed``: the oracle there (``oracle_seat``) or
    the normal bot (``None``), the normal bot at the other seat."""
    state = engine.setup(2, None, seed)
    rng = random.Random(f"oracle/{seed}")
    while (mover := state.current) is not None:
        if mover == oracle_seat:
            action = oracle_action(state, mover, rollouts, rng, sees)
        else:
            action = bot.bot_action(state, mover)
        state, _ = engine.apply(state, mover, action)
    result = engine.outcome(state)
    assert result is not None
    winners = result["winners"]
    return (1 / len(winners)) if seed % 2 in winners else 0.0


def check_model(seeds: range) -> None:
    """Replay the normal-bot games of ``seeds`` on :class:`Game` with the engine's dice: the
    same plays and the same monsters at every turn, or an ``AssertionError``."""
    for seed in seeds:
        state = engine.setup(2, None, seed)
        game = Game.of(state)
        while (mover := state.current) is not None:
            action = bot.bot_action(state, mover)
            assert game.normal(mover) == action, (seed, state.turn_number)
            state, _ = engine.apply(state, mover, action)
            assert state.last_turn is not None
            game.play(mover, action, state.last_turn.dice)
            assert game.at == list(state.monsters) and game.current == state.current


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m simulator.md_oracle", description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--rollouts", type=int, default=72)
    parser.add_argument("--sees", choices=("all", "hand", "none"), default="all")
    parser.add_argument("--no-normal", action="store_true", help="skip the all-normal games")
    args = parser.parse_args(argv)
    won = normal = 0.0
    for i, seed in enumerate(range(args.seed, args.seed + args.games), start=1):
        won += play_game(seed, seed % 2, args.rollouts, args.sees)
        normal += 0.0 if args.no_normal else play_game(seed, None, args.rollouts)
        low, high = wilson(won, i)
        print(
            f"{i} seed {seed}: oracle {pct(won / i)} {interval(low, high)},"
            f" normal at the same seats {pct(normal / i)}",
            file=sys.stderr,
            flush=True,
        )
    games = args.games
    print(f"oracle: win share {pct(won / games)} {interval(*wilson(won, games))} of {games}")
    print(f"normal at the same seats: {pct(normal / games)} {interval(*wilson(normal, games))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
