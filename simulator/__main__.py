"""``python -m simulator``: see :mod:`simulator`."""

import sys

from simulator.cli import main

sys.exit(main())
