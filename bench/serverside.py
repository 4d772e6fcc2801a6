"""Server-side times of one interaction, read from the fake Discord's own stamps.

The driver's round trip (send INTERACTION_CREATE, wait for the ephemeral answer) includes the
fake's work: parsing every upload and the wait for the answer, which the bot sends only once
the table and the hands are out. What a player sees is the public table post, so issue 12
times "interaction received -> public reply sent": from the moment the fake had written
INTERACTION_CREATE to the bot's socket (``InteractionResult.dispatched_at``) to the moment the
bot's request for the table post reached the fake (``RequestRecord.reached_at``: stamped by
the fake's edge when it went through it, else when the fake had its headers, before its body
was read).

The same reading checks the order the issue asks for: a hand DM that reached the fake before the
move's table post counts against it (the hands must follow the public reply, never lead it).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Collection, Iterable
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


def read_answered(
    requests: list[RequestRecord],
    position: int,
    read: set[int],
    see: Callable[[int, RequestRecord], None],
) -> tuple[int, set[int]]:
    """Hand ``see`` each request from ``position`` on that is answered and not yet ``read``;
    the position to start from next time (the first request still in flight) and the
    requests read past it. Why wait for the answer: a request is logged when its headers
    arrive and its files once its body is read (see :meth:`Tracker.scan`)."""
    in_flight: int | None = None
    for index in range(position, len(requests)):
        record = requests[index]
        if record.status is None:
            in_flight = index if in_flight is None else in_flight
        elif index not in read:
            read.add(index)
            see(index, record)
    position = len(requests) if in_flight is None else in_flight
    return position, {index for index in read if index >= position}


class Tracker:
    """The stamps of one interaction, filled in by :meth:`Trackers.complete`."""

    def __init__(self, fake: FakeDiscord, result: InteractionResult, since: int) -> None:
        self.result = result
        self.since = since  # the log's length when the interaction was sent
        self.callback = f"/interactions/{result.id}/{result.token}/callback"
        self.followup = f"/webhooks/{fake.application_id}/{result.token}"
        self.response: float | None = None
        self.public: float | None = None
        self.answer: float | None = None

    @property
    def complete(self) -> bool:
        return None not in (self.response, self.public, self.answer)

    def trace(self, dms_before_public: int = 0) -> Trace:
        """The times so far; :class:`TraceError` when something is still missing."""
        start = self.result.dispatched_at
        if start is None:
            raise TraceError(f"{self.result.describe()}: never dispatched")
        stamps = {"callback": self.response, "table post": self.public, "followup": self.answer}
        missing = [name for name, at in stamps.items() if at is None]
        if missing or self.response is None or self.public is None or self.answer is None:
            raise TraceError(f"{self.result.describe()}: no {', '.join(missing)} logged")
        return Trace(
            self.response - start, self.public - start, self.answer - start, dms_before_public
        )


class Trackers:
    """Interactions' stamps, from one reading of the fake's log: the one rule for which
    request is an interaction's callback, table post and followup.

    Why an index: a load has thousands of moves waiting for their table post at once. Each
    tracker reading every request logged since it began made the driver cost O(waiting x
    requests); a tracker made once its answer came (seconds after its send, in a backlog)
    still had to catch up with thousands of requests. Here each answered request is read once
    into an index (the first answered request per method and path, and each channel's sends
    in log order), and a tracker's stamps are looked up there.

    A request is read only once it is answered (:func:`read_answered`): it is logged when its
    headers arrive and its files once its body is read, so a table post read half-way has no
    files yet and would be passed over for good (the load saw 1-3 moves in 3,000 so traced
    while their post was in flight wait for ever)."""

    def __init__(self, fake: FakeDiscord, since: int = 0) -> None:
        self.fake = fake
        self.position = since  # nothing before it is read
        self.read: set[int] = set()
        self._first: dict[tuple[str, str], float] = {}  # (method or "*", path) -> stamp
        self._sends: dict[int, list[tuple[int, float, bool]]] = {}  # channel -> (index,
        # stamp, carries a file), in log order

    def track(self, result: InteractionResult, since: int) -> Tracker:
        """A tracker of ``result``, sent when the log held ``since`` requests, with the
        stamps logged so far; :meth:`complete` fills in the others."""
        tracker = Tracker(self.fake, result, since)
        self.complete(tracker)
        return tracker

    def scan(self) -> None:
        """Index each request answered since the last scan (one still in flight is read at
        a later scan)."""
        self.position, self.read = read_answered(
            self.fake.requests, self.position, self.read, self._index
        )

    def _index(self, index: int, record: RequestRecord) -> None:
        self._first.setdefault(("*", record.path), record.reached_at)
        self._first.setdefault((record.method, record.path), record.reached_at)
        channel = _channel_of(record)
        if channel is not None:
            sent = (index, record.reached_at, bool(record.files))
            bisect.insort(self._sends.setdefault(channel, []), sent)

    def complete(self, tracker: Tracker) -> bool:
        """``wait_until``'s predicate: read what is new, then whether ``tracker`` has every
        stamp. The public reply is the first send or edit with a file (the board) in the
        interaction's channel logged after the move was sent: a lobby edit before it is not
        the table."""
        self.scan()
        if tracker.response is None:
            tracker.response = self._first.get(("*", tracker.callback))
        if tracker.answer is None:
            tracker.answer = self._first.get(("POST", tracker.followup))
        if tracker.public is None:
            tracker.public = next(
                (at for _, at, image in self._after(tracker.result.channel.id, tracker.since)
                 if image),
                None,
            )  # fmt: skip
        return tracker.complete

    def sends_before(self, channels: Collection[int], since: int, moment: float) -> int:
        """How many sends or edits in ``channels``, logged from ``since`` on, reached the
        fake before ``moment``."""
        return sum(
            1 for channel in channels for _, at, _ in self._after(channel, since) if at < moment
        )

    def _after(self, channel: int, since: int) -> list[tuple[int, float, bool]]:
        sends = self._sends.get(channel, [])
        return sends[bisect.bisect_left(sends, (since, float("-inf"), False)) :]


def trace(
    fake: FakeDiscord, result: InteractionResult, since: int, dm_channels: Collection[int]
) -> Trace:
    """The times of an answered ``result``, from the requests the fake logged from index
    ``since`` on, and how many DMs to its players came before its public reply. DMs are
    counted by channel, so the caller must not have other tables' moves in flight with the
    same players."""
    trackers = Trackers(fake, since)
    tracker = trackers.track(result, since)
    if tracker.public is None:
        return tracker.trace()  # raises: says what is missing
    return tracker.trace(trackers.sends_before(dm_channels, since, tracker.public))


def dm_channel_ids(fake: FakeDiscord, users: Iterable[FakeUser]) -> set[int]:
    """The DM channels of these players (the fake creates each on first use, stable ids)."""
    return {fake.dm_channel(user).id for user in users}
