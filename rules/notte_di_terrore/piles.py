"""Notte di Terrore's small state changes shared by setup and every step of play: a seat's
player replaced, cards discarded, drawn (reshuffling a spent deck), added to a Terror pile or
taken from it. Kept apart from :mod:`.engine` so the steps read as rules, not bookkeeping."""

from __future__ import annotations

from dataclasses import replace

from rules.notte_di_terrore import cards
from rules.notte_di_terrore.model import (
    DECK_NAMES,
    Monster,
    PileCard,
    Player,
    State,
    being,
    deck_of,
    event,
    remove_terror,
)


def set_player(state: State, seat: int, player: Player) -> State:
    players = list(state.players)
    players[seat] = player
    return replace(state, players=tuple(players))


def to_discard(state: State, card_ids: tuple[str, ...] | list[str]) -> State:
    discards = [list(d) for d in state.discards]
    for card_id in card_ids:
        discards[DECK_NAMES.index(deck_of(card_id))].append(card_id)
    return replace(state, discards=tuple(tuple(d) for d in discards))


def draw(state: State, deck: str, count: int) -> tuple[State, tuple[str, ...]]:
    """Draw up to ``count`` from ``deck``, shuffling its discard pile in when it runs out."""
    index = DECK_NAMES.index(deck)
    decks, discards, rng = list(state.decks), list(state.discards), state.rng
    drawn: list[str] = []
    while len(drawn) < count:
        if not decks[index]:
            if not discards[index]:
                break
            decks[index], rng = rng.shuffled(discards[index])
            discards[index] = ()
        take = decks[index][: count - len(drawn)]
        drawn.extend(take)
        decks[index] = decks[index][len(take) :]
    new = replace(state, decks=tuple(decks), discards=tuple(discards), rng=rng)
    return new, tuple(drawn)


def draw_hand_cards(state: State, events: int, beings: int) -> tuple[State, tuple[str, ...]]:
    """I10: the chosen split; a short deck is made up from the other deck."""
    state, got_events = draw(state, "events", events)
    state, got_beings = draw(state, "beings", beings)
    missing = events + beings - len(got_events) - len(got_beings)
    extra: tuple[str, ...] = ()
    if missing and len(got_events) < events:
        state, extra = draw(state, "beings", missing)
    elif missing:
        state, extra = draw(state, "events", missing)
    return state, (*got_events, *got_beings, *extra)


def add_to_pile(state: State, seat: int, entries: list[PileCard]) -> State:
    player = state.players[seat]
    return set_player(state, seat, replace(player, pile=(*player.pile, *entries)))


def reduce_terror(state: State, seat: int, points: int) -> tuple[State, int]:
    player = state.players[seat]
    pile, gone = remove_terror(player.pile, points)
    state = set_player(state, seat, replace(player, pile=pile))
    state = to_discard(state, [c.card for c in gone])
    return state, sum(c.score for c in gone)


def event_entries(monster: Monster) -> list[PileCard]:
    b = being(monster.card)
    return [
        PileCard(e, cards.event_value(event(e), b), cards.is_irrelevant(event(e), b))
        for e in monster.events
    ]
