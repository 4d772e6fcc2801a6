"""Exact odds of an attack, from the dice faces: what the seat's view shows beside each
number of dice, so a player (and the bot) can weigh an attack before paying for it."""

from __future__ import annotations

from functools import cache

from rules.monsterpocalypse.dice import FACES
from rules.monsterpocalypse.geometry import MAX_PUSH


@cache
def _distribution(dice: int, boost: int, red: int) -> tuple[float, ...]:
    """P(total hits == k) for k = 0.., for the given numbers of white, blue and red dice."""
    dist = [1.0]
    for kind, count in (("action", dice), ("boost", boost), ("power", red)):
        faces = FACES[kind]
        for _ in range(count):
            nxt = [0.0] * (len(dist) + max(faces))
            for total, p in enumerate(dist):
                for face in faces:
                    nxt[total + face] += p / len(faces)
            dist = nxt
    return tuple(dist)


def p_at_least(dice: int, boost: int, need: int, red: int = 0) -> float:
    """P(hits >= need)."""
    dist = _distribution(max(dice, 0), max(boost, 0), max(red, 0))
    return sum(dist[max(need, 0) :])


def p_hit(dice: int, boost: int, defense: int, red: int = 0) -> float:
    """P(an attack with these dice deals damage): hits >= DEF (K3)."""
    return p_at_least(dice, boost, defense, red)


def p_super(dice: int, boost: int, defense: int, red: int = 0, room: int | None = None) -> float:
    """P(a super damage) (I6): a hit with hits >= 2 x DEF, or a slam's hit whose push of
    ``1 + (hits - DEF)`` squares (at most 3) goes past the ``room`` it has before a collision
    (``room`` None: no push, or nothing within reach)."""
    dist = _distribution(max(dice, 0), max(boost, 0), max(red, 0))
    need = max(defense, 0)

    def scores(hits: int) -> bool:
        if hits < need:
            return False
        collides = room is not None and min(MAX_PUSH, 1 + hits - need) > room
        return hits >= 2 * need or collides

    return sum(p for hits, p in enumerate(dist) if scores(hits))
