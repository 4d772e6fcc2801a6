"""Monsters on Board's ``search_value``, the leaf judgement of the ``hard`` bot (issue 28):
what it sees beyond the boards scored now, and its race against Spider Jack in solo 2."""

from __future__ import annotations

from dataclasses import replace

from rules import GAMES
from rules.monsters_on_board.arch import arch_cards
from rules.monsters_on_board.model import BuyArch, Flip, Pass, State
from rules.monsters_on_board.sheets import sheets_of
from rules.monsters_on_board.solo2 import jack_of
from rules.monsters_on_board.value import board_value, search_value

ENGINE = GAMES["monsters_on_board"]


def _solo2(difficulty: str = "", moves: int = 60) -> State:
    """A solo 2 game some moves in, played by the normal bot."""
    state: State = ENGINE.setup(1, {"mode": "solo2", "difficulty": difficulty}, 5)
    for _ in range(moves):
        state, _ = ENGINE.apply(state, 0, ENGINE.bot_action(state, 0))
    return state


def _jack_juice(state: State, juice: int) -> State:
    return replace(state, jack=replace(jack_of(state), juice=juice))


def test_solo_2_value_races_spider_jack() -> None:
    """Alone at the table the seat is no race with itself: its rival is Spider Jack's Juice,
    so a seat far behind him is not judged a sure win (a value of 1 everywhere would make
    every move tie, and hard play the normal bot's move in solo 2)."""
    state = _solo2()
    assert search_value(_jack_juice(state, 0), 0) > 0.9
    assert search_value(_jack_juice(state, 500), 0) < 0.1


def test_solo_2_value_counts_the_prophecy_spider_jack_would_gain() -> None:
    """T19: with the ``prophecy`` part, what the seat's card could still give and has not
    is Spider Jack's at the end, so the same board is worth less against him."""
    plain, missed = _solo2(""), _solo2("prophecy")
    assert plain.seats == missed.seats
    assert jack_of(plain).juice == jack_of(missed).juice
    assert search_value(missed, 0) < search_value(plain, 0)


def _normal(phase: str) -> State:
    """A two-seat normal game played by the normal bot until ``phase`` (round 2 or later)."""
    state: State = ENGINE.setup(2, {}, 5)
    while not (state.phase == phase and state.round >= 2):
        seat = ENGINE.pending(state)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat))
    return state


def _with(state: State, seat: int, **changes: object) -> State:
    seats = list(state.seats)
    seats[seat] = replace(seats[seat], **changes)  # type: ignore[arg-type]
    return replace(state, seats=tuple(seats))


def test_buying_a_card_beats_keeping_the_evil() -> None:
    """Evil is only a tie-break at the end (F10), and Evil kept passes into the next round's
    draft: valued at what it might buy later (2.2 Juice each, fitted), it made a pass look
    better than a card, and hard passed with Evil in hand (solo 2 at +0: 1 game won of 9,
    where normal wins about half). A card bought is worth its score, back and growth."""
    state = _solo2(moves=0)
    while True:
        legal = ENGINE.legal_actions(state, 0)
        buys = [a.slot for a in legal if isinstance(a, BuyArch)]
        passed, _ = ENGINE.apply(state, 0, Pass()) if Pass() in legal else (state, [])
        if buys and passed.phase == "draft" and passed.seats[0].evil >= 1:
            break  # a pass here ends the round with Evil kept
        state, _ = ENGINE.apply(state, 0, ENGINE.bot_action(state, 0))
    bought, _ = ENGINE.apply(state, 0, BuyArch(max(buys)))
    assert search_value(bought, 0) > search_value(passed, 0)


def test_a_card_is_worth_at_least_the_juice_on_its_back() -> None:
    """X1: a card can be flipped for its back's Juice at any time, the final scoring's window
    included (X2), so a card held is worth at least that: flipping it early gains nothing,
    and buying it is not judged by what it scores on the board of now only. (The board of
    now judges solo and family games; the normal mode's fitted leaf weighs a card as the
    normal bot's games ended, and hard tries no Flip there unless the normal bot flips.)"""
    state = _normal("spectral")
    seat = ENGINE.pending(state)[0]
    bare = _with(state, seat, arch=())
    scores_nothing = [
        card_id
        for card_id, card in arch_cards().items()
        if "juice:4" in card.back and _line(_with(bare, seat, arch=(card_id,)), seat) == 0
    ]
    held = _with(bare, seat, arch=(scores_nothing[0],))
    flipped = _with(bare, seat, juice=bare.seats[seat].juice + 4)
    assert board_value(held, seat) >= board_value(flipped, seat) > board_value(bare, seat)


def _line(state: State, seat: int) -> int:
    """What the seat's Arch cards score on its board now."""
    sheet = sheets_of(state)[seat]
    return sum(line.juice for line in sheet.lines if line.source == "arch")


def test_hard_flips_no_card_to_put_off_the_draft_end() -> None:
    """A Flip can be played at any time (X1), so hard, judging a leaf right after the move,
    once preferred flipping a card to the last pick of a solo 2 draft: the pick ends the
    draft and Spider Jack scores (T9), the flip leaves him a step short (13 flips in one
    game). Its search tries no Flip (``Budget.skip``) unless the normal bot flips too."""
    state: State = ENGINE.setup(1, dict(ENGINE.variants["solo2_0"].options), 0)
    while state.round < 3:
        action = ENGINE.bot_action(state, 0, "hard")
        assert not isinstance(action, Flip) or action == ENGINE.bot_action(state, 0)
        state, _ = ENGINE.apply(state, 0, action)
