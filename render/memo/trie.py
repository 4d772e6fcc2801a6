"""The memo's index: one trie per group of runs of (probe, value) that share their start and
branch on the first probe whose value differs (see :mod:`render.memo`)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from render.memo.probes import Probe
from render.memo.tracking import measure

PAIR_BYTES = 128
"""Estimated memory of one recorded (probe, value) kept in the trie (a path tuple, a slot)."""


class Entry:
    __slots__ = ("cost", "node", "png")

    def __init__(self, png: bytes, cost: int) -> None:
        self.png = png
        self.cost = cost
        self.node: Node | None = None


class Node:
    """A run of (probe, value) that must all match, then an entry and/or branches: by the next
    probe, then by its value. The branch key (probe, value) is the child's first read."""

    __slots__ = ("branches", "entry", "key", "parent", "probes", "values")

    def __init__(
        self,
        probes: tuple[Probe, ...],
        values: tuple[Hashable, ...],
        parent: Node | None,
        key: Hashable,
    ) -> None:
        self.probes = probes
        self.values = values
        self.branches: dict[Probe, dict[Hashable, Node]] = {}
        self.entry: Entry | None = None
        self.parent = parent
        self.key: Any = key  # (probe, value) under the parent; the group for a root

    def split(self, at: int) -> None:
        """Cut the run before ``at``: what follows moves to a child."""
        tail = Node(self.probes[at + 1 :], self.values[at + 1 :], self, None)
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


def find(root: Node, view: Any) -> Entry | None:
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


def insert(root: Node, probes: tuple[Probe, ...], values: tuple[Hashable, ...],
            entry: Entry) -> Entry | None:  # fmt: skip
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
            child = Node(probes[i + 1 :], values[i + 1 :], node, (probes[i], values[i]))
            children[values[i]] = child
            child.entry, entry.node = entry, child
            entry.cost += PAIR_BYTES * (count - i)
            return None
        node, i = child, i + 1


def remove(entry: Entry) -> Node | None:
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
