"""Monsters on Board's final scoring ("Punteggio Finale", F1–F10, FM16–FM17), as a Sheet.

:func:`score_board` runs the rulebook's steps in order on one player's board: F2 removes the
dice beyond each row's Spider Jack die (they count for nothing from then on, F4), F5 scores the
creatures in the final area (3 Juice per die of their colour kept, 5 for a champion, AM9), F7
the prophecy card (capped at 50), F8 every Arch card still held (AM1–AM10). The result is a
:class:`Sheet`: one :class:`Line` per source item, so the final scoring table can show where
every point came from, and ``Sheet.total`` is the sum of its lines. :func:`winners` and
:func:`family_winners` apply F9/F10 and FM16/FM17 to the sheets of all seats.

Pure: the engine builds a :class:`BoardForScoring` from its state (Arch cards flipped during the
game or the final window are already left out, X3) and stores the sheets in the outcome; every
field is JSON-able through :func:`dataclasses.asdict`. Indices are 0-based: ``(row, column)``
with row 0 the top row and column 0 the space next to the Spider Jack die.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.monsters_on_board.arch import ArchCard, arch_cards
from rules.monsters_on_board.content import FINAL_AREA, NEIGHBOURHOODS
from rules.monsters_on_board.prophecy import (
    PROPHECY_CAP,
    Placed,
    column_cells,
    evaluate,
    prophecy_max,
    prophecy_score,
)

__all__ = [
    "CHAMPION_JUICE",
    "CREATURE_JUICE",
    "BoardForScoring",
    "Line",
    "Placed",
    "Sheet",
    "family_winners",
    "kept_order",
    "prophecy_max",
    "prophecy_score",
    "removed_dice",
    "score_board",
    "winners",
]

CREATURE_JUICE = 3
"""F5: "ottieni 3 Succo Spettrale per **ogni** dado Signore dello stesso colore posseduto"."""

CHAMPION_JUICE = 5
"""AM9: "ricevi 5 🧛 per **ogni** dado dello stesso colore (invece di 3)"."""

OrderGrid = tuple[tuple[Placed | None, ...], ...]
"""Spider Jack's Order: 3 rows x 6 spaces, None for an empty (or removed) space."""


@dataclass(frozen=True, slots=True)
class BoardForScoring:
    """What final scoring reads of one player's board (K_mob_interfaces)."""

    order: OrderGrid
    jack: tuple[int, ...]
    """The 3 Spider Jack dice; family mode passes (6, 6, 6) (nothing removed)."""
    creatures: tuple[tuple[str, int], ...]
    """(colour, area): 0 start or add slot, 1..12 town, 13 final area."""
    ghosts: tuple[int, ...]
    """Area of each ghost on the town path."""
    servants: tuple[int, ...]
    """Area of each servant (0 = lodge or reserve)."""
    prophecy: str | None
    arch: tuple[str, ...]
    """Unflipped Arch card ids, in the order they were bought (X3: flipped ones left out)."""
    juice: int
    evil: int


@dataclass(frozen=True, slots=True)
class Line:
    """One source of Juice: ``source`` is before | final_creatures | prophecy | arch."""

    source: str
    item: str
    """A colour (final creatures), a condition id or "cap" (prophecy), a card id (arch)."""
    juice: int
    detail: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Sheet:
    """One player's final scoring: the dice F2 removed, every line, and the tie-breakers."""

    removed: tuple[tuple[int, int], ...]
    lines: tuple[Line, ...]
    total: int
    final_creatures: int
    evil: int


# --- F2–F4: removing the dice beyond the Spider Jack die -----------------------------------------


def removed_dice(
    order: Sequence[Sequence[Placed | None]], jack: Sequence[int]
) -> tuple[tuple[int, int], ...]:
    """F2: in each row, the dice to the right of the first ``jack[row]`` spaces (F3: jack 4 keeps
    spaces 1–4 and removes the 5th and 6th)."""
    return tuple(
        (r, c)
        for r, row in enumerate(order)
        for c, placed in enumerate(row)
        if placed is not None and c >= jack[r]
    )


def kept_order(
    order: Sequence[Sequence[Placed | None]], removed: Sequence[tuple[int, int]]
) -> OrderGrid:
    """The Order with the removed dice taken away: F4, "fai conto di averli mai avuti"."""
    gone = set(removed)
    return tuple(
        tuple(None if (r, c) in gone else p for c, p in enumerate(row))
        for r, row in enumerate(order)
    )


def _dice(order: OrderGrid) -> list[Placed]:
    return [p for row in order for p in row if p is not None]


# --- F5: creatures in the final area -------------------------------------------------------------


def _final_counts(board: BoardForScoring) -> Counter[str]:
    return Counter(colour for colour, area in board.creatures if area == FINAL_AREA)


def _final_creature_lines(board: BoardForScoring, kept: OrderGrid) -> list[Line]:
    """F5/F6: per colour, 3 x creatures in the final area x dice of that colour kept (I18)."""
    dice = Counter(p.colour for p in _dice(kept))
    lines = []
    for colour, creatures in sorted(_final_counts(board).items()):
        juice = CREATURE_JUICE * creatures * dice[colour]
        detail = {"creatures": creatures, "dice": dice[colour], "each": CREATURE_JUICE}
        lines.append(Line("final_creatures", colour, juice, detail))
    return lines


# --- F7: the prophecy card -----------------------------------------------------------------------


def _prophecy_lines(
    number: str | None, kept: OrderGrid, removed: Sequence[tuple[int, int]]
) -> list[Line]:
    """F7, PR1–PR8: one line per condition met, and a "cap" line taking off what passes 50; a
    line through a removed die scores nothing (F4a)."""
    if number is None:
        return []
    result = evaluate(number, kept, removed)
    lines = [
        Line("prophecy", met.condition, met.juice, {"card": number, **met.where})
        for met in result.met
    ]
    if result.raw > PROPHECY_CAP:
        detail = {"card": number, "raw": result.raw, "cap": PROPHECY_CAP}
        lines.append(Line("prophecy", "cap", result.score - result.raw, detail))
    return lines


# --- F8: Arch Monster cards (AM1–AM10) -----------------------------------------------------------
#
# Each kind counts its occurrences on the board; the card gives ``each`` per occurrence, or
# ``each`` once when it is a "Se hai" card (``once``, AM2). Every card reads the whole board on
# its own, so a row or die may serve several cards (AM1).

Count = tuple[int, int, dict[str, Any]]
"""(occurrences, Juice each, detail) as a kind scorer returns it."""


@dataclass(frozen=True, slots=True)
class _Scoring:
    """The board as the Arch cards read it, plus which champion cards already took a creature."""

    board: BoardForScoring
    kept: OrderGrid
    champions: Counter[str]


def _adjacent(order: OrderGrid) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Orthogonally adjacent pairs of spaces with dice ("sopra/sotto ... destra/sinistra")."""
    pairs = []
    for r, row in enumerate(order):
        for c, placed in enumerate(row):
            right = row[c + 1] if c + 1 < len(row) else None
            below = column_cells(order, c)[r + 1] if r + 1 < len(order) else None
            if placed is not None and right is not None:
                pairs.append(((r, c), (r, c + 1)))
            if placed is not None and below is not None:
                pairs.append(((r, c), (r + 1, c)))
    return pairs


def _pairs(card: ArchCard, s: _Scoring) -> Count:
    """AM3: 2 per adjacent pair of one die of each of the card's two colours."""
    wanted = set(card.params["colours"])
    found = []
    for (r1, c1), (r2, c2) in _adjacent(s.kept):
        a, b = s.kept[r1][c1], s.kept[r2][c2]
        if a is not None and b is not None and {a.colour, b.colour} == wanted:
            found.append([[r1, c1], [r2, c2]])
    return len(found), 2, {"pairs": found}


def _scared(card: ArchCard, s: _Scoring) -> Count:
    """AM4/I27: the area number of each creature of the colour (0 at the start, 13 final)."""
    areas = sorted(a for colour, a in s.board.creatures if colour == card.params["colour"])
    return sum(areas), 1, {"areas": areas}


def _in_neighbourhoods(areas: Sequence[int]) -> Counter[int]:
    return Counter(a for a in areas if a in NEIGHBOURHOODS)


def _ghosts_all(card: ArchCard, s: _Scoring) -> Count:
    """AM5: 3 per ghost in the neighbourhoods together."""
    ghosts = _in_neighbourhoods(s.board.ghosts)
    return ghosts.total(), 3, {"by_area": {str(a): n for a, n in sorted(ghosts.items())}}


def _ghosts_one(card: ArchCard, s: _Scoring) -> Count:
    """AM6: 8 once for 2 or more ghosts in a single neighbourhood."""
    areas = sorted(a for a, n in _in_neighbourhoods(s.board.ghosts).items() if n >= 2)
    return len(areas), 8, {"areas": areas}


def _columns30(card: ArchCard, s: _Scoring) -> Count:
    """AM7: 12 once for two adjacent columns whose ranks add up to 30 or more."""
    width = max((len(row) for row in s.kept), default=0)
    sums = [sum(p.rank for p in column_cells(s.kept, c) if p is not None) for c in range(width)]
    found = [[c, c + 1] for c in range(width - 1) if sums[c] + sums[c + 1] >= 30]
    return len(found), 12, {"columns": found, "sums": sums}


def _servants(card: ArchCard, s: _Scoring) -> Count:
    """AM8: 10 once for 3 or more servants in a single neighbourhood."""
    areas = sorted(a for a, n in _in_neighbourhoods(s.board.servants).items() if n >= 3)
    return len(areas), 10, {"areas": areas}


def _champion(card: ArchCard, s: _Scoring) -> Count:
    """AM9/I28: one creature of the colour in the final area scores 5 per die instead of 3.

    The line holds the upgrade (2 per die); the 3 per die are in the final creatures line.
    A second champion card of a colour needs a second creature of it there.
    """
    colour = card.params["colour"]
    taken = s.champions[colour]
    upgraded = taken < _final_counts(s.board)[colour]
    s.champions[colour] += upgraded
    dice = sum(1 for p in _dice(s.kept) if p.colour == colour)
    detail = {"colour": colour, "dice": dice, "upgraded": upgraded, "each_die": CHAMPION_JUICE}
    return (dice if upgraded else 0), CHAMPION_JUICE - CREATURE_JUICE, detail


def _required(params: Mapping[str, Any], die: Placed) -> bool:
    """AM10's "dadi Signore richiesti": the card's colour, rank or parity."""
    if "colour" in params:
        return bool(die.colour == params["colour"])
    if "rank" in params:
        return bool(die.rank == params["rank"])
    return die.rank % 2 == (0 if params["parity"] == "even" else 1)


def _three_in_row(card: ArchCard, s: _Scoring) -> Count:
    """AM10: 10 once for 3 or more of the required dice in a single row."""
    rows = [
        r
        for r, row in enumerate(s.kept)
        if sum(1 for p in row if p is not None and _required(card.params, p)) >= 3
    ]
    return len(rows), 10, {"rows": rows}


_KINDS: Mapping[str, Callable[[ArchCard, _Scoring], Count]] = {
    "pairs": _pairs,
    "scared": _scared,
    "ghosts_all": _ghosts_all,
    "ghosts_one": _ghosts_one,
    "columns30": _columns30,
    "servants": _servants,
    "champion": _champion,
    "three_in_row": _three_in_row,
}


def _arch_lines(board: BoardForScoring, kept: OrderGrid) -> list[Line]:
    """F8: one line per Arch card held, in the order held (AM1, AM2)."""
    state = _Scoring(board, kept, Counter())
    lines = []
    for card_id in board.arch:
        card = arch_cards()[card_id]
        count, each, detail = _KINDS[card.kind](card, state)
        times = min(count, 1) if card.once else count
        detail = {"kind": card.kind, "count": count, "each": each, "once": card.once, **detail}
        lines.append(Line("arch", card_id, each * times, detail))
    return lines


# --- F1: the steps in order ----------------------------------------------------------------------


def score_board(board: BoardForScoring) -> Sheet:
    """F1–F8 in order: remove dice (F2), final creatures (F5), prophecy (F7), Arch cards (F8)."""
    removed = removed_dice(board.order, board.jack)
    kept = kept_order(board.order, removed)
    lines = [
        Line("before", "juice", board.juice, {}),
        *_final_creature_lines(board, kept),
        *_prophecy_lines(board.prophecy, kept, removed),
        *_arch_lines(board, kept),
    ]
    return Sheet(
        removed=removed,
        lines=tuple(lines),
        total=sum(line.juice for line in lines),
        final_creatures=_final_counts(board).total(),
        evil=board.evil,
    )


# --- F9/F10, FM16/FM17: who wins -----------------------------------------------------------------


def _best(keys: Sequence[tuple[int, ...]]) -> list[int]:
    top = max(keys, default=None)
    return [i for i, key in enumerate(keys) if key == top]


def winners(sheets: Sequence[Sheet]) -> list[int]:
    """F9/F10: most Juice, then most creatures in the final area, then most Evil; else shared."""
    return _best([(s.total, s.final_creatures, s.evil) for s in sheets])


def family_winners(sheets: Sequence[Sheet]) -> list[int]:
    """FM16/FM17: most Juice; a tie is shared (the youngest is unknowable, I33)."""
    return _best([(s.total,) for s in sheets])
