"""Notte di Terrore's ``determinize`` (issue 28): one table that a seat cannot tell from the
real one, with everything hidden from it dealt anew.

Why: the hard bot searches over states it may believe in, never over the real hidden cards.
What a seat sees is its view (:func:`.views.view`): its own hand, every card in play, every
pile, how many Events and Beings each other hand holds (drawn from two decks in sight of all,
S4/D4, I21) and the size of every deck and discard pile. So the re-deal keeps all that and
changes only:

- the other hands, Event for Event and Being for Being, from those hands and the two decks;
- every face-down Place (the seat's own too: "coperti", I14), from them and the Place deck;
- the order of the four draw piles (the Weapon deck holds only unseen cards, so its order);
- another seat's split while the splits are chosen (secret until all have chosen, S4);
- the dice to come: the state's :class:`~rules.base.Rng`, reseeded from ``rng``.

The discard piles are kept: every card in them was shown as it went there. ``rng`` alone
drives the re-deal (never the state's ``Rng``, which holds the real future draws), and each
pool is sorted before it is shuffled, so two tables the seat cannot tell apart give the same
deal for the same ``rng`` (the hard look-ahead's playouts, and so its move, depend on the
view alone).
"""

from __future__ import annotations

import random
from dataclasses import replace

from rules.base import Rng
from rules.notte_di_terrore.model import DECK_NAMES, Player, State, hand_size, is_event

BEINGS, WEAPONS, EVENTS, PLACES = (
    DECK_NAMES.index(name) for name in ("beings", "weapons", "events", "places")
)
"""Where each draw pile lies in :attr:`State.decks` (the order of :data:`DECK_NAMES`)."""


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """``state`` as ``seat`` may believe it: the same view, the hidden cards re-dealt."""
    others = [s for s in range(state.num_players) if s != seat]
    unseen = [c for s in others for c in state.players[s].hand]
    pools = {  # keyed by is_event: hands keep how many Events and Beings they hold (I21)
        True: sorted([*state.decks[EVENTS], *(c for c in unseen if is_event(c))]),
        False: sorted([*state.decks[BEINGS], *(c for c in unseen if not is_event(c))]),
    }
    places = sorted([*state.decks[PLACES], *(c for p in state.players for c in p.face_down)])
    weapons = sorted(state.decks[WEAPONS])
    for pool in (pools[True], pools[False], places, weapons):
        rng.shuffle(pool)
    players = list(state.players)
    for s, player in enumerate(players):
        hand = player.hand if s == seat else tuple(pools[is_event(c)].pop() for c in player.hand)
        face_down = tuple(places.pop() for _ in player.face_down)
        players[s] = replace(player, hand=hand, face_down=face_down)
    if state.phase == "split":
        players = [_split(p, s == seat, state.num_players, rng) for s, p in enumerate(players)]
    decks: list[tuple[str, ...]] = [()] * len(DECK_NAMES)
    decks[BEINGS], decks[EVENTS] = tuple(pools[False]), tuple(pools[True])
    decks[WEAPONS], decks[PLACES] = tuple(weapons), tuple(places)
    return replace(state, players=tuple(players), decks=tuple(decks), rng=Rng(rng.getrandbits(63)))


def _split(player: Player, mine: bool, num_players: int, rng: random.Random) -> Player:
    """S4: a split another seat has chosen is secret until all have: any of 0..hand size."""
    if mine or player.split is None:
        return player
    return replace(player, split=rng.randint(0, hand_size(num_players)))
