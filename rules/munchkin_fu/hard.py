"""Munchkin Fu's ``search_moves`` (issue 28): the few moves of a decision that the ``hard``
bot's flat search (:mod:`rules.search`) compares, or none for a routine one.

Why: a seat has up to ~250 legal moves (an offer of help or a trade for every set of items,
every card on every monster), and most decisions are routine (a trade offer, the set-up, an
open choice's pick), so searching every move of every decision cost more than 17 s of CPU a
game. What decides a game is who kills at the winning level: whether to fight, run or ask
whom for help; whether to help (a helper hands the fighter the kill, the leader too); whether
to throw a card into a rival's fight; whether to go up a level now or curse a rival. Those are
the moves named here: the normal bot's first, then one of each play (one per card and side,
not one per monster), each step move and one help offer per player asked.
"""

from __future__ import annotations

from rules.munchkin_fu import fight as fights
from rules.munchkin_fu import strength
from rules.munchkin_fu.engine import step_actions
from rules.munchkin_fu.model import (
    Accept,
    Action,
    Decline,
    OfferHelp,
    Pass,
    PassFight,
    Play,
    Resolve,
    State,
    Strike,
)
from rules.munchkin_fu.plays import free_plays


def search_moves(state: State, seat: int, legal: list[Action], preferred: Action) -> list[Action]:
    """The moves worth comparing for ``seat`` (``preferred``, the normal bot's, first); a
    single move (the normal bot's) where the decision is routine. The budget's ``width``
    keeps the first few."""
    if state.choice is not None or state.phase == "setup":
        return [preferred]
    steps = step_actions(state, seat)
    found: list[Action] = [preferred, *_answers(state, seat)]
    if Pass() in steps:  # the interference window: pass, or throw a card in
        found += [Pass(), *_fight_plays(state, seat)]
    elif Resolve() in steps:  # the fighter: fight, run, ask for help, play for the heroes
        found += [a for a in steps if not isinstance(a, OfferHelp)]
        found += _help_offers(state, steps)
        found += _fight_plays(state, seat)
    elif steps:  # the own turn's steps: kick, trouble, loot, end; a level or a curse now
        found += steps
        found += [a for a in free_plays(state, seat) if _worth_playing(state, seat, a)]
    return [a for a in dict.fromkeys(found) if a in legal and a != PassFight()]


def _answers(state: State, seat: int) -> list[Action]:
    """Accept or decline each offer ``seat`` owes an answer to (no counters)."""
    found: list[Action] = []
    for offer in state.offers:
        if offer.answerer == seat:
            found += [Accept(offer.id), Decline(offer.id)]
    return found


def _fight_plays(state: State, seat: int) -> list[Action]:
    """One play per card and side (an enhancer on the first monster it may go on), one
    strike: the same card on another monster is rarely another choice."""
    seen: set[tuple[str, str]] = set()
    found: list[Action] = []
    for action in fights.fight_plays(state, seat):
        if isinstance(action, Strike):
            key = ("strike", "")
        elif isinstance(action, Play):
            key = (action.card, action.side)
        else:
            continue
        if key not in seen:
            seen.add(key)
            found.append(action)
    return found


def _help_offers(state: State, steps: list[Action]) -> list[Action]:
    """One offer per player the fighter may ask: half the treasure rounded up, no item (the
    normal bot's terms), the fighter picking first."""
    wanted = (strength.treasures_won(state) + 1) // 2
    return [
        a
        for a in steps
        if isinstance(a, OfferHelp) and not a.items and a.treasures == wanted and not a.helper_first
    ]


def _worth_playing(state: State, seat: int, action: Action) -> bool:
    """A free play that may change the race: a level for oneself, a trap on another seat."""
    return isinstance(action, Play) and action.target != seat
