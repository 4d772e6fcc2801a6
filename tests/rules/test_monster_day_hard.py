"""Monster Day's ``hard`` level (issue 28, seventh try): the other hand read from the public
history of plays, and playouts to the end on the hands read."""

from __future__ import annotations

import random

from rules import GAMES
from rules.monster_day import _hard, _searched, bot, inference
from rules.monster_day import engine as md
from rules.monster_day.engine import Play, State
from rules.monster_day.playout import normal_play
from tests.rules.test_levels import positions

E = GAMES["monster_day"]


def _normal_game(seed: int) -> list[State]:
    state = md.setup(2, None, seed)
    states = [state]
    while state.current is not None:
        state, _ = md.apply(state, state.current, bot.bot_action(state, state.current))
        states.append(state)
    return states


def _reads(state: State, epsilon: float) -> tuple[float, float]:
    """Share of the other's true cards in the hands read, and in a blind deal on average."""
    seat = state.current
    assert seat is not None
    true = set(state.hands[1 - seat])
    hands = inference.read_hands(state, seat, random.Random(3), 64, epsilon)
    assert all(len(h) == len(true) and not set(h) & set(state.hands[seat]) for h in hands)
    read = sum(len(set(h) & true) for h in hands) / (len(hands) * len(true))
    return read, len(true) / (len(true) + len(state.deck))


def test_the_plays_read_the_other_hand_better_than_a_blind_deal() -> None:
    """Against the normal bot each play rules hands out; with ``epsilon`` 1 (every play as
    likely from any hand) the reading is blind again."""
    positions = [s for seed in (11, 12) for s in _normal_game(seed)[6:-6:3]]
    read = [_reads(s, inference.EPSILON) for s in positions]
    blind = [_reads(s, 1.0) for s in positions]
    mean = [sum(r[i] for r in read) / len(read) for i in (0, 1)]
    unread = sum(b[0] for b in blind) / len(blind)
    assert mean[0] > mean[1] + 0.04
    assert abs(unread - mean[1]) < 0.04


def test_the_reading_depends_only_on_the_seats_view() -> None:
    state = _normal_game(8)[14]
    seat = state.current
    assert seat is not None
    other = E.determinize(state, seat, random.Random(1))
    assert other.hands[1 - seat] != state.hands[1 - seat]
    reads = [inference.read_hands(s, seat, random.Random(5)) for s in (state, other)]
    assert reads[0] == reads[1]


def test_hard_without_the_history_plays_the_committed_search() -> None:
    """A state from a dump older than the history (or the extended deck) has nothing to read
    and no list model: ``hard`` is then the depth-2 search it was."""
    state = _normal_game(6)[9]
    old = E.load({k: v for k, v in E.dump(state).items() if k != "history"})
    assert not inference.history_is_complete(old) and inference.history_is_complete(state)
    assert old.current is not None
    assert _hard(old, old.current) == _searched(old, old.current)


def test_hard_plays_a_legal_move_from_the_hands_read() -> None:
    state = _normal_game(9)[10]
    seat = state.current
    assert seat is not None
    move = _hard(state, seat)
    assert move in md.legal_actions(state, seat)
    assert _hard(state, seat) == move


def test_hard_sees_only_its_seat() -> None:
    """Different hidden cards, deck order and dice to come, one view: one move of
    ``hard.py``'s search (not bound as the engine's hard: it won less, simulator.md)."""
    for state, seat in positions("monster_day")[4::9]:
        a, b = (E.determinize(state, seat, random.Random(n)) for n in (1, 2))
        assert a.hands[1 - seat] != b.hands[1 - seat] and a.rng != b.rng
        assert E.view(a, seat) == E.view(b, seat)
        assert _hard(a, seat) == _hard(b, seat)


def test_each_play_is_rebuilt_as_its_player_saw_it() -> None:
    """The history rebuilds every board a play saw: the normal bot, given the hand it really
    held then, makes the play it made (so a true hand is never weighed down)."""
    states = _normal_game(13)
    final = states[-1]
    for seat in (0, 1):
        seen, _ = inference.other_plays(final, 1 - seat)
        held = [s.hands[seat] for s in states if s.current == seat]
        assert len(seen) == len(held)
        for play, hand in zip(seen, held, strict=True):
            chosen = normal_play(
                final.aces, list(play.tops), list(play.monsters), hand, seat, play.turns
            )
            assert chosen == Play(play.card, play.space)
