"""The load section's plumbing (bench/load.py): which stores it runs on and what it counts
(REST calls outside interaction answers, 429s by scope, invalid requests per 1,000 moves).
A tiny run through the real bot on both stores is a smoke test (tests/smoke/test_bench_load.py).
"""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import bench.__main__ as bench_main
from bench import load
from bench.profile import Profile
from bench.report import Figure, Result
from tests.fakediscord import RequestRecord
from tests.fakediscord.ratelimits import Limit, RateLimiter

CHANNEL_POSTS = ("POST", "/channels/{channel}/messages")


def _figures(results: list[Result]) -> dict[str, float]:
    return {r.label: r.value for r in results if isinstance(r, Figure)}


@pytest.mark.parametrize(
    ("argv", "stores"),
    [
        ([], ("sqlite", "postgres")),
        (["--store", "both"], ("sqlite", "postgres")),
        (["--store", "sqlite"], ("sqlite",)),
        (["--store", "postgres"], ("postgres",)),
    ],
)
def test_the_store_switch_picks_the_loads_stores(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, argv: list[str], stores: tuple[str, ...]
) -> None:
    seen: list[Profile] = []

    def section(profile: Profile, rng: random.Random) -> list[Result]:
        seen.append(profile)
        return []

    monkeypatch.setattr(bench_main, "OUT_DIR", tmp_path)
    monkeypatch.setattr(bench_main, "SECTIONS", {"load": section})
    assert bench_main.main(["--quick", *argv]) == 0
    assert seen[0].load_stores == stores


def _request(method: str, path: str) -> RequestRecord:
    return RequestRecord(method, path, {}, {})


def test_the_figures_count_rest_calls_outside_answers_and_429s_by_scope() -> None:
    now = [0.0]
    limits = RateLimiter(clock=lambda: now[0], global_limit=Limit(3, 1.0))
    limits.route_limits = {CHANNEL_POSTS: Limit(1, 5.0)}
    for channel in ("1", "1", "2", "3", "4"):  # the 2nd is over its channel, the 5th global
        verdict = limits.check(*CHANNEL_POSTS, {"channel": channel}, counts_globally=True)
        limits.answered(*CHANNEL_POSTS, {"channel": channel}, 429 if verdict.limited else 200)
    limits.answered("POST", "/users/@me/channels", {}, 403)
    requests = [
        _request("POST", "/interactions/1/tok/callback"),  # free
        _request("POST", "/webhooks/7/tok"),  # free
        _request("POST", "/channels/1/messages"),
        _request("PATCH", "/channels/1/messages/5"),
    ]
    fake: Any = SimpleNamespace(requests=requests, limits=limits)
    figures = _figures(
        load.request_figures(fake, load.Mark(0, 0, 0), moves=2, store_name="S")
        + load.rate_limit_figures(fake, load.Mark(0, 0, 0), moves=2, store_name="S")
    )
    assert figures["S: Discord requests per move"] == 2.0
    assert figures["S: REST calls per move outside interaction answers"] == 1.0
    assert figures["S: 429s per 1,000 moves"] == 1000.0
    assert figures["S: 429s per 1,000 moves, user scope"] == 500.0
    assert figures["S: 429s per 1,000 moves, global scope"] == 500.0
    assert figures["S: invalid requests per 1,000 moves"] == 1500.0


def test_a_refused_dm_counts_once_per_channel_and_again_as_a_retry() -> None:
    tables = [SimpleNamespace(id=1), SimpleNamespace(id=2)]
    players = [SimpleNamespace(dms_open=False), SimpleNamespace(dms_open=True)]
    requests = [_request("POST", path) for path in (
        "/channels/9/messages", "/channels/9/messages", "/channels/8/messages",
        "/channels/1/messages", "/channels/9/messages/3",
    )]  # fmt: skip
    for request, status in zip(requests, (403, 403, 403, 403, 403), strict=True):
        request.status = status
    fake = SimpleNamespace(requests=requests)
    world: Any = load.LoadWorld(fake, [], players, tables, None)  # type: ignore[arg-type]
    figures = _figures(load.closed_dm_figures(world, load.Mark(0, 0, 0), 4, "S"))
    assert figures["S: DMs refused, first per player"] == 2  # a table's post is no DM
    assert figures["S: closed DMs tried again per 1,000 moves"] == 250.0
    assert load.refused_requests(world, load.Mark(0, 0, 0)) == 2  # the table's post, the edit


def test_the_busiest_second_is_counted_on_arrival_and_as_the_fake_read_it() -> None:
    """Sixty paced calls arrived at 30 a second but read at one instant by a stalled fake:
    30 in the busiest second as Discord counts, 60 as read, and the ten global 429s the fake
    would have counted without its edge; interaction answers count in neither."""
    requests = [_request("POST", "/interactions/1/tok/callback")]
    for i in range(60):
        record = _request("POST", f"/channels/{i}/messages")
        record.arrived_at, record.received_at = 100.0 + i / 30, 105.0
        requests.append(record)
    fake: Any = SimpleNamespace(requests=requests)
    figures = _figures(load.arrival_figures(fake, load.Mark(0, 0, 0), moves=20, store_name="S"))
    assert figures["S: busiest second of paced calls, on arrival"] == 30
    assert figures["S: busiest second of paced calls, as the fake read them"] == 60
    assert figures["S: global 429s per 1,000 moves counted as read"] == 500.0
