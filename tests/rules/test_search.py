"""The ``hard`` level's search (issue 28, :mod:`rules.search`): exact, legal, no search for
an only move, right on a tiny game, and blind to what its seat cannot see (two states with
the same view for the seat get the same move).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

import pytest

from rules import GAMES
from rules.search import hard_action, public_seed
from tests.rules.test_levels import positions

ITERATIONS = {
    "monster_day": 60,
    "monsterpocalypse": 4,
    "monsters_on_board": 4,
    "munchkin_fu": 12,
    "notte_di_terrore": 20,
}
DECISIONS = {
    "monster_day": 2,
    "monsterpocalypse": 1,
    "monsters_on_board": 2,
    "munchkin_fu": 2,
    "notte_di_terrore": 2,
}


@dataclass(frozen=True)
class Nim:
    """A tiny game: take 1 or 2 stones, whoever takes the last wins; seat 1 holds a hidden
    number no move depends on (to be re-dealt)."""

    stones: int
    turn: int = 0
    secret: int = 0


class NimGame:
    """Nim through the engine methods the search calls; its normal bot always takes 2."""

    id = "nim"

    def pending(self, state: Nim) -> list[int]:
        return [state.turn] if state.stones else []

    def legal_actions(self, state: Nim, seat: int) -> list[int]:
        return [n for n in (1, 2) if n <= state.stones] if seat == state.turn else []

    def apply(self, state: Nim, seat: int, action: int) -> tuple[Nim, list[Any]]:
        return replace(state, stones=state.stones - action, turn=1 - seat), []

    def view(self, state: Nim, seat: int | None) -> dict[str, Any]:
        return {"stones": state.stones, "turn": state.turn}

    def outcome(self, state: Nim) -> dict[str, Any] | None:
        return None if state.stones else {"scores": [0, 0], "winners": [1 - state.turn]}

    def bot_action(self, state: Nim, seat: int, level: str = "normal") -> int:
        return max(self.legal_actions(state, seat))

    def determinize(self, state: Nim, seat: int, rng: random.Random) -> Nim:
        return replace(state, secret=rng.randrange(100))


def test_the_search_finds_the_winning_move_the_normal_bot_misses() -> None:
    game = NimGame()
    for stones, winning in ((4, 1), (5, 2), (7, 1)):
        assert hard_action(game, Nim(stones), 0, iterations=300) == winning


def test_an_only_move_is_played_without_searching() -> None:
    class Refuses(NimGame):
        def determinize(self, state: Nim, seat: int, rng: random.Random) -> Nim:
            raise AssertionError("searched for an only move")

    assert hard_action(Refuses(), Nim(1), 0) == 1


def test_the_seed_is_public() -> None:
    game = NimGame()
    assert public_seed(game, Nim(5, secret=1), 0) == public_seed(game, Nim(5, secret=2), 0)
    assert public_seed(game, Nim(5), 0) != public_seed(game, Nim(5), 1)


def _decisions(game: str) -> list[tuple[Any, int]]:
    engine = GAMES[game]
    found = [(s, seat) for s, seat in positions(game) if len(engine.legal_actions(s, seat)) > 1]
    return found[2 : 2 + 5 * DECISIONS[game] : 5]


@pytest.mark.parametrize("game", sorted(ITERATIONS))
def test_hard_is_exact_and_legal(game: str) -> None:
    engine = GAMES[game]
    value = getattr(engine, "search_value", None)
    moves = getattr(engine, "search_moves", None)
    for state, seat in _decisions(game):
        move = hard_action(
            engine, state, seat, iterations=ITERATIONS[game], value=value, moves=moves
        )
        assert move in engine.legal_actions(state, seat)
        again = hard_action(
            engine, state, seat, iterations=ITERATIONS[game], value=value, moves=moves
        )
        assert again == move


@pytest.mark.parametrize("game", sorted(ITERATIONS))
def test_hard_sees_only_its_seat(game: str) -> None:
    """Different hidden cards, deck order and dice to come, one view: one move."""
    engine = GAMES[game]
    value = getattr(engine, "search_value", None)
    named = getattr(engine, "search_moves", None)
    for state, seat in _decisions(game):
        a, b = (engine.determinize(state, seat, random.Random(n)) for n in (1, 2))
        assert a != b and a.rng != b.rng
        assert engine.view(a, seat) == engine.view(b, seat)
        moves = {
            hard_action(engine, s, seat, iterations=ITERATIONS[game], value=value, moves=named)
            for s in (a, b)
        }
        assert len(moves) == 1


def test_hard_through_the_engine_uses_the_games_budget() -> None:
    engine = GAMES["monster_day"]
    state, seat = _decisions("monster_day")[0]
    assert engine.bot_action(state, seat, "hard") in engine.legal_actions(state, seat)


@dataclass(frozen=True)
class Pennies:
    """Both seats pick 0 or 1 at once (hidden until both have); seat 0 wins on different
    picks, seat 1 on equal ones."""

    picks: tuple[int | None, int | None] = (None, None)


class PenniesGame:
    """A simultaneous phase; the normal bot always picks 1."""

    id = "pennies"

    def pending(self, state: Pennies) -> list[int]:
        return [s for s in (0, 1) if state.picks[s] is None]

    def legal_actions(self, state: Pennies, seat: int) -> list[int]:
        return [0, 1] if seat in self.pending(state) else []

    def apply(self, state: Pennies, seat: int, action: int) -> tuple[Pennies, list[Any]]:
        picks = (action, state.picks[1]) if seat == 0 else (state.picks[0], action)
        return Pennies(picks), []

    def view(self, state: Pennies, seat: int | None) -> dict[str, Any]:
        return {"picked": [p is not None for p in state.picks]}

    def outcome(self, state: Pennies) -> dict[str, Any] | None:
        if self.pending(state):
            return None
        return {"scores": [0, 0], "winners": [0 if state.picks[0] != state.picks[1] else 1]}

    def bot_action(self, state: Pennies, seat: int, level: str = "normal") -> int:
        return 1

    def determinize(self, state: Pennies, seat: int, rng: random.Random) -> Pennies:
        return state


def test_in_a_simultaneous_phase_the_others_play_the_normal_bot_blind() -> None:
    game = PenniesGame()
    assert hard_action(game, Pennies(), 0, iterations=40) == 0
    assert hard_action(game, Pennies(), 1, iterations=40) == 1


def test_hard_plays_normal_until_searched_within_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose budget has no iterations (its search not yet within 300 ms) plays hard as
    normal: the same move, found without re-dealing the hidden cards."""
    from rules.search import BUDGETS, Budget

    class Refuses(NimGame):
        def determinize(self, state: Nim, seat: int, rng: random.Random) -> Nim:
            raise AssertionError("searched with a budget of no iterations")

    monkeypatch.setitem(BUDGETS, "nim", Budget(iterations=0))
    assert hard_action(Refuses(), Nim(4), 0) == 2


def test_a_flat_search_plays_every_move_on_the_same_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """``Budget(flat=True)``: each deal is re-dealt once and every legal move is played on it
    (issue 28: Monster Day's moves differ by less than its dice do); it still finds Nim's
    winning move one move deep, and a tie goes to the normal bot's move."""
    from rules.search import BUDGETS, Budget

    game = NimGame()
    monkeypatch.setitem(BUDGETS, "nim", Budget(iterations=3, flat=True))
    assert hard_action(game, Nim(4), 0) == 1
    assert hard_action(game, Nim(3), 0) == 2  # both moves lose: the normal bot's


def test_a_wide_flat_search_tries_the_normal_move_and_one_of_each_kind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``Budget(flat=True, width=3)`` (issue 28: Munchkin Fu offers every set of items, too
    many to play on every deal): the normal bot's move, then one move of each kind, no more."""
    from rules.search import BUDGETS, Budget

    tried: set[Any] = set()

    class Offers(NimGame):
        """Nim where a seat may also make one of 30 offers (strings) that change nothing."""

        def legal_actions(self, state: Nim, seat: int) -> list[Any]:
            moves: list[Any] = [f"offer {n}" for n in range(30)]
            return [*super().legal_actions(state, seat), *moves] if seat == state.turn else []

        def apply(self, state: Nim, seat: int, action: Any) -> tuple[Nim, list[Any]]:
            if state.stones == 5:
                tried.add(action)
            if isinstance(action, str):
                return replace(state, turn=1 - seat), []
            return super().apply(state, seat, action)

        def bot_action(self, state: Nim, seat: int, level: str = "normal") -> Any:
            return max(n for n in (1, 2) if n <= state.stones)

    monkeypatch.setitem(BUDGETS, "nim", Budget(iterations=2, flat=True, width=3))
    assert hard_action(Offers(), Nim(5), 0) == 2
    assert len(tried) == 3
    assert {1, 2} < tried


def test_a_playout_cut_by_turns_is_judged_after_the_reply(monkeypatch: pytest.MonkeyPatch) -> None:
    """``Budget(turns=n)`` (issue 28: a Monsterpocalypse move is worth what it leads to at the
    end of its mover's activation and the other's reply): the playout is judged once the seat
    to move has changed ``n`` times since the searched move, however many moves that takes."""
    from rules.search import BUDGETS, Budget

    judged: dict[int, set[int]] = {1: set(), 2: set()}
    for turns, seen in judged.items():

        def value(state: Nim, seat: int, seen: set[int] = seen) -> float:
            seen.add(state.stones)
            return 0.5

        budget = Budget(iterations=1, flat=True, depth=None, turns=turns)
        monkeypatch.setitem(BUDGETS, "nim", budget)
        hard_action(NimGame(), Nim(5), 0, value=value)
    assert judged == {1: {4, 3}, 2: {2, 1}}


def test_a_flat_search_leaves_the_normal_move_only_by_the_margin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``Budget(margin=m)``: another move must beat the normal bot's mean reward by more
    than ``m`` (a few noisy deals make the best of several means high by luck alone)."""
    from rules.search import BUDGETS, Budget

    monkeypatch.setitem(BUDGETS, "nim", Budget(iterations=2, flat=True, margin=0.5))
    assert hard_action(NimGame(), Nim(4), 0) == 1  # wins for sure: 1 against 0
    monkeypatch.setitem(BUDGETS, "nim", Budget(iterations=2, flat=True, margin=1.5))
    assert hard_action(NimGame(), Nim(4), 0) == 2


def test_a_flat_search_compares_only_the_moves_the_game_names(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``hard_action(moves=...)`` (a game's ``search_moves``; issue 28: Munchkin Fu's routine
    windows cost seconds a game): a flat search tries only the moves named, and where fewer
    than two are named it plays the normal bot's move without re-dealing anything."""
    from rules.search import BUDGETS, Budget

    tried: set[Any] = set()

    class Counting(NimGame):
        def apply(self, state: Nim, seat: int, action: int) -> tuple[Nim, list[Any]]:
            if state.stones == 4:
                tried.add(action)
            return super().apply(state, seat, action)

    class Refuses(NimGame):
        def determinize(self, state: Nim, seat: int, rng: random.Random) -> Nim:
            raise AssertionError("searched a routine decision")

    monkeypatch.setitem(BUDGETS, "nim", Budget(iterations=3, flat=True))
    both = Counting()
    assert hard_action(both, Nim(4), 0, moves=lambda s, seat, legal, normal: legal) == 1
    assert tried == {1, 2}
    tried.clear()
    assert hard_action(both, Nim(4), 0, moves=lambda s, seat, legal, normal: [normal, 2]) == 2
    assert tried == {2}
    routine = hard_action(Refuses(), Nim(4), 0, moves=lambda s, seat, legal, normal: [normal])
    assert routine == 2
