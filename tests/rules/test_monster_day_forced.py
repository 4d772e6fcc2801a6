"""Monster Day's forced moves (``forced_action``): hands are hidden, so a play is made for a
player only when their hand is public (the deck is empty and the other player holds nothing:
every other card has been played face up) and it allows one play only.

Why the reshuffles: whatever is hidden from the opponent (the seat's hand, the deck) may be
exchanged, keeping sizes, without changing the answer.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules import GAMES
from rules.monster_day import bot
from rules.monster_day import engine as md
from rules.monster_day.engine import Play, State
from tests.rules.test_monster_day import make_state

ENGINE = GAMES["monster_day"]


def test_a_last_crown_with_nothing_else_unplayed_is_played_for_its_owner() -> None:
    # "Il gioco si alterna fino alla fine dell'ultimo turno": the last card must be played,
    # and a Crown has one suit, so one Ace takes it.
    state = make_state(hands=(("huntress",), ()))
    move = ENGINE.forced_action(state, 0)
    assert move == md.forced_action(state, 0) and md.legal_actions(state, 0) == [move]
    assert move == Play("huntress", md.legal_spaces(state, "huntress")[0])
    assert ENGINE.forced_action(state, 1) is None  # not their turn


def test_a_hidden_hand_is_never_played_for_its_owner() -> None:
    # One legal play, but the opponent cannot know it: the deck still holds cards.
    assert md.forced_action(make_state(hands=(("huntress",), ()), deck=("bard",)), 0) is None
    # ... or the other player still holds a card: a spectator cannot tell who holds which.
    assert md.forced_action(make_state(hands=(("huntress",), ("bard",))), 0) is None
    numeral = next(c for c in md.starting_deck() if len(md.decktet.card(c).suits) == 2)
    assert md.forced_action(make_state(hands=((numeral,), ())), 0) is None  # two suits


def _swap_hidden(state: State, seat: int, rng: random.Random) -> State:
    """The same table with the seat's hand and the deck dealt again from their union."""
    pool = [*state.hands[seat], *state.deck]
    rng.shuffle(pool)
    size = len(state.hands[seat])
    hands = tuple(tuple(pool[:size]) if i == seat else h for i, h in enumerate(state.hands))
    return replace(state, hands=hands, deck=tuple(pool[size:]))


@pytest.mark.parametrize("extended", [False, True])
def test_a_forced_play_is_the_only_play_and_follows_from_public_facts(extended: bool) -> None:
    rng = random.Random(int(extended))
    for seed in range(40):
        state = md.setup(2, {"extended_deck": extended}, seed)
        while state.current is not None:
            seat = state.current
            move = md.forced_action(state, seat)
            if move is not None:
                assert md.legal_actions(state, seat) == [move]
            for _ in range(3):
                assert md.forced_action(_swap_hidden(state, seat, rng), seat) == move
            state, _ = md.apply(state, seat, bot.bot_action(state, seat))


def test_i14_every_turn_plays_a_card_so_no_turn_is_skipped() -> None:
    """ "Durante il tuo turno, esegui ciascuna delle seguenti azioni: (a) esercita influenza..."
    — a turn always plays a card, so a vote on a player whose time ran out never offers to
    skip it (waiting, or a bot, instead)."""
    engine = GAMES["monster_day"]
    state = engine.setup(2, {}, 3)
    assert all(engine.skip_action(state, seat) is None for seat in range(2))
