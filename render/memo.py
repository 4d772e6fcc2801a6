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

import operator
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from typing import Any, SupportsIndex

MAX_BYTES = 32 * 2**20
PAIR_BYTES = 128
"""Estimated memory of one recorded (probe, value) kept in the trie (a path tuple, a slot)."""
ENTRY_BYTES = 512
KEEP_RATE = 0.08
"""Below this share of hits for a kind of image, most misses are drawn plainly (see
:class:`Memo`): a tracked miss costs ~5-12 % more than a plain drawing, a hit saves ~95 %, so
the memo pays from ~8-12 % of hits."""
FIRST_RATE = 0.3  # a kind's rate before any lookup: ~65 misses in a row bring it under KEEP_RATE
PROBE = 8  # ... and one miss in this many is tracked and kept all the same

# Probe kinds: a probe is the path (keys and list indexes) followed by one of these.
VALUE = 0  # the value at the path (containers by their type only)
HAS = 1  # whether the item before the kind is in the dict (a key) or list at the path
LENGTH = 2  # len() of the dict or list at the path
KEYS = 3  # the dict's keys, in order
WHOLE = 4  # the whole object, deeply
FILLED = 5  # whether the dict or list at the path is not empty (its truth)

Probe = tuple[Any, ...]


class _Marker:
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


MISSING = _Marker("MISSING")
_DICT = _Marker("DICT")
_LIST = _Marker("LIST")


def token(value: Any) -> Hashable:
    """What a read value is compared by: the value with its type, containers by type only
    (their contents are read, and recorded, apart)."""
    kind = type(value)
    if kind is str or kind is int or value is None:
        scalar: Hashable = value
        return scalar
    if kind is bool:
        return (bool, value)
    if kind is float:
        return (float, repr(value))
    if kind is dict or kind is TrackedDict:
        return _DICT
    if kind is list or kind is TrackedList:
        return _LIST
    if isinstance(value, (dict, list)):  # another mapping type: not tracked, so all of it
        return (kind, freeze(value))
    return (kind, repr(value))


def freeze(value: Any) -> Hashable:
    """The whole value as a hashable token (for reads that depend on all of it)."""
    if isinstance(value, dict):
        mapping = value._raw if isinstance(value, TrackedDict) else value
        return (_DICT, tuple((key, freeze(item)) for key, item in dict.items(mapping)))
    if isinstance(value, list):
        items = value._raw if isinstance(value, TrackedList) else value
        return (_LIST, tuple(freeze(item) for item in list.__iter__(items)))
    return token(value)


def _walk(view: Any, path: tuple[Any, ...]) -> Any:
    current = view
    for step in path:
        if isinstance(current, dict):
            current = current.get(step, MISSING)
            if current is MISSING:
                return MISSING
        elif isinstance(current, list):
            if type(step) is not int or not 0 <= step < len(current):
                return MISSING
            current = current[step]
        else:
            return MISSING
    return current


def measure(view: Any, probe: Probe) -> Hashable:
    """The probe's value in ``view`` (a plain view, not tracked)."""
    kind = probe[-1]
    if kind == VALUE:
        return token(_walk(view, probe[:-1]))
    if kind == HAS:
        parent = _walk(view, probe[:-2])
        return isinstance(parent, (dict, list)) and probe[-2] in parent
    found = _walk(view, probe[:-1])
    if kind == LENGTH:
        return len(found) if isinstance(found, (dict, list)) else MISSING
    if kind == KEYS:
        return tuple(found) if isinstance(found, dict) else MISSING
    if kind == FILLED:
        return bool(found) if isinstance(found, (dict, list)) else MISSING
    return MISSING if found is MISSING else freeze(found)


# --------------------------------------------------------------------------- recording


class Recorder:
    """The reads of one drawing, in the order made, each probe once."""

    __slots__ = ("closed", "reads", "tainted")

    def __init__(self) -> None:
        self.reads: dict[Probe, Hashable] = {}
        self.closed = False
        self.tainted = False

    def note(self, probe: Probe, value: Hashable) -> None:
        if self.closed:
            _stale_read()
        elif probe not in self.reads:
            self.reads[probe] = value


_STALE = [0]  # reads through a proxy whose drawing ended (any thread)


def _stale_read() -> None:
    _STALE[0] += 1


def track(view: Any, recorder: Recorder, path: tuple[Any, ...] = ()) -> Any:
    """``view`` wrapped so that ``recorder`` learns what is read of it."""
    if type(view) is dict:
        return TrackedDict(view, path, recorder)
    if type(view) is list:
        return TrackedList(view, path, recorder)
    return view


class TrackedDict(dict[Any, Any]):
    """A dict that records the keys read (see the module docstring). Its storage holds the
    original values, replaced by their tracking proxies as they are first read."""

    __slots__ = ("_path", "_raw", "_rec", "_seen")

    def __init__(self, raw: dict[Any, Any], path: tuple[Any, ...], rec: Recorder) -> None:
        dict.__init__(self, raw)
        self._raw = raw
        self._path = path
        self._rec = rec
        self._seen: set[Any] = set()

    def _whole(self) -> None:
        self._rec.note((*self._path, WHOLE), freeze(self._raw))

    def _keys(self) -> list[Any]:
        keys = list(dict.keys(self._raw))
        self._rec.note((*self._path, KEYS), tuple(keys))
        return keys

    def _read(self, key: Any) -> Any:
        value = dict.get(self, key, MISSING)
        if key in self._seen and not self._rec.closed:
            return value
        if type(value) is dict or type(value) is list:
            value = track(value, self._rec, (*self._path, key))
            dict.__setitem__(self, key, value)
        self._rec.note((*self._path, key, VALUE), token(value))
        self._seen.add(key)
        return value

    def __getitem__(self, key: Any) -> Any:
        value = self._read(key)
        if value is MISSING:
            raise KeyError(key)
        return value

    def get(self, key: Any, default: Any = None) -> Any:
        value = self._read(key)
        return default if value is MISSING else value

    def __contains__(self, key: object) -> bool:
        found = dict.__contains__(self, key)
        self._rec.note((*self._path, key, HAS), found)
        return found

    def __len__(self) -> int:
        size = dict.__len__(self)
        self._rec.note((*self._path, LENGTH), size)
        return size

    def __bool__(self) -> bool:
        filled = dict.__len__(self) > 0
        self._rec.note((*self._path, FILLED), filled)
        return filled

    def __iter__(self) -> Iterator[Any]:
        return iter(self._keys())

    def __reversed__(self) -> Iterator[Any]:
        return iter(self._keys()[::-1])

    def keys(self) -> Any:
        self._keys()
        return self._raw.keys()

    def values(self) -> Any:
        return [self[key] for key in self._keys()]

    def items(self) -> Any:
        return [(key, self[key]) for key in self._keys()]

    def __eq__(self, other: object) -> bool:
        self._whole()
        return bool(self._raw == _plain(other))

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = None

    def __repr__(self) -> str:
        self._whole()
        return repr(self._raw)

    def copy(self) -> dict[Any, Any]:
        self._whole()
        return dict(self._raw)

    def __copy__(self) -> dict[Any, Any]:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[Any, Any]:
        import copy

        self._whole()
        return copy.deepcopy(self._raw, memo)

    def __reduce_ex__(self, protocol: SupportsIndex) -> Any:
        return (dict, (self.copy(),))

    def __or__(self, other: Any) -> Any:
        return self.copy() | _plain(other)

    def __ror__(self, other: Any) -> Any:
        return _plain(other) | self.copy()


class TrackedList(list[Any]):
    """A list that records the indexes read, and its length when that matters (``len``, a
    loop's end, a negative index, a slice). See the module docstring."""

    __slots__ = ("_path", "_raw", "_rec")

    def __init__(self, raw: list[Any], path: tuple[Any, ...], rec: Recorder) -> None:
        list.__init__(self, raw)
        self._raw = raw
        self._path = path
        self._rec = rec

    def _whole(self) -> None:
        self._rec.note((*self._path, WHOLE), freeze(self._raw))

    def _length(self) -> int:
        size = list.__len__(self)
        self._rec.note((*self._path, LENGTH), size)
        return size

    def _item(self, index: int) -> Any:
        value = list.__getitem__(self, index)
        if type(value) is dict or type(value) is list:
            value = track(value, self._rec, (*self._path, index))
            list.__setitem__(self, index, value)
        self._rec.note((*self._path, index, VALUE), token(value))
        return value

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self._item(i) for i in range(*index.indices(self._length()))]
        index = operator.index(index)
        if index < 0 or index >= list.__len__(self):
            size = self._length()  # which item, or whether any, depends on the length
            if not -size <= index < size:
                raise IndexError("list index out of range")
            index += size if index < 0 else 0
        return self._item(index)

    def __len__(self) -> int:
        return self._length()

    def __bool__(self) -> bool:
        filled = list.__len__(self) > 0
        self._rec.note((*self._path, FILLED), filled)
        return filled

    def __iter__(self) -> Iterator[Any]:
        """Items as they are reached; the length only if the loop reaches the end (a loop
        that stops at the first match read only the items before it)."""
        index = 0
        while index < list.__len__(self):
            yield self._item(index)
            index += 1
        self._length()

    def __reversed__(self) -> Iterator[Any]:
        return iter([self._item(i) for i in range(self._length())][::-1])

    def __contains__(self, item: object) -> bool:
        """Whether ``item`` is there, for a hashable item (the probe holds it); else the
        whole list."""
        item = _plain(item)
        found = item in self._raw
        try:
            self._rec.note((*self._path, item, HAS), found)
        except TypeError:  # an unhashable item cannot be part of a probe
            self._whole()
        return found

    def index(self, item: Any, *args: Any) -> int:
        self._whole()
        return self._raw.index(_plain(item), *args)

    def count(self, item: Any) -> int:
        self._whole()
        return self._raw.count(_plain(item))

    def _compared(self, other: object) -> list[Any]:
        self._whole()
        return self._raw

    def __eq__(self, other: object) -> bool:
        return bool(self._compared(other) == _plain(other))

    def __ne__(self, other: object) -> bool:
        return bool(self._compared(other) != _plain(other))

    def __lt__(self, other: Any) -> bool:
        return bool(self._compared(other) < _plain(other))

    def __gt__(self, other: Any) -> bool:
        return bool(self._compared(other) > _plain(other))

    def __le__(self, other: Any) -> bool:
        return bool(self._compared(other) <= _plain(other))

    def __ge__(self, other: Any) -> bool:
        return bool(self._compared(other) >= _plain(other))

    __hash__ = None

    def __add__(self, other: Any) -> Any:
        return self._compared(other) + _plain(other)

    def __radd__(self, other: Any) -> Any:
        return _plain(other) + self._compared(other)

    def __mul__(self, times: SupportsIndex) -> Any:
        return self._compared(times) * times

    __rmul__ = __mul__

    def __repr__(self) -> str:
        self._whole()
        return repr(self._raw)

    def copy(self) -> list[Any]:
        self._whole()
        return list(self._raw)

    def __copy__(self) -> list[Any]:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        import copy

        self._whole()
        return copy.deepcopy(self._raw, memo)

    def __reduce_ex__(self, protocol: SupportsIndex) -> Any:
        return (list, (self.copy(),))


def _mutator(base: type, name: str) -> Callable[..., Any]:
    """``base``'s method ``name``, marking the drawing untrustworthy first: a drawing that
    changes its view may read back what it wrote, which the view it is compared with lacks.
    The change is made to the original too (as a plain drawing would make it), so the proxy
    and what its whole-object reads see stay the same."""
    method = getattr(base, name)

    def mutate(self: Any, *args: Any, **kwargs: Any) -> Any:
        self._rec.tainted = True
        method(self._raw, *map(_plain, args), **{k: _plain(v) for k, v in kwargs.items()})
        return method(self, *args, **kwargs)

    mutate.__name__ = name
    return mutate


for _name in ("__setitem__", "__delitem__", "__ior__", "setdefault", "pop", "popitem", "update",
              "clear"):  # fmt: skip
    setattr(TrackedDict, _name, _mutator(dict, _name))
for _name in ("__setitem__", "__delitem__", "__iadd__", "__imul__", "append", "extend", "insert",
              "pop", "remove", "clear", "sort", "reverse"):  # fmt: skip
    setattr(TrackedList, _name, _mutator(list, _name))


def _plain(value: Any) -> Any:
    """The plain object behind a proxy (recording that all of it is read: it is about to be
    compared, added or searched without its methods), or the value itself."""
    if isinstance(value, (TrackedDict, TrackedList)):
        value._whole()
        return value._raw
    return value


# --------------------------------------------------------------------------- the trie


class _Entry:
    __slots__ = ("cost", "node", "png")

    def __init__(self, png: bytes, cost: int) -> None:
        self.png = png
        self.cost = cost
        self.node: _Node | None = None


class _Node:
    """A run of (probe, value) that must all match, then an entry and/or branches: by the next
    probe, then by its value. The branch key (probe, value) is the child's first read."""

    __slots__ = ("branches", "entry", "key", "parent", "probes", "values")

    def __init__(
        self,
        probes: tuple[Probe, ...],
        values: tuple[Hashable, ...],
        parent: _Node | None,
        key: Hashable,
    ) -> None:
        self.probes = probes
        self.values = values
        self.branches: dict[Probe, dict[Hashable, _Node]] = {}
        self.entry: _Entry | None = None
        self.parent = parent
        self.key: Any = key  # (probe, value) under the parent; the group for a root

    def split(self, at: int) -> None:
        """Cut the run before ``at``: what follows moves to a child."""
        tail = _Node(self.probes[at + 1 :], self.values[at + 1 :], self, None)
        tail.key = (self.probes[at], self.values[at])
        tail.branches, tail.entry = self.branches, self.entry
        for children in tail.branches.values():
            for child in children.values():
                child.parent = tail
        if tail.entry is not None:
            tail.entry.node = tail
        self.branches = {self.probes[at]: {self.values[at]: tail}}
        self.entry = None
        self.probes, self.values = self.probes[:at], self.values[:at]


def _find(root: _Node, view: Any) -> _Entry | None:
    """An entry all of whose probes give their recorded value in ``view``."""
    stack = [root]
    while stack:
        node = stack.pop()
        if any(measure(view, p) != v for p, v in zip(node.probes, node.values, strict=True)):
            continue
        if node.entry is not None:
            return node.entry
        for probe, children in node.branches.items():
            child = children.get(measure(view, probe))
            if child is not None:
                stack.append(child)
    return None


def _insert(root: _Node, probes: tuple[Probe, ...], values: tuple[Hashable, ...],
            entry: _Entry) -> _Entry | None:  # fmt: skip
    """Store ``entry`` under its reads; the entry it replaces (same reads, same values)."""
    node, i, count = root, 0, len(probes)
    while True:
        j, run = 0, len(node.probes)
        while j < run and i < count and probes[i] == node.probes[j] and values[i] == node.values[j]:
            i, j = i + 1, j + 1
        if j < run:
            node.split(j)
        if i == count:
            old, node.entry, entry.node = node.entry, entry, node
            if old is not None:
                old.node = None
            return old
        children = node.branches.setdefault(probes[i], {})
        child = children.get(values[i])
        if child is None:
            child = _Node(probes[i + 1 :], values[i + 1 :], node, (probes[i], values[i]))
            children[values[i]] = child
            child.entry, entry.node = entry, child
            entry.cost += PAIR_BYTES * (count - i)
            return None
        node, i = child, i + 1


def _remove(entry: _Entry) -> _Node | None:
    """Take ``entry`` out of its trie, dropping the nodes left empty; the root if it is empty."""
    node = entry.node
    entry.node = None
    if node is None:
        return None
    node.entry = None
    while node.entry is None and not node.branches:
        parent = node.parent
        if parent is None:
            return node
        probe, value = node.key
        children = parent.branches[probe]
        del children[value]
        if not children:
            del parent.branches[probe]
        node = parent
    return None


# --------------------------------------------------------------------------- the memo


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
        self._roots: dict[Hashable, _Node] = {}
        self._lru: OrderedDict[_Entry, None] = OrderedDict()
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
            entry = _find(root, view) if root is not None else None
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
        stale = _STALE[0]
        try:
            png = drawing(track(view, recorder))
        finally:
            recorder.closed = True
        if not recorder.tainted and _STALE[0] == stale:
            self._keep(group, recorder, png)
        return png

    def _keep(self, group: Hashable, recorder: Recorder, png: bytes) -> None:
        probes = tuple(recorder.reads)
        values = tuple(recorder.reads.values())
        entry = _Entry(png, len(png) + ENTRY_BYTES)
        with self._lock:
            root = self._roots.get(group)
            if root is None:
                root = self._roots[group] = _Node((), (), None, group)
            old = _insert(root, probes, values, entry)
            if old is not None:
                self._drop(old)
            self._lru[entry] = None
            self.bytes += entry.cost
            while self.bytes > self.max_bytes and self._lru:
                self._drop(next(iter(self._lru)))

    def _drop(self, entry: _Entry) -> None:
        self._lru.pop(entry, None)
        self.bytes -= entry.cost
        empty = _remove(entry)
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
