"""How much work each section does: the full run and ``--quick``.

Why sizes live in one place: the time budget (full run about 5 minutes on 2 cores, quick about
1 minute) is a property of all sections together, so it is tuned here rather than per module.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Profile:
    name: str
    engine_playouts: int  # random playouts whose every apply() is timed
    throughput_seconds: float  # wall time spent counting bot-vs-random playouts
    store_scales: tuple[int, ...]  # tables in play at once
    store_commits: int  # timed commit_move calls per scale
    renders: int  # boards (and hands) drawn
    interaction_scales: tuple[int, ...]
    interaction_turns: int  # timed /monsterday play per scale
    largest_scale_turns: int  # ... at the largest scale, whose p99 is issue 12's figure
    setup_concurrency: int  # tables opened at once through the commands (untimed)
    memory_pool: int  # real playouts the stored snapshots are taken from
    memory_plays: int  # /monsterday play commands served before the last RSS reading
    clock_tables: int = 10_000  # active tables with a running clock (issue 8: 10,000)
    clock_waking_calls: int = 2_000  # timed store.waking calls, with ~1% due and with none
    start_samples: int = 40  # /game start timed one at a time, at the largest interaction scale
    load_tables: int = 5_000  # live tables seeded mid-game for the load (issue 12: 5,000)
    load_rate: float = 50.0  # moves per second, sent on a schedule (issue 12: 50/s)
    load_seconds: float = 60.0  # how long the schedule runs (issue 12: a minute)
    memory_games: int = 100_000  # stored games for the memory figures (issue 12: 100,000)
    load_closed_every: int = 10  # every 10th player's DMs closed: a refused DM is not retried
    load_warm_up: int = 20  # untimed moves first, one at a time, so none is timed cold
    load_stores: tuple[str, ...] = ("sqlite", "postgres")  # the load's stores, in this order


FULL = Profile(
    name="full",
    engine_playouts=400,
    throughput_seconds=8.0,
    store_scales=(1, 100, 500),
    store_commits=3000,
    renders=150,
    interaction_scales=(1, 100, 500),
    interaction_turns=150,
    # 500 moves: a p99 over 150 is the second-slowest move, which swung 5 ms between runs of
    # the same code on this VM (session 10); over 500 it is the fifth-slowest.
    largest_scale_turns=500,
    setup_concurrency=8,
    memory_pool=300,
    memory_plays=20,
)

QUICK = Profile(
    name="quick",
    engine_playouts=60,
    throughput_seconds=2.0,
    store_scales=(1, 100, 500),
    store_commits=500,
    renders=25,
    interaction_scales=(1, 100),
    interaction_turns=30,
    largest_scale_turns=30,
    setup_concurrency=8,
    memory_pool=40,
    memory_plays=6,
    clock_tables=2_000,
    clock_waking_calls=500,
    start_samples=10,
    load_tables=200,
    load_rate=15.0,
    load_seconds=10.0,
    memory_games=10_000,
)
