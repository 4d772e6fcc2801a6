"""The rules docs and the tests agree: every test a game's doc (``docs/rules/<game>.md``) names
exists, and every clause row names its test or points to a row that does.

Why: the docs are how a reader checks a rule against the rulebook ("every rulebook clause has a
test named after it"); a renamed or never-written test would leave a row pointing at nothing.
A name ending in ``_`` (``test_content_``) names a family of tests and needs one of them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted((ROOT / "docs" / "rules").glob("*.md"))
TEST_NAME = re.compile(r"`(test_\w+)")
TEST_DEF = re.compile(r"^\s*(?:async\s+)?def (test_\w+)", re.MULTILINE)
CLAUSE_ROW = re.compile(r"^\|\s*([A-Z]{1,3}\d+[a-z]?)\s*\|")
"""A clause row of a doc's tables: its first cell is a clause id (``M3``, ``HK2``, ``R10a``)."""


def defined_tests() -> set[str]:
    return {
        name
        for path in (ROOT / "tests").rglob("*.py")
        for name in TEST_DEF.findall(path.read_text(encoding="utf-8"))
    }


def exists(name: str, tests: set[str]) -> bool:
    if name.endswith("_"):
        return any(t.startswith(name) for t in tests)
    return name in tests


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.stem)
def test_every_test_a_rules_doc_names_exists(doc: Path) -> None:
    tests = defined_tests()
    named = set(TEST_NAME.findall(doc.read_text(encoding="utf-8")))
    assert named, f"{doc.name} names no test"
    assert sorted(n for n in named if not exists(n, tests)) == []


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.stem)
def test_every_clause_row_names_its_test_or_another_row(doc: Path) -> None:
    rows = [line for line in doc.read_text(encoding="utf-8").splitlines() if CLAUSE_ROW.match(line)]
    ids = {m.group(1) for line in rows if (m := CLAUSE_ROW.match(line))}
    bare = [
        line[:60]
        for line in rows
        if not TEST_NAME.search(line)
        and not any(re.search(rf"\b{i}\b", line.split("|", 2)[2]) for i in ids)
    ]
    assert bare == []
