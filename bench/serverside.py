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
    """The stamps of one interaction, gathered from the fake's request log as it grows: each
    :meth:`scan` reads only the requests logged since the last one (a load has thousands)."""

    def __init__(
        self,
        fake: FakeDiscord,
        result: InteractionResult,
        since: int,
        dm_channels: Collection[int] = (),
    ) -> None:
        self.fake = fake
        self.result = result
        self.since = since
        self.position = since
        self.dm_channels = dm_channels
        self.callback = f"/interactions/{result.id}/{result.token}/callback"
        self.followup = f"/webhooks/{fake.application_id}/{result.token}"
        self.response: float | None = None
        self.public: float | None = None
        self.answer: float | None = None
        self.dm_times: list[float] = []
        self.read: set[int] = set()  # requests read after one still in flight (see scan)

    @property
    def complete(self) -> bool:
        return None not in (self.response, self.public, self.answer)

    def scan(self) -> bool:
        """Read the requests answered since the last scan; whether the callback, the table
        post and the followup have all been seen.

        A request is logged when its headers arrive and its files once its body is read, so
        one still in flight is read at a later scan, not now: read half-way, the table post
        has no files yet and would be passed over for good (a move answered "saved, on its
        way" is traced while its post is in flight: the load saw 1-3 such moves in 3,000
        wait for ever)."""
        self.position, self.read = read_answered(
            self.fake.requests, self.position, self.read, lambda _, record: self._see(record)
        )
        return self.complete

    def _see(self, record: RequestRecord) -> None:
        channel = _channel_of(record)
        if record.path == self.callback and self.response is None:
            self.response = record.received_at
        elif record.method == "POST" and record.path == self.followup and self.answer is None:
            self.answer = record.received_at
        elif channel == self.result.channel.id and record.files and self.public is None:
            self.public = record.received_at
        elif channel is not None and channel in self.dm_channels:
            self.dm_times.append(record.received_at)

    def trace(self) -> Trace:
        """The times so far; :class:`TraceError` when something is still missing."""
        start = self.result.dispatched_at
        if start is None:
            raise TraceError(f"{self.result.describe()}: never dispatched")
        stamps = {"callback": self.response, "table post": self.public, "followup": self.answer}
        missing = [name for name, at in stamps.items() if at is None]
        if missing or self.response is None or self.public is None or self.answer is None:
            raise TraceError(f"{self.result.describe()}: no {', '.join(missing)} logged")
        early = sum(1 for at in self.dm_times if at < self.public)
        return Trace(self.response - start, self.public - start, self.answer - start, early)


class Trackers:
    """Many interactions' stamps, from one reading of the fake's log (the load's).

    Why an index: a load has thousands of moves waiting for their table post at once. Each
    tracker reading every request logged since it began made the driver cost O(waiting x
    requests); a tracker made once its answer came (seconds after its send, in a backlog)
    still had to catch up with thousands of requests. Here each answered request is read once
    into an index (the first answered request per callback and followup path, and each
    channel's sends with a file in log order), and a tracker's stamps are looked up there."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.position = 0
        self.read: set[int] = set()
        self._first: dict[tuple[str, str], float] = {}  # (method or "*", path) -> stamp
        self._posts: dict[int, list[tuple[int, float]]] = {}  # channel -> (index, stamp)

    def track(self, result: InteractionResult, since: int) -> Tracker:
        """A tracker of ``result``, sent when the log held ``since`` requests, with the
        stamps logged so far; :meth:`complete` fills in the others."""
        tracker = Tracker(self.fake, result, since)
        self.complete(tracker)
        return tracker

    def scan(self) -> None:
        """Index each request answered since the last scan (one still in flight is read at
        a later scan, as in :meth:`Tracker.scan`)."""
        self.position, self.read = read_answered(
            self.fake.requests, self.position, self.read, self._index
        )

    def _index(self, index: int, record: RequestRecord) -> None:
        self._first.setdefault(("*", record.path), record.received_at)
        self._first.setdefault((record.method, record.path), record.received_at)
        channel = _channel_of(record)
        if channel is not None and record.files:
            bisect.insort(self._posts.setdefault(channel, []), (index, record.received_at))

    def complete(self, tracker: Tracker) -> bool:
        """``wait_until``'s predicate: read what is new, then whether ``tracker`` has every
        stamp. The public reply is the channel's first send with a file logged after the
        move was sent."""
        self.scan()
        if tracker.response is None:
            tracker.response = self._first.get(("*", tracker.callback))
        if tracker.answer is None:
            tracker.answer = self._first.get(("POST", tracker.followup))
        if tracker.public is None:
            posts = self._posts.get(tracker.result.channel.id, [])
            after = bisect.bisect_left(posts, (tracker.since, float("-inf")))
            tracker.public = posts[after][1] if after < len(posts) else None
        return tracker.complete


def trace(
    fake: FakeDiscord, result: InteractionResult, since: int, dm_channels: Collection[int]
) -> Trace:
    """The times of an answered ``result``, from the requests the fake logged from index
    ``since`` on.

    The public reply is the first send or edit in the interaction's channel that carries a
    file (the board): a lobby edit before it is not the table. DMs are counted by channel, so
    the caller must not have other tables' moves in flight with the same players.
    """
    tracker = Tracker(fake, result, since, dm_channels)
    tracker.scan()
    return tracker.trace()


def dm_channel_ids(fake: FakeDiscord, users: Iterable[FakeUser]) -> set[int]:
    """The DM channels of these players (the fake creates each on first use, stable ids)."""
    return {fake.dm_channel(user).id for user in users}
