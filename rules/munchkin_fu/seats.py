"""Who the table waits for: the step's seats, whoever owes an answer, and the window.

Why below the engine: the forced moves (:mod:`.forced`) and the views (:mod:`.views`) read who
is pending too, and the engine on top asks both; what all three read lives here.
"""

from __future__ import annotations

from rules.base import Window
from rules.munchkin_fu import fight
from rules.munchkin_fu.model import Action, Choose, Decline, Pass, State


def flow_seats(state: State) -> list[int]:
    """The seats the current step waits for (no offers)."""
    if state.phase == "over":
        return []
    if state.choice is not None:
        return [state.choice.seat]
    if state.phase == "setup":
        return [s for s, p in enumerate(state.players) if not p.ready]
    f = state.fight
    if f is not None:
        if f.stage == "fight":
            asking = any(o.kind == "help" for o in state.offers)
            return [] if asking else [f.fighter]
        return fight.waiting(state)
    return [state.turn]


def pending(state: State) -> list[int]:
    """The step's seats, plus whoever owes an answer to an open offer (no choice open)."""
    seats = set(flow_seats(state))
    if state.choice is None and state.phase != "over":
        seats |= {o.answerer for o in state.offers}
    return sorted(seats)


def window(state: State) -> Window | None:
    """A window whenever pending seats answer a choice (its default), an interference window
    (a pass) or an offer (a decline); the active player's own steps run the time control."""
    defaults: dict[int, Action] = {}
    if state.phase == "over":
        return None
    if state.choice is not None:
        defaults[state.choice.seat] = Choose(state.choice.default)
    else:
        for seat in fight.waiting(state):
            defaults[seat] = Pass()
        for offer in state.offers:
            defaults.setdefault(offer.answerer, Decline(offer.id))
    if not defaults:
        return None
    return Window(opened=state.opened, defaults=defaults)
