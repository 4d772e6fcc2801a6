"""The burst profile's count of a channel's busiest 5 seconds (bench/burst.py)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bench.burst import busiest_window
from tests.fakediscord import RequestRecord


def _request(method: str, path: str, at: float) -> RequestRecord:
    return RequestRecord(method, path, {}, {}, received_at=at)


def test_the_busiest_five_seconds_count_the_channels_writes_only() -> None:
    channel: Any = SimpleNamespace(id=7)
    requests = [
        _request("POST", "/channels/7/messages", 0.0),
        _request("PATCH", "/channels/7/messages/1", 1.0),
        _request("GET", "/channels/7/messages", 1.5),  # a read: not counted
        _request("POST", "/channels/8/messages", 2.0),  # another channel
        _request("POST", "/channels/7/messages", 4.9),
        _request("POST", "/channels/7/messages", 5.0),  # the first is 5 s old: out
        _request("DELETE", "/channels/7/messages/1", 5.5),
    ]
    fake: Any = SimpleNamespace(requests=requests)
    assert busiest_window(fake, channel) == 4


def test_the_busiest_five_seconds_of_one_kind_count_its_bucket_alone() -> None:
    """Discord counts a channel's posts and its edits in buckets of their own (5 per 5 s
    each), so whether a burst stays within the channel's limits is read per kind."""
    channel: Any = SimpleNamespace(id=7)
    requests = [
        _request("POST", "/channels/7/messages", 0.0),
        _request("PATCH", "/channels/7/messages/1", 0.5),
        _request("PATCH", "/channels/7/messages/1", 1.0),
        _request("POST", "/channels/7/messages", 1.5),
        _request("PATCH", "/channels/7/messages/1", 2.0),
    ]
    fake: Any = SimpleNamespace(requests=requests)
    assert busiest_window(fake, channel, "POST") == 2
    assert busiest_window(fake, channel, "PATCH") == 3
    assert busiest_window(fake, channel) == 5
