"""Monsters on Board's 72 Arch Monster cards as data (``data/arch_cards.json``).

The rulebook's page 11 shows eight kinds of Arch Monster card and the components list says
"72 Carte Arci Mostro"; which variants exist and how many of each is decided in
``docs/rules/monsters_on_board.md`` (I26), and what each card's back offers when it is flipped
in I25 (two icons; each of the 28 unordered pairs of the 8 back icons is on 2 or 3 cards).
The names are original. The file is loaded once and validated here, so a typo fails loudly at
import time with every broken entry named; scoring lives in :mod:`.scoring`.

``once`` is the rulebook's "Se hai" (scores once, however often the condition is met) versus
"Ognuno" (scores every time), AM2.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from rules.monsters_on_board.content import COLOURS, ContentError

DATA_DIR = Path(__file__).with_name("data")

BACK_ICONS: tuple[str, ...] = (
    "swap",
    "promote",
    "move_creature",
    "move_servant",
    "juice:4",
    "feed",
    "evil:2",
    "call",
)
"""The eight actions a card back may show (I25)."""

KIND_COUNTS: Mapping[str, int] = MappingProxyType(
    {
        "pairs": 15,
        "scared": 12,
        "ghosts_all": 6,
        "ghosts_one": 6,
        "columns30": 6,
        "servants": 6,
        "champion": 12,
        "three_in_row": 9,
    }
)
"""Cards per kind (I26); they add up to 72."""

ONCE_KINDS: frozenset[str] = frozenset({"ghosts_one", "columns30", "servants", "three_in_row"})
"""Kinds printed "Se hai" (AM6–AM8, AM10); the others score "Ognuno" (AM3–AM5, AM9)."""

DECK_SIZE = 72
BACKS_PER_PAIR = (2, 3)
"""Each unordered pair of back icons is on 2 or 3 cards (16 x 3 + 12 x 2 = 72, I25)."""


class CardDataError(ContentError):
    """A card data file breaks a rule of the specification; the message names every entry."""


@dataclass(frozen=True, slots=True)
class ArchCard:
    """One Arch Monster card: what it scores (``kind`` + ``params``) and its back (I25)."""

    id: str
    kind: str
    params: Mapping[str, Any]
    once: bool
    back: tuple[str, str]
    it: str
    en: str


def _param_errors(kind: str, params: Mapping[str, Any]) -> list[str]:
    """What is wrong with one card's params for its kind (empty list = fine)."""
    colour_kinds = {"scared", "champion"}
    if kind == "pairs":
        colours = params.get("colours")
        ok = (
            isinstance(colours, list)
            and len(colours) == 2
            and len(set(colours)) == 2
            and all(c in COLOURS for c in colours)
        )
        return [] if ok and set(params) == {"colours"} else ["pairs needs two different colours"]
    if kind in colour_kinds:
        ok = set(params) == {"colour"} and params["colour"] in COLOURS
        return [] if ok else [f"{kind} needs one colour"]
    if kind == "three_in_row":
        return [] if _three_in_row_ok(params) else ["three_in_row needs a colour, rank or parity"]
    return [] if not params else [f"{kind} takes no params"]


def _three_in_row_ok(params: Mapping[str, Any]) -> bool:
    """AM10's "dadi Signore richiesti": exactly one of a colour, a rank 1–6 or even parity."""
    if len(params) != 1:
        return False
    ((key, value),) = params.items()
    if key == "colour":
        return value in COLOURS
    if key == "rank":
        return isinstance(value, int) and 1 <= value <= 6
    return key == "parity" and value in ("even", "odd")


def _entry_errors(index: int, raw: Any) -> list[str]:
    """Every problem of one JSON entry, each prefixed with where it is."""
    where = f"arch_cards.json cards[{index}]"
    if not isinstance(raw, dict):
        return [f"{where}: not an object"]
    where += f" ({raw.get('id')!r})"
    errors: list[str] = []
    if set(raw) != {"id", "kind", "params", "once", "back", "it", "en"}:
        errors.append(f"{where}: fields {sorted(raw)}")
        return errors
    if raw["kind"] not in KIND_COUNTS:
        errors.append(f"{where}: unknown kind {raw['kind']!r}")
    elif not isinstance(raw["params"], dict):
        errors.append(f"{where}: params is not an object")
    else:
        errors += [f"{where}: {e}" for e in _param_errors(raw["kind"], raw["params"])]
        if raw["once"] is not (raw["kind"] in ONCE_KINDS):
            errors.append(f"{where}: once must be {raw['kind'] in ONCE_KINDS} for {raw['kind']}")
    back = raw["back"]
    if not (isinstance(back, list) and len(back) == 2 and len(set(back)) == 2) or not set(
        back
    ) <= set(BACK_ICONS):
        errors.append(f"{where}: back must be two different icons of {BACK_ICONS}")
    for lang in ("it", "en"):
        if not isinstance(raw[lang], str) or not raw[lang].strip():
            errors.append(f"{where}: empty {lang} name")
    return errors


def _deck_errors(cards: list[ArchCard]) -> list[str]:
    """Whole-deck rules: ids, counts per kind, colour pairs, back pairs, unique names."""
    errors: list[str] = []
    ids = [c.id for c in cards]
    if ids != [f"m{n:02d}" for n in range(1, DECK_SIZE + 1)]:
        errors.append(f"arch_cards.json: ids must be m01..m{DECK_SIZE} in order")
    kinds = Counter(c.kind for c in cards)
    if kinds != Counter(KIND_COUNTS):
        errors.append(f"arch_cards.json: kind counts {dict(kinds)} != {dict(KIND_COUNTS)}")
    pairs = Counter(frozenset(c.params["colours"]) for c in cards if c.kind == "pairs")
    every_pair = Counter(frozenset(p) for p in itertools.combinations(COLOURS, 2))
    if pairs != every_pair:
        errors.append("arch_cards.json: pairs cards must cover each colour pair once")
    backs = Counter(frozenset(c.back) for c in cards)
    for pair in itertools.combinations(BACK_ICONS, 2):
        if backs[frozenset(pair)] not in BACKS_PER_PAIR:
            errors.append(f"arch_cards.json: back {pair} on {backs[frozenset(pair)]} cards")
    for lang in ("it", "en"):
        names = Counter(getattr(c, lang) for c in cards)
        repeated = [n for n, k in names.items() if k > 1]
        errors += [f"arch_cards.json: {lang} name {n!r} repeated" for n in repeated]
    return errors


def _frozen_params(params: dict[str, Any]) -> dict[str, Any]:
    """Params with lists as tuples: a plain dict (JSON-able through ``asdict``), never mutated."""
    return {k: tuple(v) if isinstance(v, list) else v for k, v in params.items()}


def load_arch_cards(path: Path = DATA_DIR / "arch_cards.json") -> Mapping[str, ArchCard]:
    """Read and validate the deck; raises :class:`CardDataError` naming every broken entry."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    entries = raw.get("cards") if isinstance(raw, dict) else None
    if not isinstance(entries, list):
        raise CardDataError(["arch_cards.json: no 'cards' list"])
    errors = [e for i, entry in enumerate(entries) for e in _entry_errors(i, entry)]
    if errors:
        raise CardDataError(errors)
    cards = [
        ArchCard(
            id=e["id"],
            kind=e["kind"],
            params=_frozen_params(e["params"]),
            once=e["once"],
            back=(e["back"][0], e["back"][1]),
            it=e["it"],
            en=e["en"],
        )
        for e in entries
    ]
    errors = _deck_errors(cards)
    if errors:
        raise CardDataError(errors)
    return MappingProxyType({c.id: c for c in cards})


@cache
def arch_cards() -> Mapping[str, ArchCard]:
    """The 72 Arch Monster cards by id (``"m01"``..``"m72"``), loaded once."""
    return load_arch_cards()
