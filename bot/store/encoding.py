"""How the SQLite store writes JSON: compact, keys sorted, so one value is always one text.

Why one function: a clock write is guarded by comparing the stored text with the clock it was
computed from (``bot.store.sqlite_clocks``), and the benchmark builds rows beside the store's;
both hold only while every writer encodes exactly alike.
"""

from __future__ import annotations

import json
from typing import Any


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)
