"""The other hand, read from the other seat's plays: what :mod:`.hard`'s search deals from
(issue 28, seventh try; not bound as the engine's ``hard``, see there).

Why: a search that reads the other hand wins about three games in four against the normal bot,
one that re-deals it blind no more than the committed hard (docs/simulator.md, "Monster Day's
hard bot, sixth try"). The hand cannot be seen, but every card played lies face up on the table
(the public history, :class:`~rules.monster_day.model.Turn`), and a player plays the card its
hand made best: a card held through a turn was, for that player, no better than the card played
then. The normal bot is deterministic, so each of its plays rules many hands out.

How: a particle filter over the other seat's draws. Every card the other seat has held is one it
played (public) or one it holds now (unseen), and the deck's shuffle makes every order of those
cards into its draws equally likely a priori. A particle draws them one by one, in the order the
other seat drew, uniformly from the cards not yet drawn, except that a card must be in hand by
the play that used it: when a card's play is as near as the draws left before it, one such card
is drawn (and the particle's weight corrected by the chance of that draw). At each of the other
seat's plays the particle's hand is known; if the normal bot with that hand on that board would
have played something else, the weight is multiplied by ``EPSILON``: soft, not a filter, since a
person (or another level) plays otherwise. Particles are resampled after every play.

It reads only the seat's view: the board, the history, its own hand and the counts; the pool
of unseen cards is sorted, so two states the seat cannot tell apart give the same particles for
the same ``rng``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from rules.monster_day.engine import HAND_SIZE, Play, State, starting_deck
from rules.monster_day.playout import normal_play

EPSILON = 0.1
"""The weight of a hand for each play the normal bot would not have made with it."""
PARTICLES = 96
"""Hypotheses kept; each play's check is cached by the hand, so most cost one lookup."""


@dataclass(frozen=True, slots=True)
class Seen:
    """One play of the other seat as it saw the board: the card, the space, the tops and the
    monsters before it, the turns left after it, and the draw slots filled before it."""

    card: str
    space: int
    tops: tuple[str | None, ...]
    monsters: tuple[int | None, ...]
    turns: int
    slots: int


def history_is_complete(state: State) -> bool:
    """A state from an old dump has fewer turns kept than cards played: nothing to read."""
    return len(state.history) == sum(map(len, state.piles))


def other_plays(state: State, seat: int) -> tuple[list[Seen], int]:
    """The other seat's plays, each with the board it saw, and how many cards it has drawn in
    all (its hand of three, then one after each play while the deck lasted)."""
    other, total = 1 - seat, len(starting_deck(state.extended))
    tops: list[str | None] = [None] * len(state.piles)
    seen: list[Seen] = []
    slots = HAND_SIZE
    for index, turn in enumerate(state.history):
        if turn.seat == other:
            left = total - index - 1
            seen.append(Seen(turn.card, turn.space, tuple(tops), turn.monsters, left, slots))
            slots += total - 2 * HAND_SIZE - index > 0
        tops[turn.space] = turn.card
    return seen, slots


class _Reader:
    """The particle filter of one decision (see the module)."""

    def __init__(self, state: State, seat: int, rng: random.Random, epsilon: float) -> None:
        self.state, self.other, self.rng, self.epsilon = state, 1 - seat, rng, epsilon
        self.plays, self.slots = other_plays(state, seat)
        self.unseen = sorted((*state.hands[1 - seat], *state.deck))
        self.pool = sorted({p.card for p in self.plays} | set(self.unseen))
        self.deadline = {p.card: p.slots - 1 for p in self.plays}
        self.fits: dict[tuple[int, tuple[str, ...]], bool] = {}

    def draw(self, hand: list[str], drawn: set[str], slot: int) -> float:
        """Fill ``slot``: a card a near play needs, or any card not yet drawn; the weight."""
        due = sorted(c for c, d in self.deadline.items() if c not in drawn)
        forced: list[str] = []
        for end in sorted({self.deadline[c] for c in due}):
            needed = [c for c in due if self.deadline[c] <= end]
            if len(needed) >= end - slot + 1:
                forced = needed
                break
        left = len(self.pool) - len(drawn)
        if forced:
            card, weight = self.rng.choice(forced), len(forced) / left
        else:
            card, weight = self.rng.choice(self.pool), 1.0
            while card in drawn:
                card = self.rng.choice(self.pool)
        hand.append(card)
        drawn.add(card)
        return weight

    def fits_play(self, index: int, hand: list[str]) -> bool:
        """Would the normal bot, holding ``hand``, have made the ``index``-th play?"""
        key = (index, tuple(hand))
        if key not in self.fits:
            seen = self.plays[index]
            chosen = normal_play(
                self.state.aces, list(seen.tops), list(seen.monsters), hand, self.other, seen.turns
            )
            self.fits[key] = chosen == Play(seen.card, seen.space)
        return self.fits[key]

    def run(self, count: int) -> list[tuple[str, ...]]:
        """``count`` hands the other seat may hold now, drawn by their weight."""
        particles: list[tuple[list[str], set[str]]] = [([], set()) for _ in range(count)]
        filled = 0
        for index, seen in enumerate(self.plays):
            weights = [self._fill(h, d, filled, seen.slots) for h, d in particles]
            for n, (hand, _) in enumerate(particles):
                if not self.fits_play(index, hand):
                    weights[n] *= self.epsilon
                hand.remove(seen.card)
            particles = self._resample(particles, weights)
            filled = seen.slots
        weights = [self._fill(h, d, filled, self.slots) for h, d in particles]
        return [tuple(h) for h, _ in self._resample(particles, weights)]

    def _fill(self, hand: list[str], drawn: set[str], start: int, end: int) -> float:
        weight = 1.0
        for slot in range(start, end):
            weight *= self.draw(hand, drawn, slot)
        return weight

    def _resample(
        self, particles: list[tuple[list[str], set[str]]], weights: list[float]
    ) -> list[tuple[list[str], set[str]]]:
        """Systematic resampling: each particle kept about ``count * weight / total`` times."""
        total, count = sum(weights), len(particles)
        if total <= 0:  # no hand explains the plays (cannot happen with EPSILON > 0)
            weights, total = [1.0] * count, float(count)
        step, at = total / count, self.rng.random() * total / count
        kept, running, index = [], weights[0], 0
        for _ in range(count):
            while at > running and index < count - 1:
                index += 1
                running += weights[index]
            hand, drawn = particles[index]
            kept.append((list(hand), set(drawn)))
            at += step
        return kept


def read_hands(
    state: State,
    seat: int,
    rng: random.Random,
    count: int = PARTICLES,
    epsilon: float = EPSILON,
) -> list[tuple[str, ...]]:
    """``count`` hands the other seat may hold, each as likely as its plays make it (see the
    module); the history must be complete (:func:`history_is_complete`)."""
    return _Reader(state, seat, rng, epsilon).run(count)


def deal(state: State, seat: int, hand: tuple[str, ...], rng: random.Random) -> State:
    """``state`` with ``hand`` as the other seat's hand and the rest of the unseen cards
    shuffled into the deck (the dice left as they are: the search rolls its own)."""
    other = 1 - seat
    rest = sorted((*state.hands[other], *state.deck))
    for card in hand:
        rest.remove(card)
    rng.shuffle(rest)
    hands = tuple(hand if s == other else h for s, h in enumerate(state.hands))
    return replace(state, hands=hands, deck=tuple(rest))
