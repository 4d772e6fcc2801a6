# Shared by scripts/run-bot and scripts/test: make .venv (Python >= 3.11) and install the
# project into it. pip skips what is already installed, so a second run is quick.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "Monster Table needs Python 3.11 or newer (tried: $PYTHON). Set PYTHON=/path/to/python3.11." >&2
    exit 1
fi
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip >/dev/null
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".${EXTRAS:-}"
