"""The four layers import one way only: cogs -> bot -> render / rules (docs/architecture.md).

Checked on the source (module-level and nested imports alike), so a shortcut fails here before
it grows into a tangle. The balance simulator (``simulator/``) is an application beside the bot:
it sits on ``rules`` and ``render`` (its chart), knows nothing of Discord or storage, and no
layer imports it. ``bot.client`` loads the cogs at start-up as a discord.py extension, by the
name in its settings: nothing in ``bot`` imports ``cogs``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = {
    "rules": {"discord", "aiosqlite", "PIL", "render", "bot", "cogs", "simulator"},
    "render": {"discord", "aiosqlite", "rules", "bot", "cogs", "simulator"},
    "bot": {"cogs", "simulator"},
    "cogs": {"simulator"},
    "simulator": {"discord", "aiosqlite", "bot", "cogs"},
}
EXCEPTIONS: set[tuple[str, str]] = {
    # Monsters on Board's fixed components (board layout, dice faces, cards), read in one place
    ("render/monsters_on_board/catalogue.py", "rules"),
}


def _imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_point_one_way(layer: str) -> None:
    wrong = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        for name in _imported(path) & FORBIDDEN[layer]:
            if (where, name) not in EXCEPTIONS:
                wrong.append(f"{where} imports {name}")
    assert not wrong
