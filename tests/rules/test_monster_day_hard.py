"""Monster Day's hard bot, tried and not kept (issue 28, simulator.md "Monster Day's hard bot,
fourth try"): a leaf with the other seat's best reply over every roll, and a solved endgame.
The search itself is tested in ``test_search.py``, the levels in ``test_levels.py``."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from functools import cache

import pytest

from rules import GAMES
from rules.base import Rng
from rules.monster_day import endgame, lookahead
from rules.monster_day import engine as md
from rules.monster_day.value import KEEP_WEIGHT, before_roll, leads_of, tops_of

ENGINE = GAMES["monster_day"]
DICE = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def _game(seed: int) -> list[md.State]:
    """Every state of a normal-bot game of ``seed`` (basic deck), the first to the last."""
    state = md.setup(2, {}, seed)
    states = [state]
    while not state.over:
        state, _ = md.apply(state, state.current, ENGINE.bot_action(state, state.current))
        states.append(state)
    return states


def _rolled(
    piles: tuple[tuple[str, ...], ...], monsters: tuple[int | None, ...], dice: tuple[int, int]
) -> tuple[int | None, ...]:
    """Where the monsters stand after ``dice``, by the engine's own rules (no Pawn or Court
    in the basic deck, so the engine's rng is never drawn)."""
    positions = list(monsters)
    for index in md.monsters_for_dice(dice):
        positions[index], _, _ = md.move_monster(
            piles, positions[index], md.MONSTERS[index], Rng(0)
        )
    return tuple(positions)


@cache
def _brute(
    piles: tuple[tuple[str, ...], ...],
    monsters: tuple[int | None, ...],
    hands: tuple[tuple[str, ...], ...],
    mover: int | None,
    aces: tuple[str, ...],
) -> float:
    """Seat 0's win share with best play, every play and all 36 rolls tried (the deck empty)."""
    if mover is None:
        points = md.score(monsters)
        return 1.0 if points[0] > points[1] else 0.0 if points[0] < points[1] else 0.5
    shares = []
    for card in set(hands[mover]):
        left = tuple(
            tuple(c for c in h if c != card) if s == mover else h for s, h in enumerate(hands)
        )
        after = 1 - mover if left[1 - mover] else (mover if left[mover] else None)
        for space in range(md.NUM_SPACES):
            if md.matches(card, aces[space]):
                played = tuple((*p, card) if i == space else p for i, p in enumerate(piles))
                mean = (
                    sum(
                        _brute(played, _rolled(played, monsters, d), left, after, aces)
                        for d in DICE
                    )
                    / 36
                )
                shares.append(mean if mover == 0 else 1.0 - mean)
    best = max(shares)
    return best if mover == 0 else 1.0 - best


@pytest.mark.parametrize("seed", [3, 8])
def test_the_solved_endgame_is_the_best_play_over_every_roll(seed: int) -> None:
    """Once the deck is empty the hands are known: the leaf is the expectimax over the last
    plays and all 36 rolls after each (the last play's own roll too), here checked against
    a brute force over the engine's own monster moves."""
    ending = [s for s in _game(seed) if endgame.solvable(s) and sum(map(len, s.hands)) <= 2]
    assert ending
    for state in ending:
        assert state.last_turn is not None
        before = before_roll(state.monsters, state.last_turn)
        brute = (
            sum(
                _brute(
                    state.piles,
                    _rolled(state.piles, before, d),
                    state.hands,
                    state.current,
                    state.aces,
                )
                for d in DICE
            )
            / 36
        )
        for seat in (0, 1):
            expected = brute if seat == 0 else 1.0 - brute
            assert endgame.solved_share(state, seat, before) == pytest.approx(expected)


def test_the_reply_leaf_judges_the_card_played_not_the_dice_it_rolled() -> None:
    """The leaf averages the bot's own roll exactly: the same play with other dice is the
    same value, so the search compares plays, not luck (one deal is enough)."""
    state = _game(5)[6]
    seat = state.current
    assert seat is not None
    play = md.legal_actions(state, seat)[0]
    after = [md.apply(replace(state, rng=Rng(n)), seat, play)[0] for n in range(12)]
    assert len({a.monsters for a in after}) > 1
    assert len({lookahead.reply_value(a, seat) for a in after}) == 1


def test_the_reply_leaf_reads_no_hidden_card() -> None:
    """The other seat's reply is the best of the hands it may hold (drawn from the cards
    the bot has not seen), so every re-deal of the unseen cards gets the same value."""
    for state in _game(6)[4:24:4]:
        seat = state.current
        assert seat is not None
        play = md.legal_actions(state, seat)[-1]
        after, _ = md.apply(state, seat, play)
        deals = [md.determinize(after, seat, random.Random(n)) for n in range(3)]
        assert len({lookahead.reply_value(d, seat) for d in (after, *deals)}) == 1


def test_the_reply_is_the_best_card_of_every_hand_the_other_seat_may_hold() -> None:
    """The leaf's reply, averaged over the hands the other seat may hold, equals trying each
    such hand (every set of its size from the unseen cards) and its best card in it."""
    state = _game(9)[20]
    seat = state.current
    assert seat is not None
    after, _ = md.apply(state, seat, ENGINE.bot_action(state, seat))
    other = 1 - seat
    tops = tops_of(after)
    turns = len(after.deck) + sum(map(len, after.hands))
    positions = after.monsters
    leads = leads_of(tops)
    keep = KEEP_WEIGHT * turns / len(md.starting_deck(False))
    pool = sorted((*after.hands[other], *after.deck))
    best = {
        c: lookahead._best_space(after, other, c, tops, leads, positions, turns, keep) for c in pool
    }
    hands = list(itertools.combinations(pool, len(after.hands[other])))
    brute = sum(max(best[c] for c in hand)[1] for hand in hands) / len(hands)
    assert lookahead._answered(after, other, tops, positions, turns) == pytest.approx(brute)
