"""The memo of hands and seat boards (render/memo/): what the tracking proxies record, when a
drawing is reused, and, over seeded playouts of every game, that a reused PNG is byte for byte
the one a fresh drawing gives (a stale hand would show a player the wrong cards)."""

from __future__ import annotations

import copy
import itertools
import json
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import render
import rules
from bench.playouts import mixed_moves
from render import hand_image, seat_board_images
from render.boxes import recording
from render.memo import (
    FILLED,
    HAS,
    KEYS,
    LENGTH,
    MISSING,
    PROBE,
    VALUE,
    WHOLE,
    Memo,
    Recorder,
    measure,
    token,
    track,
)
from render.png import encode_png

# -------------------------------------------------------------------------- the proxies


def reads(view: dict[str, Any], drawing: Callable[[Any], object]) -> dict[tuple[Any, ...], Any]:
    """What ``drawing`` reads of ``view``, probe -> value."""
    recorder = Recorder()
    drawing(track(view, recorder))
    return recorder.reads


VIEW: dict[str, Any] = {
    "seat": 1,
    "board": {"piles": [["a", "b"], ["c"]], "deck": 12},
    "players": [{"name": "x", "score": 3}, {"name": "y", "score": 5}],
}


def test_nested_reads_are_recorded_by_path() -> None:
    seen = reads(VIEW, lambda v: v["board"]["piles"][1][0])
    assert seen == {
        ("board", VALUE): seen[("board", VALUE)],
        ("board", "piles", VALUE): seen[("board", "piles", VALUE)],
        ("board", "piles", 1, VALUE): seen[("board", "piles", 1, VALUE)],
        ("board", "piles", 1, 0, VALUE): "c",
    }
    assert ("board", "deck", VALUE) not in seen


def test_isinstance_still_holds_and_values_are_the_same() -> None:
    recorder = Recorder()
    view = track(VIEW, recorder)
    assert isinstance(view, dict)
    assert isinstance(view["players"], list)
    assert isinstance(view["players"][0], dict)
    assert view == VIEW
    assert json.loads(json.dumps(view)) == VIEW
    assert dict(view)["seat"] == 1
    assert copy.deepcopy(view) == VIEW and type(copy.deepcopy(view)) is dict


def test_in_get_and_missing_keys() -> None:
    def drawing(v: Any) -> object:
        assert "seat" in v and "ghost" not in v
        assert v.get("missing") is None and v.get("missing", 7) == 7
        with pytest.raises(KeyError):
            v["absent"]
        return v

    seen = reads(VIEW, drawing)
    assert seen[("seat", HAS)] is True
    assert seen[("ghost", HAS)] is False
    assert ("seat", VALUE) not in seen  # presence only: the value was not read
    assert seen[("missing", VALUE)] == seen[("absent", VALUE)] == token(MISSING)
    assert (
        measure({}, ("missing", VALUE))
        == token(MISSING)
        != measure({"missing": None}, ("missing", VALUE))
    )


def test_len_iteration_and_negative_indexes() -> None:
    seen = reads(VIEW, lambda v: [p["score"] for p in v["players"]])
    assert seen[("players", LENGTH)] == 2
    assert seen[("players", 0, "score", VALUE)] == 3
    assert seen[("players", 1, "score", VALUE)] == 5
    assert ("players", 0, "name", VALUE) not in seen
    seen = reads(VIEW, lambda v: v["board"]["piles"][0][-1])
    assert seen[("board", "piles", 0, LENGTH)] == 2  # which item is last depends on the length
    assert seen[("board", "piles", 0, 1, VALUE)] == "b"
    seen = reads(VIEW, lambda v: bool(v["board"]["piles"]) and bool(v["board"]))
    assert seen[("board", "piles", FILLED)] is True  # not empty: its length was not read
    assert ("board", "piles", LENGTH) not in seen and seen[("board", FILLED)] is True


def test_a_loop_that_stops_early_reads_only_what_it_reached() -> None:
    seen = reads(VIEW, lambda v: next(p for p in v["players"] if p["score"] == 3))
    assert seen[("players", 0, "score", VALUE)] == 3
    assert ("players", 1, VALUE) not in seen and ("players", LENGTH) not in seen
    seen = reads(VIEW, lambda v: [p for p in v["players"] if p["score"] == 3])
    assert seen[("players", LENGTH)] == 2  # the loop ended: its length mattered


def test_comparing_two_proxies_reads_both() -> None:
    seen = reads(VIEW, lambda v: v["board"]["piles"][0] == v["board"]["piles"][1])
    assert ("board", "piles", 0, WHOLE) in seen and ("board", "piles", 1, WHOLE) in seen
    seen = reads(VIEW, lambda v: v["players"][0] in v["players"])
    assert ("players", 0, WHOLE) in seen and ("players", WHOLE) in seen


def test_in_on_a_list_reads_that_item_and_whole_operations_read_all() -> None:
    seen = reads(
        VIEW, lambda v: "c" in v["board"]["piles"][1] and "z" not in v["board"]["piles"][0]
    )
    assert seen[("board", "piles", 1, "c", HAS)] is True  # that item only
    assert seen[("board", "piles", 0, "z", HAS)] is False
    assert ("board", "piles", 1, WHOLE) not in seen
    seen = reads(VIEW, lambda v: v["players"] == [])
    assert ("players", WHOLE) in seen
    seen = reads(VIEW, lambda v: sorted(v["board"]))
    assert seen[("board", KEYS)] == ("piles", "deck")
    seen = reads(VIEW, lambda v: repr(v["board"]))
    assert ("board", WHOLE) in seen


def test_every_probe_measures_back_to_the_value_it_recorded() -> None:
    def drawing(v: Any) -> object:
        json.dumps(v)
        return [p in v for p in ("seat", "nope")], v["players"][-1], v["board"] == {}

    seen = reads(VIEW, drawing)
    assert len(seen) > 10
    for probe, value in seen.items():
        assert measure(VIEW, probe) == value, probe


# -------------------------------------------------------------------------- the memo


class Counting:
    """A drawing that says how often it ran; its "PNG" is what it read, as bytes."""

    def __init__(self, body: Callable[[Any], object]) -> None:
        self.body = body
        self.calls = 0

    def __call__(self, view: Any) -> bytes:
        self.calls += 1
        return repr(self.body(view)).encode()


def test_a_read_that_depends_on_a_value() -> None:
    memo = Memo()
    drawing = Counting(lambda v: v["a"] if v["flag"] else v["b"])

    def draw(view: dict[str, Any]) -> bytes:
        return memo.draw("g", view, drawing)

    assert draw({"flag": True, "a": 1, "b": 2}) == b"1"
    assert draw({"flag": True, "a": 1, "b": 3}) == b"1"  # b was not read
    assert drawing.calls == 1
    assert draw({"flag": True, "a": 4, "b": 3}) == b"4"
    assert draw({"flag": False, "a": 4, "b": 3}) == b"3"
    assert draw({"flag": False, "a": 9, "b": 3}) == b"3"  # a is not read when flag is false
    assert drawing.calls == 3
    assert draw({"flag": False, "a": 9, "b": 5}) == b"5"
    assert draw({"flag": True, "a": 1, "b": 0}) == b"1"  # the first entry, still kept
    assert drawing.calls == 4
    assert (memo.hits, memo.misses) == (3, 4)


def test_values_are_compared_with_their_type() -> None:
    memo = Memo()
    drawing = Counting(lambda v: v["x"])
    for value in (1, True, 1.0, "1", 0.0, -0.0, None, [1], {"1": 1}):
        assert memo.draw("g", {"x": value}, drawing) == repr(value).encode()
    assert drawing.calls == 9
    assert memo.draw("g", {"x": 1.0}, drawing) == b"1.0"
    assert drawing.calls == 9


def test_groups_are_apart() -> None:
    memo = Memo()
    drawing = Counting(lambda v: v["x"])
    memo.draw("en", {"x": 1}, drawing)
    memo.draw("it", {"x": 1}, drawing)
    assert drawing.calls == 2


def test_a_drawing_that_mutates_its_view_is_not_kept() -> None:
    memo = Memo()
    drawing = Counting(lambda v: v.setdefault("x", 1))
    view: dict[str, Any] = {}
    memo.draw("g", view, drawing)
    memo.draw("g", view, drawing)
    assert drawing.calls == 2 and len(memo) == 0
    assert view == {"x": 1}  # changed as a plain drawing would change it


def test_a_change_is_seen_the_same_by_every_read() -> None:
    recorder = Recorder()
    view = track({"a": [1, 2]}, recorder)
    view["a"].append(3)
    view["a"].sort(reverse=True)
    assert recorder.tainted
    assert repr(view["a"]) == "[3, 2, 1]" and list(view["a"]) == [3, 2, 1]
    assert view == {"a": [3, 2, 1]}


def test_reads_through_a_kept_proxy_are_not_trusted() -> None:
    memo = Memo()
    kept: list[Any] = []

    def drawing(view: Any) -> object:
        if not kept:
            kept.append(view)  # a cache holding on to a view it was given
            return view["x"]
        return kept[0]["x"]  # reads the old view: not what this drawing was given

    counting = Counting(drawing)
    memo.draw("g", {"x": 1}, counting)
    assert memo.draw("g", {"x": 2, "y": 0}, counting) == b"1"
    assert memo.draw("g", {"x": 2, "y": 1}, counting) == b"1"
    assert counting.calls == 3  # the second drawing read nothing of its own view: not kept


def test_bounded_by_bytes_least_recently_used_first() -> None:
    memo = Memo(max_bytes=20_000)
    drawing = Counting(lambda v: v["x"] * 1000)
    for x in range(40):
        memo.draw("g", {"x": x}, drawing)
    assert memo.bytes <= 20_000 and 0 < len(memo) < 40
    calls = drawing.calls
    memo.draw("g", {"x": 39}, drawing)
    memo.draw("g", {"x": 0}, drawing)
    assert drawing.calls == calls + 1  # the newest kept, the oldest dropped


def test_a_kind_that_never_hits_is_mostly_drawn_plainly() -> None:
    memo = Memo()
    tracked = 0

    def drawing(view: Any) -> bytes:
        nonlocal tracked
        tracked += type(view) is not dict
        return str(view["turn"]).encode()

    for turn in range(400):
        assert memo.draw("g", {"turn": turn}, drawing) == str(turn).encode()
    assert memo.misses == 400
    assert tracked < 400 // PROBE + 60


def test_threads_share_one_memo() -> None:
    memo = Memo()
    errors: list[str] = []

    def work(offset: int) -> None:
        for step in range(300):
            x = (step + offset) % 17
            got = memo.draw("g", {"x": x, "noise": step}, lambda v: str(v["x"]).encode())
            if got != str(x).encode():
                errors.append(f"{x} drew {got!r}")

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert memo.hits > 500


def test_a_text_box_recording_sees_every_text_drawn(memo: Memo) -> None:
    engine = rules.GAMES["monster_day"]
    view = engine.view(engine.setup(2, {}, 1), 0)
    render.render_hand("monster_day", view)
    with recording() as recorder:
        render.render_hand("monster_day", view)  # kept, but drawn again to be recorded
    assert recorder.pages and recorder.pages[0].texts
    assert render.render_hand("monster_day", view)
    assert memo.hits == 1


# -------------------------------------------------------------------------- soundness

SEATS = {
    "monster_day": 2,
    "monsterpocalypse": 2,
    "monsters_on_board": 2,
    "munchkin_fu": 3,
    "notte_di_terrore": 3,
}
WINDOW = {"monsters_on_board": (10, 5), "monsterpocalypse": (0, 5)}
"""Moves played before the memo is looked at, and moves looked at (default: 0, 6): short
enough for a few seconds, where a game's hands and boards are reused."""
REUSE = {"monsterpocalypse": 0.3, "monsters_on_board": 0.3, "munchkin_fu": 0.3}
"""The share of lookups that must hit, per game (default 0.2). Monster Day's hand shows the deck
count and turn number, which change on every move: it is never reused (0)."""
REUSE["monster_day"] = 0.0
NAMES = ["Anna", "Bartholomew the Unready", "Carla"]


def states(game: str, seed: int, steps: int) -> Iterator[Any]:
    """The states after each of a seeded playout's first ``steps`` moves (half bot moves,
    half random ones: the benchmark's playouts)."""
    for _before, _seat, _action, after in itertools.islice(
        mixed_moves(game, SEATS[game], seed, {}), steps
    ):
        yield after


@pytest.fixture
def memo(monkeypatch: pytest.MonkeyPatch) -> Iterator[Memo]:
    """The renderer's memo, empty, keeping every miss (so every kind is exercised)."""
    fresh = Memo(keep_rate=0.0)
    monkeypatch.setattr(render, "MEMO", fresh)
    yield fresh


@pytest.mark.parametrize("game", list(SEATS))
def test_memoized_images_are_the_fresh_ones(game: str, memo: Memo) -> None:
    engine = rules.GAMES[game]
    names = NAMES[: SEATS[game]]
    skip, steps = WINDOW.get(game, (0, 6))
    for step, state in enumerate(states(game, seed=3, steps=skip + steps)):
        if step < skip:
            continue
        public = engine.view(state, None)
        for locale in ("en", "it"):
            for seat in range(SEATS[game]):
                view = engine.view(state, seat)
                fresh = render.hand_png(game, hand_image(game, view, locale=locale))
                assert render.render_hand(game, view, locale=locale) == fresh, (seat, locale)
            boards = seat_board_images(game, public, locale=locale, players=names)
            fresh_boards = [encode_png(image, game=game) for image in boards]
            memoized = render.render_seat_boards(game, public, locale=locale, players=names)
            assert memoized == fresh_boards, locale
    lookups = memo.hits + memo.misses
    assert lookups >= steps * 2 * SEATS[game]
    assert memo.hits >= REUSE.get(game, 0.2) * lookups, (memo.hits, memo.misses)
