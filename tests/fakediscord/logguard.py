"""Fail tests on WARNING+ records from the `discord` logger.

discord.py swallows exceptions raised in commands, views and event handlers and only logs
them, so without this a broken bot passes its tests. Expected warnings (a 429 being retried)
are allowed per test by regex.
"""

from __future__ import annotations

import logging
import re

# Logged once per process by discord.Client() when the optional voice libraries are missing.
ENVIRONMENT_WARNINGS = (r"PyNaCl is not installed", r"davey is not installed")


class DiscordLogGuard(logging.Handler):
    """Collects WARNING+ records of the `discord` logger tree."""

    def __init__(self, logger_name: str = "discord") -> None:
        super().__init__(logging.WARNING)
        self.logger = logging.getLogger(logger_name)
        self.records: list[logging.LogRecord] = []
        self.allowed: list[re.Pattern[str]] = [re.compile(p) for p in ENVIRONMENT_WARNINGS]
        self._old_level = self.logger.level

    def emit(self, record: logging.LogRecord) -> None:
        """Keep the record (formatting happens when reporting)."""
        self.records.append(record)

    def allow(self, pattern: str) -> None:
        """Accept warnings whose message matches `pattern` (re.search)."""
        self.allowed.append(re.compile(pattern))

    def install(self) -> DiscordLogGuard:
        """Attach to the logger (lowering its level to WARNING if it was higher)."""
        self.logger.addHandler(self)
        if self.logger.getEffectiveLevel() > logging.WARNING:
            self.logger.setLevel(logging.WARNING)
        return self

    def uninstall(self) -> None:
        """Detach and restore the level."""
        self.logger.removeHandler(self)
        self.logger.setLevel(self._old_level)

    def unexpected(self) -> list[logging.LogRecord]:
        """Records no allow pattern matches."""
        return [r for r in self.records if not any(p.search(r.getMessage()) for p in self.allowed)]

    def report(self) -> str:
        """Readable list of unexpected records, with tracebacks."""
        formatter = logging.Formatter("%(levelname)s %(name)s: %(message)s")
        return "\n".join(formatter.format(r) for r in self.unexpected())
