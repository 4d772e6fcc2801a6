"""Don't redraw an image whose inputs did not change: a memo that knows what a drawing read
(issue 12, "Speed").

Why: every move draws a hand for each seat it DMs and, in Monsters on Board and Munchkin Fu, a
board per seat. Many of those images are the same as the last ones drawn (the next player's
hand did not change when another seat played; most seat boards do not change on another seat's
move), but the *views* they are drawn from do change (a hand view carries the whole public
board), so a cache keyed on the whole view always misses.

How: :meth:`Memo.draw` hands the drawing a copy of the view made of tracking proxies
(:class:`TrackedDict`, :class:`TrackedList`: ``dict``/``list`` subclasses, so ``isinstance``
still holds) that record every part of the view the drawing reads, by path: a key's value
(``[]``, ``get``), whether a key or an item is there (``in``), a length (``len``, the end of
a loop), whether it is empty (truth), a dict's keys in order (iteration, ``items``), or the
whole object where a read cannot be followed precisely (``==``, ``repr``, copies, ``in`` with
an unhashable item). The PNG is kept with that list
of (probe, value). A later view is a hit only if every recorded probe gives the same value in
it: the drawing is a deterministic function of what it reads, so it would read the same things
and draw the same pixels. Values are compared with their type (``1``, ``1.0`` and ``True``
differ; floats by ``repr``, so ``-0.0`` is not ``0.0``).

The C-level paths that could read a ``dict``/``list`` subclass without its methods were checked
on CPython 3.11: ``dict(v)``, ``{**v}``, ``f(**v)``, ``update`` and ``json.dumps`` go through
``keys``/``items``/``__getitem__``; ``str.join``, ``tuple``, ``list``, ``sorted``, ``set``,
unpacking and ``json.dumps`` of a list go through ``__iter__`` (``PySequence_Fast`` takes the
fast path only for an exact list); ``==``, ``+`` and ``*`` read the storage directly, so they are
overridden and record the whole object. Reads through a proxy after its drawing ended (a cache
keeping one) and any mutation mark the drawing untrustworthy: it is returned but not kept.

Index: one trie per group (game, kind, locale, seat, names). A drawing reads its view in an
order fixed by what it has read so far, so entries are stored as runs of (probe, value) that
share their common start and branch on the first probe whose value differs; a lookup walks the
new view down the trie, evaluating each probe once, whatever the number of tables kept. Bounded
by (estimated) bytes, least recently used dropped first; thread-safe (boards are drawn in a
pool of two threads).

Figures (``python -m bench.memo --moves 120``: 2 seeded playouts a game, the hands the delivery
plan sends and Monsters on Board's seat boards, CPU ms per move plain -> memo, same process;
this shared 2-core box, +-30 % between runs):

====================  ======  ==============  ===============  ========
images                hits    ms/move         tracked miss     a hit
====================  ======  ==============  ===============  ========
Monster Day hand       0 %     9.5 -> 10.4    5.4 vs 4.9       -
Monsterpocalypse hand 19 %    19.4 -> 17.7    17.6 vs 15.8     0.41
MoB hand               1 %    14.7 -> 14.9    11.3 vs 11.0     0.06
MoB seat boards       42 %    59.8 -> 35.7    60.3 vs 59.8     0.40/4
Munchkin Fu hand       7 %     8.1 ->  7.7    6.2 vs 6.1       0.07
Notte hand             0 %    15.5 -> 15.9    9.6 vs 9.3       -
====================  ======  ==============  ===============  ========

Tracking itself costs ~1 us a probe (a Monsterpocalypse hand reads ~580: +0.7 ms on ~12 ms of
drawing; the others read 40-100, within noise); a lookup that hits 0.05-0.4 ms. Where it does
not pay: Monster Day's hand shows the deck count and turn number; Notte di Terrore's shows what
the seat may play now and copies the card catalogue (``dict(view["cards"])``: every card id
read, and it grows; without the copy, measured, 2 % of hits), so neither is reused; their
kinds fall under :data:`KEEP_RATE` after ~65 misses and then cost ~1 tracked miss in 8.
A kept image costs 25-110 KiB (PNG and reads), so 32 MiB holds ~300-1,300: enough for the
tables moving now, not to keep 5,000 tables' images between their moves (then every lookup
misses, and the rate keeps tracking to one miss in 8).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from render.memo.probes import (
    FILLED,
    HAS,
    KEYS,
    LENGTH,
    MISSING,
    VALUE,
    WHOLE,
    Probe,
)
from render.memo.tracking import Recorder, measure, stale_reads, token, track
from render.memo.trie import Entry, Node, find, insert, remove

__all__ = [
    "FILLED",
    "HAS",
    "KEYS",
    "LENGTH",
    "MISSING",
    "PROBE",
    "VALUE",
    "WHOLE",
    "Memo",
    "Probe",
    "Recorder",
    "measure",
    "token",
    "track",
]

MAX_BYTES = 32 * 2**20
ENTRY_BYTES = 512
KEEP_RATE = 0.08
"""Below this share of hits for a kind of image, most misses are drawn plainly (see
:class:`Memo`): a tracked miss costs ~5-12 % more than a plain drawing, a hit saves ~95 %, so
the memo pays from ~8-12 % of hits."""
FIRST_RATE = 0.3  # a kind's rate before any lookup: ~65 misses in a row bring it under KEEP_RATE
PROBE = 8  # ... and one miss in this many is tracked and kept all the same


class Memo:
    """PNGs of drawings kept with what they read; see the module docstring.

    Why it keeps a running hit rate per kind of image (game and hand or seat board): some
    drawings read what changes on every move (Monster Day's hand shows the deck count and the
    turn number), so they never hit and tracking them is pure cost. While fewer than
    ``keep_rate`` of a kind's recent lookups hit, only one miss in :data:`PROBE` is tracked
    and kept (so the rate can recover), the others are drawn plainly: the same pixels."""

    def __init__(self, max_bytes: int = MAX_BYTES, keep_rate: float = KEEP_RATE) -> None:
        self.max_bytes = max_bytes
        self.keep_rate = keep_rate
        self.bytes = 0
        self.hits = 0
        self.misses = 0
        self.enabled = True
        self._roots: dict[Hashable, Node] = {}
        self._lru: OrderedDict[Entry, None] = OrderedDict()
        self._rates: dict[Hashable, list[float]] = {}  # kind -> [running rate, misses]
        self._lock = threading.Lock()

    def draw(
        self,
        group: Hashable,
        view: Any,
        drawing: Callable[[Any], bytes],
        *,
        kind: Hashable = None,
    ) -> bytes:
        """``drawing(view)``, or the PNG it gave for a view equal in everything it read.
        ``group`` names every input of the drawing other than the view (game, kind, locale,
        seat, names): only entries of the same group are compared. ``kind`` (the group by
        default) is what a hit rate is kept for."""
        if not self.enabled or type(view) is not dict:
            return drawing(view)
        kind = group if kind is None else kind
        with self._lock:
            root = self._roots.get(group)
            entry = find(root, view) if root is not None else None
            rate = self._rates.setdefault(kind, [FIRST_RATE, 0.0])
            rate[0] = rate[0] * 0.98 + (0.02 if entry is not None else 0.0)
            if entry is not None:
                self.hits += 1
                self._lru.move_to_end(entry)
                return entry.png
            self.misses += 1
            rate[1] += 1
            keeping = rate[0] >= self.keep_rate or rate[1] % PROBE == 0
        if not keeping:
            return drawing(view)
        recorder = Recorder()
        stale = stale_reads()
        try:
            png = drawing(track(view, recorder))
        finally:
            recorder.closed = True
        if not recorder.tainted and stale_reads() == stale:
            self._keep(group, recorder, png)
        return png

    def _keep(self, group: Hashable, recorder: Recorder, png: bytes) -> None:
        probes = tuple(recorder.reads)
        values = tuple(recorder.reads.values())
        entry = Entry(png, len(png) + ENTRY_BYTES)
        with self._lock:
            root = self._roots.get(group)
            if root is None:
                root = self._roots[group] = Node((), (), None, group)
            old = insert(root, probes, values, entry)
            if old is not None:
                self._drop(old)
            self._lru[entry] = None
            self.bytes += entry.cost
            while self.bytes > self.max_bytes and self._lru:
                self._drop(next(iter(self._lru)))

    def _drop(self, entry: Entry) -> None:
        self._lru.pop(entry, None)
        self.bytes -= entry.cost
        empty = remove(entry)
        if empty is not None:
            self._roots.pop(empty.key, None)

    def clear(self) -> None:
        with self._lock:
            self._roots.clear()
            self._lru.clear()
            self._rates.clear()
            self.bytes = self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._lru)
