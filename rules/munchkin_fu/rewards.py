"""What a kill gives beyond the fighter's levels and the treasure: the helper's levels where a
card says so (I40) and the monster card's own instruction when it is killed (H8).

Why apart from :mod:`.fight`: both read the cards of a fight already won and only queue or
apply their effects; the fight's flow stays where it is.
"""

from __future__ import annotations

from rules.base import Event
from rules.munchkin_fu import character as ch
from rules.munchkin_fu.model import Fight, Job, State
from rules.munchkin_fu.table import card, change_level, gear


def killed_cards(fight: Fight) -> list[str]:
    """Every monster card the kill counts: those left in the fight (a Double as the monster
    it copies, even once that one was removed, C7) and those slain before (E4)."""
    cards = [(fight.monsters[m.of] if m.of >= 0 else m).base() for m in fight.monsters]
    return cards + list(fight.killed)


def helper_levels(state: State, fight: Fight) -> tuple[State, list[Event]]:
    """I40: "Il tuo alleato non avanza di livello" unless a card says so: the helper's
    ``helper_levels`` effects, one gain per monster killed ("When you help kill a monster,
    you go up 1 level too", as H9's "per ogni mostro ucciso"; C9 counts a kill per monster, a
    Double and a slain one included: :func:`killed_cards`); a kill, so it may reach the
    winning level (T4: two who reach it together both win)."""
    if fight.helper < 0:
        return state, []
    amount = sum(e.amount for e in ch.effects_in_play(gear(state, fight.helper), "helper_levels"))
    if not amount:
        return state, []
    return change_level(state, fight.helper, amount * len(killed_cards(fight)), kill=True)


def on_kill_jobs(fight: Fight) -> tuple[Job, ...]:
    """H8: "segui ogni altra istruzione speciale eventualmente presente sulla carta del
    mostro": each killed monster's ``on_kill`` effects, for the fighter, after the treasure."""
    return tuple(
        Job(fight.fighter, e.op, e.amount, e.target, cid)
        for cid in killed_cards(fight)
        for e in card(cid).on_kill
    )
