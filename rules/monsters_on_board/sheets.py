"""The seats read as final scoring reads them (F1-F8): each seat's board as
:class:`~.scoring.BoardForScoring` and its scoring sheet.

Why apart from :mod:`.spectral`, where final scoring happens: the modes (:mod:`.modes`) name
the winners from the sheets, the views show them and solo 2 reads them too, and the spectral
phase asks the modes; so what all of them read lives here, below them all.
"""

from __future__ import annotations

from rules.monsters_on_board import content as mob
from rules.monsters_on_board import scoring
from rules.monsters_on_board.model import Seat, State, die_colour


def full_order(seat: Seat) -> tuple[tuple[tuple[str, int], ...], ...]:
    """The Order as it was before F2 (the removed dice put back at the right of their rows),
    so the scoring sheet can list what was removed."""
    return tuple(
        (*row, *(d for r2, d in seat.removed if r2 == r)) for r, row in enumerate(seat.order)
    )


def board_for_scoring(seat: Seat) -> scoring.BoardForScoring:
    """The seat as the scoring module reads it (F1-F8): flipped cards excluded (X3)."""
    spaces = mob.content().normal.spaces
    order = tuple(
        tuple(
            scoring.Placed(die_colour(row[c][0]), row[c][1]) if c < len(row) else None
            for c in range(6)
        )
        for row in full_order(seat)
    )

    def area(place: str) -> int:
        if place == "final":
            return mob.FINAL_AREA
        return spaces[place].area if place in spaces else 0

    return scoring.BoardForScoring(
        order=order,
        jack=tuple(seat.jack),
        creatures=tuple((colour, area(loc)) for colour, loc in seat.creatures),
        ghosts=tuple(spaces[p].area for p, _ in seat.ghosts if p in spaces),
        servants=tuple(area(p) for p in seat.servants),
        prophecy=seat.prophecy,
        arch=seat.arch,
        juice=seat.juice,
        evil=seat.evil,
    )


def sheets_of(state: State) -> list[scoring.Sheet]:
    """Every seat's scoring sheet, in seat order."""
    return [scoring.score_board(board_for_scoring(seat)) for seat in state.seats]
