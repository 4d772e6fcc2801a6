"""Server-side times of one interaction, read from the fake Discord's own stamps.

The driver's round trip (send INTERACTION_CREATE, wait for the ephemeral answer) includes the
fake's work: parsing every upload and the wait for the answer, which the bot sends only once
the table and the hands are out. What a player sees is the public table post, so issue 12
times "interaction received -> public reply sent": from the moment the fake had written
INTERACTION_CREATE to the bot's socket (``InteractionResult.dispatched_at``) to the moment the
bot's request for the table post reached the fake (``RequestRecord.received_at``, stamped
when its headers arrived, before its body was read).

The same scan checks the order the issue asks for: a hand DM that reached the fake before the
move's table post counts against it (the hands must follow the public reply, never lead it).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from tests.fakediscord import FakeDiscord, FakeUser, InteractionResult, RequestRecord

SENDS = ("POST", "PATCH")


class TraceError(RuntimeError):
    """The fake saw no public reply (or no answer) for an interaction."""


@dataclass(frozen=True, slots=True)
class Trace:
    """Seconds after INTERACTION_CREATE went out; ``dms_before_public`` is a count."""

    response: float  # the interaction's first callback (the bot defers at once)
    public: float  # the first message with an image in the interaction's channel
    followup: float  # the ephemeral answer (sent once everything is delivered)
    dms_before_public: int  # DM messages to the players that arrived before ``public``


def _channel_of(record: RequestRecord) -> int | None:
    """The channel id of a message send or edit (``/channels/{id}/messages...``)."""
    parts = record.path.split("/")
    if record.method not in SENDS or len(parts) < 4 or parts[1] != "channels":
        return None
    if parts[3] != "messages" or not parts[2].isdigit():
        return None
    return int(parts[2])


def trace(
    fake: FakeDiscord, result: InteractionResult, since: int, dm_channels: Collection[int]
) -> Trace:
    """The times of ``result``, from the requests the fake logged from index ``since`` on.

    The public reply is the first send or edit in the interaction's channel that carries a
    file (the board): a lobby edit before it is not the table. DMs are counted by channel, so
    the caller must not have other tables' moves in flight with the same players.
    """
    if result.dispatched_at is None:
        raise TraceError(f"{result.describe()}: never dispatched")
    callback = f"/interactions/{result.id}/{result.token}/callback"
    followup = f"/webhooks/{fake.application_id}/{result.token}"
    response = public = answer = None
    dm_times: list[float] = []
    for record in fake.requests[since:]:
        channel = _channel_of(record)
        if record.path == callback and response is None:
            response = record.received_at
        elif record.method == "POST" and record.path == followup and answer is None:
            answer = record.received_at
        elif channel == result.channel.id and record.files and public is None:
            public = record.received_at
        elif channel is not None and channel in dm_channels:
            dm_times.append(record.received_at)
    if response is None or public is None or answer is None:
        raise TraceError(f"{result.describe()}: no callback, table post or followup logged")
    start = result.dispatched_at
    early = sum(1 for at in dm_times if at < public)
    return Trace(response - start, public - start, answer - start, early)


def dm_channel_ids(fake: FakeDiscord, users: Iterable[FakeUser]) -> set[int]:
    """The DM channels of these players (the fake creates each on first use, stable ids)."""
    return {fake.dm_channel(user).id for user in users}
