"""Frozen dataclass states and actions to JSON and back, for engines that model them so.

Why one module: Munchkin Fu and Monsterpocalypse keep their state as frozen dataclasses of
ints, strings, tuples, optional values and the seeded :class:`~rules.base.Rng`; storing,
replaying and ``/game move`` all go through ``dump``/``load`` and ``dump_action``/
``load_action``, and a bad payload must fail the same way everywhere (``malformed_action``).
Types are read from the dataclasses' annotations, so a model declares its fields once.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Iterable
from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any, TypeVar, Union

from rules.base import IllegalAction, Rng

T = TypeVar("T")


@cache
def snake(name: str) -> str:
    """``ActivateMonster`` -> ``activate_monster``: an action's ``"type"`` in JSON."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def action_types(actions: Iterable[type]) -> dict[str, type]:
    """Each action class by its JSON ``"type"``."""
    return {snake(cls.__name__): cls for cls in actions}


def plain(value: Any) -> Any:
    """``value`` as JSON-able data: dataclasses as objects, tuples as lists, the Rng as its
    seed and counter. Dispatched on the exact type first (cached per class): views list every
    legal action this way, hundreds a view in Munchkin Fu, so this is a hot path."""
    kind: type = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if kind is tuple:
        if all(type(v) is str for v in value):  # ids: the bulk of a state
            return list(value)
        return [plain(v) for v in value]
    names = _dataclass_fields(kind)
    if names is not None:
        return {name: plain(getattr(value, name)) for name in names}
    if isinstance(value, Rng):
        return value.dump()
    if isinstance(value, str | int):
        return value
    if isinstance(value, tuple):
        return plain(tuple(value))
    return value


@cache
def _dataclass_fields(kind: type) -> tuple[str, ...] | None:
    """The field names of a dataclass type, else None (an Rng is no dataclass)."""
    if is_dataclass(kind) and not issubclass(kind, Rng):
        return _names(kind)
    return None


@cache
def _names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


@cache
def _hints(cls: type) -> dict[str, Any]:
    """A dataclass's resolved field types (cached: loading is on every replay step)."""
    return typing.get_type_hints(cls)


def build(kind: Any, data: Any) -> Any:
    """``data`` (JSON) as a value of type ``kind``; ValueError/TypeError when it does not fit.
    A dataclass ignores keys it has no field for (a state stored by a newer version)."""
    origin = typing.get_origin(kind)
    if kind is Rng:
        return Rng.load(data)
    if origin in (Union, types.UnionType):
        options = typing.get_args(kind)
        if data is None and type(None) in options:
            return None
        return build(next(o for o in options if o is not type(None)), data)
    if origin is tuple:
        return _tuple(typing.get_args(kind), data)
    if isinstance(kind, type) and is_dataclass(kind):
        if not isinstance(data, dict):
            raise TypeError("expected an object")
        hints = _hints(kind)
        known = set(_names(kind))
        return kind(**{k: build(hints[k], v) for k, v in data.items() if k in known})
    return _scalar(kind, data)


def _tuple(args: tuple[Any, ...], data: Any) -> tuple[Any, ...]:
    if not isinstance(data, list):
        raise TypeError("expected a list")
    if len(args) == 2 and args[1] is Ellipsis:
        if args[0] is str:  # the common case (ids): checked in one pass
            if not all(isinstance(v, str) for v in data):
                raise TypeError("expected strings")
            return tuple(data)
        return tuple(build(args[0], v) for v in data)
    if len(args) != len(data):
        raise ValueError("wrong length")
    return tuple(build(a, v) for a, v in zip(args, data, strict=True))


def _scalar(kind: Any, data: Any) -> Any:
    if kind is bool:
        if not isinstance(data, bool):
            raise TypeError("expected a bool")
        return data
    if kind is int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise TypeError("expected an int")
        return data
    if kind is str:
        if not isinstance(data, str):
            raise TypeError("expected a string")
        return data
    raise TypeError(f"cannot load {kind!r}")


def dump_state(state: Any, version: int) -> dict[str, Any]:
    data: dict[str, Any] = plain(state)
    data["version"] = version
    return data


def load_state(cls: type[T], data: dict[str, Any]) -> T:
    state: T = build(cls, {k: v for k, v in data.items() if k != "version"})
    return state


def dump_action(action: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"type": snake(type(action).__name__)}
    data.update(plain(action))
    return data


def load_action(known: dict[str, type], data: dict[str, Any]) -> Any:
    """The action ``data`` describes; raises :class:`IllegalAction` ``malformed_action`` on
    anything that is not one of ``known`` with exactly its fields."""
    try:
        cls = known[data["type"]]
        body = {k: v for k, v in data.items() if k != "type"}
        unknown = set(body) - set(_names(cls))
        if unknown:
            raise ValueError(f"unknown fields {sorted(unknown)}")
        return build(cls, body)
    except (KeyError, TypeError, ValueError, StopIteration) as error:
        raise IllegalAction("malformed_action", details=str(error)) from error
