"""What a Discord user can see of the bot: message text, replies, refusals, published hashes.

Everything here reads only what a person could read (channel messages, their own DMs and
ephemeral replies); each game's driver builds on it.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
from collections.abc import Iterable
from functools import partial
from typing import Any

from PIL import Image

from bot.errors import error_text
from bot.i18n import normalise
from bot.table import TableError
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionResult
from tests.fakediscord.interactions import DEFERRED_UPDATE
from tests.smoke.bot_process import WAIT


def expected_refusal(code: str, locale: str, **params: Any) -> str:
    """The bot's own wording of a refusal, so the tests follow the catalogue."""
    return error_text(TableError(code, **params), normalise(locale))


def assert_png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG" and image.width > 0 and image.height > 0
    return image


def visible_text(message: FakeMessage) -> str:
    """All a person can read on a message: content, embeds, button labels, file names."""
    parts = [message.text]
    parts += [str(comp.get("label", "")) for comp in _components(message.components)]
    parts += [att.filename for att in message.attachments]
    return "\n".join(parts)


def _components(components: list[dict[str, Any]]) -> Iterable[dict[str, Any]]:
    for comp in components:
        yield comp
        yield from _components(comp.get("components", []))


def reply_text(result: InteractionResult) -> str:
    """An ephemeral reply: the answer plus any later followups."""
    messages = [m for m in [result.original, *result.followups] if m is not None]
    unique = list({m.id: m for m in messages}.values())
    texts = [m.text for m in unique] or [result.text]
    for message in unique:
        texts += [a.data.decode() for a in message.attachments if a.filename.endswith(".txt")]
    return "\n".join(t for t in texts if t)


def assert_private_answer(result: InteractionResult) -> str:
    """Answered, ephemerally (or, for a button tapped on a message, by a deferred update of
    that message, the reply following ephemerally: a move button in a hand DM, issue 27; a
    lobby button, whose deferral goes out before the bot knows whether the lobby is still
    open, issue 27 §2), with something to read; returns the text (in a channel, the
    followups' only: the tapped message is the table's, not the reply)."""
    assert result.answered, result.describe()
    followed = result.callback_type == DEFERRED_UPDATE and all(
        m.ephemeral for m in result.followups
    )
    assert result.ephemeral or followed, f"{result.describe()} answered publicly: {result.text!r}"
    in_channel = followed and not result.channel.is_dm
    text = "\n".join(m.text for m in result.followups) if in_channel else reply_text(result)
    assert text.strip(), f"{result.describe()} answered with nothing to read"
    return text


async def replied(fake: FakeDiscord, result: InteractionResult) -> InteractionResult:
    """``result`` once its reply came: a move button in a hand DM updates that DM first (the
    fake counts that as answered) and replies in a followup after it (issue 27)."""
    if result.callback_type == DEFERRED_UPDATE and result.channel.is_dm:
        await fake.wait_until(partial(_followups, result), WAIT, what="the reply followup")
    return result


def _followups(result: InteractionResult) -> list[FakeMessage] | None:
    return result.followups or None


def assert_refused(result: InteractionResult, expected: str | None = None) -> str:
    text = assert_private_answer(result)
    assert "⚠️" in text, f"{result.describe()} was not refused: {text!r}"
    if expected is not None:
        assert expected in text, f"{result.describe()}: {text!r} does not say {expected!r}"
    return text


def assert_accepted(result: InteractionResult) -> str:
    text = assert_private_answer(result)
    assert "⚠️" not in text and "😵" not in text, f"{result.describe()} failed: {text!r}"
    return text


def _ids(components: list[dict[str, Any]]) -> list[str]:
    return [c["custom_id"] for c in _components(components) if "custom_id" in c]


def replay_block(history: str) -> dict[str, Any]:
    """The JSON replay published in the history of a finished game."""
    match = re.search(r"```json\n(.*?)\n```", history, re.S)
    assert match, f"no replay block in the history:\n{history}"
    return json.loads(match.group(1))


def seed_hash(seed: int) -> str:
    return hashlib.sha256(str(seed).encode()).hexdigest()


def scores_in(text: str) -> list[int]:
    """The scores of an outcome message, in seat order: its ``Scores: alice 3 · bob 2`` line
    (``Punteggi:`` in Italian); each score is the last number of its part, since a name may
    hold digits."""
    match = re.search(r"^(?:Scores|Punteggi): (.*)$", text, re.MULTILINE)
    assert match, f"no scores in {text!r}"
    return [int(re.findall(r"\d+", part)[-1]) for part in match.group(1).split(" · ")]


def hex_hash(text: str) -> str:
    """The full SHA-256 published on a table message."""
    match = re.search(r"\b[0-9a-f]{64}\b", text)
    assert match, f"no SHA-256 in {text!r}"
    return match.group(0)
