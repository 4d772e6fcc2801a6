"""custom_ids: what the bot issues parses back to the same reference; anything else is refused;
a move button's digest follows the seat's choices, not the table's version."""

from __future__ import annotations

import pytest

from bot.components import ComponentRef, choices_digest, parse


@pytest.mark.parametrize(
    "ref",
    [
        ComponentRef("hand", 7),
        ComponentRef("join", 123456789012345678),
        ComponentRef("history", 3),
        ComponentRef("act", 9, index=24, digest=choices_digest([{"type": "pass"}])),
    ],
)
def test_issued_ids_parse_back(ref: ComponentRef) -> None:
    assert parse(ref.custom_id) == ref
    assert len(ref.custom_id) <= 100  # Discord's limit


@pytest.mark.parametrize(
    "custom_id",
    ["mt:act:1", "mt:act:1:5:0", "mt:act:1:abc:0", "mt:dance:1", "mt:", "mt:act:1:f123:0", "x"],
)
def test_malformed_ids_are_refused(custom_id: str) -> None:
    assert parse(custom_id) is None


def test_digest_depends_on_the_choices_only() -> None:
    moves = [{"type": "place_being", "card": "zombie:1"}, {"type": "pass"}]
    assert choices_digest(moves) == choices_digest([dict(m) for m in moves])
    assert choices_digest(moves) != choices_digest(moves[1:])
    assert choices_digest(moves) != choices_digest(list(reversed(moves)))
    assert choices_digest([]).startswith("f") and not choices_digest([]).isdigit()
