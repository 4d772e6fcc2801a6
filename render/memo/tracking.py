"""Reading a view: how a read value is compared (:func:`token`, :func:`freeze`), a probe's value
in a plain view (:func:`measure`), and the tracking proxies, ``dict``/``list`` subclasses that
record every part of a view a drawing reads (see :mod:`render.memo` for what is recorded and why
the C-level paths are safe). One module, because comparing a value must see through a proxy."""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable, Iterator
from typing import Any, SupportsIndex

from render.memo.probes import (
    DICT,
    FILLED,
    HAS,
    KEYS,
    LENGTH,
    LIST,
    MISSING,
    VALUE,
    WHOLE,
    Probe,
)

# ------------------------------------------------------------------------ reading a view


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
        return DICT
    if kind is list or kind is TrackedList:
        return LIST
    if isinstance(value, (dict, list)):  # another mapping type: not tracked, so all of it
        return (kind, freeze(value))
    return (kind, repr(value))


def freeze(value: Any) -> Hashable:
    """The whole value as a hashable token (for reads that depend on all of it)."""
    if isinstance(value, dict):
        mapping = value._raw if isinstance(value, TrackedDict) else value
        return (DICT, tuple((key, freeze(item)) for key, item in dict.items(mapping)))
    if isinstance(value, list):
        items = value._raw if isinstance(value, TrackedList) else value
        return (LIST, tuple(freeze(item) for item in list.__iter__(items)))
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


def stale_reads() -> int:
    """How many reads went through a proxy whose drawing had ended, so far (any thread): a
    drawing during which this grew may have been fed by a cache that kept a proxy."""
    return _STALE[0]


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
