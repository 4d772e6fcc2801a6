"""Monster Day in lists, for playouts to the end: what the ``hard`` bot (:mod:`.hard`) plays
its searched games on, and the normal bot's choice on any board (:mod:`.inference` asks it
what the other seat would have played).

Why a model beside the engine: ``hard`` plays every legal play to the end of the game on dozens
of deals per decision, ~1,000 turns each time; the engine's immutable states and events cost
several times what these lists do. Basic deck only (no rolled Pawns or Courts: a play's effect
is then a function of the tops, and each turn rolls two dice); ``tests/simulator/
test_md_oracle.py`` replays the engine's normal games on it move for move
(``simulator.md_oracle.check_model``).
Moved here from ``simulator/md_oracle.py`` (issue 28, seventh try), which uses it still.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import tanh

from rules.monster_day import bot, engine
from rules.monster_day.engine import MONSTER_POINTS, MONSTERS, Play, State
from rules.monster_day.model import spaces_for
from rules.monster_day.monsters import _fixed_worth

FACES = [(a, b) for a in range(1, 7) for b in range(1, 7)]
"""The 36 rolls of two dice (a search stratifies its first roll over them)."""
POINTS = tuple(MONSTER_POINTS[m] for m in MONSTERS)
OWNER = tuple(engine.owner(space) for space in range(engine.NUM_SPACES))
MOVES = {face: tuple(engine.monsters_for_dice(face)) for face in FACES}


@cache
def _fixed(card: str) -> tuple[int, ...]:
    """What ``card`` adds to each monster's total when it is a top (basic deck: no rolls)."""
    worths = tuple(_fixed_worth(m, card) for m in MONSTERS)
    assert None not in worths, f"{card} is rolled: the playout model handles the basic deck only"
    return worths  # type: ignore[return-value]


@cache
def _places(position: int | None, seat: int) -> tuple[float, float, float]:
    """A monster's expected place for ``seat`` after this turn's dice when ``seat`` trails it,
    ties it, leads it (``bot._monster_score``'s first term, by the same sums)."""

    def place(sign: int) -> float:
        moved = position
        if sign != 0:
            moved = engine.step(position, seat if sign > 0 else 1 - seat)[0]
        stay = bot.position_value(position, seat)
        return stay + bot.MOVE_CHANCE * (bot.position_value(moved, seat) - stay)

    return place(-1), place(0), place(1)


def normal_play(
    aces: tuple[str, ...],
    tops: list[str | None],
    at: list[int | None],
    hand: list[str] | tuple[str, ...],
    seat: int,
    turns: int,
) -> Play:
    """The normal bot's play with ``hand`` on this board, ``turns`` turns after this one
    (``bot._Scorer``'s sums in the same order, so the same play, ties to the first). Why not
    ``bot._Scorer`` itself: playouts ask this ~40,000 times a decision, and the monsters' terms
    inlined here (a cached place per sign of the lead, ``tanh`` of the lead) cost a third."""
    worth = [bot.worths(t) if t else None for t in tops]
    totals = ([0.0] * len(MONSTERS), [0.0] * len(MONSTERS))
    for space, top in enumerate(worth):
        if top is not None:
            village = totals[OWNER[space]]
            for index, value in enumerate(top):
                village[index] += value
    lead = bot.LEAD_WEIGHT * min(1.0, turns / bot.FULL_LEAD_TURNS)
    mine, theirs = totals[seat], totals[1 - seat]
    terms = [(i, POINTS[i], _places(position, seat)) for i, position in enumerate(at)]
    best, best_score = None, -1e18
    for card in dict.fromkeys(hand):
        added = bot.worths(card)
        for space in spaces_for(card, aces):
            ours, covered = OWNER[space] == seat, worth[space]
            score = 0.0
            for index, points, places in terms:
                delta = added[index] - (covered[index] if covered else 0.0)
                if ours:
                    diff = (mine[index] + delta) - theirs[index]
                else:
                    diff = mine[index] - (theirs[index] + delta)
                place = places[1] if diff == 0 else places[2] if diff > 0 else places[0]
                score += points * (place + lead * tanh(diff / bot.LEAD_SCALE))
            if score > best_score:
                best, best_score = Play(card, space), score
    assert best is not None
    return best


@dataclass(slots=True)
class Game:
    """A game in lists: ``tops`` the top card per space (``None``: empty), ``at`` the monsters'
    spaces, ``hands``, the deck still to draw, the seat to move (``None``: over)."""

    aces: tuple[str, ...]
    tops: list[str | None]
    at: list[int | None]
    hands: list[list[str]]
    deck: list[str]
    current: int | None

    @classmethod
    def of(cls, state: State) -> Game:
        assert not state.extended_deck, "the playout model handles the basic deck only"
        return cls(
            state.aces,
            [p[-1] if p else None for p in state.piles],
            list(state.monsters),
            [list(h) for h in state.hands],
            list(state.deck),
            state.current,
        )

    def copy(self) -> Game:
        return Game(
            self.aces,
            list(self.tops),
            list(self.at),
            [list(h) for h in self.hands],
            list(self.deck),
            self.current,
        )

    def plays(self, seat: int) -> list[Play]:
        return [Play(c, s) for c in self.hands[seat] for s in spaces_for(c, self.aces)]

    def normal(self, seat: int) -> Play:
        """The normal bot's play for ``seat`` (see :func:`normal_play`)."""
        turns = len(self.deck) + len(self.hands[0]) + len(self.hands[1]) - 1
        return normal_play(self.aces, self.tops, self.at, self.hands[seat], seat, turns)

    def play(self, seat: int, play: Play, dice: tuple[int, int]) -> None:
        """Play the card, move the monsters for ``dice``, draw, pass the turn."""
        self.tops[play.space] = play.card
        hand = self.hands[seat]
        hand.remove(play.card)
        for index in MOVES[dice]:
            totals = [0, 0]
            for space, top in enumerate(self.tops):
                if top is not None:
                    totals[OWNER[space]] += _fixed(top)[index]
            if totals[0] != totals[1]:
                self.at[index] = engine.step(self.at[index], 0 if totals[0] > totals[1] else 1)[0]
        if self.deck:
            hand.append(self.deck.pop(0))
        other = 1 - seat
        self.current = other if self.hands[other] or self.deck else (seat if hand else None)

    def share(self, seat: int) -> float:
        """``seat``'s win share at the end (a tie splits it)."""
        points = [0, 0]
        for index, position in enumerate(self.at):
            if position is not None:
                points[OWNER[position]] += POINTS[index]
        if points[0] == points[1]:
            return 0.5
        return 1.0 if points[seat] > points[1 - seat] else 0.0


def rollout(game: Game, seat: int, dice: list[tuple[int, int]]) -> float:
    """``seat``'s win share once both seats have played the normal bot to the end on ``dice``."""
    turn = 0
    while (mover := game.current) is not None:
        game.play(mover, game.normal(mover), dice[turn])
        turn += 1
    return game.share(seat)
