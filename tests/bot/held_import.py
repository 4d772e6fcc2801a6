"""A module a test adds to the fork server's imports (tests/bot/test_render_pool.py): it holds
the fork server's start, as a busy machine's slow imports do, until the test lets it go.

``HELD_START_DIR`` names the folder the two share: the module makes ``holding`` there when it
starts holding, and returns once ``release`` appears. Without it (imported anywhere else) it
does nothing."""

from __future__ import annotations

import os
import time
from pathlib import Path

_folder = os.environ.get("HELD_START_DIR")
if _folder:
    Path(_folder, "holding").touch()
    while not Path(_folder, "release").exists():
        time.sleep(0.05)
