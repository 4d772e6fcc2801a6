"""Monsters on Board engine: creature movement (M1-M14) and the Spider Jack phase (J1-J9)."""

from __future__ import annotations

from rules.monsters_on_board import engine as E
from rules.monsters_on_board.model import Activate, MoveNext, Place, Skip, Use, with_seat
from tests.rules.test_monsters_on_board import (
    BOARD,
    die,
    finish_draft,
    game,
    on_board,
    placing,
    play,
    where,
)

AVENUE = (die("pink", 4), die("blue", 2), die("green", 5), die("black", 6))
START = BOARD.starts


def _creatures(**extra: list[str]) -> tuple[tuple[str, str], ...]:
    """One creature per colour on its start, plus ``colour=[locations]`` more."""
    found = [(c, START[c]) for c in START]
    for colour, places in extra.items():
        found = [(c, loc) for c, loc in found if c != colour] + [(colour, p) for p in places]
    return tuple(found)


def _activate_all(state, seat=0):  # type: ignore[no-untyped-def]
    """Activate every Avenue die, resolving each move with its first legal answers."""
    while any(isinstance(a, (Activate, MoveNext, Use, Skip)) for a in E.legal_actions(state, seat)):
        seat_state = state.seats[seat]
        if seat_state.stack:
            top = seat_state.stack[-1]
            action = MoveNext(top.left[0]) if top.kind == "move" else Skip(top.source)
        else:
            action = next(a for a in E.legal_actions(state, seat) if isinstance(a, Activate))
        state = play(state, seat, action)
    return state


def test_M1_phases_3_and_4_run_per_seat_without_waiting() -> None:
    state = finish_draft(game(3, seed=1))
    assert state.phase == "board" and E.pending(state) == [0, 1, 2]
    state = _activate_all(state, 1)
    assert any(isinstance(a, Place) for a in E.legal_actions(state, 1))
    assert all(
        isinstance(a, Activate) for a in E.legal_actions(state, 0) if a.__class__ is not E.Flip
    )


def test_M2_all_four_avenue_dice_are_activated_in_any_order() -> None:
    state = on_board(game(), avenue=AVENUE)
    assert {a.die for a in E.legal_actions(state, 0)} == {d for d, _ in AVENUE}
    state = play(state, 0, Activate("black-00"), Skip("stops"))
    assert {a.die for a in E.legal_actions(state, 0)} == {"pink-00", "blue-00", "green-00"}
    assert not any(isinstance(a, Place) for a in E.legal_actions(state, 0))


def test_M3_a_die_is_fully_resolved_before_the_next() -> None:
    state = on_board(game(), avenue=AVENUE)
    state = play(state, 0, Activate("pink-00"))  # pink stops on a01-pink: gain 1 Evil
    legal = E.legal_actions(state, 0)
    assert not any(isinstance(a, Activate) for a in legal)
    state = play(state, 0, Skip("stops"))
    assert any(isinstance(a, Activate) for a in E.legal_actions(state, 0))


def test_M4_movement_ignores_icons_and_rank() -> None:
    for rank in (1, 6):
        state = on_board(game(), avenue=(die("pink", rank), *AVENUE[1:]))
        state = play(state, 0, Activate("pink-00"))
        assert where(state, 0, "pink") == ["a01-pink"]


def test_M5_each_creature_of_the_colour_moves_to_its_next_space() -> None:
    state = on_board(game(), avenue=AVENUE, creatures=_creatures(pink=[START["pink"], "a05-pink"]))
    state = play(state, 0, Activate("pink-00"), MoveNext(5))
    assert sorted(where(state, 0, "pink")) == ["a01-pink", "a07-pink"]
    assert where(state, 0, "blue") == [START["blue"]]


def test_M6_ghosts_do_not_change_movement() -> None:
    state = on_board(game(), avenue=AVENUE, ghosts=(("a01-pink", "g01"),))
    state = play(state, 0, Activate("pink-00"))
    assert where(state, 0, "pink") == ["a01-pink"]


def test_M7_moving_is_mandatory_order_is_the_players() -> None:
    state = on_board(game(), avenue=AVENUE, creatures=_creatures(pink=[START["pink"], "a01-pink"]))
    state = play(state, 0, Activate("pink-00"))
    legal = E.legal_actions(state, 0)
    assert {a for a in legal if isinstance(a, MoveNext)} == {MoveNext(5), MoveNext(6)}
    assert not any(isinstance(a, Skip) for a in legal) and E.skip_action(state, 0) is None
    # The order matters: the start creature first is blocked by the other one (M9).
    first = play(state, 0, MoveNext(5))
    assert sorted(where(first, 0, "pink")) == ["a03-pink", "a05-pink"]
    other = play(state, 0, MoveNext(6))
    assert sorted(where(other, 0, "pink")) == ["a01-pink", "a03-pink"]
    one = play(on_board(game(), avenue=AVENUE), 0, Activate("blue-00"))
    assert where(one, 0, "blue") == ["a02-blue"]  # one creature: no choice asked


def test_M8_stop_actions_any_order_each_may_be_skipped() -> None:
    state = on_board(game(), avenue=AVENUE, ghosts=(("a01-pink", "g01"),))  # g01: juice 3
    state = play(state, 0, Activate("pink-00"))
    top = state.seats[0].stack[-1]
    assert set(top.items) == {("space:a01-pink", "evil:1"), ("ghost:g01", "juice:3")}
    state = play(state, 0, Use("ghost:g01", "juice:3", ()))
    assert state.seats[0].juice == 3 and state.seats[0].stack[-1].items == (
        ("space:a01-pink", "evil:1"),
    )
    state = play(state, 0, Skip("stops"))
    assert state.seats[0].evil == 0 and not state.seats[0].stack


def test_M9_occupied_spaces_are_skipped() -> None:
    state = on_board(
        game(),
        avenue=AVENUE,
        creatures=_creatures(pink=[START["pink"], "a03-pink"]),
        servants=("a01-pink", *BOARD.lodges[1:]),
    )
    state = play(state, 0, Activate("pink-00"), MoveNext(5))
    assert "a05-pink" in where(state, 0, "pink")


def test_M10_example_pink_die_moves_pink_creatures() -> None:
    """'l'attivazione di un dado rosa sposterà le tue Creature rosa negli spazi rosa successivi
    che non hanno un Servitore o una Creatura'."""
    state = on_board(
        game(),
        avenue=AVENUE,
        creatures=_creatures(pink=["a01-pink", "a05-pink"]),
        servants=("a03-pink", "a07-pink", *BOARD.lodges[2:]),
    )
    # a01 first: a03 (servant), a05 (creature), a07 (servant) are skipped -> a09; then the
    # a05 creature: a07 (servant), a09 (creature) -> a11.
    state = play(state, 0, Activate("pink-00"), MoveNext(5))
    assert sorted(where(state, 0, "pink")) == ["a09-pink", "a11-pink"]


def test_M13_final_area_holds_any_number_and_creatures_there_stay() -> None:
    state = on_board(
        game(), avenue=AVENUE, creatures=_creatures(pink=["final", "a11-pink", "a09-pink"])
    )
    state = play(state, 0, Activate("pink-00"))
    assert {a for a in E.legal_actions(state, 0) if isinstance(a, MoveNext)} == {
        MoveNext(6),
        MoveNext(7),
    }
    state = play(state, 0, MoveNext(6))  # the last one then moves by itself (M7)
    assert where(state, 0, "pink") == ["final", "final", "a11-pink"]


def test_M14_own_phase_4_starts_after_own_fourth_activation() -> None:
    state = _activate_all(on_board(game(), avenue=AVENUE))
    legal = E.legal_actions(state, 0)
    assert legal and all(isinstance(a, (Place, E.Flip)) for a in legal)
    assert state.phase == "board"


# --- the Spider Jack phase -----------------------------------------------------------------------


def test_J1_three_dice_go_to_the_leftmost_empty_space_of_any_row() -> None:
    full = tuple(die("orange", 2, p) for p in range(6))
    state = placing(game(), avenue=AVENUE, order=((), full, (die("purple", 3),)))
    rows = {a.row for a in E.legal_actions(state, 0) if isinstance(a, Place)}
    assert rows == {0, 2}
    state = play(state, 0, Place("black-00", 2))
    assert state.seats[0].order[2] == (die("purple", 3), die("black", 6))


def test_J2_placed_die_actions_any_order_before_the_next_placement() -> None:
    avenue = (die("pink", 1), *AVENUE[1:])  # pink-00 rank 1: move creature, call, feed
    state = placing(game(), avenue=avenue)
    state = play(state, 0, Place("pink-00", 0))
    legal = E.legal_actions(state, 0)
    assert not any(isinstance(a, Place) for a in legal)
    assert {a.icon for a in legal if isinstance(a, Use)} == {"move_creature", "call", "feed"}
    state = play(state, 0, Use("die:pink-00", "feed", (0,)))
    assert state.seats[0].jack == (2, 1, 1)
    state = play(state, 0, Use("die:pink-00", "call", (0,)))
    assert state.seats[0].summon == (1, 0, 0)


def test_J3_unused_die_actions_are_lost() -> None:
    state = placing(game(), avenue=(die("pink", 1), *AVENUE[1:]))
    state = play(state, 0, Place("pink-00", 0), Use("die:pink-00", "feed", (0,)))
    state = play(state, 0, Skip("die:pink-00"))
    assert not state.seats[0].stack
    assert not any(isinstance(a, Use) for a in E.legal_actions(state, 0))
    assert E.skip_action(placing(game(), avenue=AVENUE), 0) is None


def _three_placed(state, *placements):  # type: ignore[no-untyped-def]
    for name, row in placements:
        state = play(state, 0, Place(name, row))
        if state.seats[0].stack:
            state = play(state, 0, Skip(state.seats[0].stack[-1].source))
    return state


def test_J4_fourth_die_gives_evil_by_rank() -> None:
    state = placing(game(), avenue=AVENUE, evil=1)
    state = _three_placed(state, ("pink-00", 0), ("blue-00", 1), ("green-00", 2))
    seat = state.seats[0]
    assert seat.evil == 1 + 3 and seat.avenue == () and state.phase == "spectral"


def test_J5_fourth_die_icons_are_ignored() -> None:
    avenue = (*AVENUE[:3], die("blue", 5, 1))  # blue-01 rank 5 shows juice 2
    state = placing(game(), avenue=avenue)
    state = _three_placed(state, ("pink-00", 0), ("blue-00", 1), ("green-00", 2))
    assert state.seats[0].juice == 0 and state.seats[0].evil == 3


def test_J6_fourth_die_returns_to_the_bag() -> None:
    state = placing(game(), avenue=AVENUE)
    assert "black-00" not in state.bag
    state = _three_placed(state, ("pink-00", 0), ("blue-00", 1), ("green-00", 2))
    assert "black-00" in state.bag


def test_J7_example_rank_6_gives_3_evil() -> None:
    state = placing(game(), avenue=AVENUE)
    state, events = E.apply(
        _three_placed(state, ("pink-00", 0), ("blue-00", 1)), 0, Place("green-00", 2)
    )
    state, events = E.apply(state, 0, Skip("die:green-00"))
    fourth = next(e for e in events if e["type"] == "fourth_die")
    assert fourth["rank"] == 6 and fourth["evil"] == 3


def test_J8_evil_above_8_is_lost() -> None:
    state = placing(game(), avenue=AVENUE, evil=7)
    state = _three_placed(state, ("pink-00", 0), ("blue-00", 1), ("green-00", 2))
    assert state.seats[0].evil == 8


def test_J9_spectral_phase_waits_for_every_seat() -> None:
    state = placing(game(), avenue=AVENUE)
    state = with_seat(state, 1, done=False, avenue=AVENUE, activated=tuple(d for d, _ in AVENUE))
    state = _three_placed(state, ("pink-00", 0), ("blue-00", 1), ("green-00", 2))
    assert state.phase == "board" and E.pending(state) == [1]
    for name, row in (("pink-00", 0), ("blue-00", 1), ("green-00", 2)):
        state = play(state, 1, Place(name, row))
        if state.seats[1].stack:
            state = play(state, 1, Skip(state.seats[1].stack[-1].source))
    assert state.phase == "spectral" and E.pending(state) == [state.first]
