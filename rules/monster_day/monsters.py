"""Monster Day's monsters: the dice, the villages' totals, a monster's step and the score.

"Take your chances" ("giocati le tue possibilità"): after every play both dice are rolled and the
monsters named by faces 1-4 move one space toward the village with the higher total of top
cards for that monster. Pure functions of the piles, the positions and the seeded
:class:`~rules.base.Rng`; the bots' models of the walk (:mod:`.bot`, :mod:`.value`) read the
same rules here.
"""

from __future__ import annotations

from functools import cache

from rules import decktet
from rules.base import Event, Rng
from rules.monster_day.model import (
    MONSTER_POINTS,
    MONSTERS,
    NUM_SPACES,
    fixed_value,
    is_rolled,
    owner,
)


def monsters_for_dice(dice: tuple[int, ...]) -> list[int]:
    """Monster indexes moved by ``dice``, in die order; doubles move a monster once; 5-6 none."""
    faces = [d for d in dice if 1 <= d <= len(MONSTERS)]
    return [face - 1 for face in dict.fromkeys(faces)]


def value_matters(monster: str, card: decktet.Card) -> bool:
    """Does this monster's total need a rolled Pawn/Court value? Always, except that the
    Glatisant ignores non-personality cards whatever their value."""
    return is_rolled(card) and (monster != "glatisant" or card.is_personality)


def counts(monster: str, card: decktet.Card, value: int) -> bool:
    """Does a card worth ``value`` add to ``monster``'s total? Odd/even numerals (and rolled
    Pawn/Court values of that parity) for Catoblepas/Dire Bear, never Crowns or the Excuse;
    personality cards for the Glatisant; every card for Pegasus."""
    if monster in ("catoblepas", "dire_bear"):
        parity = 1 if monster == "catoblepas" else 0
        return (card.is_numeral or is_rolled(card)) and value % 2 == parity
    if monster == "glatisant":
        return card.is_personality
    return True


def _roll_card(card: decktet.Card, space: int, monster: str, rng: Rng) -> tuple[int, Rng, Event]:
    """The controller of ``space`` rolls 2d6 for a Pawn/Court; the sum is its value this time."""
    dice, rng = rng.dice(2)
    value = sum(dice)
    event = {
        "type": "card_value_rolled",
        "card": card.id,
        "space": space,
        "roller": owner(space),
        "dice": list(dice),
        "value": value,
        "monster": monster,
    }
    return value, rng, event


def village_totals(
    piles: tuple[tuple[str, ...], ...], monster: str, rng: Rng
) -> tuple[list[int], Rng, list[Event]]:
    """Each village's total for ``monster`` from the top cards only, rolling Pawns/Courts."""
    totals, events = [0, 0], []
    for space, pile in enumerate(piles):
        if not pile:
            continue
        worth = _fixed_worth(monster, pile[-1])
        if worth is None:
            card = decktet.card(pile[-1])
            value, rng, event = _roll_card(card, space, monster, rng)
            events.append(event)
            worth = value if counts(monster, card, value) else 0
        totals[owner(space)] += worth
    return totals, rng, events


@cache
def _fixed_worth(monster: str, card_id: str) -> int | None:
    """What a top adds to ``monster``'s total when no roll is needed (``None``: roll it).
    Cached: every roll of the dice totals the tops again."""
    card = decktet.card(card_id)
    if value_matters(monster, card):
        return None
    value = fixed_value(card)
    return value if value is not None and counts(monster, card, value) else 0


def step(position: int | None, toward: int) -> tuple[int | None, str]:
    """One space toward seat ``toward``: off the start to space 2 or 3, then along the line
    (2 <-> 3 skips the start); a monster on the space nearest that seat stays (``at_edge``)."""
    if position is None:
        return (NUM_SPACES // 2 - 1 if toward == 0 else NUM_SPACES // 2), "moved"
    edge = 0 if toward == 0 else NUM_SPACES - 1
    if position == edge:
        return position, "at_edge"
    return position + (-1 if toward == 0 else 1), "moved"


def leader(totals: list[int]) -> int | None:
    """The seat with the higher total, ``None`` on a tie."""
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def move_monster(
    piles: tuple[tuple[str, ...], ...], position: int | None, monster: str, rng: Rng
) -> tuple[int | None, Rng, list[Event]]:
    """Total both villages for ``monster`` and move it one space toward the leader, if any."""
    totals, rng, events = village_totals(piles, monster, rng)
    toward = leader(totals)
    new, result = (position, "tie") if toward is None else step(position, toward)
    events.append(
        {
            "type": "monster",
            "monster": monster,
            "totals": totals,
            "toward": toward,
            "from": position,
            "to": new,
            "result": result,
        }
    )
    return new, rng, events


def roll_for_monsters(
    piles: tuple[tuple[str, ...], ...], monsters: tuple[int | None, ...], rng: Rng
) -> tuple[tuple[int, int], tuple[int | None, ...], Rng, list[Event]]:
    """Take your chances ("giocati le tue possibilità"): roll both dice, move the monsters."""
    dice, rng = rng.dice(2)
    positions, events = list(monsters), []
    for index in monsters_for_dice(dice):
        positions[index], rng, moved = move_monster(piles, positions[index], MONSTERS[index], rng)
        events.extend(moved)
    return (dice[0], dice[1]), tuple(positions), rng, events


def score(monsters: tuple[int | None, ...]) -> list[int]:
    """Points per seat: each monster in your village, wherever in it; Pegasus 2, others 1. A
    monster still at the start belongs to no village."""
    points = [0, 0]
    for monster, position in zip(MONSTERS, monsters, strict=True):
        if position is not None:
            points[owner(position)] += MONSTER_POINTS[monster]
    return points


def winners(scores: list[int]) -> list[int]:
    """Most points wins; equal points share the win (the rulebook has no tie-break)."""
    best = max(scores)
    return [seat for seat, points in enumerate(scores) if points == best]
