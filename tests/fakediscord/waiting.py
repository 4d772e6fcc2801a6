"""Waiting in the fake: what a test (or the benchmark's driver) waits for, checked after each
change the fake makes, and what the fake saw lately when a wait times out.

A mixin of :class:`~tests.fakediscord.server.FakeDiscord` (the bottom of its chain: waiting,
then the message store, then the interactions and users' actions, then the server); the
attributes it declares are set by ``FakeDiscord.__init__``.
"""

# A `timeout` argument on each wait is the point of this test API (every wait is bounded).
# ruff: noqa: ASYNC109

from __future__ import annotations

import asyncio
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from .interactions import FakeTimeout

if TYPE_CHECKING:
    from .gateway import Gateway
    from .records import RequestRecord

T = TypeVar("T")
DEFAULT_TIMEOUT = 5.0


@dataclass(eq=False)
class _Waiter:
    """A :meth:`FakeDiscord.wait_until` in progress: what it waits for, its answer, and the
    changes it is checked after (``keys``: only those, and any change told without a key;
    empty: every change)."""

    predicate: Callable[[], Any]
    future: asyncio.Future[Any]
    keys: tuple[Hashable, ...] = ()


class Waiting:
    """Waits on the fake's changes (:meth:`notify`, :meth:`wait_until`) and their diagnostics."""

    requests: list[RequestRecord]
    unhandled: list[RequestRecord]
    server_errors: list[str]
    sync_log: list[tuple[int | None, list[dict[str, Any]]]]
    gateway: Gateway
    _waiters: dict[int, _Waiter]
    _keyed: dict[Hashable, dict[int, _Waiter]]
    _touched: set[Hashable]
    _touched_all: bool
    _check_soon: bool

    def notify(self, *keys: Hashable) -> None:
        """Something changed (``keys``: what, if only that: see :meth:`wait_until`): check
        what :meth:`wait_until` waits for, once this turn of the event loop is over however
        many changes it makes.

        Why not wake every waiter: a load keeps thousands of moves waiting, and each woken
        waiter cost a task and a timer at every request the fake logged; the benchmark's
        driver then took as much CPU as the bot it measures. A predicate costs far less, and
        one checked only after its own interaction's or channel's requests less again."""
        if not keys:
            self._touched_all = self._touched_all or bool(self._keyed)
        self._touched.update(key for key in keys if key in self._keyed)
        if self._check_soon or not (self._waiters or self._touched or self._touched_all):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # changed outside the loop: nobody can be waiting on it now
            return
        self._check_soon = True
        loop.call_soon(self._check_waiters)

    def _check_waiters(self) -> None:
        self._check_soon = False
        waiters = list(self._waiters.values())
        if self._touched_all:
            keyed = (w for by_id in self._keyed.values() for w in by_id.values())
        else:
            keyed = (w for key in self._touched for w in self._keyed.get(key, {}).values())
        waiters += {id(w): w for w in keyed}.values()  # a waiter under two keys: once
        self._touched.clear()
        self._touched_all = False
        for waiter in waiters:
            if waiter.future.done():
                continue
            try:
                value = waiter.predicate()
            except Exception as error:  # the waiter raises it, as if it had checked itself
                waiter.future.set_exception(error)
                continue
            if value:
                waiter.future.set_result(value)

    async def wait_until(
        self,
        predicate: Callable[[], T],
        timeout: float = DEFAULT_TIMEOUT,
        *,
        what: str = "",
        keys: Iterable[Hashable] = (),
    ) -> T:
        """Return predicate() once truthy; FakeTimeout (with diagnostics) after `timeout` s.
        The predicate is checked now and after each change (:meth:`notify`); with ``keys``,
        only after changes told with one of them (``("token", t)``: a request to interaction
        ``t``'s callback or webhook; ``("channel", id)``: to a channel's routes) or without a
        key, so a predicate given keys must read nothing that other requests change."""
        value = predicate()
        if value:
            return value
        waiter = _Waiter(predicate, asyncio.get_running_loop().create_future(), tuple(keys))
        for key in waiter.keys:
            self._keyed.setdefault(key, {})[id(waiter)] = waiter
        if not waiter.keys:
            self._waiters[id(waiter)] = waiter
        try:
            result: T = await asyncio.wait_for(waiter.future, timeout)
        except TimeoutError:
            raise FakeTimeout(
                f"timed out after {timeout}s waiting for {what}\n{self.diagnostics()}"
            ) from None
        finally:
            self._forget(waiter)
        return result

    def _forget(self, waiter: _Waiter) -> None:
        self._waiters.pop(id(waiter), None)
        for key in waiter.keys:
            by_id = self._keyed.get(key, {})
            by_id.pop(id(waiter), None)
            if not by_id:
                self._keyed.pop(key, None)

    def diagnostics(self) -> str:
        """What the fake saw lately, for failure messages."""
        last = "\n  ".join(str(r) for r in self.requests[-8:]) or "(none)"
        unhandled = ", ".join(str(r) for r in self.unhandled) or "none"
        if self.server_errors:
            unhandled += "\nFAKE SERVER ERRORS:\n" + "\n".join(self.server_errors)
        live = "live" if self.gateway.live.is_set() else "not connected"
        return f"gateway: {live}; unhandled: {unhandled}; last requests:\n  {last}"

    async def wait_ready(self, timeout: float = 10.0, *, synced: bool = True) -> None:
        """Wait until the bot identified (READY + GUILD_CREATEs sent) and, if `synced`,
        bulk-overwrote commands at least once."""

        def ready() -> bool:
            return self.gateway.live.is_set() and (not synced or bool(self.sync_log))

        await self.wait_until(ready, timeout, what="the bot to connect" + " and sync" * synced)
