"""Prometheus metrics for operators: every metric the bot exports, defined here and nowhere else.

A :class:`Metrics` holds its own registry (never the library's global one), so every bot, and
every test, counts for itself. The client creates one and hands it to the table service and the
courier; they count at their choke points with one call each (the engines in ``rules/`` know
nothing of it). The registry is served over HTTP only when ``METRICS_PORT`` is set
(:meth:`Metrics.serve`); without it nothing listens, and counting costs a dictionary lookup and
an addition per event.

Where each is counted:

- interactions, and the time to their first response: :meth:`Metrics.interaction_received`,
  called by the client as discord.py parses each interaction, before any handler runs;
- moves committed and conflicts refused: :class:`bot.table.TableService`;
- Discord errors: the courier (a delivery attempt that failed) and the error handlers of
  commands and buttons.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from typing import Any
from wsgiref.simple_server import WSGIServer

import aiohttp
import discord
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server

from bot.components import parse

log = logging.getLogger(__name__)

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0)
"""Seconds. Discord drops an interaction not answered within 3 s, so the buckets stop there
(anything later falls in +Inf: an interaction the user saw fail); the fine end shows a defer
that waited on a busy event loop."""

_SUBCOMMAND_TYPES = (1, 2)
"""Application command option types for a subcommand and a subcommand group."""


class Metrics:
    """The bot's metrics, in a registry of their own."""

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = registry if registry is not None else CollectorRegistry()
        self._server: WSGIServer | None = None
        self.port: int | None = None
        """The port ``/metrics`` is served on, once serving."""

        self.interactions = Counter(
            "monster_table_interactions",
            "Interactions received, by kind (command, autocomplete, component, ...) and command "
            "(a slash command's full name, a component's kind from its custom_id).",
            ["kind", "command"],
            registry=self.registry,
        )
        """``monster_table_interactions_total{kind,command}``: what players use, and how
        often (autocomplete counts every keystroke Discord sends)."""

        self.interaction_seconds = Histogram(
            "monster_table_interaction_seconds",
            "Seconds from an interaction's arrival to Discord accepting its first response.",
            ["kind"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        """``monster_table_interaction_seconds{kind}``: how close answers come to Discord's
        3 s deadline. An interaction never answered is not observed (its count shows in
        ``monster_table_interactions_total`` without a matching observation)."""

        self.moves_committed = Counter(
            "monster_table_moves_committed",
            "Moves stored, by game: a player's or a bot's, and the forced moves committed with it.",
            ["game"],
            registry=self.registry,
        )
        """``monster_table_moves_committed_total{game}``: actions appended to games' logs."""

        self.move_conflicts = Counter(
            "monster_table_move_conflicts",
            "Changes refused because the table had moved on (a lost compare-and-swap, a stale "
            "button or suggestion), by game.",
            ["game"],
            registry=self.registry,
        )
        """``monster_table_move_conflicts_total{game}``: double clicks, races between processes
        and buttons left from an earlier turn; each changed nothing."""

        self.discord_errors = Counter(
            "monster_table_discord_errors",
            "Discord requests that failed, by HTTP status (0: no answer, the connection failed).",
            ["status"],
            registry=self.registry,
        )
        """``monster_table_discord_errors_total{status}``: 403s (closed DMs, missing access),
        429s that discord.py's own retries did not absorb, 5xx and lost connections."""

        self.outbox_tables_due = Gauge(
            "monster_table_outbox_tables_due",
            "Tables with deliveries due and not yet sent, at the outbox's last poll.",
            registry=self.registry,
        )
        """``monster_table_outbox_tables_due``: stays above zero while Discord refuses or is
        slow (retries waiting); after a restart, what the previous run left to show."""

        self.guilds = Gauge(
            "monster_table_guilds",
            "Servers this process is in (its shards' share).",
            registry=self.registry,
        )
        """``monster_table_guilds``: read when scraped (the client sets the function)."""

    # -- counting ---------------------------------------------------------------------------

    def interaction_received(self, interaction: discord.Interaction[Any]) -> None:
        """Count an interaction and time it to its first response. Called as the interaction
        is parsed, before any handler may answer it; never raises (metrics must not stop
        play)."""
        try:
            kind, command = describe(interaction)
        except Exception:
            log.exception("interaction %s not counted", getattr(interaction, "id", "?"))
            return
        self.interactions.labels(kind, command).inc()
        timer = self.interaction_seconds.labels(kind)
        received = time.perf_counter()
        try:
            # discord.py creates ``interaction.response`` on first use and keeps it in this
            # slot; ours is the same object plus a stopwatch.
            interaction._cs_response = TimedResponse(  # type: ignore[attr-defined]
                interaction, lambda: timer.observe(time.perf_counter() - received)
            )
        except AttributeError:  # a discord.py without that slot: counted, not timed
            log.debug("interaction latency not measurable with this discord.py")

    def move_committed(self, game: str, moves: int = 1) -> None:
        self.moves_committed.labels(game).inc(moves)

    def conflict(self, game: str) -> None:
        self.move_conflicts.labels(game).inc()

    def discord_error(self, error: BaseException | None) -> None:
        """Count ``error`` if Discord or the connection to it failed (a Discord exception may
        come wrapped, as an app command error's ``original`` or another exception's cause);
        anything else is not Discord's and is not counted."""
        seen: set[int] = set()
        while error is not None and id(error) not in seen:
            seen.add(id(error))
            if isinstance(error, discord.HTTPException):
                self.discord_errors.labels(str(error.status)).inc()
                return
            if isinstance(error, aiohttp.ClientError | ConnectionError | TimeoutError):
                self.discord_errors.labels("0").inc()
                return
            error = getattr(error, "original", None) or error.__cause__

    # -- serving ----------------------------------------------------------------------------

    def serve(self, port: int, addr: str = "127.0.0.1") -> int:
        """Serve ``/metrics`` from a daemon thread; returns the port (0 picks a free one)."""
        if self.port is not None:  # set up again (a reconnecting client): already serving
            return self.port
        server, _thread = start_http_server(port, addr, registry=self.registry)
        self._server = server
        self.port = int(server.server_port)
        log.info("metrics on http://%s:%d/metrics", addr, self.port)
        return self.port

    def stop_serving(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
            self.port = None


class TimedResponse(discord.InteractionResponse[Any]):
    """An interaction's response that reports when the first answer was accepted. discord.py
    sets ``_response_type`` once Discord accepted a response (a defer, a message, an update,
    autocomplete choices, a modal), whichever method made it: one place sees them all."""

    __slots__ = ("_on_first",)

    def __init__(self, parent: discord.Interaction[Any], on_first: Callable[[], None]) -> None:
        self._on_first = on_first
        super().__init__(parent)

    def __setattr__(self, name: str, value: Any) -> None:
        first = name == "_response_type" and value is not None and not self.is_done()
        super().__setattr__(name, value)
        if first:
            self._on_first()


def describe(interaction: discord.Interaction[Any]) -> tuple[str, str]:
    """The ``kind`` and ``command`` labels of an interaction. Both come from a bounded set: the
    commands the bot registered (Discord sends no others) and the component kinds it draws
    (anything else is ``malformed``)."""
    data: Mapping[str, Any] = interaction.data or {}
    if interaction.type is discord.InteractionType.application_command:
        return "command", command_name(data)
    if interaction.type is discord.InteractionType.autocomplete:
        return "autocomplete", command_name(data)
    if interaction.type is discord.InteractionType.component:
        ref = parse(str(data.get("custom_id", "")))
        return "component", ref.kind if ref is not None else "malformed"
    return interaction.type.name, ""


def command_name(data: Mapping[str, Any]) -> str:
    """A command's full name from the interaction's data: ``game move``, ``mp attack``."""
    parts = [str(data.get("name", "?"))]
    options = data.get("options") or []
    while options and options[0].get("type") in _SUBCOMMAND_TYPES:
        parts.append(str(options[0].get("name", "?")))
        options = options[0].get("options") or []
    return " ".join(parts)
