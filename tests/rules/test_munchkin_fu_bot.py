"""The Munchkin Fu bot (I48) and the window contract (I4, I10): it fights what it beats, asks
for help with half the treasure when close, takes offers that pay, sinks a leader near the
winning level, passes otherwise; and every window names exactly the seats its rule names,
whatever they hold.
"""

from __future__ import annotations

import random

from rules import GAMES
from rules.munchkin_fu import engine as E
from rules.munchkin_fu.model import (
    Accept,
    Choose,
    Decline,
    OfferHelp,
    Pass,
    Play,
    Resolve,
    Run,
    Slay,
)
from tests.rules.test_munchkin_fu import act, fight

BOT = GAMES["munchkin_fu"].bot_action


def test_bot_fights_what_it_beats() -> None:
    assert BOT(fight("d004", players={0: {"level": 4}}), 0) == Resolve()


def test_bot_asks_for_help_with_half_the_treasure_when_close() -> None:
    state = fight("d005", players={0: {"level": 3}, 2: {"level": 6}})
    action = BOT(state, 0)
    assert isinstance(action, OfferHelp) and action.target == 2 and action.treasures == 1


def test_bot_runs_from_what_nobody_can_beat() -> None:
    assert BOT(fight("d034"), 0) == Run()


def test_bot_accepts_offers_that_pay_and_declines_the_rest() -> None:
    paying = act(fight("d005"), 0, OfferHelp(1, (), 1, False))
    assert BOT(paying, 1) == Accept(1)
    free = act(fight("d005"), 0, OfferHelp(1))
    assert BOT(free, 1) == Decline(1)


def test_bot_sinks_a_leader_near_the_winning_level() -> None:
    players = {0: {"level": 9}, 1: {"hand": ("d038",)}, 2: {"hand": ("d038",)}}
    state = act(fight("d004", players={0: players[0], 1: players[1]}), 0, Resolve())
    assert BOT(state, 1) == Play("d038", monster=0)
    calm = act(fight("d004", players={0: {"level": 5}, 1: players[1]}), 0, Resolve())
    assert BOT(calm, 1) == Pass()


def test_bot_takes_the_default_of_a_choice() -> None:
    state = act(fight("d031"), 0, Run())
    assert state.choice is not None and BOT(state, 0) == Choose(state.choice.default)


def test_bot_beats_random_play() -> None:
    """Seat 0 is the bot, the others play at random: the bot wins most games (random
    players' traps and sinking plays can still hold it down)."""
    engine = GAMES["munchkin_fu"]
    wins = 0
    for seed in range(4):
        state, chooser = engine.setup(3, {}, seed), random.Random(seed)
        while engine.pending(state):
            seat = chooser.choice(engine.pending(state))
            legal = engine.legal_actions(state, seat)
            action = engine.bot_action(state, seat) if seat == 0 else chooser.choice(legal)
            state, _ = engine.apply(state, seat, action)
        wins += state.winners == (0,)
    assert wins >= 3


def test_every_window_waits_for_every_seat_its_rule_names_whatever_they_hold() -> None:
    empty = act(fight("d004", 5), 0, Resolve())
    full = act(fight("d004", 5, players={2: {"hand": ("t053", "d038")}}), 0, Resolve())
    assert E.pending(empty) == E.pending(full) == [1, 2, 3, 4]
    assert E.window(empty).defaults == E.window(full).defaults


def test_forced_action_never_answers_a_window() -> None:
    state = act(fight("d004"), 0, Resolve())
    assert all(E.forced_action(state, seat) is None for seat in (1, 2))


def test_I48_the_epic_samurai_bot_slays_what_it_cannot_beat() -> None:
    """E4 in the bot: losing, it spends a hand of three on the monster (issue 26)."""
    me = {"classes": ("d069",), "hand": ("d049", "d050", "d051")}
    state = fight("d030", players={0: me}, epic=True)
    assert BOT(state, 0) == Slay(0)


def test_I48_a_bot_helps_unpaid_when_helping_makes_it_win() -> None:
    """T4 in the bot: a helper whose card gives it the winning level accepts for nothing."""
    state = fight("d030", players={0: {"level": 9}, 1: {"level": 9, "items": ("t078",)}})
    state = act(state, 0, OfferHelp(1))
    assert BOT(state, 1) == Accept(1)
    plain = act(fight("d030", players={0: {"level": 9}, 1: {"level": 9}}), 0, OfferHelp(1))
    assert BOT(plain, 1) == Decline(1)


def test_I48_a_bot_counts_a_helper_level_per_monster_when_helping_makes_it_win() -> None:
    """T4 and I40 in the bot: two monsters give t078's helper two levels, 8 + 2 = the goal."""
    players = {0: {"level": 9}, 1: {"level": 8, "items": ("t078",)}, 2: {"hand": ("d045", "d003")}}
    state = act(fight("d030", players=players), 2, Play("d045", extra="d003"))
    state = act(state, 0, OfferHelp(1))
    assert BOT(state, 1) == Accept(1)
