"""Probes: a probe is a path into a view and the kind of read made there (see
:mod:`render.memo`). The bottom of the memo package: the reads are recorded by the tracking
proxies, stored in the trie and compared by the memo."""

from __future__ import annotations

from typing import Any

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
DICT = _Marker("DICT")
LIST = _Marker("LIST")
