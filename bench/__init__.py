"""Monster Table benchmarks, run by hand: ``python -m bench`` (``--quick`` for a ~1 minute pass).

Why a separate package and not tests: timings depend on the machine, so nothing here asserts on
time. Each section measures one layer of a Monster Day move (engine, store, renderer, the whole
Discord round trip) so that a slow interaction can be traced to the layer that costs it, and
prints p50/p99 with the sample count so small samples are visible as such.

Everything written goes under ``bench/out/`` (gitignored): the SQLite files the store and the bot
use, and ``results.json`` with the numbers of the last run.
"""

from pathlib import Path

OUT_DIR = Path(__file__).resolve().parent / "out"
REPO_ROOT = Path(__file__).resolve().parent.parent
