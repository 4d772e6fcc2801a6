"""Munchkin Fu's ``determinize`` (issue 28): one table that a seat cannot tell from the real
one, with everything hidden from it dealt anew.

Why: the hard bot searches over states it may believe in, never over the real hidden cards.
What a seat sees is its view (:func:`.views.view`): everything in play, the fight, the corpse,
the loot, how many cards each hand holds, the cards everyone saw arrive in a hand (``shown``),
its own hand, and with the epic Monk's clairvoyance its neighbours' hands (E). So the re-deal
keeps all that and changes only:

- the other hands' unseen cards, door card for door card and treasure for treasure (each came
  from a deck whose back everyone saw), from those cards and the two decks;
- the order of both decks;
- an open choice whose options name the chooser's hand (charity, a running escape card, a
  hand loss: hidden from the others): its options are asked again of the new hand;
- the dice to come: the state's :class:`~rules.base.Rng`, reseeded from ``rng``.

The discard piles are kept: every card in them was played or shown as it went there. ``rng``
alone drives the re-deal (never the state's ``Rng``, which holds the real future draws).
"""

from __future__ import annotations

import random
from dataclasses import replace

from rules.base import Rng
from rules.munchkin_fu.content import DECK, DOOR, TREASURE
from rules.munchkin_fu.model import Choice, Player, State
from rules.munchkin_fu.rounds import charity_default, charity_options
from rules.munchkin_fu.run import run_options
from rules.munchkin_fu.table import cheapest_card, epic_ops


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """``state`` as ``seat`` may believe it: the same view, the hidden cards re-dealt."""
    seen = _seen_hands(state, seat)
    unseen = [
        c for s, p in enumerate(state.players) if s not in seen for c in p.hand if c not in p.shown
    ]
    pools = {
        deck: [*pile, *(c for c in unseen if DECK.cards[c].deck == deck)]
        for deck, pile in ((DOOR, state.door), (TREASURE, state.treasure))
    }
    for pool in pools.values():
        rng.shuffle(pool)
    players = tuple(p if s in seen else _re_deal(p, pools) for s, p in enumerate(state.players))
    state = replace(
        state,
        players=players,
        door=tuple(pools[DOOR]),
        treasure=tuple(pools[TREASURE]),
        rng=Rng(rng.getrandbits(63)),
    )
    if state.choice is not None and state.choice.seat not in seen:
        state = replace(state, choice=_asked_again(state, state.choice))
    return state


def _seen_hands(state: State, seat: int) -> set[int]:
    """The seats whose whole hand ``seat`` sees: its own, and its neighbours' with the epic
    Monk's clairvoyance (E)."""
    if "clairvoyance" not in epic_ops(state, seat):
        return {seat}
    n = state.num_players
    return {seat, (seat - 1) % n, (seat + 1) % n}


def _re_deal(player: Player, pools: dict[str, list[str]]) -> Player:
    """Each unseen card of the hand swapped for one from the pool of its deck; a card given
    out of turn (``fresh``, I38) stays fresh in its new guise."""
    new = {c: c if c in player.shown else pools[DECK.cards[c].deck].pop() for c in player.hand}
    return replace(
        player,
        hand=tuple(new[c] for c in player.hand),
        fresh=tuple(new.get(c, c) for c in player.fresh),
    )


def _asked_again(state: State, choice: Choice) -> Choice:
    """A choice hidden from the others lists the chooser's hand cards: list them from the
    re-dealt hand, with the default the rules give (the same functions that opened it).
    The other kinds (a corpse pick, the running order, an item lost...) name no hand card."""
    if choice.kind == "charity":
        options = charity_options(state)
        return replace(choice, options=options, default=charity_default(state, options))
    if choice.kind == "run":
        return replace(choice, options=run_options(state, choice.seat))
    if choice.kind == "lose" and choice.job is not None and choice.job.op == "lose_cards":
        options = tuple(dict.fromkeys(state.players[choice.seat].hand))
        return replace(choice, options=options, default=cheapest_card(options))
    return choice
