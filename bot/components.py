"""The custom_id format of every button and select the bot draws.

``mt:<kind>:<game id>[:<version>[:<index>]]`` — enough to serve any click after a restart by
loading the game from the store, and to refuse a click drawn for an older version of the table.
Move buttons carry the index of the move in ``legal_actions`` at that version: the version pins
the state, so the index pins the move, and the id stays short for every game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = "mt"
KINDS = ("hand", "join", "start", "addbot", "leave", "act", "history")
_PATTERN = re.compile(
    r"mt:(?P<kind>[a-z]+):(?P<game>\d{1,18})(?::(?P<version>\d{1,9}))?"
    r"(?::(?P<index>\d{1,3}))?"
)
TEMPLATE = r"mt:(?P<rest>.{0,96})"
"""What a DynamicItem claims: everything we issued, so that a malformed id still gets an
answer instead of Discord's silent "This interaction failed"."""


@dataclass(frozen=True, slots=True)
class ComponentRef:
    kind: str
    game_id: int
    version: int | None = None
    index: int | None = None

    @property
    def custom_id(self) -> str:
        parts = [PREFIX, self.kind, str(self.game_id)]
        if self.version is not None:
            parts.append(str(self.version))
            if self.index is not None:
                parts.append(str(self.index))
        return ":".join(parts)


def parse(custom_id: str) -> ComponentRef | None:
    """The reference in ``custom_id``, or None when it is not one we could have issued."""
    match = _PATTERN.fullmatch(custom_id)
    if match is None or match["kind"] not in KINDS:
        return None
    version = int(match["version"]) if match["version"] else None
    index = int(match["index"]) if match["index"] else None
    if match["kind"] == "act" and (version is None or index is None):
        return None
    return ComponentRef(match["kind"], int(match["game"]), version, index)
