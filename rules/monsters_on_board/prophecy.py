"""Monsters on Board's 12 prophecy cards: the data (``data/prophecy.json``) and how they score.

The rulebook (page 6) describes cards 01, 02 and 04–12 in a line or two each and keeps their
pictures; the full cards are decided in ``docs/rules/monsters_on_board.md`` (I29), every printed
number kept. A card has a ``scope`` and a list of conditions, each one *test* over a line of
dice:

- ``row`` cards: any row may serve any condition, each row one condition (PR2, PR3); the
  assignment of rows to conditions that gives the most is taken (I30).
- ``column`` cards: each condition names its column, the one at that position on the board (PR4).
- ``group`` card (02): the three groups of two columns, scored by how many qualify (at least
  five different ranks among a group's six dice, I29).

Positions in the file's params are 1-based as printed (space or column 1–6, row 1 top to 3
bottom); everything this module returns is 0-based (``row``/``column`` indices into the Order).
A condition's ``juice`` is the most it can give, and a card's ``max`` is its best score, at most
50 (F7): the loader checks ``max == min(50, sum of juice)``, which is what solo 2's prophecy
bonus (T19, I39) subtracts from.

Dice removed by F2 are absent (``None``) and their spaces are passed as ``removed``: a row,
column or group holding a removed space scores nothing (F4a), so taking a die away never raises a
card's score; a condition that names a space needs a die there (I29).
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from rules.monsters_on_board.arch import CardDataError

DATA_DIR = Path(__file__).with_name("data")

PROPHECY_CAP = 50
""""ogni carta Profezia può totalizzare un massimo di 50 Succo Spettrale" (F7)."""

NUMBERS: tuple[str, ...] = tuple(f"{n:02d}" for n in range(1, 13))
SCOPES = frozenset({"row", "column", "group"})
ROWS = 3
COLUMNS = 6
MIN_DICE_FOR_ALL = 2
"""A "tutti i dadi nella colonna" test (06, 09) needs two dice left: one alone matches nothing."""

__all__ = [
    "PROPHECY_CAP",
    "Condition",
    "Met",
    "Placed",
    "ProphecyCard",
    "ProphecyResult",
    "column_cells",
    "evaluate",
    "load_prophecy_cards",
    "prophecy_cards",
    "prophecy_max",
    "prophecy_score",
]


@dataclass(frozen=True, slots=True)
class Placed:
    """A Lord die in a space of the Order: its colour and the rank it shows."""

    colour: str
    rank: int


Cells = tuple[Placed | None, ...]
"""One line of the Order (a row left to right, or a column top to bottom); None = no die."""

Order = Sequence[Sequence[Placed | None]]
"""3 rows x 6 spaces, as scored (dice removed by F2 already None)."""

Removed = frozenset[tuple[int, int]]
"""The (row, column) spaces whose dice F2 removed: a line through one of them fails (F4a)."""


@dataclass(frozen=True, slots=True)
class Condition:
    """One scoring condition of a card: a test over a line and the most it gives."""

    id: str
    test: str
    params: Mapping[str, Any]
    juice: int


@dataclass(frozen=True, slots=True)
class ProphecyCard:
    """A prophecy card: its number, titles, scope, conditions and its best score."""

    number: str
    it: str
    en: str
    scope: str
    max: int
    conditions: tuple[Condition, ...]


@dataclass(frozen=True, slots=True)
class Met:
    """A condition met: the Juice it gave and where (``{"row": r}``, ``{"column": c}``, ...)."""

    condition: str
    juice: int
    where: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class ProphecyResult:
    """A card scored on an Order: conditions met, their sum, and the sum capped at 50."""

    number: str
    met: tuple[Met, ...]
    raw: int
    score: int


# --- the tests: each takes the condition and a line, and returns the Juice it gives -----------


def _dice(cells: Cells) -> list[Placed]:
    return [p for p in cells if p is not None]


def _at(cells: Cells, space: int) -> Placed | None:
    """The die at 1-based ``space`` of the line, if any."""
    return cells[space - 1] if 0 < space <= len(cells) else None


def _ranks_at(cond: Condition, cells: Cells) -> int:
    """01/03: the line reads exactly these ranks from space 1 on (PR5: exact spots)."""
    wanted: Sequence[int] = cond.params["ranks"]
    dice = [_at(cells, i + 1) for i in range(len(wanted))]
    ok = all(d is not None and d.rank == r for d, r in zip(dice, wanted, strict=True))
    return cond.juice if ok else 0


def _same_rank(cond: Condition, cells: Cells) -> int:
    """01/03: "3 dadi qualsiasi ... stesso Rango" 4, four 6, ...: the largest set of equal ranks."""
    ranks = Counter(d.rank for d in _dice(cells))
    best = max(ranks.values(), default=0)
    table: Mapping[str, int] = cond.params["juice_by_count"]
    return table.get(str(best), 0)


def _leftmost_one_colour(cond: Condition, cells: Cells) -> int:
    """01/03: "i 4 dadi più a sinistra ... sono dello stesso colore"."""
    count: int = cond.params["count"]
    dice = [_at(cells, i + 1) for i in range(count)]
    colours = {d.colour for d in dice if d is not None}
    return cond.juice if None not in dice and len(colours) == 1 else 0


def _total(cond: Condition, cells: Cells) -> int:
    """04/07/12: the ranks of the dice left in the line add up to (at least / exactly / at most)."""
    dice = _dice(cells)
    if not dice:
        return 0
    total = sum(d.rank for d in dice)
    goal: int = cond.params["total"]
    compare = cond.params["compare"]
    ok = {"at_least": total >= goal, "exactly": total == goal, "at_most": total <= goal}[compare]
    return cond.juice if ok else 0


def _alternating_parity(cond: Condition, cells: Cells) -> int:
    """05: "se non ci sono dadi adiacenti **sia** di Rango pari ... che di Rango dispari", read
    with "possono iniziare in cima" as alternating parity (I29): every two vertically adjacent
    dice left differ in parity, and there is at least one such pair."""
    pairs = [(a, b) for a, b in itertools.pairwise(cells) if a is not None and b is not None]
    ok = bool(pairs) and all(a.rank % 2 != b.rank % 2 for a, b in pairs)
    return cond.juice if ok else 0


def _all_match(cond: Condition, cells: Cells) -> int:
    """06/09: every die left shows the rank and/or one colour (the player's choice, PR5)."""
    dice = _dice(cells)
    rank = cond.params.get("rank")
    ok = (
        len(dice) >= MIN_DICE_FOR_ALL
        and (rank is None or all(d.rank == rank for d in dice))
        and (not cond.params.get("one_colour") or len({d.colour for d in dice}) == 1)
    )
    return cond.juice if ok else 0


def _sum_spaces(cond: Condition, cells: Cells) -> int:
    """08/11: rank at the addend spaces sum to the rank at the result space; no wrap-around."""
    addends = [_at(cells, s) for s in cond.params["addends"]]
    result = _at(cells, cond.params["result"])
    if result is None or any(a is None for a in addends):
        return 0
    ok = sum(a.rank for a in addends if a is not None) == result.rank
    return cond.juice if ok else 0


def _colours_exactly(cond: Condition, cells: Cells) -> int:
    """10: "ci sono esattamente due colori" among the dice of the line."""
    ok = len({d.colour for d in _dice(cells)}) == cond.params["count"]
    return cond.juice if ok else 0


LineTest = Callable[[Condition, Cells], int]

LINE_TESTS: Mapping[str, LineTest] = MappingProxyType(
    {
        "ranks_at": _ranks_at,
        "same_rank": _same_rank,
        "leftmost_one_colour": _leftmost_one_colour,
        "total": _total,
        "alternating_parity": _alternating_parity,
        "all_match": _all_match,
        "sum_spaces": _sum_spaces,
        "colours_exactly": _colours_exactly,
    }
)
"""Tests over one row or column (which one is the card's scope)."""

GROUP_TESTS = frozenset({"groups_distinct_ranks"})


# --- scoring a card -----------------------------------------------------------------------------


def _row(order: Order, r: int) -> Cells:
    return tuple(order[r])


def column_cells(order: Order, c: int) -> Cells:
    """Column ``c`` of the Order, top to bottom (None where a row has no die there)."""
    return tuple(row[c] if c < len(row) else None for row in order)


def _score_rows(card: ProphecyCard, order: Order, removed: Removed) -> tuple[Met, ...]:
    """PR2/PR3/I30: each condition on a different row, the assignment that gives the most; a
    row with a removed die serves none (F4a)."""
    cut = {r for r, _ in removed}
    values = [
        [0 if r in cut else LINE_TESTS[c.test](c, _row(order, r)) for r in range(len(order))]
        for c in card.conditions
    ]
    best: tuple[int, ...] = ()
    best_total = -1
    for rows in itertools.permutations(range(len(order)), len(card.conditions)):
        total = sum(values[i][r] for i, r in enumerate(rows))
        if total > best_total:
            best, best_total = rows, total
    return tuple(
        Met(c.id, values[i][r], {"row": r})
        for i, (c, r) in enumerate(zip(card.conditions, best, strict=True))
        if values[i][r] > 0
    )


def _score_columns(card: ProphecyCard, order: Order, removed: Removed) -> tuple[Met, ...]:
    """PR4: each condition on the column at its printed position; a column with a removed die
    fails (F4a)."""
    cut = {c for _, c in removed}
    met = []
    for cond in card.conditions:
        column = cond.params["column"] - 1
        if column in cut:
            continue
        juice = LINE_TESTS[cond.test](cond, column_cells(order, column))
        if juice:
            met.append(Met(cond.id, juice, {"column": column}))
    return tuple(met)


def _score_groups(card: ProphecyCard, order: Order, removed: Removed) -> tuple[Met, ...]:
    """02: the groups of columns 1–2, 3–4, 5–6 whose six dice show at least ``ranks`` different
    ranks (I29); a group with a removed die fails (F4a)."""
    (cond,) = card.conditions
    cut = {c // 2 for _, c in removed}
    groups = []
    for g in range(COLUMNS // 2):
        if g in cut:
            continue
        dice = [p for c in (2 * g, 2 * g + 1) for p in column_cells(order, c)]
        ranks = {d.rank for d in dice if d is not None}
        if None not in dice and len(dice) == 2 * ROWS and len(ranks) >= cond.params["ranks"]:
            groups.append(g)
    juice = cond.params["juice_by_groups"].get(str(len(groups)), 0)
    return (Met(cond.id, juice, {"groups": groups}),) if juice else ()


ScopeScorer = Callable[[ProphecyCard, Order, Removed], tuple[Met, ...]]

_SCOPE_SCORERS: Mapping[str, ScopeScorer] = MappingProxyType(
    {"row": _score_rows, "column": _score_columns, "group": _score_groups}
)


def evaluate(number: str, order: Order, removed: Iterable[tuple[int, int]] = ()) -> ProphecyResult:
    """Score prophecy card ``number`` on an Order (removed dice already None, their spaces in
    ``removed``): PR1–PR8, F4a, F7."""
    card = prophecy_cards()[number]
    met = _SCOPE_SCORERS[card.scope](card, order, frozenset(removed))
    raw = sum(m.juice for m in met)
    return ProphecyResult(number, met, raw, min(raw, PROPHECY_CAP))


def prophecy_score(number: str, order: Order, removed: Iterable[tuple[int, int]] = ()) -> int:
    """The card's Juice on this Order, capped at 50 (F7); lines through ``removed`` fail (F4a)."""
    return evaluate(number, order, removed).score


def prophecy_max(number: str) -> int:
    """The card's own best score, at most 50 (T19's "avresti potuto ottenere", I39)."""
    return prophecy_cards()[number].max


# --- loading and validating ---------------------------------------------------------------------


def _is_int(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _is_juice_table(value: Any, high: int) -> bool:
    return (
        isinstance(value, dict)
        and bool(value)
        and all(
            k.isdigit() and _is_int(int(k), 1, high) and _is_int(v, 1, 99) for k, v in value.items()
        )
    )


def _spaces(value: Any, high: int) -> bool:
    return isinstance(value, list) and bool(value) and all(_is_int(v, 1, high) for v in value)


_PARAMS: Mapping[str, Callable[[Mapping[str, Any], int], bool]] = MappingProxyType(
    {
        "ranks_at": lambda p, n: set(p) == {"ranks"} and _spaces(p["ranks"], 6),
        "same_rank": lambda p, n: (
            set(p) == {"juice_by_count"} and _is_juice_table(p["juice_by_count"], n)
        ),
        "leftmost_one_colour": lambda p, n: set(p) == {"count"} and _is_int(p["count"], 2, n),
        "total": lambda p, n: (
            set(p) == {"compare", "total"}
            and p["compare"] in ("at_least", "exactly", "at_most")
            and _is_int(p["total"], 1, 6 * n)
        ),
        "alternating_parity": lambda p, n: not p,
        "all_match": lambda p, n: (
            bool(p)
            and set(p) <= {"rank", "one_colour"}
            and ("rank" not in p or _is_int(p["rank"], 1, 6))
            and p.get("one_colour", True) is True
        ),
        "sum_spaces": lambda p, n: (
            set(p) == {"addends", "result"}
            and _spaces(p["addends"], n)
            and _is_int(p["result"], 1, n)
        ),
        "colours_exactly": lambda p, n: set(p) == {"count"} and _is_int(p["count"], 1, 6),
        "groups_distinct_ranks": lambda p, n: (
            set(p) == {"ranks", "juice_by_groups"}
            and _is_int(p["ranks"], 2, 2 * ROWS)
            and _is_juice_table(p["juice_by_groups"], COLUMNS // 2)
        ),
    }
)
"""Per test, whether its params are well formed; ``n`` is the length of the line it reads."""


def _condition_errors(where: str, scope: str, raw: Any) -> list[str]:
    if not isinstance(raw, dict) or set(raw) != {"id", "test", "params", "juice"}:
        return [f"{where}: a condition needs exactly id, test, params, juice"]
    where = f"{where} condition {raw['id']!r}"
    params = dict(raw["params"]) if isinstance(raw["params"], dict) else None
    if params is None or raw["test"] not in _PARAMS:
        return [f"{where}: unknown test {raw['test']!r} or params not an object"]
    if (raw["test"] in GROUP_TESTS) != (scope == "group"):
        return [f"{where}: test {raw['test']!r} does not fit scope {scope!r}"]
    errors = []
    if scope == "column" and not _is_int(params.pop("column", None), 1, COLUMNS):
        errors.append(f"{where}: a column condition names its column 1..{COLUMNS}")
    if not _PARAMS[raw["test"]](params, ROWS if scope == "column" else COLUMNS):
        errors.append(f"{where}: bad params {raw['params']}")
    if not _is_int(raw["juice"], 1, 99):
        errors.append(f"{where}: juice must be a positive number")
    return errors


def _card_errors(index: int, raw: Any) -> list[str]:
    where = f"prophecy.json cards[{index}]"
    fields = {"number", "it", "en", "scope", "max", "conditions"}
    if not isinstance(raw, dict) or set(raw) != fields:
        return [f"{where}: a card needs exactly {sorted(fields)}"]
    where += f" ({raw['number']!r})"
    if raw["scope"] not in SCOPES or not isinstance(raw["conditions"], list):
        return [f"{where}: scope {raw['scope']!r} or conditions not a list"]
    errors = [e for c in raw["conditions"] for e in _condition_errors(where, raw["scope"], c)]
    if raw["scope"] == "row" and not 1 <= len(raw["conditions"]) <= ROWS:
        errors.append(f"{where}: a row card has 1..{ROWS} conditions (one row each, PR2)")
    ids = [c.get("id") for c in raw["conditions"] if isinstance(c, dict)]
    if len(set(ids)) != len(ids):
        errors.append(f"{where}: condition ids repeat")
    if not errors:
        best = min(PROPHECY_CAP, sum(c["juice"] for c in raw["conditions"]))
        if raw["max"] != best:
            errors.append(f"{where}: max {raw['max']} != min(50, sum of juice) = {best}")
    for lang in ("it", "en"):
        if not isinstance(raw[lang], str) or not raw[lang].strip():
            errors.append(f"{where}: empty {lang} title")
    return errors


def _build(raw: Mapping[str, Any]) -> ProphecyCard:
    return ProphecyCard(
        number=raw["number"],
        it=raw["it"],
        en=raw["en"],
        scope=raw["scope"],
        max=raw["max"],
        conditions=tuple(
            Condition(c["id"], c["test"], dict(c["params"]), c["juice"]) for c in raw["conditions"]
        ),
    )


def load_prophecy_cards(path: Path = DATA_DIR / "prophecy.json") -> Mapping[str, ProphecyCard]:
    """Read and validate the 12 cards; raises :class:`CardDataError` naming every problem."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    entries = raw.get("cards") if isinstance(raw, dict) else None
    if not isinstance(entries, list):
        raise CardDataError(["prophecy.json: no 'cards' list"])
    errors = [e for i, entry in enumerate(entries) for e in _card_errors(i, entry)]
    numbers = [e.get("number") for e in entries if isinstance(e, dict)]
    if numbers != list(NUMBERS):
        errors.append(f"prophecy.json: numbers must be 01..12 in order, got {numbers}")
    if errors:
        raise CardDataError(errors)
    return MappingProxyType({e["number"]: _build(e) for e in entries})


@cache
def prophecy_cards() -> Mapping[str, ProphecyCard]:
    """The 12 prophecy cards by number (``"01"``..``"12"``), loaded once."""
    return load_prophecy_cards()
