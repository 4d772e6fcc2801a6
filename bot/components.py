"""The custom_id format of every button and select the bot draws.

``mt:<kind>:<game id>[:<version or choices digest>[:<index>]]`` — enough to serve any click
after a restart by loading the game from the store.

Move buttons (``act``) carry a short digest of the seat's legal moves when the button was drawn,
and the index of the move in that list. The digest, not the table's version, decides whether a
click is stale: while other players act (several seats choose at once in some games), a seat's
own choices often stay the same, and its buttons should keep working; once its choices change
(it moved, or the table moved on), the digest no longer matches and the click is refused.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any

from rules.base import BOT_LEVELS

PREFIX = "mt"
REMATCH_ANSWERS = ("rmyes", "rmno")
"""A player's answer for the seat a rematch keeps for them (``mt:rmyes:<table>``)."""
KINDS = (
    "hand",
    "join",
    "start",
    "addbot",
    "leave",
    "act",
    "history",
    "seatyes",
    "seatno",
    "votewait",
    "voteskip",
    "votebot",
    "dismiss",
    "rematch",
    *REMATCH_ANSWERS,
    *(f"addbot{level}" for level in BOT_LEVELS),
)
ADD_BOT_KINDS = {f"addbot{level}": level for level in BOT_LEVELS}
"""The lobby's button seating a bot at each level (``mt:addbothard:<table>``); the plain
``addbot`` of lobbies drawn before levels seats a normal one."""
VOTE_KINDS = ("votewait", "voteskip", "votebot")
"""A vote on an absent seat: ``mt:vote<choice>:<table>:<version that opened it>:<seat>``."""
DIGEST_LENGTH = 10
_PATTERN = re.compile(
    r"mt:(?P<kind>[a-z]+):(?P<game>\d{1,18})"
    r"(?::(?P<version>\d{1,9})|:(?P<digest>f[0-9a-f]{9}))?"
    r"(?::(?P<index>\d{1,3}))?"
)
TEMPLATE = r"(?s)(?P<rest>.*)"
"""What the one DynamicItem claims: every custom_id, whatever its prefix, length or characters
(newlines included), so that any click gets an answer (a refusal when the id is not one we
issued) instead of Discord's silent "This interaction failed". Every component the bot draws
is therefore served by it: the bot keeps no other views."""


def choices_digest(actions: list[dict[str, Any]]) -> str:
    """A short fingerprint of a seat's legal moves (their dumped JSON, in order). It starts
    with a letter so that it can never be read as a version number."""
    text = json.dumps(actions, sort_keys=True, separators=(",", ":"))
    return "f" + hashlib.sha256(text.encode()).hexdigest()[: DIGEST_LENGTH - 1]


@dataclass(frozen=True, slots=True)
class ComponentRef:
    kind: str
    game_id: int
    version: int | None = None
    index: int | None = None
    digest: str | None = None

    @property
    def custom_id(self) -> str:
        parts = [PREFIX, self.kind, str(self.game_id)]
        stamp = self.digest if self.digest is not None else self.version
        if stamp is not None:
            parts.append(str(stamp))
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
    digest = match["digest"]
    if match["kind"] == "act" and (digest is None or index is None):
        return None
    if match["kind"] in VOTE_KINDS and (version is None or index is None):
        return None
    return ComponentRef(match["kind"], int(match["game"]), version, index, digest)
