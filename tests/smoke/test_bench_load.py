"""The load benchmark's plumbing at tiny size (bench/load.py): a few seeded tables served by
the real ``python -m bot`` on SQLite and then on PostgreSQL, with the fake's rate limits on.

Why a smoke test: it starts the real bot (twice), which must not share the cores with another
worker's tests (see scripts/test). What is checked is that both stores are seeded, served and
reported with no error or 429 (counted on arrival at the fake's edge, a process of its own),
and that the one player whose DMs are closed is refused once and never tried again; no figure
that depends on the clock.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from bench import load
from bench.profile import QUICK
from bench.report import Figure
from tests.pg_server import PgServer


async def test_a_tiny_load_runs_on_sqlite_and_on_postgres(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, pg_server: PgServer
) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setattr(load, "OUT_DIR", tmp_path)
    profile = replace(
        QUICK, load_tables=5, load_warm_up=1, load_rate=3.0, load_seconds=1.0, memory_pool=3
    )
    results = await load.run(profile, random.Random(0), server=pg_server)
    figures = {r.label: r.value for r in results if isinstance(r, Figure)}
    for store in ("SQLite", "PostgreSQL"):
        assert figures[f"{store}: errors"] == 0
        assert figures[f"{store}: 429s per 1,000 moves"] == 0
        assert figures[f"{store}: DMs refused, first per player"] == 1  # player0's
        assert figures[f"{store}: closed DMs tried again per 1,000 moves"] == 0
        assert figures[f"{store}: REST calls per move outside interaction answers"] > 0
        assert figures[f"{store}: busiest second of paced calls, on arrival"] > 0  # the edge's
    replies = [r.label for r in results if r.label.endswith("-> public reply")]
    assert replies == [
        "server: SQLite, 3 moves -> public reply",
        "server: PostgreSQL, 3 moves -> public reply",
    ]
