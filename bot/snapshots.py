"""Decoded engine states, and the views asked of them, for the tables in play (bounded).

Why: one move asks for the same views many times — the delivery plan compares every seat's
hand before and after, the table post and its image need the public view, each hand DM its
seat's view, the cog its move choices — and an engine builds a view afresh each time (Monster
Day: every card's dict, ~0.3 ms a view). Profiled under load (5,000 tables, py-spy), building
views was 13 % of the bot's own CPU. A view is a pure function of the state and the seat, and
a table's version names its state exactly, so they are kept with the decoded state.

Why bounded: every table a process touches used to stay decoded for the life of the process
(the load's 5,000 tables: ~230 MiB). The least recently used versions are dropped; a dropped
one costs one JSON decode (and its views) when it is next touched.

Why versions, not tables: the courier sends a table's announcements in order, so while bots
move on it reads versions behind the newest. Keeping one version a table, each of those reads
evicted the newest and the next move decoded it and built its views again: a whole six-seat
Munchkin Fu game (617 moves, tests/cogs/test_munchkin_fu_table.py) decoded 418 states again
and built 4.75 views a move; keeping versions, none and 3.66. A version the courier has sent
is not read again, so it is the first to go.

Views are shared, not copied: whoever reads one must not change it. The tests turn on
:attr:`Decoded.verify`, which builds each view again when it is asked for and fails loudly
if the kept one was changed.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any, ClassVar

from bot.store import GameRecord
from rules import Engine

KEPT_VERSIONS = 1024
"""Table versions kept decoded: about two for each of more live tables than one process sees
within a few minutes on a busy server (every move's delivery reads its table again, soon after
its commit): the newest, and the one the courier is still sending."""

VERSIONS_A_TABLE = 4
"""Versions kept of one table: the newest and the few the courier is still sending behind it
(it sends a table's announcements in order, so it reads a version or two behind while bots
move on)."""


class ViewChanged(AssertionError):
    """A kept view no longer equals the engine's: something changed a shared view."""


class Decoded:
    """One version of a table: its engine state and the views asked of it so far."""

    verify: ClassVar[bool] = False
    """Tests: build every view again when asked and compare it with the kept one."""

    __slots__ = ("engine", "state", "views")

    def __init__(self, engine: Engine, state: Any) -> None:
        self.engine = engine
        self.state = state
        self.views: dict[int | None, dict[str, Any]] = {}

    def view(self, seat: int | None) -> dict[str, Any]:
        """``engine.view(state, seat)``, built once (shared: read it, never change it)."""
        kept = self.views.get(seat)
        if kept is None:
            kept = self.views[seat] = self.engine.view(self.state, seat)
        elif self.verify and kept != self.engine.view(self.state, seat):
            raise ViewChanged(f"the kept view of seat {seat} was changed by a reader")
        return kept


def views_of(*known: Decoded) -> Callable[[Any, int], dict[str, Any]]:
    """``(state, seat) -> view``, kept views for the ``known`` states (else built): the
    delivery plan's ``view``, which asks about the states before and after a move."""

    def view(state: Any, seat: int) -> dict[str, Any]:
        for decoded in known:
            if state is decoded.state:
                return decoded.view(seat)
        return known[0].engine.view(state, seat)

    return view


class DecodedTables:
    """The :data:`KEPT_VERSIONS` most recently touched versions of the tables in play, at most
    :data:`VERSIONS_A_TABLE` of any one table.

    Why a cap a table: a bot-only table moves many times a minute, and each of its versions is
    read by its move and its announcement, then never again; without the cap its stream of
    versions would push the newest version of every quieter table out.
    """

    def __init__(self, kept: int = KEPT_VERSIONS, per_table: int = VERSIONS_A_TABLE) -> None:
        self.kept = kept
        self.per_table = per_table
        self._entries: OrderedDict[tuple[int, int], Decoded] = OrderedDict()
        self._versions: dict[int, OrderedDict[int, None]] = {}  # each table's, by last touch

    def get(self, record: GameRecord, engine: Engine) -> Decoded:
        """The decoded ``record`` (a started table), decoding its state if not kept."""
        decoded = self._entries.get((record.id, record.version))
        if decoded is not None:
            self._touch(record.id, record.version)
            return decoded
        assert record.state is not None
        decoded = Decoded(engine, engine.load(record.state))
        self.put(record, decoded)
        return decoded

    def put(self, record: GameRecord, decoded: Decoded) -> None:
        """Keep ``decoded`` as ``record``'s version (a state just computed, not decoded)."""
        self._entries[(record.id, record.version)] = decoded
        self._touch(record.id, record.version)
        versions = self._versions[record.id]
        while len(versions) > self.per_table:
            self._drop((record.id, next(iter(versions))))
        while len(self._entries) > self.kept:
            self._drop(next(iter(self._entries)))

    def _touch(self, table: int, version: int) -> None:
        self._entries.move_to_end((table, version))
        versions = self._versions.setdefault(table, OrderedDict())
        versions[version] = None
        versions.move_to_end(version)

    def _drop(self, key: tuple[int, int]) -> None:
        del self._entries[key]
        versions = self._versions[key[0]]
        del versions[key[1]]
        if not versions:
            del self._versions[key[0]]

    def __len__(self) -> int:
        return len(self._entries)
