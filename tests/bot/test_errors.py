"""Every refusal an engine can raise has a sentence for players (and the catalogue has it)."""

from __future__ import annotations

import re
from pathlib import Path

import rules
from bot.errors import MESSAGES, error_text
from bot.table import TableError

CODE = re.compile(r'IllegalAction\(\s*"([a-z_]+)"')


def test_every_engine_refusal_has_a_message() -> None:
    root = Path(rules.__file__).parent
    codes = {code for path in root.rglob("*.py") for code in CODE.findall(path.read_text())}
    assert codes, "the scan found the engines' refusal codes"
    missing = sorted(code for code in codes if f"illegal.{code}" not in MESSAGES)
    assert not missing


def test_messages_fill_their_parameters_in_both_languages() -> None:
    for code in MESSAGES:
        for locale in ("en", "it"):
            text = error_text(TableError(code, game="x", game_id=1, max=5, have=1, min=3,
                                         option="places"), locale)  # fmt: skip
            assert text and "{" not in text


def test_a_game_named_by_its_id_is_said_in_the_readers_language() -> None:
    refusal = TableError("game_not_offered", game_key="notte_di_terrore")
    assert "Notte di Terrore" in error_text(refusal, "it")
    assert "Night of Terror" in error_text(refusal, "en")
