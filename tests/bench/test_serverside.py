"""The benchmark's tracer reads a request only once it is answered: a table post still being
uploaded when a scan runs is read at the next scan, not passed over (bench/serverside.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from bench.serverside import Trackers, trace
from tests.fakediscord import FakeDiscord, InteractionResult
from tests.fakediscord.rest import RequestRecord, Upload

CHANNEL = 42


@dataclass
class LoggedRequests:
    """What the tracer reads of the fake: its request log and the application id."""

    requests: list[RequestRecord] = field(default_factory=list)
    application_id: int = 7


@dataclass
class Answered:
    """What the tracer reads of an interaction."""

    id: int = 1
    token: str = "tok"
    channel: Any = field(default_factory=lambda: type("C", (), {"id": CHANNEL})())
    dispatched_at: float | None = 0.0


def _request(method: str, path: str, at: float, status: int | None = 200) -> RequestRecord:
    record = RequestRecord(method, path, {}, {})
    record.received_at, record.status = at, status
    return record


def test_a_table_post_in_flight_at_a_scan_is_read_when_it_is_answered() -> None:
    fake = LoggedRequests()
    trackers = Trackers(cast(FakeDiscord, fake))
    tracker = trackers.track(cast(InteractionResult, Answered()), since=0)
    fake.requests.append(_request("POST", "/interactions/1/tok/callback", 0.001))
    post = _request("POST", f"/channels/{CHANNEL}/messages", 0.002, status=None)
    fake.requests.append(post)  # headers in, body not read yet: no files
    fake.requests.append(_request("POST", "/webhooks/7/tok", 0.003))
    assert not trackers.complete(tracker)
    post.files.append(Upload("board.png", b"png"))
    post.status = 200
    assert trackers.complete(tracker)
    trace = tracker.trace()
    assert (trace.response, trace.public, trace.followup) == (0.001, 0.002, 0.003)


def test_trackers_fed_from_one_reading_see_what_a_tracker_alone_sees() -> None:
    fake = LoggedRequests()
    trackers = Trackers(cast(FakeDiscord, fake))
    first = trackers.track(cast(InteractionResult, Answered()), since=0)
    fake.requests.append(_request("POST", "/interactions/1/tok/callback", 0.001))
    post = _request("POST", f"/channels/{CHANNEL}/messages", 0.002, status=None)
    fake.requests.append(post)
    assert not trackers.complete(first)
    other = Answered(id=2, token="two", channel=type("C", (), {"id": CHANNEL + 1})())
    since = len(fake.requests)  # the second move is sent while the first's post is in flight
    fake.requests.append(_request("POST", "/interactions/2/two/callback", 0.004))
    second = trackers.track(cast(InteractionResult, other), since=since)
    assert second.response == 0.004  # caught up with what was logged before it was tracked
    fake.requests.append(_request("POST", "/webhooks/7/tok", 0.005))
    post.files.append(Upload("board.png", b"png"))
    post.status = 200
    fake.requests.append(_request("POST", f"/channels/{CHANNEL + 1}/messages", 0.006))
    fake.requests[-1].files.append(Upload("board.png", b"png"))
    assert trackers.complete(first)
    assert not trackers.complete(second)  # its followup is still to come
    fake.requests.append(_request("POST", "/webhooks/7/two", 0.007))
    assert trackers.complete(second)
    assert (first.response, first.public, first.answer) == (0.001, 0.002, 0.005)
    assert (second.response, second.public, second.answer) == (0.004, 0.006, 0.007)


def test_a_hand_dm_before_the_table_post_is_counted_against_the_move() -> None:
    fake = LoggedRequests()
    dm = 77
    fake.requests.append(_request("POST", f"/channels/{dm}/messages", 0.0005))  # an older move's
    since = len(fake.requests)
    fake.requests.append(_request("POST", "/interactions/1/tok/callback", 0.001))
    fake.requests.append(_request("POST", f"/channels/{dm}/messages", 0.0015))  # too early
    post = _request("POST", f"/channels/{CHANNEL}/messages", 0.002)
    post.files.append(Upload("board.png", b"png"))
    fake.requests.append(post)
    fake.requests.append(_request("PATCH", f"/channels/{dm}/messages/5", 0.0025))  # in order
    fake.requests.append(_request("POST", "/webhooks/7/tok", 0.003))
    found = trace(cast(FakeDiscord, fake), cast(InteractionResult, Answered()), since, {dm})
    assert (found.response, found.public, found.followup) == (0.001, 0.002, 0.003)
    assert found.dms_before_public == 1


def test_a_request_is_timed_by_its_arrival_at_the_edge_when_it_went_through_it() -> None:
    """The fake's loop, shared with the load's driver, may read a request seconds after it
    arrived; the edge's stamp says when it did (a callback read at 4.5 s had arrived at 1.0 s:
    not deferred after Discord's 3 s)."""
    fake = LoggedRequests()
    trackers = Trackers(cast(FakeDiscord, fake))
    tracker = trackers.track(cast(InteractionResult, Answered()), since=0)
    for path, read, arrived in (
        ("/interactions/1/tok/callback", 4.5, 1.0),
        (f"/channels/{CHANNEL}/messages", 4.6, 1.2),
        ("/webhooks/7/tok", 4.7, None),
    ):
        fake.requests.append(_request("POST", path, read))
        fake.requests[-1].arrived_at = arrived
    fake.requests[1].files.append(Upload("board.png", b"png"))
    assert trackers.complete(tracker)
    trace = tracker.trace()
    assert (trace.response, trace.public, trace.followup) == (1.0, 1.2, 4.7)
