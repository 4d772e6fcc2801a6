"""The three dice of Monsterpocalypse and how many hits a roll shows (D1).

Why fixed faces: "La faccia vuota rappresenta un fallimento, mentre quelle con uno o più simboli
eslosione il quantitativo di successi" — the physical dice are not in the rulebook, so the
interfaces page fixes each die's six faces; a rolled value 1..6 is read through them.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.base import Rng

FACES: dict[str, tuple[int, ...]] = {
    "action": (0, 0, 0, 1, 1, 2),
    "boost": (0, 0, 1, 1, 1, 2),
    "power": (0, 1, 1, 1, 2, 2),
}


def hits(values: Iterable[int], kind: str) -> int:
    """The hits shown by rolled values 1..6 of dice of one kind."""
    faces = FACES[kind]
    return sum(faces[v - 1] for v in values)


def roll(
    rng: Rng, action: int, boost: int = 0, power: int = 0
) -> tuple[dict[str, list[int]], int, Rng]:
    """Roll ``action`` white, ``boost`` blue and ``power`` red dice: the faces (as hits per
    die, public), the total hits and the next rng."""
    faces: dict[str, list[int]] = {}
    total = 0
    for kind, count in (("action", action), ("boost", boost), ("power", power)):
        values, rng = rng.dice(count)
        faces[kind] = [FACES[kind][v - 1] for v in values]
        total += sum(faces[kind])
    return faces, total, rng
